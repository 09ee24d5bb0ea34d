"""The protocol at the edge: validation, errors that say what is wrong, what each seat sees."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    Client,
    ThreadServer,
    fast_settings,
    play_random,
    seat_clients,
    settle,
)
from websockets.exceptions import ConnectionClosed

from euchre.engine import GameState, preset
from euchre.engine.actions import Action
from euchre.engine.observations import observation
from euchre.server.protocol import Act, Join, ProtocolError, parse_message, reference
from euchre.server.render import action_json, state_json


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("{", "bad_json", "not valid JSON"),
        ("[1, 2]", "bad_message", "JSON object"),
        ('"ping"', "bad_message", "JSON object"),
        ("{}", "bad_message", 'needs a "type" field'),
        ('{"ref": 3}', "bad_message", 'needs a "type" field'),
        ('{"type": "dance"}', "unknown_type", "use one of ping, lobby"),
        ('{"type": 7}', "bad_message", 'field "type" is a string'),
        ('{"type": "act", "table": "t1"}', "bad_message", "'action'"),
        ('{"type": "act", "table": "t1", "action": "pass", "x": 1}', "bad_message", "'x'"),
        ('{"type": "sit", "table": "t1", "seat": "1"}', "bad_message", "'seat'"),
        ('{"type": "sit", "table": "t1", "seat": true}', "bad_message", "'seat'"),
        ('{"type": "join", "table": "../etc"}', "bad_message", "'table'"),
        ('{"type": "act", "table": "t1", "action": ""}', "bad_message", "'action'"),
        ('{"type": "ping", "ref": [1]}', "bad_message", "'ref'"),
        ('{"type": "create", "kind": "secret"}', "bad_message", "'kind'"),
        ("[" * 5000 + "]" * 5000, "bad_json", "nests arrays and objects too deeply"),
        ('{"type": "ping", "x": ' + "[" * 1500 + "]" * 1500 + "}", "bad_json", "too deeply"),
        ('{"type": "ping", "ref": "\\ud800"}', "bad_json", "lone UTF-16 surrogate"),
        ('{"type": "nope", "ref": "\\udfff"}', "bad_json", "lone UTF-16 surrogate"),
        ('{"type": "ping", "x": ' + "9" * 5000 + "}", "bad_json", "more than 4300 digits"),
        # A number past 64 bits is JSON: with or without an escape, the same answer.
        ('{"type": "ping", "ref": "caf\\u00e9", "x": ' + "9" * 23 + "}", "bad_message", "'x'"),
        ('{"type": "ping", "ref": "café", "x": ' + "9" * 23 + "}", "bad_message", "'x'"),
        ('{"type": "ping", "ref": "\\ud800", "x": ' + "9" * 23 + "}", "bad_json", "surrogate"),
        ('{"type": "ping", "x": {"\\udc00": 1}}', "bad_json", "lone UTF-16 surrogate"),
        # Input quoted back is cut after 40 characters.
        ('{"type": "ping", "' + "Z" * 5000 + '": 1}', "bad_message", "'" + "Z" * 40 + "'…: Extra"),
        ('{"type": "' + "Q" * 5000 + '"}', "unknown_type", "'" + "Q" * 40 + "'…: use one of"),
    ],
)
def test_bad_messages_get_a_clear_error(text: str, code: str, words: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message(text)
    assert caught.value.code == code
    assert words in caught.value.message


def test_a_surrogate_pair_is_one_character_and_a_ref_without_a_valid_message_is_read() -> None:
    pair = parse_message('{"type": "ping", "ref": "\\ud83c\\udca1"}')
    assert pair.ref == "\U0001f0a1"
    assert reference('{"type": "nope", "ref": "\\ud800"}') is None  # no answer could hold it
    assert reference('{"type": "nope", "ref": "r1"}') == "r1"


def test_good_messages_parse() -> None:
    act = parse_message('{"type": "act", "table": "t-1_x", "action": "play Jc", "version": 3}')
    assert act == Act(type="act", table="t-1_x", action="play Jc", version=3)
    join = parse_message('{"type": "join", "invite": "abc", "since": 0, "ref": "r1"}')
    assert isinstance(join, Join) and join.since == 0 and join.ref == "r1"
    assert parse_message('{"type": "ping", "ref": null}').ref is None  # null: no ref


def test_state_json_carries_the_bot_observation() -> None:
    for name in ("standard", "british", "cutthroat", "two-player"):
        state = GameState(preset(name), seed=3)
        rng = random.Random(3)
        for _ in range(40):
            for seat in [None, *range(state.n)]:
                view = state.view(seat)
                expected = {k: v for k, v in observation(view).items() if k != "variant"}
                got = state_json(view)
                # Each history entry is the observation's, with the action's object beside it.
                history = [{"seat": e["seat"], "action": e["action"]} for e in got["history"]]
                assert {**{k: got[k] for k in expected}, "history": history} == expected
                acts = [e["act"] for e in got["history"]]
                assert acts == [action_json(Action.of(aid)) for _, aid in view.history]
                assert got["legal_acts"] == [action_json(Action.of(aid)) for aid in view.legal]
            if state.game_over:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_the_server_answers_bad_input_and_nothing_changes(live: ThreadServer) -> None:
    table, clients = seat_clients(live.base, ["Ann", "Bob", "Cat", "Dan"], turn_seconds=0)
    clients[0].send(type="start", table=table)
    version = clients[0].until(lambda m: m.get("event", {}).get("kind") == "started")["version"]
    settle(clients, table)
    actor = next(c for c in clients if c.my_turn(table))
    waiting = next(c for c in clients if not c.my_turn(table))
    state = actor.view(table).state
    assert state is not None
    waiting.expect_error("not_your_turn", type="act", table=table, action=state["legal"][0])
    wrong = actor.expect_error("illegal", type="act", table=table, action="play Jc")
    assert "is not allowed now" in wrong["message"] and "may pass" in wrong["message"]
    actor.expect_error("illegal", type="act", table=table, action="fly away")
    actor.expect_error("stale", type="act", table=table, action=state["legal"][0], version=0)
    actor.expect_error("not_found", type="act", table="nosuchtable", action="pass")
    actor.expect_error("bad_state", type="start", table=table)
    outsider = Client(live.base, "Zed")
    outsider.expect_error("not_found", type="act", table=table, action="pass")  # private
    outsider.expect_error("not_found", type="join", table=table)  # private: needs the invite
    joined = outsider.request(type="join", invite=actor.view(table).invite)
    # Opening the invite is a change the host hears of (not bad input): the version after it.
    version = actor.until(lambda m: m.get("event", {}).get("kind") == "arrived")["version"]
    outsider.expect_error("not_seated", type="act", table=table, action="pass")
    outsider.expect_error("full", type="sit", table=table)
    assert joined["you"]["seat"] is None

    # An error answers each bad frame, in order; a watchers' count may come between them.
    def refused() -> str:
        return str(actor.until(lambda m: m["type"] == "error")["code"])

    for text in ("{", "[]", '{"type": "act"}', '{"type":"fly"}'):
        actor.send_raw(text)
        assert refused() in ("bad_json", "bad_message", "unknown_type")
    actor.send_raw(b"\x00\x01binary")
    assert refused() == "binary"
    actor.send_raw(json.dumps({"type": "ping", "ref": "x" * 5000}))
    assert refused() == "too_large"
    assert actor.request(type="ping")["type"] == "pong"  # still usable
    again = actor.request(type="resync", table=table, since=version)
    assert again["version"] == version and again["missed"] == [] and again["state"] == state
    for client in [*clients, outsider]:
        client.close()


def test_a_frame_beyond_the_transport_limit_closes_only_that_connection(live: ThreadServer) -> None:
    big = Client(live.base, "Big")
    big.send_raw("x" * (live.settings.max_frame_bytes + 10))
    with pytest.raises(ConnectionClosed) as closed:
        big.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    fresh = Client(live.base, "Big", token=big.token)
    assert fresh.request(type="ping")["type"] == "pong"
    big.close()
    fresh.close()


def test_health_and_metrics(live: ThreadServer) -> None:
    table, clients = seat_clients(live.base, ["Ann"], turn_seconds=0)
    clients[0].send(type="start", table=table)
    clients[0].until(lambda m: m["type"] == "event" and clients[0].my_turn(table))
    legal = clients[0].view(table).state["legal"]  # type: ignore[index]
    clients[0].send(type="act", table=table, action=legal[0])
    clients[0].until(lambda m: m.get("event", {}).get("by") == "player")
    clients[0].send_raw("{")
    refused = clients[0].until(lambda m: m["type"] == "error")  # after any bot's move
    assert refused["code"] == "bad_json"
    health = httpx.get(live.base + "/healthz").json()
    assert health["status"] == "ok" and health["database"] and health["connections"] == 1
    text = httpx.get(live.base + "/metrics").text
    assert 'euchre_actions_total{by="player"} 1.0' in text
    assert "euchre_connections 1.0" in text
    assert 'euchre_tables{status="playing"} 1.0' in text
    assert "euchre_action_latency_seconds_count" in text
    assert 'euchre_rejected_messages_total{code="bad_json"} 1.0' in text
    clients[0].close()


def test_a_flood_is_rate_limited_and_the_connection_recovers(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "rate.db", rate_per_second=20.0, rate_burst=5.0)
    with ThreadServer(settings) as live:
        client = Client(live.base, "Flood")
        for _ in range(30):
            client.send(type="ping")
        answers = [client.recv()["type"] for _ in range(30)]
        assert answers.count("pong") >= 5 and "error" in answers
        limited = [m for m in client.received if m.get("code") == "rate_limited"]
        assert limited and limited[0]["message"] == "too many messages: slow down"
        assert all(m["retry_after"] == 0.1 for m in limited)  # a message's share: 1/20 s
        time.sleep(0.3)
        assert client.request(type="ping")["type"] == "pong"
        client.close()


def test_a_flood_is_read_at_the_budgets_pace(tmp_path: Path) -> None:
    """Past its budget a client's messages were still read and refused one by one, as fast
    as it sent them: one guest's flood of pings delayed everyone's answers by seconds. The
    server now reads nothing more from it until its budget has room again."""
    settings = fast_settings(tmp_path / "pace.db", rate_per_second=10.0, rate_burst=2.0)
    with ThreadServer(settings) as live:
        client = Client(live.base, "Flood")
        for number in range(40):
            client.send(type="ping", ref=number)
        sent = time.monotonic()
        early = []
        while time.monotonic() - sent < 0.5:
            try:
                early.append(client.recv(timeout=max(0.01, 0.5 - (time.monotonic() - sent))))
            except TimeoutError:
                break
        # read and refused at once, all 40 came back at once; now about 2 and 2 more a
        # tenth of a second (a pong, then the next one's refusal)
        assert 2 <= len(early) <= 20, len(early)
        answered = {m["ref"] for m in early}
        while len(answered) < 40:  # every message gets its answer, at the budget's pace
            answered.add(client.recv()["ref"])
        time.sleep(0.3)
        assert client.request(type="ping")["type"] == "pong"
        client.close()


def test_requests_answered_with_a_whole_table_count_as_several_messages(
    tmp_path: Path,
) -> None:
    settings = fast_settings(tmp_path / "joins.db", rate_per_second=40.0, rate_burst=80.0)
    with ThreadServer(settings) as live:
        table, (ann,) = seat_clients(live.base, ["Ann"])
        flood = Client(live.base, "Flood")
        invite = ann.view(table).invite
        for number in range(20):
            flood.send(type="join", invite=invite, ref=number)
        answers = {}
        while len(answers) < 20:
            message = flood.recv()
            if message["type"] in ("table", "error") and "ref" in message:
                answers[message["ref"]] = message
        limited = [m for m in answers.values() if m["type"] == "error"]
        # 80 / 8 at once; then, each refusal waited out, about every other one
        assert 2 <= len(limited) <= 8, answers
        assert {m["code"] for m in limited} == {"rate_limited"}
        time.sleep(0.3)
        assert flood.request(type="ping")["type"] == "pong"  # plain messages go on
        ann.close()
        flood.close()


def test_a_steady_flood_of_whole_table_requests_has_every_other_one_answered(
    tmp_path: Path,
) -> None:
    """Past the rate of messages answered with a whole table, the refused one's own share
    was taken and reading went on: a client sending on never had 8 shares again, and every
    later one was refused (290 in a row), each answered. The connection now waits, as past
    the message rate, until its budget has room for one."""
    settings = fast_settings(tmp_path / "steady.db", rate_per_second=200.0, rate_burst=80.0)
    with ThreadServer(settings) as live:
        flood = Client(live.base, "Flood")
        for number in range(60):
            flood.send(type="lobby", ref=number)
        answers = {}
        while len(answers) < 60:
            message = flood.recv()
            if "ref" in message:
                answers[message["ref"]] = message["type"]
        later = [answers[n] for n in range(30, 60)]
        assert later.count("lobby") >= 10, answers  # about every other one
        assert set(answers.values()) == {"lobby", "error"}
        flood.close()


def test_a_reconnect_does_not_refill_the_budget(tmp_path: Path) -> None:
    """A new connection started with a full burst: connecting again and again gave 120
    snapshots a second. The budget is the person's, kept over reconnects."""
    settings = fast_settings(tmp_path / "again.db", rate_per_second=0.5, rate_burst=17.0)
    with ThreadServer(settings) as live:
        table, (ann,) = seat_clients(live.base, ["Ann"])
        invite = ann.view(table).invite
        flood = Client(live.base, "Flood")
        for _ in range(2):
            assert flood.request(type="join", invite=invite)["type"] == "table"
        flood.close()
        again = Client(live.base, "Flood", token=flood.token)  # the same person
        refused = again.expect_error("rate_limited", type="join", invite=invite)
        assert "each counts as 8 messages" in refused["message"]
        assert 14 <= refused["retry_after"] <= 16.1  # 8 messages' share at 0.5 a second
        other = Client(live.base, "Other")  # another person has a budget of their own
        assert other.request(type="join", invite=invite)["type"] == "table"
        for client in (ann, again, other):
            client.close()


