"""Reading the other seats' plays as ``medium``'s choices."""

from __future__ import annotations

import random

import pytest
from bot_helpers import VARIANTS, hearts_led, play

from euchre.bots.base import Bot
from euchre.bots.inference import (
    MIN_CHOICE_DOUBT,
    ChoiceEvidence,
    ChoiceRecord,
)
from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.random import RandomBot
from euchre.bots.resample import Sampler
from euchre.bots.world import World
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
                evidence = ChoiceEvidence(knowledge_of(state.view(seat)), [0.5] * variant.players)
                assert evidence.weight(true_world(state)) == 1.0
                checked += len(evidence.plays)
            play(state, bots, seed=seed, steps=1)
    assert checked > 400


def test_a_deal_in_which_a_seat_would_have_played_otherwise_weighs_less() -> None:
    state = hearts_led("Kh", "9h", "Th")
    # Seat 2 has seen its two opponents play: seat 1 led a heart and seat 3 followed.
    know = knowledge_of(state.view(2))
    evidence = ChoiceEvidence(know, [0.3, 0.2, 1.0, 0.2])
    assert [p.seat for p in evidence.plays] == [1, 3]
    sampler = Sampler(know)
    rng = random.Random(3)
    weights = {evidence.weight(sampler.sample(rng)) for _ in range(300)}
    assert 1.0 in weights
    assert weights <= {1.0, 0.2, 0.2**2}
    assert len(weights) > 1


def recorded_games(opponent: Bot, games: int) -> ChoiceRecord:
    """Games of ``medium`` (seats 0, 2) against ``opponent``, recorded by seat 0."""
    bots = {0: MediumBot(), 1: opponent, 2: MediumBot(), 3: opponent}
    record = ChoiceRecord()
    for seed in range(games):
        state = GameState(VARIANTS["standard"], seed=seed)
        while not state.game_over:
            if state.current_player == 0:
                record.observe(state.view(0))
            play(state, bots, seed=seed, steps=1)
    return record


def doubts(record: ChoiceRecord, loose: float = 0.0) -> list[float]:
    know = knowledge_of(GameState(VARIANTS["standard"], seed=1).view(0))
    return record.doubt(know, loose)


def test_before_any_deal_is_seen_the_partner_and_opponents_get_the_prior_doubts() -> None:
    partner, opponent = doubts(ChoiceRecord())[2], doubts(ChoiceRecord())[1]
    assert doubts(ChoiceRecord()) == [partner, opponent, partner, opponent]
    assert 0.25 < partner < opponent < 0.5
    assert doubts(ChoiceRecord(), loose=1.0) == [partner, 1.0, partner, 1.0]


def test_medium_players_are_read_with_the_least_doubt() -> None:
    assert doubts(recorded_games(MediumBot(), 3)) == [MIN_CHOICE_DOUBT] * 4


def test_random_players_plays_are_read_with_more_doubt_than_before() -> None:
    prior = doubts(ChoiceRecord())[1]
    partner, opponent, partner_again, opponent_again = doubts(recorded_games(RandomBot(), 3))
    assert partner == partner_again == MIN_CHOICE_DOUBT
    assert opponent == opponent_again > prior + 0.3


def test_only_the_last_card_counts_and_seeing_it_again_changes_nothing() -> None:
    state = GameState(VARIANTS["standard"], seed=5)
    bots = {s: MediumBot() for s in range(4)}
    record = ChoiceRecord()
    prior = doubts(record)
    play(state, bots, until=lambda g: g.current_player == 0 and len(g.view(0).hand) == 2)
    record.observe(state.view(0))
    assert doubts(record) == prior  # hands not yet shown
    # Seat 0 last to the last trick: every other hand has been shown.
    play(
        state,
        bots,
        until=lambda g: (
            g.current_player == 0 and len(g.view(0).trick) == 3 and len(g.view(0).hand) == 1
        ),
    )
    record.observe(state.view(0))
    once = doubts(record)
    assert once[1] < prior[1]  # the opponents' plays followed medium's
    record.observe(state.view(0))
    assert doubts(record) == once
