"""A client that leaves while one of its requests is forwarded to a table's owner never
leaves its seat held there for a socket that no longer exists.

This happens when a stalled owner resumes: it has lost its tables, joins its clients to
them at the new owner, and those clients leave at the same moment (they gave up on the
stalled instance). Found by the chaos probe: the person's way back through another
instance was refused ``seat_in_use`` for good.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from server_helpers import REDIS_URL, redis_available

from euchre.server.auth import Identity
from euchre.server.bus import RedisBus
from euchre.server.cluster import Cluster, Hooks, node_channel
from euchre.server.connection import Connection, Endpoint
from euchre.server.table_commands import Disconnected, Join, to_json

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(
        not redis_available(),
        reason="Redis is not running on 127.0.0.1:6379 (needed for this test)",
    ),
]

PROMPTLY = 20.0


async def _nothing(*_args: Any) -> Any:
    return None


def _hooks(answer: Any = _nothing) -> Hooks:
    return Hooks(
        answer=answer,
        describe=_nothing,
        owner_changed=lambda _table: None,
        released=lambda _ids: None,
        chat_text=lambda _reader, _author, _text: None,
        rewatch=lambda _owner: None,
        news=_nothing,
    )


class Peer:
    """A bare Redis subscriber on another instance's channel: what reaches it, and a way
    to send as that instance."""

    def __init__(self, bus: RedisBus, node: str) -> None:
        self.bus = bus
        self.node = node
        self.heard: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def hear(self, op: str) -> dict[str, Any]:
        while True:
            message = await asyncio.wait_for(self.heard.get(), PROMPTLY)
            if message.get("op") == op:
                return message
            if op == "reply" and message.get("op") == "batch":
                return message


@pytest.fixture
async def buses() -> AsyncIterator[tuple[RedisBus, RedisBus, str]]:
    mine, theirs = RedisBus(REDIS_URL), RedisBus(REDIS_URL)
    await mine.start()
    await theirs.start()
    try:
        yield mine, theirs, "test-" + uuid.uuid4().hex[:8]
    finally:
        await theirs.close()
        await mine.close()


async def _peer(bus: RedisBus) -> Peer:
    """A peer whose subscription is live: a message published before Redis has it is lost
    (CI once waited 20 s for a call sent that early)."""
    peer = Peer(bus, f"peer~{uuid.uuid4().hex[:8]}")
    await bus.subscribe(node_channel(peer.node), lambda _c, m: peer.heard.put_nowait(m))
    for _ in range(int(PROMPTLY / 0.05)):
        await bus.publish(node_channel(peer.node), {"op": "ready"})
        try:
            await asyncio.wait_for(peer.heard.get(), 0.05)
            break
        except TimeoutError:
            continue
    while not peer.heard.empty():  # a late echo of the readiness check
        peer.heard.get_nowait()
    return peer


async def test_a_client_gone_before_the_owner_answered_is_said_gone_again(
    buses: tuple[RedisBus, RedisBus, str],
) -> None:
    mine, theirs, namespace = buses
    cluster = Cluster(mine, "here", lease_seconds=1.0, timeout=60.0)
    await cluster.start(namespace, _hooks())
    owner = await _peer(theirs)
    try:
        conn = Connection.__new__(Connection)
        Endpoint.__init__(conn, Identity("g_ann", "Ann"))
        asking = asyncio.create_task(
            cluster.call(owner.node, conn, "t1", Join(None, True, None), False, None)
        )
        call = await owner.hear("call")
        conn.closed = True  # the client left meanwhile, and its `gone` already went out
        reply = {"reply": call["id"], "result": None, "watching": True}
        await theirs.publish(node_channel(cluster.node), {"op": "batch", "items": [reply]})
        assert await asyncio.wait_for(asking, PROMPTLY) == (True, None)
        gone = await owner.hear("gone")
        assert (gone["from"], gone["conn"]) == (cluster.node, conn.id)
    finally:
        await cluster.close()


async def test_the_owner_leaves_again_what_a_request_joined_after_its_client_went(
    buses: tuple[RedisBus, RedisBus, str],
) -> None:
    mine, theirs, namespace = buses
    release = asyncio.Event()
    done: list[tuple[str, str]] = []

    async def answer(relay: Endpoint, table_id: str, command: Any, _visible: bool) -> Any:
        if isinstance(command, Join):
            await release.wait()  # the table's actor is busy: `gone` overtakes the join
            relay.tables.add(table_id)
        if isinstance(command, Disconnected):
            relay.tables.discard(table_id)
        done.append((type(command).__name__, table_id))
        return None

    cluster = Cluster(mine, "owner", lease_seconds=1.0, timeout=60.0)
    await cluster.start(namespace, _hooks(answer))
    asker = await _peer(theirs)
    try:
        call = {
            "op": "call",
            "from": asker.node,
            "id": 1,
            "conn": 7,
            "who": {"id": "g_ann", "name": "Ann"},
            "table": "t1",
            "command": to_json(Join(None, True, None)),
            "visible": False,
            "chat": None,
        }
        await theirs.publish(node_channel(cluster.node), call)
        while (asker.node, 7) not in cluster.relays:
            await asyncio.sleep(0.01)
        await theirs.publish(
            node_channel(cluster.node), {"op": "gone", "from": asker.node, "conn": 7}
        )
        while (asker.node, 7) in cluster.relays:
            await asyncio.sleep(0.01)
        release.set()
        await asker.hear("reply")
        for _ in range(int(PROMPTLY / 0.01)):
            if ("Disconnected", "t1") in done:
                break
            await asyncio.sleep(0.01)
        assert done == [("Join", "t1"), ("Disconnected", "t1")]
    finally:
        await cluster.close()
