"""Load on a real server over loopback websockets: tables, clients, latency, CPU, memory.

Starts ``python -m euchre serve`` (SQLite in a temporary directory unless ``--database``)
and drives it from ``--procs`` client processes, in phases: every client connects; every
table (a private table with four guests, turn timer off) is opened and filled; then every
table plays, each client answering its turns with a random legal action at once (or after
``--think`` seconds on average), a new table following each finished game.

Reported (docs/performance.md):
* actions per second accepted by the server (its own Prometheus counter);
* action -> broadcast latency, p50 and p99: from a client sending an action to each other
  client at the table receiving that action's event (same process, same clock);
* server CPU per table and per action (from /proc);
* server memory (resident set) per connection (after phase 1), per table (after phase 2,
  with play begun) and per table with its four connections.

Every phase has a timeout; ``python bench/server_load.py --help`` lists the options.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

SETUP_TIMEOUT = 180.0


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, database: str, extra: dict[str, str]) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "EUCHRE_PORT": str(port),
        "EUCHRE_DATABASE_URL": database,
        "EUCHRE_TURN_SECONDS": "600",
        "EUCHRE_LOG_LEVEL": "warning",
        "EUCHRE_RATE_PER_SECOND": "1000",
        "EUCHRE_RATE_BURST": "1000",
        "EUCHRE_OUTGOING_QUEUE": "4096",
        **extra,
    }
    proc = subprocess.Popen([sys.executable, "-m", "euchre", "serve"], env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def proc_rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def server_actions(base: str) -> float:
    text = httpx.get(base + "/metrics", timeout=10).text
    total = 0.0
    for line in text.splitlines():
        if line.startswith("euchre_actions_total{"):
            total += float(line.rsplit(" ", 1)[1])
    return total


# ---------------------------------------------------------------------- the clients


@dataclass
class Seat:
    ws: ClientConnection
    seat: int = -1
    version: int = 0


@dataclass
class Shared:
    """One worker's clock of sent actions and the latencies it measured."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    measuring: bool = False
    sockets: list[ClientConnection] = field(default_factory=list)


async def new_token(http: httpx.AsyncClient, name: str) -> str:
    response = await http.post("/api/session", json={"name": name})
    response.raise_for_status()
    return str(response.json()["session"])


async def until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message)


async def connect_seats(base: str, http: httpx.AsyncClient, index: int) -> list[Seat]:
    url = base.replace("http://", "ws://") + "/ws?session="
    seats = []
    for k in range(4):
        token = await new_token(http, f"T{index}p{k}")
        ws = await connect(url + token, max_size=2**22, compression=None)
        await until(ws, "welcome")
        seats.append(Seat(ws, seat=k))
    return seats


async def open_table(seats: list[Seat]) -> str:
    """A private table (no turn timer) with the four seats taken in order."""
    host = seats[0]
    await host.ws.send(json.dumps({"type": "create", "kind": "private", "turn_seconds": 0}))
    created = await until(host.ws, "created")
    table = str(created["table"])
    await until(host.ws, "table")
    for k, seat in enumerate(seats[1:], start=1):
        await seat.ws.send(json.dumps({"type": "join", "invite": created["invite"]}))
        await until(seat.ws, "table")
        await seat.ws.send(json.dumps({"type": "sit", "table": table, "seat": k}))
        await until(seat.ws, "table")
    return table


async def play_seat(
    table: str, seat: Seat, shared: Shared, rng: random.Random, think: float
) -> None:
    """Answer every turn of this seat (after ``think`` seconds, on average); record the
    latency of every other seat's action."""
    async for raw in seat.ws:
        message = json.loads(raw)
        if message["type"] != "event":
            continue
        version = message["version"]
        event = message["event"]
        if event.get("seat") not in (None, seat.seat):
            sent = shared.sent.get((table, version))
            if sent is not None and shared.measuring:
                shared.latencies.append(time.perf_counter() - sent)
        if "game_over" in event:
            if seat.seat == 0:
                shared.games += 1
            return
        state = message["state"]
        if state and state["to_act"] == seat.seat and state["legal"]:
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            action = rng.choice(state["legal"])
            shared.sent[(table, version + 1)] = time.perf_counter()
            await seat.ws.send(json.dumps({"type": "act", "table": table, "action": action}))


