"""docs/rules.md §5.7-5.10 scenarios T-57..T-74: British, Cutthroat, two-player and options."""

from __future__ import annotations

from scenario_helpers import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    NO_TRUMP,
    SPADES,
    D,
    L,
    M,
    N,
    P,
    R,
    act,
    assert_rejected,
    card,
    card_actions,
    cards,
    discard,
    hand_set,
    name_trump,
    names,
    new_game,
    order_up,
    pass_round,
    play_for_makers_tricks,
    play_hand,
    play_trick,
    played_tricks,
    plays,
    start_play,
    trick_winners,
)

from euchre.engine import GameState, JokerUpcard, Phase, legal_mask, preset, trick_winner_index
from euchre.engine import actions as A
from euchre.engine.cards import JOKER, card_list, mask_of, rank_of
from euchre.engine.rules import display_sorted, effective_suit, is_trump

BRITISH = preset("british")
CUTTHROAT = preset("cutthroat")
TWO = preset("two-player")

# ---------------------------------------------------------------- 6.7 British


def test_t57_benny_is_top_trump() -> None:
    assert trick_winner_index(cards("Jc Js JK Ac"), CLUBS) == 2
    hands = {L: "Jc Ah Kh Qh 9h", P: "Js Ad Kd Qd 9d", R: "JK As Ks Qs 9s", D: "Ac Kc Qc Tc 9c"}
    state = start_play(hands, "c", variant=BRITISH)
    order, winner = play_trick(state, {L: "Jc", P: "Js", R: "JK", D: "Ac"})
    assert order == [L, P, R, D]
    assert winner == R


def test_t58_benny_led() -> None:
    p_hand, r_hand = "Js Ah Kh Qd 10d", "Kd 9d 9h 10h Qs"
    assert names(card_list(legal_mask(mask_of(cards(p_hand)), JOKER, CLUBS))) == ["Js"]
    assert legal_mask(mask_of(cards(r_hand)), JOKER, CLUBS) == mask_of(cards(r_hand))
    state = start_play({L: "JK Ac Kc As Ks", P: p_hand, R: r_hand}, "c", variant=BRITISH)
    act(state, L, "play B")
    assert state.legal_actions() == ["play Js"]
    assert_rejected(state, "play Ah", seat=P, mentions=("must follow clubs", "play Js"))
    act(state, P, "play Js")
    assert sorted(state.legal_actions()) == sorted(plays(r_hand))


def test_t59_forced_benny() -> None:
    p_hand = "JK Ah Kh Qd 10s"
    assert legal_mask(mask_of(cards(p_hand)), card("9c"), CLUBS) == 1 << JOKER
    state = start_play({L: "9c Ac Kc As Ks", P: p_hand}, "c", variant=BRITISH)
    act(state, L, "play 9c")
    assert state.legal_actions() == ["play B"]
    assert_rejected(state, "play Ah", seat=P, mentions=("Joker counts as a club", "play B"))


def test_t60_benny_turned_up() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, variant=BRITISH, upcard="JK")
    assert state.phase == Phase.JOKER_NAME
    assert state.current_player == D
    expected = [f"call {s}{a}" for s in "cdsh" for a in ("", " alone")]
    assert sorted(state.legal_actions()) == sorted(expected)
    assert len(state.view(D).hand) == 5  # D names after looking (default)
    for refused in ("pass", "order", "call n"):
        assert_rejected(state, refused, seat=D, mentions=("call c",))
    assert_rejected(state, "pass", seat=L, mentions=("not your turn",))
    act(state, D, "call s")
    assert state.trump == SPADES
    assert state.maker == D
    assert state.phase == Phase.DEALER_DISCARD
    assert JOKER in hand_set(state, D)
    assert_rejected(state, "discard B", seat=D, mentions=("may not discard the turn-up",))
    discard(state, "9s")
    assert state.phase == Phase.PLAY
    assert state.current_player == L
    assert [s for s, _ in state.record.actions()] == [D, D]  # no bidding rounds

    alone = new_game({D: "9s Ac Kc Qd Jh"}, variant=BRITISH, upcard="JK")
    act(alone, D, "call h alone")
    assert alone.alone and not alone.is_active(P)
    assert alone.phase == Phase.DEALER_DISCARD

    blind_rules = preset("british", joker_upcard_rule=JokerUpcard.DEALER_NAMES_BLIND)
    blind = new_game({D: "9s Ac Kc Qd Jh"}, variant=blind_rules, upcard="JK")
    assert blind.view(D).hand == ()
    assert blind.view(D).legal  # D is asked to name without seeing the hand
    act(blind, D, "call d")
    assert set(blind.view(D).hand) == set(cards("9s Ac Kc Qd Jh JK"))


