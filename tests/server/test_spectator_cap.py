"""Spectators per table are capped (EUCHRE_SPECTATORS_PER_TABLE): past the cap a watcher is
refused with ``too_many_spectators`` naming the limit, while the players, the host and
their reconnects always get in, and a place freed by someone leaving is taken again."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import Client, ThreadServer, fast_settings, seat_clients


def watch(client: Client, invite: str) -> dict[str, object]:
    return client.request(type="join", invite=invite)


def come_back(base: str, before: Client, table: str) -> dict[str, object]:
    """``before`` closed; the same person opens the table again (the server may not yet
    have seen the old socket go: ``seat_in_use`` until it has)."""
    before.close()
    again = Client(base, before.name, token=before.token)
    deadline = time.monotonic() + 15
    while True:
        answer = again.request(type="join", table=table)
        if answer.get("code") != "seat_in_use" or time.monotonic() > deadline:
            again.close()
            return answer
        time.sleep(0.05)


def test_watchers_past_the_cap_are_refused_but_players_never(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "cap.db", spectators_per_table=2)
    with ThreadServer(settings) as live:
        table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"])
        invite = ann.view(table).invite
        assert invite is not None
        cat, dan, eve = (Client(live.base, name) for name in ("Cat", "Dan", "Eve"))
        assert watch(cat, invite)["type"] == "table"
        assert watch(dan, invite)["type"] == "table"
        assert watch(dan, invite)["type"] == "table"  # watching already: not counted twice
        refused = watch(eve, invite)
        assert refused["type"] == "error" and refused["code"] == "too_many_spectators"
        assert "as many spectators as it takes (2)" in refused["message"]
        by_id = eve.request(type="join", table=table)  # by id after the invite: the same
        assert by_id["code"] == "too_many_spectators"
        assert eve.request(type="sit", table=table, seat=2)["type"] == "table"  # a seat: in

        # The players come back while the table has all the spectators it takes.
        back = come_back(live.base, bob, table)
        assert back["type"] == "table" and back["you"]["seat"] == 1, back
        back = come_back(live.base, ann, table)
        assert back["type"] == "table" and back["you"]["host"], back

        cat.request(type="leave", table=table)
        late = Client(live.base, "Fay")
        assert watch(late, invite)["type"] == "table"  # the freed place
        assert live.server.lobby.tables[table].spectators() == 2
        for client in (dan, eve, late, cat):
            client.close()


def test_no_cap_when_set_to_zero(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "nocap.db", spectators_per_table=0)
    with ThreadServer(settings) as live:
        table, (ann,) = seat_clients(live.base, ["Ann"])
        invite = ann.view(table).invite
        assert invite is not None
        crowd = [Client(live.base, f"Fan{i}") for i in range(4)]
        assert all(watch(fan, invite)["type"] == "table" for fan in crowd)
        for client in (ann, *crowd):
            client.close()


def test_a_host_watching_without_a_seat_is_never_refused(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "host.db", spectators_per_table=1)
    with ThreadServer(settings) as live:
        ann = Client(live.base, "Ann")
        created = ann.request(type="create", kind="private", sit=False)
        table, invite = created["table"], created["invite"]
        ann.close()  # the host's seatless watch ends: the one place goes to a fan
        deadline = time.monotonic() + 15
        while live.server.lobby.tables[table].spectators() and time.monotonic() < deadline:
            time.sleep(0.02)
        fan = Client(live.base, "Fan")
        assert watch(fan, invite)["type"] == "table"
        host = Client(live.base, "Ann", token=ann.token)
        answer = host.request(type="join", table=table)
        assert answer["type"] == "table" and answer["you"]["host"], answer
        other = Client(live.base, "Gus")
        assert watch(other, invite)["code"] == "too_many_spectators"
        for client in (fan, host, other):
            client.close()
