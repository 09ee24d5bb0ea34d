"""Bots are honest: two different states that show a seat the same view get the same
decision from the same seed. The second state is a different deal of the cards the seat
cannot see (other hands, the kitty), rebuilt so that the seat's view is identical."""

from __future__ import annotations

import random

import pytest
from bot_helpers import rebuild

from euchre.bots import make_bot
from euchre.bots.medium import MediumBot
from euchre.bots.resample import resample
from euchre.engine import GameState, preset


def decision_points(seed: int) -> list[GameState]:
    """Copies of a Standard game at each decision of its first deal."""
    state = GameState(preset("standard"), seed=seed)
    bot = MediumBot()
    rng = random.Random(seed)
    out = []
    while len(state.deals) == 1:
        out.append(state.clone())
        seat = state.current_player
        assert seat is not None
        state.apply(bot.decide(state.view(seat), rng), seat=seat)
    return out


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_same_view_same_decision(level: str) -> None:
    differing = 0
    for seed in (3, 8):
        for state in decision_points(seed)[::2]:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            other = rebuild(view, resample(view, random.Random(seed)), random.Random(seed))
            assert other is not None
            assert other.view(seat) == view
            if other.hands != state.hands or other.kitty != state.kitty:
                differing += 1
            first = make_bot(level).decide(state.view(seat), random.Random(99))
            second = make_bot(level).decide(other.view(seat), random.Random(99))
            assert first == second
    assert differing >= 5, "the rebuilt states must really hide different cards"
