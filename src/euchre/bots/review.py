"""Hand review: each decision of one seat in a finished deal, rated from the view it had.

Every decision with a choice is given to the coach (:func:`euchre.bots.coach.hint`) with
the view the seat had then; the chosen action is compared with the recommended one, and
the reason's margin is the one between them (the hint's compares the best with the next
best). The loss is in the coach's ``value`` (``hard``'s match value: the chance of winning
the game, counted in points of an early hand); the decision carries it also as the two
numbers a hint shows beside each action (``loss_points``, ``loss_win``):

============  =====================
mark          value lost (points)
============  =====================
inaccuracy    at least 0.2
mistake       at least 0.5
blunder       at least 1.0
============  =====================

A loss is marked only when it is clearly beyond the noise of the sampled deals
(:func:`euchre.bots.coach_values.clearly_better`: at least 0.2 and more than two standard errors
of the difference over the same deals). A bid that is the conventional one (``medium``'s,
:func:`euchre.bots.coach.conventional`) is marked only when it loses more than
:data:`CONVENTIONAL_BID_MARGIN`: a bid's values rest on a model of the other seats.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from euchre.engine import GameState
from euchre.engine import actions as A
from euchre.engine.cards import CARD_TEXT
from euchre.engine.views import View

from .coach import COACH_WORLDS, conventional, hint
from .coach_reasons import compare_fact, passed_up_call_facts
from .coach_values import CARD_PHASES, ActionValue, Fact, Hint, clearly_better, reason_text
from .coachwords import naming

# (mark, least value lost) from the worst down: the first that applies is the mark.
THRESHOLDS = (("blunder", 1.0), ("mistake", 0.5), ("inaccuracy", 0.2))
# A conventional bid is marked only beyond this loss in value (a blunder's).
CONVENTIONAL_BID_MARGIN = 1.0
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
    # The loss in the numbers a hint shows: points a hand, and the chance of winning the
    # game (None where the coach has no such number for the decision).
    loss_points: float | None = None
    loss_win: float | None = None
    # The choice was about equal to the best (within the sampled deals' noise): not worse.
    tied: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "loss_points": self.loss_points,
            "loss_win": self.loss_win,
            "tied": self.tied,
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
    played_for: Collection[int] = (),
) -> list[Decision]:
    """Replay ``actions`` (the game's, from its start) on ``game`` (a fresh state dealt the
    same way) and review ``seat``'s decisions in deal number ``deal``: not those at the
    positions ``played_for`` in ``actions``, which the server made for the seat (its turn
    clock ran out, or a bot stood in), as no one's choice is there to rate."""
    rated = rated_views(game, actions, deal, seat, seed=seed, worlds=worlds, played_for=played_for)
    return [d for _, d in rated]


def rated_views(
    game: GameState,
    actions: Iterable[tuple[int, str]],
    deal: int,
    seat: int,
    *,
    seed: int = 0,
    worlds: int = COACH_WORLDS,
    played_for: Collection[int] = (),
) -> Iterator[tuple[View, Decision]]:
    """:func:`review_deal`'s decisions, each with the view it was made from."""
    for view, action in seat_views(game, actions, deal, seat, played_for):
        if len(view.legal) > 1:
            index = len(view.history)
            yield view, rate(view, action, index, seed + index, worlds)


def position_json(view: View) -> dict[str, Any]:
    """Where a decision was made, as a review shows it: the hand held, the trick so far
    and the turn-up while it lay face up; the phase names what a pass declined there."""
    return {
        "phase": view.phase.name.lower(),
        "hand": [CARD_TEXT[c] for c in view.hand],
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in view.trick],
        "upcard": CARD_TEXT[view.upcard] if view.upcard_state == "up" else None,
    }


def positions(
    game: GameState, actions: Iterable[tuple[int, str]], deal: int, seat: int
) -> dict[int, dict[str, Any]]:
    """Replay ``actions`` on ``game`` (fresh, dealt the same way) and note, at each of
    ``seat``'s actions in deal ``deal`` (by its index in the deal), what the seat saw
    (:func:`position_json`)."""
    return {
        len(view.history): position_json(view) for view, _ in seat_views(game, actions, deal, seat)
    }


