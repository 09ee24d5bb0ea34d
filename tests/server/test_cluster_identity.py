"""Who a connection stands for holds across instances: a session ended on one instance
ends the connections that stand for it on every other, those a guest had before logging
in included."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from server_helpers import TIMEOUT, Client, redis_available
from social_helpers import register
from test_multi_instance import two_instances

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
