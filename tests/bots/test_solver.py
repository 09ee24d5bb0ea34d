"""The double-dummy solver agrees with plain minimax, for every trump and seating."""

from __future__ import annotations

import random

import pytest
from bot_helpers import Trick, random_position

from euchre.bots.solver import Solver
from euchre.engine.cards import make_deck
from euchre.engine.rules import legal_mask, trick_winner_index


def minimax(
    hands: list[int], turn: int, trick: Trick, trump: int, active: list[int], makers: int
) -> int:
    """Makers' tricks by exhaustive search (no pruning at all)."""
    if not hands[turn] and not trick:
        return 0
    nxt = {s: active[(i + 1) % len(active)] for i, s in enumerate(active)}
    led = trick[0][1] if trick else -1
    legal = legal_mask(hands[turn], led, trump)
    values = []
    for c in range(33):
        if not legal >> c & 1:
            continue
        after = list(hands)
        after[turn] ^= 1 << c
        played = [*trick, (turn, c)]
        if len(played) == len(active):
            winner = played[trick_winner_index([x for _, x in played], trump)][0]
            values.append(
                (makers >> winner & 1) + minimax(after, winner, [], trump, active, makers)
            )
        else:
            values.append(minimax(after, nxt[turn], played, trump, active, makers))
    return max(values) if makers >> turn & 1 else min(values)


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
        led = trick[0][1] if trick else -1
        for c in range(33):
            if not legal_mask(hands[turn], led, trump) >> c & 1:
                continue
            after = list(hands)
            after[turn] ^= 1 << c
            played = [*trick, (turn, c)]
            if len(played) == len(active):
                winner = played[trick_winner_index([x for _, x in played], trump)][0]
                want = (makers >> winner & 1) + minimax(after, winner, [], trump, active, makers)
            else:
                nxt = active[(active.index(turn) + 1) % len(active)]
                want = minimax(after, nxt, played, trump, active, makers)
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
