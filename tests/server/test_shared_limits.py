"""Login limits shared through Redis: attempts spread over instances count together.

The limiters are checked directly (memory and Redis answer alike; two Redis limiters of
one deployment share their counts, another deployment's do not), then through two real
``euchre serve`` processes on one PostgreSQL database and one Redis, where failed logins
alternating between the instances are refused with the single-instance 429.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from server_helpers import REDIS_URL, ProcessServer, postgres_database, redis_available
from social_helpers import PASSWORD, login, register

from euchre.server.limits import Attempts, Limiter, MemoryLimiter, RedisLimiter

needs_redis = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running on 127.0.0.1:6379 (needed for this test)"
)
KINDS = ["memory", pytest.param("redis", marks=needs_redis)]

MakeLimiter = Callable[[int, float], Limiter]


@asynccontextmanager
async def limiter_factory(kind: str) -> AsyncIterator[MakeLimiter]:
    """Limiters of one kind; Redis ones share a fresh prefix, deleted afterwards."""
    if kind == "memory":
        yield MemoryLimiter
        return
    import redis.asyncio as redis

    client = redis.from_url(REDIS_URL)
    prefix = f"euchre:test-{uuid.uuid4().hex[:12]}:attempts:"
    try:
        yield lambda limit, window: RedisLimiter(client, prefix, limit, window)
    finally:
        keys = [key async for key in client.scan_iter(match=prefix + "*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()


def run(kind: str, check: Callable[[MakeLimiter], Awaitable[None]]) -> None:
    async def main() -> None:
        async with limiter_factory(kind) as make:
            await check(make)

    asyncio.run(main())


@pytest.mark.parametrize("kind", KINDS)
def test_a_limiter_refuses_past_its_limit_and_forgets_on_clear(kind: str) -> None:
    async def check(make: MakeLimiter) -> None:
        limiter = make(3, 60.0)
        assert [await limiter.take("ann") for _ in range(3)] == [0.0, 0.0, 0.0]
        refused = await limiter.take("ann")
        assert 0 < refused <= 60.0
        assert 0 < await limiter.wait("ann") <= 60.0
        assert await limiter.take("bob") == 0.0  # other keys are not affected
        await limiter.add("ann")  # failures past the limit are still recorded
        assert await limiter.wait("ann") > 0
        await limiter.clear("ann")
        assert await limiter.wait("ann") == 0.0
        assert await limiter.take("ann") == 0.0

    run(kind, check)


@pytest.mark.parametrize("kind", KINDS)
def test_a_refused_attempt_records_nothing_and_the_window_slides(kind: str) -> None:
    async def check(make: MakeLimiter) -> None:
        limiter = make(2, 0.4)
        await limiter.add("ann")
        await limiter.add("ann")
        assert await limiter.take("ann") > 0
        assert await limiter.wait("ann") > 0
        await asyncio.sleep(0.6)  # longer than the window: the attempts have expired
        assert await limiter.wait("ann") == 0.0
        assert await limiter.take("ann") == 0.0
        assert await limiter.take("ann") == 0.0
        assert await limiter.take("ann") > 0

    run(kind, check)


@needs_redis
def test_a_flood_of_new_keys_does_not_free_a_key_holding_its_limit() -> None:
    """The in-memory counts forget old keys past their bound, but not a key at its limit:
    else a flood of made-up names would free a name under attack for more guesses."""
    attempts = Attempts(limit=5, window=300, max_keys=100)
    for _ in range(5):
        attempts.add("victim|1.2.3.4", 0.0)
    assert attempts.wait("victim|1.2.3.4", 1.0) > 0
    for i in range(10_000):
        attempts.add(f"name {i}|5.6.7.8", 1.0)
    assert attempts.wait("victim|1.2.3.4", 2.0) > 0  # still refused
    assert len(attempts) <= 100
    assert attempts.wait("victim|1.2.3.4", 301.0) == 0  # the window still slides


def test_redis_limiters_of_one_deployment_share_their_counts() -> None:
    import redis.asyncio as redis

    async def main() -> None:
        namespace = f"euchre:test-{uuid.uuid4().hex[:12]}:attempts:"
        other = f"euchre:test-{uuid.uuid4().hex[:12]}:attempts:"
        clients = [redis.from_url(REDIS_URL) for _ in range(3)]
        try:
            # Two instances of one deployment (each with its own connection) and one
            # instance of another deployment on the same Redis.
            first = RedisLimiter(clients[0], namespace, 4, 60.0)
            second = RedisLimiter(clients[1], namespace, 4, 60.0)
            elsewhere = RedisLimiter(clients[2], other, 4, 60.0)
            for limiter in (first, second, first, second):
                assert await limiter.take("10.0.0.1") == 0.0
            assert await first.take("10.0.0.1") > 0
            assert await second.take("10.0.0.1") > 0
            assert await elsewhere.take("10.0.0.1") == 0.0
            await second.clear("10.0.0.1")
            assert await first.take("10.0.0.1") == 0.0
            # Concurrent attempts never take more than the limit between them.
            taken = await asyncio.gather(
                *(limiter.take("10.0.0.2") for limiter in (first, second) * 5)
            )
            assert sorted(taken)[:4] == [0.0] * 4 and all(t > 0 for t in sorted(taken)[4:])
        finally:
            for prefix in (namespace, other):
                keys = [key async for key in clients[0].scan_iter(match=prefix + "*")]
                if keys:
                    await clients[0].delete(*keys)
            for client in clients:
                await client.aclose()

    asyncio.run(main())


def instance_env(url: str, name: str, tmp_path: Path) -> dict[str, str]:
    return {
        "EUCHRE_DATABASE_URL": url,
        "EUCHRE_REDIS_URL": REDIS_URL,
        "EUCHRE_INSTANCE": name,
        "EUCHRE_ARGON2_TIME_COST": "1",
        "EUCHRE_ARGON2_MEMORY_KIB": "8",
        "EUCHRE_ARGON2_PARALLELISM": "1",
        "EUCHRE_LOGIN_NAME_FAILURES": "4",
        "EUCHRE_LOGIN_ADDRESS_ATTEMPTS": "10",
        "EUCHRE_LOGIN_WINDOW_SECONDS": "300",
        "EUCHRE_LOG_LEVEL": "info",
        "EUCHRE_TEST_LOG": str(tmp_path / f"server-{name}.log"),
    }


def assert_too_many(answer: Any) -> None:
    assert answer.status_code == 429, answer.text
    assert answer.json()["code"] == "too_many_attempts"
    assert "try again in" in answer.json()["detail"]
    assert 0 < int(answer.headers["retry-after"]) <= 301


@needs_redis
def test_failed_logins_spread_over_two_instances_hit_one_limit(tmp_path: Path) -> None:
    with postgres_database() as url:
        a = ProcessServer(instance_env(url, "a", tmp_path)).start()  # creates the schema
        try:
            b = ProcessServer(instance_env(url, "b", tmp_path)).start()
            try:
                check_shared_limits(a.base, b.base)
            finally:
                b.kill()
        finally:
            a.kill()


def check_shared_limits(a: str, b: str) -> None:
    register(a, "Ann")  # each registration counts against the address (1, 2)
    register(b, "Bob")
    # Four failures for Ann, two on each instance: alone, neither reached the limit of 4.
    for base in (a, b, a, b):
        assert login(base, "Ann", "wrong password").status_code == 401
    assert_too_many(login(a, "Ann", PASSWORD))  # even the right password waits now
    assert_too_many(login(b, "Ann", PASSWORD))
    # The address (6 attempts so far; the refused ones do not count) has 4 more in all,
    # whichever instance they reach.
    statuses = [login(base, "Bob").status_code for base in (b, a, b, a, b)]
    assert statuses == [200, 200, 200, 200, 429], statuses
    assert_too_many(login(a, "Bob"))
