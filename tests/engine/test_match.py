"""A match of several games (docs/rules.md #laps, #slam, #rubber): the games credited, the
score carried into the next game, and the rubber."""

from __future__ import annotations

import pytest
from scenario_helpers import build_deck

from euchre.engine import GameState, Match, Variant, plays_match, preset
from euchre.engine.match import RUBBER_BONUS
from euchre.engine.phases import Phase

STANDARD = preset("standard")
LAPS = preset("standard", laps=True)
SLAM = preset("standard", slam=True)
RUBBER = preset("standard", rubber=True)


def test_only_laps_slam_or_rubber_make_a_match() -> None:
    assert not plays_match(STANDARD)
    assert plays_match(LAPS) and plays_match(SLAM) and plays_match(RUBBER)


def test_a_new_match_starts_from_nothing() -> None:
    match = Match.new(preset("cutthroat", rubber=True))
    assert match.games == (0, 0, 0)
    assert match.carried == (0, 0, 0)
    assert match.game_number == 1
    assert not match.decided
    assert match.tally() == (0, 0, 0)


def test_laps_carry_the_winners_points_above_the_target() -> None:
    after = Match.new(LAPS).after(LAPS, [12, 7], winner=0)
    assert after.carried == (2, 0)
    assert after.games == (1, 0)
    assert after.game_number == 2


def test_without_laps_the_next_game_starts_at_nothing() -> None:
    after = Match.new(RUBBER).after(RUBBER, [12, 7], winner=0)
    assert after.carried == (0, 0)


def test_a_slam_counts_two_games() -> None:
    assert Match.new(SLAM).after(SLAM, [0, 10], winner=1).games == (0, 2)
    # the opponents scored: one game
    assert Match.new(SLAM).after(SLAM, [1, 10], winner=1).games == (0, 1)
    # without slam a shut-out is one game
    assert Match.new(LAPS).after(LAPS, [0, 10], winner=1).games == (0, 1)


def test_a_game_ended_by_the_deal_limit_is_no_slam() -> None:
    limited = preset("standard", slam=True, target=0, deal_limit=4)
    assert Match.new(limited).after(limited, [0, 3], winner=1).games == (0, 1)


def test_the_rubber_is_best_of_three_with_a_bonus_of_two() -> None:
    match = Match.new(RUBBER).after(RUBBER, [10, 4], winner=0)
    assert not match.decided and match.game_number == 2
    match = match.after(RUBBER, [6, 10], winner=1)
    assert match.games == (1, 1) and not match.decided
    match = match.after(RUBBER, [11, 9], winner=0)
    assert match.decided and match.rubber_winner == 0
    assert match.games == (2, 1)
    assert match.tally() == (2 + RUBBER_BONUS, 1)
    assert match.played == 3


def test_a_slam_can_win_the_rubber_at_once() -> None:
    both = preset("standard", slam=True, rubber=True)
    match = Match.new(both).after(both, [10, 0], winner=0)
    assert match.decided and match.games == (2, 0)


def test_after_the_rubber_a_new_match_starts_and_no_points_carry() -> None:
    rules = preset("standard", laps=True, rubber=True)
    match = Match.new(rules).after(rules, [12, 0], winner=0).after(rules, [13, 0], winner=0)
    assert match.decided
    assert match.carried == (0, 0)  # the rubber is over: nothing carries
    assert match.following(rules) == Match.new(rules)
    with pytest.raises(ValueError, match="new match"):
        match.after(rules, [10, 0], winner=0)


def test_an_undecided_match_goes_on() -> None:
    match = Match.new(LAPS).after(LAPS, [12, 3], winner=0)
    assert match.following(LAPS) is match


def test_three_players_are_three_sides() -> None:
    rules = preset("cutthroat", rubber=True, laps=True)
    match = Match.new(rules).after(rules, [3, 11, 5], winner=1)
    assert match.games == (0, 1, 0)
    assert match.carried == (0, 1, 0)
    match = match.after(rules, [10, 2, 4], winner=0).after(rules, [1, 2, 10], winner=2)
    assert match.games == (1, 1, 1) and not match.decided
    match = match.after(rules, [0, 10, 9], winner=1)
    assert match.rubber_winner == 1
    assert match.tally() == (1, 2 + RUBBER_BONUS, 1)


def test_two_players_are_two_sides() -> None:
    rules = preset("two-player", slam=True)
    assert Match.new(rules).after(rules, [0, 10], winner=1).games == (0, 2)


def test_the_next_game_starts_from_the_matchs_carried_score() -> None:
    """GameState.next_game and Match agree: one rule for the carry."""
    state = GameState(LAPS, seed=3)
    while not state.game_over:
        state.apply(state.legal_actions()[0])
    assert state.winner is not None
    match = Match.new(LAPS).after(LAPS, state.scores, state.winner)
    following = state.next_game()
    assert tuple(following.scores) == match.carried
    assert following.deals[0].scores_before == match.carried


def _mcevoy_deck() -> list[int]:
    """A deck (dealer seat 0) that deals seat 1 all nines and tens: a McEvoy hand."""
    return build_deck(STANDARD, {1: "9c Tc 9d 9s 9h"}, upcard="Td")


def _game_with_mcevoy_thrown_in(rules: Variant) -> GameState:
    """A game in which seat 1 throws in its McEvoy hand at once, played to its end."""
    state = GameState(rules, dealer=0, decks=[_mcevoy_deck()], seed=8)
    assert state.current_player == 1 and "redeal" in state.legal_actions()
    state.apply("redeal")
    while not state.game_over:
        state.apply(state.legal_actions()[0])
    return state


def test_a_mcevoy_hand_is_thrown_in_once_a_match() -> None:
    """Once per player per match (docs/rules.md, throw_in_hands): a later game of the
    match does not offer the seat its McEvoy again; the next match does."""
    rules = preset("standard", laps=True, rubber=True, throw_in_hands="mcevoy")
    state = _game_with_mcevoy_thrown_in(rules)
    assert state.mcevoy_used == 1 << 1
    assert state.winner is not None
    match = Match.new(rules).after(rules, state.scores, state.winner, state.mcevoy_used)
    assert match.mcevoy_used == 1 << 1
    for following in (
        GameState(rules, dealer=0, decks=[_mcevoy_deck()], mcevoy_used=match.mcevoy_used),
        state.next_game(),
    ):
        assert following.mcevoy_used == 1 << 1
    second = GameState(rules, dealer=0, decks=[_mcevoy_deck()], mcevoy_used=match.mcevoy_used)
    assert second.phase == Phase.BID_R1 and second.current_player == 1  # not asked again
    assert second.mcevoy_carried == 1 << 1
    # Another seat's McEvoy in the second game adds to the match's; a decided rubber
    # starts a new match with every McEvoy unused.
    assert match.after(rules, [0, 10], winner=1, mcevoy_used=1 << 3).mcevoy_used == 0b1010
    decided = match.after(rules, [10, 0], winner=0, mcevoy_used=match.mcevoy_used)
    assert decided.decided and decided.following(rules).mcevoy_used == 0


def test_without_a_match_each_game_gives_the_mcevoy_again() -> None:
    rules = preset("standard", throw_in_hands="mcevoy")
    state = _game_with_mcevoy_thrown_in(rules)
    assert state.next_game().mcevoy_used == 0
