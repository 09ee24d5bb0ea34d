"""Records of games with call for best (EGN ``partners_best``) replay without playerCards:
the hands are rebuilt with the card passed between partners in the giver's hand, not the
receiver's (docs/records.md, "Replaying")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from euchre.engine import GameState, preset
from euchre.engine.records import ReplayError, export_egn, replay

BEST = {"call_for_best": True}
PICKUP = {**BEST, "call_for_best_dealer_picks_up": True}
DEFEND = {**BEST, "defend_alone": True}
EVERY = {**PICKUP, "defend_alone": True, "loner_lead": "LEFT_OF_LONER"}
SEEDS = range(30)


def _random_game(seed: int, options: dict[str, Any]) -> GameState:
    rng = random.Random(seed)
    state = GameState(preset("standard", **options), seed=seed)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _stripped(state: GameState, *keys: str) -> dict[str, Any]:
    """The game's record as a program that does not write playerCards (nor ``keys`` of the
    bidding phase) would save it."""
    record: dict[str, Any] = json.loads(json.dumps(export_egn(state)))
    for deal in record["deals"]:
        del deal["initialState"]["playerCards"]
        for phase in deal["phases"]:
            for key in keys:
                phase.pop(key, None)
    return record


def _gifts(record: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(deal, exchange) for every card passed on a call for best."""
    return [
        (deal, e)
        for deal in record["deals"]
        for phase in deal["phases"]
        for e in phase.get("cardExchanges", [])
        if e["sender"] != e["receiver"]
    ]


@pytest.mark.parametrize(
    ("options", "keys"),
    [(BEST, ()), (PICKUP, ()), (DEFEND, ()), (EVERY, ()), (DEFEND, ("discard",))],
)
def test_call_for_best_records_without_player_cards_replay_to_the_same_result(
    options: dict[str, Any], keys: tuple[str, ...]
) -> None:
    gifts = 0
    for seed in SEEDS:
        state = _random_game(seed, options)
        record = _stripped(state, *keys)
        gifts += len(_gifts(record))
        result = replay(record)
        assert [d.points for d in result.deals] == [list(d.points) for d in state.deals]
        assert [d.outcome for d in result.deals] == [d.outcome for d in state.deals]
        assert (result.score, result.winner) == (state.scores, state.winner)
    assert gifts >= len(SEEDS), "the games must pass cards for the test to mean anything"


def _played(deal: dict[str, Any]) -> list[str]:
    return [c for phase in deal["phases"] for trick in phase.get("tricks", []) for c in trick]


def _turn_up_given(options: dict[str, Any]) -> tuple[dict[str, Any], int, int]:
    """A stripped one-deal record where the sitting-out dealer gave the turn-up and the
    receiver played it; with the deal's number and the receiver."""
    for seed in range(300):
        record = _stripped(_random_game(seed, options))
        for deal, gift in _gifts(record):
            up = deal["initialState"]["upCard"]
            if gift["cards"] == [up] and up in _played(deal):
                record["deals"] = [deal]
                del record["metadata"]["finalScore"]  # that of the whole game
                return record, deal["dealNumber"], gift["receiver"]
    raise AssertionError("no game where the dealer gives the turn-up")


def test_the_turn_up_given_by_the_dealer_who_took_it_may_be_played() -> None:
    record, number, _ = _turn_up_given(PICKUP)
    result = replay(record)
    assert result.deals[0].number == number and result.deals[0].outcome == "scored"


def test_the_turn_up_given_by_a_dealer_who_never_took_it_is_refused() -> None:
    """Without call_for_best_dealer_picks_up the dealer sitting out beside a loner never
    held the turn-up, so cannot give it."""
    record, number, receiver = _turn_up_given(PICKUP)
    del record["metadata"]["ruleset"]["call_for_best_dealer_picks_up"]
    with pytest.raises(ReplayError) as refused:
        replay(record)
    error = refused.value
    dealer = record["deals"][0]["initialState"]["dealer"]
    up = record["deals"][0]["initialState"]["upCard"]
    assert (error.deal, error.seat, error.action) == (number, dealer, f"give {up}")
    assert "not in your hand" in error.rule
    assert receiver != dealer


def test_the_turn_up_played_by_a_seat_nobody_gave_it_to_is_refused() -> None:
    record, number, receiver = _turn_up_given(PICKUP)
    deal = record["deals"][0]
    up = deal["initialState"]["upCard"]
    for phase in deal["phases"]:
        phase.pop("cardExchanges", None)  # no call for best: the receiver never got it
    with pytest.raises(ReplayError) as refused:
        replay(record)
    error = refused.value
    assert (error.deal, error.seat, error.action) == (number, receiver, f"play {up}")
    assert "never reached" in error.rule
