"""Limits over two instances on one PostgreSQL database and one Redis add up as on one:
the tables a person or an address opened in the window, whichever instance opened them,
and the spectators of a table, whichever instance they watch through."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import Client, ProcessServer, redis_available
from test_multi_instance import two_instances

pytestmark = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running (needed for this test)"
)


def open_and_leave(client: Client) -> None:
    created = client.request(type="create", kind="private")
    assert created["type"] == "created", created
    assert client.request(type="leave", table=created["table"])["type"] == "left"


def test_tables_opened_through_both_instances_count_together(tmp_path: Path) -> None:
    limits = {
        "EUCHRE_TABLES_OPENED_PER_PERSON": "2",
        "EUCHRE_TABLES_OPENED_PER_ADDRESS": "3",
        # Every client here comes from 127.0.0.1 (an empty variable keeps the default).
        "EUCHRE_ADDRESS_LIMIT_EXEMPT": "192.0.2.1",
        "EUCHRE_TABLES_PER_PERSON": "100",
        "EUCHRE_WAITING_PER_PERSON": "100",
    }
    with two_instances(tmp_path, **limits) as (a, b):
        ann_a = Client(a.base, "Ann")
        ann_b = Client(b.base, "Ann", ann_a.token)
        open_and_leave(ann_a)
        open_and_leave(ann_b)
        for ann in (ann_a, ann_b):
            refused = ann.expect_error("too_many_tables", type="create", kind="private")
            assert "at most 2 new tables opened by one person" in refused["message"]
        bob = Client(b.base, "Bob")  # the address's third table
        open_and_leave(bob)
        cat = Client(a.base, "Cat")
        refused = cat.expect_error("too_many_tables", type="quick_play", preset="standard")
        assert "at most 3 new tables opened by one address" in refused["message"]
        for client in (ann_a, ann_b, bob, cat):
            client.close()


def watch(base: str, name: str, invite: str) -> tuple[Client, dict[str, object]]:
    fan = Client(base, name)
    return fan, fan.request(type="join", invite=invite)


def test_spectators_through_both_instances_count_together(tmp_path: Path) -> None:
    with two_instances(tmp_path, EUCHRE_SPECTATORS_PER_TABLE="2") as (a, b):
        ann = Client(a.base, "Ann")
        created = ann.request(type="create", kind="private")
        invite = str(created["invite"])
        cat, seen = watch(a.base, "Cat", invite)
        assert seen["type"] == "table", seen
        dan, seen = watch(b.base, "Dan", invite)
        assert seen["type"] == "table", seen
        for base, name in ((b.base, "Eve"), (a.base, "Fay")):
            late, refused = watch(base, name, invite)
            assert refused.get("code") == "too_many_spectators", (name, refused)
            late.close()
        assert dan.request(type="leave", table=created["table"])["type"] == "left"
        gus, seen = watch(b.base, "Gus", invite)  # the place Dan freed
        assert seen["type"] == "table", seen
        for client in (ann, cat, dan, gus):
            client.close()


def test_restarting_an_instance_keeps_the_count(tmp_path: Path) -> None:
    """The instance that opened the tables is gone; the other one still counts them."""
    limits = {"EUCHRE_TABLES_OPENED_PER_PERSON": "1", "EUCHRE_WAITING_PER_PERSON": "100"}
    with two_instances(tmp_path, **limits) as (a, b):
        ann = Client(a.base, "Ann")
        open_and_leave(ann)
        ann.close()
        a.kill()
        again = Client(b.base, "Ann", ann.token)
        refused = again.expect_error("too_many_tables", type="create", kind="private")
        assert "at most 1 new tables opened by one person" in refused["message"]
        again.close()
        restarted = ProcessServer(a.env, port=a.port).start()
        try:
            back = Client(restarted.base, "Ann", ann.token)
            back.expect_error("too_many_tables", type="create", kind="private")
            back.close()
        finally:
            restarted.kill()


def answer(client: Client, ref: str) -> dict[str, object]:
    return client.until(lambda m: m.get("ref") == ref)


def test_creates_sent_at_once_through_both_instances_stay_within_the_limit(
    tmp_path: Path,
) -> None:
    """Each instance reads the store before either has stored its tables: without one
    lock over both, each would let the person open the whole limit."""
    limits = {
        "EUCHRE_TABLES_OPENED_PER_PERSON": "3",
        "EUCHRE_TABLES_PER_PERSON": "100",
        "EUCHRE_WAITING_PER_PERSON": "100",
        "EUCHRE_SEATS_PER_PERSON": "100",
    }
    with two_instances(tmp_path, **limits) as (a, b):
        first = Client(a.base, "Ann")
        anns = [first] + [Client(base, "Ann", first.token) for base in (a.base, b.base, b.base)]
        refs = {ann: [f"{i}-{n}" for n in range(3)] for i, ann in enumerate(anns)}
        for ann, sent in refs.items():
            for ref in sent:
                ann.send(ref=ref, type="create", kind="private")
        answers = [answer(ann, ref) for ann, sent in refs.items() for ref in sent]
        created = [m for m in answers if m["type"] == "created"]
        refused = [m for m in answers if m.get("code") == "too_many_tables"]
        assert len(created) == 3, answers
        assert len(refused) == len(answers) - 3, answers
        for ann in anns:
            ann.close()
