"""Two instances on PostgreSQL and Redis against one, and a SIGKILL of one during play.

Used by ``bench/server_load.py --cluster ADMIN_URL`` (see its docstring): every table's
four players are split across the instances (seats alternate between them, and the
tables' hosts too, so each instance owns half of the tables and relays for the other
half). Everything runs in one client process on loopback, bounded in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

LEASE_SECONDS = 2.0


@dataclass
class Player:
    name: str
    token: str
    base: str
    seat: int
    ws: ClientConnection | None = None
    version: int = 0
    acted: int = -1


@dataclass
class TableRun:
    """One table's players and what they saw."""

    index: int
    players: list[Player]
    table: str = ""
    owner: str = ""  # the base URL of the instance that created it
    seen: dict[int, float] = field(default_factory=dict)  # action version -> first seen at
    sent: dict[int, float] = field(default_factory=dict)  # version -> when its action left
    latencies: list[float] = field(default_factory=list)


@dataclass
class Run:
    tables: list[TableRun]
    measuring: bool = False
    stop: bool = False
    killed_base: str = ""
    survivor: str = ""


async def fresh_database(admin: str) -> str:
    name = "euchre_bench_" + uuid.uuid4().hex[:10]
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return admin.rsplit("/", 1)[0] + "/" + name


async def drop_database(admin: str, url: str) -> None:
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
    finally:
        await conn.close()


async def stored_versions(url: str, table: str) -> set[int]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT version FROM game_actions WHERE game_id = $1", table)
    finally:
        await conn.close()
    return {int(r["version"]) for r in rows}


async def token(base: str, name: str) -> str:
    async with httpx.AsyncClient(timeout=30) as http:
        answer = await http.post(base + "/api/session", json={"name": name})
        answer.raise_for_status()
        return str(answer.json()["session"])


async def open_ws(player: Player) -> ClientConnection:
    url = player.base.replace("http://", "ws://") + f"/ws?session={player.token}"
    ws = await connect(url, max_size=2**22, compression=None, open_timeout=30)
    json.loads(await ws.recv())  # welcome
    return ws


