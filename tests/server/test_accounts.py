"""Accounts over a real server: register, log in and out, passwords, rate limits, sessions
that are revoked, the websocket's session and Origin checks, a guest who becomes an account."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TIMEOUT, Client, ThreadServer, guest_token, play_random, settle
from social_helpers import (
    PASSWORD,
    database_url,
    login,
    register,
    social_settings,
    wait_processed,
)
from sqlalchemy import select, text
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from euchre.store import head_revision, make_engine, upgrade
from euchre.store.models import User, UserSession
from euchre.store.names import skeleton


def ws_url(base: str, token: str) -> str:
    return base.replace("http://", "ws://") + f"/ws?session={token}"


def refused(base: str, token: str) -> dict[str, object]:
    """The first message of a websocket opened with ``token`` (it must be a refusal)."""
    with connect(ws_url(base, token), open_timeout=TIMEOUT) as ws:
        message: dict[str, object] = json.loads(ws.recv(timeout=TIMEOUT))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=TIMEOUT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    return message


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_register_login_logout_and_revoked_sessions(kind: str, tmp_path: Path) -> None:
    with (
        database_url(kind, tmp_path) as url,
        ThreadServer(social_settings(tmp_path / "x.db", database_url=url)) as live,
    ):
        base = live.base
        made = register(base, "Ann")
        assert made["id"].startswith("u_") and not made["guest"] and made["name"] == "Ann"
        for taken in ("ann", "ANN", " Ann "):
            again = httpx.post(base + "/api/accounts", json={"name": taken, "password": PASSWORD})
            assert again.status_code == 409 and again.json()["code"] == "name_taken"
        short = httpx.post(base + "/api/accounts", json={"name": "Bob", "password": "short"})
        assert short.status_code == 422 and short.json()["code"] == "bad_password"
        for name in ("<b>", "", " ", "x" * 65):  # each says what a name may be
            bad = httpx.post(base + "/api/accounts", json={"name": name, "password": PASSWORD})
            assert bad.status_code == 422 and bad.json()["code"] == "bad_name", bad.text
            guest = httpx.post(base + "/api/session", json={"name": name})
            assert guest.status_code == 422 and guest.json()["code"] == "bad_name", guest.text
        for path, body in (  # a field the body does not have is refused, not ignored
            ("/api/session", {"name": "Gus", "remember": True}),
            ("/api/accounts", {"name": "Bob", "password": PASSWORD, "email": "b@example.org"}),
        ):
            extra = httpx.post(base + path, json=body)
            assert extra.status_code == 422 and extra.json()["code"] == "invalid_request", path
            assert extra.json()["detail"][0]["loc"] == ["body", list(body)[-1]], extra.text
        assert login(base, "Bob", PASSWORD).status_code == 401  # no account was made

        wrong = login(base, "Ann", "not the password")
        assert wrong.status_code == 401 and wrong.json()["code"] == "bad_login"
        unknown = login(base, "Nobody", PASSWORD)
        assert unknown.status_code == 401 and unknown.json() == wrong.json()
        good = login(base, "aNN", PASSWORD)  # names ignore case
        assert good.status_code == 200 and good.json()["name"] == "Ann"
        cookie = good.cookies.get("euchre_session")
        assert cookie and cookie == good.json()["session"]
        header = good.headers["set-cookie"].lower()
        assert "httponly" in header and "samesite=lax" in header

        with httpx.Client(base_url=base) as http:
            http.cookies.set("euchre_session", cookie)
            me = http.get("/api/session").json()
            assert me["name"] == "Ann" and me["guest"] is False
            account = http.get("/api/account").json()
            assert account["name"] == "Ann"
            assert account["id"] == me["id"] == made["id"] and me["id"].startswith("u_")
            player = Client(base, "Ann", cookie)  # the websocket takes the same session
            assert player.welcome["you"]["id"] == made["id"]
            assert http.post("/api/logout").json() == {"ok": True}
            ended = player.until(lambda m: m["type"] == "error")
            assert ended["code"] == "session_ended"  # its open websocket is closed
            player.close()
            assert http.get("/api/account").status_code == 401
        with httpx.Client(base_url=base) as http:
            http.cookies.set("euchre_session", cookie)
            assert http.get("/api/session").status_code == 401  # revoked on the server
        assert refused(base, cookie)["code"] == "no_session"
        # The first session (from registering) is still valid: sessions are independent.
        assert Client(base, "Ann", made["session"]).welcome["you"]["name"] == "Ann"

        async def stored() -> tuple[list[str], list[str]]:
            engine = make_engine(url)
            async with engine.connect() as conn:
                hashes = list((await conn.execute(select(User.password_hash))).scalars())
                ids = list((await conn.execute(select(UserSession.id))).scalars())
            await engine.dispose()
            return hashes, ids

        hashes, ids = asyncio.run(stored())
        assert all(h.startswith("$argon2id$") for h in hashes)
        assert made["session"] not in ids and all(len(i) == 64 for i in ids)  # digests only


def test_login_rate_limits_per_name_and_per_address(tmp_path: Path) -> None:
    settings = social_settings(tmp_path / "r.db", login_name_failures=3, login_address_attempts=10)
    with ThreadServer(settings) as live:
        base = live.base
        register(base, "Ann")
        register(base, "Bob")
        for _ in range(3):
            assert login(base, "Ann", "wrong password").status_code == 401
        limited = login(base, "Ann", PASSWORD)  # even the right password waits now
        assert limited.status_code == 429 and limited.json()["code"] == "too_many_attempts"
        assert int(limited.headers["retry-after"]) > 0
        assert "try again in" in limited.json()["detail"]
        assert login(base, "Bob", PASSWORD).status_code == 200  # other names are not blocked
        statuses = [login(base, "Bob", PASSWORD).status_code for _ in range(5)]
        assert statuses[:3] == [200, 200, 200] and statuses[-1] == 429  # the address is


def test_change_password_delete_account_and_rehash(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    with ThreadServer(social_settings(path)) as live:
        base = live.base
        first = register(base, "Ann")
        second = login(base, "Ann").json()
        other = Client(base, "Ann", first["session"])
        with httpx.Client(base_url=base) as http:
            http.cookies.set("euchre_session", second["session"])
            wrong = http.post(
                "/api/account/password", json={"password": "nope", "new_password": "new secret 1"}
            )
            assert wrong.status_code == 403 and wrong.json()["code"] == "bad_password"
            same = http.post(
                "/api/account/password", json={"password": PASSWORD, "new_password": PASSWORD}
            )
            assert same.status_code == 422 and same.json()["code"] == "same_password"
            assert "choose a different password" in same.json()["detail"]
            assert "tables" in other.request(type="lobby")  # refused: the other session goes on
            changed = http.post(
                "/api/account/password", json={"password": PASSWORD, "new_password": "new secret 1"}
            )
            assert changed.status_code == 200
            assert other.until(lambda m: m["type"] == "error")["code"] == "session_ended"
            assert http.get("/api/session").json()["name"] == "Ann"  # this session stays
        other.close()
        assert login(base, "Ann").status_code == 401
        assert login(base, "Ann", "new secret 1").status_code == 200
    # New argon2 parameters: the next login stores a hash made with them.
    with ThreadServer(social_settings(path, argon2_time_cost=2)) as live:
        base = live.base
        fresh = login(base, "Ann", "new secret 1")
        assert fresh.status_code == 200

        async def stored_hash() -> str:
            async with live.server.engine.connect() as conn:
                found = await conn.execute(select(User.password_hash).where(User.name == "Ann"))
                return str(found.scalar_one())

        assert ",t=2," in live.run(stored_hash())
        assert login(base, "Ann", "new secret 1").status_code == 200
        with httpx.Client(base_url=base) as http:
            http.cookies.set("euchre_session", fresh.json()["session"])
            kept = http.request("DELETE", "/api/account", json={"password": "wrong"})
            assert kept.status_code == 403
            gone = http.request("DELETE", "/api/account", json={"password": "new secret 1"})
            assert gone.status_code == 200
            assert http.get("/api/account").status_code == 401
        assert login(base, "Ann", "new secret 1").status_code == 401
        assert httpx.get(base + "/api/players/Ann").status_code == 404
        register(base, "ann")  # the name is free again


def _refused_opening(url: str, **how: Any) -> tuple[int, dict[str, Any]]:
    with pytest.raises(InvalidStatus) as caught:
        connect(url, open_timeout=TIMEOUT, **how)
    response = caught.value.response
    return response.status_code, json.loads(response.body or b"{}")


def test_websocket_checks_the_origin(live: ThreadServer, caplog: pytest.LogCaptureFixture) -> None:
    """Each refusal says why, as the HTTP API's do (it was a bare 403), and logs no error."""
    token = guest_token(live.base, "Ann")
    url = ws_url(live.base, token)
    status, body = _refused_opening(url, origin="http://evil.example")
    assert (status, body["code"]) == (403, "cross_origin")
    assert "another site" in body["detail"], body
    cookie_only = url.split("?")[0]
    status, body = _refused_opening(
        cookie_only, additional_headers={"Cookie": f"euchre_session={token}"}
    )
    assert (status, body["code"]) == (403, "cross_origin")
    assert "?session=" in body["detail"], body
    for elsewhere in ("/wss", "/ws/", "/api/ws"):
        status, body = _refused_opening(url.replace("/ws?", elsewhere + "?"))
        assert (status, body["code"]) == (404, "not_found"), elsewhere
        assert "/ws" in body["detail"], body
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.records
    own = live.base.replace("localhost", "127.0.0.1")
    with connect(url, origin=own, open_timeout=TIMEOUT) as ws:
        assert json.loads(ws.recv(timeout=TIMEOUT))["type"] == "welcome"


