"""Privacy: over many whole games, no message tells a seat a card it may not know.

The oracle is independent of the server's views: it rebuilds each game from the decks and
actions in the database and tracks, action by action, which cards each seat has held
during the deal and which have been shown to everyone (the turn-up, cards played, cards
shown to go under). Every card named anywhere in a message must be one of those, in an
action's text and in its object (``act``, ``legal_acts``) alike. Each action event is also
checked against the stored action on its own terms: another seat's discard, and a card
given between two other partners, come as ``discard`` / ``give`` with an object that has
no card; every other action comes as it was taken.
"""

from __future__ import annotations

import copy
import json
import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from act_helpers import act_problems, acts_in
from server_helpers import Client, ThreadServer, play_random, seat_clients, settle

from euchre.engine import GameState, Variant
from euchre.engine import actions as A
from euchre.engine.cards import CARD_TEXT, card_list
from euchre.engine.rules import partner

CARD_SET = frozenset(CARD_TEXT)
VERBS = ("play", "discard", "give", "under")
Known = dict[int | None, frozenset[str]]


def cards_in(value: Any) -> set[str]:
    """Every card a JSON value names (a card, or an action naming cards)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, str):
        words = value.split()
        if value in CARD_SET:
            found.add(value)
        elif len(words) > 1 and words[0] in VERBS:
            found |= {w for w in words[1:] if w in CARD_SET}
    return found


@dataclass
class Truth:
    """What each seat may know after each action (index 0: before the first action)."""

    players: int
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, text) as taken
    action_deal: list[Known] = field(default_factory=list)  # the acted deal, after action k
    current: list[tuple[int, Known]] = field(default_factory=list)  # (deal, known) after k


def deal_public(state: GameState, index: int) -> set[str]:
    record = state.deals[index]
    n = state.n
    shown = {CARD_TEXT[record.deck[5 * n]]}  # the turn-up
    shown |= {CARD_TEXT[a - A.PLAY_BASE] for _, a in record.actions() if A.is_play(a)}
    for claim in record.under_claims:  # cards shown to go under (two claims: a misdeal)
        shown |= {CARD_TEXT[c] for c in card_list(claim)}
    return shown


def build_truth(db: Path, table: str) -> Truth:
    with sqlite3.connect(db) as conn:
        name, options, dealer = conn.execute(
            "SELECT variant_name, options, first_dealer FROM games WHERE id = ?", (table,)
        ).fetchone()
        decks = [
            d
            for (d,) in conn.execute(
                "SELECT deck FROM game_decks WHERE game_id = ? ORDER BY deal", (table,)
            )
        ]
        actions = list(
            conn.execute(
                "SELECT seat, action FROM game_actions WHERE game_id = ? ORDER BY seq", (table,)
            )
        )
    variant = Variant().replace(**json.loads(options)).renamed(name)
    state = GameState(variant, dealer=dealer, decks=[d.split() for d in decks])
    truth = Truth(variant.players, actions=[(seat, text) for seat, text in actions])
    held: dict[int, dict[int, set[str]]] = {}
    absorb(state, held)
    truth.action_deal.append({})
    truth.current.append((len(state.deals) - 1, known(state, held, len(state.deals) - 1)))
    for seat, action in actions:
        acted = len(state.deals) - 1
        state.apply(action, seat=seat)
        absorb(state, held)
        truth.action_deal.append(known(state, held, acted))
        current = len(state.deals) - 1
        truth.current.append((current, known(state, held, current)))
    return truth


def absorb(state: GameState, held: dict[int, dict[int, set[str]]]) -> None:
    """Cards in each hand now belong to what that seat has held during this deal."""
    deal = held.setdefault(len(state.deals) - 1, {s: set() for s in range(state.n)})
    for seat in range(state.n):
        deal[seat] |= {CARD_TEXT[c] for c in card_list(state.hands[seat])}


def known(state: GameState, held: dict[int, dict[int, set[str]]], index: int) -> Known:
    public = deal_public(state, index)
    seats = held.get(index, {})
    out: Known = {None: frozenset(public)}
    for seat in range(state.n):
        out[seat] = frozenset(public | seats.get(seat, set()))
    return out


def leaks(messages: list[dict[str, Any]], seat: int | None, truth: Truth) -> list[str]:
    """Cards named in messages to ``seat`` that the seat may not know (empty: no leak)."""
    problems: list[str] = []
    k = 0
    for m in messages:
        if m.get("type") not in ("event", "table"):
            continue
        rest = m
        if m["type"] == "event" and m["event"]["kind"] == "action":
            k += 1
            extra = cards_in(m["event"]) - truth.action_deal[k][seat]
            problems += [f"action {k}: {c} in {m['event']}" for c in sorted(extra)]
            problems += seen_problems(m["event"], truth.actions[k - 1], seat, truth.players)
            rest = {key: v for key, v in m.items() if key != "event"}
        problems += [p for text, act in acts_in(m) for p in act_problems(text, act)]
        deal, allowed = truth.current[k]
        state = m.get("state")
        if state is not None:
            assert state["deal"] == deal, (state["deal"], deal)
        extra = cards_in(rest) - allowed[seat]
        problems += [f"after action {k}: {c}" for c in sorted(extra)]
    return problems


def seen_problems(
    event: dict[str, Any], taken: tuple[int, str], viewer: int | None, players: int
) -> list[str]:
    """What is wrong with an action event as ``viewer`` got it, against the action taken."""
    actor, text = taken
    verb = text.split()[0]
    may_know = viewer == actor or (
        verb == "give" and players == 4 and viewer is not None and viewer == partner(actor)
    )
    shown = text if verb not in ("discard", "give") or may_know else verb
    names_card = verb in ("play", "discard", "give") and shown != verb
    problems = []
    if event["seat"] != actor or event["action"] != shown:
        problems.append(f"{viewer} got {event['seat']}: {event['action']!r}, not {shown!r}")
    if event["act"]["text"] != shown or ("card" in event["act"]) != names_card:
        problems.append(f"{viewer} got the object {event['act']} for {shown!r}")
    return problems


GAMES = [
    ("standard", {}, 1),
    ("standard", {}, 2),
    ("standard", {}, 3),
    ("british", {}, 4),
    ("british", {"joker_upcard_rule": "dealer_names_blind"}, 5),
    ("standard", {"defend_alone": True, "call_for_best": True}, 6),
    ("standard", {"call_for_best": True, "loner_lead": "LEFT_OF_LONER"}, 7),
    ("standard", {"go_under": "mixed", "throw_in_hands": ["nines_tens", "ace_no_face"]}, 8),
    ("standard", {"min_rank": 7, "no_trump": True, "farmers_hand": True}, 9),
    ("two-player", {}, 10),
    ("cutthroat", {}, 11),
    ("standard", {"maker_partner_may_go_alone": True, "stick_the_dealer": False}, 12),
    (
        "standard",
        {"call_for_best": True, "call_for_best_dealer_picks_up": True, "canadian_loner": True},
        13,
    ),
]


@pytest.mark.parametrize(("name", "options", "seed"), GAMES)
def test_no_message_leaks_a_card(
    live: ThreadServer, tmp_path: Path, name: str, options: dict[str, Any], seed: int
) -> None:
    players = {"cutthroat": 3, "two-player": 2}.get(name, 4)
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    table, clients = seat_clients(live.base, names, preset=name, options=options, turn_seconds=0)
    watcher = Client(live.base, "Eve")
    watcher.send(type="join", invite=clients[0].view(table).invite)
    watcher.until(lambda m: m["type"] == "table")
    clients[0].send(type="start", table=table)
    play_random([*clients, watcher], table, random.Random(seed))
    settle([*clients, watcher], table)
    assert clients[0].view(table).state["winner"] is not None  # type: ignore[index]
    db = Path(live.settings.database_url.split("///", 1)[1])
    truth = build_truth(db, table)
    for seat, client in enumerate(clients):
        assert leaks(client.received, seat, truth) == []
    assert leaks(watcher.received, None, truth) == []
    # The oracle is not blind: it catches another seat's card slipped into a hand.
    tampered = copy.deepcopy(clients[0].received)
    first = next(m for m in tampered if m.get("state"))  # the game's start, before any action
    secret = sorted(truth.current[0][1][1] - truth.current[0][1][0])[0]
    first["state"]["hand"].append(secret)
    assert leaks(tampered, 0, truth) == [f"after action 0: {secret}"]
    # ... and a hidden discard's (or gift's) card slipped into its object. The card must be
    # one seat 1 may not know: a discarded turn-up is hidden as an action but public as a card.
    hidden = copy.deepcopy(clients[1].received)
    k = 0
    for m in hidden:
        if m.get("type") == "event" and m["event"]["kind"] == "action":
            k += 1
            card = truth.actions[k - 1][1].split()[-1]
            if m["event"]["act"].get("hidden") and card not in truth.action_deal[k][1]:
                m["event"]["act"]["card"] = card
                break
    else:
        raise AssertionError("no hidden action with a card unknown to seat 1 to tamper with")
    found = leaks(hidden, 1, truth)
    assert len(found) == 3, found  # the card, the object against the rule and against its text
    assert found[0] == f"action {k}: {card} in {m['event']}"
    assert (
        "got the object" in found[1]
        and found[2] == act_problems(m["event"]["action"], m["event"]["act"])[0]
    )
    for client in [*clients, watcher]:
        client.close()
