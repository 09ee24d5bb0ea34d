"""Replays off the event loop and within limits: the largest allowed upload never stalls
the server (pings keep being answered), and uploads over a limit are refused clearly."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from load_helpers import long_record
from server_helpers import Client, ThreadServer, fast_settings

from euchre.server.replay_job import ReplayRefusal
from euchre.server.replay_worker import ReplayWorkers

LIVENESS = 2.0  # generous: a stalled loop answers nothing for seconds


def test_pings_answer_within_the_liveness_bound_during_an_upload(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "p.db")
    with ThreadServer(settings) as live:
        body = json.dumps(long_record(settings.replay_max_deals)).encode()
        ann = Client(live.base, "Ann")
        done = threading.Event()
        status: list[int] = []

        def upload() -> None:  # the largest allowed record, back to back
            for _ in range(3):
                answer = httpx.post(live.base + "/api/replays", content=body, timeout=60)
                status.append(answer.status_code)
            done.set()

        threading.Thread(target=upload).start()
        slowest, pings = 0.0, 0
        while not done.is_set():
            pings += 1
            sent = time.monotonic()
            assert ann.request(type="ping")["type"] == "pong"
            slowest = max(slowest, time.monotonic() - sent)
        assert status == [200, 200, 200]
        assert pings >= 3 and slowest < LIVENESS
        ann.close()


def test_the_largest_allowed_upload_is_answered_in_at_most_three_times_its_size(
    tmp_path: Path,
) -> None:
    settings = fast_settings(tmp_path / "b.db")
    with ThreadServer(settings) as live:
        record = long_record(settings.replay_max_deals)
        body = json.dumps(record, separators=(",", ":")).encode()  # the most compact upload
        assert len(body) <= settings.replay_max_bytes
        answer = httpx.post(live.base + "/api/replays", content=body, timeout=60)
        assert answer.status_code == 200
        assert len(answer.json()["deals"]) == settings.replay_max_deals
        assert len(answer.content) <= 3 * len(body), len(answer.content) / len(body)
        record["deals"].append(long_record(settings.replay_max_deals + 1)["deals"][-1])
        over = httpx.post(live.base + "/api/replays", json=record, timeout=60)
        assert over.status_code == 413 and over.json()["code"] == "too_many_deals"


def test_uploads_over_the_limits_are_refused_and_name_the_limit(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "o.db", replay_max_deals=20, replay_max_bytes=200_000)
    with ThreadServer(settings) as live:
        url = live.base + "/api/replays"
        ok = httpx.post(url, json=long_record(20), timeout=30)
        assert ok.status_code == 200 and len(ok.json()["deals"]) == 20
        too_many = httpx.post(url, json=long_record(21), timeout=30)
        assert too_many.status_code == 413
        assert too_many.json()["code"] == "too_many_deals"
        assert "at most 20 deals" in too_many.json()["detail"]
        # told in the same words however large (past 2 MiB, another layer refused it in
        # its own, naming a limit of its own), with a length or sent in pieces without one
        for size in (200_001, 3 * 1024 * 1024):
            too_big = httpx.post(url, content=b" " * size, timeout=30)
            assert too_big.status_code == 413 and too_big.json()["code"] == "too_large"
            assert too_big.json()["detail"] == "a record is at most 200000 bytes"
            pieces = iter([b" " * 100_000] * (size // 100_000 + 1))
            streamed = httpx.post(url, content=pieces, timeout=30)
            assert streamed.status_code == 413
            assert streamed.json()["detail"] == "a record is at most 200000 bytes"


def test_replays_are_rate_limited_per_address(tmp_path: Path) -> None:
    settings = fast_settings(
        tmp_path / "l.db",
        replay_per_address=2,
        replay_window_seconds=60,
        address_limit_exempt="",  # the test's loopback address is limited like any other
    )
    with ThreadServer(settings) as live:
        url = live.base + "/api/replays"
        record = long_record(2)
        assert [httpx.post(url, json=record, timeout=30).status_code for _ in range(2)] == [
            200,
            200,
        ]
        refused = httpx.post(url, json=record, timeout=30)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        stored = httpx.get(live.base + "/api/games/nope/replay", timeout=30)
        assert stored.status_code == 429  # the stored replays share the rate
        for record_read in ("/api/games/nope/egn", "/api/games/nope"):  # and whole records
            assert httpx.get(live.base + record_read, timeout=30).status_code == 429


def test_the_pool_is_started_on_first_use_and_shut_down_with_the_server(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "s.db")) as live:
        replays = live.server.replays
        assert replays._pool is None
        assert httpx.post(live.base + "/api/replays", json=long_record(1), timeout=30).is_success
        pool = replays._pool
        assert pool is not None
        workers = list(pool._processes.values())
        assert workers and all(w.is_alive() for w in workers)
    for worker in workers:
        worker.join(10)
        assert not worker.is_alive()


def _workers(**changes: Any) -> ReplayWorkers:
    return ReplayWorkers(fast_settings(Path("unused.db"), **changes))


def test_an_exempt_address_has_no_replay_rate_of_its_own() -> None:
    """A reverse proxy on the machine brings every user from loopback: the per-address
    rate would be all users' together (docs/operations.md, address_limit_exempt)."""
    workers = _workers(replay_per_address=1, replay_per_session=100)
    for _ in range(3):
        asyncio.run(workers.admit("127.0.0.1", None))
        asyncio.run(workers.admit("::1", None))
    asyncio.run(workers.admit("192.0.2.7", None))
    with pytest.raises(ReplayRefusal) as refused:
        asyncio.run(workers.admit("192.0.2.7", None))
    assert refused.value.code == "rate_limited" and "from this address" in refused.value.message


