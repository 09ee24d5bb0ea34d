"""Server bots in worker processes: medium's choice when a bot is late, fails or cheats;
bots run outside the server's process and keep their memory for the table's life."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import statistics
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from pool_helpers import bots_held, register_test_levels, sleep_in_worker, views_seen
from server_helpers import ThreadServer, fast_settings, play_random, seat_clients

from euchre.bots import resident
from euchre.bots.medium import MediumBot
from euchre.engine import GameState
from euchre.engine.views import View
from euchre.server import botplay
from euchre.server.botplay import BotPool
from euchre.server.config import Settings
from euchre.server.metrics import Metrics

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def metrics() -> Metrics:
    return Metrics()


def fallbacks(metrics: Metrics, reason: str) -> float:
    value = metrics.registry.get_sample_value("euchre_bot_fallbacks_total", {"reason": reason})
    return value or 0.0


def medium_choice(view: View) -> str:
    return MediumBot().decide(view, random.Random(0))


def view_where_medium_is_not_last() -> View:
    """A view at which medium's choice is not the last legal action (what the test bots
    choose), so a test can tell the two apart."""
    for seed in range(50):
        state = GameState(seed=seed)
        view = state.view(state.current_player)
        if medium_choice(view) != view.legal_texts()[-1]:
            return view
    raise AssertionError("no such deal in 50 seeds")


@pytest.fixture
async def pool(metrics: Metrics) -> AsyncIterator[BotPool]:
    made = BotPool(0.3, workers=1, nice=0, metrics=metrics, register=register_test_levels)
    await made.worker_pid("warm-up")  # started: the budgets below are for thinking alone
    yield made
    made.close()


@pytest.mark.parametrize(
    ("level", "reason"),
    [("sleepy", "budget"), ("broken", "error"), ("cheating", "illegal"), ("vanished", "error")],
)
async def test_a_late_failing_or_illegal_bot_plays_mediums_choice(
    pool: BotPool,
    metrics: Metrics,
    level: str,
    reason: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    view = view_where_medium_is_not_last()
    choice = await pool.decide("t", view.seat or 0, level, view)
    assert choice == medium_choice(view)
    assert fallbacks(metrics, reason) == 1
    assert any(reason in r.getMessage() for r in caplog.records)  # and it says so in the log


async def test_with_a_tiny_budget_hard_plays_mediums_choice(metrics: Metrics) -> None:
    pool = BotPool(0.001, workers=1, nice=0, metrics=metrics)
    try:
        for seed in range(6):
            await pool.worker_pid(f"t{seed}")  # started: the budget, not the start, runs out
            state = GameState(seed=seed)
            view = state.view(state.current_player)
            assert await pool.decide(f"t{seed}", view.seat or 0, "hard", view) == medium_choice(
                view
            )
    finally:
        pool.close()
    # Spent by the time the worker gets it ("budget"), or the worker's answer came past
    # the grace on a loaded machine ("timeout"): medium's choice either way, and counted.
    assert fallbacks(metrics, "budget") + fallbacks(metrics, "timeout") == 6
    assert fallbacks(metrics, "budget") >= 1


async def test_a_worker_that_does_not_answer_in_time_gives_mediums_choice_here(
    pool: BotPool, metrics: Metrics, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(botplay, "GRACE_SECONDS", 0.05)
    view = view_where_medium_is_not_last()
    await pool.worker_pid("t")  # the worker is up
    busy = asyncio.create_task(pool.run("t", 10.0, sleep_in_worker, 1.0))
    await asyncio.sleep(0.1)  # the table's job is in flight
    assert await pool.decide("t", view.seat or 0, "watcher", view) == medium_choice(view)
    reasons = {r: fallbacks(metrics, r) for r in ("timeout", "budget", "error", "illegal")}
    assert reasons == {"timeout": 1, "budget": 0, "error": 0, "illegal": 0}
    assert await busy == 1.0
    assert await pool.run("t", 10.0, views_seen, "t", view.seat or 0) == []


async def test_bots_think_in_another_process(pool: BotPool) -> None:
    pid = await pool.worker_pid("t")
    assert pid != os.getpid()
    state = GameState(seed=3)
    view = state.view(state.current_player)
    await pool.decide("t", view.seat or 0, "watcher", view)
    seen = await pool.run("t", 10.0, views_seen, "t", view.seat or 0)
    assert seen == [view]  # the watcher in that worker saw it
    assert await pool.worker_pid("t") == pid  # and the table stays with it


async def test_a_bot_keeps_its_memory_across_decisions_until_the_table_ends(
    pool: BotPool,
) -> None:
    state = GameState(seed=4)
    views = []
    while len(views) < 6:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if seat == 1:
            views.append(view)
            action = await pool.decide("t", 1, "watcher", view)
        else:
            action = medium_choice(view)
        state.apply(action, seat=seat)
    assert await pool.run("t", 10.0, views_seen, "t", 1) == views
    pool.forget("t")
    assert await pool.run("t", 10.0, bots_held, "t") == 0


async def test_a_server_bot_is_shown_its_forced_moves_too(pool: BotPool) -> None:
    state = GameState(seed=2)
    while len(state.legal_actions()) != 1:  # the bidding and play up to a forced card
        state.apply(state.legal_actions()[0], seat=state.current_player)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert await pool.decide("t", seat, "watcher", view) == view.legal_texts()[0]
    assert await pool.run("t", 10.0, views_seen, "t", seat) == [view]


async def test_tables_are_shared_out_among_the_workers(metrics: Metrics) -> None:
    pool = BotPool(1.0, workers=2, nice=0, metrics=metrics)
    try:
        assert [pool.worker_of(t) for t in ("a", "b", "c", "d")] == [0, 1, 0, 1]
        pool.forget("a")
        assert pool.worker_of("e") == 0  # the worker that lost a table gets the next one
        pids = {await pool.worker_pid(t) for t in ("b", "c")}
        assert len(pids) == 2 and os.getpid() not in pids
    finally:
        pool.close()


def test_a_server_with_a_tiny_budget_counts_its_fallbacks_on_metrics(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "euchre.db", bot_budget=0.001, bot_level="hard")
    with ThreadServer(settings) as live:
        table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
        ann.send(type="start", table=table)
        play_random([ann], table, random.Random(5), stop=lambda s: s["deal"] >= 1)
        bot_moves = [e for e in ann.view(table).events if e.get("by") == "bot"]
        text = httpx.get(live.base + "/metrics", timeout=10).text
        ann.close()
    assert bot_moves
    # each bot move fell back; by its budget, or on a busy machine a few by a late worker
    counts = {
        line.split('reason="')[1].split('"')[0]: float(line.split()[-1])
        for line in text.splitlines()
        if line.startswith("euchre_bot_fallbacks_total{")
    }
    assert counts.get("budget", 0) >= 1 and sum(counts.values()) >= len(bot_moves), counts


def test_a_request_that_waited_leaves_its_bot_less_time_to_think() -> None:
    assert resident.think_seconds(2.0, 0.5, 0.0) == 0.5
    assert resident.think_seconds(2.0, 0.5, 0.3) == pytest.approx(0.2)
    assert resident.think_seconds(2.0, 0.5, 5.0) == resident.MIN_THINK_SECONDS
    assert resident.think_seconds(0.1, 0.5, 0.0) == pytest.approx(0.1 * resident.THINK_SHARE)
    assert resident.think_seconds(2.0, None, 1.0) == pytest.approx(2.0 * resident.THINK_SHARE)


async def test_a_table_has_one_job_in_flight_so_another_table_is_not_kept_waiting(
    pool: BotPool,
) -> None:
    finished: list[str] = []

    async def job(table: str, name: str, seconds: float) -> None:
        await pool.run(table, 30.0, sleep_in_worker, seconds)
        finished.append(name)

    first = asyncio.create_task(job("busy", "busy 1", 0.5))
    await asyncio.sleep(0.05)
    second = asyncio.create_task(job("busy", "busy 2", 0.0))  # waits for busy 1
    await asyncio.sleep(0.05)
    other = asyncio.create_task(job("quiet", "quiet 1", 0.0))  # asked after busy 2
    await asyncio.gather(first, second, other)
    # One worker serves both tables in the order jobs reach it: busy 2 reaches it only
    # once busy 1 is done, after quiet 1, which was asked later but found the queue free.
    assert finished == ["busy 1", "quiet 1", "busy 2"]


Arrivals = list[tuple[float, dict[str, Any]]]


def _actions_as_they_arrive(settings: Settings, enough: Callable[[Arrivals], bool]) -> Arrivals:
    """Ann with three bots: each action event with the time it reached her (she plays her
    first legal action at once), until ``enough`` of them."""
    with ThreadServer(settings) as live:
        table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
        ann.send(type="start", table=table)
        arrived: Arrivals = []
        while not enough(arrived):
            message = ann.recv()
            if message["type"] == "event" and message["event"]["kind"] == "action":
                arrived.append((time.monotonic(), message["event"]))
            if ann.my_turn(table):
                legal = ann.view(table).state["legal"]  # type: ignore[index]
                ann.send(type="act", table=table, action=legal[0], version=ann.view(table).version)
        ann.close()
    return arrived


def test_bots_that_think_during_their_pause_still_keep_it(tmp_path: Path) -> None:
    """A bot is asked for its move as soon as its turn comes, so its thinking falls inside
    the pause that lets people follow; the pause itself still holds: no bot's move comes
    sooner than ``bot_delay`` after the move before it."""
    delay = 0.3
    settings = fast_settings(tmp_path / "euchre.db", bot_delay=delay, bot_level="random")
    arrived = _actions_as_they_arrive(
        settings, lambda got: sum(1 for _, e in got if e.get("by") == "bot") >= 6
    )
    gaps = [
        later - earlier
        for (earlier, _), (later, event) in itertools.pairwise(arrived)
        if event.get("by") == "bot"
    ]
    assert len(gaps) >= 5
    # Read as they reach the client: a message read late (a busy machine) shortens the gap
    # after it by as much; a bot that skipped its pause would answer in a few ms.
    assert min(gaps) >= delay - 0.1


def test_a_bot_leads_a_new_trick_only_after_the_trick_pause(tmp_path: Path) -> None:
    """Who took a trick stays in sight: a bot leads the next one ``trick_pause`` later
    than it would make any other move."""
    delay, pause = 0.05, 0.6
    settings = fast_settings(
        tmp_path / "euchre.db", bot_delay=delay, trick_pause=pause, bot_level="random"
    )
    arrived = _actions_as_they_arrive(settings, lambda got: len(got) >= 40)
    leads, others = [], []
    for (earlier, before), (later, event) in itertools.pairwise(arrived):
        if event.get("by") != "bot" or "deal_over" in before:
            continue
        (leads if "trick" in before else others).append(later - earlier)
    assert leads and others
    assert min(leads) >= delay + pause - 0.15  # less what a busy machine adds to the first
    assert statistics.median(others) < delay + pause / 2  # other moves keep the short pause
