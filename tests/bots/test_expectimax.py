"""The play against random opponents: exact expected values, checked by plain search."""

from __future__ import annotations

import random

import pytest
from bot_helpers import Trick, legal_cards, play_card, random_position

from euchre.bots.expectimax import Expectimax
from euchre.bots.solver import Solver

# Value of the makers' final trick count for the makers (a euchre, a point, a march).
MAKERS_VALUES = (-2.0, -2.0, -2.0, 1.0, 1.0, 2.0)


def expected(
    hands: list[int],
    turn: int,
    trick: Trick,
    trump: int,
    active: list[int],
    side: int,
    maker: int,
    values: tuple[float, ...],
    made: int,
) -> float:
    """Expected value by exhaustive search: ``side`` takes its best card, the others
    each legal card with equal chance (no card grouped, nothing remembered)."""
    if not hands[turn] and not trick:
        return values[made]
    results = [
        card_value(hands, turn, trick, c, trump, active, side, maker, values, made)
        for c in legal_cards(hands, turn, trick, trump)
    ]
    return max(results) if turn % 2 == side else sum(results) / len(results)


def card_value(
    hands: list[int],
    turn: int,
    trick: Trick,
    card: int,
    trump: int,
    active: list[int],
    side: int,
    maker: int,
    values: tuple[float, ...],
    made: int,
) -> float:
    """Expected value once ``turn`` plays ``card`` (exhaustive search)."""
    after, nxt, played, won = play_card(hands, turn, trick, card, trump, active)
    made += won is not None and won % 2 == maker % 2
    return expected(after, nxt, played, trump, active, side, maker, values, made)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_card_values_match_exhaustive_search(size: int) -> None:
    rng = random.Random(size)
    for _ in range(60 if size < 3 else 25):
        hands, turn, trick, trump, active, _ = random_position(rng, size)
        maker = rng.choice(active)
        side = rng.randrange(2)
        values = tuple(rng.uniform(-4, 4) for _ in range(6))
        made = rng.randrange(3)
        search = Expectimax(trump, active, side, maker, values)
        cards = legal_cards(hands, turn, trick, trump)
        got = search.card_values(hands, turn, trick, made, cards)
        assert sorted(got) == cards
        for c in cards:
            want = card_value(hands, turn, trick, c, trump, active, side, maker, values, made)
            assert got[c] == pytest.approx(want)


def test_random_opponents_never_do_better_than_perfect_ones() -> None:
    """Against random play this side's best is at least what it can force double-dummy,
    makers or defenders, and strictly more where the opponents have a way to go wrong."""
    rng = random.Random(7)
    gained = 0
    for _ in range(40):
        hands, turn, trick, trump, active, _ = random_position(rng, 3)
        maker = rng.choice(active)
        side = rng.randrange(2)
        sign = 1.0 if side == maker % 2 else -1.0
        values = tuple(sign * v for v in MAKERS_VALUES)
        makers = sum(1 << s for s in active if s % 2 == maker % 2)
        forced = Solver(trump, active, makers, 4)
        search = Expectimax(trump, active, side, maker, values)
        cards = legal_cards(hands, turn, trick, trump)
        chance = max(search.card_values(hands, turn, trick, 0, cards).values())
        if turn % 2 == side:
            worst_case = max(values[forced.move_tricks(hands, turn, c, trick)] for c in cards)
        else:
            worst_case = values[forced.tricks(hands, turn, trick)]
        assert chance >= worst_case - 1e-9
        gained += chance > worst_case + 1e-9
    assert gained > 0


def test_remembered_positions_serve_other_deals() -> None:
    """One search object answers for many deals (its memory is keyed by every hand)."""
    rng = random.Random(3)
    shared: dict[tuple[int, tuple[int, ...]], Expectimax] = {}
    for _ in range(60):
        hands, turn, trick, trump, active, _ = random_position(rng, 3)
        cards = legal_cards(hands, turn, trick, trump)
        reused = shared.setdefault(
            (trump, tuple(active)), Expectimax(trump, active, 0, 1, MAKERS_VALUES)
        )
        fresh = Expectimax(trump, active, 0, 1, MAKERS_VALUES)
        want = fresh.card_values(hands, turn, trick, 0, cards)
        assert reused.card_values(hands, turn, trick, 0, cards) == want
    assert len(shared) < 60  # some objects served several deals
