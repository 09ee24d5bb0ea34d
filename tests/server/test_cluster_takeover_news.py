"""A table taken over from an instance that died tells its players only what changed:
people who were never away are not announced as back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from server_helpers import Client, play_random, redis_available, settle
from test_multi_instance import NAMES, mid_hand, own_turn, split_table, two_instances

pytestmark = pytest.mark.skipif(not redis_available(), reason="Redis is needed for this test")


def test_a_takeover_announces_no_one_back(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        table, clients = split_table(a, b)
        clients[0].send(type="start", table=table)
        play_random(clients, table, random.Random(7), stop=mid_hand)
        version = settle(clients, table)

        a.kill()
        for client in (clients[0], clients[2]):
            client.close()
        kept = [clients[1], clients[3]]
        for client in kept:
            client.until(lambda m: m["type"] == "table" and m["table"] == table)
        moved = [Client(b.base, c.name, c.token) for c in (clients[0], clients[2])]
        for client in moved:
            assert client.request(type="join", table=table, since=version)["type"] == "table"
        players = sorted([*moved, *kept], key=lambda c: NAMES.index(c.name))
        actor = own_turn(players, table)
        state = actor.view(table).state
        assert state is not None
        actor.request(type="act", table=table, action=state["legal"][0])
        settle(players, table)

        for client in players:
            after = [e["kind"] for e in client.view(table).events if e["version"] > version]
            assert "returned" not in after and "away" not in after, (client.name, after)
            seats = client.view(table).info["seats"]
            assert all(s["connected"] for s in seats if s["type"] == "human"), seats
