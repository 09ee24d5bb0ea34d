"""Changing seats before the game starts (docs/protocol.md, `move` and `swap`): a player
moves to an empty seat, the host of a private table swaps two seats; everyone hears it,
a restart keeps it, and every request the rules do not allow is refused, changing nothing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Client, ThreadServer, fast_settings, play_random, seat_clients, settle
from social_helpers import account_clients, ranked_table, social_settings

LONG = 600.0  # seconds: no wait runs out during a test


def _event(client: Client, table: str, kind: str) -> dict[str, Any]:
    message = client.until(
        lambda m: m["type"] == "event" and m["table"] == table and m["event"]["kind"] == kind
    )
    return dict(message)


def _names(info: dict[str, Any]) -> list[str]:
    return [seat["name"] if seat["type"] != "empty" else "" for seat in info["seats"]]


def _seating(client: Client, table: str) -> tuple[int | None, list[str], int | None]:
    """The client's seat, the names at each seat and (at a waiting table, where nothing
    else moves) the table's version."""
    snapshot = client.request(type="resync", table=table)
    waiting = snapshot["info"]["status"] == "waiting"
    return (
        snapshot["you"]["seat"],
        _names(snapshot["info"]),
        snapshot["version"] if waiting else None,
    )


def _refused(client: Client, code: str, words: str, table: str, **message: Any) -> None:
    """The request is refused with ``code`` and a message saying ``words``; nothing
    changes."""
    before = _seating(client, table)
    answer = client.expect_error(code, table=table, **message)
    assert words in answer["message"], answer
    assert _seating(client, table) == before


@pytest.fixture
def live(tmp_path: Path) -> Any:
    settings = fast_settings(tmp_path / "seats.db", fill_seconds=LONG, rematch_seconds=LONG)
    with ThreadServer(settings) as server:
        yield server


