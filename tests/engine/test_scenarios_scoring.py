"""docs/rules.md §5.4-5.5 scenarios T-41..T-51: scoring and the end of the game.

Every hand here is really played: a search over legal plays picks a line in which the
makers take exactly the number of tricks the scenario names, and the test checks that
count again from the deal's log before checking the points.
"""

from __future__ import annotations

from scenario_helpers import (
    HEARTS,
    TEAM_A,
    TEAM_B,
    D,
    L,
    P,
    R,
    act,
    find_line,
    name_trump,
    new_game,
    pass_round,
    play_for_makers_tricks,
    play_hand,
    start_play,
    trick_winners,
)

from euchre.engine import GameState, Phase, Variant, preset
from euchre.engine.deal import DealRecord

# L names hearts in round 2 (L and R are the makers, team B). With STRONG the makers can
# take 3, 4 or 5 tricks; with BALANCED 0 to 4 (0 to 3 when L is alone).
STRONG = {L: "Jh Ah Qh Ac 9s", R: "Jd Kh Kc 9d Ts", D: "Th 9h As Ad Qc", P: "Ks Qs Kd Qd Tc"}
BALANCED = {L: "Ah Kh Ac Kc 9s", R: "Qh Ad Kd Ts 9d", D: "Jh Th As Qc Js", P: "Jd 9h Ks Qs Qd"}
# P names hearts holding the five best trumps (a forced march for team A), or the five
# worst cards against them (a forced euchre).
TEAM_A_MARCH = {P: "Jh Jd Ah Kh Qh"}
TEAM_A_EUCHRED = {P: "9s Ts 9d Td Tc", L: "Jh Jd Ah Kh Qh"}


def _makers_tricks(record: DealRecord, makers: set[int], trump: int = HEARTS) -> int:
    return sum(1 for w in trick_winners(record, 4, trump) if w in makers)


def _points(
    hands: dict[int, str], tricks: int, *, alone: bool = False, variant: Variant | None = None
) -> tuple[int, ...]:
    """L names hearts (alone or not) and the makers take ``tricks``: the deal's points."""
    state = start_play(hands, "h", maker=L, alone=alone, variant=variant)
    record = play_for_makers_tricks(state, tricks)
    assert _makers_tricks(record, {L, R}) == tricks
    assert state.scores == list(record.points)
    return record.points


def test_t41_partnership_table() -> None:
    # points are (team A, team B); the makers L and R are team B
    assert _points(STRONG, 3) == (0, 1)
    assert _points(STRONG, 4) == (0, 1)
    assert _points(STRONG, 5) == (0, 2)
    assert _points(BALANCED, 2) == (2, 0)
    assert _points(BALANCED, 0) == (2, 0)


def test_t42_lone_table() -> None:
    assert _points(STRONG, 5, alone=True) == (0, 4)
    assert _points(STRONG, 4, alone=True) == (0, 1)
    assert _points(STRONG, 3, alone=True) == (0, 1)
    assert _points(BALANCED, 2, alone=True) == (2, 0)
    four = preset("standard", lone_euchre_points=4)
    assert _points(BALANCED, 2, alone=True, variant=four) == (4, 0)


def test_t43_super_euchre() -> None:
    variant = preset("standard", super_euchre=True)
    assert _points(BALANCED, 0, variant=variant) == (4, 0)
    assert _points(BALANCED, 1, variant=variant) == (2, 0)


def test_t44_defenders_march_is_not_rewarded_extra() -> None:
    assert _points(BALANCED, 0) == (2, 0)


def test_t45_alone_must_take_5() -> None:
    variant = preset("standard", alone_must_take_5=True)
    assert _points(STRONG, 4, alone=True, variant=variant) == (2, 0)
    assert _points(STRONG, 5, alone=True, variant=variant) == (0, 4)
    assert _points(STRONG, 4, alone=True) == (0, 1)


def _team_a_hand(
    hands: dict[int, str], scores: list[int], *, alone: bool = False, variant: Variant | None = None
) -> GameState:
    state = new_game(hands, variant=variant, scores=scores, avoid_suit=HEARTS)
    name_trump(state, P, "h", alone=alone)
    play_hand(state)
    return state


def test_t46_march_to_eleven_ends_the_game() -> None:
    state = _team_a_hand(TEAM_A_MARCH, [9, 5])
    assert state.game_over
    assert state.phase == Phase.GAME_OVER
    assert state.winner == TEAM_A
    assert state.scores == [11, 5]
    assert state.deals[-1].points == (2, 0)
    assert state.legal_actions() == []
    assert state.current_player is None


def test_t47_euchre_ends_the_game_for_the_defenders() -> None:
    state = _team_a_hand(TEAM_A_EUCHRED, [8, 9])
    assert state.game_over
    assert state.winner == TEAM_B
    assert state.scores == [8, 11]


