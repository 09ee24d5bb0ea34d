"""A table takes back an action whose save failed by playing its game again from the
decks (``rebuild.before_last_step``): the game it gets is the game as it was before that
action, whatever the rule set, the moment, or a timed game's signal."""

from __future__ import annotations

import random

import pytest

from euchre.engine import PRESETS, GameState, preset
from euchre.engine.views import views_of
from euchre.server.table.rebuild import before_last_step

RULE_SETS = {
    **{name: preset(name) for name in PRESETS},
    "defend-best": preset("standard", defend_alone=True, call_for_best=True),
    "under-farmers": preset("standard", go_under="mixed", farmers_hand=True),
    "laps-forfeit": preset("standard", laps=True, stuck_dealer_may_forfeit=True),
}


def _same_game(a: GameState, b: GameState) -> None:
    seats: list[int | None] = [*range(a.variant.players), None]
    assert views_of(a, seats) == views_of(b, seats)
    assert a.scores == b.scores and a.game_over == b.game_over and a.winner == b.winner
    assert [d.steps for d in a.deals] == [d.steps for d in b.deals]
    assert [d.deck for d in a.deals] == [d.deck for d in b.deals]
    assert a.time_up == b.time_up


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_game_before_the_last_step_is_the_game_that_was(name: str) -> None:
    rng = random.Random(name)
    for seed in range(2):
        state = GameState(RULE_SETS[name], seed=seed)
        while not state.game_over:
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
            if rng.random() < 0.3 or state.game_over:
                _same_game(before_last_step(state), before)


def test_a_timed_game_stays_timed_and_the_undone_action_can_be_played_again() -> None:
    state = GameState(preset("standard", time_limit_minutes=5), seed=7)
    rng = random.Random(7)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    state.signal_time_up()
    while not state.game_over:
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
    undone = before_last_step(state)
    _same_game(undone, before)
    undone.apply(action)  # the same action ends the game again
    assert undone.game_over and undone.scores == state.scores
