"""docs/rules.md §5.6 scenarios T-52..T-56: the farmer's-hand redeal and dealer rotation."""

from __future__ import annotations

from scenario_helpers import (
    D,
    L,
    P,
    R,
    act,
    build_deck,
    cards,
    discard,
    hand_set,
    new_game,
    pass_round,
    play_hand,
)

from euchre.engine import GameState, Phase, Variant, preset

FARMERS = preset("standard", farmers_hand=True)
NEXT_DECK_L = "Ac Ad As Ah Kc"  # L's hand in the deck dealt after a redeal
# In every deal below, the seats not under test hold at most two 9s/10s each.
# Hands for L, P and R next to a dealer holding "9s 9h 10c Kd As" (or "... 10d ...").
DEALER_OTHERS = {L: "Ac Kc Qc Jc Ad", P: "Qd Jd 9d Ks Qs", R: "Js Ts Ah Kh Qh"}


def _game(hands: dict[int, str], upcard: str, variant: Variant = FARMERS) -> GameState:
    """A game whose first deal gives ``hands``; the deck after a redeal is fixed too."""
    first = build_deck(variant, hands, upcard=upcard)
    second = build_deck(variant, {L: NEXT_DECK_L}, upcard="Jh")
    return GameState(variant, dealer=D, decks=[first, second])


def test_t52_farmers_hand_triggers() -> None:
    others = {P: "Ac Kc Qc Jc Ad", R: "Kd Qd Jd Ks Qs", D: "Js Ah Kh Qh Ts"}
    state = _game({L: "9s 9h 10c 10d As", **others}, upcard="Jh")
    voided = state.deals[0]
    assert voided.outcome == "farmers"
    assert voided.points == (0, 0)
    assert voided.result is not None and voided.result.farmers == (L,)  # whose it was
    assert voided.actions() == []  # nobody was asked to bid
    assert state.scores == [0, 0]
    assert len(state.deals) == 2
    assert state.dealer == D
    assert state.record.dealer == D  # the same dealer redeals
    assert state.phase == Phase.BID_R1
    assert hand_set(state, L) == set(cards(NEXT_DECK_L))


def test_t53_three_is_not_enough() -> None:
    others = {P: "Ac Kc Qc Jc Ad", R: "Td Qd Jd Ks Qs", D: "Js Ah Kh Qh Ts"}
    state = _game({L: "9s 9h 10c Kd As", **others}, upcard="Jh")
    assert len(state.deals) == 1
    assert state.phase == Phase.BID_R1
    assert state.current_player == L
    assert hand_set(state, L) == set(cards("9s 9h 10c Kd As"))


def test_t54_turn_up_not_counted() -> None:
    state = _game({D: "9s 9h 10c Kd As", **DEALER_OTHERS}, upcard="10h")
    assert len(state.deals) == 1
    assert state.phase == Phase.BID_R1
    # Picking the 10h up gives D four 9s/10s, but the check was made before any pickup.
    act(state, L, "order")
    assert state.phase == Phase.DEALER_DISCARD
    assert hand_set(state, D) == set(cards("9s 9h 10c Kd As 10h"))
    discard(state, "Kd")
    assert state.phase == Phase.PLAY
    assert len(state.deals) == 1


def test_t55_option_off() -> None:
    off = preset("standard")
    assert not off.farmers_hand
    others = {P: "Ac Kc Qc Jc Ad", R: "Kd Qd Jd Ks Qs", D: "Js Ah Kh Qh Ts"}
    state = _game({L: "9s 9h 9c 10d 10c", **others}, upcard="Jh", variant=off)
    assert len(state.deals) == 1
    assert state.phase == Phase.BID_R1
    assert state.current_player == L


def test_t56_rotation() -> None:
    scored = GameState(preset("standard"), dealer=R, seed=11)
    assert scored.current_player == D  # seat 0 is left of dealer 3
    while scored.phase != Phase.PLAY:
        act(scored, scored.turn, scored.legal_actions()[-1])
    play_hand(scored)
    assert scored.deals[0].outcome == "scored"
    assert scored.dealer == D

    thrown = GameState(preset("classic"), dealer=R, seed=11)
    pass_round(thrown)
    pass_round(thrown)
    assert thrown.deals[0].outcome == "throw-in"
    assert thrown.dealer == D

    farmers = new_game(
        {D: "9s 9h 10c 10d As", **DEALER_OTHERS}, variant=FARMERS, dealer=R, upcard="Jh"
    )
    assert farmers.deals[0].outcome == "farmers"
    assert farmers.dealer == R
    assert farmers.record.dealer == R
