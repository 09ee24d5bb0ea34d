"""A restart during a "play again" offer resumes it: the finished game still leads to its
rematch, and the rematch still knows its finished game, who is still deciding, and starts
by itself once everyone has answered (or its answer time runs out again)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server_helpers import Client, ThreadServer, fast_settings, play_random, seat_clients, settle

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def _event(client: Client, table: str, kind: str) -> dict[str, Any]:
    message = client.until(
        lambda m: m["type"] == "event" and m["table"] == table and m["event"]["kind"] == kind
    )
    return dict(message)


def _offer_half_answered(settings: Any) -> tuple[str, str, list[str]]:
    """Four people finish a game; Dan leaves it, Ann asks to play again, Bob says yes and
    Cat is still deciding when the server stops: (finished table, rematch, tokens)."""
    with ThreadServer(settings) as first:
        table, clients = seat_clients(first.base, NAMES, turn_seconds=0, options={"target": 1})
        ann, bob, _cat, dan = clients
        ann.send(type="start", table=table)
        _event(ann, table, "started")
        play_random(clients, table, random.Random(3))
        settle(clients, table)
        assert dan.request(type="leave", table=table)["type"] != "error"
        asked = ann.request(type="play_again", table=table)
        new = str(asked["table"])
        assert asked["info"]["awaiting"] == [1, 2], asked["info"]
        assert bob.request(type="play_again", table=table)["table"] == new
        assert _event(ann, new, "returned")["event"]["seat"] == 1
        assert ann.request(type="join", table=new)["info"]["awaiting"] == [2]
        tokens = [client.token for client in clients]
        for client in clients:
            client.close()
    return table, new, tokens


def test_a_restart_during_play_again_keeps_the_offer(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "offer.db", grace_seconds=60, rematch_seconds=600)
    old, new, tokens = _offer_half_answered(settings)
    with ThreadServer(settings) as second:
        ann, bob, cat = (Client(second.base, NAMES[i], token=tokens[i]) for i in range(3))
        info = ann.request(type="join", table=new)["info"]
        assert info["status"] == "waiting" and info["awaiting"] == [2]
        assert [s["type"] for s in info["seats"]] == ["human", "human", "human", "bot"]
        assert not info["seats"][2]["connected"]  # Cat has not answered: shown as away
        ann.request(type="join", table=old)
        # Asking again at the finished game leads to the same rematch, not a second one.
        again = bob.request(type="play_again", table=old)
        assert again["type"] == "table" and again["table"] == new, again
        assert again["you"]["seat"] == 1
        assert cat.request(type="decline", table=new)["type"] == "declined"
        started = _event(ann, new, "started")
        assert [s["type"] for s in started["info"]["seats"]] == ["human", "human", "bot", "bot"]
        assert _event(ann, old, "rematch_bots")["event"]["seats"] == [2, 3]
        for client in (ann, bob, cat):
            client.close()


def test_after_a_restart_bots_take_the_seats_still_deciding_when_time_runs_out(
    tmp_path: Path,
) -> None:
    db = tmp_path / "timeout.db"
    old, new, tokens = _offer_half_answered(fast_settings(db, grace_seconds=60))
    # The answer time starts again with the restart: a short one here.
    with ThreadServer(fast_settings(db, grace_seconds=60, rematch_seconds=1.0)) as second:
        ann = Client(second.base, "Ann", token=tokens[0])
        log = ann.request(type="join", table=old)["log"]
        info = ann.request(type="join", table=new)["info"]
        if info["status"] == "waiting":
            started = _event(ann, new, "started")["info"]
        else:
            started = ann.request(type="join", table=new)["info"]
        assert [s["type"] for s in started["seats"]] == ["human", "human", "bot", "bot"]
        assert "awaiting" not in started
        told = [e for e in log if e["kind"] == "rematch_bots"] or [
            _event(ann, old, "rematch_bots")["event"]
        ]
        assert told[-1]["seats"] == [2, 3]
        ann.close()


def test_everyone_pressing_play_again_at_once_sits_at_the_one_new_table(tmp_path: Path) -> None:
    """All four asked in the same moment: three of them were told "the new table is being
    opened: try again". Those who ask while it opens now wait for it and sit down."""
    settings = fast_settings(tmp_path / "together.db", rematch_seconds=600)
    with ThreadServer(settings) as live:
        table, clients = seat_clients(live.base, NAMES, turn_seconds=0, options={"target": 1})
        clients[0].send(type="start", table=table)
        _event(clients[0], table, "started")
        play_random(clients, table, random.Random(5))
        settle(clients, table)
        for seat, client in enumerate(clients):
            client.send(type="play_again", table=table, ref=100 + seat)
        answers = [
            client.until(lambda m, ref=100 + seat: m.get("ref") == ref)
            for seat, client in enumerate(clients)
        ]
        assert [a["type"] for a in answers] == ["table"] * 4, answers
        assert len({a["table"] for a in answers}) == 1
        assert [a["you"]["seat"] for a in answers] == [0, 1, 2, 3]
        for client in clients:
            client.close()
