"""The state a broadcast sends each seat (``render.state_text``: the view made without its
history, the history kept as text by ``DealHistory`` and extended step by step) is the state
of ``render.state_json`` from the whole view, for every seat and a spectator, at every
moment of whole games in every rule set with secret steps (discards, gifts, go-under)."""

from __future__ import annotations

import json
import random

import pytest

from euchre.engine import PRESETS, GameState, preset
from euchre.engine.views import views_of
from euchre.server.render import DealHistory, action_json, state_json, state_text

RULE_SETS = {
    **{name: preset(name) for name in PRESETS},
    "defend-best": preset("standard", defend_alone=True, call_for_best=True),
    "under-farmers": preset("standard", go_under="mixed", farmers_hand=True),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_broadcast_state_is_the_state_of_the_whole_view(name: str) -> None:
    variant = RULE_SETS[name]
    viewers: list[int | None] = [*range(variant.players), None]
    history = DealHistory()
    for seed in range(3):
        state = GameState(variant, seed=seed)
        rng = random.Random(seed)
        moments = 0
        while not state.game_over:
            history.follow(state.record, state.record.steps)
            bare = views_of(state, viewers, with_history=False)
            whole = views_of(state, viewers)
            for view, full in zip(bare, whole, strict=True):
                assert view.history == ()
                assert json.loads(state_text(view, history)) == state_json(full), (
                    f"{name}, seed {seed}, seat {view.seat}, after {moments} actions"
                )
            state.apply(rng.choice(state.legal_actions()))
            moments += 1


def test_a_new_deal_starts_a_new_history() -> None:
    state = GameState(preset("standard"), seed=4)
    history = DealHistory()
    first = state.record
    while state.record is first:
        history.follow(state.record, state.record.steps)
        history.text(0)
        state.apply(state.legal_actions()[0])
    history.follow(state.record, state.record.steps)
    assert history.text(0) == ""  # nothing of the deal before
    state.apply(state.legal_actions()[0])
    history.follow(state.record, state.record.steps)
    (step,) = state.log
    entry = {"seat": step.seat, "action": step.action.text, "act": action_json(step.action)}
    assert json.loads(f"[{history.text(0)}]") == [entry]
