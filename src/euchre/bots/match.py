"""Match-aware values: what a hand's points are worth for winning the game.

``win_probability(target, mine, theirs)`` is the chance that a side with ``mine`` points
beats one with ``theirs`` in a race to ``target``, when each future hand is an even
contest (the points distribution of a typical hand between equal sides). Bots choose by
the change in this probability, so a safe point at 9-5 counts for more than a risky two,
and a loner is worth its risk exactly when four points change the result. Three-player
games (one score per player) fall back to plain points.
"""

from __future__ import annotations

from functools import cache

from euchre.engine.variants import Variant

# The points one side scores on a typical hand between equal sides; the other side's
# share is the mirror image. (1: a made call; 2: a march or a euchre; 4: a lone march.)
_HAND_OUTCOMES = ((1, 0.32), (2, 0.155), (4, 0.025))


# The points a hand gives, whichever side scores them.
_HAND_SPREAD = sum(points * 2 * p for points, p in _HAND_OUTCOMES)

# Races are solved exactly while both sides need at most this many points (every target
# a server table allows); beyond it a race keeps its difference and is read as one this
# long, so that any target the engine takes (1000, 10**12) has an answer and the
# recursion below stays a few hundred calls deep.
_EXACT_RACE = 128


@cache
def _race(a: int, b: int) -> float:
    """The chance that a side needing ``a`` points beats one needing ``b``."""
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    total = 0.0
    for points, p in _HAND_OUTCOMES:
        total += p * _race(a - points, b)
        total += p * _race(a, b - points)
    return total


def win_probability(target: int, mine: int, theirs: int) -> float:
    """Chance of reaching ``target`` first from ``mine`` to ``theirs`` (no ties: one side
    scores per hand)."""
    a, b = target - mine, target - theirs
    beyond = max(a, b) - _EXACT_RACE
    if beyond > 0 and min(a, b) > 0:
        a, b = max(1, a - beyond), max(1, b - beyond)
    return _race(a, b)


def _target(variant: Variant) -> int:
    return variant.target if variant.target > 0 else 10**6


def side_of(variant: Variant, seat: int) -> int:
    """Index into the scores for a seat."""
    return seat % 2 if variant.players == 4 else seat


def utility(variant: Variant, scores: tuple[int, ...], side: int, points: tuple[int, ...]) -> float:
    """Value for ``side`` of scoring ``points`` (per side) from ``scores``.

    Two sides: the win probability after the hand, in units of points (a hand early in
    the game is worth its point difference). Three players: plain point difference.
    """
    if len(scores) != 2 or variant.target <= 0:
        others = [p for s, p in enumerate(points) if s != side]
        return points[side] - sum(others) / max(1, len(others))
    target = _target(variant)
    mine, theirs = scores[side], scores[1 - side]
    p = win_probability(target, mine + points[side], theirs + points[1 - side])
    return p * _POINT_SCALE


def spread_utility(variant: Variant, scores: tuple[int, ...], side: int, expected: float) -> float:
    """Value for ``side`` of a hand worth ``expected`` points to it on average (its points
    less the other side's), spread as a typical hand's are: one side or the other scores
    1, 2 or 4. Early in a game this is the match as it stands plus ``expected`` points'
    worth; near the end only who scores matters (at 9-9 a side expecting -0.6 points still
    wins about three hands in ten, which the straight line read as almost none).
    Three players: plain points."""
    if len(scores) != 2 or variant.target <= 0:
        return utility(variant, scores, side, (0,) * len(scores)) + expected
    scores_first = min(0.99, max(0.01, 0.5 + expected / (2 * _HAND_SPREAD)))
    value = 0.0
    for points, p in _HAND_OUTCOMES:
        ours = (points, 0) if side == 0 else (0, points)
        won = utility(variant, scores, side, ours)
        lost = utility(variant, scores, side, ours[::-1])
        value += 2 * p * (scores_first * won + (1 - scores_first) * lost)
    return value


# A point early in a game to 10 moves the win probability by about this much; scaling by
# its inverse keeps utilities in "points" so thresholds read naturally.
_POINT_SCALE = 1.0 / (win_probability(10, 1, 0) - win_probability(10, 0, 1)) * 2.0
