"""Steady bots under load: N tables of one person and three ``hard`` bots on one server.

Starts ``python -m euchre serve`` (SQLite in a temporary directory) with hard bots, opens
``--tables`` private tables (no turn timer), each with one simulated person who starts
the game (the three empty seats get bots) and answers their turns with a random legal
action after ``--think`` seconds on average; a finished game is followed by a new table.
After ``--seconds`` of play it reports:

* bot decision time p50 / p99 (the server's ``euchre_bot_decision_seconds`` histogram:
  from asking a worker to its answer, queueing included);
* fallbacks (moves that were medium's choice) per 1,000 bot decisions, by reason
  (target 0);
* the people's action -> broadcast p99: from the person sending an action to receiving
  the table's answer to it (target under 100 ms).

Example: ``python bench/bot_tables.py --tables 20 --seconds 60``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import ClientConnection, connect

from serving import serve

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def free_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, database: str, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "EUCHRE_PORT": str(port),
        "EUCHRE_DATABASE_URL": database,
        "EUCHRE_LOG_LEVEL": "error",
        "EUCHRE_BOT_LEVEL": "hard",
        "EUCHRE_BOT_DELAY": str(args.bot_delay),
        "EUCHRE_BOT_BUDGET": str(args.budget),
        "EUCHRE_BOT_WORKERS": str(args.workers),
        "EUCHRE_BOT_NICE": str(args.nice),
        "EUCHRE_BOT_THINK": str(args.think_cap),
        "EUCHRE_RATE_PER_SECOND": "1000",
        "EUCHRE_RATE_BURST": "1000",
        # Every table of the run plays with bots (the default cap is 100 per instance).
        "EUCHRE_MAX_BOT_GAMES": str(args.tables),
    }
    return serve(env, port)


def server_samples(base: str) -> Samples:
    text = httpx.get(base + "/metrics", timeout=10).text
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def total(samples: Samples, name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v for (n, found), v in samples.items() if n == name and wanted <= found)


def histogram_quantile(samples: Samples, name: str, q: float) -> float:
    """The q-quantile of a histogram, interpolated within its bucket (as Prometheus does)."""
    buckets = sorted(
        (float(dict(found)["le"]), v) for (n, found), v in samples.items() if n == name + "_bucket"
    )
    count = buckets[-1][1] if buckets else 0.0
    if count <= 0:
        return float("nan")
    rank, lower, below = q * count, 0.0, 0.0
    for bound, cumulative in buckets:
        if cumulative >= rank:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / max(cumulative - below, 1e-9)
        lower, below = bound, cumulative
    return lower


@dataclass
class Record:
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)


async def until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message)


async def person(
    base: str, http: httpx.AsyncClient, index: int, record: Record, think: float, stop: float
) -> None:
    """One person: a table with three bots, games one after another until ``stop``."""
    rng = random.Random(index)
    response = await http.post("/api/session", json={"name": f"P{index}"})
    token = response.json()["session"]
    url = base.replace("http://", "ws://") + "/ws?session=" + token
    async with connect(url, max_size=2**22, compression=None) as ws:
        await until(ws, "welcome")
        while time.monotonic() < stop:
            await ws.send(json.dumps({"type": "create", "kind": "private", "turn_seconds": 0}))
            table = (await until(ws, "created"))["table"]
            await until(ws, "table")
            await ws.send(json.dumps({"type": "start", "table": table}))
            await play_game(ws, table, rng, record, think, stop)


async def play_game(
    ws: ClientConnection,
    table: str,
    rng: random.Random,
    record: Record,
    think: float,
    stop: float,
) -> None:
    waiting: tuple[int, float] | None = None  # (version awaited, when the action was sent)
    seat = 0
    while time.monotonic() < stop:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
        except TimeoutError:
            return
        received = time.perf_counter()
        message = json.loads(raw)
        if message["type"] == "error":
            code = str(message.get("code"))
            record.errors[code] = record.errors.get(code, 0) + 1
            continue
        if message.get("table") != table or message["type"] not in ("event", "table"):
            continue
        if waiting is not None and message["version"] >= waiting[0]:
            record.latencies.append(received - waiting[1])
            waiting = None
        if message["type"] == "event" and "game_over" in message["event"]:
            record.games += 1
            return
        state = message["state"]
        if message["type"] == "table" and message["you"]["seat"] is not None:
            seat = message["you"]["seat"]
        if state and state["to_act"] == seat and state["legal"] and waiting is None:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            action = rng.choice(state["legal"])
            version = message["version"]
            waiting = (version + 1, time.perf_counter())
            record.actions += 1
            await ws.send(
                json.dumps({"type": "act", "table": table, "action": action, "version": version})
            )


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def drive(base: str, args: argparse.Namespace) -> Record:
    record = Record()
    stop = time.monotonic() + args.seconds
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tasks = [
            asyncio.create_task(person(base, http, i, record, args.think, stop))
            for i in range(args.tables)
        ]
        await asyncio.gather(*tasks)
    return record


def report(record: Record, samples: Samples, args: argparse.Namespace) -> dict[str, Any]:
    decisions = total(samples, "euchre_actions_total", by="bot")
    fallbacks = {
        dict(found)["reason"]: v
        for (n, found), v in samples.items()
        if n == "euchre_bot_fallbacks_total"
    }
    per_1000 = 1000 * sum(fallbacks.values()) / decisions if decisions else float("nan")
    return {
        "tables": args.tables,
        "seconds": args.seconds,
        "bot_decisions": int(decisions),
        "bot_decision_p50_ms": 1000
        * histogram_quantile(samples, "euchre_bot_decision_seconds", 0.5),
        "bot_decision_p99_ms": 1000
        * histogram_quantile(samples, "euchre_bot_decision_seconds", 0.99),
        "fallbacks_per_1000": per_1000,
        "fallbacks_by_reason": fallbacks,
        "person_actions": record.actions,
        "person_action_to_broadcast_p50_ms": 1000 * percentile(record.latencies, 0.5),
        "person_action_to_broadcast_p99_ms": 1000 * percentile(record.latencies, 0.99),
        "games_finished": record.games,
        "errors_by_code": record.errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0, help="of play")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean think time")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="EUCHRE_BOT_DELAY")
    parser.add_argument("--budget", type=float, default=2.0, help="EUCHRE_BOT_BUDGET")
    parser.add_argument("--workers", type=int, default=0, help="EUCHRE_BOT_WORKERS (0: auto)")
    parser.add_argument("--nice", type=int, default=5, help="EUCHRE_BOT_NICE")
    parser.add_argument("--think-cap", type=float, default=0.5, help="EUCHRE_BOT_THINK")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, f"sqlite+aiosqlite:///{tmp}/euchre.db", args)
        base = f"http://127.0.0.1:{port}"
        try:
            record = asyncio.run(drive(base, args))
            samples = server_samples(base)
        finally:
            server.terminate()
            server.wait(timeout=30)
    figures = report(record, samples, args)
    for key, value in figures.items():
        shown = f"{value:.1f}" if isinstance(value, float) else value
        print(f"{key:36} {shown}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
