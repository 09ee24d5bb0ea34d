"""Choices the coach cannot tell apart are shown as tied (never one strictly better than
another), and its reasons are in plain words: no "noise", no "sampled deals"."""

from __future__ import annotations

from bot_helpers import deal

from euchre.bots.coach import hint
from euchre.bots.coach_reasons import _trumps_text, compare_fact
from euchre.bots.coach_values import ActionValue, Rule, clearly_better
from euchre.bots.noise import NOISE
from euchre.bots.review import rate

NINE_FIVE = {1: "Jh Jd Ah Kh Qs"}  # first seat at 9-5 with the 9h turned up: any call wins
TOP_SPADES = {1: "Js Jc As Ks Qs", 0: "9h Th Qh 9d Td"}  # seat 1 cannot lose a trick alone
JARGON = ("noise", "sampled deals", "conventional")


def test_actions_about_equal_to_the_best_are_marked_tied_in_the_answer() -> None:
    found = hint(deal(NINE_FIVE, "9h", scores=(5, 9)).view(1), 0)
    top = max(found.values, key=lambda v: v.value)
    expected = {v.action for v in found.values if not clearly_better(top, v)}
    assert len(expected) > 1 and found.recommended in expected
    assert found.tied == expected
    sent = {v["action"]: v["tied"] for v in found.to_json()["values"]}
    assert sent == {v.action: v.action in expected for v in found.values}
    close = found.facts[0]
    assert close.kind == "close"
    named = close.text.split(" ", 1)[0].lower()  # the pick opens the sentence ("Ordering up ...")
    assert close.text.endswith(": it is the usual choice."), close.text
    assert f"The coach recommends {named}" in close.text, close.text
    assert not any(word in found.reason for word in JARGON), found.reason


def test_a_close_pick_with_worse_numbers_is_told_as_about_equal_in_plain_words() -> None:
    lowest = ActionValue("discard 9d", -0.54, -0.54, -0.038)
    better = ActionValue("discard Tc", -0.50, -0.50, -0.035)
    fact = compare_fact(lowest, better, str, Rule.LOWEST)
    assert fact.kind == "close" and fact.data["rule"] == "lowest"
    assert fact.text == (
        "Discard 9d is about equal to discard Tc here: too close to call. The coach"
        " recommends discard 9d: it keeps your higher cards."
    )


def test_a_clear_best_has_no_ties() -> None:
    found = hint(deal(TOP_SPADES, "9s").view(1), 1, worlds=6)
    assert found.recommended == "order alone" and found.tied == frozenset()
    assert not any(v["tied"] for v in found.to_json()["values"])
    assert not any(word in found.reason for word in JARGON), found.reason
    assert "In none of the deals the coach tried is your side euchred." in found.reason


def test_a_review_says_a_choice_about_equal_to_the_best_is_tied_not_worse() -> None:
    view = deal(NINE_FIVE, "9h", scores=(5, 9)).view(1)
    found = hint(view, 0)
    other = next(a for a in sorted(found.tied) if a != found.recommended)
    decision = rate(view, other, 0, 0, 24)
    assert decision.best == found.recommended and decision.mark is None
    assert decision.tied and decision.to_json()["tied"] is True
    assert rate(view, found.recommended, 0, 0, 24).to_json()["tied"] is True


def test_no_trumps_is_said_in_plain_words() -> None:
    assert _trumps_text("hearts", 0, False, named=False) == (
        "You hold no hearts, and hearts would be trump."
    )
    assert _trumps_text("hearts", 0, False, named=True) == "You hold no trumps (hearts are trump)."
    assert _trumps_text("spades", 2, True, named=True) == (
        "You hold 2 trumps in spades (the left bower counted)."
    )


def test_a_call_euchred_in_most_deals_is_not_picked_as_the_usual_one() -> None:
    """Among choices about equal, the usual one is picked unless the side is euchred in
    most of the sampled deals with it: then the best value is."""
    from euchre.bots.coach import choose, conventional
    from euchre.bots.knowledge import knowledge_of

    view = deal(NINE_FIVE, "9h", scores=(5, 9)).view(1)
    assert conventional(view) == "order"
    passing = ActionValue("pass", 0.30, 0.1, 0.01)
    risky = ActionValue("order", 0.25, 0.0, 0.0, march=0.0, euchred=0.73)
    assert not clearly_better(passing, risky)
    assert choose(knowledge_of(view), [passing, risky]).value is passing
    safe = ActionValue("order", 0.25, 0.0, 0.0, march=0.0, euchred=0.2)
    picked = choose(knowledge_of(view), [passing, safe])
    assert picked.value is safe and picked.rule == Rule.CONVENTIONAL