def test_a_forged_account_token_is_no_session(live: ThreadServer) -> None:
    # Signed by the server but naming an account without a server-side session.
    forged = live.server.sessions.sign_session("made-up-session-id")
    assert refused(live.base, forged)["code"] == "no_session"
    old_style = live.server.sessions._signer.dumps(["u_1", "Ann", 1])
    assert refused(live.base, old_style)["code"] == "no_session"


def test_a_guest_becomes_an_account_and_keeps_the_seat(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "g.db", turn_seconds=600)) as live:
        base = live.base
        guest = Client(base, "Gus")
        snapshot = guest.request(type="quick_play")
        table, seat = snapshot["table"], snapshot["you"]["seat"]
        guest.until(lambda m: m.get("event", {}).get("kind") == "started")
        assert guest.request(type="chat_settings", enabled=True)["enabled"] is True
        made = register(base, "Gustav", euchre_session=guest.token)
        assert made["adopted"] == [table] and made["chat"] is True  # the setting comes along
        moved = guest.until(lambda m: m["type"] == "session")
        assert moved["you"] == {"id": made["id"], "name": "Gustav", "guest": False}
        renamed = guest.until(lambda m: m.get("event", {}).get("kind") == "renamed")
        assert renamed["event"]["seat"] == seat
        assert renamed["info"]["seats"][seat]["name"] == "Gustav"
        assert renamed["info"]["seats"][seat]["account"] is True
        # The same connection plays on, now as the account.
        play_random([guest], table, random.Random(4), stop=lambda s: s["deal"] >= 1)
        guest.close()
        # A new connection with the account's session takes the seat back.
        back = Client(base, "Gustav", made["session"])
        snapshot = back.request(type="join", table=table)
        assert snapshot["you"]["seat"] == seat
        settle([back], table)
        play_random([back], table, random.Random(5))
        wait_processed(base, table)
        history = httpx.get(base + "/api/players/gustav/games").json()
        assert [g["game"] for g in history["games"]] == [table]
        assert history["games"][0]["seat"] == seat
        back.close()