def test_a_player_moves_to_an_empty_seat_and_everyone_hears_it(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"])
    ref = "move-1"
    bob.send(type="move", table=table, seat=3, ref=ref)
    answer = bob.until(lambda m: m.get("ref") == ref)
    assert answer["type"] == "event", answer
    assert answer["event"] == {
        "kind": "moved",
        "version": answer["version"],
        "from": 1,
        "to": 3,
        "name": "Bob",
    }
    assert _names(answer["info"]) == ["Ann", "", "", "Bob"]
    heard = _event(ann, table, "moved")
    assert "ref" not in heard
    assert (heard["event"]["from"], heard["event"]["to"], heard["event"]["name"]) == (1, 3, "Bob")
    assert _names(heard["info"]) == ["Ann", "", "", "Bob"]
    assert bob.request(type="resync", table=table)["you"]["seat"] == 3
    # The seat is Bob's at its new place: standing up frees seat 3, not seat 1.
    assert bob.request(type="stand", table=table)["event"]["seat"] == 3
    for client in (ann, bob):
        client.close()


def test_a_player_at_a_casual_table_moves_too(live: ThreadServer) -> None:
    ann, bob = Client(live.base, "Ann"), Client(live.base, "Bob")
    created = ann.request(type="create", kind="casual")
    table = created["table"]
    ann.until(lambda m: m["type"] == "table" and m["table"] == table)
    assert bob.request(type="sit", table=table, seat=1)["type"] == "table"
    moved = ann.request(type="move", table=table, seat=2)
    assert moved["event"]["kind"] == "moved" and _names(moved["info"]) == ["", "Bob", "Ann", ""]
    assert _event(bob, table, "moved")["event"]["to"] == 2
    for client in (ann, bob):
        client.close()


def test_moves_the_rules_do_not_allow_are_refused(live: ThreadServer) -> None:
    table, (ann, bob, cat) = seat_clients(live.base, ["Ann", "Bob", "Cat"])
    eve = Client(live.base, "Eve")
    eve.request(type="join", invite=ann.view(table).invite)
    _refused(bob, "seat_taken", "seat 2 is taken: empty seats: 3", table, type="move", seat=2)
    _refused(bob, "bad_seat", "you already sit at seat 1", table, type="move", seat=1)
    no_such = "this table has seats 0 to 3"
    for seat in (-1, 4, 2**64 + 1):
        _refused(bob, "bad_seat", no_such, table, type="move", seat=seat)
        # a seat that is none: said so, whatever else would be refused there
        _refused(bob, "bad_seat", no_such, table, type="sit", seat=seat)
        _refused(ann, "bad_seat", no_such, table, type="remove_bot", seat=seat)
    _refused(eve, "not_seated", "you have no seat", table, type="move", seat=3)
    _refused(bob, "bad_message", "'seat'", table, type="move")
    _refused(bob, "bad_message", "'seat'", table, type="move", seat="3")
    ann.send(type="start", table=table)
    _event(bob, table, "started")
    _refused(bob, "bad_state", "the game has started", table, type="move", seat=3)
    for client in (ann, bob, cat, eve):
        client.close()


def test_the_host_swaps_two_seats_and_everyone_hears_it(live: ThreadServer) -> None:
    table, (ann, bob, cat) = seat_clients(live.base, ["Ann", "Bob", "Cat"])
    bot = ann.request(type="add_bot", table=table, seat=3)["event"]
    assert bot["kind"] == "bot_seated"
    swapped = ann.request(type="swap", table=table, seats=[1, 2])
    assert swapped["type"] == "event", swapped
    event = swapped["event"]
    assert (event["kind"], event["seats"], event["names"]) == ("swapped", [1, 2], ["Bob", "Cat"])
    assert _names(swapped["info"])[:3] == ["Ann", "Cat", "Bob"]
    for client in (bob, cat):
        heard = _event(client, table, "swapped")
        assert "ref" not in heard and heard["event"]["seats"] == [1, 2]
    assert bob.request(type="resync", table=table)["you"]["seat"] == 2
    assert cat.request(type="resync", table=table)["you"]["seat"] == 1
    # A bot and the host's own seat swap as well; so does a person with an empty seat.
    with_bot = ann.request(type="swap", table=table, seats=[3, 0])["info"]
    assert [s["type"] for s in with_bot["seats"]] == ["bot", "human", "human", "human"]
    assert with_bot["seats"][3]["name"] == "Ann" and with_bot["seats"][3]["host"]
    assert ann.request(type="resync", table=table)["you"]["seat"] == 3
    assert ann.request(type="remove_bot", table=table, seat=0)["event"]["kind"] == "stood"
    with_empty = ann.request(type="swap", table=table, seats=[2, 0])["info"]
    assert _names(with_empty) == ["Bob", "Cat", "", "Ann"]
    # Bob's seat is his at its new place: his stand frees seat 0.
    assert bob.request(type="stand", table=table)["event"]["seat"] == 0
    for client in (ann, bob, cat):
        client.close()


def test_swaps_the_rules_do_not_allow_are_refused(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"])
    _refused(bob, "forbidden", "only the host", table, type="swap", seats=[0, 1])
    _refused(ann, "bad_seat", "seat 1 twice", table, type="swap", seats=[1, 1])
    _refused(ann, "bad_seat", "seats 0 to 3", table, type="swap", seats=[0, 4])
    _refused(ann, "bad_seat", "seats 0 to 3", table, type="swap", seats=[-1, 0])
    _refused(ann, "bad_seat", "both empty", table, type="swap", seats=[2, 3])
    _refused(ann, "bad_message", "'seats'", table, type="swap", seats=[1])
    _refused(ann, "bad_message", "'seats'", table, type="swap", seats=[0, 1, 2])
    # two items wrong the same way: said once
    wrong = ann.expect_error("bad_message", table=table, type="swap", seats=[True, False])
    assert wrong["message"].count("valid integer") == 1, wrong
    ann.send(type="start", table=table)
    _event(bob, table, "started")
    _refused(ann, "bad_state", "the game has started", table, type="swap", seats=[0, 1])
    casual = ann.request(type="create", kind="casual")["table"]
    ann.until(lambda m: m["type"] == "table" and m["table"] == casual)
    assert bob.request(type="sit", table=casual, seat=1)["type"] == "table"
    _refused(ann, "forbidden", '("move")', casual, type="swap", seats=[0, 1])
    for client in (ann, bob):
        client.close()


def test_ranked_seats_stay_as_matchmaking_gave_them(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "ranked.db")) as live:
        ann, bob = account_clients(live.base, ["Ann", "Bob"])
        table = ranked_table([ann, bob])
        _refused(bob, "forbidden", "assigned by matchmaking", table, type="move", seat=2)
        _refused(ann, "forbidden", "assigned by matchmaking", table, type="swap", seats=[0, 1])
        for client in (ann, bob):
            client.close()


def _finished_then_asked(live: ThreadServer, options: dict[str, Any]) -> tuple[list[Client], str]:
    """Ann and Bob finish a game with two bots; Ann asks to play again and Bob has not
    answered yet: both, and the new table."""
    table, clients = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0, options=options)
    ann = clients[0]
    ann.send(type="start", table=table)
    _event(ann, table, "started")
    play_random(clients, table, random.Random(7))
    settle(clients, table)
    asked = ann.request(type="play_again", table=table)
    assert asked["info"]["awaiting"] == [1], asked["info"]
    return clients, str(asked["table"])


