"""docs/rules.md §5.1 scenarios T-01..T-16: card order, effective suit, following, trick winners."""

from __future__ import annotations

from scenario_helpers import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    D,
    L,
    P,
    R,
    act,
    assert_rejected,
    card,
    cards,
    names,
    play_trick,
    plays,
    start_play,
)

from euchre.engine import effective_suit, legal_mask, trick_winner_index
from euchre.engine.cards import card_list, make_deck, mask_of
from euchre.engine.rules import display_sorted, order_key


def _legal_cards(hand: str, led: str, trump: int) -> list[str]:
    mask = legal_mask(mask_of(cards(hand)), card(led), trump)
    return sorted(names(card_list(mask)))


def _winner(trick: str, trump: int) -> int:
    """The winning seat of a trick L, P, R, D (in that order) by the rules function."""
    return (L, P, R, D)[trick_winner_index(cards(trick), trump)]


def test_t01_effective_suit() -> None:
    expected = {"Jd": HEARTS, "Jh": HEARTS, "Js": SPADES, "Jc": CLUBS, "Ad": DIAMONDS}
    expected["10d"] = DIAMONDS
    for text, suit in expected.items():
        assert effective_suit(card(text), HEARTS) == suit, text


def test_t02_suit_sizes() -> None:
    deck = make_deck()
    assert len(deck) == 24
    groups: dict[int, list[int]] = {}
    for c in deck:
        groups.setdefault(effective_suit(c, HEARTS), []).append(c)
    by_order = {s: sorted(g, key=lambda c: -order_key(c, HEARTS)) for s, g in groups.items()}
    assert names(by_order[HEARTS]) == ["Jh", "Jd", "Ah", "Kh", "Qh", "Th", "9h"]
    assert names(by_order[DIAMONDS]) == ["Ad", "Kd", "Qd", "Td", "9d"]
    assert names(by_order[CLUBS]) == ["Ac", "Kc", "Qc", "Jc", "Tc", "9c"]
    assert names(by_order[SPADES]) == ["As", "Ks", "Qs", "Js", "Ts", "9s"]
    assert sum(len(g) for g in groups.values()) == 24
    # The display order agrees: trump group first, each group high to low.
    shown = names(display_sorted(deck, HEARTS))
    assert shown[:7] == names(by_order[HEARTS])


def test_t03_left_bower_led() -> None:
    hand = "9d Kd Ad Qd 10d"
    assert _legal_cards(hand, "Jd", HEARTS) == sorted(names(cards(hand)))
    state = start_play({L: "Jd Ah 9c Tc Jc", P: hand}, "h")
    act(state, L, "play Jd")
    assert state.current_player == P
    assert sorted(state.legal_actions()) == sorted(plays(hand))


def test_t04_must_follow_trump_when_left_bower_led() -> None:
    hand = "9h Kd As Qc 10c"
    assert _legal_cards(hand, "Jd", HEARTS) == ["9h"]
    state = start_play({L: "Jd Ah 9c Jc Ac", P: hand}, "h")
    act(state, L, "play Jd")
    assert state.legal_actions() == ["play 9h"]
    assert_rejected(state, "play Kd", seat=P, mentions=("must follow hearts", "play 9h"))


def test_t05_left_bower_is_not_its_printed_suit() -> None:
    hand = "Jd 10c 9s Qs Kc"
    assert _legal_cards(hand, "Ad", HEARTS) == sorted(names(cards(hand)))
    # P trumps in with the left bower: it wins when no higher trump follows.
    others = {L: "Ad Jh 9c Ac Kd", R: "Qd Td 9d Ks Kh", D: "Ah Qh 9h Qc Th"}
    state = start_play({P: hand, **others}, "h")
    act(state, L, "play Ad")
    assert sorted(state.legal_actions()) == sorted(plays(hand))
    _, winner = play_trick(state, {P: "Jd", R: "Qd", D: "Ah"})
    assert winner == P
    assert state.current_player == P  # the winner leads next
    # ...and loses to the right bower.
    others = {L: "Ad Ah 9c Ac Kd", R: "Jh Kh As Js Ts", D: "Qd Td 9d Qc Th"}
    state = start_play({P: hand, **others}, "h")
    order, winner = play_trick(state, {L: "Ad", P: "Jd", R: "Jh", D: "Qd"})
    assert order == [L, P, R, D]
    assert winner == R


def test_t06_must_follow_diamonds_not_with_left_bower() -> None:
    hand = "Jd 9d As Qc Kc"
    assert _legal_cards(hand, "Ad", HEARTS) == ["9d"]
    state = start_play({L: "Ad Ah 9c Ac Kd", P: hand}, "h")
    act(state, L, "play Ad")
    assert state.legal_actions() == ["play 9d"]
    assert_rejected(state, "play Jd", seat=P, mentions=("must follow diamonds", "play 9d"))