@dataclass
class Phases:
    """Where one client process is: every table's seats connected, tables open, play."""

    connected: int = 0
    opened: int = 0
    go_tables: asyncio.Event = field(default_factory=asyncio.Event)
    go_play: asyncio.Event = field(default_factory=asyncio.Event)


async def run_table(
    base: str, http: httpx.AsyncClient, index: int, shared: Shared, phases: Phases, think: float
) -> None:
    """One table's four clients: a game, then a new table and another game, until stopped."""
    rng = random.Random(index)
    seats = await connect_seats(base, http, index)
    shared.sockets.extend(s.ws for s in seats)
    phases.connected += 1
    await phases.go_tables.wait()
    table = await open_table(seats)
    phases.opened += 1
    await phases.go_play.wait()
    while True:
        await seats[0].ws.send(json.dumps({"type": "start", "table": table}))
        await asyncio.gather(*(play_seat(table, s, shared, rng, think) for s in seats))
        table = await open_table(seats)


@dataclass(frozen=True)
class Plan:
    """What one client process does; the events come from the parent process."""

    base: str
    tables: range
    seconds: float
    warmup: float
    think: float
    connected: Any  # multiprocessing events: set by the worker / by the parent
    opened: Any
    go_tables: Any
    go_play: Any


def worker(plan: Plan, out: Any) -> None:
    """One client process: its share of the tables, then its figures on ``out``."""
    out.put(asyncio.run(drive(plan)))


async def wait_for(flag: Any) -> None:
    while not flag.is_set():
        await asyncio.sleep(0.05)


async def reach(count: Callable[[], int], total: int, tasks: list[asyncio.Task[None]]) -> None:
    while count() < total:
        failed = [t for t in tasks if t.done()]
        if failed:
            raise RuntimeError(f"a table failed while setting up: {failed[0].exception()!r}")
        await asyncio.sleep(0.05)


async def drive(plan: Plan) -> dict[str, Any]:
    shared, phases = Shared(), Phases()
    total = len(plan.tables)
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=plan.base, limits=limits, timeout=60) as http:
        tasks = [
            asyncio.create_task(run_table(plan.base, http, i, shared, phases, plan.think))
            for i in plan.tables
        ]
        await reach(lambda: phases.connected, total, tasks)
        plan.connected.set()
        await wait_for(plan.go_tables)
        phases.go_tables.set()
        await reach(lambda: phases.opened, total, tasks)
        plan.opened.set()
        await wait_for(plan.go_play)
        phases.go_play.set()
        await asyncio.sleep(plan.warmup)
        shared.measuring = True
        began = time.perf_counter()
        await asyncio.sleep(plan.seconds)
        shared.measuring = False
        elapsed = time.perf_counter() - began
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(ws.close() for ws in shared.sockets), return_exceptions=True)
    return {"latencies": shared.latencies, "games": shared.games, "elapsed": elapsed}


# ---------------------------------------------------------------------- the run


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured phase")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--procs", type=int, default=2, help="client worker processes")
    parser.add_argument("--database", default="", help="database URL (default: temp SQLite)")
    parser.add_argument("--deflate", action="store_true", help="websocket compression on")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="average seconds a client waits before its action (0: at once)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{tmp}/load.db"
        extra = {"EUCHRE_WS_DEFLATE": "1" if args.deflate else "0"}
        server = start_server(port, database, extra)
        try:
            report = measure(server, base, args)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
    print_report(report, args)