def test_a_play_again_table_keeps_its_seats_while_its_players_are_asked(
    live: ThreadServer,
) -> None:
    clients, new = _finished_then_asked(live, {"target": 1})
    words = "still asked to play again"
    _refused(clients[0], "bad_state", words, new, type="move", seat=2)
    _refused(clients[0], "bad_state", words, new, type="swap", seats=[0, 1])
    for client in clients:
        client.close()


def test_the_next_game_of_a_match_keeps_its_sides(live: ThreadServer) -> None:
    clients, new = _finished_then_asked(live, {"target": 1, "laps": True})
    words = "goes on with a match"
    _refused(clients[0], "bad_state", words, new, type="move", seat=2)
    _refused(clients[0], "bad_state", words, new, type="swap", seats=[0, 1])
    for client in clients:
        client.close()


def test_seats_moved_and_swapped_come_back_so_after_a_restart(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "restart.db", waiting_table_seconds=LONG)
    with ThreadServer(settings) as first:
        table, (ann, bob, cat) = seat_clients(first.base, ["Ann", "Bob", "Cat"])
        assert bob.request(type="move", table=table, seat=3)["event"]["kind"] == "moved"
        assert ann.request(type="swap", table=table, seats=[0, 2])["event"]["kind"] == "swapped"
        assert ann.request(type="add_bot", table=table, seat=1)["type"] == "event"
        assert ann.request(type="swap", table=table, seats=[1, 3])["type"] == "event"
        expected = _names(ann.request(type="resync", table=table)["info"])
        assert expected[:3] == ["Cat", "Bob", "Ann"]
        tokens = {client.name: client.token for client in (ann, bob, cat)}
        for client in (ann, bob, cat):
            client.close()
    with ThreadServer(settings) as second:
        ann = Client(second.base, "Ann", token=tokens["Ann"])
        snapshot = ann.request(type="join", table=table)
        assert snapshot["you"] == {"seat": 2, "host": True, "id": snapshot["you"]["id"]}
        assert _names(snapshot["info"]) == expected
        kinds = [entry["kind"] for entry in snapshot["log"]]
        assert kinds.count("moved") == 1 and kinds.count("swapped") == 2
        bob = Client(second.base, "Bob", token=tokens["Bob"])
        assert bob.request(type="join", table=table)["you"]["seat"] == 1
        # The seats work as moved: Bob moves on from there, and the host starts the game.
        assert ann.request(type="remove_bot", table=table, seat=3)["type"] == "event"
        assert bob.request(type="move", table=table, seat=3)["event"]["from"] == 1
        started = ann.request(type="start", table=table)
        assert started["event"]["kind"] == "started"
        assert [s["name"] for s in started["info"]["seats"]][::2] == ["Cat", "Ann"]
        assert started["info"]["seats"][3]["name"] == "Bob"
        for client in (ann, bob):
            client.close()


def test_someone_away_keeps_the_wait_for_their_seat_where_the_host_put_them(
    tmp_path: Path,
) -> None:
    settings = fast_settings(tmp_path / "away.db", waiting_table_seconds=3.0)
    with ThreadServer(settings) as live:
        table, (ann, bob, cat) = seat_clients(live.base, ["Ann", "Bob", "Cat"])
        cat.close()
        assert _event(ann, table, "away")["event"]["seat"] == 2
        assert ann.request(type="swap", table=table, seats=[2, 3])["type"] == "event"
        freed = _event(ann, table, "stood")["event"]
        assert (freed["seat"], freed["name"]) == (3, "Cat")
        assert _names(ann.request(type="resync", table=table)["info"]) == ["Ann", "Bob", "", ""]
        for client in (ann, bob):
            client.close()


