"""Ideas a Euchre teacher gives with a move, each said only where the position backs it:
the side that made trump leads trumps to draw the opponents'; a discard (or a card thrown
off) that leaves the seat out of a plain suit lets it trump that suit; a partner out of
the suit led may trump it; a pass is told how often the call it passes up is euchred; an
order up while the partner deals gives the partner the turn-up; the opponents' "one point
from the game" is said while bidding, not again with every card of the play."""

from __future__ import annotations

from bot_helpers import (
    CLUBS_HANDS,
    clubs_named_none_left,
    clubs_ordered,
    deal,
    dealer_to_discard,
    dealer_to_pick_up,
    played,
)

from euchre.bots.coach import hint
from euchre.bots.coach_reasons import (
    _against_passing,
    _call_risk_facts,
    _lead_trump_facts,
    _partner_picks_up_facts,
    _score_facts,
    _void_facts,
    _void_made_facts,
)
from euchre.bots.coach_values import ActionValue, Fact, reason_text, scorer_for
from euchre.bots.knowledge import knowledge_of
from euchre.engine import GameState


def test_the_maker_leading_trump_is_told_it_draws_the_opponents_trumps() -> None:
    state = clubs_ordered()
    found = hint(state.view(1), 1, worlds=6)
    assert found.recommended == "play Jc"
    [lead] = [f for f in found.facts if f.kind == "lead_trump"]
    assert lead.data == {"maker": "you"}
    assert lead.text == "You made trump: leading trumps draws out the opponents' trumps."
    # a plain card led, or trump led by a defender, is not told so
    know = knowledge_of(state.view(1))
    assert _lead_trump_facts(know, "play 9h") == []


def test_leading_a_trump_to_the_partner_who_made_it() -> None:
    # seat 3 orders; seat 1, its partner, leads the first trick
    state = clubs_ordered(orderer=3)
    know = knowledge_of(state.view(1))
    [lead] = _lead_trump_facts(know, "play Jc")
    assert lead.data == {"maker": "partner"}
    assert lead.text.startswith("Your partner made trump: leading a trump to them")


def test_a_defender_leading_trump_or_opponents_out_of_trumps_get_no_such_reason() -> None:
    # seat 2 orders (seat 1 passes); seat 1, a defender, leads
    state = clubs_ordered(orderer=2)
    assert _lead_trump_facts(knowledge_of(state.view(1)), "play Jc") == []
    # both opponents of seat 1, the maker, show out of trumps: another trump draws nothing
    state = clubs_named_none_left()
    assert state.current_player == 1
    know = knowledge_of(state.view(1))
    assert _lead_trump_facts(know, "play Ac") == []
    # the leader is told who is out of trumps, and nothing of trumping trumps
    said = {f.data["seat"]: f.text for f in _void_facts(know, "play Ac")}
    assert said == {2: "Seat 2 has shown out of trumps.", 0: "Seat 0 has shown out of trumps."}


def test_a_seat_out_of_the_suit_led_may_trump_it_or_has_shown_out_of_trumps_too() -> None:
    # trick 1: seat 1 leads the Jc; seats 2 and 3 show out of trumps; seat 1 wins.
    # trick 2: seat 1 leads the 9h; seat 3 and seat 0 show out of hearts; seat 2 wins.
    state = played(clubs_ordered(), "Jc", "Qd", "9s", "Kc", "9h", "Ah", "Ts", "As")
    assert state.current_player == 2
    facts = {f.data["seat"]: f for f in _void_facts(knowledge_of(state.view(2)), "play Kh")}
    assert set(facts) == {3, 0}
    assert facts[0].data == {"seat": 0, "suits": ["hearts"], "partner": True, "can_trump": True}
    assert facts[0].text == "Your partner has shown out of hearts and may trump it."
    assert facts[3].data["can_trump"] is False and not facts[3].data["partner"]
    assert facts[3].text == "Seat 3 has shown out of hearts and of trumps, so cannot trump it."


