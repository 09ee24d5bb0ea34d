"""Attacks on identities against a real server: an id inherited after a deletion,
look-alike names, a guest taking an account's name, hidden characters in names, a guest
token used after logout, and the database file's permissions."""

from __future__ import annotations

import asyncio
import json
import stat
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TIMEOUT, Client, ThreadServer, guest_token
from social_helpers import PASSWORD, database_url, login, register, social_settings
from sqlalchemy import func, select, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from euchre.server.accounts import CLOSE_SESSION_ENDED
from euchre.server.app import create_app
from euchre.store import head_revision, make_engine, upgrade
from euchre.store.models import User, UserSession
from euchre.store.names import skeleton


def create_account(base: str, name: str) -> httpx.Response:
    return httpx.post(base + "/api/accounts", json={"name": name, "password": PASSWORD})


def test_a_new_account_never_inherits_a_deleted_ones_id(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "ids.db", turn_seconds=600)) as live:
        base = live.base
        ann = register(base, "Ann")
        host = Client(base, "Ann", ann["session"])
        created = host.request(type="create", kind="private", preset="standard", sit=True)
        table = created["table"]
        with httpx.Client(base_url=base) as http:
            http.cookies.set("euchre_session", ann["session"])
            assert http.request("DELETE", "/api/account", json={"password": PASSWORD}).is_success
        host.close()
        bob = register(base, "Bob")
        assert bob["id"] != ann["id"]
        stranger = Client(base, "Bob", bob["session"])
        refused = stranger.expect_error("not_found", type="join", table=table)
        assert table in refused["message"]
        stranger.close()

        async def ids() -> list[int]:
            async with live.server.engine.connect() as conn:
                return list((await conn.execute(select(User.id).order_by(User.id))).scalars())

        assert live.run(ids()) == [int(bob["id"][2:])]


def test_look_alike_names_are_one_name(tmp_path: Path) -> None:
    # More names are tried here than an address may try in the window.
    with ThreadServer(social_settings(tmp_path / "n.db", login_address_attempts=100)) as live:
        register(live.base, "Ann")
        register(live.base, "Bob")
        register(live.base, "Al")
        look_alikes = ["\u0410nn", "\uff21\uff4e\uff4e", "ANN", "B0B", "\u0392ob"]
        # Rows of the confusables table joined: Cyrillic and Greek small o meet Latin o
        # (and 0), a capital I meets a small l.
        look_alikes += ["B\u043eb", "B\u03bfb", "AI"]
        # A letter and the two it looks like (TR39): rn m, vv w, cl d.
        for name in ("Tom", "Kim", "Emma", "Wendy", "Dave", "Farmer"):
            register(live.base, name)
        look_alikes += ["Torn", "Kirn", "Ernrna", "VVendy", "Vvendy", "Clave", "Farrner", "TORN"]
        # The separators between words: "Emma." or "Em ma" would sit at a table as Emma.
        look_alikes += ["Em ma", "W.endy."]
        # Accents on Latin, Greek and Cyrillic letters: "Zédekiah" beside "Zedekiah".
        register(live.base, "Zedekiah")
        look_alikes += ["Zédekiah", "Zédekiah", "Ánn", "Böb"]
        # A dot over an i's own dot (U+0307, U+0358) shows nothing new.
        look_alikes += ["Zedeki\u0307ah", "Zedeki\u0358ah"]
        for look_alike in look_alikes:
            answer = create_account(live.base, look_alike)
            assert answer.status_code == 409, look_alike
            assert answer.json()["code"] == "name_taken"
            assert "look-alike" in answer.json()["detail"]
        profile = httpx.get(live.base + "/api/players/\u0410nn").json()
        assert profile["name"] == "Ann"  # the look-alike finds the one account
        assert create_account(live.base, "Anna").status_code == 201
        assert httpx.get(live.base + "/api/players/Torn").json()["name"] == "Tom"
        assert create_account(live.base, "Toni").status_code == 201
        # A mark that is a vowel of its script is no accent: these are two names.
        assert create_account(live.base, "राम").status_code == 201
        assert create_account(live.base, "रम").status_code == 201


