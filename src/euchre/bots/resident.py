"""Bots that live in a worker process: the server's seats think here, never in its loop.

A worker process keeps one bot object per (table, seat, level) in :data:`_BOTS`, so a bot
that learns across deals (``hard`` sizes up the other seats' bids and plays) keeps what it
learnt for the whole game. The server routes every decision of a table to the same worker
(see :mod:`euchre.server.botplay`) and calls :func:`forget` when the table ends.

Every function here is called through a process pool: arguments and results are plain
picklable values (a :class:`~euchre.engine.views.View`, strings, numbers).
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.engine import GameState, Variant
from euchre.engine.views import View

from . import coach, review
from .base import Bot, make_bot
from .medium import MediumBot

# Less than this left of the budget when the decision reaches the worker: the bot would
# be cut short anyway, so the seat plays medium's choice at once.
MIN_THINK_SECONDS = 0.02
# The share of the time left that a bot with a time budget is given (the rest covers the
# answer's way back).
THINK_SHARE = 0.7

_BOTS: dict[tuple[str, int, str], Bot] = {}
_MEDIUM = MediumBot()


@dataclass(frozen=True, slots=True)
class Answer:
    """A decision made in a worker: the action, and why it is medium's (None: the bot's)."""

    action: str
    fallback: str | None
    seconds: float
    pid: int


def setup(register: Callable[[], None] | None = None, nice: int = 0) -> None:
    """Worker start: lower its priority (people's tables first) and register extra levels."""
    if nice > 0:
        os.nice(nice)
    if register is not None:
        register()


def bot_for(table: str, seat: int, level: str) -> Bot:
    """The bot of this seat in this worker (made on first use)."""
    key = (table, seat, level)
    found = _BOTS.get(key)
    if found is None:
        found = _BOTS[key] = make_bot(level)
    return found


def forget(table: str) -> int:
    """Drop the table's bots (the game is over); returns how many there were."""
    keys = [k for k in _BOTS if k[0] == table]
    for key in keys:
        del _BOTS[key]
    return len(keys)


def pid() -> int:
    """This worker's process id (tests check that bots do not run in the server's process)."""
    return os.getpid()


def medium_choice(view: View) -> str:
    """The ``medium`` level's action for ``view`` (the fallback of every seat)."""
    return _MEDIUM.decide(view, random.Random(0))


def decide(
    table: str,
    seat: int,
    level: str,
    view: View,
    seed: int,
    deadline: float,
    think: float | None = None,
    asked: float | None = None,
) -> Answer:
    """The seat's bot decides ``view`` before ``deadline`` (``time.time()``), thinking at
    most ``think`` seconds less the time the request waited since ``asked`` (a queue
    behind it drains instead of growing); a budget already spent, a failure or an illegal
    answer give medium's choice instead."""
    started = time.perf_counter()
    left = deadline - time.time()
    try:
        bot = bot_for(table, seat, level)
    except Exception:
        return _fallback(view, "error", started)
    if left < MIN_THINK_SECONDS:
        _observe(bot, view)
        return _fallback(view, "budget", started)
    try:
        seconds = think_seconds(left, think, 0.0 if asked is None else time.time() - asked)
        choice = _think(bot, view, random.Random(seed), seconds)
    except Exception:
        return _fallback(view, "error", started)
    if choice not in view.legal_texts():
        return _fallback(view, "illegal", started)
    if time.time() > deadline:
        return _fallback(view, "budget", started)
    return Answer(choice, None, time.perf_counter() - started, os.getpid())


def think_seconds(left: float, think: float | None, waited: float) -> float:
    """How long a bot may think: a share of the budget left, at most ``think`` less what
    the request already waited (never below :data:`MIN_THINK_SECONDS`)."""
    seconds = left * THINK_SHARE
    if think is not None:
        seconds = min(seconds, max(MIN_THINK_SECONDS, think - waited))
    return seconds


def _think(bot: Bot, view: View, rng: random.Random, seconds: float) -> str:
    within = getattr(bot, "decide_within", None)
    if within is not None:
        return str(within(view, rng, max(1, int(seconds * 1000))))
    return bot.decide(view, rng)


def _observe(bot: Bot, view: View) -> None:
    """Show a skipped decision's view to a bot that learns from views (``hard``)."""
    observe = getattr(bot, "observe", None)
    if observe is not None:
        # What it learns is a bonus; the move is medium's already.
        with contextlib.suppress(Exception):
            observe(view)


def _fallback(view: View, reason: str, started: float) -> Answer:
    return Answer(medium_choice(view), reason, time.perf_counter() - started, os.getpid())


def coach_hint(view: View, seed: int) -> dict[str, Any]:
    """The coach's hint for ``view`` as JSON (see :mod:`euchre.bots.coach`)."""
    return coach.hint(view, seed).to_json()


def _game_dealt(
    variant: Variant,
    first_dealer: int,
    first_scores: Sequence[int] | None,
    first_mcevoy: int,
    decks: list[list[str]],
) -> GameState:
    """A fresh game dealt as the stored one was, from its carried points and with the
    McEvoy hands thrown in before it (a match's game)."""
    return GameState(
        variant, dealer=first_dealer, scores=first_scores, decks=decks, mcevoy_used=first_mcevoy
    )


def review_json(
    variant: Variant,
    first_dealer: int,
    first_scores: Sequence[int] | None,
    first_mcevoy: int,
    decks: list[list[str]],
    actions: list[tuple[int, str]],
    deal: int,
    seat: int,
    seed: int,
    played_for: Sequence[int] = (),
) -> list[dict[str, Any]]:
    """The seat's decisions in ``deal`` rated (see :mod:`euchre.bots.review`), as JSON,
    each with where it was made (``position``: one replay serves both); the game is
    rebuilt from its decks and actions (from ``first_scores`` and ``first_mcevoy``: a game
    of a match may start from carried points, with McEvoy hands already thrown in). The
    actions at the positions ``played_for`` were the server's, made for the seat (its turn
    clock ran out, a bot stood in): they are not rated."""
    game = _game_dealt(variant, first_dealer, first_scores, first_mcevoy, decks)
    rated = review.rated_views(game, actions, deal, seat, seed=seed, played_for=played_for)
    return [d.to_json() | {"position": review.position_json(view)} for view, d in rated]


def positions_json(
    variant: Variant,
    first_dealer: int,
    first_scores: Sequence[int] | None,
    first_mcevoy: int,
    decks: list[list[str]],
    actions: list[tuple[int, str]],
    deal: int,
    seat: int,
) -> dict[int, dict[str, Any]]:
    """Where each of the seat's actions in ``deal`` was made (:func:`review.positions`),
    for a review stored before reviews kept their positions."""
    return review.positions(
        _game_dealt(variant, first_dealer, first_scores, first_mcevoy, decks), actions, deal, seat
    )
