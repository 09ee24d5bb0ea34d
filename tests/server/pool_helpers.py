"""Bot levels for the worker-pool tests, registered in each worker process at its start.

The worker is a separate process, so levels monkeypatched into this process's registry
would not reach it: :func:`register_test_levels` is the pool's ``register`` hook instead.
"""

from __future__ import annotations

import random
import time

from euchre.bots import base as bot_registry
from euchre.bots import resident
from euchre.engine.views import View


class SleepyBot:
    """Takes longer than any test's budget."""

    def decide(self, view: View, rng: random.Random) -> str:
        time.sleep(0.5)
        return view.legal_texts()[-1]


class BrokenBot:
    def decide(self, view: View, rng: random.Random) -> str:
        raise RuntimeError("bot bug")


class CheatingBot:
    def decide(self, view: View, rng: random.Random) -> str:
        return "play B"


class WatchingBot:
    """Plays the last legal action and keeps every view it is shown."""

    def __init__(self) -> None:
        self.seen: list[View] = []

    def decide(self, view: View, rng: random.Random) -> str:
        self.seen.append(view)
        return view.legal_texts()[-1]


def register_test_levels() -> None:
    bot_registry.register("sleepy", SleepyBot)
    bot_registry.register("broken", BrokenBot)
    bot_registry.register("cheating", CheatingBot)
    bot_registry.register("watcher", WatchingBot)


def views_seen(table: str, seat: int) -> list[View]:
    """Run in the worker: the views the watcher at (table, seat) was shown."""
    bot = resident.bot_for(table, seat, "watcher")
    assert isinstance(bot, WatchingBot)
    return bot.seen


def bots_held(table: str) -> int:
    """Run in the worker: how many bots it holds for the table."""
    return sum(1 for key in resident._BOTS if key[0] == table)


def sleep_in_worker(seconds: float) -> float:
    """Run in the worker: keep it busy."""
    time.sleep(seconds)
    return seconds
