"""Hand review: a deliberately bad choice is a blunder, with the right best action and
the values the coach (hard's search) computes."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from bot_helpers import deal, hearts_led

from euchre.bots import review
from euchre.bots.coach import choose, conventional, hint
from euchre.bots.coach_reasons import compare_fact, margin_fact, shown_percent
from euchre.bots.coach_values import ActionValue, Fact, Hint, Rule, clearly_better
from euchre.bots.coachwords import naming
from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.review import THRESHOLDS, game_actions, mark_for, review_deal
from euchre.engine import GameState, preset

TOP_SPADES = {1: "Js Jc As Ks Qs", 0: "9h Th Qh 9d Td"}  # seat 1 cannot lose a trick alone


def finish_deal(state: GameState, first: str) -> None:
    """Seat 1 takes ``first``; medium plays everything else of the deal."""
    medium = MediumBot()
    state.apply(first, seat=1)
    number = state.record.number
    while state.record.number == number and not state.game_over:
        seat = state.current_player
        assert seat is not None
        state.apply(medium.decide(state.view(seat), random.Random(0)), seat=seat)


def test_passing_a_sure_loner_is_a_blunder_with_the_loner_as_best() -> None:
    played = deal(TOP_SPADES, "9s")
    finish_deal(played, "pass")
    decisions = review_deal(deal(TOP_SPADES, "9s"), game_actions(played), 0, 1, worlds=6)
    first = decisions[0]
    assert (first.index, first.chosen, first.best, first.mark) == (
        0,
        "pass",
        "order alone",
        "blunder",
    )
    assert "Alone, you take all five tricks" in first.reason
    advice = hint(deal(TOP_SPADES, "9s").view(1), 0, worlds=6)  # the same view and seed
    assert first.best_value == advice.value_of("order alone").value
    assert first.chosen_value == advice.value_of("pass").value
    assert first.loss == first.best_value - first.chosen_value
    # the reason's facts, for a client's own words: the hint's, the margin to the choice made
    name = naming(deal(TOP_SPADES, "9s").view(1))
    margin = margin_fact(advice.value_of("order alone"), advice.value_of("pass"), name)
    assert first.facts == (margin, *_others(advice, "pass"))
    assert first.to_json()["facts"] == [f.to_json() for f in first.facts]
    # the loss in the numbers the hint shows beside each action
    assert (first.loss_points, first.loss_win) == (margin.data["points"], margin.data["win"])


def test_the_reason_compares_the_best_with_the_choice_made_not_the_runner_up() -> None:
    advice = hint(deal(TOP_SPADES, "9s").view(1), 0, worlds=6)
    assert [v.action for v in advice.values] == ["order alone", "order", "pass"]
    assert advice.facts[0].data["next"] == "order"  # the hint names the runner-up
    played = deal(TOP_SPADES, "9s")
    finish_deal(played, "pass")
    first = review_deal(deal(TOP_SPADES, "9s"), game_actions(played), 0, 1, worlds=6)[0]
    assert (first.chosen, first.best) == ("pass", "order alone")
    name = naming(deal(TOP_SPADES, "9s").view(1))
    margin = margin_fact(advice.value_of("order alone"), advice.value_of("pass"), name)
    assert first.facts == (margin, *_others(advice, "pass"))  # the other facts are the hint's
    said = "Ordering up 9♠ and going alone scores 2.08 points a hand more than passing,"
    assert first.reason.startswith(said)
    # the hint's own margin over passing (its runner-up is the order) is not said twice
    assert [f.kind for f in advice.facts[:2]] == ["margin", "margin"]
    assert first.reason.count(said) == 1


def _others(advice: Hint, chosen: str) -> list[object]:
    """The hint's facts after its first, less a margin over the choice made (the review's
    first fact says it)."""
    return [f for f in advice.facts[1:] if f.kind != "margin" or f.data["next"] != chosen]


def test_the_best_choice_gets_no_mark() -> None:
    played = deal(TOP_SPADES, "9s")
    finish_deal(played, "order alone")
    decisions = review_deal(deal(TOP_SPADES, "9s"), game_actions(played), 0, 1, worlds=6)
    assert decisions[0].chosen == decisions[0].best == "order alone"
    assert decisions[0].mark is None and decisions[0].loss == 0.0
    # A loner's partner sits out and the loner's own cards all win: every later decision
    # of seat 1 is rated too, none of them lost anything.
    assert all(d.mark is None for d in decisions)


def test_marks_follow_the_documented_thresholds() -> None:
    assert THRESHOLDS == (("blunder", 1.0), ("mistake", 0.5), ("inaccuracy", 0.2))
    assert [mark_for(x) for x in (0.0, 0.19, 0.2, 0.49, 0.5, 0.99, 1.0, 3.0)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_a_sound_conventional_order_is_not_marked_within_the_noise() -> None:
    # R A K of hearts and K 10 of diamonds, first seat, the 10h turned up: the bidding
    # simulations prefer passing by about 0.3-0.5, a model's guess; ordering is the convention.
    from bot_helpers import deal as dealt

    from euchre.bots.coach import conventional
    from euchre.bots.review import rate

    hands = {0: "Td Kd Jh Kh Ah", 1: "9d Jd Ad 9s Qh", 2: "9c Kc Qd Ts Ks", 3: "Tc Jc Qc Ac Qs"}
    view = dealt(hands, "Th", dealer=3, scores=(1, 0)).view(0)
    assert conventional(view) == "order"
    for seed in (0, 1, 2):
        assert rate(view, "order", 0, seed, 24).mark is None
    # A loss far beyond the noise is still marked: ordering up a sure loner's hand plainly.
    sure = deal(TOP_SPADES, "9s").view(1)
    assert rate(sure, "order", 0, 0, 6).mark == "blunder"


def test_a_choice_about_equal_to_the_coachs_pick_is_told_so_not_costed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The coach picks the usual card among those about equal to the best value; a choice
    clearly below the best value but about equal to that pick is about equal, unmarked,
    as its reason says, not a cost with no mark."""
    view = hearts_led().view(1)
    top, usual, chosen = view.legal_texts()[:3]
    values = {
        usual: ActionValue(usual, 9.3, 0.0, 0.0, samples=(10.3, 8.3, 10.3, 8.3)),
        top: ActionValue(top, 9.4, 0.0, 0.0, samples=(9.4,) * 4),
        chosen: ActionValue(chosen, 9.0, 0.0, 0.0, samples=(9.0,) * 4),
    }
    assert clearly_better(values[top], values[chosen])
    assert not clearly_better(values[usual], values[chosen])
    crafted = Hint(
        1,
        usual,
        tuple(values.values()),
        (
            compare_fact(values[usual], values[top], str, Rule.CONVENTIONAL),
            Fact("boss_card", "Your card is the highest of its suit still out.", {}),
        ),
        4,
        None,
        Rule.CONVENTIONAL,
        frozenset({usual, top, chosen}),  # (the hint's "≈": not clearly below the pick)
    )
    monkeypatch.setattr(review, "hint", lambda *_, **__: crafted)
    decision = review.rate(view, chosen, 0, 0, 4)
    assert decision.facts[0].kind == "close" and decision.mark is None
    assert decision.tied
    # the reasons for the pick are not told as if they were the choice's faults
    assert [f.kind for f in decision.facts] == ["close"]
    # and one clearly worse than the pick is no tie, though about equal to the best value
    values = {
        usual: ActionValue(usual, 9.5, 0.0, 0.0, samples=(9.5,) * 4),
        top: ActionValue(top, 9.6, 0.0, 0.0, samples=(10.6, 8.6, 10.6, 8.6)),
        chosen: ActionValue(chosen, 9.0, 0.0, 0.0, samples=(9.0,) * 4),
    }
    assert not clearly_better(values[top], values[chosen])
    crafted = replace(crafted, values=tuple(values.values()), tied=frozenset({usual, top}))
    monkeypatch.setattr(review, "hint", lambda *_, **__: crafted)
    decision = review.rate(view, chosen, 0, 0, 4)
    assert decision.mark == "mistake" and not decision.tied


