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

With ``--cluster ADMIN_URL`` (a PostgreSQL URL on which a fresh database is made and
dropped again; ``--redis`` names the Redis) it measures instead, in one run: one instance
and then two instances on PostgreSQL and Redis, every table's four players split across
the two (``bench/cluster_load.py``): actions per second, action -> broadcast p50 and p99,
server CPU per action; then one of the two is killed with SIGKILL while its tables are
played: seconds until they play on, on the other instance, and actions lost (every
action a client saw must be in the database).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import ClientConnection, connect

from serving import serve, stop

SETUP_TIMEOUT = 180.0


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, database: str, extra: dict[str, str]) -> subprocess.Popen[bytes]:
    return serve(start_server_env(port, database, extra), port)


def start_server_env(port: int, database: str, extra: dict[str, str]) -> dict[str, str]:
    """The benchmark server's environment: no turn timer, limits out of the clients' way."""
    return {
        **os.environ,
        "EUCHRE_PORT": str(port),
        "EUCHRE_DATABASE_URL": database,
        "EUCHRE_TURN_SECONDS": "600",
        "EUCHRE_LOG_LEVEL": "warning",
        "EUCHRE_RATE_PER_SECOND": "1000",
        "EUCHRE_RATE_BURST": "1000",
        "EUCHRE_OUTGOING_QUEUE": "4096",
        # Every client of the benchmark comes from 127.0.0.1.
        "EUCHRE_TABLES_PER_ADDRESS": "1000000",
        "EUCHRE_WAITING_PER_ADDRESS": "1000000",
        "EUCHRE_SOCKETS_PER_ADDRESS": "1000000",
        "EUCHRE_WEBSOCKETS_PER_ADDRESS": "1000000",
        **extra,
    }


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def proc_rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def server_samples(base: str) -> Samples:
    """Every sample of the server's Prometheus metrics, by name and labels."""
    text = httpx.get(base + "/metrics", timeout=10).text
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def sample_total(samples: Samples, name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v for (n, found), v in samples.items() if n == name and wanted <= found)


def bucket_deltas(
    before: Samples, after: Samples, name: str, **labels: str
) -> list[tuple[float, float]]:
    """A histogram's cumulative buckets over an interval: (upper bound, count) pairs."""
    bounds = {dict(found)["le"] for (n, found) in after if n == name + "_bucket"}
    deltas = [
        (
            float(le),
            sample_total(after, name + "_bucket", le=le, **labels)
            - sample_total(before, name + "_bucket", le=le, **labels),
        )
        for le in bounds
    ]
    return sorted(deltas)


def bucket_quantile(buckets: list[tuple[float, float]], q: float) -> float:
    """The q-quantile of a histogram, interpolated within its bucket (as Prometheus does)."""
    total = buckets[-1][1] if buckets else 0.0
    if total <= 0:
        return float("nan")
    rank, lower, below = q * total, 0.0, 0.0
    for bound, cumulative in buckets:
        if cumulative >= rank:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / max(cumulative - below, 1e-9)
        lower, below = bound, cumulative
    return lower


def bucket_ceiling(buckets: list[tuple[float, float]]) -> float:
    """The upper bound of the highest bucket that received anything (longest observation)."""
    total = buckets[-1][1] if buckets else 0.0
    for bound, cumulative in buckets:
        if cumulative >= total:
            return bound if total > 0 else 0.0
    return float("inf")


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
        received = time.perf_counter()  # before parsing: the client's own work is not the server's
        message = json.loads(raw)
        if message["type"] != "event":
            continue
        version = message["version"]
        event = message["event"]
        if event.get("seat") not in (None, seat.seat):
            sent = shared.sent.get((table, version))
            if sent is not None and shared.measuring:
                shared.latencies.append(received - sent)
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
    client_gc: bool
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