def wait_all(flags: list[Any], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    for flag in flags:
        if not flag.wait(max(0.0, deadline - time.monotonic())):
            raise RuntimeError("the clients did not finish setting up in time")


def measure(server: subprocess.Popen[bytes], base: str, args: argparse.Namespace) -> dict[str, Any]:
    """Connect every client, open every table, play; measure the server between phases."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    go_tables, go_play = ctx.Event(), ctx.Event()
    plans = [
        Plan(
            base,
            range(i, args.tables, args.procs),
            args.seconds,
            args.warmup,
            args.think,
            ctx.Event(),
            ctx.Event(),
            go_tables,
            go_play,
        )
        for i in range(args.procs)
    ]
    procs = [ctx.Process(target=worker, args=(plan, out)) for plan in plans]
    rss_empty = proc_rss_bytes(server.pid)
    began = time.monotonic()
    for p in procs:
        p.start()
    wait_all([plan.connected for plan in plans], SETUP_TIMEOUT)
    time.sleep(1.0)
    rss_connected = proc_rss_bytes(server.pid)
    go_tables.set()
    wait_all([plan.opened for plan in plans], SETUP_TIMEOUT)
    setup = time.monotonic() - began
    go_play.set()
    time.sleep(args.warmup / 2)
    rss_playing = proc_rss_bytes(server.pid)
    health = httpx.get(base + "/healthz").json()
    time.sleep(args.warmup / 2)
    cpu0, actions0, t0 = proc_cpu_seconds(server.pid), server_actions(base), time.monotonic()
    time.sleep(args.seconds)
    cpu1, actions1, t1 = proc_cpu_seconds(server.pid), server_actions(base), time.monotonic()
    results = [out.get(timeout=60 + args.seconds) for _ in procs]
    for p in procs:
        p.join(30)
    latencies = [x for r in results for x in r["latencies"]]
    elapsed = t1 - t0
    clients = args.tables * 4
    return {
        "tables": args.tables,
        "clients": clients,
        "connections_seen": health["connections"],
        "think_seconds": args.think,
        "setup_seconds": round(setup, 1),
        "seconds": round(elapsed, 1),
        "actions_per_second": round((actions1 - actions0) / elapsed, 1),
        "deliveries_measured": len(latencies),
        "latency_p50_ms": round(percentile(latencies, 0.50) * 1000, 2),
        "latency_p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "latency_mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "games_finished": sum(r["games"] for r in results),
        "server_cpu_percent": round(100 * (cpu1 - cpu0) / elapsed, 1),
        "cpu_ms_per_table_per_s": round(1000 * (cpu1 - cpu0) / elapsed / args.tables, 3),
        "cpu_ms_per_action": round(1000 * (cpu1 - cpu0) / max(1.0, actions1 - actions0), 3),
        "memory_per_connection_kb": round((rss_connected - rss_empty) / clients / 1024, 1),
        "memory_per_table_kb": round((rss_playing - rss_connected) / args.tables / 1024, 1),
        "memory_per_table_with_clients_kb": round(
            (rss_playing - rss_empty) / args.tables / 1024, 1
        ),
        "server_rss_mb": round(rss_playing / 2**20, 1),
    }


def print_report(report: dict[str, Any], args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"euchre server load: {report['tables']} tables, {report['clients']} clients "
        f"({report['connections_seen']} connected), think {report['think_seconds']} s, "
        f"{report['seconds']} s measured (set-up {report['setup_seconds']} s)"
    )
    print(f"  actions/s accepted       {report['actions_per_second']:>10}")
    print(f"  action->broadcast p50    {report['latency_p50_ms']:>10} ms")
    print(f"  action->broadcast p99    {report['latency_p99_ms']:>10} ms")
    print(f"  deliveries measured      {report['deliveries_measured']:>10}")
    print(f"  games finished           {report['games_finished']:>10}")
    print(f"  server CPU               {report['server_cpu_percent']:>10} % of one core")
    print(f"  CPU per table            {report['cpu_ms_per_table_per_s']:>10} ms/s")
    print(f"  CPU per action           {report['cpu_ms_per_action']:>10} ms")
    print(
        f"  memory per table         {report['memory_per_table_kb']:>10} KB (game, seats, events)"
    )
    print(f"  memory per connection    {report['memory_per_connection_kb']:>10} KB")
    print(f"  table + its 4 clients    {report['memory_per_table_with_clients_kb']:>10} KB")
    print(f"  server RSS               {report['server_rss_mb']:>10} MB")


if __name__ == "__main__":
    main()