def seat_views(
    game: GameState,
    actions: Iterable[tuple[int, str]],
    deal: int,
    seat: int,
    played_for: Collection[int] = (),
) -> Iterator[tuple[View, str]]:
    """Replay ``actions`` on ``game`` (fresh, dealt the same way), giving ``seat``'s view
    at each of its actions in deal number ``deal`` (but those at the positions
    ``played_for``), with the action it took."""
    skipped = frozenset(played_for)
    for position, (actor, action) in enumerate(actions):
        if action == TIME_UP:
            game.signal_time_up()
            continue
        number = game.record.number
        if number > deal or game.game_over:
            break
        if number == deal and actor == seat and position not in skipped:
            yield game.view(seat), action
        game.apply(action, seat=actor)


def rate(view: View, action: str, index: int, seed: int, worlds: int) -> Decision:
    """The coach's verdict on ``action`` at ``view``."""
    advice = hint(view, seed, worlds=worlds)
    chosen = advice.value_of(A.action_text(A.parse_action(action)))
    best = advice.values[0]  # the recommendation
    loss = max(0.0, best.value - chosen.value)
    facts = advice.facts
    compared = facts[0]
    if chosen.action != best.action:  # the margin the player missed, not the runner-up's
        compared = compare_fact(
            best, chosen, naming(view), advice.rule, partnered=view.players == 4
        )
        facts = (compared, *_said_beside(facts[1:], advice, chosen, view))
    return Decision(
        index,
        chosen.action,
        best.action,
        chosen.value,
        best.value,
        loss,
        _mark(view, best, chosen, loss),
        reason_text(facts),
        facts,
        loss_points=compared.data.get("points"),
        loss_win=compared.data.get("win"),
        tied=_tied(advice.tied, chosen),
    )


def _said_beside(
    facts: tuple[Fact, ...], advice: Hint, chosen: ActionValue, view: View
) -> list[Fact]:
    """The hint's other facts, as told of a choice that was not the recommended one."""
    if _tied(advice.tied, chosen):  # the pick's reasons would read as the choice's faults
        return []
    # (a call's margin over passing, when passing was the choice, is said once)
    said = [f for f in facts if f.kind != "margin" or f.data["next"] != chosen.action]
    if advice.values[0].action == "pass" and A.Action.parse(chosen.action).makes_trump:
        return _risks_of_the_call_made(said, chosen, view)
    return said


def _risks_of_the_call_made(facts: list[Fact], chosen: ActionValue, view: View) -> list[Fact]:
    """A pass's facts with the risks of the call the player made in place of those of the
    runner-up the hint weighed (a lone call was told the risk of the call with the partner)."""
    kept = [f for f in facts if f.kind != "call_risk"]
    at = next((i for i, f in enumerate(facts) if f.kind == "call_risk"), len(kept))
    return [*kept[:at], *passed_up_call_facts(chosen, naming(view), view.players == 4), *kept[at:]]


def _tied(tied: frozenset[str], chosen: ActionValue) -> bool:
    """Whether the choice is about equal to the recommendation: exactly the rows the hint
    marks "≈" (:func:`euchre.bots.coach.choose`), the recommendation among them."""
    return chosen.action in tied


def _mark(view: View, best: ActionValue, chosen: ActionValue, loss: float) -> str | None:
    """The loss's mark, if the loss is clearly beyond the sampled deals' noise (and, for a
    conventional bid, beyond :data:`CONVENTIONAL_BID_MARGIN`)."""
    if chosen is best or not clearly_better(best, chosen):  # (a "≈" row of the hint)
        return None
    usual_bid = view.phase not in CARD_PHASES and chosen.action == conventional(view)
    if usual_bid and not clearly_better(best, chosen, CONVENTIONAL_BID_MARGIN):
        return None
    return mark_for(loss)


def game_actions(game: GameState) -> list[tuple[int, str]]:
    """Every action of a game so far, as (seat, text), for :func:`review_deal`."""
    return [(step.seat, step.action.text) for record in game.deals for step in record.steps]