def quiet_collector() -> None:
    """Keep this short-lived client process's garbage collector out of the measurement.

    A full pass over 1,000 client websockets takes as long as the server's own; it would
    count as server latency for every message waiting behind it. What the set-up built
    is frozen, and the collector stays off while play is measured (a minute of play
    leaves a few megabytes of cyclic garbage, freed when the process exits)."""
    gc.collect()
    gc.freeze()
    gc.disable()


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
        if not plan.client_gc:
            quiet_collector()
        phases.go_play.set()
        await asyncio.sleep(plan.warmup)
        shared.measuring = True
        began, cpu_began = time.perf_counter(), time.process_time()
        await asyncio.sleep(plan.seconds)
        shared.measuring = False
        elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu_began
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(ws.close() for ws in shared.sockets), return_exceptions=True)
    return {
        "latencies": shared.latencies,
        "games": shared.games,
        "elapsed": elapsed,
        "cpu": cpu,
        "max_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
    }


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
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="leave the client processes' garbage collector on while measuring",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--reference",
        default="",
        help="another checkout (its root) whose server is measured in turns with this one",
    )
    parser.add_argument("--rounds", type=int, default=3, help="runs of each with --reference")
    parser.add_argument("--cluster", default="", help="PostgreSQL admin URL: the cluster run")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    if args.cluster:
        print(json.dumps(asyncio.run(cluster_run(args)), indent=2))
        return

    if args.reference:
        compare(args, Path(args.reference))
        return
    print_report(run_once(args, None), args)