def test_a_discard_that_leaves_the_dealer_out_of_a_suit_lets_them_trump_it() -> None:
    state = dealer_to_discard()
    know = knowledge_of(state.view(0))
    [void] = _void_made_facts(know, "discard Td")
    assert void.data == {"card": "Td", "suit": "diamonds"}
    assert void.text == (
        "Discarding the Ten of diamonds leaves you with no diamonds: you can trump diamonds"
        " when they are led."
    )
    assert _void_made_facts(know, "discard Kc") == []  # a trump: no suit left short
    assert _void_made_facts(know, "discard Ks") == []  # the As stays: not out of spades
    found = hint(state.view(0), 1, worlds=6)
    assert found.recommended == "discard Td"
    assert [f.kind for f in found.facts].count("make_void") == 1


def _score(state: GameState, seat: int, action: str) -> list[Fact]:
    view = state.view(seat)
    return _score_facts(knowledge_of(view), scorer_for(view, seat), action)


def test_the_opponents_at_nine_is_said_while_bidding_not_with_every_card() -> None:
    state = deal(CLUBS_HANDS, "Qc", scores=(9, 4))  # seats 0 and 2 are at 9
    [theirs] = _score(state, 1, "pass")
    assert theirs.data["side"] == "theirs" and theirs.text.startswith("They are at 9")
    state.apply("order", seat=1)
    state.apply("discard Ks", seat=0)
    assert _score(state, 1, "play Jc") == []


def test_nine_all_is_said_of_both_sides() -> None:
    """At 9-9 "They are at 9" left out that a point of ours wins the game as well."""
    state = deal(CLUBS_HANDS, "Qc", scores=(9, 9))
    [both] = _score(state, 1, "pass")
    assert both.data == {"ours": 9, "theirs": 9, "side": "both"}
    assert both.text == "Both sides are at 9: whoever makes the next point wins the game."


def test_a_forced_card_says_why_it_is_the_only_one() -> None:
    state = played(clubs_ordered(), "9d")  # seat 2 holds the Qd alone of its diamonds
    found = hint(state.view(2), 1, worlds=6)
    [forced] = found.facts
    assert forced.data == {"why": "follow", "suit": "diamonds"}
    assert forced.text == (
        "Playing the Queen of diamonds is the only legal move: diamonds were led and you must"
        " follow suit."
    )


def test_the_dealers_trumps_are_counted_with_the_turn_up_and_said_so() -> None:
    found = hint(dealer_to_pick_up().view(0), 1, worlds=6)
    assert found.recommended.startswith("order")
    [trumps] = [f for f in found.facts if f.kind == "trumps"]
    assert trumps.data["count"] == 5 and trumps.data["turn_up"] is True
    assert trumps.text == "With the turn-up, you hold 5 trumps in clubs (the left bower counted)."


def test_a_dealer_passing_is_told_the_trumps_with_the_turn_up_they_would_pick_up() -> None:
    """A club player's dealer hint: "If diamonds were trump, you would hold only one of
    them", where picking up the 10♦ gives two."""
    state = deal({0: "Kc Jc Qd 9s Kh"}, "Td")
    for _ in range(3):
        state.apply("pass")
    found = hint(state.view(0), 1, worlds=12)
    assert found.recommended == "pass"
    [trumps] = [f for f in found.facts if f.kind == "trumps"]
    assert trumps.data["count"] == 2 and trumps.data["turn_up"] is True
    assert "passing" not in trumps.data
    assert trumps.text == "With the turn-up, you hold 2 trumps in diamonds."


def test_a_card_thrown_off_that_empties_a_suit_lets_the_seat_trump_it_later() -> None:
    # clubs are trump; the dealer, seat 0, cannot follow the heart led and holds the As
    # alone of its spades (the Js is the left bower), and trumps
    state = played(clubs_ordered(), "9h", "Ah", "9s")
    know = knowledge_of(state.view(0))
    [void] = _void_made_facts(know, "play As")
    assert void.data == {"card": "As", "suit": "spades", "play": True}
    assert void.text == (
        "Throwing off the Ace of spades leaves you with no spades: you can trump spades when"
        " they are led."
    )
    assert _void_made_facts(know, "play Kc") == []  # a trump keeps every suit as it was


