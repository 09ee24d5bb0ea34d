"""Attempt limits (logins, registrations): in memory on one instance, in Redis for several.

A limiter counts attempts per key in a sliding window. Without Redis each instance keeps
its own counts in memory; with Redis (``EUCHRE_REDIS_URL``) every instance of a
deployment counts in the same sorted set per key, so spreading attempts over instances
gains nothing. Both answer the same way: how many seconds until another attempt is
allowed (0: allowed now).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from typing import Any, Protocol

from euchre.store.repo import Repository


class Limiter(Protocol):
    """Attempts per key in a sliding window."""

    async def wait(self, key: str) -> float:
        """Seconds until another attempt is allowed (0: allowed now); records nothing."""
        ...

    async def take(self, key: str) -> float:
        """Record an attempt when one is allowed now (returns 0); otherwise return the
        wait and record nothing."""
        ...

    async def add(self, key: str) -> None:
        """Record an attempt already made (a failure counted after the fact)."""
        ...

    async def clear(self, key: str) -> None:
        """Forget a key's attempts."""
        ...


class Attempts:
    """Attempts per key in a sliding window (bounded: old keys are forgotten)."""

    def __init__(self, limit: int, window: float, max_keys: int = 100_000) -> None:
        self.limit = limit
        self.window = window
        self.max_keys = max_keys
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, key: str, now: float) -> float:
        """Seconds until another attempt is allowed (0: allowed now)."""
        times = self._seen.get(key)
        if times is None:
            return 0.0
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) < self.limit:
            return 0.0
        return times[0] + self.window - now

    def add(self, key: str, now: float) -> None:
        times = self._seen.get(key)
        if times is None:
            times = self._seen[key] = deque()
        self._seen.move_to_end(key)
        times.append(now)
        while len(times) > self.limit:
            times.popleft()
        if len(self._seen) > self.max_keys:
            self._forget_one(now)

    def _forget_one(self, now: float) -> None:
        """Forget the least recently used key, but not one that is holding its limit: a
        flood of new keys (a name per request) must not free a key under attack. The keys
        passed over go to the end, so the next forgetting finds a free key at once; only
        when every key holds its limit is the oldest forgotten anyway."""
        for _ in range(len(self._seen)):
            key, times = self._seen.popitem(last=False)
            if self._blocked(times, now):
                self._seen[key] = times  # to the end: it stays
                continue
            return
        self._seen.popitem(last=False)

    def _blocked(self, times: deque[float], now: float) -> bool:
        return len(times) >= self.limit and times[0] > now - self.window

    def clear(self, key: str) -> None:
        self._seen.pop(key, None)

    def __len__(self) -> int:
        """How many keys are remembered."""
        return len(self._seen)


class Budget:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._tokens, self._refilled = burst, time.monotonic()

    def allow(self, now: float, cost: float = 1.0) -> bool:
        """May the client send another message (of this ``cost``) now? Takes it if so."""
        self._tokens = min(self.burst, self._tokens + (now - self._refilled) * self.rate)
        self._refilled = now
        if self._tokens < cost:
            return False
        self._tokens -= cost
        return True

    def wait(self, now: float, cost: float = 1.0) -> float:
        """Seconds from ``now`` until a message of this ``cost`` would be allowed."""
        tokens = min(self.burst, self._tokens + (now - self._refilled) * self.rate)
        return max(0.0, (cost - tokens) / self.rate)


class Budgets:
    """One :class:`Budget` per person, kept past their connection's close (a reconnect
    started with a full burst: 10 snapshots a connection, opened again and again, were 120 a
    second); the least recently used are forgotten past ``max_keys``."""

    def __init__(self, rate: float, burst: float, max_keys: int = 100_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self._budgets: OrderedDict[str, Budget] = OrderedDict()

    def of(self, person: str) -> Budget:
        budget = self._budgets.get(person)
        if budget is None:
            budget = self._budgets[person] = Budget(self.rate, self.burst)
            while len(self._budgets) > self.max_keys:
                self._budgets.popitem(last=False)
        self._budgets.move_to_end(person)
        return budget


class MemoryLimiter:
    """One instance's own counts (:class:`Attempts` on the monotonic clock)."""

    def __init__(self, limit: int, window: float) -> None:
        self.attempts = Attempts(limit, window)

    async def wait(self, key: str) -> float:
        return self.attempts.wait(key, time.monotonic())

    async def take(self, key: str) -> float:
        now = time.monotonic()
        wait = self.attempts.wait(key, now)
        if wait <= 0:
            self.attempts.add(key, now)
        return wait

    async def add(self, key: str) -> None:
        self.attempts.add(key, time.monotonic())

    async def clear(self, key: str) -> None:
        self.attempts.clear(key)


# One key's attempts are a sorted set of unique members scored by Redis's own clock (in
# microseconds), so instances with drifting clocks still share one window; the check
# and the record happen in one script, so two instances cannot both take the last slot.
# KEYS[1]: the set; ARGV: limit, window (microseconds), mode (wait|take|add), member.
# Returns the wait in microseconds (0: allowed, or recorded).
_ATTEMPT = """
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local mode = ARGV[3]
local clock = redis.call('time')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - window)
local count = redis.call('zcard', KEYS[1])
if mode ~= 'add' and count >= limit then
  local oldest = redis.call('zrange', KEYS[1], 0, 0, 'withscores')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
if mode == 'wait' then return 0 end
redis.call('zadd', KEYS[1], now, ARGV[4])
if count + 1 > limit then redis.call('zremrangebyrank', KEYS[1], 0, count - limit) end
redis.call('pexpire', KEYS[1], math.ceil(window / 1000))
return 0
"""


class RedisLimiter:
    """Counts shared by every instance on one Redis; keys ``<prefix><key>`` expire with
    their window, so nothing needs forgetting."""

    def __init__(self, redis: Any, prefix: str, limit: int, window: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.limit = limit
        self.window_us = max(1, int(window * 1_000_000))
        self._script = redis.register_script(_ATTEMPT)

    async def _run(self, key: str, mode: str) -> float:
        args = [self.limit, self.window_us, mode, secrets.token_hex(8)]
        wait_us = await self._script(keys=[self.prefix + key], args=args)
        return int(wait_us) / 1_000_000

    async def wait(self, key: str) -> float:
        return await self._run(key, "wait")

    async def take(self, key: str) -> float:
        return await self._run(key, "take")

    async def add(self, key: str) -> None:
        await self._run(key, "add")

    async def clear(self, key: str) -> None:
        await self.redis.delete(self.prefix + key)


async def deployment_namespace(store: Repository) -> str:
    """A name shared by every instance on this database (a digest of a stored secret),
    for the Redis keys of one deployment."""
    secret = await store.secret("cluster")
    return hashlib.sha256(secret.encode()).hexdigest()[:12]


class OneAtATime:
    """One holder at a time per key (a name's slowed logins, a person's reviews); a key is
    forgotten once nobody holds or waits for it."""

    def __init__(self) -> None:
        self._held: dict[str, _Held] = {}

    def __len__(self) -> int:
        return len(self._held)

    def waiting(self, key: str) -> int:
        """How many hold or wait for ``key``."""
        held = self._held.get(key)
        return held.users if held else 0

    @contextlib.asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        held = self._held.setdefault(key, _Held())
        held.users += 1
        try:
            async with held.lock:
                yield
        finally:
            held.users -= 1
            if not held.users:
                del self._held[key]


class _Held:
    """A key's lock and how many hold or wait for it."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0
