"""What the heuristic levels do in clear positions (Standard rules, dealer at seat 0)."""

from __future__ import annotations

import random

import pytest
from bot_helpers import deal

from euchre.bots import make_bot
from euchre.bots.bidding import call_chances
from euchre.bots.easy import EasyBot
from euchre.bots.knowledge import knowledge_of, upcard_suit
from euchre.bots.match import spread_utility, utility, win_probability
from euchre.bots.medium import MediumBot
from euchre.engine import GameState, preset

RNG = random.Random(0)


def decide(bot: object, state: object) -> str:
    seat = state.current_player  # type: ignore[attr-defined]
    return bot.decide(state.view(seat), RNG)  # type: ignore[attr-defined]


def test_medium_orders_a_good_hand_and_passes_junk() -> None:
    good = deal({1: "Js As Ks Ah 9d"}, "Qs")
    assert decide(MediumBot(), good) == "order"
    junk = deal({1: "9c Tc 9h Th Qd"}, "9s")
    assert decide(MediumBot(), junk) == "pass"


def test_medium_goes_alone_only_with_a_path_to_five() -> None:
    lone = deal({1: "Js Jc As Ks Ah"}, "9s")
    assert decide(MediumBot(), lone) == "order alone"
    strong_but_holes = deal({1: "Js As Ks Qh Qd"}, "9s")
    assert decide(MediumBot(), strong_but_holes) != "order alone"


def test_medium_plays_safe_at_nine() -> None:
    """At 9 points one made point wins the game: no need to risk a loner."""
    lone = deal({1: "Js Jc As Ks Ah"}, "9s", scores=(5, 9))
    assert decide(MediumBot(), lone) == "order"


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize(
    ("scores", "seat", "hand", "upcard"),
    [
        ((9, 9), 1, "Kc Jc Tc Ks Qs", "Kd"),  # no diamond at all; clubs to name in round 2
        ((9, 9), 1, "Kc Tc Ad Qd Th", "Ks"),
        ((7, 9), 1, "Kc Qc 9c Td Js", "Jh"),  # the right bower into the dealer's hand
    ],
)
def test_no_order_without_trumps_when_the_dealers_side_is_at_nine(
    level: str, scores: tuple[int, int], seat: int, hand: str, upcard: str
) -> None:
    """At 9-9 whoever takes three tricks wins, so ordering with no trump gives the dealer's
    side the turn-up for nothing: passing keeps round 2 (where the first bidder names
    first). A pass's points read as a straight line said passing almost surely lost."""
    state = deal({seat: hand}, upcard, scores=scores)
    for seed in range(3):
        assert make_bot(level).decide(state.view(seat), random.Random(seed)) == "pass"


def test_a_hands_spread_counts_near_the_end_of_a_game() -> None:
    v = preset("standard")
    for scores in [(0, 0), (3, 5)]:  # early, points are points
        still = utility(v, scores, 0, (0, 0))
        for expected in (-0.6, 0.0, 0.4):
            assert abs(spread_utility(v, scores, 0, expected) - still - expected) < 0.15
    # at 9-9 the hand decides the game: expecting -0.6 points still wins now and then
    lost, won = utility(v, (9, 9), 0, (0, 1)), utility(v, (9, 9), 0, (1, 0))
    value = spread_utility(v, (9, 9), 0, -0.6)
    assert lost + 0.2 * (won - lost) < value < lost + 0.4 * (won - lost)
    assert spread_utility(v, (9, 9), 1, -0.6) == value  # either side


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize(
    ("seat", "hand", "upcard"), [(1, "Js Jc As Ks Ah", "9s"), (0, "Jc Ac Qc Ad 9h", "Kc")]
)
def test_no_loner_at_eight(level: str, seat: int, hand: str, upcard: str) -> None:
    """At 8 points the side's march already wins the game: going alone only adds risk
    (the first bidder with a sure march; the dealer after three passes with a likely one)."""
    state = deal({seat: hand}, upcard, scores=(8, 8))
    while state.current_player != seat:
        state.apply("pass")
    for seed in range(3):
        assert make_bot(level).decide(state.view(seat), random.Random(seed)) == "order"


