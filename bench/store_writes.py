"""The repository's CPU per write: what the store costs the server for each action.

``--tables`` tables on one SQLite file each save ``--writes`` actions, one at a time and
all tables at once, as a table does with each accepted action (a fenced write: the action
row, checked against the table's epoch). Group commit gathers what is waiting into one
transaction; the figure is the whole process's CPU time (the event loop, the writer
thread, SQLite) over the writes, so the hand-overs between threads count too.

With ``--reference PATH`` (a checkout, e.g. ``git worktree add --detach /tmp/ref REV``)
the same runs alternate with that checkout's code, and the medians are printed side by
side with their ratio. The reference must have this store's interface (fenced saves,
``euchre.store.upgrade``): ab5fb20 and later.

    .venv/bin/python bench/store_writes.py --reference /tmp/ref
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUN = r"""
import asyncio, json, sys, tempfile, time
from euchre.store import Repository, StoredAction, make_engine, upgrade
from euchre.store.repo import utcnow

TABLES, WRITES = int(sys.argv[1]), int(sys.argv[2])


def new_game() -> dict[str, object]:
    return {"kind": "casual", "status": "playing", "variant_name": "standard", "options": {},
            "settings": {}, "seats": [], "version": 0, "created_at": utcnow()}


async def main() -> None:
    engine = make_engine(f"sqlite:///{tempfile.mkdtemp()}/store.db")
    await upgrade(engine)
    store = Repository(engine)
    store.start()
    for t in range(TABLES):
        await store.create_game(f"t{t}", new_game())

    async def table(t: int) -> None:
        for i in range(WRITES):
            action = StoredAction(i + 1, i % 4, "pass", "player", i + 1)
            await store.save(f"t{t}", {}, actions=[action], epoch=0)

    started = time.process_time()
    await asyncio.gather(*(table(t) for t in range(TABLES)))
    used = time.process_time() - started
    print(json.dumps({"us_per_write": used / (TABLES * WRITES) * 1e6,
                      "writes_per_commit": store.writes / max(1, store.commits)}))
    await store.close()
    await engine.dispose()


asyncio.run(main())
"""


def run_once(source: Path | None, tables: int, writes: int) -> dict[str, float]:
    """One run in a fresh interpreter, on this checkout's code or ``source``'s."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source / "src")
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run(
            [sys.executable, "-c", RUN, str(tables), str(writes)],
            env=env,
            cwd=scratch,
            capture_output=True,
            text=True,
            check=False,
        )
    if out.returncode != 0:
        where = "this checkout" if source is None else str(source)
        raise SystemExit(f"the run on {where} failed:\n{out.stderr[-2000:]}")
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16, help="tables writing at once")
    parser.add_argument("--writes", type=int, default=300, help="actions saved by each table")
    parser.add_argument("--rounds", type=int, default=5, help="runs (of each, with --reference)")
    parser.add_argument("--reference", help="a checkout to compare with, run in turns")
    args = parser.parse_args()
    reference = None if args.reference is None else Path(args.reference)
    runs: dict[str, list[dict[str, float]]] = {"this": [], "reference": []}
    started = time.monotonic()
    for _ in range(args.rounds):
        runs["this"].append(run_once(None, args.tables, args.writes))
        if reference is not None:
            runs["reference"].append(run_once(reference, args.tables, args.writes))
    print(
        f"store writes: {args.tables} tables x {args.writes} fenced actions on SQLite, "
        f"{args.rounds} runs, {time.monotonic() - started:.0f} s, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    for key, label in (
        ("us_per_write", "CPU per write (us)"),
        ("writes_per_commit", "writes per commit"),
    ):
        ours = statistics.median(r[key] for r in runs["this"])
        line = f"  {label:22}{ours:10.1f}"
        if reference is not None:
            theirs = statistics.median(r[key] for r in runs["reference"])
            line += f"{theirs:12.1f}{ours / theirs:8.2f}x   (this | {reference})"
        print(line)


if __name__ == "__main__":
    main()