MATHS_JIM = "J\U0001d5c2m"  # a mathematical sans-serif small i
SMALL_BARB = "B\u1d00\u0280\u0299"  # small capitals A, R, B


def test_accounts_whose_names_became_look_alikes_both_still_log_in(tmp_path: Path) -> None:
    """Joining the look-alike rows (migration 0007), a letter with the two it looks like
    (0009), the separators (0012), accents (0013) and compatibility forms before case
    (0014: a mathematical o, small capitals) give two existing accounts one key:
    the older keeps it, the newer one's key is suffixed, and each logs in by its own name."""
    cyrillic = "B\u043eb"
    settings = social_settings(tmp_path / "m.db")
    with ThreadServer(settings) as live:
        first = register(live.base, "Bob")["id"]
        second = register(live.base, "Bxb")["id"]
        tom, torn = register(live.base, "Tom")["id"], register(live.base, "Torm")["id"]
        hal, dotted = register(live.base, "Hal")["id"], register(live.base, "Hak")["id"]
        zed, accented = register(live.base, "Zed")["id"], register(live.base, "Zxd")["id"]
        jim, maths = register(live.base, "Jim")["id"], register(live.base, "Jxm")["id"]
        barb, small = register(live.base, "Barb")["id"], register(live.base, "Bxrb")["id"]

    async def back_to_0006() -> list[tuple[int, str]]:
        engine = make_engine(settings.database_url)
        try:
            async with engine.begin() as conn:  # as 0006's rule had left them
                await conn.execute(
                    text("UPDATE users SET name = :n, name_key = 'bob' WHERE name = 'Bxb'"),
                    {"n": cyrillic},
                )
                # Registered before 0009: a name with rn beside one with m.
                await conn.execute(text("UPDATE users SET name = 'Torn' WHERE name = 'Torm'"))
                # Before 0012: a name with a separator beside one without.
                await conn.execute(text("UPDATE users SET name = 'Ha.l' WHERE name = 'Hak'"))
                # Before 0013: a name with an accent beside one without.
                await conn.execute(text("UPDATE users SET name = 'Zéd' WHERE name = 'Zxd'"))
                # Before 0014: a mathematical i, small capitals.
                await conn.execute(
                    text(f"UPDATE users SET name = '{MATHS_JIM}' WHERE name = 'Jxm'")
                )
                await conn.execute(
                    text(f"UPDATE users SET name = '{SMALL_BARB}' WHERE name = 'Bxrb'")
                )
                await conn.execute(text("DROP TABLE guest_prefs"))  # made by 0008
                for table in ("ratings", "rating_history"):  # 0010's columns
                    await conn.execute(text(f"ALTER TABLE {table} DROP COLUMN established"))
                for column in ("opened_by", "opened_from"):  # 0011's
                    await conn.execute(text(f"DROP INDEX ix_games_{column}"))
                    await conn.execute(text(f"ALTER TABLE games DROP COLUMN {column}"))
                await conn.execute(text("UPDATE alembic_version SET version_num = '0006'"))
            assert await upgrade(engine) == head_revision()
            async with engine.connect() as conn:
                rows = await conn.execute(select(User.id, User.name_key).order_by(User.id))
                return [(int(i), str(k)) for i, k in rows]
        finally:
            await engine.dispose()

    hal_key, zed_key, jim_key, barb_key = (skeleton(n) for n in ("Hal", "Zed", "Jim", "Barb"))
    assert asyncio.run(back_to_0006()) == [
        (1, "b0b"),
        (2, "b0b#2"),
        (3, "t0m"),
        (4, "t0m#4"),
        (5, hal_key),
        (6, f"{hal_key}#6"),
        (7, zed_key),
        (8, f"{zed_key}#8"),
        (9, jim_key),
        (10, f"{jim_key}#10"),
        (11, barb_key),
        (12, f"{barb_key}#12"),
    ]
    with ThreadServer(settings) as live:
        pairs = [("Bob", first), (cyrillic, second), ("BOB", first), ("Tom", tom)]
        pairs += [("Torn", torn), ("Hal", hal), ("Ha.l", dotted), ("Zed", zed)]
        pairs += [("Jim", jim), (MATHS_JIM, maths), ("Barb", barb), (SMALL_BARB, small)]
        for name, account in [*pairs, ("Zéd", accented)]:
            answer = login(live.base, name)
            assert answer.status_code == 200, (name, answer.text)
            assert answer.json()["id"] == account, name
        assert httpx.get(live.base + "/api/players/" + cyrillic).json()["name"] == cyrillic
        assert create_account(live.base, "B\u03bfb").status_code == 409


