"""With several instances, a page that comes back through any instance takes its seat
over from its old connection, wherever that one is: the table's owner decides, and the
old connection's instance closes it (4409). Another page of the person is refused."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Client, ProcessServer, redis_available, settle
from test_cluster_gone_race import _hooks, _peer, buses
from test_multi_instance import two_instances
from test_page_takeover import CLOSE_REPLACED, OTHER_PAGE, PAGE, closed_with, seat_of

from euchre.server.bus import RedisBus
from euchre.server.cluster import Cluster, node_channel
from euchre.server.connection import Endpoint
from euchre.server.table_commands import Join, to_json

__all__ = ["buses"]  # the fixture, shared with test_cluster_gone_race

pytestmark = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running (needed for this test)"
)


def join_when_free(client: Client, table: str, timeout: float = 20.0) -> dict[str, Any]:
    """Join, while the seat's former socket (closed, no page id) is still being seen gone."""
    deadline = time.monotonic() + timeout
    while True:
        answer = client.request(type="join", table=table)
        if answer["type"] == "table" or time.monotonic() > deadline:
            return answer
        assert answer["code"] == "seat_in_use", answer
        time.sleep(0.2)


def a_game_owned_by(a: ProcessServer, b: ProcessServer) -> tuple[str, Client, Client]:
    """A two-player game that ``a`` owns: Ann plays through ``b`` from page ``PAGE``,
    Bob through ``b`` too."""
    host = Client(a.base, "Ann")
    created = host.request(type="create", kind="private", preset="two-player", turn_seconds=0)
    assert created["type"] == "created", created
    table = created["table"]
    host.until(lambda m: m["type"] == "table" and m["table"] == table)
    bob = Client(b.base, "Bob")
    assert bob.request(type="join", invite=created["invite"])["type"] == "table"
    assert seat_of(bob.request(type="sit", table=table, seat=1)) == 1
    host.send(type="start", table=table)
    bob.until(lambda m: m.get("event", {}).get("kind") == "started")
    ann = Client(b.base, "Ann", token=host.token, page=PAGE)
    host.close()
    assert seat_of(join_when_free(ann, table)) == 0
    return table, ann, bob


def test_a_page_takes_its_seat_over_across_instances(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        table, old, bob = a_game_owned_by(a, b)
        # Another page of Ann's, through the owner or the other instance: refused.
        for base in (a.base, b.base):
            twin = Client(base, "Ann", token=old.token, page=OTHER_PAGE)
            twin.expect_error("seat_in_use", type="join", table=table)
            twin.close()

        # The page comes back through the owner: b closes its old socket.
        here = Client(a.base, "Ann", token=old.token, page=PAGE)
        assert seat_of(here.request(type="join", table=table)) == 0
        assert closed_with(old) == CLOSE_REPLACED

        # And back through b: the owner closes its own socket of the page.
        there = Client(b.base, "Ann", token=old.token, page=PAGE)
        assert seat_of(there.request(type="join", table=table)) == 0
        assert closed_with(here) == CLOSE_REPLACED

        # The game goes on with the newest connection.
        settle([there, bob], table)
        player = there if there.my_turn(table) else bob
        state = player.view(table).state
        assert state is not None
        played = player.request(type="act", table=table, action=state["legal"][0])
        assert played["type"] == "event", played
        there.close()
        bob.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_replaced_relay_is_closed_at_its_instance_and_its_late_requests_refused(
    buses: tuple[RedisBus, RedisBus, str],
) -> None:
    """The owner replaced a client of another instance: that instance hears it after the
    messages sent to the client before, and a request of the client still on its way
    reaches no table."""
    mine, theirs, namespace = buses
    answered: list[str] = []

    async def answer(relay: Endpoint, table_id: str, command: Any, _visible: bool) -> Any:
        answered.append(type(command).__name__)
        relay.tables.add(table_id)
        return None

    cluster = Cluster(mine, "owner", lease_seconds=1.0, timeout=60.0)
    await cluster.start(namespace, _hooks(answer))
    asker = await _peer(theirs)
    try:
        call = {
            "op": "call",
            "from": asker.node,
            "conn": 7,
            "who": {"id": "g_ann", "name": "Ann"},
            "page": PAGE,
            "table": "t1",
            "command": to_json(Join(None, False, None)),
            "visible": False,
            "chat": None,
        }
        await theirs.publish(node_channel(cluster.node), {**call, "id": 1})
        await asker.hear("reply")
        relay = cluster.relays[(asker.node, 7)]
        assert relay.page == PAGE
        relay.send_text("before")
        relay.tables.discard("t1")  # as the table does, taking the seat over
        relay.replaced()
        relay.send_text("after")  # nothing more goes to it
        items = []
        while not any(isinstance(i, dict) and "replaced" in i for i in items):
            items += (await asker.hear("batch"))["items"]
        assert [i for i in items if not (isinstance(i, dict) and "reply" in i)] == [
            [7, "before"],
            {"replaced": 7},
        ]
        await theirs.publish(node_channel(cluster.node), {**call, "id": 2})
        late = await asker.hear("batch")
        assert late["items"][0]["error"][0] == "replaced", late
        assert answered == ["Join"]
    finally:
        await cluster.close()