@pytest.mark.parametrize(
    "request_",
    [
        {"type": "create", "kind": "private", "preset": "standard"},
        {"type": "quick_play", "preset": "standard"},
    ],
)
def test_a_table_made_or_found_counts_as_a_snapshot(
    tmp_path: Path, request_: dict[str, Any]
) -> None:
    """``create`` and ``quick_play`` (and ``play_again``) answer with a whole table, as a
    ``join`` does, but were counted as one message."""
    settings = fast_settings(tmp_path / "made.db", rate_per_second=0.5, rate_burst=10.0)
    with ThreadServer(settings) as live:
        maker = Client(live.base, "Maker")
        first = maker.request(**request_)
        assert first["type"] != "error", first
        refused = maker.expect_error("rate_limited", **request_)
        assert "create, quick_play, play_again" in refused["message"]
        maker.close()


def test_a_chat_log_counts_as_a_snapshot(tmp_path: Path) -> None:
    """A channel's chat (50 lines of up to 200 characters) is as large as a table, but
    was counted as one message: guests asking for it within the rate slowed everyone."""
    settings = fast_settings(tmp_path / "chat.db", rate_per_second=0.5, rate_burst=40.0)
    with ThreadServer(settings) as live:
        table, (ann,) = seat_clients(live.base, ["Ann"])
        ann.request(type="chat_settings", enabled=True)
        answers = [ann.request(type="chat_log", table=table) for _ in range(5)]
        assert answers[0]["type"] == "chat_log", answers[0]
        refused = next(a for a in answers if a["type"] == "error")
        assert refused["code"] == "rate_limited"
        assert "play_again, chat_log): each counts as 8 messages" in refused["message"]
        ann.close()


