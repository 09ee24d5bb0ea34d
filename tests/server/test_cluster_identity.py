"""Who a connection stands for, and where it comes from, holds across instances: a
session ended on one instance ends the connections that stand for it on every other
(those a guest had before logging in included), the limits per address count the
requests an instance relays to a table's owner, and the replay and chat rates are one
over all instances."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from load_helpers import long_record
from server_helpers import TIMEOUT, Client, guest_token, redis_available
from social_helpers import register
from test_chat import chat_on, say
from test_multi_instance import two_instances

from euchre.server.chat import ADDRESS_PEOPLE

pytestmark = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running on 127.0.0.1:6379 (needed for this test)"
)

CHEAP_ACCOUNTS = {
    "EUCHRE_ARGON2_TIME_COST": "1",
    "EUCHRE_ARGON2_MEMORY_KIB": "8",
    "EUCHRE_ARGON2_PARALLELISM": "1",
    "EUCHRE_REGISTER_PER_ADDRESS": "1000",
}


def test_logging_out_ends_a_guest_connection_the_account_took_on_another_instance(
    tmp_path: Path,
) -> None:
    """Gus sits through ``b`` at a table ``a`` owns and registers through ``a``: his socket
    on ``b`` now stands for the account. When he logs out, that socket ends too (before,
    it stood for no session, so whoever held it still joined as the account, saw its
    hand and asked for hints)."""
    with two_instances(tmp_path, **CHEAP_ACCOUNTS) as (a, b):
        host = Client(a.base, "Ann")
        created = host.request(type="create", kind="private", preset="two-player")
        table = created["table"]
        gus = Client(b.base, "Gus")
        assert gus.request(type="join", invite=created["invite"])["type"] == "table"
        assert gus.request(type="sit", table=table, seat=1)["you"]["seat"] == 1
        made = register(a.base, "Mallory", euchre_session=gus.token)
        assert made["adopted"] == [table]
        moved = gus.until(lambda m: m["type"] == "session")
        assert moved["you"]["id"] == made["id"]
        logout = httpx.post(
            a.base + "/api/logout", cookies={"euchre_session": made["session"]}, timeout=TIMEOUT
        )
        assert logout.json() == {"ok": True}
        ended = gus.until(lambda m: m["type"] == "error")
        assert ended["code"] == "session_ended", ended
        gus.close()
        host.close()


def test_guests_of_one_address_share_its_chat_rate_through_another_instance(
    tmp_path: Path,
) -> None:
    """The chat limit per address holds for people whose instance does not own the table:
    before, a relayed request came with no address, so a script's guests connected to
    ``b`` each had their own rate at a table ``a`` owns and flooded its channel."""
    counted = {"EUCHRE_ADDRESS_LIMIT_EXEMPT": "192.0.2.1", "EUCHRE_CHAT_SECONDS": "300"}
    with two_instances(tmp_path, **counted) as (a, b):
        host = Client(a.base, "Ann")
        table = host.request(type="create", kind="casual", turn_seconds=30)["table"]
        puppets = [Client(b.base, f"Puppet {i}") for i in range(ADDRESS_PEOPLE + 1)]
        for puppet in puppets:
            chat_on(puppet)
            assert puppet.request(type="join", table=table)["you"]["seat"] is None
        for i, puppet in enumerate(puppets[:ADDRESS_PEOPLE]):
            for n in range(5):
                say(puppet, table, f"{i} spam {n}")
        refused = puppets[-1].expect_error("chat_rate_limited", type="chat", table=table, text="x")
        assert "from one address" in refused["message"]
        for client in (host, *puppets):
            client.close()


def test_a_persons_and_an_addresss_chat_rates_hold_over_tables_of_both_instances(
    tmp_path: Path,
) -> None:
    """Each table's owner counted the lines said at its tables in its own memory: a person
    (or an address) chatting at a table owned by ``a`` and at one owned by ``b`` had twice
    the rate. The rates are counted in Redis, as the replay rates are."""
    counted = {"EUCHRE_ADDRESS_LIMIT_EXEMPT": "192.0.2.1", "EUCHRE_CHAT_SECONDS": "300"}
    with two_instances(tmp_path, **counted) as (a, b):
        owners = [Client(a.base, "Ann"), Client(b.base, "Bob")]
        on_a, on_b = (
            o.request(type="create", kind="casual", turn_seconds=30)["table"] for o in owners
        )
        talkers = [Client(a.base, name) for name in ("Sue", "Tom", "Uma", "Vic")]
        for talker in talkers:
            chat_on(talker)
            for table in (on_a, on_b):
                assert talker.request(type="join", table=table)["you"]["seat"] is None
        sue = talkers[0]
        for n in range(5):
            say(sue, on_a, f"sue {n}")
        refused = sue.expect_error("chat_rate_limited", type="chat", table=on_b, text="x")
        assert "at most 5 messages in 300 s:" in refused["message"]
        for talker in talkers[1:ADDRESS_PEOPLE]:
            for n in range(5):
                say(talker, on_a, f"{talker.name} {n}")
        refused = talkers[-1].expect_error("chat_rate_limited", type="chat", table=on_b, text="x")
        assert "from one address" in refused["message"]
        for client in (*owners, *talkers):
            client.close()


def test_replays_through_both_instances_count_against_one_rate(tmp_path: Path) -> None:
    """The replay rates per session and per address add up over instances, as the login
    limits do (before, each instance counted in its own memory: twice the rate with two)."""
    rates = {"EUCHRE_REPLAY_PER_SESSION": "2", "EUCHRE_REPLAY_WINDOW_SECONDS": "300"}
    with two_instances(tmp_path, **rates) as (a, b):
        cookies = {"euchre_session": guest_token(a.base, "Rex")}
        record = long_record(1)
        for base in (a.base, b.base):
            answer = httpx.post(base + "/api/replays", json=record, cookies=cookies, timeout=60)
            assert answer.status_code == 200, answer.text
        refused = httpx.post(b.base + "/api/replays", json=record, cookies=cookies, timeout=60)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"


def test_a_reader_on_another_instance_with_chat_off_is_told_a_line_was_written(
    tmp_path: Path,
) -> None:
    """The instance holding a reader's socket applies their chat settings to a line the
    table's owner relays: the line with chat on, the notice that one was written with it
    off (nothing of the line)."""
    with two_instances(tmp_path) as (a, b):
        host = Client(a.base, "Ann")
        created = host.request(type="create", kind="private", preset="two-player")
        table = created["table"]
        chat_on(host)
        gus = Client(b.base, "Gus")
        assert gus.request(type="join", invite=created["invite"])["type"] == "table"
        assert gus.request(type="sit", table=table, seat=1)["you"]["seat"] == 1
        brb = say(host, table, "brb")
        notice = gus.until(lambda m: m["type"] in ("chat", "chat_unread"))
        assert notice == {
            "type": "chat_unread",
            "table": table,
            "channel": "players",
            "id": brb["id"],
        }
        chat_on(gus)
        say(host, table, "back")
        assert gus.until(lambda m: m["type"] == "chat")["text"] == "back"
        assert not [m for m in gus.received if m["type"] == "chat" and m["text"] != "back"]
        host.close()
        gus.close()
