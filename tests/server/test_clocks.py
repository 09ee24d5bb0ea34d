"""Clocks and server bots: timed games, bots within their time budget, a secure shuffle."""

from __future__ import annotations

import random

import pytest
from server_helpers import Client, ThreadServer, play_random, seat_clients


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
