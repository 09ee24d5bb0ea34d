"""A friends' game night at a private table, as the server tells it: a table whose rules
differ from its preset says so (`house_rules`) in the lobby's list, the invite's preview
and the recent games, not only in its own info; and a friend who said no to playing
again, or missed the answer time, may take their seat back while a bot holds it."""

from __future__ import annotations

import random
from typing import Any

import httpx
from server_helpers import Client, ThreadServer, play_random, seat_clients, settle

from euchre.server.auth import COOKIE_NAME

CHANGED = {"stick_the_dealer": True, "farmers_hand": True}  # Classic plays without both


def _event(client: Client, table: str, kind: str) -> dict[str, Any]:
    message = client.until(
        lambda m: m["type"] == "event" and m["table"] == table and m["event"]["kind"] == kind
    )
    return dict(message)


def test_a_table_with_house_rules_says_so_wherever_it_is_listed(live: ThreadServer) -> None:
    ann = Client(live.base, "Ann")
    house = ann.request(type="create", kind="private", preset="classic", options=CHANGED)
    plain = ann.request(type="create", kind="casual", preset="classic", turn_seconds=30)
    listed = ann.request(type="lobby")["tables"]
    lines = {t["id"]: t for t in listed}
    assert lines[plain["table"]]["house_rules"] == {}
    changed = ann.request(
        type="create", kind="casual", preset="classic", options=CHANGED, turn_seconds=30
    )
    lines = {t["id"]: t for t in ann.request(type="lobby")["tables"]}
    assert lines[changed["table"]]["house_rules"] == CHANGED

    preview = httpx.get(f"{live.base}/api/invites/{house['invite']}").json()
    assert preview == {"host": "Ann", "preset": "classic", "house_rules": CHANGED, "players": 4}
    ann.close()


def test_recent_games_name_the_house_rules_a_game_had(live: ThreadServer) -> None:
    options = {**CHANGED, "target": 1}
    table, clients = seat_clients(live.base, ["Ann"], preset="classic", options=options)
    (ann,) = clients
    ann.send(type="start", table=table)
    _event(ann, table, "started")
    play_random(clients, table, random.Random(5))
    mine = httpx.get(f"{live.base}/api/replays/recent", cookies={COOKIE_NAME: ann.token}).json()[
        "mine"
    ]
    assert [g["id"] for g in mine] == [table]
    # the target is a house rule too: Classic plays to 10
    assert mine[0]["preset"] == "classic" and mine[0]["house_rules"] == options
    ann.close()


def _three_finish_and_ann_asks(live: ThreadServer) -> tuple[str, str, list[Client]]:
    """Ann, Bob and Cat (and a bot) finish a game to 1 point; Ann asks to play again."""
    table, clients = seat_clients(
        live.base, ["Ann", "Bob", "Cat"], turn_seconds=0, options={"target": 1}
    )
    ann = clients[0]
    ann.send(type="start", table=table)
    _event(ann, table, "started")
    play_random(clients, table, random.Random(3))
    settle(clients, table)
    asked = ann.request(type="play_again", table=table)
    assert asked["info"]["awaiting"] == [1, 2], asked["info"]
    return table, str(asked["table"]), clients


def test_one_who_said_no_takes_their_seat_back_while_others_decide(live: ThreadServer) -> None:
    old, new, (ann, bob, cat) = _three_finish_and_ann_asks(live)
    assert bob.request(type="decline", table=new)["type"] == "declined"
    assert _event(ann, old, "rematch_bots")["event"]["seats"] == [1]
    # Bob thinks again while Cat still decides: his seat (a bot's now) is his again
    back = bob.request(type="play_again", table=old)
    assert back["type"] == "table" and back["table"] == new, back
    assert back["you"]["seat"] == 1
    info = back["info"]
    assert info["status"] == "waiting" and info["awaiting"] == [2]
    assert info["seats"][1]["type"] == "human" and info["seats"][1]["name"] == "Bob"
    # the finished game offers Bob's seat again: no bot holds it
    assert _event(ann, old, "rematch_bots")["event"]["seats"] == []
    assert cat.request(type="decline", table=new)["type"] == "declined"
    started = _event(ann, new, "started")
    assert [s["type"] for s in started["info"]["seats"]] == ["human", "human", "bot", "bot"]
    for client in (ann, bob, cat):
        client.close()


def test_a_seat_a_bot_took_is_not_free_to_a_stranger_of_a_private_table(
    live: ThreadServer,
) -> None:
    _old, new, (ann, bob, cat) = _three_finish_and_ann_asks(live)
    assert bob.request(type="decline", table=new)["type"] == "declined"
    stranger = Client(live.base, "Eve")
    stranger.expect_error("not_found", type="sit", table=new, seat=1)
    for client in (ann, bob, cat, stranger):
        client.close()


def test_a_seat_someone_else_took_at_the_rematch_is_no_longer_offered_back(
    live: ThreadServer,
) -> None:
    """Bob said no; Dan, with the new table's invite, sits in the seat the bot took: the
    finished game says Bob's seat is taken (so his screen can say so before he asks), his
    "play again" answers `seat_taken`, and once Dan stands up the seat is free again."""
    old, new, (ann, bob, cat) = _three_finish_and_ann_asks(live)
    assert bob.request(type="decline", table=new)["type"] == "declined"
    assert _event(ann, old, "rematch_bots")["event"]["taken"] == []
    dan = Client(live.base, "Dan")
    dan.request(type="join", invite=ann.view(new).invite)
    assert dan.request(type="sit", table=new, seat=1)["you"]["seat"] == 1
    assert _event(bob, old, "rematch_bots")["event"]["seats"] == [1]  # his no, first
    news = _event(bob, old, "rematch_bots")["event"]
    assert (news["seats"], news["taken"]) == ([], [1])
    refused = bob.expect_error("seat_taken", type="play_again", table=old)
    assert "seat 1" in refused["message"], refused
    assert dan.request(type="stand", table=new)["type"] != "error"
    freed = _event(bob, old, "rematch_bots")["event"]
    assert (freed["seats"], freed["taken"]) == ([], [])
    back = bob.request(type="play_again", table=old)
    assert back["table"] == new and back["you"]["seat"] == 1, back
    for client in (ann, bob, cat, dan):
        client.close()


def test_play_again_after_the_rematch_was_deserted_opens_another(live: ThreadServer) -> None:
    """Ann alone with bots plays again (the new game starts at once), then leaves it: it
    closes unfinished, and "play again" at the finished game said "no table ..." for as
    long as the finished game was kept."""
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0, options={"target": 1})
    ann.send(type="start", table=table)
    _event(ann, table, "started")
    play_random([ann], table, random.Random(5))
    settle([ann], table)
    first = str(ann.request(type="play_again", table=table)["table"])
    assert ann.request(type="leave", table=first)["type"] == "left"
    _event(ann, table, "rematch_closed")  # the finished game hears the rematch closed
    again = ann.request(type="play_again", table=table)
    assert again["type"] == "table" and again["table"] != first, again
    ann.close()
