"""Play again with the players of a finished game split over two instances: the request
works from either, and everyone sees the same offer (the asker, declines, leaving as a no,
the new game starting) wherever they are connected."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Client, play_random, redis_available, settle
from test_multi_instance import split_table, two_instances

pytestmark = pytest.mark.skipif(not redis_available(), reason="Redis is needed for this test")


def _event(client: Client, table: str, kind: str, **fields: Any) -> dict[str, Any]:
    """The client's first event of ``kind`` at ``table`` with these fields, waited for if
    need be. Looked for among all it was sent: one may come before the answer to a request
    made meanwhile (a decline's news crosses the instances faster than its answer)."""

    def seen() -> dict[str, Any] | None:
        events = client.tables[table].events if table in client.tables else []
        wanted = (e for e in events if e["kind"] == kind and fields.items() <= e.items())
        return next(wanted, None)

    if seen() is None:
        client.until(lambda _message: seen() is not None)
    found = seen()
    assert found is not None
    return found


def _finished_game(clients: list[Client], table: str) -> None:
    clients[0].send(type="start", table=table)
    _event(clients[0], table, "started")
    play_random(clients, table, random.Random(3))
    settle(clients, table)


def test_play_again_across_instances_tells_everyone_the_same(tmp_path: Path) -> None:
    # No answer runs out here (CI once took 30 s, the default wait, between the offer and
    # Dan's "no": bots then took every seat not answered, Ann's too).
    with two_instances(tmp_path, EUCHRE_REMATCH_SECONDS="600") as (a, b):
        table, clients = split_table(a, b, options={"target": 1})
        ann, bob, cat, dan = clients  # Ann and Cat on a (the table's owner), Bob and Dan on b
        _finished_game(clients, table)

        asked = bob.request(type="play_again", table=table)
        assert asked["type"] == "table", asked
        new = str(asked["table"])
        assert asked["you"]["seat"] == 1 and asked["info"]["awaiting"] == [0, 2, 3]
        for client in clients:
            assert _event(client, table, "rematch")["table"] == new

        assert dan.request(type="decline", table=new)["type"] == "declined"
        for client in clients:
            _event(client, table, "rematch_bots", seats=[3])
        assert cat.request(type="leave", table=table)["type"] != "error"
        for client in (ann, bob, dan):
            _event(client, table, "rematch_bots", seats=[2, 3])

        again = ann.request(type="play_again", table=table)
        assert again["type"] == "table" and again["table"] == new, again
        for client in (ann, bob):
            _event(client, new, "started")


def test_a_takeover_during_play_again_keeps_the_offer(tmp_path: Path) -> None:
    """The finished game and its rematch are on a (where the request ran) when a shuts
    down with Cat still deciding: b takes both over and the offer goes on there."""
    with two_instances(tmp_path, lease="60") as (a, b):
        table, clients = split_table(a, b, options={"target": 1})
        ann, bob, cat, dan = clients  # Ann and Cat on a (the table's owner), Bob and Dan on b
        _finished_game(clients, table)
        new = str(dan.request(type="play_again", table=table)["table"])
        assert bob.request(type="play_again", table=table)["table"] == new
        returned = _event(dan, new, "returned")
        assert returned["seat"] == 1

        assert a.terminate() in (0, -15)  # SIGTERM: b takes the tables over at once
        ann.close()
        cat.close()
        snapshot = dan.until(lambda m: m["type"] == "table" and m["table"] == new)
        assert snapshot["info"]["awaiting"] == [0, 2]
        ann = Client(b.base, "Ann", token=ann.token)
        again = ann.request(type="play_again", table=table)  # a yes, at the same rematch
        assert again["type"] == "table" and again["table"] == new, again
        cat = Client(b.base, "Cat", token=cat.token)
        assert cat.request(type="decline", table=new)["type"] == "declined"
        started = dan.until(
            lambda m: m["type"] == "event" and m["table"] == new and m["event"]["kind"] == "started"
        )
        seats = [s["type"] for s in started["info"]["seats"]]
        assert seats == ["human", "human", "bot", "human"]
        for client in (ann, bob, cat, dan):
            client.close()
