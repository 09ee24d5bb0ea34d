"""A replay answer's deal followed as a client follows it (docs/protocol.md, "Games and
replays"): the table after each step, from the dealt hands and each step's news alone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Seen:
    """The table as a client knows it after a step."""

    hands: list[list[str]]
    phase: str | None = None
    trick: list[tuple[int, str]] = field(default_factory=list)
    trick_winner: int | None = None
    tricks_won: list[int] = field(default_factory=list)
    contract: dict[str, Any] | None = None
    upcard: str = "up"
    sitting_out: list[int] = field(default_factory=list)


def follow(deal: dict[str, Any], acts: dict[str, Any]) -> Iterator[tuple[int, str, Seen]]:
    """(seat, action, the table after it) for each step of ``deal``; ``acts``: the answer's
    action objects by their text (the client reads them, never the text)."""
    seen = Seen(hands=[list(h) for h in deal["hands"]], tricks_won=[0] * len(deal["hands"]))
    for step in deal["steps"]:
        seat, action = step[0], step[1]
        news: dict[str, Any] = step[2] if len(step) > 2 else {}
        act = acts[action]
        card = act.get("card")
        if seen.trick_winner is not None and act["kind"] == "play":
            seen.trick, seen.trick_winner = [], None  # a new trick begins
        if card is not None:
            seen.hands[seat] = [c for c in seen.hands[seat] if c != card]
        if act["kind"] == "play":
            seen.trick.append((seat, card))
        seen.phase = news.get("phase", seen.phase)
        if "trick_winner" in news:
            seen.trick_winner = news["trick_winner"]
            seen.tricks_won[news["trick_winner"]] += 1
        seen.contract = news.get("contract", seen.contract)
        seen.hands = [list(h) for h in news.get("hands", seen.hands)]
        seen.upcard = news.get("upcard", seen.upcard)
        seen.sitting_out = news.get("sitting_out", seen.sitting_out)
        yield seat, action, seen