def test_t60_blind_naming_hides_the_hand_through_the_offers_before_it() -> None:
    """Offers to go under or throw in come before the naming; while others answer them,
    the blind dealer still sees no hand (a dealer offered one sees it, to answer)."""
    for options, low_hand in (
        ({"go_under": "mixed"}, "9c 9d 9h As Ks"),
        ({"throw_in_hands": ["nines_tens"]}, "9c 9d 9h Tc Td"),
    ):
        rules = preset("british", joker_upcard_rule=JokerUpcard.DEALER_NAMES_BLIND, **options)
        dealer_hand = "Ac Kc Qc Jc Ad"
        state = new_game({L: low_hand, D: dealer_hand}, variant=rules, upcard="JK")
        assert state.phase in (Phase.GO_UNDER, Phase.THROW_IN_CLAIM), options
        assert state.current_player == L
        assert state.view(D).hand == (), options
        assert len(state.view(L).hand) == 5
        while state.phase in (Phase.GO_UNDER, Phase.THROW_IN_CLAIM):
            assert state.view(D).hand == (), options
            act(state, state.current_player, "pass")
        assert state.phase == Phase.JOKER_NAME
        assert state.view(D).hand == ()

        offered = new_game({D: "9c 9d 9h Tc Td"}, variant=rules, upcard="JK")
        assert offered.current_player == D, options
        assert set(offered.view(D).hand) == set(cards("9c 9d 9h Tc Td"))


def test_t61_dealers_partner_must_go_alone() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, variant=BRITISH, upcard="Th")
    pass_round(state, until=P)
    assert state.legal_actions() == ["pass", "order alone"]
    act(state, P, "order")
    assert state.record.actions()[-1] == (P, A.ORDER_ALONE)
    assert state.alone
    assert state.maker == P
    assert not state.is_active(D)
    assert state.upcard_state == "out"
    assert hand_set(state, D) == set(cards("9s Ac Kc Qd Jh"))
    assert state.phase == Phase.PLAY


def test_t62_british_target() -> None:
    assert BRITISH.target == 11
    state = new_game({L: "Jh Jd Ah Kh Qh"}, variant=BRITISH, scores=[10, 2], avoid_suit=HEARTS)
    assert state.kitty >> JOKER & 1  # the Joker is out of play
    name_trump(state, L, "h")
    record = play_for_makers_tricks(state, 5)
    assert record.points == (0, 2)
    assert state.scores == [10, 4]
    assert not state.game_over
    assert state.phase == Phase.BID_R1
    assert len(state.deals) == 2


# ---------------------------------------------------------------- 6.8 Cutthroat

CUTTHROAT_HANDS = {L: "Jh Ah Ac Kc 10s", M: "Jd Kh Qc Ad Qs", D: "Qh 10h As Ks Kd"}


def test_t63_cutthroat_deck() -> None:
    assert CUTTHROAT.deck_size == 20
    state = GameState(CUTTHROAT, dealer=D, seed=5)
    deck = list(state.record.deck)
    assert len(deck) == 20 and len(set(deck)) == 20
    assert all(rank_of(c) >= rank_of(card("10c")) for c in deck)  # no 9s
    assert [len(hand_set(state, s)) for s in range(3)] == [5, 5, 5]
    assert state.upcard == deck[15]
    assert len(card_list(state.kitty)) == 5
    assert state.kitty == mask_of(deck[15:])
    held = set().union(*(hand_set(state, s) for s in range(3)))
    assert held | set(card_list(state.kitty)) == set(deck)


def test_t64_dealer_defends_with_the_turn_up() -> None:
    state = new_game({D: "As Ks Kd Qd Qs"}, variant=CUTTHROAT, upcard="10h")
    assert state.current_player == L
    assert state.legal_actions() == ["pass", "order"]  # no alone declaration
    act(state, L, "order")
    assert state.maker == L
    assert state.phase == Phase.DEALER_DISCARD
    assert state.current_player == D
    assert card("10h") in hand_set(state, D)
    discard(state, "Qs")
    assert state.active == 0b111
    assert state.current_player == L
    record = play_hand(state)
    assert all(len(t) == 3 for t in played_tricks(record, 3))