def test_a_long_shot_with_the_best_value_gives_way_to_a_safe_choice_about_equal() -> None:
    """Tied with a pass, a call euchred in 75% of the sampled deals was still picked when it
    had the best value (no usual choice among the safe ones); and a loner that marches in
    8% of them was picked as the usual choice."""
    from euchre.bots.coach import choose
    from euchre.bots.knowledge import knowledge_of

    view = deal(NINE_FIVE, "9h", scores=(5, 9)).view(1)
    know = knowledge_of(view)
    risky = ActionValue("order", 0.32, 0.0, 0.0, march=0.0, euchred=0.75)
    passing = ActionValue("pass", 0.30, 0.1, 0.01)
    assert not clearly_better(risky, passing)
    picked = choose(know, [risky, passing])
    assert picked.value is passing and picked.rule == Rule.BEST
    assert picked.tied == {"order", "pass"}  # still told as about equal
    loner = ActionValue("order alone", 0.33, 0.2, 0.0, march=0.08, euchred=0.3)
    assert choose(know, [loner, risky, passing]).value is passing
    marching = ActionValue("order alone", 0.33, 0.2, 0.0, march=0.6, euchred=0.1)
    assert choose(know, [marching, passing]).value is marching  # a loner that often marches
    # all of them long shots: the usual one, as before
    assert choose(know, [loner, risky]).value is risky


def test_three_players_have_no_chance_of_winning_in_the_numbers() -> None:
    """Cutthroat scores are not two sides playing to a target: no change in the chance of
    winning is sent (null), so no client can say "0.0% higher"."""
    from bot_helpers import VARIANTS

    from euchre.engine import GameState

    state = GameState(VARIANTS["cutthroat"], seed=3)
    found = hint(state.view(state.current_player), 0, worlds=6)
    assert found.win_now is None
    assert all(v.win is None for v in found.values)
    assert all(v["win"] is None for v in found.to_json()["values"])


def test_a_turned_up_right_bower_is_no_boss_of_the_left_bower_it_would_go_to() -> None:
    """The Js turned up goes to the dealer if ordered: the left bower in hand is not the
    highest trump still out, whether the coach recommends ordering or passing."""
    for seed in range(3):
        found = hint(deal({1: "Jc As Ks 9h Th"}, "Js").view(1), seed, worlds=8)
        bosses = [f.data["card"] for f in found.facts if f.kind == "boss_trump"]
        assert "Jc" not in bosses, found.reason


def test_numbers_apart_within_the_spread_of_the_deals_are_not_called_about_equal() -> None:
    """A pass picked as the usual choice beside a call showing 11 points more chance of
    winning was told "about equal ... too close to call": a learner saw the numbers
    disagree. Apart by at least the noise but within two standard errors, the sentence says
    which comes out ahead, and that the deals vary too much to be sure."""
    spread = (2.0,) * 4 + (-1.0,) * 4
    steady = ActionValue("pass", 0.5, None, None, samples=(0.5,) * 8)
    wild = ActionValue("call d", 0.5 + NOISE * 1.5, None, None, samples=spread)
    assert not clearly_better(wild, steady)
    behind = compare_fact(steady, wild, str, Rule.CONVENTIONAL)
    assert behind.kind == "close" and behind.data["unsure"] is True
    assert behind.text == (
        "Pass comes out behind call d, but it depends too much on how the other hands lie to"
        " be sure which is better. The coach recommends pass: it is the usual choice."
    )
    ahead = compare_fact(wild, steady, str)
    assert ahead.text == (
        "Call d comes out ahead of pass, but it depends too much on how the other hands lie"
        " to be sure."
    )
    assert not any(word in behind.text + ahead.text for word in JARGON)
    # where the table beside it shows points a hand, the sentence tells the difference in them
    counted = compare_fact(
        ActionValue("pass", 0.5, 0.5, None, samples=(0.5,) * 8),
        ActionValue("call d", 0.8, 0.8, None, samples=spread),
        str,
    )
    assert counted.text.startswith("Pass comes out behind call d by 0.30 points a hand, but")
    # ahead in the chance of winning but behind in points: told by the chance, which is ahead
    # (a pick-up was said to be "ahead by 0.19 points a hand" beside a pass showing more)
    scored = compare_fact(
        ActionValue("order", 0.8, 0.3, 0.254, samples=spread),
        ActionValue("pass", 0.5, 0.5, 0.240, samples=(0.5,) * 8),
        str,
    )
    assert scored.data["points"] < 0 < scored.data["gap"], scored.data
    assert scored.text.startswith(
        "Order comes out ahead of pass by 1.4 percentage points in the chance of winning, but"
    ), scored.text
    near = compare_fact(steady, ActionValue("call d", 0.5 + NOISE / 2, None, None), str)
    assert "unsure" not in near.data and near.text.endswith("too close to call.")