def test_after_a_restart_someone_swapped_while_away_is_still_shown_away(
    tmp_path: Path,
) -> None:
    settings = fast_settings(tmp_path / "told.db", waiting_table_seconds=LONG)
    with ThreadServer(settings) as first:
        table, (ann, bob, cat) = seat_clients(first.base, ["Ann", "Bob", "Cat"])
        cat.close()
        assert _event(ann, table, "away")["event"]["seat"] == 2
        assert ann.request(type="swap", table=table, seats=[2, 3])["type"] == "event"
        assert bob.request(type="move", table=table, seat=2)["type"] == "event"
        token = ann.token
        for client in (ann, bob):
            client.close()
    with ThreadServer(settings) as second:
        ann = Client(second.base, "Ann", token=token)
        seats = ann.request(type="join", table=table)["info"]["seats"]
        assert [(s["name"], s.get("connected")) for s in seats] == [
            ("Ann", True),
            ("", None),
            ("Bob", False),
            ("Cat", False),  # everyone was told Cat went, at seat 2 before the swap
        ]
        ann.close()


def test_two_people_of_one_name_are_told_apart_by_a_number(live: ThreadServer) -> None:
    """Friends who both call themselves Sam: the second to sit is "Sam (2)" at this table
    (the others hear it so); a name is compared whatever its case or look-alike letters
    (a Cyrillic а), and one who stood up frees theirs."""
    look_alike = "S\u0430m"
    table, (sam, other, third) = seat_clients(live.base, ["Sam", "Sam", look_alike])
    assert _seating(sam, table)[1] == ["Sam", "Sam (2)", f"{look_alike} (3)", ""]
    seated = [e for e in sam.view(table).events if e["kind"] == "seated"]
    assert [e["name"] for e in seated] == ["Sam (2)", f"{look_alike} (3)"]  # the snapshot's
    sam.request(type="stand", table=table)
    fourth = Client(live.base, "sam")
    fourth.request(type="join", invite=sam.view(table).invite)
    assert fourth.request(type="sit", table=table, seat=3)["you"]["seat"] == 3
    assert _seating(fourth, table)[1] == ["", "Sam (2)", f"{look_alike} (3)", "sam"]
    for client in (sam, other, third, fourth):
        client.close()


def test_seat_changes_in_a_loop_are_refused_past_the_limit_and_change_nothing(
    tmp_path: Path,
) -> None:
    """Moving between two seats (or adding and removing a bot) in a loop stored a row each
    time, kept for ever (docs/security.md)."""
    settings = fast_settings(tmp_path / "loop.db", fill_seconds=LONG, seat_changes_per_minute=5)
    with ThreadServer(settings) as server:
        table, (ann, bob) = seat_clients(server.base, ["Ann", "Bob"])
        answers = [ann.request(type="move", table=table, seat=(2, 0)[n % 2]) for n in range(5)]
        # taking her seat when she created the table was the first change
        assert [a["type"] for a in answers] == ["event"] * 4 + ["error"], answers
        answer = answers[-1]
        assert answer["code"] == "rate_limited", answer
        assert "seats change at most 5 times a minute: wait" in answer["message"]
        assert 0 < answer["retry_after"] <= 60
        for refused in (
            {"type": "move", "seat": 3},
            {"type": "add_bot", "seat": 3},
            {"type": "stand"},
        ):
            _refused(ann, "rate_limited", "seats change at most 5 times", table, **refused)
        # The limit is each person's: Bob still moves, and Ann may always leave.
        assert bob.request(type="move", table=table, seat=3)["event"]["kind"] == "moved"
        assert ann.request(type="leave", table=table)["type"] != "error"
        assert _seating(bob, table)[1] == ["", "", "", "Bob"]
        for client in (ann, bob):
            client.close()


def test_a_seat_given_up_in_a_game_is_taken_back_not_swapped_for_another(
    live: ThreadServer,
) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"])
    ann.request(type="add_bot", table=table, seat=2)
    ann.request(type="add_bot", table=table, seat=3)
    ann.send(type="start", table=table)
    _event(bob, table, "started")
    assert bob.request(type="stand", table=table)["event"]["kind"] == "bot_playing"
    _refused(
        bob,
        "bad_state",
        "seat 1 stays yours until this game is over, a bot playing it: sit at seat 1 (or with"
        " no seat) to take it back",
        table,
        type="sit",
        seat=0,
    )
    assert bob.request(type="sit", table=table)["type"] == "table"
    assert _seating(bob, table)[0] == 1
    for client in (ann, bob):
        client.close()
