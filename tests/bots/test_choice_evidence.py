"""Reading the other seats' plays as ``medium``'s choices."""

from __future__ import annotations

import random

import pytest
from bot_helpers import VARIANTS, deal, play

from euchre.bots.inference import (
    OPPONENT_CHOICE_DOUBT,
    PARTNER_CHOICE_DOUBT,
    ChoiceEvidence,
)
from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.resample import Sampler, World
from euchre.engine import GameState
from euchre.engine.phases import Phase


def true_world(state: GameState) -> World:
    return World(hands=tuple(state.hands), out=0)


@pytest.mark.parametrize(
    "name", ["standard", "deck-32", "canadian-lead", "cutthroat", "two-player"]
)
def test_the_real_deal_explains_medium_players_exactly(name: str) -> None:
    """Four ``medium`` players: in the real deal every card they played is the one the
    evidence expects, seen from every seat at every card."""
    variant = VARIANTS[name]
    bots = {s: MediumBot() for s in range(variant.players)}
    checked = 0
    for seed in range(2):
        state = GameState(variant, seed=seed)
        while not state.game_over:
            seat = state.current_player
            assert seat is not None
            if state.phase == Phase.PLAY:
                evidence = ChoiceEvidence(knowledge_of(state.view(seat)))
                assert evidence.weight(true_world(state)) == 1.0
                checked += len(evidence.plays)
            play(state, bots, seed=seed, steps=1)
    assert checked > 400


def test_a_deal_in_which_a_seat_would_have_played_otherwise_weighs_less() -> None:
    state = deal(
        {1: "Kh Js Qs Ts 9d", 2: "9h Jd Qd Ad Kc", 3: "Th 9c Tc Qc Ac", 0: "Qh Ah Kd Td 9s"},
        "Ks",
    )
    state.apply("order")
    state.apply("discard 9s")
    for card in ("Kh", "9h", "Th"):
        state.apply(f"play {card}")
    # Seat 2 has seen its two opponents play: seat 1 led a heart and seat 3 followed.
    know = knowledge_of(state.view(2))
    evidence = ChoiceEvidence(know)
    assert [p.seat for p in evidence.plays] == [1, 3]
    sampler = Sampler(know)
    rng = random.Random(3)
    weights = {evidence.weight(sampler.sample(rng)) for _ in range(300)}
    assert 1.0 in weights
    assert weights <= {1.0, OPPONENT_CHOICE_DOUBT, OPPONENT_CHOICE_DOUBT**2}
    assert len(weights) > 1


def test_the_partner_is_read_with_its_own_doubt() -> None:
    know = knowledge_of(GameState(VARIANTS["standard"], seed=1).view(0))
    evidence = ChoiceEvidence(know)
    assert evidence.doubt == [
        PARTNER_CHOICE_DOUBT,
        OPPONENT_CHOICE_DOUBT,
        PARTNER_CHOICE_DOUBT,
        OPPONENT_CHOICE_DOUBT,
    ]
    loose = ChoiceEvidence(know, loose=1.0)
    assert loose.doubt[1] == loose.doubt[3] == 1.0
    assert loose.doubt[2] == PARTNER_CHOICE_DOUBT
