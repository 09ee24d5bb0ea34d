"""How cautiously each side calls trump, fitted to the bids whose hands the bot has seen:
``medium`` reads as the model's own bidder, a player who passes good hands as cautious,
and a cautious side's passes then say less about its hand."""

from __future__ import annotations

import random

from bot_helpers import seat_zero_views

from euchre.bots.bidding import SENSIBLE, BidReading, CallStyle
from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.opponents import CallRecord, fit_style
from euchre.bots.resample import Sampler
from euchre.engine import GameState, preset
from euchre.engine import actions as A
from euchre.engine.phases import Phase
from euchre.engine.views import View


def fitted(views: list[View]) -> tuple[CallStyle, CallStyle]:
    record = CallRecord()
    for view in views:
        record.observe(view)
    return record.style(0), record.style(1)


def test_medium_bidders_read_as_the_models_own() -> None:
    partner, opponents = fitted(seat_zero_views(MediumBot(), MediumBot(), games=3, seed=1))
    assert abs(opponents.caution) <= 0.4
    assert abs(partner.caution) <= 0.4


def test_a_side_that_passes_good_hands_reads_as_cautious() -> None:
    cautious = MediumBot(pass_bias=1.5)
    partner, opponents = fitted(seat_zero_views(MediumBot(), cautious, games=3, seed=1))
    assert opponents.caution >= 0.8
    assert abs(partner.caution) <= 0.4


def test_with_no_bid_seen_a_side_bids_like_the_model() -> None:
    assert fit_style([]) == SENSIBLE
    record = CallRecord()
    first = seat_zero_views(MediumBot(), MediumBot(), games=1, seed=2)[0]
    record.observe(first)  # a bidding view, not the last card: nothing is learnt
    assert record.style(0) == record.style(1) == SENSIBLE


def test_the_fit_follows_the_bids() -> None:
    passes_good_hands = [(1.0, False)] * 6 + [(2.0, True)] * 3 + [(-0.5, False)] * 6
    calls_on_little = [(-0.8, True)] * 6 + [(-2.0, False)] * 6
    assert fit_style(passes_good_hands).caution > 0.8
    assert fit_style(calls_on_little).caution < -0.4


def test_a_cautious_sides_pass_says_less_about_its_hand() -> None:
    """After an opponent passed, a sampled deal that gives it a strong hand for the turn-up
    weighs relatively more when that opponent is read as cautious."""
    for seed in range(40):
        state = GameState(preset("standard"), seed=seed)
        if state.current_player != (state.dealer + 1) % 4:
            continue
        first = state.current_player
        state.apply("pass", seat=first)
        view = state.view(state.current_player)
        if view.phase != Phase.BID_R1 or (view.seat or 0) % 2 == first % 2:
            continue
        know = knowledge_of(view)
        sampler, rng = Sampler(know), random.Random(seed)
        worlds = [sampler.sample(rng) for _ in range(60)]
        plain = BidReading(know)
        styles = [SENSIBLE] * 4
        styles[first] = CallStyle(caution=1.5)
        cautious = BidReading(know, styles=styles)
        plain_w = [plain.weight(w) for w in worlds]
        cautious_w = [cautious.weight(w) for w in worlds]
        # The spread of the weights (how much the pass rules out) is smaller.
        assert max(cautious_w) / min(cautious_w) < max(plain_w) / min(plain_w)
        assert A.PASS in view.legal
        return
    raise AssertionError("no deal in 40 seeds where the first bidder is an opponent")