async def answer(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message["type"] in (kind, "error"):
            if message["type"] == "error":
                raise RuntimeError(message)
            return message


async def set_up(run: TableRun, bases: list[str]) -> None:
    for k, player in enumerate(run.players):
        player.base = bases[(run.index + k) % len(bases)]
        player.token = await token(player.base, player.name)
        player.ws = await open_ws(player)
    host = run.players[0]
    assert host.ws is not None
    options = {"target": 100}
    await host.ws.send(
        json.dumps({"type": "create", "kind": "private", "turn_seconds": 0, "options": options})
    )
    created = await answer(host.ws, "created")
    run.table, run.owner = str(created["table"]), host.base
    await answer(host.ws, "table")
    for k, player in enumerate(run.players[1:], start=1):
        assert player.ws is not None
        await player.ws.send(json.dumps({"type": "join", "invite": created["invite"]}))
        await answer(player.ws, "table")
        await player.ws.send(json.dumps({"type": "sit", "table": run.table, "seat": k}))
        await answer(player.ws, "table")


async def play(run: Run, table: TableRun, player: Player, rng: random.Random) -> None:
    """Answer this seat's turns at once; after its instance dies, rejoin on the survivor
    with the last version seen."""
    while not run.stop:
        try:
            assert player.ws is not None
            async for raw in player.ws:
                received = time.perf_counter()
                await on_message(run, table, player, json.loads(raw), received, rng)
                if run.stop:
                    return
        except (ConnectionClosed, OSError):
            pass
        if run.stop:
            return
        await asyncio.sleep(0.2)
        with contextlib.suppress(Exception):
            player.base = run.survivor or player.base
            player.ws = await open_ws(player)
            await player.ws.send(
                json.dumps({"type": "join", "table": table.table, "since": player.version})
            )


async def on_message(
    run: Run, table: TableRun, player: Player, m: dict[str, Any], at: float, rng: random.Random
) -> None:
    if m.get("table") != table.table:
        return
    if m["type"] == "error":
        if m.get("code") in ("unavailable", "stale", "not_your_turn") and player.ws is not None:
            await asyncio.sleep(0.2)
            resync = {"type": "resync", "table": table.table, "since": player.version}
            await player.ws.send(json.dumps(resync))
        return
    if m["type"] not in ("event", "table"):
        return
    events = [(m["version"], m["event"])] if m["type"] == "event" else []
    for missed in m.get("missed") or []:
        events.append((missed.get("version", 0), missed))
    for version, event in events:
        if event.get("kind") == "action" and version not in table.seen:
            table.seen[version] = time.monotonic()
        sent = table.sent.get(version)
        if sent is not None and run.measuring and event.get("seat") != player.seat:
            table.latencies.append(at - sent)
    player.version = max(player.version, int(m["version"]))
    state = m.get("state")
    if state and state["to_act"] == player.seat and state["legal"] and player.acted < m["version"]:
        player.acted = int(m["version"])
        table.sent[int(m["version"]) + 1] = time.perf_counter()
        action = rng.choice(state["legal"])
        act = {"type": "act", "table": table.table, "action": action, "version": m["version"]}
        assert player.ws is not None
        await player.ws.send(json.dumps(act))


def cpu_seconds(pid: int) -> float:
    from server_load import proc_cpu_seconds

    return proc_cpu_seconds(pid)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def phase(
    bases: list[str], pids: list[int], tables: int, seconds: float, warmup: float, label: str
) -> tuple[dict[str, Any], Run, list[asyncio.Task[None]]]:
    """Open ``tables`` tables across ``bases``, play, measure ``seconds``; the play goes
    on (the run and its tasks are returned)."""
    runs = [
        TableRun(i, [Player(f"{label}{i}p{k}", "", "", k) for k in range(4)]) for i in range(tables)
    ]
    for table in runs:
        await set_up(table, bases)
    run = Run(runs)
    rng = random.Random(7)
    tasks = [asyncio.create_task(play(run, t, p, rng)) for t in runs for p in t.players]
    for table in runs:
        assert table.players[0].ws is not None
        await table.players[0].ws.send(json.dumps({"type": "start", "table": table.table}))
    await asyncio.sleep(warmup)
    actions0 = sum(len(t.seen) for t in runs)
    cpu0, began = sum(cpu_seconds(p) for p in pids), time.monotonic()
    run.measuring = True
    await asyncio.sleep(seconds)
    run.measuring = False
    elapsed = time.monotonic() - began
    actions = sum(len(t.seen) for t in runs) - actions0
    cpu = sum(cpu_seconds(p) for p in pids) - cpu0
    latencies = [x for t in runs for x in t.latencies]
    return (
        {
            "instances": len(bases),
            "tables": tables,
            "seconds": round(elapsed, 1),
            "actions_per_second": round(actions / elapsed, 1),
            "latency_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
            "latency_p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
            "cpu_ms_per_action": round(1000 * cpu / max(1, actions), 3),
        },
        run,
        tasks,
    )


async def stop(run: Run, tasks: list[asyncio.Task[None]]) -> None:
    run.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for table in run.tables:
        for player in table.players:
            if player.ws is not None:
                with contextlib.suppress(Exception):
                    await player.ws.close()


async def kill_one(
    run: Run, victim: subprocess.Popen[bytes], victim_base: str, survivor: str, seconds: float
) -> dict[str, Any]:
    """SIGKILL ``victim`` during play: how long until its tables play on, and whether any
    action its clients saw is missing from the database."""
    run.survivor = survivor
    killed_at = time.monotonic()
    victim.send_signal(signal.SIGKILL)
    victim.wait(30)
    owned = [t for t in run.tables if t.owner == victim_base]
    deadline = killed_at + seconds
    while time.monotonic() < deadline:
        if all(any(at > killed_at for at in t.seen.values()) for t in owned):
            break
        await asyncio.sleep(0.05)
    resumed = [min((at for at in t.seen.values() if at > killed_at), default=None) for t in owned]
    waits = [at - killed_at for at in resumed if at is not None]
    await asyncio.sleep(1.0)  # a little play after the takeover
    return {
        "tables_of_the_killed_instance": len(owned),
        "tables_playing_again": len(waits),
        "seconds_until_they_play_on_max": round(max(waits), 2) if waits else None,
        "seconds_until_they_play_on_median": round(sorted(waits)[len(waits) // 2], 2)
        if waits
        else None,
        "lease_seconds": LEASE_SECONDS,
    }


async def lost_actions(url: str, run: Run) -> int:
    lost = 0
    for table in run.tables:
        stored = await stored_versions(url, table.table)
        lost += len(set(table.seen) - stored)
    return lost


__all__ = [
    "LEASE_SECONDS",
    "drop_database",
    "fresh_database",
    "kill_one",
    "lost_actions",
    "phase",
    "stop",
]
