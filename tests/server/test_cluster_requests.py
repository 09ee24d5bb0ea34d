"""A request forwarded to a table's owner when that owner stops before answering.

A silent owner here is a Redis subscriber on an instance's channel that never replies, so
the test knows exactly when the request has reached it. The relay timeout is a minute:
an answer within seconds can only come from noticing that the owner is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from server_helpers import REDIS_URL, redis_available

from euchre.server.bus import RedisBus
from euchre.server.cluster import Cluster, Hooks, node_channel
from euchre.server.protocol import ProtocolError

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(
        not redis_available(),
        reason="Redis is not running on 127.0.0.1:6379 (needed for this test)",
    ),
]

RELAY_TIMEOUT = 60.0
PROMPTLY = 10.0  # far under the relay timeout, however loaded the machine


class Setup:
    def __init__(self, cluster: Cluster, silent: str, heard: asyncio.Queue[dict[str, Any]]):
        self.cluster = cluster
        self.silent = silent  # the owner that never answers
        self.heard = heard  # what reached it
        self.moved: list[str] = []  # the tables owner_changed was told about


async def _nothing(*_args: Any) -> Any:
    return None


@pytest.fixture
async def setup() -> AsyncIterator[Setup]:
    namespace = "test-" + uuid.uuid4().hex[:8]
    bus, ghost_bus = RedisBus(REDIS_URL), RedisBus(REDIS_URL)
    await bus.start()
    await ghost_bus.start()
    cluster = Cluster(bus, "here", lease_seconds=1.0, timeout=RELAY_TIMEOUT)
    silent = f"ghost~{uuid.uuid4().hex[:8]}"
    heard: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    await ghost_bus.subscribe(node_channel(silent), lambda _c, message: heard.put_nowait(message))
    found = Setup(cluster, silent, heard)
    hooks = Hooks(
        answer=_nothing,
        describe=_nothing,
        owner_changed=found.moved.append,
        released=lambda _ids: None,
        chat_text=lambda _reader, _author, _text: None,
        rewatch=lambda _owner: None,
        news=_nothing,
    )
    await cluster.start(namespace, hooks)
    try:
        yield found
    finally:
        await cluster.close()
        await ghost_bus.close()
        await bus.close()


async def _asked(setup: Setup, table_id: str) -> asyncio.Task[tuple[bool, Any]]:
    """A request for ``table_id`` at the silent owner, once it has reached it."""
    task = asyncio.create_task(setup.cluster.describe(setup.silent, table_id))
    message = await asyncio.wait_for(setup.heard.get(), PROMPTLY)
    assert (message["op"], message["table"]) == ("info", table_id)
    return task


async def _cancel(task: asyncio.Task[Any]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def _unavailable(task: asyncio.Task[tuple[bool, Any]], table_id: str) -> None:
    with pytest.raises(ProtocolError) as failed:
        await asyncio.wait_for(task, PROMPTLY)
    assert failed.value.code == "unavailable"
    assert f"table {table_id} stopped before answering" in failed.value.message
    assert "try again" in failed.value.message


async def test_a_new_owner_of_the_table_ends_the_wait_for_the_old_one(setup: Setup) -> None:
    waiting = await _asked(setup, "t1")
    other = await _asked(setup, "t2")  # another table of the same owner: not moved
    await setup.cluster.bus.publish(setup.cluster.keys.owners, {"table": "t1", "node": "b~1"})
    await _unavailable(waiting, "t1")
    assert setup.moved == ["t1"]
    await asyncio.sleep(0.2)
    assert not other.done()  # its owner may still answer
    await _cancel(other)


async def test_an_announcement_by_the_same_owner_ends_nothing(setup: Setup) -> None:
    waiting = await _asked(setup, "t1")
    cluster = setup.cluster
    await cluster.bus.publish(cluster.keys.owners, {"table": "t1", "node": setup.silent})
    while not setup.moved:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.2)
    assert not waiting.done()
    await _cancel(waiting)


async def test_an_owner_found_gone_ends_the_wait_for_every_table_it_held(setup: Setup) -> None:
    first = await _asked(setup, "t1")
    second = await _asked(setup, "t2")
    setup.cluster.node_gone(setup.silent)
    await _unavailable(first, "t1")
    await _unavailable(second, "t2")
