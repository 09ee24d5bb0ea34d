"""Every action leaves the server with its object beside its text (docs/protocol.md,
"Action objects"): the object says what ``Action.parse`` says of the text (kind, card,
suit, alone, the cards shown), a hidden action has no card, and one function writes them
all (``render.action_json``), from the state's history and legal actions to the action
events, a snapshot's log and missed events."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from act_helpers import act_problems, acts_in
from server_helpers import Client, ThreadServer, play_random, seat_clients, settle

from euchre.engine.actions import ACTION_TEXT, HIDDEN_DISCARD, HIDDEN_GIVE, Action, under_id
from euchre.server.render import action_json, action_json_text, acts_json
from euchre.server.wire import dumps

DOCUMENTED = {
    "pass": {"text": "pass", "kind": "pass"},
    "order": {"text": "order", "kind": "order"},
    "order alone": {"text": "order alone", "kind": "order", "alone": True},
    "call h": {"text": "call h", "kind": "call", "suit": "h"},
    "call n alone": {"text": "call n alone", "kind": "call", "suit": "n", "alone": True},
    "play Ac": {"text": "play Ac", "kind": "play", "card": "Ac"},
    "play B": {"text": "play B", "kind": "play", "card": "B"},
    "discard Jc": {"text": "discard Jc", "kind": "discard", "card": "Jc"},
    "give 9d": {"text": "give 9d", "kind": "give", "card": "9d"},
    "under 9c 9d Ts": {"text": "under 9c 9d Ts", "kind": "under", "shown": ["9c", "9d", "Ts"]},
    "defend alone": {"text": "defend alone", "kind": "defend_alone"},
    "call for best": {"text": "call for best", "kind": "call_for_best"},
    "take alone": {"text": "take alone", "kind": "take_alone"},
    "forfeit": {"text": "forfeit", "kind": "forfeit"},
    "redeal": {"text": "redeal", "kind": "redeal"},
}


@pytest.mark.parametrize("text", DOCUMENTED)
def test_an_action_s_object_is_as_documented(text: str) -> None:
    action = Action.parse(text)
    assert action_json(action) == DOCUMENTED[text]
    assert action_json_text(action) == dumps(DOCUMENTED[text])


def test_a_hidden_action_has_its_kind_and_no_card() -> None:
    assert action_json(Action.of(HIDDEN_DISCARD)) == {
        "text": "discard",
        "kind": "discard",
        "hidden": True,
    }
    assert action_json(Action.of(HIDDEN_GIVE)) == {"text": "give", "kind": "give", "hidden": True}
    assert action_json(Action.parse("discard Jc").hidden_copy())["text"] == "discard"


def test_every_action_s_object_says_what_its_text_says() -> None:
    rng = random.Random(5)
    claims = [under_id(sum(1 << c for c in rng.sample(range(33), 3))) for _ in range(50)]
    for aid in [*ACTION_TEXT, *claims]:
        action = Action.of(aid)
        assert act_problems(action.text, action_json(action)) == [], action


def test_a_map_of_objects_is_keyed_by_their_texts() -> None:
    actions = [Action.parse(t) for t in ("pass", "play Ac", "pass")]
    assert acts_json(actions) == {"pass": DOCUMENTED["pass"], "play Ac": DOCUMENTED["play Ac"]}


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("play Ac", None),
        ("play Ac", {"text": "play Ac", "kind": "play", "card": "Ad"}),
        ("play Ac", {"text": "play Ac", "kind": "play"}),
        ("call h alone", {"text": "call h alone", "kind": "call", "suit": "h"}),
        ("call h", {"text": "call h", "kind": "call", "suit": "h", "alone": False}),
        ("defend alone", {"text": "defend alone", "kind": "defend alone"}),
        ("discard", {"text": "discard", "kind": "discard", "card": "Jc", "hidden": True}),
        ("discard", {"text": "discard", "kind": "discard"}),
        ("pass", {"text": "pass", "kind": "pass", "seat": 1}),
    ],
)
def test_the_check_catches_a_wrong_object(text: str, act: Any) -> None:
    assert act_problems(text, act) != []


GAMES = [
    ("standard", {"defend_alone": True, "call_for_best": True}, 1),
    ("british", {"joker_upcard_rule": "dealer_names_blind"}, 2),
    ("standard", {"go_under": "mixed", "throw_in_hands": ["nines_tens", "ace_no_face"]}, 3),
    ("standard", {"min_rank": 7, "no_trump": True, "farmers_hand": True}, 4),
    ("two-player", {}, 5),
    ("cutthroat", {}, 6),
]


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_every_action_a_game_sends_has_its_object(
    live: ThreadServer, tmp_path: Path, name: str, options: dict[str, Any], seed: int
) -> None:
    players = {"cutthroat": 3, "two-player": 2}.get(name, 4)
    table, clients = seat_clients(
        live.base, ["Ann", "Bob", "Cat", "Dan"][:players], preset=name, options=options
    )
    watcher = Client(live.base, "Eve")
    invite = clients[0].view(table).invite
    watcher.send(type="join", invite=invite)
    watcher.until(lambda m: m["type"] == "table")
    clients[0].send(type="start", table=table)
    play_random([*clients, watcher], table, random.Random(seed))
    top = settle([*clients, watcher], table)
    late = Client(live.base, "Zed")  # a fresh page: the table's log so far
    late.send(type="join", invite=invite)
    snapshot = late.until(lambda m: m["type"] == "table")
    assert any(e["kind"] == "action" for e in snapshot["log"])
    back = clients[1].request(type="resync", table=table, since=top - 20)
    assert len(back["missed"]) >= 20  # (and whatever came after: the late watcher arrived)
    problems: list[str] = []
    kinds: set[str] = set()
    hidden = 0
    for client in [*clients, watcher, late]:
        for message in client.received:
            for text, act in acts_in(message):
                problems += act_problems(text, act)
                kinds.add(act["kind"])
                hidden += bool(act.get("hidden"))
    assert problems == []
    assert {"pass", "play"} <= kinds  # the game was played: the check saw its actions
    assert hidden > 0  # a dealer's discard, as the others see it
    for client in [*clients, watcher, late]:
        client.close()
