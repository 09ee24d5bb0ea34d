"""The server's instructions per accepted action, counted by callgrind: a figure that the
machine's load does not move.

``bench/server_load.py`` measures CPU seconds, which on a shared 2-core machine spread
over 10-20% between runs of the same checkout. This bench runs the same server
(``python -m euchre serve``, SQLite in a temporary directory, turn timer and websocket
compression off) under ``valgrind --tool=callgrind`` with instrumentation off, drives
``--tables`` private tables of four clients playing random legal actions at once (the
clients of ``server_load.py``, in this process), switches instrumentation on for
``--seconds`` of play and divides the instructions counted by the actions the server
accepted meanwhile (its Prometheus counter, read with instrumentation off).

Counted: every instruction the server process runs in user space (Python, the event loop,
SQLite, its threads). Not counted: the kernel's work (system calls, loopback). Under
valgrind the server is about 50 times slower, so with the same number of tables waiting
on it its group commits hold about as many actions as on a saturated native server.

    .venv/bin/python bench/server_instructions.py --tables 20 --seconds 30
    .venv/bin/python bench/server_instructions.py --reference /tmp/ref   # side by side
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from server_load import (
    Phases,
    Shared,
    free_port,
    run_table,
    sample_total,
    server_samples,
    start_server_env,
)
from serving import stop

START_TIMEOUT = 600.0


def start(port: int, out_file: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        f"--callgrind-out-file={out_file}",
        sys.executable,
        "-m",
        "euchre",
        "serve",
    ]
    proc = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    proc.kill()
    raise RuntimeError("the server did not start under valgrind")


def instrument(pid: int, on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "-i", "on" if on else "off", str(pid)],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def total_instructions(out_file: Path) -> int:
    found = re.search(r"^totals:\s+(\d+)", out_file.read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError(f"no totals in {out_file}")
    return int(found.group(1))


def actions(base: str) -> float:
    return sample_total(server_samples(base), "euchre_actions_total")


async def drive(base: str, pid: int, tables: int, warmup: float, seconds: float) -> float:
    """Play, count the measured window's instructions; the actions accepted in it."""
    shared, phases = Shared(), Phases()
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        tasks = [
            asyncio.create_task(run_table(base, http, i, shared, phases, 0.0))
            for i in range(tables)
        ]
        while phases.connected < tables:
            await asyncio.sleep(0.1)
        phases.go_tables.set()
        while phases.opened < tables:
            await asyncio.sleep(0.1)
        phases.go_play.set()
        await asyncio.sleep(warmup)
        before = await asyncio.to_thread(actions, base)
        await asyncio.to_thread(instrument, pid, True)
        await asyncio.sleep(seconds)
        await asyncio.to_thread(instrument, pid, False)
        after = await asyncio.to_thread(actions, base)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(ws.close() for ws in shared.sockets), return_exceptions=True)
    return after - before


def run_once(args: argparse.Namespace, source: Path | None) -> dict[str, float]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        extra = {"EUCHRE_WS_DEFLATE": "0"}
        if source is not None:
            extra["PYTHONPATH"] = str(source / "src")
        env = start_server_env(port, f"sqlite:///{tmp}/load.db", extra)
        out_file = Path(tmp) / "callgrind.out"
        server = start(port, out_file, env)
        try:
            accepted = asyncio.run(drive(base, server.pid, args.tables, args.warmup, args.seconds))
        finally:
            stop(server, signal.SIGINT, 120)  # SIGINT: callgrind writes its counts at exit
        counted = total_instructions(out_file)
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            kept = Path(args.keep) / f"callgrind.{'this' if source is None else 'reference'}.out"
            kept.write_bytes(out_file.read_bytes())
    return {"actions": accepted, "instructions_per_action": counted / max(accepted, 1.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured (under valgrind)")
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--reference", default="", help="another checkout's root, run in turns")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--keep", default="", help="a folder to keep callgrind's output in")
    args = parser.parse_args()
    sources: list[tuple[str, Path | None]] = [("this", None)]
    if args.reference:
        sources.append(("reference", Path(args.reference)))
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sources}
    for _ in range(args.rounds):
        for name, source in sources:
            result = run_once(args, source)
            runs[name].append(result)
            print(
                f"  {name}: {result['actions']:.0f} actions, "
                f"{result['instructions_per_action'] / 1e3:,.0f} thousand instructions each",
                flush=True,
            )
    medians = {
        name: statistics.median(r["instructions_per_action"] for r in found)
        for name, found in runs.items()
    }
    print(f"server instructions per action, {args.tables} tables, think 0 (median of runs):")
    for name, value in medians.items():
        print(f"  {name:10} {value / 1e3:10,.1f} thousand")
    if args.reference:
        print(f"  ratio      {medians['this'] / medians['reference']:10.2f}x")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
