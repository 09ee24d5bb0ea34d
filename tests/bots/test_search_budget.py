"""``hard`` under a time budget: fewer sampled deals when little time is left, and the
memos that make a decision cheaper change none of its values."""

from __future__ import annotations

import random
import time

from euchre.bots.bidding import BidReading
from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.resample import Sampler
from euchre.bots.search import MIN_WORLDS, PLAY_WORLDS, SearchBot
from euchre.engine import GameState
from euchre.engine.phases import Phase
from euchre.engine.views import View


def mid_play_view(seed: int) -> View:
    """A view of the seat to play in the second trick, after ``medium`` bid and played."""
    state = GameState(seed=seed)
    medium = MediumBot()
    rng = random.Random(seed)
    while not (state.phase == Phase.PLAY and len(state.view(state.current_player).history) > 8):
        seat = state.current_player
        state.apply(medium.decide(state.view(seat), rng), seat=seat)
    return state.view(state.current_player)


def test_a_decision_whose_time_is_spent_draws_only_the_fewest_deals() -> None:
    know = knowledge_of(mid_play_view(3))
    bot = SearchBot()
    spent = bot._worlds(know, random.Random(1), PLAY_WORLDS, time.perf_counter())
    untimed = bot._worlds(know, random.Random(1), PLAY_WORLDS, None)
    plenty = bot._worlds(know, random.Random(1), PLAY_WORLDS, time.perf_counter() + 60)
    assert len(spent) == MIN_WORLDS
    assert len(untimed) == len(plenty) == PLAY_WORLDS


def test_a_hard_bot_with_almost_no_time_still_plays_a_legal_card() -> None:
    view = mid_play_view(4)
    choice = SearchBot().decide_within(view, random.Random(2), 1)
    assert choice in view.legal_texts()


def test_the_bid_reading_of_a_world_is_the_same_however_often_it_is_asked() -> None:
    """Each seat's share is kept by its hand: the memo gives the same weight as a fresh
    reading, for every sampled world, seen once or many times."""
    for seed in range(5):
        know = knowledge_of(mid_play_view(seed))
        sampler = Sampler(know)
        rng = random.Random(seed)
        worlds = [sampler.sample(rng) for _ in range(30)]
        shared = BidReading(know)
        for world in worlds + worlds:
            assert shared.weight(world) == BidReading(know).weight(world)
        assert any(BidReading(know).weight(w) != BidReading(know).weight(worlds[0]) for w in worlds)


def test_medium_answers_kept_across_decisions_leave_hards_choices_unchanged() -> None:
    """The bot keeps, within a deal, medium's answers to the others' past plays: a bot that
    has decided earlier moves of the deal chooses exactly as a fresh one does."""
    for seed in range(3):
        state = GameState(seed=seed)
        medium = MediumBot()
        rng = random.Random(seed)
        seasoned = SearchBot(play_worlds=12)
        first_deal = state.view(0).deal_number
        decided = 0
        while not state.game_over:
            seat = state.current_player
            view = state.view(seat)
            if view.deal_number != first_deal:
                break
            if seat == 0 and view.phase == Phase.PLAY and len(view.legal) > 1:
                fresh = SearchBot(play_worlds=12)
                fresh.choices = seasoned.choices
                fresh.opponents = seasoned.opponents
                assert seasoned.decide_id(view, random.Random(7)) == fresh.decide_id(
                    view, random.Random(7)
                )
                decided += 1
            state.apply(medium.decide(view, rng), seat=seat)
        assert decided >= 2