def test_reconnect_gets_the_missed_events_or_a_snapshot(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "buf.db", event_buffer=6)) as live:
        table, (ann, bob) = seat_clients(
            live.base, ["Ann", "Bob"], preset="two-player", turn_seconds=0
        )
        ann.send(type="start", table=table)
        play_random([ann, bob], table, random.Random(9), max_actions=12)
        top = settle([ann, bob], table)
        expected = list(bob.view(table).events[-3:])
        recent = bob.request(type="resync", table=table, since=top - 3)
        assert [e["version"] for e in recent["missed"]] == [top - 2, top - 1, top]
        assert recent["missed"] == expected
        old = bob.request(type="resync", table=table, since=1)
        assert old["missed"] is None and old["version"] == top  # too old: a snapshot
        assert old["state"] == bob.view(table).state
        ahead = bob.request(type="resync", table=table, since=top + 50)
        assert ahead["missed"] is None
        ann.close()
        bob.close()


def test_an_action_the_database_refuses_is_not_done(live: ThreadServer) -> None:
    table, clients = seat_clients(live.base, ["Ann", "Bob"], preset="two-player", turn_seconds=0)
    clients[0].send(type="start", table=table)
    clients[0].until(lambda m: m.get("event", {}).get("kind") == "started")
    version = settle(clients, table)
    actor = next(c for c in clients if c.my_turn(table))
    state = actor.view(table).state
    assert state is not None
    store = live.server.store
    working = store.save

    async def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    store.save = refuse  # type: ignore[method-assign]
    try:
        failed = actor.expect_error(
            "server_error", type="act", table=table, action=state["legal"][0]
        )
        assert "could not save" in failed["message"]
    finally:
        store.save = working  # type: ignore[method-assign]
    same = actor.request(type="resync", table=table, since=version)
    assert same["version"] == version and same["missed"] == [] and same["state"] == state
    actor.send(type="act", table=table, action=state["legal"][0])
    moved = actor.until(lambda m: m["type"] == "event")
    assert moved["version"] == version + 1
    for client in clients:
        client.close()


