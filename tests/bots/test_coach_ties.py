"""Choices the coach cannot tell apart are shown as tied (never one strictly better than
another), and its reasons are in plain words: no "noise", no "sampled deals"."""

from __future__ import annotations

from bot_helpers import deal

from euchre.bots.coach import ActionValue, Rule, _trumps_text, clearly_better, compare_fact, hint
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
    assert "Ordering up 9♥ is the usual choice, so the coach picks it." in close.text
    assert not any(word in found.reason for word in JARGON), found.reason


def test_a_close_pick_with_worse_numbers_is_told_as_about_equal_in_plain_words() -> None:
    lowest = ActionValue("discard 9d", -0.54, -0.54, -0.038)
    better = ActionValue("discard Tc", -0.50, -0.50, -0.035)
    fact = compare_fact(lowest, better, str, Rule.LOWEST)
    assert fact.kind == "close" and fact.data["rule"] == "lowest"
    assert fact.text == (
        "Discard 9d and discard Tc are about equal here: too close to call, as the coach"
        " tries only some of the ways the other hands could lie. Discard 9d keeps the higher"
        " cards, so the coach picks it."
    )


def test_a_clear_best_has_no_ties() -> None:
    found = hint(deal(TOP_SPADES, "9s").view(1), 1, worlds=6)
    assert found.recommended == "order alone" and found.tied == frozenset()
    assert not any(v["tied"] for v in found.to_json()["values"])
    assert not any(word in found.reason for word in JARGON), found.reason
    assert "In none of the ways the other hands could lie is your side euchred." in found.reason


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
