"""RULES.md §6.2 scenarios T-17..T-28: bidding, pickup and the dealer's discard."""

from __future__ import annotations

from scenario_helpers import (
    DIAMONDS,
    HEARTS,
    SPADES,
    TEAM_A,
    TEAM_B,
    D,
    L,
    P,
    R,
    act,
    assert_rejected,
    card,
    cards,
    discard,
    hand_set,
    new_game,
    order_up,
    pass_round,
    play_hand,
)

from euchre.engine import Phase, preset
from euchre.engine import actions as A
from euchre.engine.observations import observation
from euchre.engine.rules import effective_suit, order_key

ALL_ACTIVE = 0b1111


def test_t17_order_up_ends_bidding() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="10s")
    assert state.current_player == L
    act(state, L, "order")
    assert state.trump == SPADES
    assert state.maker == L
    assert state.side_of(state.maker) == TEAM_B
    assert state.phase == Phase.DEALER_DISCARD
    assert state.current_player == D
    discard(state, "9s")
    assert state.phase == Phase.PLAY
    # P and R never had a bidding turn: the log holds only L's order and D's discard.
    assert state.record.actions() == [(L, A.ORDER), (D, A.discard_id(card("9s")))]


def test_t18_jack_turn_up_ordered() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="Jd")
    order_up(state, R)
    assert state.trump == DIAMONDS
    assert card("Jd") in hand_set(state, D)
    # The turned-up Jd is the right bower: above the left bower and the ace.
    jd, jh, ad = card("Jd"), card("Jh"), card("Ad")
    assert order_key(jd, DIAMONDS) > order_key(jh, DIAMONDS) > order_key(ad, DIAMONDS)
    discard(state, "9s")
    assert state.view(D).hand[0] == jd  # heads D's sorted hand as the top trump


def test_t19_jack_turn_up_turned_down() -> None:
    state = new_game({L: "Ah 9h Ac Kc Qc"}, upcard="Jd")
    pass_round(state)
    assert state.phase == Phase.BID_R2
    assert state.upcard_state == "down"
    for seat in (L, P, R, D):
        if seat != L:
            probe = state.clone()
            pass_round(probe, until=seat)
        else:
            probe = state
        for call in ("call d", "call d alone"):
            assert_rejected(probe, call, seat=seat, mentions=("diamonds was turned down",))
    act(state, L, "call h")
    assert state.trump == HEARTS
    jd = card("Jd")
    assert state.kitty >> jd & 1
    assert not any(h >> jd & 1 for h in state.hands)
    in_hands = [c for seat in range(4) for c in hand_set(state, seat)]
    assert sum(1 for c in in_hands if effective_suit(c, HEARTS) == HEARTS) <= 6
    record = play_hand(state)
    played = [a - A.PLAY_BASE for _, a in record.actions() if A.is_play(a)]
    assert jd not in played
    assert sum(1 for c in played if effective_suit(c, HEARTS) == HEARTS) <= 6


def test_t20_turned_down_suit_forbidden() -> None:
    state = new_game({}, upcard="9c")
    pass_round(state)
    error = assert_rejected(
        state, "call c", seat=L, mentions=("clubs was turned down", "call d", "call s", "call h")
    )
    assert "call c" not in error.legal
    act(state, L, "call s")
    assert state.trump == SPADES
    assert state.maker == L
    assert state.phase == Phase.PLAY


def test_t21_throw_in() -> None:
    state = new_game({}, variant=preset("standard", stick_the_dealer=False))
    pass_round(state)
    pass_round(state)
    finished = state.deals[0]
    assert finished.outcome == "throw-in"
    assert finished.points == (0, 0)
    assert state.scores == [0, 0]
    assert len(state.deals) == 2
    assert state.dealer == L
    assert state.record.dealer == L
    assert state.phase == Phase.BID_R1
    assert state.current_player == P  # left of the new dealer