def test_the_hints_about_equal_rows_are_exactly_the_reviews_about_equal_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint marks "≈" the rows its pick is not clearly better than, the same test the
    review's "about equal" uses: a row about equal to the best value (noisy) but clearly
    below the pick is shown without "≈", and its review marks it, not "about equal"."""
    view = hearts_led().view(1)
    usual = conventional(view)
    top, chosen = [a for a in view.legal_texts() if a != usual][:2]
    values = [
        ActionValue(top, 9.6, 0.1, 0.01, samples=(10.6, 8.6, 10.6, 8.6)),
        ActionValue(usual, 9.5, 0.0, 0.0, samples=(9.5,) * 4),
        ActionValue(chosen, 9.0, -0.5, -0.03, samples=(9.0,) * 4),
    ]
    assert not clearly_better(values[0], values[2])  # about equal to the best value
    choice = choose(knowledge_of(view), values)
    assert choice.value.action == usual and choice.rule == Rule.CONVENTIONAL
    assert choice.tied == {top, usual}
    ordered = (values[1], values[0], values[2])
    close = compare_fact(values[1], values[0], str, Rule.CONVENTIONAL)
    advice = Hint(1, usual, ordered, (close,), 4, 0.5, choice.rule, choice.tied)
    monkeypatch.setattr(review, "hint", lambda *_, **__: advice)
    for value in values:
        decision = review.rate(view, value.action, 0, 0, 4)
        assert decision.tied == (value.action in advice.tied), value.action
    assert review.rate(view, chosen, 0, 0, 4).mark == "mistake"


def test_a_move_the_server_made_for_the_seat_is_not_rated() -> None:
    """A turn clock that ran out (or a bot standing in) made that move: the review rated it
    as the player's ("Best — You: Pass", "5 decisions, no mistakes")."""
    state = GameState(preset("standard"), seed=11)
    rng = random.Random(11)
    while state.record.number == 0 and not state.game_over:
        seat = state.current_player
        state.apply(MediumBot().decide(state.view(seat), rng), seat=seat)
    actions = game_actions(state)
    seat = 1
    fresh = GameState(preset("standard"), seed=11)
    every = review_deal(fresh, actions, 0, seat, worlds=4)
    assert len(every) >= 2
    # in the first deal a decision's place in the deal is its place in the game's actions
    timed_out = every[0].index
    assert actions[timed_out] == (seat, every[0].chosen)
    fresh = GameState(preset("standard"), seed=11)
    rated = review_deal(fresh, actions, 0, seat, worlds=4, played_for=[timed_out])
    assert [d.index for d in rated] == [d.index for d in every[1:]]


