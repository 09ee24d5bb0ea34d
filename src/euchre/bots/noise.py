"""Telling a real difference from the noise of sampled deals: two actions valued over the
same deals differ clearly only by more than two standard errors of their paired difference
(docs/bots.md, "The coach")."""

from __future__ import annotations

import math
from collections.abc import Sequence

# A difference in value (points) under this is within the noise of the sampled deals: the
# hint calls such actions about equal, the review gives no mark for it.
NOISE = 0.2


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def paired_error(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The standard error of ``mean(xs) - mean(ys)`` where both are over the same deals:
    that of the mean of the per-deal differences (0 with fewer than two deals)."""
    count = len(xs)
    if count < 2 or len(ys) != count:
        return 0.0
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    centre = sum(diffs) / count
    variance = sum((d - centre) ** 2 for d in diffs) / (count - 1)
    return math.sqrt(variance / count)


def clearly_ahead(xs: Sequence[float], ys: Sequence[float], least: float = NOISE) -> bool:
    """Whether values ``xs`` beat ``ys`` (the same deals) by at least ``least`` on average
    and by more than two standard errors of the difference."""
    gap = mean(xs) - mean(ys)
    return gap >= least - 1e-9 and gap > 2 * paired_error(xs, ys)