def test_the_session_rate_still_applies_to_an_exempt_address() -> None:
    workers = _workers(replay_per_address=100, replay_per_session=1)
    asyncio.run(workers.admit("127.0.0.1", "cookie"))
    with pytest.raises(ReplayRefusal, match="from this session"):
        asyncio.run(workers.admit("127.0.0.1", "cookie"))


class _AlmostOpen:
    """A limiter at the window's edge: a fraction of a second still to wait."""

    async def take(self, key: str) -> float:
        return 0.3


def test_the_wait_is_rounded_up_to_a_whole_second() -> None:
    workers = _workers()
    workers.by_address = _AlmostOpen()  # type: ignore[assignment]
    with pytest.raises(ReplayRefusal) as refused:
        asyncio.run(workers.admit("192.0.2.7", None))
    assert refused.value.message.endswith("wait 1 s") and refused.value.retry_after == 1


def test_a_made_up_or_missing_cookie_is_no_way_round_the_session_rate(tmp_path: Path) -> None:
    """From an exempt address (loopback: a proxy on the machine) the rate per session was
    the only one, and it was keyed on whatever cookie came: none, or a new made-up one each
    time, was never limited (one client kept the replay workers busy for everyone). Only a
    valid session has a rate of its own; the rest share one."""
    settings = fast_settings(tmp_path / "s.db", replay_per_session=3, replay_per_address=1)
    body = json.dumps(long_record(1)).encode()
    with ThreadServer(settings) as live:
        url = live.base + "/api/replays"

        def upload(cookie: str | None) -> int:
            cookies = {"euchre_session": cookie} if cookie else None
            return httpx.post(url, content=body, cookies=cookies, timeout=60).status_code

        assert [upload(None) for _ in range(3)] == [200, 200, 200]
        assert upload(None) == 429
        assert [upload(f"made-up-{n}") for n in range(3)] == [429, 429, 429]
        guest = httpx.post(live.base + "/api/session", json={"name": "Reader"}, timeout=10)
        token = guest.json()["session"]
        assert [upload(token) for _ in range(4)] == [200, 200, 200, 429]


def _held(workers: ReplayWorkers) -> asyncio.Event:
    """Replays that finish only when the returned event is set (no worker process)."""
    finish = asyncio.Event()

    async def compute(payload: bytes | dict[str, Any], game_id: str | None) -> bytes:
        await finish.wait()
        return payload if isinstance(payload, bytes) else b"{}"

    workers._compute = compute  # type: ignore[method-assign]
    return finish


def test_one_asker_has_two_replays_at_most_and_others_are_not_shut_out() -> None:
    """Two addresses asking without a break kept both workers' places theirs (others got
    503 for 4 requests in 10): now each asker has at most two replays waiting or computed
    (two people behind one address), and a replay finding every place taken waits its
    turn rather than being refused."""

    async def scenario() -> None:
        workers = _workers(replay_workers=1)  # two replays at once
        finish = _held(workers)
        first, second = ("192.0.2.1", "192.0.2.2")
        running = [
            asyncio.create_task(workers.run(f"{who}".encode(), None, workers.asker(who, None)))
            for who in (first, second, first)  # the first address's second one waits
        ]
        await asyncio.sleep(0)
        with pytest.raises(ReplayRefusal) as again:  # the same address, a third at once
            await workers.run(b"again", None, workers.asker(first, "another session"))
        assert again.value.status == 429 and "still being computed" in again.value.message
        late = asyncio.create_task(workers.run(b"late", None, workers.asker("192.0.2.3", None)))
        await asyncio.sleep(0.05)
        assert not late.done()  # waiting for a place, not refused
        finish.set()
        answers = await asyncio.gather(*running, late)
        assert answers == [b"192.0.2.1", b"192.0.2.2", b"192.0.2.1", b"late"]
        assert await workers.run(b"next", None, workers.asker(first, None)) == b"next"
        assert not workers._askers  # every count given back

    asyncio.run(scenario())


def test_behind_an_exempt_address_each_session_has_its_own_turn() -> None:
    workers = _workers()
    assert workers.asker("127.0.0.1", "ann") != workers.asker("127.0.0.1", "bob")
    assert workers.asker("127.0.0.1", None) == workers.asker("::1", None)  # no session: one
    assert workers.asker("192.0.2.7", "ann") == workers.asker("192.0.2.7", "bob")


def test_a_full_queue_or_a_long_wait_is_refused_as_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        workers = _workers(replay_workers=1)
        finish = _held(workers)
        hosts = [f"192.0.2.{n}" for n in range(1, workers.most_at_once + workers.most_waiting + 1)]
        queued = [
            asyncio.create_task(workers.run(b"{}", None, workers.asker(h, None))) for h in hosts
        ]
        await asyncio.sleep(0)
        with pytest.raises(ReplayRefusal) as full:
            await workers.run(b"{}", None, workers.asker("198.51.100.1", None))
        assert full.value.status == 503 and "too many replays are waiting" in full.value.message
        finish.set()
        assert len(await asyncio.gather(*queued)) == len(hosts)

        monkeypatch.setattr("euchre.server.replay_worker.QUEUE_SECONDS", 0.05)
        finish.clear()
        holding = [
            asyncio.create_task(workers.run(b"{}", None, workers.asker(h, None)))
            for h in hosts[: workers.most_at_once]
        ]
        await asyncio.sleep(0)  # they hold every place
        with pytest.raises(ReplayRefusal) as waited:
            await workers.run(b"{}", None, workers.asker("198.51.100.1", None))
        assert waited.value.status == 503 and "busy" in waited.value.message
        finish.set()
        await asyncio.gather(*holding)

    asyncio.run(scenario())