def _cutthroat_points(tricks: int) -> tuple[int, ...]:
    state = start_play(CUTTHROAT_HANDS, "h", maker=L, variant=CUTTHROAT)
    record = play_for_makers_tricks(state, tricks)
    assert trick_winners(record, 3, HEARTS).count(L) == tricks
    return record.points


def test_t65_cutthroat_scores() -> None:
    assert _cutthroat_points(4) == (0, 1, 0)
    assert _cutthroat_points(5) == (0, 3, 0)
    assert _cutthroat_points(2) == (2, 0, 2)


def _cutthroat_euchre(scores: list[int]) -> GameState:
    """L names hearts holding nothing; M holds the five best trumps."""
    hands = {L: "10s 10c 10d Qs Qd", M: "Jh Jd Ah Kh Qh"}
    state = new_game(hands, variant=CUTTHROAT, scores=scores, avoid_suit=HEARTS)
    name_trump(state, L, "h")
    record = play_hand(state)
    assert record.points == (2, 0, 2)
    return state


def test_t66_cutthroat_simultaneous_finish() -> None:
    shared = _cutthroat_euchre([8, 6, 8])
    assert shared.scores == [10, 6, 10]
    assert not shared.game_over
    assert len(shared.deals) == 2
    assert shared.phase == Phase.BID_R1

    ahead = _cutthroat_euchre([8, 6, 9])
    assert ahead.scores == [10, 6, 11]
    assert ahead.game_over
    assert ahead.winner == M


# ---------------------------------------------------------------- 6.9 Two-player


def _two_player_ordered() -> GameState:
    state = new_game({D: "9s Ac Kc Qd Jh"}, variant=TWO, upcard="Th")
    assert state.current_player == N
    assert state.legal_actions() == ["pass", "order"]
    act(state, N, "order")
    assert state.trump == HEARTS
    assert state.maker == N
    assert state.current_player == D
    exchange = card_actions("discard", "9s Ac Kc Qd Jh")
    assert set(state.legal_actions()) == {"pass", *exchange}
    assert_rejected(state, "discard Th", seat=D, mentions=("turn-up",))
    return state


def test_t67_non_dealer_orders() -> None:
    exchanged = _two_player_ordered()
    discard(exchanged, "9s")
    assert hand_set(exchanged, D) == set(cards("Ac Kc Qd Jh Th"))
    assert exchanged.trump == HEARTS
    assert exchanged.phase == Phase.PLAY
    assert exchanged.current_player == N

    declined = _two_player_ordered()
    act(declined, D, "pass")
    assert hand_set(declined, D) == set(cards("9s Ac Kc Qd Jh"))
    assert declined.upcard_state == "out"
    assert declined.trump == HEARTS
    assert declined.phase == Phase.PLAY
    assert declined.current_player == N


def test_t68_dealer_accepts() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, variant=TWO, upcard="Th")
    act(state, N, "pass")
    assert state.legal_actions() == ["pass", "order"]
    act(state, D, "order")
    assert state.maker == D
    assert card("Th") in hand_set(state, D)
    assert "pass" not in state.legal_actions()
    assert_rejected(state, "pass", seat=D, mentions=("must discard",))
    discard(state, "9s")
    assert hand_set(state, D) == set(cards("Ac Kc Qd Jh Th"))
    assert state.current_player == N


def test_t69_two_player_round_2_and_redeal() -> None:
    state = new_game({}, variant=preset("two-player", stick_the_dealer=False), upcard="9c")
    pass_round(state)
    assert state.phase == Phase.BID_R2
    assert state.current_player == N
    assert_rejected(state, "call c", seat=N, mentions=("clubs was turned down",))
    pass_round(state)
    assert state.deals[0].outcome == "throw-in"
    assert state.scores == [0, 0]
    assert state.dealer == N
    assert state.phase == Phase.BID_R1
    assert state.current_player == D  # the old dealer is now the non-dealer


def test_t70_two_player_scoring_without_alone() -> None:
    march = new_game({N: "Jh Jd Ah Kh Qh"}, variant=TWO, avoid_suit=HEARTS)
    assert not any("alone" in a for a in march.legal_actions())
    pass_round(march)
    assert not any("alone" in a for a in march.legal_actions())
    assert_rejected(march, "call h alone", seat=N, mentions=("going alone is not allowed",))
    act(march, N, "call h")
    record = play_for_makers_tricks(march, 5)
    assert record.points == (0, 2)

    euchred = start_play({N: "Jh Ah As Ks 9d", D: "Jd Kh Ad Kd Qs"}, "h", maker=N, variant=TWO)
    record = play_for_makers_tricks(euchred, 2)
    assert trick_winners(record, 2, HEARTS).count(N) == 2
    assert record.points == (2, 0)


