"""What answers a request: the ref in every answer, create's two messages, errors' refs,
exact action texts, missed events against live ones, canonical preset names, commands."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_helpers import (
    Client,
    ThreadServer,
    fast_settings,
    play_random,
    seat_clients,
    settle,
)

from euchre.engine import GameState, preset
from euchre.server import table_commands as cmd
from euchre.server.protocol import MAX_REF, ProtocolError, parse_message, reference
from euchre.server.table.play import exact_action
from euchre.server.table_setup import canonical_preset


def _kind(message: dict[str, Any]) -> str | None:
    event = message.get("event")
    return event.get("kind") if isinstance(event, dict) else None


def _first_to_act(ann: Client, bob: Client, table: str) -> Client:
    """The one of two people whose turn comes first, once the bots before them have acted."""
    settle([ann, bob], table)
    actor = next((c for c in (ann, bob) if c.my_turn(table)), None)
    while actor is None:  # bots are to act first
        ann.until(lambda m: m["type"] == "event")
        settle([ann, bob], table)
        actor = next((c for c in (ann, bob) if c.my_turn(table)), None)
    return actor


def test_table_requests_are_answered_by_their_event_with_the_ref(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
    added = ann.request(type="add_bot", table=table, seat=2)
    assert added["type"] == "event" and _kind(added) == "bot_seated", added
    bobs = bob.until(lambda m: m.get("version") == added["version"])
    assert "ref" not in bobs and bobs["event"] == added["event"]  # only the asker's copy
    removed = ann.request(type="remove_bot", table=table, seat=2)
    assert _kind(removed) == "stood" and removed["event"]["seat"] == 2
    # the bot named as it was (the log read "Free seat stands up")
    bot = added["info"]["seats"][2]["name"]
    assert removed["event"]["name"] == bot and removed["event"]["bot"] is True
    started = ann.request(type="start", table=table)
    assert _kind(started) == "started" and started["version"] == removed["version"] + 1
    actor = _first_to_act(ann, bob, table)
    action = actor.view(table).state["legal"][0]  # type: ignore[index]
    acted = actor.request(type="act", table=table, action=action)
    assert _kind(acted) == "action" and acted["event"]["action"] == action
    assert acted["event"]["by"] == "player" and acted["state"]["seat"] == actor.view(table).seat
    stood = ann.request(type="stand", table=table)
    assert _kind(stood) == "bot_playing" and stood["event"]["seat"] == 0
    ann.close()
    bob.close()


def test_a_return_from_the_bot_the_database_refuses_is_no_second_answer(
    tmp_path: Path,
) -> None:
    """A person whose seat a bot played moved first: the move was stored and answered, then
    storing their return failed and the same request got an error too (found by reading the
    code). One request, one answer: the failure is logged, the seat stays the bot's as
    stored, and the next move brings them back."""
    with ThreadServer(fast_settings(tmp_path / "back.db")) as live:
        table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
        ann.request(type="start", table=table)
        actor = _first_to_act(ann, bob, table)
        seat = actor.view(table).seat
        assert seat is not None
        held = live.server.lobby.tables[table]
        store, working = live.server.store, live.server.store.save
        refused: list[str] = []

        async def bot_plays_it() -> None:
            held.seats[seat].bot_playing = True

        async def return_refused(*args: Any, **kwargs: Any) -> Any:
            kinds = [event.kind for event in kwargs.get("events", ())]
            if "returned" in kinds:  # (the bots' moves go on being stored)
                refused.append("returned")
                raise RuntimeError("disk full")
            return await working(*args, **kwargs)

        live.run(bot_plays_it())
        store.save = return_refused  # type: ignore[method-assign]
        try:
            action = actor.view(table).state["legal"][0]  # type: ignore[index]
            actor.send(ref="move-1", type="act", table=table, action=action)
            acted = actor.until(lambda m: m.get("ref") == "move-1")
            assert _kind(acted) == "action", acted
            synced = actor.request(type="resync", table=table, since=acted["version"])
        finally:
            store.save = working  # type: ignore[method-assign]
        assert refused == ["returned"]  # after the move, stored
        answers = [m for m in actor.received if m.get("ref") == "move-1"]
        assert answers == [acted]
        assert synced["info"]["seats"][seat]["bot_playing"] is True  # as stored
        actor.close()
        (bob if actor is ann else ann).close()


def test_an_asker_who_does_not_watch_still_gets_the_answer(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], preset="two-player")
    ann.request(type="start", table=table)
    other = Client(live.base, "Bob", token=bob.token)  # Bob again, not watching the table
    bob.close()
    deadline = time.monotonic() + 10
    while True:  # until the server has noticed that Bob's first connection is gone
        answer = other.request(type="stand", table=table)
        if answer.get("code") != "seat_in_use" or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert answer["type"] == "event" and _kind(answer) == "bot_playing", answer
    assert answer["state"]["seat"] is None and answer["state"]["hand"] == []  # a spectator's
    other.close()
    ann.close()


def test_create_answers_created_then_the_snapshot_that_holds_version_1(
    live: ThreadServer,
) -> None:
    ann = Client(live.base, "Ann")
    ann.send(type="create", kind="private", ref="c1")
    created = ann.until(lambda m: m.get("ref") == "c1")
    snapshot = ann.until(lambda m: m.get("ref") == "c1")
    assert created["type"] == "created" and snapshot["type"] == "table"
    assert snapshot["table"] == created["table"] and snapshot["invite"] == created["invite"]
    assert snapshot["version"] == 1 and snapshot["you"]["seat"] == 0
    assert snapshot["missed"] is None
    assert snapshot["log"] == [{"kind": "seated", "version": 1, "seat": 0, "name": "Ann"}]
    assert not [m for m in ann.received if m["type"] == "event"]  # the snapshot stands for it
    watcher = Client(live.base, "Wes")
    watcher.send(type="create", preset="3p", sit=False, ref=5)
    assert watcher.until(lambda m: m.get("ref") == 5)["type"] == "created"
    watched = watcher.until(lambda m: m.get("ref") == 5)
    assert watched["type"] == "table" and watched["version"] == 0 and watched["log"] == []
    assert watched["info"]["preset"] == "cutthroat"  # the preset's name, not the alias
    ann.close()
    watcher.close()


def test_missed_events_are_the_live_events_objects(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], preset="two-player")
    since = settle([ann, bob], table)
    live_messages = len(bob.received)
    ann.request(type="start", table=table)
    play_random([ann, bob], table, random.Random(4), max_actions=3)
    top = settle([ann, bob], table)
    assert top == since + 4
    seen = [m["event"] for m in bob.received[live_messages:] if m["type"] == "event"]
    again = bob.request(type="resync", table=table, since=since)
    assert again["missed"] == seen and [e["version"] for e in seen] == list(
        range(since + 1, top + 1)
    )
    fresh = Client(live.base, "Bob", token=bob.token)
    bob.close()
    page = fresh.request(type="join", table=table)  # a new page: the log, no missed
    assert page["missed"] is None
    assert [e for e in page["log"] if since < e["version"] <= top] == seen
    ahead = fresh.request(type="resync", table=table, since=top + 50)  # not a version of ours
    assert ahead["type"] == "table" and ahead["missed"] is None and ahead["version"] < top + 50
    fresh.close()
    ann.close()


def test_errors_carry_the_ref_whenever_it_can_be_read(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "refs.db", rate_per_second=5.0, rate_burst=20.0)
    with ThreadServer(settings) as live:
        client = Client(live.base, "Ref")
        big = json.dumps({"type": "chat", "table": "t1", "text": "é" * 3000, "ref": "big"})
        client.send_raw(big)
        assert client.recv() | {"message": ""} == {
            "type": "error",
            "code": "too_large",
            "message": "",
            "ref": "big",
        }
        client.send_raw('{"type": "fly", "ref": 7}')
        assert client.recv()["ref"] == 7
        client.send_raw('{"ref": "no-type"}')
        missing = client.recv()
        assert missing["code"] == "bad_message" and missing["ref"] == "no-type"
        client.send_raw('{"type": "ping", "ref": 1, ')
        broken = client.recv()
        assert broken["code"] == "bad_json" and "ref" not in broken
        client.send_raw(json.dumps({"type": "ping", "ref": MAX_REF + 1}))
        unbounded = client.recv()
        assert unbounded["code"] == "bad_message" and "ref" not in unbounded
        assert str(MAX_REF) in unbounded["message"]
        client.send_raw(b'{"type": "ping", "ref": 2}')
        assert "ref" not in client.recv()  # a binary frame is not read
        for n in range(40):
            client.send(type="ping", ref=n)
        answers = [client.recv() for _ in range(40)]
        limited = [m for m in answers if m.get("code") == "rate_limited"]
        assert limited and all(isinstance(m["ref"], int) for m in limited)
        assert sorted(m["ref"] for m in answers) == list(range(40))  # every one answered
        client.close()


def test_action_texts_are_taken_exactly_as_the_legal_list_writes_them(
    live: ThreadServer,
) -> None:
    table, clients = seat_clients(live.base, ["Ann", "Bob"], preset="two-player")
    clients[0].request(type="start", table=table)
    version = settle(clients, table)
    actor = next(c for c in clients if c.my_turn(table))
    legal = actor.view(table).state["legal"]  # type: ignore[index]
    for spelling in (legal[0].upper(), f"  {legal[0]} ", legal[0].replace(" ", "  ")):
        if spelling == legal[0]:
            continue
        refused = actor.expect_error("illegal", type="act", table=table, action=spelling)
        assert repr(legal[0]) in refused["message"] and "exactly" in refused["message"]
    slip = actor.expect_error("illegal", type="act", table=table, action="call heck")
    assert "is not allowed now" in slip["message"] and "send" not in slip["message"]
    assert all(allowed in slip["message"] for allowed in legal)
    unknown = actor.expect_error("illegal", type="act", table=table, action="fly away")
    assert "is not an action" in unknown["message"]
    assert all(allowed in unknown["message"] for allowed in legal)
    assert "a variant's own" not in unknown["message"]  # what is legal here, not every form
    no_card = actor.expect_error("illegal", type="act", table=table, action="play ZZ")
    assert "'ZZ' is not a card" in no_card["message"]
    same = actor.request(type="resync", table=table, since=version)
    assert same["missed"] == [] and same["version"] == version  # nothing was done
    assert actor.request(type="act", table=table, action=legal[0])["type"] == "event"
    for client in clients:
        client.close()


def _round_one() -> GameState:
    return GameState(preset("standard"), dealer=0)


def _round_two() -> GameState:
    state = _round_one()
    for _ in range(4):
        state.apply("pass", seat=state.turn)
    return state


def _first_trick() -> GameState:
    state = _round_one()
    state.apply("order", seat=state.turn)
    state.apply(state.legal_actions()[0], seat=state.turn)
    return state


def _refusal(state: GameState, text: str) -> str:
    with pytest.raises(ProtocolError) as caught:
        exact_action(state, text)
    assert caught.value.code == "illegal"
    return caught.value.message


@pytest.mark.parametrize(
    ("state", "text", "exact"),
    [
        (_round_one, "PASS", "pass"),
        (_round_one, "Order", "order"),
        (_round_one, "order  alone", "order alone"),
        (_round_two, " pass", "pass"),
    ],
)
def test_another_spelling_of_a_legal_action_names_the_one_spelling(
    state: Callable[[], GameState], text: str, exact: str
) -> None:
    now = state()
    assert exact in now.legal_actions()
    assert f"send {exact!r}, exactly as" in _refusal(now, text)
    exact_action(now, exact)  # the one spelling is taken


def test_another_spelling_of_a_suit_names_the_one_spelling() -> None:
    now = _round_two()
    exact = next(a for a in now.legal_actions() if a.startswith("call ") and "alone" not in a)
    suit = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[exact[-1]]
    for text in (f"call {suit}", f"call {suit[:2]}x", exact.upper()):
        assert f"send {exact!r}" in _refusal(now, text)


def test_another_spelling_of_a_card_names_the_one_spelling() -> None:
    now = _first_trick()
    exact = now.legal_actions()[0]
    for text in (exact.upper(), exact.lower(), exact.replace("T", "10")):
        if text != exact:
            assert f"send {exact!r}" in _refusal(now, text)


@pytest.mark.parametrize(
    ("state", "text"),
    [
        (_round_one, "call heck"),
        (_round_one, "call hearts"),
        (_first_trick, "call heck"),
        (_first_trick, "PASS"),
        (_first_trick, "Order"),
    ],
)
def test_a_spelling_of_an_action_not_allowed_now_says_so_and_lists_what_is(
    state: Callable[[], GameState], text: str
) -> None:
    now = state()
    message = _refusal(now, text)
    assert message.startswith(f"{text!r} is not allowed now")
    assert "send" not in message
    assert all(allowed in message for allowed in now.legal_actions())


def test_texts_that_are_no_action_are_left_to_the_table() -> None:
    exact_action(_round_one(), "fly away")
    exact_action(_round_one(), "discard")  # another seat's hidden discard: no action


@pytest.mark.parametrize(
    ("ref", "ok"),
    [
        (MAX_REF, True),
        (-MAX_REF, True),
        (MAX_REF + 1, False),
        (-MAX_REF - 1, False),
        ("x" * 64, True),
        ("x" * 65, False),
        (True, False),
        (1.5, False),
        (None, True),
    ],
)
def test_refs_are_bounded(ref: object, ok: bool) -> None:
    text = json.dumps({"type": "ping", "ref": ref})
    if ok:
        assert parse_message(text).ref == ref
        assert reference(text) == ref
        return
    with pytest.raises(ProtocolError) as caught:
        parse_message(text)
    assert caught.value.code == "bad_message"
    assert "field 'ref': must be a string of at most 64 characters" in caught.value.message
    assert reference(text) is None


def test_presets_are_named_by_their_own_name() -> None:
    assert canonical_preset("benny") == "british"
    assert canonical_preset("2p") == "two-player"
    assert canonical_preset("Standard") == "standard"
    assert canonical_preset("no such rules") == "no such rules"  # kept as stored


def test_quick_play_names_the_preset_not_the_alias(live: ThreadServer) -> None:
    ann = Client(live.base, "Ann")
    seated = ann.request(type="quick_play", preset="heads-up")
    assert seated["type"] == "table" and seated["info"]["preset"] == "two-player"
    ann.close()


COMMANDS: list[cmd.Command] = [
    cmd.Join(3, True, "r"),
    cmd.Resync(None, 4),
    cmd.Sit(2, False, None),
    cmd.Stand("s"),
    cmd.Leave(),
    cmd.AddBot(1, "easy", 9),
    cmd.RemoveBot(1),
    cmd.RemovePlayer(2, "o"),
    cmd.Move(3, "m"),
    cmd.Swap(0, 2, "w"),
    cmd.Start(),
    cmd.Act("play Jd", 17, "a"),
    cmd.Proceed(),
    cmd.Decline(),
    cmd.Hint("h"),
    cmd.Review(2, "v"),
    cmd.Disconnected(),
    cmd.Say("hi", None, 1),
    cmd.ReadChat(),
    cmd.PlayAgain("p"),
]


def test_every_command_travels_as_json_and_back() -> None:
    assert {type(c) for c in COMMANDS} == set(cmd.Command.__args__)  # type: ignore[attr-defined]
    for command in COMMANDS:
        sent = json.loads(json.dumps(cmd.to_json(command)))
        assert cmd.from_json(sent) == command


@pytest.mark.parametrize(
    "raw",
    [
        {"command": "Fly"},
        {},
        {"command": "Act"},  # no action
        {"command": "Stand", "seat": 1},  # a field Stand does not have
    ],
)
def test_a_malformed_command_is_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError) as caught:
        cmd.from_json(raw)
    assert caught.value.code == "bad_message"


def test_a_table_no_one_sits_at_does_not_start_and_says_to_sit_first(live: ThreadServer) -> None:
    ann = Client(live.base, "Ann")
    created = ann.request(type="create", kind="private", sit=False)
    table = created["table"]
    ann.until(lambda m: m["type"] == "table" and m["table"] == table)
    refused = ann.expect_error("bad_state", type="start", table=table)
    assert refused["message"] == "no one sits at this table: sit first (bots take the empty seats)"
    assert ann.request(type="resync", table=table)["info"]["status"] == "waiting"
    assert ann.request(type="sit", table=table)["type"] == "table"
    assert _kind(ann.request(type="start", table=table)) == "started"
    ann.close()
