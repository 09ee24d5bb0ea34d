"""Hypothesis against a live server: hostile messages never crash it, always get an answer,
and a rejected message never changes the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Client, ThreadServer, fast_settings, seat_clients, settle

from euchre.engine.actions import ACTION_TEXT
from euchre.server.protocol import MESSAGE_TYPES

ANSWERS = (
    "error",
    "pong",
    "lobby",
    "table",
    "left",
    "created",
    "chat",
    "chat_settings",
    "chat_log",
)
FIELDS = [
    "table",
    "seat",
    "action",
    "version",
    "since",
    "invite",
    "preset",
    "options",
    "kind",
    "level",
    "ref",
    "subscribe",
    "sit",
    "turn_seconds",
    "bot_level",
    "type",
    "text",
    "enabled",
    "user",
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=24)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# Messages that would legitimately change the table (standing up, leaving) or open
# other tables are not hostile; everything else is fair game.
SAFE_TYPES = [t for t in MESSAGE_TYPES if t not in ("create", "quick_play")]


def well_formed(table: str, invite: str) -> st.SearchStrategy[dict[str, Any]]:
    """Messages that pass validation but must be refused (wrong turn, card, table, seat...)."""
    tables = st.sampled_from([table, table, "nosuchtable", "x" * 32])
    others = st.sampled_from(["nosuchtable", "x" * 32])
    actions = st.sampled_from(sorted(ACTION_TEXT.values())) | st.text(min_size=1, max_size=64)
    seats = st.integers(0, 3)

    def msg(
        kind: str, required: dict[str, Any], optional: dict[str, Any] | None = None
    ) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"type": st.just(kind), **required}, optional=optional or {})

    return st.one_of(
        msg("act", {"table": tables, "action": actions}, {"version": st.integers(0, 10**6)}),
        msg("sit", {"table": tables}, {"seat": seats}),
        msg(
            "join",
            {},
            {
                "table": tables,
                "invite": st.sampled_from([invite, "nope"]),
                "since": st.integers(0, 10**6),
            },
        ),
        msg("resync", {"table": tables}, {"since": st.integers(0, 10**6)}),
        msg(
            "add_bot", {"table": tables}, {"seat": seats, "level": st.sampled_from(["random", "x"])}
        ),
        msg("remove_bot", {"table": tables, "seat": seats}),
        msg("move", {"table": tables, "seat": seats}),
        msg("swap", {"table": tables, "seats": st.lists(seats, min_size=2, max_size=2)}),
        msg("start", {"table": tables}),
        msg("stand", {"table": others}),
        msg("leave", {"table": others}),
        msg("ping", {}, {"ref": st.text(max_size=64) | st.integers()}),
    )


def hostile_messages(table: str, invite: str) -> st.SearchStrategy[Any]:
    names = st.sampled_from(FIELDS) | st.text(max_size=8)
    values = JSON | st.sampled_from([table, invite, "play Jc", "pass", "order", 0, 3, 4, -1])
    kinds = st.sampled_from([*SAFE_TYPES, "", "ACT", "hello", "act ", "Ping"])
    shaped = st.builds(
        lambda t, extra: {**extra, "type": t}, kinds, st.dictionaries(names, values, max_size=5)
    )
    return (
        well_formed(table, invite)
        | well_formed(table, invite)
        | shaped.filter(lambda m: not (m["type"] in ("stand", "leave") and m.get("table") == table))
        | JSON
        | st.text(max_size=200)
        | st.binary(max_size=64)
    )


def answer_to(client: Client) -> dict[str, Any]:
    return client.until(lambda m: m["type"] in ANSWERS)


# The websockets library's keep-alive pings (the server's and the clients', in their own
# threads) draw their payload from the global random module; Hypothesis takes a change
# of that state while it draws an example for the strategy's doing. The strategies here
# use no random module.
@pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies")
def test_hostile_messages_change_nothing(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "fuzz.db")) as live:
        table, clients = seat_clients(live.base, ["Fuzz", "Bob", "Cat", "Dan"], turn_seconds=0)
        fuzz = clients[0]
        fuzz.send(type="start", table=table)
        fuzz.until(lambda m: m.get("event", {}).get("kind") == "started")
        settle(clients, table)
        while fuzz.my_turn(table):  # the fuzzer must not be the one to act
            fuzz.send(type="act", table=table, action=fuzz.view(table).state["legal"][0])  # type: ignore[index]
            fuzz.until(lambda m: m["type"] == "event")
        version = settle(clients, table)
        state = fuzz.view(table).state
        invite = fuzz.view(table).invite or ""
        owner = live.server.lobby.tables[table]

        @settings(
            max_examples=300,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(hostile_messages(table, invite))
        def check(message: Any) -> None:
            if isinstance(message, (bytes, str)):
                fuzz.send_raw(message)
            else:
                fuzz.send_raw(json.dumps(message))
            answer = answer_to(fuzz)
            assert answer["type"] in ANSWERS
            if answer["type"] == "error":
                assert answer["code"] != "server_error", answer
                assert answer["message"]
            after = fuzz.request(type="resync", table=table, since=version)
            assert after["version"] == version and after["missed"] == []
            assert after["state"] == state
            assert owner.version == version

        check()
        assert fuzz.request(type="ping")["type"] == "pong"
        for client in clients:
            client.close()
