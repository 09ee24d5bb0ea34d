"""Websocket ping latency while the largest allowed EGN uploads run back to back.

Starts ``python -m euchre serve`` (SQLite in a temporary directory), builds a legal
record of ``replay_max_deals`` deals (the largest the server accepts), and for
``--seconds`` uploads it again and again from ``--uploaders`` threads while one client
pings over its websocket every ``--interval`` seconds. Printed: uploads done, ping p50 and
p99 (milliseconds) during the uploads and, for comparison, with the server idle, and
whether p99 met the 50 ms target; and the answer's size against the record's (the record
is written as compact JSON: the smallest upload of those deals, so the largest ratio) with
the mean time to an answer. Bounded: every request has a timeout, the run stops by
itself.

    .venv/bin/python bench/replay_load.py --seconds 20
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from euchre.engine import GameState, preset
from euchre.engine.records import export_egn
from euchre.server.config import Settings
from server_load import free_port, start_server

TARGET_P99_MS = 50.0


def largest_record(deals: int) -> bytes:
    rng = random.Random(1)
    state = GameState(preset("standard", target=0, deal_limit=deals), dealer=0, seed=1)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    record = export_egn(state)
    if len(record["deals"]) > deals:  # a redeal does not count towards the deal limit
        record["metadata"].pop("finalScore")  # the game goes on past the deals kept
    record["deals"] = record["deals"][:deals]
    return json.dumps(record, separators=(",", ":")).encode()


def ping_times(base: str, seconds: float, interval: float) -> list[float]:
    token = httpx.post(base + "/api/session", json={"name": "Pinger"}, timeout=10).json()
    url = base.replace("http://", "ws://") + f"/ws?session={token['session']}"
    times: list[float] = []
    with connect(url, open_timeout=10) as ws:
        ws.recv(timeout=10)  # welcome
        deadline = time.monotonic() + seconds
        n = 0
        while time.monotonic() < deadline:
            n += 1
            sent = time.perf_counter()
            ws.send(json.dumps({"type": "ping", "ref": n}))
            while json.loads(ws.recv(timeout=30)).get("ref") != n:
                pass
            times.append((time.perf_counter() - sent) * 1000)
            time.sleep(interval)
    return times


Upload = tuple[int, int, float]  # status, answer bytes, seconds to the answer


def upload_loop(base: str, body: bytes, stop: threading.Event, uploads: list[Upload]) -> None:
    with httpx.Client(timeout=120) as client:
        while not stop.is_set():
            sent = time.perf_counter()
            answer = client.post(
                base + "/api/replays", content=body, headers={"content-type": "application/json"}
            )
            uploads.append((answer.status_code, len(answer.content), time.perf_counter() - sent))


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--interval", type=float, default=0.02)
    parser.add_argument("--uploaders", type=int, default=1)
    args = parser.parse_args()
    deals = Settings().replay_max_deals
    body = largest_record(deals)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        limits = {"EUCHRE_REPLAY_PER_ADDRESS": "100000", "EUCHRE_REPLAY_PER_SESSION": "100000"}
        server = start_server(port, f"sqlite+aiosqlite:///{tmp}/b.db", limits)
        base = f"http://127.0.0.1:{port}"
        try:
            idle = ping_times(base, args.idle_seconds, args.interval)
            stop, uploads = threading.Event(), []
            uploaders = [
                threading.Thread(target=upload_loop, args=(base, body, stop, uploads))
                for _ in range(args.uploaders)
            ]
            for thread in uploaders:
                thread.start()
            busy = ping_times(base, args.seconds, args.interval)
            stop.set()
            for thread in uploaders:
                thread.join(180)
        finally:
            server.terminate()
            server.wait(30)
    ok = [(size, seconds) for status, size, seconds in uploads if status == 200]
    p99 = percentile(busy, 99)
    print(f"record: {deals} deals, {len(body)} bytes; uploads: {len(ok)} ok of {len(uploads)}")
    if ok:
        size = max(s for s, _ in ok)
        mean = statistics.mean(t for _, t in ok)
        print(f"answer: {size} bytes, {size / len(body):.2f}x the record; {mean:.2f} s each")
    print(f"cpus: {os.cpu_count()}; uploaders: {args.uploaders}; pings: {len(idle)}, {len(busy)}")
    print(f"ping idle: p50 {percentile(idle, 50):.1f} ms, p99 {percentile(idle, 99):.1f} ms")
    during = f"p50 {percentile(busy, 50):.1f} ms, p99 {p99:.1f} ms, max {max(busy):.1f} ms"
    print(f"ping during uploads: {during}")
    print(f"target p99 < {TARGET_P99_MS:g} ms: {'met' if p99 < TARGET_P99_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
