"""A guest changes their name (``PATCH /api/session``): the same guest under the new name,
their seat at a table theirs still (a new guest had left it to a bot, "away"); an account
keeps its registered name; a bad or taken name changes nothing."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import Client, ThreadServer, seat_clients
from social_helpers import register, social_settings


def test_a_renamed_guest_keeps_their_seat_and_tables(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "r.db")) as live:
        table, (hal, bob) = seat_clients(live.base, ["Hal", "Bob"])
        cookies = {"euchre_session": hal.token}
        renamed = httpx.patch(
            live.base + "/api/session", json={"name": "  Hal Jordan "}, cookies=cookies
        )
        assert renamed.status_code == 200, renamed.text
        answer = renamed.json()
        assert answer["name"] == "Hal Jordan" and answer["guest"] is True
        assert answer["id"] == hal.welcome["you"]["id"]  # the same guest
        hal.close()  # as the browser does: its socket is opened again under the new name
        again = Client(live.base, "Hal Jordan", token=answer["session"])
        assert again.welcome["you"] == {**hal.welcome["you"], "name": "Hal Jordan"}
        again.send(type="join", invite=hal.view(table).invite)
        snapshot = again.until(lambda m: m["type"] == "table" and m["table"] == table)
        assert snapshot["you"]["seat"] == 0  # still Hal's seat, not a spectator's
        session = httpx.get(
            live.base + "/api/session", cookies={"euchre_session": answer["session"]}
        )
        assert session.json()["name"] == "Hal Jordan"
        for client in (bob, again):
            client.close()


def test_an_account_keeps_its_name_and_bad_names_change_nothing(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "a.db")) as live:
        url = live.base + "/api/session"
        account = register(live.base, "Alice")["session"]
        kept = httpx.patch(url, json={"name": "Alicia"}, cookies={"euchre_session": account})
        assert kept.status_code == 409 and kept.json()["code"] == "account_name"
        assert httpx.get(url, cookies={"euchre_session": account}).json()["name"] == "Alice"

        assert httpx.patch(url, json={"name": "Zed"}).status_code == 401  # no session
        guest = httpx.post(url, json={"name": "Gus"}).json()["session"]
        cookies = {"euchre_session": guest}
        for name, status, code in [
            ("", 422, "bad_name"),
            ("Gus\u202e", 422, "bad_name"),
            ("Admin", 422, "reserved_name"),
            ("\u0410lice", 409, "name_taken"),  # a look-alike of the account's name
        ]:
            refused = httpx.patch(url, json={"name": name}, cookies=cookies)
            assert (refused.status_code, refused.json()["code"]) == (status, code), name
        assert httpx.get(url, cookies=cookies).json()["name"] == "Gus"