def test_a_loner_marches_no_more_often_than_the_side() -> None:
    """A partner never costs tricks: the model's loner makes and marches at most as often."""
    for seed in range(200):
        state = GameState(preset("standard"), seed=seed)
        view = state.view(state.current_player)
        know = knowledge_of(view)
        suit = upcard_suit(view)
        side = call_chances(know, suit, alone=False, first_round=True)
        alone = call_chances(know, suit, alone=True, first_round=True)
        assert alone.march <= side.march + 1e-12
        assert alone.euchre >= side.euchre - 1e-12


def test_easy_orders_with_three_trumps() -> None:
    three = deal({1: "Js 9s Ts Ah Kd"}, "Qs")
    assert decide(EasyBot(), three) == "order"
    two = deal({1: "Js 9s Ah Kd Qc"}, "Qs")
    assert decide(EasyBot(), two) == "pass"


def _to_play(state: object, discard: str) -> None:
    state.apply("order")  # type: ignore[attr-defined]
    state.apply(f"discard {discard}")  # type: ignore[attr-defined]


def test_maker_draws_trump_with_the_right_bower() -> None:
    # Seat 1 orders spades and leads: right bower first.
    state = deal({1: "Js Qs Ts Ah Kd", 0: "9c Tc Qc Kc Ac"}, "9s")
    _to_play(state, "9c")
    assert state.current_player == 1
    assert decide(MediumBot(), state) == "play Js"


def test_last_hand_wins_as_cheaply_as_it_can() -> None:
    state = deal(
        {1: "Qd Js Qs Ts Ah", 2: "9d Jh Qh 9c Tc", 3: "Td Kh Th Qc Kc", 0: "Kd Ad As Ks 9h"},
        "9s",
    )
    _to_play(state, "9h")
    for card in ("Qd", "9d", "Td"):
        state.apply(f"play {card}")
    assert state.current_player == 0
    assert decide(MediumBot(), state) == "play Kd"
    assert decide(EasyBot(), state) == "play Kd"


def test_does_not_trump_partners_winning_ace() -> None:
    state = deal(
        {1: "Ah 9s Tc Qc Kd", 2: "9h Jd Qd Ad Kc", 3: "Js Jc Ts Td 9c", 0: "Th Qh Kh Jh 9d"},
        "Qs",
    )
    _to_play(state, "9d")
    state.apply("play Ah")
    state.apply("play 9h")
    assert state.current_player == 3
    assert decide(MediumBot(), state) in ("play 9c", "play Td")
    assert decide(EasyBot(), state) in ("play 9c", "play Td")


def test_win_probability_is_a_proper_race() -> None:
    assert abs(win_probability(10, 0, 0) - 0.5) < 1e-9
    assert win_probability(10, 9, 0) > 0.95
    assert win_probability(10, 9, 8) > win_probability(10, 8, 9)
    for mine in range(10):
        for theirs in range(10):
            p = win_probability(10, mine, theirs)
            assert abs(p + win_probability(10, theirs, mine) - 1) < 1e-9


@pytest.mark.parametrize("target", [300, 1000, 10**12])
def test_win_probability_answers_any_target_the_engine_takes(target: int) -> None:
    assert abs(win_probability(target, 0, 0) - 0.5) < 1e-9
    ahead = [win_probability(target, lead, 0) for lead in (1, 2, 4, 8)]
    assert 0.5 < ahead[0] < ahead[1] < ahead[2] < ahead[3] < 1
    assert win_probability(target, target - 1, 0) > 0.99
    assert win_probability(target, 0, target - 1) < 0.01


def test_utility_values_points_by_the_score() -> None:
    v = preset("standard")
    early = utility(v, (0, 0), 0, (1, 0)) - utility(v, (0, 0), 0, (0, 0))
    assert 0.8 < early < 1.2  # one point early in a game is worth about a point
    # At 9-5 a made point wins: a march adds nothing more.
    assert utility(v, (9, 5), 0, (1, 0)) == utility(v, (9, 5), 0, (2, 0))
    three = preset("cutthroat")
    assert utility(three, (0, 0, 0), 1, (0, 2, 2)) == 1.0
