"""What a bot is, and the registry that makes one by level name.

A bot sees only its seat's :class:`~euchre.engine.views.View` (never the game state)
and answers with one of ``view.legal_texts()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from euchre.engine.views import View


class Bot(Protocol):
    """Anything that picks an action for the seat whose view it is given."""

    def decide(self, view: View, rng: random.Random) -> str:
        """One of ``view.legal_texts()``; ``rng`` is the bot's only source of chance."""
        ...


BotFactory = Callable[[], Bot]


class UnknownLevelError(ValueError):
    """A level name no bot is registered under."""


_REGISTRY: dict[str, BotFactory] = {}


def register(level: str, factory: BotFactory) -> None:
    """Make ``make_bot(level)`` build a bot with ``factory`` (a later call replaces it)."""
    _REGISTRY[level.strip().lower()] = factory


def levels() -> list[str]:
    """The registered level names, in registration order."""
    return list(_REGISTRY)


def make_bot(level: str) -> Bot:
    """A new bot of the named level; raises :class:`UnknownLevelError` naming the levels."""
    factory = _REGISTRY.get(level.strip().lower())
    if factory is None:
        raise UnknownLevelError(f"unknown bot level {level!r}: choose one of {', '.join(levels())}")
    return factory()
