"""The coach in ``euchre play``: the ``hint`` and ``review`` commands and the review shown
after each hand with ``--review`` (values from :mod:`euchre.bots.coach`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from euchre.bots.coach import hint
from euchre.bots.coach_reasons import void_sentence
from euchre.bots.coach_values import ActionValue, Fact, Hint
from euchre.bots.coachwords import action_words, doing_words, tied_with
from euchre.bots.review import Decision, game_actions, rated_views
from euchre.engine import GameState, Variant
from euchre.engine.views import View

if TYPE_CHECKING:
    from .cli import Session

COMMANDS = ("hint", "review")


MODEL_HELP = (
    "    (the bidding model's estimate against the recommended choice, in points of a hand"
    " early in the game)"
)
TIED_HELP = (
    "    (≈: about equal to the hint, too close to call from the deals the coach tried;"
    " the hint is the usual play among them)"
)
TIED_MODEL_HELP = (
    "    (≈: about equal to the hint by the bidding model's estimate; the hint is the usual"
    " play among them)"
)
REVIEW_HELP = (
    "  Marks go by the chance of winning the game a choice gave up, and only where the"
    " sampled deals tell the choices clearly apart."
)
REVIEW_HELP_POINTS = (
    "  Marks go by the points of a hand a choice gave up, and only where the sampled deals"
    " tell the choices clearly apart."
)


def values_help(view: View, advice: Hint) -> str:
    """The legend under a hint's values: whose points, and whose chance, they are (none
    where the game has no chance of winning to give: three players, or no target)."""
    if advice.values[0].points is None:
        return MODEL_HELP
    players = view.variant.players
    whose = {2: "yours minus your opponent's", 3: "yours minus the other two players' average"}
    points = "    (points a hand: " + whose.get(players, "your side's minus theirs")
    if advice.win_now is None:
        return points + ")"
    chance = "your side's chance" if players == 4 else "your chance"
    after = "of winning the game after this hand, if you choose it"
    return f"{points}; chance to win: {chance} {after})"


def marks_help(variant: Variant) -> str:
    """What the review's marks go by: the chance of winning, or where the game gives none
    (three players, no target), the points of a hand."""
    return REVIEW_HELP_POINTS if variant.players == 3 or variant.target <= 0 else REVIEW_HELP


def value_line(
    value: ActionValue, win_now: float | None, recommended: float, label: str | None = None
) -> str:
    """``Order up K♥, alone: +1.00 points a hand, chance to win 68.3%`` (what is known of
    it; the chance is the side's chance of winning the game after this hand), the action
    named by ``label`` (its words; the protocol text without). A decision valued by the
    bidding model alone: its value against the ``recommended`` one's."""
    name = value.action if label is None else label
    if value.points is None:
        return f"{name}: {value.value - recommended:+.2f} against the recommended"
    parts = [f"{value.points:+.2f} points a hand"]
    if value.win is not None and win_now is not None:
        # Each part as the coach rounds it, so that two lines differ as its reason says.
        chance = min(1.0, max(0.0, round(win_now, 3) + round(value.win, 3)))
        parts.append(f"chance to win {100 * chance:.1f}%")
    return f"{name}: " + ", ".join(parts)


def reason(session: Session, facts: Sequence[Fact], english: str) -> str:
    """The coach's reason with seats named as the terminal names them ("Left (seat 1)")."""
    if not facts:
        return english
    return " ".join(fact_text(session, f) for f in facts)


def fact_text(session: Session, fact: Fact) -> str:
    if fact.kind == "void":  # the seat named as the terminal names it
        suits = " and ".join(fact.data["suits"])
        return void_sentence(session.name(fact.data["seat"]), suits, fact.data.get("can_trump"))
    return fact.text


def show_hint(session: Session, view: View, choices: Sequence[str] | None = None) -> None:
    """The coach's hint, its actions in words ("Order up K♥"), each value line under the
    number of its choice in ``choices`` (the list shown at the prompt), so that typing the
    number, or the action, takes it."""
    advice = hint(view, session.seed + len(view.history))
    told = reason(session, advice.facts, advice.reason)
    headline = f"Hint: {action_words(view, advice.recommended)}."
    session.say(Text(headline, style="bold"), f" {told}")
    numbers = {a: n for n, a in enumerate(choices or view.legal_texts(), start=1)}
    recommended = advice.values[0].value
    for value in advice.values:
        line = value_line(value, advice.win_now, recommended, action_words(view, value.action))
        number = numbers.get(value.action)
        shown = line if number is None else f"{number}) {line}"
        session.say(f"    {shown}{tie_mark(value.action in advice.tied)}")
    modelled = advice.values[0].points is None
    session.say(values_help(view, advice))
    if advice.tied:
        session.say(TIED_MODEL_HELP if modelled else TIED_HELP)


def tie_mark(tied: bool) -> str:
    """The mark of a choice about equal to the best: its numbers may be a little better
    or worse than the hint's, and neither is the better choice."""
    return "   ≈" if tied else ""


def show_review(session: Session, deal: int) -> None:
    """The human's decisions in deal number ``deal`` (a finished one), rated, the actions
    in words as the hint names them."""
    fresh = GameState(session.state.variant, seed=session.seed)
    rated = list(
        rated_views(fresh, game_actions(session.state), deal, session.human, seed=session.seed)
    )
    session.say(Text(f"Review of deal {deal + 1}: your decisions", style="bold"))
    if not rated:
        session.say("  No choices to review (every move was forced).")
    else:
        session.say(marks_help(session.state.variant))
    for number, (view, d) in enumerate(rated, start=1):
        chosen, best = action_words(view, d.chosen), action_words(view, d.best)
        if d.mark is None:
            doing = doing_words(view, d.best)
            session.say(f"  {number}. {review_verdict(d, chosen, best, doing)}")
            continue
        # The reason's first fact tells what the choice cost, in the hint's numbers.
        session.say(
            f"  {number}. {chosen}: {d.mark}; best: {best}. {reason(session, d.facts, d.reason)}"
        )


def review_verdict(d: Decision, chosen: str, best: str, best_doing: str) -> str:
    """An unmarked decision in words (``chosen``, ``best``: its actions' words; the best as
    a sentence names it, "playing the Ace of hearts"): the best, about equal to it (a "≈"
    row of the hint), or good."""
    if d.chosen == d.best:
        return f"{chosen}: best."
    compared = d.facts[0] if d.facts else None
    if d.tied and compared is not None and compared.data.get("unsure"):
        return f"{chosen}: {compared.text}"  # their numbers differ: said, with why no mark
    if d.tied:
        return f"{chosen}: {tied_with(best_doing)}"
    return f"{chosen}: good (best: {best})."


def last_finished_deal(session: Session) -> int | None:
    finished = [r.number for r in session.state.deals if r.outcome]
    return finished[-1] if finished else None


def run_command(
    session: Session, word: str, view: View, choices: Sequence[str] | None = None
) -> None:
    """A coach command typed at the prompt (``choices``: the numbered list shown)."""
    if word == "hint":
        show_hint(session, view, choices)
        return
    deal = last_finished_deal(session)
    if deal is None:
        words = "No hand is finished yet: review it after its last trick."
        session.say(Text(words, style="yellow"))
        return
    show_review(session, deal)