@pytest.mark.parametrize(
    "name",
    [
        "An\u202en",
        "\u2066Ann\u2069",
        "A\u200bnn",
        "An\u0007n",
        "Ann\u200d",
        "Adm\u034fin",  # marks that show nothing: each looks like a name without it
        "Admin\ufe0f",
        "Sys\u180btem",
        "Hard B\u034fot",
        "Server\U000e0100",
        "Moderat\u17b4or",
    ],
)
def test_names_with_hidden_characters_are_refused(live: ThreadServer, name: str) -> None:
    for path, body in (
        ("/api/accounts", {"name": name, "password": PASSWORD}),
        ("/api/session", {"name": name}),  # a guest has no password
    ):
        answer = httpx.post(live.base + path, json=body)
        assert answer.status_code == 422, (path, name)
        assert "invisible, control or text-direction" in str(answer.json()["detail"])
        assert "euchre_session" not in answer.cookies


def test_a_guest_cannot_take_an_accounts_name(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "g.db")) as live:
        register(live.base, "Ann")
        for taken in ("Ann", "ann", "\u0410nn", "Ann.", "A nn"):
            answer = httpx.post(live.base + "/api/session", json={"name": taken})
            assert answer.status_code == 409 and answer.json()["code"] == "name_taken"
            assert "log in if it is yours" in answer.json()["detail"]
            assert "euchre_session" not in answer.cookies
        assert httpx.post(live.base + "/api/session", json={"name": "Annette"}).is_success


def test_a_guest_whose_name_an_account_took_later_plays_on_shown_as_a_guest(
    tmp_path: Path,
) -> None:
    with ThreadServer(social_settings(tmp_path / "later.db")) as live:
        token = guest_token(live.base, "Zed")
        register(live.base, "Zed")
        early = Client(live.base, "Zed", token)
        assert early.welcome["you"]["name"] == "Zed (guest)"
        assert early.welcome["you"]["guest"] is True
        early.close()


def test_a_guest_token_is_refused_after_logout(live: ThreadServer) -> None:
    with httpx.Client(base_url=live.base) as http:
        token = http.post("/api/session", json={"name": "Gus"}).json()["session"]
        player = Client(live.base, "Gus", token)
        assert http.post("/api/logout").json() == {"ok": True}
        ended = player.until(lambda m: m["type"] == "error")
        assert ended["code"] == "session_ended"
        player.close()
    with httpx.Client(base_url=live.base) as http:
        http.cookies.set("euchre_session", token)
        assert http.get("/api/session").status_code == 401
    url = live.base.replace("http://", "ws://") + f"/ws?session={token}"
    with connect(url, open_timeout=TIMEOUT) as ws:
        assert json.loads(ws.recv(timeout=TIMEOUT))["code"] == "no_session"


