"""The event bus: in-process, and Redis for real (two servers share one lobby)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import REDIS_URL, Client, ThreadServer, fast_settings, redis_available

from euchre.server.bus import Bus, InProcessBus, RedisBus

needs_redis = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running on 127.0.0.1:6379 (needed for this test)"
)


async def round_trip(bus: Bus, other: Bus) -> None:
    got: list[tuple[str, dict[str, Any]]] = []
    await bus.start()
    await other.start()
    await other.subscribe("lobby", lambda channel, message: got.append((channel, message)))
    await bus.subscribe("lobby", lambda channel, message: got.append(("self", message)))
    await bus.publish("lobby", {"id": "t1", "n": 1})
    await bus.publish("elsewhere", {"id": "nobody listens"})
    for _ in range(200):
        if len(got) == 2:
            break
        await asyncio.sleep(0.01)
    await bus.close()
    if other is not bus:
        await other.close()
    assert sorted(got, key=str) == sorted(
        [("lobby", {"id": "t1", "n": 1}), ("self", {"id": "t1", "n": 1})], key=str
    )


@pytest.mark.anyio
async def test_in_process_bus_delivers_to_every_subscriber() -> None:
    bus = InProcessBus()
    await round_trip(bus, bus)


@needs_redis
@pytest.mark.anyio
async def test_redis_bus_delivers_between_instances() -> None:
    await round_trip(RedisBus(REDIS_URL), RedisBus(REDIS_URL))


@needs_redis
def test_two_servers_on_redis_list_each_others_tables(tmp_path: Path) -> None:
    first = fast_settings(tmp_path / "a.db", redis_url=REDIS_URL, instance="a")
    second = fast_settings(tmp_path / "b.db", redis_url=REDIS_URL, instance="b")
    with ThreadServer(first) as a, ThreadServer(second) as b:
        watcher = Client(b.base, "Watcher")
        watcher.request(type="lobby")
        ann = Client(a.base, "Ann")
        created = ann.request(type="create", kind="casual", preset="long", turn_seconds=30)
        table = created["table"]
        update = watcher.until(
            lambda m: m["type"] == "lobby_update" and m["table"].get("id") == table
        )
        assert update["table"]["instance"] == "a" and update["table"]["preset"] == "long"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            listed = httpx.get(b.base + "/api/tables").json()["tables"]
            if any(t["id"] == table and t["instance"] == "a" for t in listed):
                break
            time.sleep(0.05)
        else:
            raise AssertionError("server b never listed server a's table")
        ann.request(type="leave", table=table)
        watcher.until(lambda m: m["type"] == "lobby_update" and m["table"].get("removed"))
        ann.close()
        watcher.close()


@pytest.mark.anyio
async def test_a_table_taken_over_from_another_instance_is_not_listed_from_its_old_news() -> None:
    """An instance that took a table over (its owner died) finishes it: the list must not
    show the table as the dead owner last described it."""
    from types import SimpleNamespace

    from euchre.server.kinds import TableKind, TableStatus
    from euchre.server.lobby_feed import LobbyFeed

    bus = InProcessBus()
    await bus.start()
    tables: dict[str, Any] = {}
    feed = LobbyFeed(bus, "w2", tables, lambda job: asyncio.ensure_future(job), False)
    await feed.start()
    await bus.publish("lobby", {"id": "t1", "status": "playing", "instance": "w1"})
    for _ in range(200):
        if feed.listing():
            break
        await asyncio.sleep(0.01)
    assert [t["id"] for t in feed.listing()] == ["t1"]
    taken = SimpleNamespace(id="t1", kind=TableKind.CASUAL, status=TableStatus.PLAYING)
    taken.summary = lambda: {"id": "t1", "status": str(taken.status)}
    tables["t1"] = taken
    feed.table_changed(taken)
    assert [(t["id"], t["instance"]) for t in feed.listing()] == [("t1", "w2")]
    taken.status = TableStatus.FINISHED  # the game ends here
    feed.table_changed(taken)
    assert feed.listing() == []
    await asyncio.sleep(0.05)  # the removal goes out
    await bus.close()
