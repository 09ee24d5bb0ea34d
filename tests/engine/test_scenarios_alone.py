"""docs/rules.md §5.3 scenarios T-29..T-40: lone hands and defending alone."""

from __future__ import annotations

from scenario_helpers import (
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
    name_trump,
    new_game,
    order_up,
    pass_round,
    play_for_makers_tricks,
    play_hand,
    played_tricks,
    trick_winners,
)

from euchre.engine import GameState, LonerLead, Phase, preset
from euchre.engine import actions as A

DEALER_HAND = "9s Ac Kc Qd Jh"


def _seats_mask(*seats: int) -> int:
    return sum(1 << s for s in seats)


def _assert_partner_alone_without_pickup(state: GameState) -> None:
    """T-29's outcome: D sits out, keeps its five cards, the turn-up stays out of play."""
    assert state.maker == P
    assert state.alone
    assert state.active == _seats_mask(L, P, R)
    assert hand_set(state, D) == set(cards(DEALER_HAND))
    assert state.upcard_state == "out"
    assert state.kitty >> state.upcard & 1
    assert state.phase == Phase.PLAY
    assert state.current_player == L
    assert not any(A.DISCARD_BASE <= a < A.PLAY_BASE for _, a in state.record.actions())
    record = play_hand(state)
    tricks = played_tricks(record, 4)
    assert all(len(t) == 3 and D not in {s for s, _ in t} for t in tricks)
    assert [s for s, _ in tricks[0]] == [L, P, R]


def test_t29_dealers_partner_alone_no_pickup() -> None:
    state = new_game({D: DEALER_HAND}, upcard="Th")
    order_up(state, P, alone=True)
    _assert_partner_alone_without_pickup(state)


def test_t30_canadian_loner_forces_alone() -> None:
    state = new_game({D: DEALER_HAND}, variant=preset("standard", canadian_loner=True), upcard="Th")
    pass_round(state, until=P)
    assert state.legal_actions() == ["pass", "order alone"]
    act(state, P, "order")
    assert state.record.actions()[-1] == (P, A.ORDER_ALONE)
    _assert_partner_alone_without_pickup(state)


def test_t31_canadian_loner_round_2() -> None:
    state = new_game({}, variant=preset("standard", canadian_loner=True), upcard="9c")
    pass_round(state)
    pass_round(state, until=P)
    assert {"call s", "call s alone"} <= set(state.legal_actions())
    act(state, P, "call s")
    assert state.maker == P
    assert not state.alone
    assert state.active == _seats_mask(D, L, P, R)


def test_t32_canadian_loner_does_not_bind_the_dealer() -> None:
    state = new_game({D: DEALER_HAND}, variant=preset("standard", canadian_loner=True), upcard="Th")
    pass_round(state, until=D)
    assert state.legal_actions() == ["pass", "order", "order alone"]
    act(state, D, "order")
    assert state.maker == D
    assert not state.alone
    assert state.phase == Phase.DEALER_DISCARD
    discard(state, "9s")
    assert state.active == _seats_mask(D, L, P, R)


def test_t33_dealer_alone() -> None:
    state = new_game({D: DEALER_HAND}, upcard="Th")
    order_up(state, D, alone=True)
    assert state.alone
    assert state.phase == Phase.DEALER_DISCARD
    assert card("Th") in hand_set(state, D)
    discard(state, "9s")
    assert state.active == _seats_mask(L, R, D)
    assert state.current_player == L
    record = play_hand(state)
    tricks = played_tricks(record, 4)
    cycle = [L, R, D]
    leader = L
    for trick, winner in zip(tricks, trick_winners(record, 4, HEARTS), strict=True):
        start = cycle.index(leader)
        assert [s for s, _ in trick] == cycle[start:] + cycle[:start]
        leader = winner


def test_t34_lead_shifts_when_eldest_hand_sits_out() -> None:
    state = new_game({}, upcard="9c")
    name_trump(state, R, "s", alone=True)
    assert state.active == _seats_mask(D, P, R)
    assert not state.is_active(L)
    assert state.first_leader() == P
    assert state.current_player == P


def test_t35_eldest_hand_alone() -> None:
    state = new_game({D: DEALER_HAND}, upcard="Th")
    order_up(state, L, alone=True)
    assert not state.is_active(R)
    assert state.phase == Phase.DEALER_DISCARD
    assert card("Th") in hand_set(state, D)
    discard(state, "9s")
    assert state.active == _seats_mask(D, L, P)
    assert state.current_player == L


def test_t36_lead_switch_option() -> None:
    variant = preset("standard", loner_lead=LonerLead.LEFT_OF_LONER)
    state = new_game({}, variant=variant, upcard="Th")
    order_up(state, P, alone=True)
    assert not state.is_active(D)
    assert state.current_player == R
    default = new_game({}, upcard="Th")
    order_up(default, P, alone=True)
    assert default.current_player == L


def test_t37_only_the_maker_may_go_alone() -> None:
    state = new_game({D: DEALER_HAND}, upcard="Th")
    order_up(state, L)
    assert not state.alone
    record = state.record
    seen = 0
    while state.record is record:
        legal = state.legal_actions()
        assert not any("alone" in a for a in legal), legal
        if state.phase != Phase.PLAY:
            assert_rejected(state, "order alone", seat=state.current_player)
        act(state, state.current_player, legal[0])
        seen += 1
        assert not state.alone
    assert seen == 1 + 20  # D's discard, then every card of five tricks


def _defended_alone() -> GameState:
    """T-38: R names spades alone in round 2; D defends alone."""
    variant = preset("standard", defend_alone=True)
    state = new_game({R: "Js As Ks Ah Kd", D: "Jc Qs Ad Qd Qh"}, variant=variant, upcard="9c")
    name_trump(state, R, "s", alone=True)
    assert state.phase == Phase.DEFEND_ALONE
    assert state.current_player == D
    assert state.legal_actions() == ["pass", "defend alone"]
    act(state, D, "defend alone")
    return state


def test_t38_defend_alone_two_active_players() -> None:
    state = _defended_alone()
    assert state.lone_defender == D
    assert state.active == _seats_mask(R, D)
    assert state.phase == Phase.PLAY  # no prompt to P
    assert [s for s, _ in state.record.actions()][-2:] == [R, D]
    assert state.current_player == R
    record = play_hand(state)
    assert all(len(t) == 2 for t in played_tricks(record, 4))


def test_t39_defend_alone_scoring() -> None:
    # R's tricks -> points (team A = D's side, team B = R's side)
    expected = {2: (4, 0), 5: (0, 4), 3: (0, 1), 4: (0, 1)}
    assert (state_side := (D % 2, R % 2)) == (TEAM_A, TEAM_B), state_side
    for makers_tricks, points in expected.items():
        state = _defended_alone()
        record = play_for_makers_tricks(state, makers_tricks)
        winners = trick_winners(record, 4, SPADES)
        assert winners.count(R) == makers_tricks
        assert winners.count(D) == 5 - makers_tricks
        assert record.points == points, makers_tricks
        assert state.scores == list(points)


def test_t40_defend_alone_not_offered_to_partnership_maker() -> None:
    state = new_game({D: DEALER_HAND}, variant=preset("standard", defend_alone=True), upcard="Th")
    order_up(state, L)
    discard(state, "9s")
    assert state.phase == Phase.PLAY
    assert state.current_player == L
    record = play_hand(state)
    assert not any(a == A.DEFEND_ALONE for _, a in record.actions())
    assert all(len(t) == 4 for t in played_tricks(record, 4))
