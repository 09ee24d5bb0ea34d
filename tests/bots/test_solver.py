"""The double-dummy solver agrees with plain minimax, for every trump and seating."""

from __future__ import annotations

import random

import pytest
from bot_helpers import Trick, legal_cards, play_card, random_position

from euchre.bots.solver import Solver
from euchre.engine.cards import make_deck


def minimax(
    hands: list[int], turn: int, trick: Trick, trump: int, active: list[int], makers: int
) -> int:
    """Makers' tricks by exhaustive search (no pruning at all)."""
    if not hands[turn] and not trick:
        return 0
    values = [
        move_value(hands, turn, trick, c, trump, active, makers)
        for c in legal_cards(hands, turn, trick, trump)
    ]
    return max(values) if makers >> turn & 1 else min(values)


def move_value(
    hands: list[int],
    turn: int,
    trick: Trick,
    card: int,
    trump: int,
    active: list[int],
    makers: int,
) -> int:
    """Makers' tricks from here on if ``turn`` plays ``card`` (exhaustive search)."""
    after, nxt, played, won = play_card(hands, turn, trick, card, trump, active)
    gained = 0 if won is None else makers >> won & 1
    return gained + minimax(after, nxt, played, trump, active, makers)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_matches_minimax(size: int) -> None:
    rng = random.Random(size)
    for _ in range(120 if size < 4 else 25):
        hands, turn, trick, trump, active, makers = random_position(rng, size)
        solver = Solver(trump, active, makers, 4)
        expected = minimax(hands, turn, trick, trump, active, makers)
        assert solver.tricks(hands, turn, trick) == expected


def test_move_values_and_thresholds() -> None:
    rng = random.Random(9)
    for _ in range(40):
        hands, turn, trick, trump, active, makers = random_position(rng, 3)
        solver = Solver(trump, active, makers, 4)
        for c in legal_cards(hands, turn, trick, trump):
            want = move_value(hands, turn, trick, c, trump, active, makers)
            assert solver.move_tricks(hands, turn, c, trick) == want
            for need in range(0, 5):
                assert solver.at_least(hands, turn, c, trick, need) == (want >= need)


def test_full_deal_two_players_and_three() -> None:
    rng = random.Random(4)
    for players, active in ((2, [0, 1]), (3, [0, 1, 2])):
        deck = make_deck(2, False)
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * 3 : (i + 1) * 3]) for i in range(players)]
        solver = Solver(1, active, 1, players)
        assert solver.tricks(hands, 0) == minimax(hands + [0] * (4 - players), 0, [], 1, active, 1)
