"""A private table not yet started keeps the seats of its people who are away for
``waiting_table_seconds``, not the short grace: a host on a phone who switches to a
messaging app to send the invite loses the connection, and the friend who opens the
invite must still find the table, with the host shown away."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import Client, ThreadServer, fast_settings

from euchre.server.config import Settings

LONG = 600.0  # a wait no test sees the end of


def _settings(db: Path, **changes: Any) -> Settings:
    """A short grace period; no bots fill the casual tables that time it."""
    return fast_settings(db, grace_seconds=0.3, fill_seconds=LONG, **changes)


def _event(client: Client, table: str, kind: str) -> dict[str, Any]:
    message = client.until(
        lambda m: m["type"] == "event" and m["table"] == table and m["event"]["kind"] == kind
    )
    return dict(message)


def _private(host: Client) -> tuple[str, str]:
    """A private table ``host`` created and sits at: (table, invite)."""
    created = host.request(type="create", kind="private")
    assert created["type"] == "created", created
    host.until(lambda m: m["type"] == "table" and m["table"] == created["table"])
    return str(created["table"]), str(created["invite"])


def _casual_left_by(base: str, name: str, watcher: Client) -> str:
    """A casual table whose only person disconnects, watched by ``watcher`` (who sees it
    close when the grace period is over: the clock for the private tables' waits)."""
    person = Client(base, name)
    created = person.request(type="create", kind="casual")
    assert created["type"] == "created", created
    table = str(created["table"])
    person.until(lambda m: m["type"] == "table" and m["table"] == table)
    assert watcher.request(type="join", table=table)["type"] == "table"
    person.close()
    return table


def test_a_friend_finds_the_host_away_and_the_host_comes_back_as_host(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "away.db", waiting_table_seconds=LONG)
    with ThreadServer(settings) as live:
        ann, eve = Client(live.base, "Ann"), Client(live.base, "Eve")
        table, invite = _private(ann)
        ann.close()  # off to the messaging app
        control = _casual_left_by(live.base, "Dan", eve)
        _event(eve, control, "closed")  # a grace period has passed since Ann went
        bob = Client(live.base, "Bob")
        joined = bob.request(type="join", invite=invite)
        assert joined["type"] == "table" and joined["table"] == table, joined
        host = joined["info"]["seats"][0]
        assert (host["name"], host["host"], host["connected"]) == ("Ann", True, False)
        assert bob.request(type="sit", table=table, seat=1)["type"] == "table"
        back = Client(live.base, "Ann", token=ann.token)
        rejoined = back.request(type="join", table=table)
        assert rejoined["type"] == "table" and rejoined["you"]["seat"] == 0, rejoined
        assert _event(bob, table, "returned")["event"]["seat"] == 0
        # Still the host: only the host adds bots at a private table.
        assert back.request(type="add_bot", table=table, seat=2)["type"] != "error"
        bob.expect_error("forbidden", type="add_bot", table=table, seat=3)
        for client in (back, bob, eve):
            client.close()


def test_the_seats_are_freed_and_the_table_closes_when_the_wait_runs_out(
    tmp_path: Path,
) -> None:
    settings = _settings(tmp_path / "out.db", waiting_table_seconds=1.0)
    with ThreadServer(settings) as live:
        ann, bob = Client(live.base, "Ann"), Client(live.base, "Bob")
        table, invite = _private(ann)
        assert bob.request(type="join", invite=invite)["type"] == "table"
        ann.close()
        assert _event(bob, table, "away")["event"]["seat"] == 0
        assert _event(bob, table, "stood")["event"]["seat"] == 0
        _event(bob, table, "closed")
        late = Client(live.base, "Cat")
        assert late.expect_error("not_found", type="join", invite=invite)
        for client in (bob, late):
            client.close()


def test_a_started_game_plays_an_away_seat_after_the_usual_grace(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "start.db", waiting_table_seconds=LONG)
    with ThreadServer(settings) as live:
        ann, bob = Client(live.base, "Ann"), Client(live.base, "Bob")
        table, invite = _private(ann)
        assert bob.request(type="join", invite=invite)["type"] == "table"
        assert bob.request(type="sit", table=table, seat=1)["type"] == "table"
        ann.close()
        _event(bob, table, "away")
        bob.send(type="start", table=table)  # the host is not here: a player may start
        _event(bob, table, "started")
        assert _event(bob, table, "bot_playing")["event"]["seat"] == 0
        bob.close()


def test_a_restart_keeps_a_waiting_private_table_for_its_away_host(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "restart.db", waiting_table_seconds=LONG)
    with ThreadServer(settings) as first:
        ann = Client(first.base, "Ann")
        table, invite = _private(ann)
        ann.close()
    with ThreadServer(settings) as second:
        eve = Client(second.base, "Eve")
        control = _casual_left_by(second.base, "Dan", eve)
        _event(eve, control, "closed")  # a grace period has passed since the restart
        bob = Client(second.base, "Bob")
        joined = bob.request(type="join", invite=invite)
        assert joined["type"] == "table" and joined["table"] == table, joined
        assert joined["info"]["status"] == "waiting"
        assert joined["info"]["seats"][0]["connected"] is False
        back = Client(second.base, "Ann", token=ann.token)
        assert back.request(type="join", table=table)["you"]["seat"] == 0
        for client in (back, bob, eve):
            client.close()


def test_kept_tables_still_count_against_the_waiting_cap(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "cap.db", waiting_table_seconds=LONG, waiting_per_person=2)
    with ThreadServer(settings) as live:
        ann, eve = Client(live.base, "Ann"), Client(live.base, "Eve")
        for _ in range(2):
            _private(ann)
        ann.close()
        control = _casual_left_by(live.base, "Dan", eve)
        _event(eve, control, "closed")
        back = Client(live.base, "Ann", token=ann.token)
        back.expect_error("too_many_tables", type="create", kind="private")
        for client in (back, eve):
            client.close()
