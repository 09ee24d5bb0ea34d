"""Replays computed in a worker process, within limits, so no record can stall the server.

A replay checks a whole record and plays it again step by step: seconds of CPU for a long
record. It runs in a small process pool (created on first use, shut down with the
server) and comes back as JSON text, ready to send; the event loop only waits for it.
Limits, all settings: the upload's size, the number of deals (which bounds the answer's
size too), and attempts per address and per session (429). Replays computed at once are
few; more wait their turn in a short queue, first come first served (a full queue, or a
wait past ``QUEUE_SECONDS``: 503), and each asker (an address, or a session behind an
exempt one) has at most ``PER_ASKER`` replays waiting or computed (two, for two people
behind one address): two addresses asking without a break kept every worker theirs, and
others got 503 for 4 requests in 10.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import multiprocessing
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from .addresses import limit_key
from .config import Settings
from .limits import Limiter, MemoryLimiter, RedisLimiter
from .orphans import watch_parent
from .quotas import exempt_addresses
from .replay_job import ReplayRefusal, compute


@dataclass(frozen=True)
class ReplayLimits:
    max_bytes: int
    max_deals: int

    @classmethod
    def of(cls, settings: Settings) -> ReplayLimits:
        return cls(settings.replay_max_bytes, settings.replay_max_deals)


# The one rate of the requests without a valid session from an exempt address.
NO_SESSION = "no session"
# How long a replay waits for a worker, and how many may wait for each replay computed.
QUEUE_SECONDS = 10.0
WAITING_PER_SLOT = 8
PER_ASKER = 2  # replays one asker may have waiting or being computed


class ReplayWorkers:
    """The pool, the limits and the rates of one server's replays."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = ReplayLimits.of(settings)
        self.workers = max(1, settings.replay_workers)
        self.most_at_once = self.workers * 2
        self.most_waiting = self.most_at_once * WAITING_PER_SLOT
        window = settings.replay_window_seconds
        self.by_address: Limiter = MemoryLimiter(settings.replay_per_address, window)
        self.by_session: Limiter = MemoryLimiter(settings.replay_per_session, window)
        self.exempt = exempt_addresses(settings)  # a proxy on this machine: all its users
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(self.most_at_once)  # its waiters are served in turn
        self._waiting = 0
        self._askers: Counter[str] = Counter()  # replays waiting or computed, by asker

    def share_limits(self, redis: Any, namespace: str) -> None:
        """Count the rates in Redis, so replays through every instance add up to one limit."""
        settings, prefix = self.settings, f"euchre:{namespace}:replays:"
        window = settings.replay_window_seconds
        self.by_address = RedisLimiter(
            redis, prefix + "address:", settings.replay_per_address, window
        )
        self.by_session = RedisLimiter(
            redis, prefix + "session:", settings.replay_per_session, window
        )

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that holds an event loop and threads is unsafe.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=watch_parent
            )
        return self._pool

    async def admit(self, host: str, person: str | None) -> None:
        """Count one replay request from ``host`` (its peer address) and ``person`` (the
        id of the request's valid session, None without one); refuse it (429) past a rate.
        An exempt address has no rate of its own: requests from it without a valid session
        share one (a cookie made up or left out was no limit at all)."""
        exempt = host in self.exempt
        address = None if exempt else limit_key(host)
        if person is None and exempt:
            person = NO_SESSION
        for limiter, key, whom in (
            (self.by_address, address, "address"),
            (self.by_session, person and _digest(person), "session"),
        ):
            if key is None:
                continue
            wait = await limiter.take(key)
            if wait > 0:
                seconds = math.ceil(wait)  # "wait 0 s" while still refusing would mislead
                message = f"too many replays from this {whom}: wait {seconds} s"
                raise ReplayRefusal(429, "rate_limited", message, seconds)

    def asker(self, host: str, person: str | None) -> str:
        """Whose replay it is, for ``PER_ASKER``: the address's (``host``), or from an
        exempt address (a proxy on this machine) the session's (``person``)."""
        if host not in self.exempt:
            return limit_key(host)
        return _digest(person) if person else NO_SESSION

    async def run(self, payload: bytes | dict[str, Any], game_id: str | None, asker: str) -> bytes:
        """The replay's JSON, computed in a worker process once one is free."""
        if self._askers[asker] >= PER_ASKER:
            message = f"your previous {PER_ASKER} replays are still being computed: wait for them"
            raise ReplayRefusal(429, "rate_limited", message, 2.0)
        if self._waiting >= self.most_waiting:
            raise ReplayRefusal(503, "busy", "too many replays are waiting: try again shortly", 2.0)
        self._askers[asker] += 1
        try:
            await self._take_slot()
            try:
                return await self._compute(payload, game_id)
            finally:
                self._slots.release()
        finally:
            self._askers[asker] -= 1
            if not self._askers[asker]:
                del self._askers[asker]

    async def _take_slot(self) -> None:
        self._waiting += 1
        try:
            async with asyncio.timeout(QUEUE_SECONDS):
                await self._slots.acquire()
        except TimeoutError:
            raise ReplayRefusal(
                503, "busy", "the replays are busy: try again shortly", 2.0
            ) from None
        finally:
            self._waiting -= 1

    async def _compute(self, payload: bytes | dict[str, Any], game_id: str | None) -> bytes:
        loop = asyncio.get_running_loop()
        try:
            job = loop.run_in_executor(
                self._executor(), compute, payload, game_id, self.limits.max_deals
            )
            return await job
        except BrokenProcessPool:
            self._pool = None  # a worker died (killed, out of memory): a fresh pool next time
            raise ReplayRefusal(503, "busy", "the replay worker failed: try again") from None

    async def close(self) -> None:
        """Stop the workers (a replay being computed is let finish, off the loop)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)


def _digest(session: str) -> str:
    """A session's key in the rate (Redis never holds the id itself)."""
    return hashlib.sha256(session.encode()).hexdigest()[:32]


__all__ = ["ReplayLimits", "ReplayRefusal", "ReplayWorkers", "compute"]
