"""The search bot sizes up its opponents' bidding from what its seat has seen, and only
from that: random bidders are recognised within a few deals, sensible ones are not
mistaken for them, and a view seen twice counts once."""

from __future__ import annotations

import random

import pytest
from bot_helpers import seat_zero_views

from euchre.bots import make_bot
from euchre.bots.opponents import OpponentModel, bid_evidence
from euchre.bots.search import SearchBot
from euchre.engine import GameState, preset
from euchre.engine.views import View


def views_of_games(opponents: str, games: int, seed: int) -> list[View]:
    """The views seat 0 is shown at its decisions, with ``medium`` on its side and
    ``opponents`` in seats 1 and 3."""
    return seat_zero_views(make_bot("medium"), make_bot(opponents), games, seed)


def looseness_after(views: list[View]) -> float:
    model = OpponentModel()
    for view in views:
        model.observe(view)
    return model.looseness()


def test_random_bidders_are_recognised_within_a_few_games() -> None:
    for seed in (4, 5):
        assert looseness_after(views_of_games("random", 3, seed=seed)) > 0.95


def test_sensible_bidders_are_not_taken_for_random_ones() -> None:
    for level in ("medium", "hard"):
        views = views_of_games(level, 2 if level == "medium" else 1, seed=5)
        assert looseness_after(views) < 0.01, level


def test_without_evidence_the_prior_stands() -> None:
    assert OpponentModel(prior=0.3).looseness() == pytest.approx(0.3)


def test_seeing_a_view_again_changes_nothing() -> None:
    views = views_of_games("random", 2, seed=6)
    once = looseness_after(views)
    assert looseness_after(views + views[-5:]) == once


def test_a_partners_bids_are_not_evidence() -> None:
    """Only the opponents' bids count."""
    state = GameState(preset("standard"), seed=11, dealer=3)
    state.apply("order alone", seat=0)
    # Seat 0 went alone first thing: strong evidence of a random bidder for its
    # opponent in seat 1, and none at all for its partner in seat 2.
    assert bid_evidence(state.view(1), 1) > 2.0
    assert bid_evidence(state.view(2), 2) == 0.0


def test_memory_is_bounded_and_old_deals_fade() -> None:
    loose = views_of_games("random", 2, seed=7)
    sensible = views_of_games("medium", 4, seed=8)
    model = OpponentModel(memory=10)
    for view in loose + sensible:
        model.observe(view)
    assert model.looseness() < 0.05, "new, sensible opponents replace the old random ones"


def test_the_search_bot_learns_from_its_views() -> None:
    bot = SearchBot(play_worlds=4, discard_worlds=2, bid_worlds=2)
    rng = random.Random(3)
    for view in views_of_games("random", 2, seed=9):
        bot.decide(view, rng)
    assert bot.opponents.looseness() > 0.95
    fixed = SearchBot(adapt=False)
    assert fixed.opponents.looseness() == OpponentModel().looseness()
