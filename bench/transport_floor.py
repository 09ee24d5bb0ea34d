"""The floor under the server's CPU per action: the websocket transport alone.

``bench/server_load.py --think 0`` measures the game server's CPU per accepted action with
four clients a table: one message in (the action) and four out (its event to each seat).
This benchmark runs the same traffic through the same stack (uvicorn with uvloop and
httptools, its ``websockets-sansio`` protocol, Starlette's websocket, no compression) with
nothing else: no validation, no engine, no store, no views. Each "table" is four
websockets taking turns; the server answers each turn with a message of ``--payload``
bytes to all four, naming whose turn is next, and that client answers at once.

What it prints is the CPU the server process spends per action on moving the messages
(and the kernel's loopback work, which Linux charges to the sending process): whatever
the game server does besides costs more than this, so no change to the game logic can
bring the server below it.

    .venv/bin/python bench/transport_floor.py --tables 60 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time

from server_load import free_port, proc_cpu_seconds

SERVER = r"""
import asyncio, json, sys
import uvicorn
from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.responses import PlainTextResponse

PAYLOAD = int(sys.argv[2])
tables = {}
count = [0]

async def ws_endpoint(websocket):
    table = int(websocket.query_params["table"])
    seat = int(websocket.query_params["seat"])
    await websocket.accept()
    t = tables.setdefault(table, {"sockets": [None] * 4, "turn": 0, "version": 0})
    t["sockets"][seat] = websocket
    try:
        while True:
            text = await websocket.receive_text()
            message = json.loads(text)
            if seat != t["turn"] or message.get("type") != "act":
                continue
            t["version"] += 1
            t["turn"] = (t["turn"] + 1) % 4
            count[0] += 1
            head = {"type": "event", "table": table, "version": t["version"], "to_act": t["turn"]}
            body = json.dumps(head)
            body = body[:-1] + ',"pad":"' + "x" * max(0, PAYLOAD - len(body) - 10) + '"}'
            for other in t["sockets"]:
                if other is not None:
                    await other.send_text(body)
    except Exception:
        return

async def counted(request):
    return PlainTextResponse(str(count[0]))

app = Starlette(routes=[WebSocketRoute("/ws", ws_endpoint), Route("/count", counted)])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), loop="uvloop", http="httptools",
            ws="websockets-sansio", ws_per_message_deflate=False, log_level="warning",
            access_log=False)
"""


def start_server(port: int, payload: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(port), str(payload)])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if _count(port) is not None:
            return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the floor server did not start")


def _count(port: int) -> int | None:
    import httpx

    try:
        return int(httpx.get(f"http://127.0.0.1:{port}/count", timeout=1).text)
    except httpx.HTTPError:
        return None


async def _seat(url: str, table: int, seat: int, ready: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"{url}?table={table}&seat={seat}", compression=None) as ws:
        await ready.wait()
        act = json.dumps({"type": "act", "table": table})
        if seat == 0:
            await ws.send(act)
        async for raw in ws:
            if json.loads(raw)["to_act"] == seat:
                await ws.send(act)


def _client(port: int, tables: range, seconds: float) -> None:
    async def main() -> None:
        ready = asyncio.Event()
        url = f"ws://127.0.0.1:{port}/ws"
        tasks = [asyncio.create_task(_seat(url, t, s, ready)) for t in tables for s in range(4)]
        await asyncio.sleep(2.0)  # every socket connected
        ready.set()
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()

    asyncio.run(main())


def measure(port: int, pid: int, tables: range, procs: int, warmup: float, seconds: float) -> float:
    """CPU milliseconds the server spends per action, over ``seconds`` after ``warmup``."""
    share = -(-len(tables) // procs)
    workers = [
        multiprocessing.Process(
            target=_client, args=(port, tables[i * share : (i + 1) * share], warmup + seconds + 2)
        )
        for i in range(procs)
    ]
    for w in workers:
        w.start()
    time.sleep(2.0 + warmup)
    cpu0, count0 = proc_cpu_seconds(pid), _count(port) or 0
    time.sleep(seconds)
    cpu1, count1 = proc_cpu_seconds(pid), _count(port) or 0
    for w in workers:
        w.join()
    actions = max(1, count1 - count0)
    print(
        f"  {actions / seconds:8.1f} actions/s, server CPU {100 * (cpu1 - cpu0) / seconds:5.1f} %"
        f" of a core, {1000 * (cpu1 - cpu0) / actions:.3f} ms per action"
    )
    return 1000 * (cpu1 - cpu0) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=4.0)
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--payload", type=int, default=1450, help="bytes of each message out")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    server = start_server(port, args.payload)
    load = os.getloadavg()[0]
    print(
        f"transport floor: {args.tables} tables of 4 websockets, {args.payload}-byte messages,"
        f" {args.seconds:.0f} s measured, load average {load:.2f}"
    )
    try:
        figures = [
            # new tables each round: the last round's are left mid-turn
            measure(port, server.pid, tables, args.procs, args.warmup, args.seconds)
            for k in range(args.rounds)
            for tables in [range(k * args.tables, (k + 1) * args.tables)]
        ]
    finally:
        server.terminate()
        server.wait()
    print(f"  median {statistics.median(figures):.3f} ms of server CPU per action")


if __name__ == "__main__":
    main()