def test_a_logged_out_guest_token_moves_no_seat_to_an_account(tmp_path: Path) -> None:
    """Whoever kept a guest's token after its logout cannot register or log in with it as
    the cookie and so take the guest's seat (and see its hand) as their account."""
    with ThreadServer(social_settings(tmp_path / "adopt.db", turn_seconds=600)) as live:
        guest = Client(live.base, "Gus")
        table = guest.request(type="create", kind="casual", sit=True)["table"]
        guest.request(type="start", table=table)
        token = guest.token
        with httpx.Client(base_url=live.base) as http:
            http.cookies.set("euchre_session", token)
            assert http.post("/api/logout").json() == {"ok": True}
        guest.close()
        made = register(live.base, "Mallory", euchre_session=token)
        assert made["adopted"] == []
        assert login(live.base, "Mallory").status_code == 200  # without the cookie: nothing
        answer = login(live.base, "Mallory", euchre_session=token)
        assert answer.json()["adopted"] == []
        mallory = Client(live.base, "Mallory", made["session"])
        snapshot = mallory.request(type="join", table=table)
        assert snapshot["you"]["seat"] is None and snapshot["state"]["hand"] == []
        mallory.close()


def test_the_database_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "private.db"
    with ThreadServer(social_settings(path)) as live:
        register(live.base, "Ann")
    for made in [path, *tmp_path.glob("private.db-*")]:
        assert stat.S_IMODE(made.stat().st_mode) & 0o077 == 0, made


def test_building_the_server_creates_no_database_file(tmp_path: Path) -> None:
    """The file is made (private) when the server first connects, not when the app is
    built: building it for its OpenAPI document or a settings check leaves no file."""
    path = tmp_path / "unused.db"
    create_app(social_settings(path)).openapi()
    assert list(tmp_path.iterdir()) == []