def test_while_writes_fail_the_health_check_says_so_and_bots_back_off(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "full.db", bot_delay=0.3)) as live:
        ann = Client(live.base, "Ann")
        table = ann.request(type="create", kind="private", options={"target": 100})["table"]
        ann.until(lambda m: m["type"] == "table" and m["table"] == table)
        ann.send(type="start", table=table)
        ann.until(lambda m: m.get("event", {}).get("kind") == "started")
        while ann.my_turn(table):  # until a bot is to move (it waits 0.3 s first)
            legal = ann.view(table).state["legal"]  # type: ignore[index]
            ann.request(type="act", table=table, action=legal[0])
        store = live.server.store
        working = store._transaction
        attempts = []

        async def disk_full(*args: object, **kwargs: object) -> None:
            attempts.append(time.monotonic())
            raise OSError("database or disk is full")

        store._transaction = disk_full  # type: ignore[method-assign]
        try:
            deadline = time.monotonic() + 60
            while not attempts and time.monotonic() < deadline:  # the bot tries to move
                time.sleep(0.05)
            assert attempts, "the bot never tried to store its move"
            time.sleep(0.5)  # then waits 1 s, 2 s ... after each refusal: no retry yet
            assert len(attempts) == 1, len(attempts)
            health = httpx.get(live.base + "/healthz", timeout=10)
            assert health.status_code == 503 and health.json()["database"] is False
        finally:
            store._transaction = working  # type: ignore[method-assign]
        ann.until(lambda m: m.get("event", {}).get("kind") == "action", timeout=60)
        assert httpx.get(live.base + "/healthz", timeout=10).status_code == 200
        ann.close()