def run_once(args: argparse.Namespace, source: Path | None) -> dict[str, Any]:
    """Start a server (this checkout's, or the one in ``source``), measure it, stop it."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{tmp}/load.db"
        extra = {"EUCHRE_WS_DEFLATE": "1" if args.deflate else "0"}
        if source is not None:  # the other checkout's package comes first on the path
            extra["PYTHONPATH"] = str(source / "src")
        server = start_server(port, database, extra)
        try:
            return measure(server, base, args)
        finally:
            stop(server)


COMPARED = (
    ("cpu_ms_per_action", "CPU per action (ms)"),
    ("actions_per_second", "actions/s accepted"),
    ("server_cpu_percent", "server CPU (% of a core)"),
    ("latency_p50_ms", "action->broadcast p50 (ms)"),
    ("latency_p99_ms", "action->broadcast p99 (ms)"),
    ("memory_per_table_kb", "memory per table (KB)"),
)


def compare(args: argparse.Namespace, reference: Path) -> None:
    """This checkout's server and the reference checkout's, measured in turns (this,
    reference, this, ...) in one run: the medians side by side and their ratio."""
    runs: dict[str, list[dict[str, Any]]] = {"this": [], "reference": []}
    for _ in range(args.rounds):
        runs["this"].append(run_once(args, None))
        runs["reference"].append(run_once(args, reference))
    if args.json:
        print(json.dumps(runs, indent=2))
        return
    print(
        f"euchre server load, this checkout against {reference} ({args.rounds} runs each, "
        f"in turns): {args.tables} tables, think {args.think} s, {args.seconds} s measured"
    )
    print(f"  {'':28}{'this':>10}{'reference':>12}{'ratio':>8}   runs (this | reference)")
    for key, label in COMPARED:
        mine = [float(r[key]) for r in runs["this"]]
        theirs = [float(r[key]) for r in runs["reference"]]
        a, b = statistics.median(mine), statistics.median(theirs)
        ratio = f"{a / b:.2f}x" if b else "-"
        print(f"  {label:28}{a:>10.3f}{b:>12.3f}{ratio:>8}   {mine} | {theirs}")


async def cluster_run(args: argparse.Namespace) -> dict[str, Any]:
    """One instance, then two with the players split, then a SIGKILL of one of the two."""
    import cluster_load as cl

    url = await cl.fresh_database(args.cluster)
    servers: list[subprocess.Popen[bytes]] = []
    try:
        bases = []
        for name in ("a", "b"):
            port = free_port()
            extra = {
                "EUCHRE_REDIS_URL": args.redis,
                "EUCHRE_INSTANCE": name,
                "EUCHRE_LEASE_SECONDS": str(cl.LEASE_SECONDS),
                "EUCHRE_GRACE_SECONDS": "120",
                "EUCHRE_WS_DEFLATE": "0",
            }
            servers.append(await asyncio.to_thread(start_server, port, url, extra))
            bases.append(f"http://127.0.0.1:{port}")
        a, b = servers
        one, run, tasks = await cl.phase(
            bases[:1], [a.pid], args.tables, args.seconds, args.warmup, "one"
        )
        await cl.stop(run, tasks)
        two, run, tasks = await cl.phase(
            bases, [a.pid, b.pid], args.tables, args.seconds, args.warmup, "two"
        )
        killed = await cl.kill_one(run, b, bases[1], bases[0], 6 * cl.LEASE_SECONDS + 20)
        await cl.stop(run, tasks)
        killed["actions_lost"] = await cl.lost_actions(url, run)
        killed["actions_seen"] = sum(len(t.seen) for t in run.tables)
        return {"one_instance": one, "two_instances": two, "sigkill_of_one": killed}
    finally:
        for server in servers:
            if server.poll() is None:
                stop(server)
        await cl.drop_database(args.cluster, url)


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
            args.client_gc,
            ctx.Event(),
            ctx.Event(),
            go_tables,
            go_play,
        )
        for i in range(args.procs)
    ]
    procs = [ctx.Process(target=worker, args=(plan, out)) for plan in plans]
    load_before = os.getloadavg()[0]
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
    window_began = time.time()
    cpu0, metrics0, t0 = proc_cpu_seconds(server.pid), server_samples(base), time.monotonic()
    time.sleep(args.seconds)
    cpu1, metrics1, t1 = proc_cpu_seconds(server.pid), server_samples(base), time.monotonic()
    load_during = os.getloadavg()[0]
    results = [out.get(timeout=60 + args.seconds) for _ in procs]
    for p in procs:
        p.join(30)
    latencies = [x for r in results for x in r["latencies"]]
    elapsed = t1 - t0
    clients = args.tables * 4
    actions0 = sample_total(metrics0, "euchre_actions_total")
    actions1 = sample_total(metrics1, "euchre_actions_total")
    inside = bucket_deltas(metrics0, metrics1, "euchre_action_latency_seconds")
    return {
        "load_average_before": round(load_before, 2),
        "load_average_during": round(load_during, 2),
        "client_gc": args.client_gc,
        "measured_unix_time": [round(window_began, 1), round(window_began + t1 - t0, 1)],
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
        "latency_p999_ms": round(percentile(latencies, 0.999) * 1000, 2),
        "latency_max_ms": round(max(latencies, default=float("nan")) * 1000, 2),
        "latency_mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "server_latency_p50_ms": round(bucket_quantile(inside, 0.50) * 1000, 2),
        "server_latency_p99_ms": round(bucket_quantile(inside, 0.99) * 1000, 2),
        "server_gc": gc_report(metrics0, metrics1, elapsed),
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
        "client_cpu_percent": round(
            100 * sum(r["cpu"] for r in results) / max(r["elapsed"] for r in results), 1
        ),
        "client_max_rss_mb": round(max(r["max_rss"] for r in results) / 2**20, 1),
    }


def gc_report(before: Samples, after: Samples, elapsed: float) -> dict[str, dict[str, float]]:
    """The server's collector passes while measured, by generation: how many, their total
    length, the longest (as the histogram bucket that holds it) and the share of time."""
    report = {}
    for generation in ("0", "1", "2"):
        buckets = bucket_deltas(before, after, "euchre_gc_pause_seconds", generation=generation)
        total = sample_total(after, "euchre_gc_pause_seconds_sum", generation=generation)
        total -= sample_total(before, "euchre_gc_pause_seconds_sum", generation=generation)
        report[generation] = {
            "passes": buckets[-1][1] if buckets else 0.0,
            "total_ms": round(total * 1000, 1),
            "longest_at_most_ms": round(bucket_ceiling(buckets) * 1000, 1),
            "percent_of_time": round(100 * total / elapsed, 2),
        }
    return report


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
    print(f"  action->broadcast p99.9  {report['latency_p999_ms']:>10} ms")
    print(f"  action->broadcast max    {report['latency_max_ms']:>10} ms")
    print(f"  in the server p50        {report['server_latency_p50_ms']:>10} ms (its histogram)")
    print(f"  in the server p99        {report['server_latency_p99_ms']:>10} ms (its histogram)")
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
    for generation, gc_pass in report["server_gc"].items():
        print(
            f"  server GC gen {generation}: {gc_pass['passes']:>5.0f} passes, "
            f"{gc_pass['total_ms']:>7} ms in all ({gc_pass['percent_of_time']} % of the time), "
            f"longest <= {gc_pass['longest_at_most_ms']} ms"
        )
    print(
        f"  clients: {report['client_cpu_percent']} % of one core, "
        f"at most {report['client_max_rss_mb']} MB each, "
        f"collector {'on' if report['client_gc'] else 'off'} while measured"
    )
    print(
        f"  load average: {report['load_average_before']} before, "
        f"{report['load_average_during']} at the end of the measured phase"
    )


if __name__ == "__main__":
    main()