def test_t48_laps() -> None:
    state = _team_a_hand(TEAM_A_MARCH, [9, 0], variant=preset("standard", laps=True))
    assert state.game_over
    assert state.winner == TEAM_A
    assert state.scores == [11, 0]  # recorded uncapped
    following = state.next_game()
    assert following.scores == [1, 0]
    assert not following.game_over
    assert following.phase == Phase.BID_R1


def test_t49_long_game() -> None:
    long_game = preset("long")
    assert long_game.target == 15
    state = _team_a_hand(TEAM_A_MARCH, [12, 3], alone=True, variant=long_game)
    assert state.deals[-1].points == (4, 0)
    assert state.game_over
    assert state.winner == TEAM_A
    assert state.scores == [16, 3]


TIMED = preset("standard", time_limit_minutes=30)


def _timed_hand_expiring_in_trick_3(scores: list[int]) -> GameState:
    """L names hearts with STRONG; time runs out during trick 3; the makers take 3."""
    state = new_game(STRONG, variant=TIMED, scores=scores, avoid_suit=HEARTS)
    name_trump(state, L, "h")
    line = find_line(state, 3)
    record = state.record
    for text in line[:9]:
        act(state, state.turn, text)
    assert state.tricks_played == 2 and len(state.trick) == 1
    state.signal_time_up()
    assert not state.game_over
    assert state.phase == Phase.PLAY
    for text in line[9:]:
        act(state, state.turn, text)
    assert record.outcome == "scored"
    assert record.points == (0, 1)
    return state


def test_t50_timed_game_expiry_mid_hand() -> None:
    state = _timed_hand_expiring_in_trick_3([7, 5])
    assert state.scores == [7, 6]
    assert state.game_over and state.ended_on_time
    reached = _timed_hand_expiring_in_trick_3([7, 9])
    assert reached.scores == [7, 10] and not reached.ended_on_time  # won at the target
    assert state.winner == TEAM_A

    tied = _timed_hand_expiring_in_trick_3([7, 6])
    assert tied.scores == [7, 7]
    assert not tied.game_over
    assert len(tied.deals) == 2
    assert tied.phase == Phase.BID_R1  # another full hand is dealt
    for _ in range(9):  # with stick the dealer: at most 8 bids and a discard
        if tied.phase == Phase.PLAY:
            break
        act(tied, tied.turn, tied.legal_actions()[0])
    play_hand(tied)
    assert tied.game_over
    assert tied.scores[0] != tied.scores[1]
    assert tied.winner == tied.scores.index(max(tied.scores))
    assert all(d.outcome == "scored" for d in tied.deals)


TIMED_NO_STICK = preset("standard", time_limit_minutes=30, stick_the_dealer=False)


def test_t51_timed_game_expiry_during_bidding() -> None:
    # A throw-in completes the hand without a score; the leader wins.
    state = new_game({}, variant=TIMED_NO_STICK, scores=[5, 3])
    act(state, L, "pass")
    state.signal_time_up()
    assert not state.game_over
    pass_round(state)
    pass_round(state)
    assert state.deals[-1].outcome == "throw-in"
    assert state.game_over
    assert state.winner == TEAM_A
    assert state.scores == [5, 3]

    # Tied after a throw-in: the tie-break hand is dealt; a thrown-in tie-break hand counts
    # as complete, so another follows, until a hand leaves one side ahead.
    state = new_game({}, variant=TIMED_NO_STICK, scores=[4, 4])
    state.signal_time_up()
    assert not state.tie_break  # the hand the time ran out in is the last, if untied
    pass_round(state)
    pass_round(state)
    assert not state.game_over
    assert len(state.deals) == 2
    assert state.tie_break and state.clone().tie_break
    pass_round(state)
    pass_round(state)
    assert not state.game_over
    assert len(state.deals) == 3
    assert [d.outcome for d in state.deals[:2]] == ["throw-in", "throw-in"]
    act(state, state.turn, "order")
    if state.phase == Phase.DEALER_DISCARD:
        act(state, state.turn, state.legal_actions()[0])
    play_hand(state)
    assert state.game_over and not state.tie_break
    assert state.ended_on_time  # no side reached the target: the time ended the game
    assert state.scores != [4, 4]
    assert state.winner == state.scores.index(max(state.scores))

    # Bidding goes on to a call: the hand is played and scored, then the game ends.
    state = new_game(STRONG, variant=TIMED_NO_STICK, scores=[2, 2], avoid_suit=HEARTS)
    pass_round(state)
    state.signal_time_up()
    act(state, L, "call h")
    record = play_for_makers_tricks(state, 5)
    assert record.points == (0, 2)
    assert state.game_over
    assert state.winner == TEAM_B
    assert state.scores == [2, 4]
