"""The host of a private table takes a person off it before the game (one who came by an
invite passed on to strangers, say): the seat is free, and that person can neither sit
nor watch there again (``taken_off``), also after a restart. No one else may, nor once
the game is on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server_helpers import Client, ThreadServer, fast_settings, play_random


def _event(client: Client, table: str, kind: str) -> dict[str, Any]:
    message = client.until(
        lambda m: m["type"] == "event" and m["table"] == table and m["event"]["kind"] == kind
    )
    return dict(message["event"])


def _host_and_guest_at_seat_2(live: ThreadServer, guest: str) -> tuple[Client, Client, str]:
    """Ann's private table, with ``guest`` come by its invite and sat at seat 2."""
    ann, other = Client(live.base, "Ann"), Client(live.base, guest)
    created = ann.request(type="create", kind="private")
    other.request(type="join", invite=created["invite"])
    other.request(type="sit", table=created["table"], seat=2)
    return ann, other, str(created["table"])


def test_the_host_takes_a_stranger_off_and_they_cannot_come_back(tmp_path: Path) -> None:
    db = tmp_path / "removed.db"
    with ThreadServer(fast_settings(db)) as live:
        ann = Client(live.base, "Ann")
        created = ann.request(type="create", kind="private")
        table, invite = created["table"], created["invite"]
        eve = Client(live.base, "Eve")
        eve.request(type="join", invite=invite)
        assert eve.request(type="sit", table=table, seat=2)["type"] == "table"
        eve_token = eve.token
        # Eve may not take anyone off, nor the host a bot, an empty seat or themselves
        eve.expect_error("forbidden", type="remove_player", table=table, seat=0)
        ann.request(type="add_bot", table=table, seat=1)
        for seat, why in ((1, "no person"), (3, "no person"), (0, "leave instead")):
            refused = ann.expect_error("bad_seat", type="remove_player", table=table, seat=seat)
            assert why in refused["message"], refused
        ann.expect_error("bad_seat", type="remove_player", table=table, seat=7)

        answer = ann.request(type="remove_player", table=table, seat=2)
        assert answer["event"]["kind"] == "stood" and answer["event"]["removed"] is True
        assert answer["info"]["seats"][2]["type"] == "empty"
        told = _event(eve, table, "stood")  # Eve hears it, then hears nothing more
        assert told["seat"] == 2 and told["name"] == "Eve" and told["removed"]
        for again in ({"type": "join", "invite": invite}, {"type": "sit", "table": table}):
            refused = eve.expect_error("taken_off", **again)
            assert refused["message"] == "the host took you off this table: it is not open to you"
        ann.close()
        eve.close()
    with ThreadServer(fast_settings(db)) as live:  # still so after a restart
        eve = Client(live.base, "Eve", eve_token)
        eve.expect_error("taken_off", type="join", invite=invite)
        ann = Client(live.base, "Bob")  # others still come in by the invite
        assert ann.request(type="join", invite=invite)["type"] == "table"
        eve.close()
        ann.close()


def test_the_invite_that_follows_the_game_to_play_again_stays_closed_to_them(
    tmp_path: Path,
) -> None:
    """The invite leads to the finished game's "play again" table: Eve, taken off the
    first, may neither join nor sit there (she did, in a bot's seat, seeing its hand)."""
    db = tmp_path / "again.db"
    with ThreadServer(fast_settings(db)) as live:
        ann, eve = Client(live.base, "Ann"), Client(live.base, "Eve")
        created = ann.request(type="create", kind="private", options={"target": 1})
        table, invite = created["table"], created["invite"]
        eve.request(type="join", invite=invite)
        eve.request(type="sit", table=table, seat=2)
        ann.request(type="remove_player", table=table, seat=2)
        ann.request(type="start", table=table)  # bots take the empty seats
        play_random([ann], table, random.Random(2))
        again = ann.request(type="play_again", table=table)
        new_table = again["table"]
        assert again["type"] == "table" and new_table != table, again
        eve.expect_error("taken_off", type="join", invite=invite)
        eve.expect_error("not_found", type="sit", table=new_table, seat=2)  # private to her
        eve_token = eve.token
        ann.close()
        eve.close()
    with ThreadServer(fast_settings(db)) as live:  # still so after a restart
        eve = Client(live.base, "Eve", eve_token)
        eve.expect_error("taken_off", type="join", invite=invite)
        eve.close()


def test_no_one_is_taken_off_a_game_under_way_or_a_public_table(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "started.db")) as live:
        ann, bob, table = _host_and_guest_at_seat_2(live, "Bob")
        ann.request(type="start", table=table)
        refused = ann.expect_error("bad_state", type="remove_player", table=table, seat=2)
        assert refused["message"] == "people can be taken off only before the game starts"
        casual = ann.request(type="create", kind="casual")["table"]
        bob.request(type="sit", table=casual, seat=1)
        ann.expect_error("forbidden", type="remove_player", table=casual, seat=1)
        ann.close()
        bob.close()


def test_a_removal_the_database_refuses_leaves_the_seat_as_it_was(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "refused.db")) as live:
        ann, eve, table = _host_and_guest_at_seat_2(live, "Eve")
        ann.request(type="add_bot", table=table, seat=1)
        before = ann.request(type="resync", table=table, since=0)
        store, working = live.server.store, live.server.store.save

        async def refuse(*args: object, **kwargs: object) -> None:
            raise RuntimeError("disk full")

        store.save = refuse  # type: ignore[method-assign]
        try:
            for kind, seat in (("remove_player", 2), ("remove_bot", 1)):
                failed = ann.expect_error("server_error", type=kind, table=table, seat=seat)
                assert "could not save" in failed["message"]
        finally:
            store.save = working  # type: ignore[method-assign]
        after = ann.request(type="resync", table=table, since=before["version"])
        assert after["missed"] == [] and after["info"]["seats"] == before["info"]["seats"]
        seats = after["info"]["seats"]
        assert seats[2]["name"] == "Eve" and seats[1]["type"] == "bot"
        assert eve.request(type="sit", table=table, seat=2)["type"] == "table"  # not barred
        assert ann.request(type="remove_bot", table=table, seat=1)["event"]["kind"] == "stood"
        ann.close()
        eve.close()