def test_t22_stick_the_dealer() -> None:
    state = new_game({}, upcard="9c")
    pass_round(state)
    pass_round(state, until=D)
    assert state.phase == Phase.BID_R2
    assert state.current_player == D
    expected = {f"call {s}{alone}" for s in "dsh" for alone in ("", " alone")}
    assert set(state.legal_actions()) == expected
    assert len(state.legal_actions()) == 6
    assert_rejected(state, "pass", seat=D, mentions=("stuck", "call d", "call s", "call h"))
    assert_rejected(state, "call c", seat=D, mentions=("turned down",))


def test_t23_discard_restrictions() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="Qh")
    order_up(state, L)
    assert state.current_player == D
    assert hand_set(state, D) == set(cards("9s Ac Kc Qd Jh Qh"))
    assert "discard Qh" not in state.legal_actions()
    assert_rejected(
        state, "discard Qh", seat=D, mentions=("may not discard the turn-up Qh", "9s", "Jh")
    )
    discard(state, "9s")
    assert hand_set(state, D) == set(cards("Ac Kc Qd Jh Qh"))
    hidden = (D, A.HIDDEN_DISCARD)
    for seat in (L, P, R, None):
        view = state.view(seat)
        assert view.history[-1] == hidden
        assert card("9s") not in view.hand
    assert state.view(D).history[-1] == (D, A.discard_id(card("9s")))
    assert observation(state.view(L))["history"][-1] == {"seat": D, "action": "discard"}


def test_t24_dealer_may_discard_upcard() -> None:
    variant = preset("standard", dealer_may_discard_upcard=True)
    state = new_game({D: "9s Ac Kc Qd Jh"}, variant=variant, upcard="Qh")
    order_up(state, L)
    assert "discard Qh" in state.legal_actions()
    discard(state, "Qh")
    assert hand_set(state, D) == set(cards("9s Ac Kc Qd Jh"))
    assert state.kitty >> card("Qh") & 1
    assert state.phase == Phase.PLAY


def test_t25_dealer_takes_it_up() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="Th")
    pass_round(state, until=D)
    assert [s for s, _ in state.record.actions()] == [L, P, R]
    act(state, D, "order")
    assert state.trump == HEARTS
    assert state.maker == D
    assert not state.alone
    assert state.phase == Phase.DEALER_DISCARD
    assert state.current_player == D
    assert card("Th") in hand_set(state, D)


def test_t26_no_pickup_in_round_2() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="9c")
    pass_round(state)
    pass_round(state, until=P)
    act(state, P, "call s")
    assert state.trump == SPADES
    assert hand_set(state, D) == set(cards("9s Ac Kc Qd Jh"))
    assert state.upcard_state == "down"
    assert state.kitty >> card("9c") & 1
    assert state.phase == Phase.PLAY
    assert state.current_player == L
    assert not any(A.DISCARD_BASE <= a < A.PLAY_BASE for _, a in state.record.actions())


def test_t27_assist() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="Th")
    order_up(state, P)
    assert state.maker == P
    assert state.side_of(P) == TEAM_A
    assert not state.alone
    assert state.phase == Phase.DEALER_DISCARD
    assert card("Th") in hand_set(state, D)
    discard(state, "9s")
    assert state.active == ALL_ACTIVE
    assert state.current_player == L


def test_t28_opponent_order_up_gives_the_card_to_the_dealer() -> None:
    state = new_game({D: "9s Ac Kc Qd Jh"}, upcard="Th")
    order_up(state, L)
    assert state.side_of(state.maker) != state.side_of(D)
    assert state.phase == Phase.DEALER_DISCARD
    assert state.current_player == D
    assert len(hand_set(state, D)) == 6
    assert state.upcard_state == "taken"
    discard(state, "Ac")
    assert hand_set(state, D) == set(cards("9s Kc Qd Jh Th"))
    assert state.active == ALL_ACTIVE
