"""Clocks and server bots: timed games, bots within their time budget, a secure shuffle."""

from __future__ import annotations

import random
from datetime import timedelta

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


def test_info_names_the_rules_changed_from_the_preset(live: ThreadServer) -> None:
    """A friend who joins is told the house rules: what the creator changed from the
    preset (Classic's own "stick the dealer: off" is not one; turning it back on is)."""
    changed = {"stick_the_dealer": True, "farmers_hand": True}
    table, (ann,) = seat_clients(live.base, ["Ann"], preset="classic", options=changed)
    assert ann.view(table).info["house_rules"] == changed  # type: ignore[index]
    plain, (bea,) = seat_clients(live.base, ["Bea"], preset="classic")
    info = bea.view(plain).info
    assert info is not None and info["house_rules"] == {}
    assert info["options"] == {"stick_the_dealer": False}
    ann.close()
    bea.close()


def test_a_game_whose_clock_runs_out_ends_with_the_leader(live: ThreadServer) -> None:
    """The real game clock, not a signal sent by hand: once it runs out every table message
    says so (a page opened then shows the last hand), the hand is finished, the leader
    wins, and the finished table has no clock left."""
    table, (ann,) = seat_clients(
        live.base, ["Ann"], options={"time_limit_minutes": 1, "target": 15}, turn_seconds=0
    )
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    owner = live.server.lobby.tables[table]

    async def nearly_out() -> None:  # the game began 59.5 seconds ago
        owner.started_at -= timedelta(seconds=59.5)  # type: ignore[operator]
        owner._schedule_game_clock()

    live.run(owner.call(nearly_out))
    ann.until(lambda m: m.get("event", {}).get("kind") == "time_up", timeout=30)
    watcher = Client(live.base, "Eve")
    watcher.send(type="join", invite=ann.view(table).invite)
    snapshot = watcher.until(lambda m: m["type"] == "table")
    if snapshot["info"]["status"] == "playing":
        assert snapshot["info"]["time_up"] is True and snapshot["info"]["time_left"] == 0
    else:  # the last hand ended first (Ann's partner went alone: she had no card to play)
        assert snapshot["info"]["ended_on_time"] is True, snapshot["info"]
    play_random([ann], table, random.Random(5))
    over = ann.view(table)
    scores = over.state["score"]  # type: ignore[index]
    assert max(scores) < 15 and scores.count(max(scores)) == 1  # ended by time, no tie
    assert over.state["winner"] == scores.index(max(scores))  # type: ignore[index]
    assert over.info is not None and over.info["status"] == "finished"
    assert "time_left" not in over.info and "time_up" not in over.info
    assert over.info["ended_on_time"] is True  # the game-over box says the time ran out
    watcher.close()
    ann.close()
