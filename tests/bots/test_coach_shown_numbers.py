"""The numbers a hint sends beside each action are the ones a player is shown (points to
0.01, the chance of winning to 0.1%), so that a client rounding them its own way (the
browser rounds halves away from zero, Python to even) shows exactly the differences the
margin's sentence tells, and a review's cost is the difference of the two rows shown."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest

from euchre.bots.coach_reasons import margin_fact
from euchre.bots.coach_values import ActionValue

# Halves, where the two roundings differ (points averaged over 8 or 24 deals end in .125 or
# .625), and a chance just under a half that a 4-digit copy turns into a half.
CASES = [
    (0.625, 0.0, 0.0185, -0.0105),
    (0.125, -0.5, 0.018499, 0.0),
    (-0.375, -1.125, 0.02349, -0.03751),
]


def _shown(value: float, places: int) -> Decimal:
    """How the browser shows a number (Intl.NumberFormat, Math.round): halves up."""
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


@pytest.mark.parametrize(("best_points", "next_points", "best_win", "next_win"), CASES)
def test_the_margin_is_the_difference_of_the_rows_as_shown(
    best_points: float, next_points: float, best_win: float, next_win: float
) -> None:
    best = ActionValue("order", 9.0, best_points, best_win)
    second = ActionValue("pass", 8.0, next_points, next_win)
    fact = margin_fact(best, second, str)
    rows = best.to_json(), second.to_json()
    points = _shown(rows[0]["points"], 2) - _shown(rows[1]["points"], 2)
    win = _shown(rows[0]["win"], 3) - _shown(rows[1]["win"], 3)
    assert Decimal(repr(fact.data["points"])) == points, (fact.data, rows)
    assert Decimal(repr(fact.data["win"])) == win, (fact.data, rows)
