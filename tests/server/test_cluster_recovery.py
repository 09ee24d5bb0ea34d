"""Clients keep their table when the instances lose touch: after Redis restarts (it keeps
nothing: leases, heartbeats and subscriptions are gone), and after their instance stalled
as the table's owner and woke up to find another instance playing it (two real
``euchre serve`` processes on PostgreSQL).

Every wait is on a condition with a generous deadline: a machine under load may take a
while, never a wrong turn.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import test_fencing_cluster as fencing
import test_multi_instance as multi
from server_helpers import Client, free_port, redis_available

DEADLINE = 60.0  # seconds: for each step to happen, however busy the machine


class OwnRedis:
    """A Redis server of this test's own, which it may stop and start again (keeping
    nothing, as Redis does without persistence)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        args = ["--port", str(self.port), "--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(
            ["redis-server", *args, "--bind", "127.0.0.1"], stdout=subprocess.DEVNULL
        )
        until(self._answers, "the test's Redis never answered")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def _answers(self) -> bool:
        return redis_available(self.url)


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (this test restarts a Redis of its own)")
    server = OwnRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def until(test: Any, failure: str, deadline: float = DEADLINE) -> None:
    end = time.monotonic() + deadline
    while not test():
        assert time.monotonic() < end, failure
        time.sleep(0.05)


def table_again(client: Client, table: str, since: int) -> dict[str, Any]:
    """The table as the server sends it on its own after the outage: a fresh snapshot, or
    ``unavailable`` and then, as the browser does, a resync (at ``since`` or later)."""
    message = client.until(
        lambda m: (
            m.get("table") == table and (m["type"] == "table" or m.get("code") == "unavailable")
        ),
        timeout=DEADLINE,
    )
    while message["type"] != "table":
        time.sleep(0.5)
        message = client.request(type="resync", table=table, since=None)
    assert message["version"] >= since, message
    return message


def catch_up(client: Client, table: str, version: int) -> None:
    """Read until the client has seen ``version``: from the events it is sent, or a
    snapshot the server sends it unasked."""
    client.sync_to(table, version, timeout=DEADLINE)


def play_on(clients: list[Client], table: str, rng: random.Random, actions: int) -> None:
    """The players make ``actions`` more moves; each must be accepted at once, or refused
    only as ``unavailable`` (the table is moving: the browser resyncs and tries again)."""
    done = 0
    end = time.monotonic() + 4 * DEADLINE
    while done < actions:
        assert time.monotonic() < end, f"only {done} of {actions} moves were accepted"
        top = max(c.view(table).version for c in clients)
        for client in clients:
            catch_up(client, table, top)
        state = clients[0].view(table).state
        if state is not None and state["winner"] is not None:
            return
        actor = next((c for c in clients if c.my_turn(table)), None)
        assert actor is not None, f"nobody may move at version {top}"
        view = actor.view(table)
        action = rng.choice(view.state["legal"])  # type: ignore[index]
        answer = actor.request(type="act", table=table, action=action, version=view.version)
        if answer["type"] == "event":
            done += 1
            continue
        if answer["code"] == "not_seated":
            # The owner took the player's instance for gone a moment ago (Redis was away):
            # the instance is told, and its client gets the table again, unasked.
            actor.until(lambda m: m["type"] == "table" and m["table"] == table, DEADLINE)
            continue
        assert answer["code"] in ("unavailable", "stale"), answer
        time.sleep(0.5)
        actor.request(type="resync", table=table, since=actor.view(table).version)


def stored_versions(url: str, table: str) -> list[int]:
    """The versions of the table's stored actions, in order."""

    async def read() -> list[int]:
        conn = await asyncpg.connect(url.replace("+asyncpg", ""))
        try:
            rows = await conn.fetch(
                "SELECT version FROM game_actions WHERE game_id = $1 ORDER BY seq", table
            )
        finally:
            await conn.close()
        return [int(row["version"]) for row in rows]

    return asyncio.run(read())


def check_record(url: str, clients: list[Client], witness: Client, table: str) -> None:
    """Every player sees one state, and the stored actions are exactly those the witness
    (connected throughout) saw accepted: none lost, none written twice."""
    top = max(c.view(table).version for c in clients)
    for client in clients:
        catch_up(client, table, top)
    states = [c.view(table).state or {} for c in clients]
    public = {json.dumps([s["deal"], s["score"], s["trick"], len(s["history"])]) for s in states}
    assert len(public) == 1
    stored = stored_versions(url, table)
    assert stored == fencing.action_versions(witness, table)


def test_clients_of_the_other_instance_play_on_after_redis_restarts(
    tmp_path: Path, own_redis: OwnRedis
) -> None:
    with multi.two_instances(tmp_path, EUCHRE_REDIS_URL=own_redis.url) as (a, b):
        table, clients = multi.split_table(a, b)  # a owns it; Bob and Dan are on b
        ann, bob, _cat, dan = clients
        ann.request(type="start", table=table)
        rng = random.Random(21)
        play_on(clients, table, rng, actions=3)
        version = multi.settle(clients, table)
        before = {c.name: c.view(table).state for c in clients}

        own_redis.stop()  # everything Redis held is gone: leases, heartbeats, channels
        own_redis.start()
        for client in (bob, dan):  # b's clients hear from the table again, unasked
            again = table_again(client, table, version)
            if again["version"] == version:
                assert again["state"] == before[client.name]  # nothing accepted was lost
        play_on(clients, table, rng, actions=12)  # every player's moves are accepted
        check_record(a.env["EUCHRE_DATABASE_URL"], clients, ann, table)
        for client in clients:
            client.close()


@multi.pytestmark
def test_clients_of_a_stale_owner_follow_the_table_to_its_new_owner(tmp_path: Path) -> None:
    with multi.two_instances(tmp_path) as (a, b):
        table, clients = multi.split_table(a, b)  # a owns it; Ann and Cat are on a
        ann, bob, cat, dan = clients
        ann.request(type="start", table=table)
        rng = random.Random(22)
        play_on(clients, table, rng, actions=3)
        multi.settle(clients, table)
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)  # a stalls, well past its 1 s lease
        try:
            for client in (bob, dan):  # b takes the table over; its clients get it again
                client.until(lambda m: m["type"] == "table" and m["table"] == table, DEADLINE)
            taken = max(bob.view(table).version, dan.view(table).version)
        finally:
            a.proc.send_signal(signal.SIGCONT)
        # a wakes up as a stale owner: its clients get the table as the new owner has it.
        for client in (ann, cat):
            table_again(client, table, taken)
        play_on(clients, table, rng, actions=12)  # Ann and Cat play on through a
        check_record(a.env["EUCHRE_DATABASE_URL"], clients, bob, table)
        assert httpx.get(f"{a.base}/healthz", timeout=30).json()["tables"] == 0
        for client in clients:
            client.close()