def test_t07_must_follow_with_the_left_bower() -> None:
    hand = "Jd As Ks Qc 9c"
    assert _legal_cards(hand, "9h", HEARTS) == ["Jd"]
    state = start_play({L: "9h Ah Tc Ac Kd", P: hand}, "h")
    act(state, L, "play 9h")
    assert state.legal_actions() == ["play Jd"]
    error = assert_rejected(state, "play As", seat=P, mentions=("must follow hearts", "play Jd"))
    assert "left bower" in str(error)


def test_t08_left_bower_led_calls_for_trump() -> None:
    hand = "Js Ac Kc Qd 9h"
    assert _legal_cards(hand, "Jc", SPADES) == ["Js"]
    state = start_play({L: "Jc As 9d Td Th", P: "Ks Qs Ts Ad Kd", R: hand}, "s")
    act(state, L, "play Jc")
    act(state, P, "play Ks")
    assert state.current_player == R
    assert state.legal_actions() == ["play Js"]
    assert_rejected(state, "play Ac", seat=R, mentions=("must follow spades", "play Js"))


def test_t09_no_obligation_to_trump() -> None:
    hand = "9s 10c Qc Kd Ad"
    assert _legal_cards(hand, "Ah", SPADES) == sorted(names(cards(hand)))
    state = start_play({L: "Ah As Ks 9d Td", P: hand}, "s")
    act(state, L, "play Ah")
    assert sorted(state.legal_actions()) == sorted(plays(hand))
    act(state, P, "play Kd")  # a plain card, although P could trump


def test_t10_no_obligation_to_overtake() -> None:
    hand = "Ah 9h 9s 10c Qd"
    assert _legal_cards(hand, "Kh", SPADES) == ["9h", "Ah"]
    state = start_play({L: "Kh As Ks 9d Td", P: hand}, "s")
    act(state, L, "play Kh")
    assert sorted(state.legal_actions()) == ["play 9h", "play Ah"]
    act(state, P, "play 9h")
    assert state.current_player == R


def test_t11_left_bower_beats_low_trump() -> None:
    assert _winner("Ah Kh 9c Js", CLUBS) == D
    state = start_play(
        {L: "Ah Ac Kc Qc Tc", P: "Kh Ad Kd Qd Td", R: "9c As Ks Qs Ts", D: "Js 9d 9s Jd Jc"}, "c"
    )
    assert play_trick(state, {L: "Ah", P: "Kh", R: "9c", D: "Js"}) == ([L, P, R, D], D)


def test_t12_right_beats_left() -> None:
    assert _winner("9d Jh Jd Ad", DIAMONDS) == R
    state = start_play(
        {L: "9d Ac Kc Qc Tc", P: "Jh As Ks Qs Ts", R: "Jd 9c 9s Js Jc", D: "Ad Kd Qd Ah Kh"}, "d"
    )
    assert play_trick(state, {L: "9d", P: "Jh", R: "Jd", D: "Ad"}) == ([L, P, R, D], R)


def test_t13_off_suit_never_wins() -> None:
    assert _winner("Ah Kh 10h Qd", CLUBS) == L
    state = start_play(
        {L: "Ah Ac Kc Qc Tc", P: "Kh As Ks Qs Ts", R: "10h 9s Js 9c Jh", D: "Qd Kd Ad 9d Td"}, "c"
    )
    assert play_trick(state, {L: "Ah", P: "Kh", R: "10h", D: "Qd"}) == ([L, P, R, D], L)


def test_t14_non_bower_jack_ranks_below_queen() -> None:
    assert _winner("Jh Ad 9h Qh", SPADES) == D
    state = start_play(
        {L: "Jh As Ks Qs Ts", P: "Ad Kd Qd Td 9d", R: "9h Ac Kc Qc Tc", D: "Qh Kh Ah Jd Js"}, "s"
    )
    assert play_trick(state, {L: "Jh", P: "Ad", R: "9h", D: "Qh"}) == ([L, P, R, D], D)


def test_t15_lowest_trump_beats_any_plain_card() -> None:
    assert _winner("Kc 9d 10d Ac", DIAMONDS) == R
    state = start_play(
        {L: "Kc Ad Kd As Ks", P: "9d Ah Kh Qh Th", R: "10d 9h Jh Qs Ts", D: "Ac Qc Jc Tc Js"}, "d"
    )
    assert play_trick(state, {L: "Kc", P: "9d", R: "10d", D: "Ac"}) == ([L, P, R, D], R)


def test_t16_left_bower_as_a_ruff() -> None:
    assert _winner("10d Kd 9d Jd", HEARTS) == D
    state = start_play(
        {L: "10d Ad Ac Kc Qc", P: "Kd As Ks Qs Ts", R: "9d Qd Jc Tc 9s", D: "Jd Ah Kh Js Qh"}, "h"
    )
    act(state, L, "play 10d")
    act(state, P, "play Kd")
    act(state, R, "play 9d")
    # D has no diamond: the Jd counts as a heart, so any card is legal.
    assert sorted(state.legal_actions()) == sorted(plays("Jd Ah Kh Js Qh"))
    act(state, D, "play Jd")
    assert state.tricks_won == [1, 0, 0, 0]
    assert state.current_player == D
