"""A paused owner (SIGSTOP past its lease) that wakes up after another instance took its
table over writes nothing: the game record is exactly the new owner's (PostgreSQL and
Redis, two real ``euchre serve`` processes)."""

from __future__ import annotations

import asyncio
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import test_multi_instance as multi
from server_helpers import Client, play_random, settle

from euchre.engine.records import replay

pytestmark = multi.pytestmark


def stored_actions(url: str, table: str) -> list[tuple[int, str]]:
    async def read() -> list[tuple[int, str]]:
        conn = await asyncpg.connect(url.replace("+asyncpg", ""))
        try:
            rows = await conn.fetch(
                "SELECT version, action FROM game_actions WHERE game_id = $1 ORDER BY seq", table
            )
            epoch = await conn.fetchval("SELECT epoch FROM games WHERE id = $1", table)
        finally:
            await conn.close()
        assert epoch >= 1  # taken over at least once
        return [(int(r["version"]), str(r["action"])) for r in rows]

    return asyncio.run(read())


def action_versions(client: Client, table: str) -> list[int]:
    return [
        int(m["version"])
        for m in client.received
        if m.get("type") == "event" and m.get("table") == table and m["event"]["kind"] == "action"
    ]


def test_a_paused_owner_writes_nothing_once_another_took_over(tmp_path: Path) -> None:
    with multi.two_instances(tmp_path) as (a, b):
        table, clients = multi.split_table(a, b)
        ann, bob, cat, dan = clients
        ann.send(type="start", table=table)
        rng = random.Random(3)
        play_random(clients, table, rng, stop=multi.mid_hand)
        version = settle(clients, table)
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)  # the owner stalls, well past its 1 s lease
        try:
            # Cat's request waits in the paused owner's socket, to be run when it wakes.
            cat.send(type="stand", table=table, ref="late")
            for client in (bob, dan):  # b takes the table over; its clients get it again
                client.until(lambda m: m["type"] == "table" and m["table"] == table)
            moved = {c.name: Client(b.base, c.name, c.token) for c in (ann, cat)}
            for client in moved.values():
                answer = client.request(type="join", table=table, since=version)
                assert answer["type"] == "table", answer
            players = [moved["Ann"], bob, moved["Cat"], dan]
            assert play_random(players, table, rng, max_actions=6) == 6  # b plays on
        finally:
            a.proc.send_signal(signal.SIGCONT)
        late = cat.until(lambda m: m.get("ref") == "late", timeout=30)
        assert late["type"] == "error", late  # refused by the old owner (or the seat is taken)
        play_random(players, table, rng)
        final = settle(players, table)
        state = bob.view(table).state
        assert state is not None and state["winner"] is not None
        url = a.env["EUCHRE_DATABASE_URL"]
        stored = stored_actions(url, table)
        assert [v for v, _ in stored] == action_versions(bob, table)  # exactly what b played
        assert stored[-1][0] == final
        player = {"euchre_session": bob.token}  # a private game: for its players
        record: dict[str, Any] = httpx.get(
            f"{b.base}/api/games/{table}", timeout=10, cookies=player
        ).json()
        assert list(replay(record).score) == state["score"]
        for client in [ann, cat, *players]:
            client.close()


class RowLock:
    """Another database session holds a table's row (SELECT ... FOR UPDATE) until released."""

    def __init__(self, url: str, table: str) -> None:
        self.url, self.table = url.replace("+asyncpg", ""), table
        self.held, self.release = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._hold()), daemon=True)

    async def _hold(self) -> None:
        conn = await asyncpg.connect(self.url)
        try:
            async with conn.transaction():
                await conn.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", self.table)
                self.held.set()
                await asyncio.to_thread(self.release.wait, 60)
        finally:
            await conn.close()

    def __enter__(self) -> RowLock:
        self.thread.start()
        assert self.held.wait(15)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.thread.join(15)


def lock_waiters(url: str) -> int:
    async def count() -> int:
        conn = await asyncpg.connect(url.replace("+asyncpg", ""))
        try:
            found = await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            )
        finally:
            await conn.close()
        return int(found)

    return asyncio.run(count())


def turn_on_a(state: dict[str, Any]) -> bool:
    return state["phase"] == "play" and state["deal"] != 0 and state["to_act"] in (0, 2)


def test_a_write_queued_in_the_paused_owner_is_fenced_by_the_database(tmp_path: Path) -> None:
    """The owner's write to T2 waits in its own queue (behind a write to T1 that another
    session's row lock holds up) when it is paused; it reaches the database only after
    the takeover, and the epoch refuses it there."""
    with multi.two_instances(tmp_path) as (a, b):
        url = a.env["EUCHRE_DATABASE_URL"]
        table, clients = multi.split_table(a, b)
        ann, bob, cat, dan = clients
        ann.send(type="start", table=table)
        rng = random.Random(4)
        play_random(clients, table, rng, stop=turn_on_a)  # the actor is a client of a
        version = settle(clients, table)
        hal = Client(a.base, "Hal")
        other = hal.request(type="create", kind="private", sit=False)["table"]
        assert a.proc is not None
        with RowLock(url, other):
            hal.send(type="sit", table=other, seat=0)  # a's writer now waits for the lock
            deadline = time.monotonic() + 15
            while lock_waiters(url) < 1:
                assert time.monotonic() < deadline, "the owner's write never reached the lock"
                time.sleep(0.05)
            actor = multi.own_turn(clients, table)
            assert actor in (ann, cat)
            state = actor.view(table).state
            assert state is not None
            actor.send(type="act", table=table, action=state["legal"][0], ref="queued")
            time.sleep(0.5)  # a accepts it and queues its write behind the held one
            a.proc.send_signal(signal.SIGSTOP)
            try:
                for client in (bob, dan):
                    client.until(lambda m: m["type"] == "table" and m["table"] == table)
                moved = {c.name: Client(b.base, c.name, c.token) for c in (ann, cat)}
                for client in moved.values():
                    assert (
                        client.request(type="join", table=table, since=version)["type"] == "table"
                    )
                players = [moved["Ann"], bob, moved["Cat"], dan]
                assert play_random(players, table, rng, max_actions=4) == 4
            except BaseException:
                a.proc.send_signal(signal.SIGCONT)
                raise
        a.proc.send_signal(signal.SIGCONT)  # the lock is gone: a's queued writes go out
        deadline = time.monotonic() + 20
        log = Path(a.env["EUCHRE_TEST_LOG"])
        while f'"game": "{table}"' not in "".join(
            line for line in log.read_text().splitlines() if "write refused" in line
        ):
            assert time.monotonic() < deadline, "the stale write was not refused"
            time.sleep(0.1)
        stored = stored_actions(url, table)
        bob.sync_to(table, stored[-1][0])  # what b broadcast, all of it
        assert [v for v, _ in stored] == action_versions(bob, table)  # b's, and only b's
        play_random(players, table, rng)
        state = bob.view(table).state
        assert state is not None and state["winner"] is not None
        player = {"euchre_session": bob.token}  # a private game: for its players
        record: dict[str, Any] = httpx.get(
            f"{b.base}/api/games/{table}", timeout=10, cookies=player
        ).json()
        assert list(replay(record).score) == state["score"]
        for client in [ann, cat, hal, *players]:
            client.close()
