"""A friend who opens an invite link reads who invites them, and to which rules, before
choosing a name; an invite that leads nowhere says so at once (GET /api/invites/{code})."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from server_helpers import Client, ThreadServer, fast_settings

from euchre.server.lobby import no_invite


def _private(host: Client, preset: str) -> tuple[str, str]:
    created = host.request(type="create", kind="private", preset=preset)
    assert created["type"] == "created", created
    host.until(lambda m: m["type"] == "table" and m["table"] == created["table"])
    return str(created["table"]), str(created["invite"])


def test_an_invite_names_its_host_and_rules_in_any_spelling_of_the_code(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "invite.db")) as live:
        ann = Client(live.base, "Ann")
        _, invite = _private(ann, "british")
        for code in (invite, invite.lower().replace("-", "")):
            answer = httpx.get(f"{live.base}/api/invites/{code}")
            assert answer.status_code == 200, answer.text
            assert answer.json() == {
                "host": "Ann",
                "preset": "british",
                "house_rules": {},
                "players": 4,
            }


def test_a_host_who_stood_up_is_not_named(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "stood.db")) as live:
        ann, bob = Client(live.base, "Ann"), Client(live.base, "Bob")
        table, invite = _private(ann, "standard")
        assert bob.request(type="join", invite=invite)["type"] == "table"
        assert bob.request(type="sit", table=table, seat=1)["type"] == "table"
        assert ann.request(type="stand", table=table)["type"] == "event"
        answer = httpx.get(f"{live.base}/api/invites/{invite}").json()
        assert answer == {"host": None, "preset": "standard", "house_rules": {}, "players": 4}


def test_an_invite_that_leads_nowhere_is_a_404_saying_what_to_do(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "none.db")) as live:
        answer = httpx.get(f"{live.base}/api/invites/ABCD-EFGH")
        assert answer.status_code == 404
        body = answer.json()
        assert body["code"] == "not_found"
        assert "ABCD-EFGH" in body["detail"] and "ask whoever invited you" in body["detail"]
        too_long = httpx.get(f"{live.base}/api/invites/{'A' * 40}")
        assert too_long.status_code == 422
        # No code has such characters: said so (422), none of them echoed back.
        for odd in ("%F0%9F%98%80", "AB%00CD", "AB%0ACD"):
            refused = httpx.get(f"{live.base}/api/invites/{odd}")
            assert refused.status_code == 422, odd
            assert "A-Za-z0-9" in refused.json()["detail"][0]["msg"]  # what a code holds
            assert "CD" not in refused.text  # nothing of the code is echoed back


def test_an_invite_whose_table_goes_while_it_is_read_says_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table found by its code but gone from the store a moment later: the one wording
    the lobby has for an invite that leads nowhere."""
    with ThreadServer(fast_settings(tmp_path / "gone.db")) as live:
        ann = Client(live.base, "Ann")
        _, invite = _private(ann, "standard")

        async def gone(table_id: str) -> None:
            return None

        monkeypatch.setattr(live.server.store, "invite_glance", gone)
        answer = httpx.get(f"{live.base}/api/invites/{invite}")
        assert answer.status_code == 404
        assert answer.json()["detail"] == no_invite(invite).message
        ann.close()


def test_invites_looked_up_from_one_address_are_limited(tmp_path: Path) -> None:
    """Codes were guessed over HTTP at 500 a second (the websocket's rate held them to 38)."""
    settings = fast_settings(
        tmp_path / "guess.db", invite_lookups_per_address=3, address_limit_exempt=""
    )
    with ThreadServer(settings) as live:
        for _ in range(3):
            assert httpx.get(f"{live.base}/api/invites/ABCD-EFGH").status_code == 404
        refused = httpx.get(f"{live.base}/api/invites/ABCD-EFGH")
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert refused.json()["detail"].startswith("at most 3 invites a minute from one address")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with other:  # another address has its own count
            assert other.get(f"{live.base}/api/invites/ABCD-EFGH").status_code == 404


def test_invites_followed_over_the_websocket_count_with_the_lookups(tmp_path: Path) -> None:
    """Codes were guessed over the websocket at 160 a second while the HTTP preview held
    to 60 a minute: a ``join`` by invite counts in the same window."""
    settings = fast_settings(
        tmp_path / "guess-ws.db", invite_lookups_per_address=3, address_limit_exempt=""
    )
    with ThreadServer(settings) as live:
        guesser = Client(live.base, "Guesser")
        for _ in range(2):
            guesser.expect_error("not_found", type="join", invite="ABCD-EFGH")
        assert httpx.get(f"{live.base}/api/invites/ABCD-EFGH").status_code == 404
        refused = guesser.expect_error("rate_limited", type="join", invite="ABCD-EFGH")
        assert refused["message"].startswith("at most 3 invites a minute from one address")
        assert 0 < refused["retry_after"] <= 60
        assert httpx.get(f"{live.base}/api/invites/ABCD-EFGH").status_code == 429
        guesser.close()