@pytest.mark.parametrize(
    ("how", "finished_ttl", "kind"),
    [
        ("register", 600.0, "sqlite"),
        ("register", 0.2, "sqlite"),
        ("login", 600.0, "sqlite"),
        ("register", 0.2, "postgresql"),
    ],
    ids=["register-table-in-memory", "register-table-gone", "login", "postgresql"],
)
def test_games_finished_as_a_guest_count_for_the_account(
    how: str, finished_ttl: float, kind: str, tmp_path: Path
) -> None:
    """A player tried the game as a guest, liked it and registered: the game they had just
    finished was missing from their profile (its results were written while they were a
    guest), though the replays listed it as theirs. It now counts, in history and
    statistics, whether its table was still in memory (the seat moved to the account) or
    long gone, and for a guest who logs in to an account made before."""
    with (
        database_url(kind, tmp_path) as url,
        ThreadServer(
            social_settings(
                tmp_path / "g.db", turn_seconds=600, finished_ttl=finished_ttl, database_url=url
            )
        ) as live,
    ):
        base = live.base
        if how == "login":
            register(base, "Gustav")
        guest = Client(base, "Gus")
        snapshot = guest.request(type="quick_play")
        table, seat = snapshot["table"], snapshot["you"]["seat"]
        guest.until(lambda m: m.get("event", {}).get("kind") == "started")
        play_random([guest], table, random.Random(6))
        summary = wait_processed(base, table)
        assert summary["players"][seat]["account"] is None
        guest.close()
        deadline = time.monotonic() + TIMEOUT
        while finished_ttl < 1 and table in live.server.lobby.tables:  # gone from memory
            assert time.monotonic() < deadline
            time.sleep(0.05)
        if how == "register":
            register(base, "Gustav", euchre_session=guest.token)
        else:
            answer = login(base, "Gustav", euchre_session=guest.token)
            assert answer.status_code == 200, answer.text
        history = _games_once_listed(base, "gustav")
        assert [g["game"] for g in history["games"]] == [table]
        assert history["games"][0]["seat"] == seat
        profile = httpx.get(base + "/api/players/gustav", timeout=TIMEOUT).json()
        [stats] = profile["stats"]
        assert stats["games"] == 1 and stats["hands"] > 0


def _games_once_listed(base: str, name: str) -> dict[str, Any]:
    """A player's history once it lists a game (the results are written in the background)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        answer = httpx.get(f"{base}/api/players/{name}/games", timeout=TIMEOUT)
        found: dict[str, Any] = answer.json()
        if found["games"] or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_accounts_migration_keeps_existing_users(kind: str, tmp_path: Path) -> None:
    async def run(url: str) -> tuple[Any, ...]:
        engine = make_engine(url)
        try:
            assert await upgrade(engine, "0001") == "0001"
            async with engine.begin() as conn:
                await conn.execute(text("INSERT INTO users (name) VALUES ('Old Timer')"))
            assert await upgrade(engine) == head_revision()
            async with engine.connect() as conn:
                query = select(User.name_key, User.muted, User.chat_enabled)
                return tuple((await conn.execute(query)).one())
        finally:
            await engine.dispose()

    with database_url(kind, tmp_path) as url:
        assert asyncio.run(run(url)) == (skeleton("Old Timer"), None, False)
