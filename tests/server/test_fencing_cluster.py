"""A paused owner (SIGSTOP past its lease) that wakes up after another instance took its
table over writes nothing: the game record is exactly the new owner's (PostgreSQL and
Redis, two real ``euchre serve`` processes)."""

from __future__ import annotations

import asyncio
import random
import signal
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
        record: dict[str, Any] = httpx.get(f"{b.base}/api/games/{table}", timeout=10).json()
        assert list(replay(record).score) == state["score"]
        for client in [ann, cat, *players]:
            client.close()
