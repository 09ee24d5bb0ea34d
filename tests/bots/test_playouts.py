"""Play-outs against random opponents: every trick is played by the rules, and the side
that plays soundly does what a sound player would."""

from __future__ import annotations

import random

import pytest

from euchre.bots.playouts import loose_tricks
from euchre.engine import GameState, preset
from euchre.engine.cards import card_text, mask_of, parse_card

HEARTS = 3
ALL = (0, 1, 2, 3)


def hands_of(*hands: str) -> list[int]:
    return [mask_of(parse_card(c) for c in hand.split()) for hand in hands]


def ordered_up(seed: int) -> GameState:
    """A Standard deal in which the first bidder orders up and the dealer discards."""
    state = GameState(preset("standard"), seed=seed)
    state.apply("order", seat=state.current_player)
    state.apply(state.view(state.dealer).legal_texts()[0], seat=state.dealer)
    return state


@pytest.mark.parametrize("side", [0, 1])
def test_play_outs_follow_the_rules(side: int) -> None:
    """Replayed through the engine, every card is legal and the tricks fall the same."""
    for seed in range(40):
        state = ordered_up(seed)
        leader = state.current_player
        assert leader is not None
        hands = list(state.hands)
        log: list[tuple[int, int]] = []
        makers = state.maker % 2 == side
        taken = loose_tricks(
            hands, state.trump, leader, ALL, side, makers, random.Random(seed), log=log
        )
        assert hands == [0, 0, 0, 0] and len(log) == 20
        for seat, c in log:
            state.apply(f"play {card_text(c)}", seat=seat)
        assert (taken[0] + taken[2], taken[1] + taken[3]) == tuple(state.deals[0].tricks)


def test_the_same_stream_gives_the_same_play_out() -> None:
    state = ordered_up(7)
    leader = state.current_player
    assert leader is not None
    runs = [
        loose_tricks(list(state.hands), state.trump, leader, ALL, 0, True, random.Random(5))
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_the_top_trumps_take_every_trick() -> None:
    hands = hands_of("Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc", "9s Ts Js Qs Ks", "9d Td Qd Kd Ad")
    for seed in range(20):
        taken = loose_tricks(list(hands), HEARTS, 0, ALL, 0, True, random.Random(seed))
        assert taken == [5, 0, 0, 0]


def test_makers_lead_their_best_trump() -> None:
    hands = hands_of("Jd Th As Ac 9s", "9c Tc Jc Qc Kc", "Ts Js Qs Ks 9h", "9d Td Qd Kd Ad")
    log: list[tuple[int, int]] = []
    loose_tricks(list(hands), HEARTS, 0, ALL, 0, True, random.Random(1), log=log)
    assert log[0] == (0, parse_card("Jd"))


def test_a_partner_winning_the_trick_is_not_overtaken() -> None:
    """Seat 2 led the ace of clubs and seat 3 followed: seat 0 plays its nine, keeping
    the king."""
    hands = hands_of("Kc 9c 9s Ts Js", "Td Qd Kd Ad 9d", "Qs Ks As 9h", "Jc Qc Jh Jd")
    trick = ((2, parse_card("Ac")), (3, parse_card("Tc")))
    log: list[tuple[int, int]] = []
    loose_tricks(hands, HEARTS, 2, ALL, 0, False, random.Random(2), trick, log)
    assert log[0] == (0, parse_card("9c"))


def test_an_opponent_winning_the_trick_is_beaten_as_cheaply_as_possible() -> None:
    """Seat 1 led the king of clubs: seat 2, void in clubs, trumps with its lowest heart."""
    hands = hands_of("Ac Qs 9s Ts Js", "Kc Td Qd Kd Ad", "Qh Ah As 9h Ks", "Jc Qc Jh Jd 9c")
    log: list[tuple[int, int]] = []
    loose_tricks(hands, HEARTS, 1, ALL, 0, False, random.Random(4), ((1, parse_card("Kc")),), log)
    assert log[0] == (2, parse_card("9h"))


def test_a_lone_hand_plays_without_its_partner() -> None:
    hands = hands_of("Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc", "", "9d Td Qd Kd Ad")
    log: list[tuple[int, int]] = []
    taken = loose_tricks(hands, HEARTS, 1, (0, 1, 3), 0, True, random.Random(3), log=log)
    assert sum(taken) == 5 and taken[2] == 0
    assert all(seat != 2 for seat, _ in log) and len(log) == 15


def test_a_lone_defender_against_a_lone_hand() -> None:
    """Defend alone: only the two lone players play; the others' hands stay untouched."""
    hands = hands_of("Jh Jd Ah 9c 9s", "Kh Qh Th Ac As", "Kc Qc", "Kd Qd")
    log: list[tuple[int, int]] = []
    taken = loose_tricks(hands, HEARTS, 1, (0, 1), 0, True, random.Random(8), log=log)
    assert sum(taken) == 5 and len(log) == 10
    assert {seat for seat, _ in log} == {0, 1}
    assert hands[2] and hands[3]


def test_a_complete_trick_in_progress_is_scored_before_the_next() -> None:
    """All four cards of the trick are down (seat 0 last, with the right bower): seat 0
    takes it, leads the next, and every remaining card is still played."""
    hands = hands_of("Ah Kh", "9c Tc", "Qd Kd", "9s Ts")
    trick = (
        (1, parse_card("Ac")),
        (2, parse_card("Qc")),
        (3, parse_card("Kc")),
        (0, parse_card("Jh")),
    )
    log: list[tuple[int, int]] = []
    taken = loose_tricks(hands, HEARTS, 1, ALL, 0, True, random.Random(6), trick, log)
    assert taken == [3, 0, 0, 0]
    assert log[0] == (0, parse_card("Ah"))
    assert len(log) == 8
    assert not any(hands)