# ---------------------------------------------------------------- 6.10 Options


def test_t71_no_trump() -> None:
    variant = preset("standard", no_trump=True)
    hands = {L: "Jd Ac Kc Qc Jc", P: "Ad 9d Jh Ah Kh", R: "Kd Qd 9c 10c 9s", D: "As Ks Qs Js Qh"}
    state = new_game(hands, variant=variant)
    pass_round(state)
    assert "call n" in state.legal_actions()
    act(state, L, "call n")
    assert state.trump == NO_TRUMP
    assert state.maker == L
    act(state, L, "play Jd")
    assert sorted(state.legal_actions()) == ["play 9d", "play Ad"]  # Jh is a heart
    assert_rejected(state, "play Jh", seat=P, mentions=("must follow diamonds",))
    act(state, P, "play Ad")
    assert sorted(state.legal_actions()) == ["play Kd", "play Qd"]
    act(state, R, "play Qd")
    assert sorted(state.legal_actions()) == sorted(plays("As Ks Qs Js Qh"))
    act(state, D, "play Js")
    assert state.tricks_won == [0, 0, 1, 0]
    assert state.current_player == P
    assert trick_winner_index(cards("Jd Ad Qd Js"), NO_TRUMP) == 1
    assert not any(is_trump(c, NO_TRUMP) for c in range(24))
    assert effective_suit(card("Jh"), NO_TRUMP) == HEARTS
    assert effective_suit(card("Jd"), NO_TRUMP) == DIAMONDS


def test_t72_minimum_trump() -> None:
    variant = preset("standard", minimum_trump=True)
    state = new_game({L: "Jc Ah Kh Qd 9d"}, variant=variant, upcard="10s")
    assert state.current_player == L
    assert state.legal_actions() == ["pass"]
    for refused in ("order", "order alone"):
        assert_rejected(state, refused, seat=L, mentions=("minimum trump", "pass"))


def test_t73_call_for_best() -> None:
    variant = preset("standard", call_for_best=True)
    hands = {L: "Jh Ah Kh 9c 9s", R: "Jd Ac Kc Qc Ts", D: "9d Td Kd Qs Ks"}
    state = new_game(hands, variant=variant, upcard="Qh")
    order_up(state, L, alone=True)
    assert state.phase == Phase.DEALER_DISCARD
    discard(state, "9d")
    assert len(hand_set(state, D)) == 5 and card("Qh") in hand_set(state, D)
    assert state.phase == Phase.CALL_FOR_BEST
    assert state.current_player == L
    assert state.legal_actions() == ["pass", "call for best"]
    act(state, L, "call for best")
    assert state.phase == Phase.GIVE_BEST
    assert state.current_player == R
    assert set(state.legal_actions()) == set(card_actions("give", "Jd Ac Kc Qc Ts"))
    act(state, R, "give Jd")
    assert state.phase == Phase.BEST_DISCARD
    assert state.current_player == L
    assert hand_set(state, L) == set(cards("Jh Ah Kh 9c 9s Jd"))
    act(state, L, "discard 9c")
    assert hand_set(state, L) == set(cards("Jh Jd Ah Kh 9s"))
    assert not state.is_active(R)
    assert state.phase == Phase.PLAY
    assert state.current_player == L
    give = (R, A.give_id(card("Jd")))
    for seat in (L, R):
        assert give in state.view(seat).history
    for seat in (D, P, None):
        history = state.view(seat).history
        assert give not in history and (R, A.HIDDEN_GIVE) in history


def test_t74_hand_sort() -> None:
    hand = cards("9s Jd Ac Kh 10d")
    assert names(display_sorted(hand)) == ["Ac", "Jd", "Td", "9s", "Kh"]
    assert names(display_sorted(hand, HEARTS)) == ["Jd", "Kh", "Ac", "Td", "9s"]
    assert names(display_sorted(hand, SPADES)) == ["9s", "Kh", "Ac", "Jd", "Td"]
    # A seat's view shows its hand in that order, before and after trump is named.
    for trump, expected in (("h", "Jd Kh Ac Td 9s"), ("s", "9s Kh Ac Jd Td")):
        state = new_game({L: "9s Jd Ac Kh 10d"}, upcard="9c")
        assert names(state.view(L).hand) == ["Ac", "Jd", "Td", "9s", "Kh"]
        name_trump(state, L, trump)
        assert names(state.view(L).hand) == expected.split()