def test_a_lone_call_the_coach_would_pass_is_told_its_own_risks() -> None:
    """A review of ordering up alone, where passing was best, told how often ordering up
    *with the partner* is euchred (the runner-up the hint weighed): the player read the
    odds of a call they did not make. It tells the loner's own."""
    view = deal({1: "Jc Kd Qd Ts 9h"}, "Jh").view(1)
    advice = hint(view, 0, worlds=8)
    assert [v.action for v in advice.values] == ["pass", "order", "order alone"]
    assert [f.data["next"] for f in advice.facts if f.kind == "call_risk"] == ["order"]
    rated = review.rate(view, "order alone", 0, 0, 8)
    assert rated.best == "pass" and rated.mark is not None
    risks = [f for f in rated.facts if f.kind == "call_risk"]
    alone = advice.value_of("order alone")
    assert [f.data for f in risks] == [
        {"euchred_percent": shown_percent(alone.euchred or 0), "next": "order alone"}
    ]
    assert "After ordering up J♥ and going alone, your side would be euchred" in rated.reason
    assert "Alone, you take all five tricks" in rated.reason
    # a choice of the runner-up itself keeps the hint's facts as they were
    ordered = review.rate(view, "order", 0, 0, 8)
    assert [f for f in ordered.facts if f.kind == "call_risk"] == [
        f for f in advice.facts if f.kind == "call_risk"
    ]
