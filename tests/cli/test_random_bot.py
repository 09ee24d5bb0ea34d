"""The bot registry and the random bot (kept with the CLI tests that use them)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from euchre.bots import RandomBot, UnknownLevelError, base, levels, make_bot, register
from euchre.engine import GameState, preset


def test_random_is_registered() -> None:
    assert "random" in levels()
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot(" Random "), RandomBot)


def test_unknown_level_names_the_levels() -> None:
    with pytest.raises(UnknownLevelError, match="unknown bot level 'genius': choose one of random"):
        make_bot("genius")


def test_register_adds_a_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    register("test-only-random", RandomBot)
    assert levels()[-1] == "test-only-random"
    assert isinstance(make_bot("test-only-random"), RandomBot)


def test_random_bot_picks_each_legal_action_about_equally() -> None:
    state = GameState(preset("standard"), seed=1)
    view = state.view(state.current_player)
    legal = view.legal_texts()
    rng = random.Random(5)
    counts = Counter(RandomBot().decide(view, rng) for _ in range(3000))
    assert set(counts) == set(legal)
    for action in legal:
        assert abs(counts[action] - 3000 / len(legal)) < 150


def test_random_bot_is_reproducible_from_its_rng() -> None:
    state = GameState(preset("standard"), seed=2)
    view = state.view(state.current_player)
    one, two = random.Random(9), random.Random(9)
    first = [RandomBot().decide(view, one) for _ in range(20)]
    assert first == [RandomBot().decide(view, two) for _ in range(20)]
    assert len(set(first)) > 1


def test_random_bot_refuses_a_view_with_nothing_to_decide() -> None:
    state = GameState(preset("standard"), seed=3)
    idle = next(s for s in range(4) if s != state.current_player)
    with pytest.raises(ValueError, match="not its turn"):
        RandomBot().decide(state.view(idle), random.Random(1))


@pytest.mark.parametrize("variant", ["standard", "british", "cutthroat", "two-player"])
def test_random_bots_finish_games_through_views_only(variant: str) -> None:
    state = GameState(preset(variant), seed=4)
    bot, rng = make_bot("random"), random.Random(4)
    for _ in range(5000):
        if state.game_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(bot.decide(state.view(seat), rng), seat=seat)
    assert state.game_over
