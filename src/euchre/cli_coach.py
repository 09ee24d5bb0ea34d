"""The coach in ``euchre play``: the ``hint`` and ``review`` commands and the review shown
after each hand with ``--review`` (values from :mod:`euchre.bots.coach`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from euchre.bots.coach import ActionValue, Fact, hint
from euchre.bots.review import game_actions, review_deal
from euchre.engine import GameState
from euchre.engine.views import View

if TYPE_CHECKING:
    from .cli import Session

COMMANDS = ("hint", "review")


def value_line(value: ActionValue, win_now: float | None) -> str:
    """``order alone: value +4.10, +1.00 points a hand, chance to win 68.3%`` (what is known
    of it; the chance is the side's chance of winning the game after this hand)."""
    parts = [f"value {value.value:+.2f}"]
    if value.points is not None:
        parts.append(f"{value.points:+.2f} points a hand")
    if value.win is not None and win_now is not None:
        # Each part as the coach rounds it, so that two lines differ as its reason says.
        chance = min(1.0, max(0.0, round(win_now, 3) + round(value.win, 3)))
        parts.append(f"chance to win {100 * chance:.1f}%")
    return f"{value.action}: " + ", ".join(parts)


def reason(session: Session, facts: Sequence[Fact], english: str) -> str:
    """The coach's reason with seats named as the terminal names them ("Left (seat 1)")."""
    if not facts:
        return english
    return " ".join(fact_text(session, f) for f in facts)


def fact_text(session: Session, fact: Fact) -> str:
    if fact.kind == "void":
        suits = " and ".join(fact.data["suits"])
        return f"{session.name(fact.data['seat'])} has shown out of {suits}."
    return fact.text


def show_hint(session: Session, view: View) -> None:
    advice = hint(view, session.seed + len(view.history))
    told = reason(session, advice.facts, advice.reason)
    session.say(Text(f"Hint: {advice.recommended}.", style="bold"), f" {told}")
    for value in advice.values:
        session.say(f"    {value_line(value, advice.win_now)}")


def show_review(session: Session, deal: int) -> None:
    """The human's decisions in deal number ``deal`` (a finished one), rated."""
    fresh = GameState(session.state.variant, seed=session.seed)
    decisions = review_deal(
        fresh, game_actions(session.state), deal, session.human, seed=session.seed
    )
    session.say(Text(f"Review of deal {deal + 1}: your decisions", style="bold"))
    if not decisions:
        session.say("  No choices to review (every move was forced).")
    for number, d in enumerate(decisions, start=1):
        if d.mark is None:
            session.say(f"  {number}. {d.chosen}: good (best: {d.best}).")
            continue
        session.say(
            f"  {number}. {d.chosen}: {d.mark}, {d.loss:.2f} points of value lost; "
            f"best: {d.best}. {reason(session, d.facts, d.reason)}"
        )


def last_finished_deal(session: Session) -> int | None:
    finished = [r.number for r in session.state.deals if r.outcome]
    return finished[-1] if finished else None


def run_command(session: Session, word: str, view: View) -> None:
    """A coach command typed at the prompt."""
    if word == "hint":
        show_hint(session, view)
        return
    deal = last_finished_deal(session)
    if deal is None:
        words = "No hand is finished yet: review it after its last trick."
        session.say(Text(words, style="yellow"))
        return
    show_review(session, deal)