def test_a_client_without_compression_gets_every_event_whole(live: ThreadServer) -> None:
    """Uncompressed connections are framed by the server itself (connection._DirectSocket);
    a compressed one by websockets. Both follow a whole game, event for event."""
    plain = Client(live.base, "Plain", compression=None)
    zipped = Client(live.base, "Zipped")
    assert plain.ws.protocol.extensions == [] and zipped.ws.protocol.extensions != []
    created = plain.request(type="create", kind="private", preset="two-player", turn_seconds=0)
    table = created["table"]
    plain.until(lambda m: m["type"] == "table" and m["table"] == table)
    zipped.send(type="join", invite=created["invite"])
    zipped.until(lambda m: m["type"] == "table")
    assert zipped.request(type="sit", table=table, seat=1)["type"] == "table"
    plain.send(type="start", table=table)
    clients = [plain, zipped]
    actions = play_random(clients, table, random.Random(8))
    assert actions > 20
    versions = [[e["version"] for e in c.tables[table].events] for c in clients]
    assert versions[0][-actions:] == versions[1][-actions:]
    assert versions[0] == sorted(versions[0]) and len(set(versions[0])) == len(versions[0])
    for client in clients:
        assert client.tables[table].state["winner"] is not None  # type: ignore[index]
        client.close()


def test_a_request_that_meets_redis_down_is_answered_unavailable(
    live: ThreadServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis unreachable for a moment (the instances' bus): the request is answered
    `unavailable`, to be tried again, not `server_error`."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    from euchre.server import gateway

    async def down(*args: object) -> None:
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379")

    ann = Client(live.base, "Ann")
    monkeypatch.setattr(gateway, "_dispatch", down)
    refused = ann.expect_error("unavailable", type="lobby")
    assert "try again" in refused["message"]
    monkeypatch.undo()
    assert ann.request(type="ping")["type"] == "pong"
    ann.close()