def insert_user(name: str, kind: str) -> Any:
    false = "0" if kind == "sqlite" else "false"
    return text(
        f"INSERT INTO users (name, name_key, chat_enabled) VALUES ('{name}', '{name.lower()}', "
        f"{false})"
    )


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_security_migration_keeps_accounts_and_their_sessions(
    kind: str, tmp_path: Path
) -> None:
    async def run(url: str) -> tuple[list[tuple[int, str]], int, list[int]]:
        engine = make_engine(url)
        try:
            assert await upgrade(engine, "0002") == "0002"
            async with engine.begin() as conn:
                for name in ("Ann", "Bob"):
                    await conn.execute(insert_user(name, kind))
                await conn.execute(
                    text(
                        "INSERT INTO user_sessions (id, user_id, created_at, expires_at) "
                        "VALUES ('s1', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                    )
                )
            assert await upgrade(engine) == head_revision()
            async with engine.begin() as conn:
                keys = (await conn.execute(select(User.id, User.name_key).order_by(User.id))).all()
                sessions = len((await conn.execute(select(UserSession.id))).all())
                made = []
                for name in ("Cy", "Dee"):  # the newest account is deleted, then one made
                    await conn.execute(insert_user(name, kind))
                    made.append(int((await conn.execute(select(func.max(User.id)))).scalar_one()))
                    await conn.execute(text(f"DELETE FROM users WHERE name = '{name}'"))
            return [(int(i), str(k)) for i, k in keys], sessions, made
        finally:
            await engine.dispose()

    with database_url(kind, tmp_path) as url:
        keys, sessions, made = asyncio.run(run(url))
    assert keys == [(1, "ann"), (2, "b0b")]  # Bob's key is now his name's skeleton
    assert sessions == 1  # rebuilding the users table cascaded nothing
    assert made[1] > made[0]  # the deleted account's id is not given out again


@pytest.mark.parametrize("kind", ["guest", "account"])
def test_a_session_ended_while_its_socket_is_let_in_keeps_no_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A logout that lands after the socket's session was checked but before the socket is
    counted among the connections (which the logout closes) still ends that socket."""
    with ThreadServer(social_settings(tmp_path / "race.db")) as live:
        if kind == "guest":
            token = guest_token(live.base, "Gus")
        else:
            token = register(live.base, "Gwen")["session"]
        accounts = live.server.accounts
        checked = accounts.identify
        ended: list[str] = []

        async def logout_after_the_check(token: str) -> Any:
            identity = await checked(token)
            if identity is not None and not ended:
                await accounts.logout(identity)
                ended.append(identity.id)
            return identity

        monkeypatch.setattr(accounts, "identify", logout_after_the_check)
        url = live.base.replace("http://", "ws://") + f"/ws?session={token}"
        with connect(url, open_timeout=TIMEOUT) as ws:
            assert json.loads(ws.recv(timeout=TIMEOUT))["code"] == "session_ended"
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_SESSION_ENDED
        assert ended


def started_with_guest(host: Client, guest: Client) -> str:
    """A private table of ``host`` (seat 0) with ``guest`` at seat 2, its game started
    with bots: its id."""
    created = host.request(type="create", kind="private", turn_seconds=0, sit=True)
    table = str(created["table"])
    guest.request(type="join", invite=created["invite"])
    assert guest.request(type="sit", table=table, seat=2)["type"] == "table"
    host.request(type="start", table=table)
    return table


def event_of(kind: str, seat: int) -> Any:
    return lambda m: m.get("event", {}).get("kind") == kind and m["event"].get("seat") == seat


def test_a_guest_who_logs_in_as_an_account_seated_at_the_table_leaves_the_guests_seat(
    tmp_path: Path,
) -> None:
    """The account sat at seat 0, its guest self at seat 2. Logged in, the guest's page
    became the account's, yet it still held seat 2 and was refused every move there, and
    with no timer the game waited for seat 2 for ever. Seat 2 is left now: a bot plays it."""
    with ThreadServer(social_settings(tmp_path / "two.db")) as live:
        host = Client(live.base, "Twoseat", register(live.base, "Twoseat")["session"])
        guest = Client(live.base, "Sidekick")
        table = started_with_guest(host, guest)
        answer = login(live.base, "Twoseat", euchre_session=guest.token)
        assert answer.json()["adopted"] == []  # the account keeps its own seat
        host.until(event_of("bot_playing", 2))
        assert guest.until(lambda m: m["type"] == "session")["you"]["name"] == "Twoseat"
        # The page is the account's now: its seat is 0, which it may take over.
        guest.expect_error("seat_in_use", type="join", table=table)
        taken = guest.request(type="join", table=table, take_over=True)
        assert taken["you"]["seat"] == 0
        guest.close()
        host.close()


def test_a_deleted_accounts_games_go_on_without_it_or_close(tmp_path: Path) -> None:
    """A game whose player deleted their account stayed "playing" for ever, reloaded after
    every restart, though no one could come back to it. The seat is left: with another
    person a bot plays it, and a game of no other person closes."""
    with ThreadServer(social_settings(tmp_path / "gone.db")) as live:
        ann = register(live.base, "Ann")
        host = Client(live.base, "Ann", ann["session"])
        alone = host.request(type="create", kind="private", turn_seconds=0, sit=True)["table"]
        host.request(type="start", table=alone)
        bob = Client(live.base, "Bob")
        shared = started_with_guest(host, bob)
        with httpx.Client(base_url=live.base, timeout=TIMEOUT) as http:
            http.cookies.set("euchre_session", ann["session"])
            assert http.request("DELETE", "/api/account", json={"password": PASSWORD}).is_success
        bob.until(event_of("bot_playing", 0))

        async def status(table: str) -> str | None:
            row = await live.server.store.load_game(table)
            return None if row is None else str(row.status)

        assert live.run(status(shared)) == "playing"
        deadline = time.monotonic() + TIMEOUT
        while live.run(status(alone)) != "closed":
            assert time.monotonic() < deadline, live.run(status(alone))
            time.sleep(0.05)
        assert alone not in live.server.lobby.tables
        bob.close()