def test_a_pass_is_told_how_often_the_call_it_passes_up_would_be_euchred() -> None:
    name = str
    call = ActionValue("order", -0.4, -0.5, -0.04, march=0.0, euchred=0.58)
    [risk] = _call_risk_facts(call, name, partnered=True)
    assert risk.data == {"euchred_percent": 58, "next": "order"}
    assert risk.text == (
        "After order, your side would be euchred in 58% of the deals the coach tried."
    )
    alone = _call_risk_facts(call, name, partnered=False)[0]
    assert alone.data["alone"] is True and "you would be euchred" in alone.text
    seldom = ActionValue("order", -0.4, -0.5, -0.04, march=0.0, euchred=0.2)
    assert _call_risk_facts(seldom, name, partnered=True) == []  # too seldom to be a reason


def test_ordering_up_the_partner_is_told_the_partner_picks_it_up() -> None:
    state = deal({2: "Jc Js Ac 9h Th"}, "Qc")  # seat 0 deals; seat 2 is its partner
    state.apply("pass", seat=1)
    know = knowledge_of(state.view(2))
    [turn_up] = _partner_picks_up_facts(know, "order")
    assert turn_up.data["partner"] is True and turn_up.data["dealer"] == 0
    assert turn_up.text == "If you order up, your partner, the dealer, picks up the Queen of clubs."
    assert _partner_picks_up_facts(knowledge_of(state.view(2)), "pass") == []
    opponent = deal({1: "Jc Js Ac 9h Th"}, "Qc")  # seat 1: an opponent deals
    assert _partner_picks_up_facts(knowledge_of(opponent.view(1)), "order") == []


def test_a_call_beaten_only_by_its_own_other_form_is_also_weighed_against_passing() -> None:
    """ "Picking up J♥ scores 0.31 more than picking up J♥ and going alone" left out the
    lesson: passing was 2.04 points a hand worse."""
    call = ActionValue("order", 1.0, 1.0, 0.05)
    alone = ActionValue("order alone", 0.69, 0.69, 0.04)
    passing = ActionValue("pass", -1.04, -1.04, -0.02)
    [against] = _against_passing(call, [call, alone, passing], str, True)
    assert against.kind == "margin" and against.data["next"] == "pass"
    assert against.text.startswith("Order scores 2.04 points a hand more than pass")
    assert _against_passing(call, [call, passing, alone], str, True) == []  # said already
    assert _against_passing(passing, [passing, call], str, True) == []  # no call


def test_a_lone_opponent_at_nine_is_one_person() -> None:
    """Two players: "They are at 9" (German "Die Gegner haben 9") spoke of several."""
    from bot_helpers import VARIANTS

    state = deal({1: "Jc 9h Th 9d Td"}, "Qc", scores=(9, 4), variant=VARIANTS["two-player"])
    view = state.view(state.current_player)
    [theirs] = _score_facts(knowledge_of(view), scorer_for(view, view.seat), "pass")
    assert theirs.data["one"] is True
    assert theirs.text == "Your opponent is at 9: any point they make ends the game."


def test_a_player_without_a_partner_is_told_their_own_chance_of_winning() -> None:
    """Two players: the coach's margin and the review of a bad call spoke of "your side's
    chance of winning the game", a side no one shares with the player."""
    from bot_helpers import VARIANTS

    from euchre.bots.review import rate

    state = deal({1: "9h Th 9d Td Qs"}, "Qc", scores=(6, 6), variant=VARIANTS["two-player"])
    view = state.view(state.current_player)
    advice = hint(view, 1)
    margin = advice.facts[0]
    assert margin.kind == "margin" and margin.data["alone"] is True, margin
    assert ", and your chance of winning the game is " in margin.text, margin.text
    decision = rate(view, advice.values[1].action, 0, 1, 200)
    assert decision.mark == "blunder" and decision.facts[0].data["alone"] is True
    told = reason_text(decision.facts)
    assert "your chance of winning the game" in told and "your side" not in told, told
