"""Hand review: each decision of one seat in a finished deal, rated from the view it had.

Every decision with a choice is given to the coach (:func:`euchre.bots.coach.hint`) with
the view the seat had then; the chosen action's value is compared with the best's, and
the reason's margin is the one between them (the hint's compares the best with the next
best). The
loss is in the coach's ``value`` (``hard``'s match value, in points of an early hand):

============  =====================
mark          value lost (points)
============  =====================
inaccuracy    at least 0.2
mistake       at least 0.5
blunder       at least 1.0
============  =====================

A smaller loss is no mark (``None``): within the noise of the sampled deals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from euchre.engine import GameState
from euchre.engine import actions as A

from .coach import COACH_WORLDS, Fact, hint, margin_fact, reason_text

# (mark, least value lost) from the worst down: the first that applies is the mark.
THRESHOLDS = (("blunder", 1.0), ("mistake", 0.5), ("inaccuracy", 0.2))
TIME_UP = "time_up"  # a stored game's signal that its time ran out (not a decision)


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision of the seat."""

    index: int  # the action's place in the deal (0: the first bid)
    chosen: str
    best: str
    chosen_value: float
    best_value: float
    loss: float
    mark: str | None
    reason: str  # why the best action is best (the coach's reason)
    facts: tuple[Fact, ...] = ()  # what the reason is made of (a hint's ``facts``)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "chosen": self.chosen,
            "best": self.best,
            "chosen_value": round(self.chosen_value, 3),
            "best_value": round(self.best_value, 3),
            "loss": round(self.loss, 3),
            "mark": self.mark,
            "reason": self.reason,
            "facts": [f.to_json() for f in self.facts],
        }


def mark_for(loss: float) -> str | None:
    """The mark of a decision that lost ``loss`` points of value (see the table above)."""
    for mark, least in THRESHOLDS:
        if loss >= least - 1e-9:
            return mark
    return None


def review_deal(
    game: GameState,
    actions: Iterable[tuple[int, str]],
    deal: int,
    seat: int,
    *,
    seed: int = 0,
    worlds: int = COACH_WORLDS,
) -> list[Decision]:
    """Replay ``actions`` (the game's, from its start) on ``game`` (a fresh state dealt the
    same way) and review ``seat``'s decisions in deal number ``deal``."""
    out: list[Decision] = []
    for actor, action in actions:
        if action == TIME_UP:
            game.signal_time_up()
            continue
        number = game.record.number
        if number > deal or game.game_over:
            break
        if number == deal and actor == seat and len(game.legal_ids()) > 1:
            view = game.view(seat)
            index = len(view.history)
            out.append(rate(view, action, index, seed + index, worlds))
        game.apply(action, seat=actor)
    return out


def rate(view: Any, action: str, index: int, seed: int, worlds: int) -> Decision:
    """The coach's verdict on ``action`` at ``view``."""
    advice = hint(view, seed, worlds=worlds)
    chosen = advice.value_of(A.action_text(A.parse_action(action)))
    best = advice.values[0]
    loss = max(0.0, best.value - chosen.value)
    facts = advice.facts
    if chosen.action != best.action:  # the margin the player missed, not the runner-up's
        facts = tuple(margin_fact(best, chosen) if f.kind == "margin" else f for f in facts)
    return Decision(
        index,
        chosen.action,
        best.action,
        chosen.value,
        best.value,
        loss,
        mark_for(loss),
        reason_text(facts),
        facts,
    )


def game_actions(game: GameState) -> list[tuple[int, str]]:
    """Every action of a game so far, as (seat, text), for :func:`review_deal`."""
    return [(step.seat, step.action.text) for record in game.deals for step in record.steps]
