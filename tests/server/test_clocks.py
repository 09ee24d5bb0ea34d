"""Clocks and server bots: timed games, bots within their time budget, a secure shuffle."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from server_helpers import Client, ThreadServer, play_random, seat_clients

from euchre.bots import base as bot_registry
from euchre.engine import GameState
from euchre.engine.views import View
from euchre.server.botplay import BotPool


class SleepyBot:
    def decide(self, view: View, rng: random.Random) -> str:
        time.sleep(0.5)
        return view.legal_texts()[0]


class BrokenBot:
    def decide(self, view: View, rng: random.Random) -> str:
        raise RuntimeError("bot bug")


class CheatingBot:
    def decide(self, view: View, rng: random.Random) -> str:
        return "play B"


@pytest.mark.anyio
@pytest.mark.parametrize("level", ["sleepy", "broken", "cheating", "vanished"])
async def test_a_late_failing_or_illegal_bot_is_replaced_by_a_legal_move(
    level: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    factories: dict[str, Any] = {"sleepy": SleepyBot, "broken": BrokenBot, "cheating": CheatingBot}
    if level in factories:  # "vanished": a stored table names a level no longer registered
        monkeypatch.setitem(bot_registry._REGISTRY, level, factories[level])
    pool = BotPool(budget=0.05)
    state = GameState(seed=2)
    view = state.view(state.current_player)
    choice = await pool.decide("t", 0, level, view)
    assert choice in view.legal_texts()
    assert caplog.records  # and it says so in the log


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def test_deals_use_the_secure_shuffle(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    state = live.server.lobby.tables[table].state
    assert state is not None and isinstance(state._rng, random.SystemRandom)
    ann.close()


def test_a_timed_game_ends_after_the_hand_in_which_time_ran_out(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(
        live.base, ["Ann"], options={"time_limit_minutes": 30}, turn_seconds=0
    )
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    info = ann.view(table).info
    assert info is not None and 0 < info["time_left"] <= 1800
    owner = live.server.lobby.tables[table]
    play_random([ann], table, random.Random(3), stop=lambda s: s["deal"] >= 1)
    live.run(owner.call(owner._time_up))  # as the game clock would, 30 minutes in
    signal = ann.until(lambda m: m.get("event", {}).get("kind") == "time_up")
    deal = signal["state"]["deal"]
    play_random([ann], table, random.Random(4))
    # The game ends at the first deal end after the signal where no one is tied for first.
    ends = [
        e for e in ann.view(table).events if "deal_over" in e and e["version"] > signal["version"]
    ]
    untied = next(
        e for e in ends if len(set(e["deal_over"]["score"])) == len(e["deal_over"]["score"])
    )
    assert "game_over" in untied and untied is ends[-1]
    assert untied["deal_over"]["deal"] >= deal
    assert [e["kind"] for e in ann.view(table).events].count("time_up") == 1
    ann.close()


def test_clients_see_time_left_shrink(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(
        live.base, ["Ann"], options={"time_limit_minutes": 5}, turn_seconds=0
    )
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    first = Client(live.base, "Eve")
    first.send(type="join", invite=ann.view(table).invite)
    snapshot = first.until(lambda m: m["type"] == "table")
    assert 0 < snapshot["info"]["time_left"] <= 300
    first.close()
    ann.close()


class WatchingBot:
    def __init__(self) -> None:
        self.seen: list[View] = []

    def decide(self, view: View, rng: random.Random) -> str:
        self.seen.append(view)
        return view.legal_texts()[0]


@pytest.mark.anyio
async def test_a_server_bot_is_shown_its_forced_moves_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bot_registry._REGISTRY, "watcher", WatchingBot)
    state = GameState(seed=2)
    while len(state.legal_actions()) != 1:  # the bidding and play up to a forced card
        state.apply(state.legal_actions()[0], seat=state.current_player)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    pool = BotPool(budget=1.0)
    watcher = pool.bot("t", seat, "watcher")
    assert isinstance(watcher, WatchingBot)
    assert await pool.decide("t", seat, "watcher", view) == view.legal_texts()[0]
    assert watcher.seen == [view]
