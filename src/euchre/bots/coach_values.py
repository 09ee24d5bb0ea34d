"""What the coach says of a decision: each action's value, the facts of its reason,
and whether one action is clearly better than another (docs/bots.md, the coach)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from euchre.engine.phases import Phase
from euchre.engine.variants import Variant
from euchre.engine.views import View

from .match import side_of, utility, win_probability
from .noise import NOISE
from .noise import paired_error as paired_sample_error

DISCARD_PHASES = frozenset({Phase.DEALER_DISCARD, Phase.BEST_DISCARD})
CARD_PHASES = DISCARD_PHASES | {Phase.PLAY}
BIDDING_PHASES = frozenset(Phase) - CARD_PHASES - {Phase.GIVE_BEST, Phase.GAME_OVER}


class Rule(StrEnum):
    """Why the recommended action was chosen among those about equal to the best."""

    BEST = "best"  # it is clearly the best, or the best value among the close ones
    CONVENTIONAL = "conventional"  # ``medium``'s choice (the conventions) is among them
    LOWEST = "lowest"  # a card: the lowest of the close ones (the better ones kept)


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action's worth for the seat (its units: :mod:`euchre.bots.coach`)."""

    action: str
    value: float
    points: float | None
    win: float | None
    march: float | None = None  # share of sampled deals where the makers took all five
    euchred: float | None = None  # share where the makers were euchred (their call only)
    # ``value`` in each sampled deal (the same deals for every action: see :func:`noise`);
    # empty for a value from the bidding model, which has no sampled deals.
    samples: tuple[float, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "value": round(self.value, 3)}
        out["points"] = None if self.points is None else shown_points(self.points)
        out["win"] = None if self.win is None else shown_win(self.win)
        return out


def shown_points(points: float) -> float:
    """Points a hand as a player is shown them, to 0.01. Sent already rounded: a client
    rounding a longer copy its own way (halves up, where Python rounds to even) would show
    figures whose difference is not the one the reason tells."""
    return round(points, 2)


def shown_win(win: float) -> float:
    """A chance of winning (or its change) as a player is shown it, to 0.1%."""
    return round(win, 3)


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact a reason rests on: a code, its numbers, and its sentence."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


@dataclass(frozen=True, slots=True)
class Hint:
    """The coach's answer for one seat's decision."""

    seat: int
    recommended: str
    values: tuple[ActionValue, ...]  # best first
    facts: tuple[Fact, ...]
    worlds: int
    win_now: float | None
    rule: Rule = Rule.BEST  # how the recommendation was chosen (:func:`euchre.bots.coach.choose`)
    # The actions the recommendation is not clearly better than (itself among them), when
    # there is more than one: none of them is shown as better than the others ("≈"), and
    # the review calls exactly these "about equal" (:func:`euchre.bots.coach.choose`).
    tied: frozenset[str] = frozenset()

    @property
    def reason(self) -> str:
        return reason_text(self.facts)

    def value_of(self, action: str) -> ActionValue:
        for found in self.values:
            if found.action == action:
                return found
        raise KeyError(f"{action!r} is not one of {[v.action for v in self.values]}")

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "recommended": self.recommended,
            "reason": self.reason,
            "facts": [f.to_json() for f in self.facts],
            "values": [v.to_json() | {"tied": v.action in self.tied} for v in self.values],
            "worlds": self.worlds,
            "win_now": None if self.win_now is None else shown_win(self.win_now),
        }


def reason_text(facts: Sequence[Fact]) -> str:
    """The English reason made of ``facts`` (a client may word them in its own language)."""
    return " ".join(f.text for f in facts)


@dataclass(frozen=True, slots=True)
class Scorer:
    """A hand's points as the seat's margin, match value and chance of winning."""

    variant: Variant
    scores: tuple[int, ...]
    side: int

    def margin(self, points: Sequence[int]) -> float:
        others = [p for s, p in enumerate(points) if s != self.side]
        return points[self.side] - sum(others) / max(1, len(others))

    def value(self, points: Sequence[int]) -> float:
        return utility(self.variant, self.scores, self.side, tuple(points))

    def win(self, points: Sequence[int]) -> float:
        now = self.win_now()
        if now is None:
            return 0.0
        mine, theirs = self.scores[self.side], self.scores[1 - self.side]
        target = self.variant.target
        return (
            win_probability(target, mine + points[self.side], theirs + points[1 - self.side]) - now
        )

    def win_now(self) -> float | None:
        if len(self.scores) != 2 or self.variant.target <= 0:
            return None
        mine, theirs = self.scores[self.side], self.scores[1 - self.side]
        return win_probability(self.variant.target, mine, theirs)


def scorer_for(view: View, seat: int) -> Scorer:
    return Scorer(view.variant, view.scores, side_of(view.variant, seat))


# ---------------------------------------------------------------------- noise and ties


def paired_error(a: ActionValue, b: ActionValue) -> float:
    """The standard error of ``a.value - b.value``: both are averages over the same sampled
    deals (0 without samples)."""
    return paired_sample_error(a.samples, b.samples)


def clearly_better(a: ActionValue, b: ActionValue, least: float = NOISE) -> bool:
    """Whether ``a`` beats ``b`` by more than the sampled deals' noise: by at least
    ``least`` in ``value`` and by more than two standard errors of the difference."""
    gap = a.value - b.value
    return gap >= least - 1e-9 and gap > 2 * paired_error(a, b)


@dataclass(frozen=True, slots=True)
class Choice:
    """The recommended action, the rule that picked it, and the actions it was picked
    among (about equal to the best value; empty when that one is clearly the best)."""

    value: ActionValue
    rule: Rule
    tied: frozenset[str] = frozenset()
