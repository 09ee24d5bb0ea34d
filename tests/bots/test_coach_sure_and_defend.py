"""Two reasons a player needs told: a card that cannot lose the trick ("sure to win",
from the cards the player has seen), and a first-round pass with many trumps of the
turn-up's suit while an opponent deals (it would rather defend than make that suit)."""

from __future__ import annotations

from pathlib import Path

from bot_helpers import deal, hearts_led

from euchre.bots.coach import hint
from euchre.bots.coach_reasons import (
    DEFEND_TRUMPS,
    _boss_card_fact,
    _defend_facts,
    _sure_winner_fact,
)
from euchre.bots.coach_values import Fact
from euchre.bots.knowledge import knowledge_of
from euchre.engine import GameState
from euchre.engine.cards import parse_card

# Trump clubs: seat 1 orders the Qc up to the dealer, seat 0, and is to lead.
RIGHT_LED = {1: "Jc 9h Th 9d Td", 2: "Qh Kh Ah Jh Qd", 3: "Kd Ad 9s Ts Qs", 0: "Js Ac Ks As Kc"}


def clubs_ordered() -> GameState:
    state = deal(RIGHT_LED, "Qc")
    state.apply("order", seat=1)
    state.apply("discard Ks", seat=0)
    return state


def kinds(facts: tuple[Fact, ...], kind: str) -> list[Fact]:
    return [f for f in facts if f.kind == kind]


def test_leading_the_right_bower_is_sure_to_win_said_naturally() -> None:
    found = hint(clubs_ordered().view(1), 1, worlds=6)
    assert found.recommended == "play Jc"
    [sure] = kinds(found.facts, "sure_winner")
    assert sure.data == {"card": "Jc"}
    assert sure.text == (
        "Your right bower (J♣) is sure to win this trick: no card still out can beat it."
    )
    # said once: not also "the highest trump still out" of the same card
    assert not kinds(found.facts, "boss_trump")
    # (the sentence comparing the choices names the action, the bower too, by its part)
    assert sum(f.text.count("right bower") for f in found.facts if f.kind != "close") == 1


def test_a_card_a_card_still_out_may_beat_is_not_sure() -> None:
    state = hearts_led()  # spades trump; seat 1 leads the Kh while the Ah is unseen
    know = knowledge_of(state.view(1))
    assert _sure_winner_fact(know, [], parse_card("Kh")) is None
    # the right bower (Js), which seat 1 holds, is sure to win whatever lies unseen
    sure = _sure_winner_fact(know, [], parse_card("Js"))
    assert sure is not None and sure.text.startswith("Your right bower (J♠) is sure to win")


def test_sure_to_win_is_told_from_the_players_view_only() -> None:
    """Wherever the hidden cards lie, the seat's view is the same, and so are the facts:
    the Nine of hearts is not sure (the Ah, Kh and trumps are out of sight) in either."""
    swapped = dict(RIGHT_LED) | {2: RIGHT_LED[3], 3: RIGHT_LED[2]}
    other = deal(swapped, "Qc")
    other.apply("order", seat=1)
    other.apply("discard Ks", seat=0)
    views = [clubs_ordered().view(1), other.view(1)]
    assert views[0] == views[1]
    for card in ("Jc", "9h", "9d"):
        said = [_sure_winner_fact(knowledge_of(v), [], parse_card(card)) for v in views]
        assert said[0] == said[1]
        assert (said[0] is not None) == (card == "Jc"), card


def test_the_last_to_play_is_told_it_takes_the_trick_not_sure_to_win() -> None:
    state = clubs_ordered()
    for card, seat in (("Jc", 1), ("Ah", 2), ("Ad", 3)):
        state.apply(f"play {card}", seat=seat)
    found = hint(state.view(0), 1, worlds=6)  # the dealer plays last
    assert not kinds(found.facts, "sure_winner")


# The dealer, seat 0, turns up the right bower of hearts; seat 1 holds three small hearts.
SMALL_HEARTS = {1: "9h Th Qh 9c Ts"}


def test_a_pass_with_many_trumps_against_the_dealer_would_rather_defend() -> None:
    found = hint(deal(SMALL_HEARTS, "Jh").view(1), 0)
    assert found.recommended == "pass"
    [defend] = kinds(found.facts, "defend")
    assert defend.data == {"suit": "hearts", "count": 3, "least": DEFEND_TRUMPS, "dealer": 0}
    assert defend.text == (
        "With 3 trumps in hearts you would rather defend: if the opponents make hearts"
        " trump, those trumps are against them."
    )
    assert "picks up the right bower (J♥)." in found.reason


def test_no_defend_reason_for_the_dealers_partner_or_a_short_holding() -> None:
    state = deal({2: "9h Th Qh 9c Ts"}, "Jh")
    state.apply("pass", seat=1)
    assert _defend_facts(knowledge_of(state.view(2))) == []  # the dealer's partner
    assert _defend_facts(knowledge_of(deal(SMALL_HEARTS, "Jh").view(1))) != []
    two = hint(deal({1: "9h Th 9c Tc Ts"}, "Jh").view(1), 0)
    assert two.recommended == "pass" and not kinds(two.facts, "defend")


def test_the_defend_threshold_is_the_documented_one() -> None:
    docs = Path(__file__).parents[2] / "docs" / "bots.md"
    told = f"at least {DEFEND_TRUMPS} trumps of the turn-up's suit (`DEFEND_TRUMPS`"
    assert told in docs.read_text()


def test_a_lead_no_card_of_its_suit_still_out_beats_is_told_so() -> None:
    """A defender led the left bower where the ace cashed a trick, and the review gave no
    reason but the trumps held. A plain card led that is the best of its suit still out
    is said so: only a trump can beat it."""
    state = hearts_led("Kh", "9h", "Th", "Ah")  # spades trump; seat 0 took the trick
    know = knowledge_of(state.view(0))  # it holds Qh Kd Td Ks
    fact = _boss_card_fact(know, parse_card("Qh"))  # the Ah and Kh have gone
    assert fact is not None and fact.data == {"card": "Qh"}
    assert fact.text == (
        "Your Queen of hearts is the highest card of its suit still out: only a trump can beat it."
    )
    assert _boss_card_fact(know, parse_card("Kd")) is None  # the Ad is still out
    assert _boss_card_fact(know, parse_card("Ks")) is None  # a trump: told otherwise
