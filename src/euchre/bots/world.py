"""A world: one full deal as a bot imagines it (the resampler draws them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class World:
    """One full deal consistent with a view: current hands by seat and the cards out of play."""

    hands: tuple[int, ...]
    out: int
