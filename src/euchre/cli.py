"""The ``euchre`` command line: play a game against bots in a terminal, replay a record.

The play loop is a :class:`Session` holding the game, the bots, a rich ``Console`` for
output and an ``ask(prompt) -> str`` callable for input (``EOFError`` when input ends),
so tests drive it without a terminal. The human sees only what their seat's view holds:
another seat's discard stays face down.
"""

from __future__ import annotations

import datetime
import errno
import os
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from euchre.bots import Bot, UnknownLevelError, make_bot
from euchre.bots.coachwords import action_words
from euchre.bots.commands import register as register_bot_commands
from euchre.engine import GameState, IllegalActionError, Variant, VariantError, preset
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import (
    CARD_TEXT,
    JOKER,
    NO_TRUMP,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    CardError,
    parse_card,
    suit_of,
)
from euchre.engine.deal import DealRecord
from euchre.engine.phases import PHASE_DESCRIPTIONS, Phase
from euchre.engine.records import dumps, export_egn
from euchre.engine.rules import display_sorted
from euchre.engine.steps import Contract, Outcome, Step, Trick
from euchre.engine.views import View
from euchre.server.commands import register as register_server_commands

from . import cli_coach

Ask = Callable[[str], str]

app = typer.Typer(
    name="euchre",
    help="Euchre: run the game server, play against bots in the terminal, replay EGN records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

RELATIVE_NAMES = {
    4: ("", "Left", "Partner", "Right"),
    3: ("", "Left", "Right"),
    2: ("", "Opponent"),
}
CARD_VERBS = ("play", "discard", "give")
RED_SUITS = (1, 3)


class UsageError(ValueError):
    """A command-line argument that cannot be used (the message says why)."""


class QuitGame(Exception):
    """The player typed quit."""


class InputProblem(ValueError):
    """Typed input that does not pick a choice (the message says what to type)."""


# ---------------------------------------------------------------------- rendering


def card_label(c: int) -> str:
    """A card as players read it: ``J♦``, ``10♥``; the Joker is ``JK``."""
    if c == JOKER:
        return "JK"
    rank = CARD_TEXT[c][0]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit_of(c)]


def card_markup(c: int) -> Text:
    """A card label, red for diamonds and hearts."""
    red = c != JOKER and suit_of(c) in RED_SUITS
    return Text(card_label(c), style="red" if red else "bold")


def cards_markup(cards: Sequence[int]) -> Text:
    return Text(" ").join(card_markup(c) for c in cards)


def suit_label(suit: int) -> str:
    """``♥ hearts`` or ``no trump``."""
    return "no trump" if suit == NO_TRUMP else f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def hand_markup(hand: Sequence[int], trump: int | None) -> Text:
    """A hand sorted as docs/rules.md §2.17 shows it, symbols first, the letters to type after."""
    ordered = display_sorted(hand, NO_TRUMP if trump is None else trump)
    if not ordered:
        return Text("(face down)")
    letters = " ".join(CARD_TEXT[c] for c in ordered)
    return cards_markup(ordered) + Text(f"   ({letters})", style="dim")


def action_markup(text: str) -> Text:
    """Protocol text with its cards and suits shown with symbols: ``play J♦``, ``call ♥``."""
    verb, _, rest = text.partition(" ")
    if verb in (*CARD_VERBS, "under") and rest:
        return Text(verb + " ") + cards_markup([parse_card(w) for w in rest.split()])
    if verb == "call" and rest[:1] in SUIT_LETTERS:
        suit = SUIT_LETTERS.index(rest[0])
        return Text(f"call {suit_label(suit)}{rest[1:]}")
    if verb == "call" and rest[:1] == "n":
        return Text(f"call no trump{rest[1:]}")
    return Text(text)


# ---------------------------------------------------------------------- the session


@dataclass
class Session:
    """One terminal game: the human at ``human``, bots everywhere else."""

    state: GameState
    human: int
    bots: dict[int, Bot]
    rngs: dict[int, random.Random]
    console: Console
    ask: Ask
    seed: int
    level: str
    reported: int = 0
    announced: int = -1
    tricks: list[int] = field(default_factory=list)
    last_view: View | None = None
    review: bool = False  # the coach's review after each hand
    started: float = field(default_factory=time.monotonic)  # for a timed game's clock

    @property
    def players(self) -> int:
        return self.state.variant.players

    def name(self, seat: int) -> str:
        """``You`` or ``Left (seat 1)``: seats named from the human's chair."""
        if seat == self.human:
            return "You"
        return f"{RELATIVE_NAMES[self.players][(seat - self.human) % self.players]} (seat {seat})"

    def side_name(self, side: int) -> str:
        """A score's owner: ``Us``/``Them`` with partners, else the player."""
        if self.players == 4:
            return "Us" if side == self.human % 2 else "Them"
        return self.name(side)

    def say(self, *parts: str | Text) -> None:
        self.console.print(Text.assemble(*parts))


def parse_options(items: Sequence[str]) -> dict[str, str]:
    """``["target=5", "super_euchre=true"]`` to a dict; raises :class:`UsageError`."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"option {item!r} must be written key=value, e.g. target=5")
        options[key.strip()] = value.strip()
    return options


def build_variant(name: str, options: Sequence[str]) -> Variant:
    """The preset with options applied; raises ``VariantError`` or :class:`UsageError`."""
    return preset(name, **parse_options(options))


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each bot's own random source, fixed by the game's seed."""
    return random.Random(f"euchre-cli:{seed}:bot:{seat}")


def new_session(
    variant: Variant,
    *,
    seed: int,
    seat: int,
    level: str,
    console: Console,
    ask: Ask,
    dealer: int | None = None,
) -> Session:
    """A game dealt from ``seed`` with the human at ``seat`` and bots of ``level``; the
    first ``dealer`` drawn from the seed unless given (the seed and first dealer of an
    arena game deal that game's cards again, docs/bot-protocol.md)."""
    if not 0 <= seat < variant.players:
        raise UsageError(f"seat must be 0 to {variant.players - 1} for {variant.name}, not {seat}")
    if dealer is not None and not 0 <= dealer < variant.players:
        raise UsageError(
            f"dealer must be 0 to {variant.players - 1} for {variant.name}, not {dealer}"
        )
    others = [s for s in range(variant.players) if s != seat]
    bots = {s: make_bot(level) for s in others}
    rngs = {s: bot_rng(seed, s) for s in others}
    state = GameState(variant, seed=seed, dealer=dealer)
    return Session(state, seat, bots, rngs, console, ask, seed, level)


# ---------------------------------------------------------------------- the loop


def play_game(session: Session) -> None:
    """Run the game to its end; ``EOFError``/:class:`QuitGame` from input propagate."""
    state = session.state
    session.say(
        Text(
            f"Euchre: {state.variant.name}, seed {session.seed}, {session.level} bots",
            style="bold",
        )
    )
    while True:
        report_finished_deals(session)
        if state.game_over:
            show_winner(session)
            return
        announce_deal(session)
        check_the_time(session)
        take_turn(session)


def check_the_time(session: Session) -> None:
    """A timed game's limit passed: the hand in progress is the last (docs/rules.md)."""
    state = session.state
    minutes = state.variant.time_limit_minutes
    if not minutes or state.time_up or time.monotonic() - session.started < minutes * 60:
        return
    state.signal_time_up()
    session.say(
        Text(f"Time is up ({minutes} min): this hand is the last, unless it ends in a tie.")
    )


def take_turn(session: Session) -> None:
    state = session.state
    seat = state.current_player
    assert seat is not None
    before = state.view(session.human)
    session.last_view = before
    if seat == session.human:
        step = human_turn(session, before)
    else:
        choice = session.bots[seat].decide(state.view(seat), session.rngs[seat])
        step = state.apply(choice, seat=seat)
    narrate(session, before, step.seen_by(session.human))


# ---------------------------------------------------------------------- narration


def announce_deal(session: Session) -> None:
    """At a new deal: the dealer, the turn-up, the score and the human's hand."""
    state = session.state
    view = state.view(session.human)
    if view.deal_number == session.announced:
        return
    session.announced = view.deal_number
    session.tricks = [0] * session.players
    session.console.rule(f"Deal {view.deal_number + 1}{_of_the_limit(state)}")
    session.say("Dealer: ", session.name(view.dealer), ".  Turn-up: ", card_markup(view.upcard))
    show_score(session, view.scores)
    session.say("Your hand: ", hand_markup(view.hand, view.trump))


def _of_the_limit(state: GameState) -> str:
    """Where a deal-limited game stands: " (3 of 8)", " (tie-break)" past the limit with
    players tied for first (a deal voided before the bidding is not counted)."""
    limit = state.variant.deal_limit
    if not limit:
        return ""
    counted = state.deals_counted + 1
    return f" ({counted} of {limit})" if counted <= limit else " (tie-break)"


def show_score(session: Session, scores: Sequence[int]) -> None:
    parts = ", ".join(f"{session.side_name(s)} {p}" for s, p in enumerate(scores))
    session.say(f"Score: {parts} ({how_it_is_won(session.state.variant)})")


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def how_it_is_won(variant: Variant) -> str:
    """What ends the game, for the score line: "playing to 10", "playing to 10 or 8 deals",
    "no target: the highest score after 30 minutes wins" (a game without one said "playing
    to 0")."""
    limit = ""
    if variant.deal_limit:
        limit = _counted(variant.deal_limit, "deal")
    elif variant.time_limit_minutes:
        limit = _counted(variant.time_limit_minutes, "minute")
    if not variant.target:
        return f"no target: the highest score after {limit} wins"
    return f"playing to {variant.target}" + (f" or {limit}" if limit else "")


def narrate(session: Session, before: View, step: Step) -> None:
    """Say what a seat just did, as the human may see it, and what followed."""
    session.say(f"{session.name(step.seat)}: ", public_action(step.action, step.phase))
    if step.trick is not None:
        finish_trick(session, step.trick)
    if step.contract is not None:
        announce_contract(session, step.contract)
    if step.end is None:
        announce_pickup(session, before)


# A pass outside the bidding declines an offer: said with what it declined ("pass" alone
# read as a bid).
DECLINED = {
    Phase.DEALER_DISCARD: "leaving the turn-up",
    Phase.GO_UNDER: "not going under",
    Phase.THROW_IN_CLAIM: "not throwing in the hand",
    Phase.TAKE_ALONE: "not taking it alone",
    Phase.DEFEND_ALONE: "not defending alone",
    Phase.CALL_FOR_BEST: "not calling for best",
}


def public_action(action: Action, phase: Phase) -> Text:
    """The action as the human sees it: a hidden card is said to be face down, a declined
    offer as what it declined."""
    if action.kind == ActionKind.PASS and phase in DECLINED:
        return Text(f"pass ({DECLINED[phase]})")
    if action.hidden:
        if action.kind == ActionKind.DISCARD:
            return Text("discard a card (face down)")
        return Text("give partner a card (face down)")
    if action.kind == ActionKind.ORDER:
        return Text(action.text.replace("order", "order up", 1))
    return action_markup(action.text)


def announce_contract(session: Session, contract: Contract) -> None:
    """Once trump is made (or a loner changes hands): trump, maker and who sits out."""
    active = session.state.view(session.human).active
    out = [session.name(s) for s in range(session.players) if s not in active]
    verb = "sits" if len(out) == 1 and out != ["You"] else "sit"
    sitting = f"; {' and '.join(out)} {verb} out" if out else ""
    alone = ", alone" if contract.alone else ""
    made = f"Trump: {suit_label(contract.trump)}, made by {session.name(contract.maker)}{alone}"
    session.say(Text(made + sitting, style="bold"))


def announce_pickup(session: Session, before: View) -> None:
    if before.upcard_state != "taken" and session.state.upcard_state == "taken":
        dealer, card = session.name(before.dealer), card_markup(before.upcard)
        if dealer_may_decline(session.state):
            session.say(f"{dealer}: may take ", card, " (discarding a card) or pass to leave it")
        else:
            session.say(f"{dealer}: pick up ", card)


def dealer_may_decline(state: GameState) -> bool:
    """Two-player: the dealer may leave the ordered turn-up and keep the hand dealt."""
    return state.phase == Phase.DEALER_DISCARD and "pass" in state.legal_actions()


def finish_trick(session: Session, trick: Trick) -> None:
    """After the last card of a trick: who won it, and the tricks so far."""
    session.tricks[trick.winner] += 1
    session.say(
        Text("→ "),
        session.name(trick.winner),
        " won the trick with ",
        card_markup(trick.winning_card),
        f".  Tricks: {tricks_line(session)}",
    )


def side_tricks(session: Session) -> list[int]:
    """Tricks taken this deal per score-keeping side."""
    if session.players == 4:
        return [session.tricks[0] + session.tricks[2], session.tricks[1] + session.tricks[3]]
    return list(session.tricks)


def tricks_line(session: Session) -> str:
    return ", ".join(f"{session.side_name(s)} {t}" for s, t in enumerate(side_tricks(session)))


OUTCOMES = {
    "throw-in": "everyone passed: no points, new deal",
    "farmers": "a farmer's hand (four or more 9s and 10s): redeal",
    "redeal": "a weak hand was thrown in: redeal",
    "misdeal": "two players went under: misdeal, redeal",
    "forfeit": "the stuck dealer forfeited",
}


def report_finished_deals(session: Session) -> None:
    deals = session.state.deals
    while session.reported < len(deals) and deals[session.reported].outcome:
        report_deal(session, deals[session.reported])
        if session.review:
            cli_coach.show_review(session, session.reported)
        session.reported += 1


def report_deal(session: Session, record: DealRecord) -> None:
    """What happened in a finished deal, the points and the score."""
    outcome = record.outcome
    if outcome is None or outcome == Outcome.SCORED:
        text = scored_summary(session, record)
    else:
        text = OUTCOMES.get(outcome, outcome.value)
    gains = [f"{session.side_name(s)} +{p}" for s, p in enumerate(record.points) if p]
    points = "; ".join(gains) if gains else "no points"
    session.say(Text(f"Deal {record.number + 1}: {text}.  Points: {points}.", style="bold"))
    scores = [b + p for b, p in zip(record.scores_before, record.points, strict=True)]
    show_score(session, scores)
    tell_a_tie_on_top(session, scores)


def tell_a_tie_on_top(session: Session, scores: Sequence[int]) -> None:
    """Past the target (or the time) with the lead shared, the game goes on: say why, or
    the score reads as a game that forgot to end (docs/rules.md §2.13)."""
    state, top = session.state, max(scores)
    over = top >= state.variant.target or state.time_up
    tied = [session.side_name(s) for s, p in enumerate(scores) if p == top]
    if over and len(tied) > 1 and not state.game_over:
        names = " and ".join(tied)
        session.say(f"{names} are tied for the lead at {top}: play goes on until one leads.")


def scored_summary(session: Session, record: DealRecord) -> str:
    view = session.last_view
    if view is None or view.maker is None or view.trump is None:
        return "scored"
    if record.number != view.deal_number:
        return "scored"
    maker = view.maker
    side = maker % 2 if session.players == 4 else maker
    taken = side_tricks(session)[side]
    alone = " alone" if view.alone else ""
    made = record.points[side] > 0  # not tricks alone: a loner may have to take all five
    verdict = ("march" if taken == 5 else "made it") if made else "euchred"
    return (
        f"trump {suit_label(view.trump)}, made by {session.name(maker)}{alone}; "
        f"makers took {taken} of 5 tricks ({verdict})"
    )


def show_winner(session: Session) -> None:
    state = session.state
    session.console.rule("Game over")
    show_score(session, state.scores)
    winner = state.winner
    assert winner is not None
    if session.players == 4:
        seats = " and ".join(session.name(s) for s in (winner, winner + 2))
        session.say(Text(f"Winner: {session.side_name(winner)}: {seats}", style="bold"))
    else:
        session.say(Text(f"Winner: {session.name(winner)}", style="bold"))


# ---------------------------------------------------------------------- the human's turn


def human_turn(session: Session, view: View) -> Step:
    """Show the situation, then ask until the engine accepts an action."""
    show_situation(session, view)
    legal = ordered_choices(view)
    show_choices(session, view, legal)
    span = "1" if len(legal) == 1 else f"1-{len(legal)}"
    while True:
        raw = session.ask(f"Your choice ({span}, or type the action, hint, review, help): ")
        word = raw.strip().lower()
        if word in HELP_WORDS:
            show_help(session, view, legal)
            continue
        if word in cli_coach.COMMANDS:
            cli_coach.run_command(session, word, view, legal)
            continue
        try:
            named = {action_words(view, a): a for a in legal}
            return session.state.apply(resolve_input(raw, legal, named), seat=session.human)
        except (InputProblem, IllegalActionError) as exc:
            said, may, rest = str(exc).rpartition(f" seat {session.human} may ")
            told = f"{said} you may {rest}" if may else rest  # as named here
            session.say(Text(f"Not accepted: {told}", style="yellow"))
            show_choices(session, view, legal)


HELP_WORDS = ("help", "?")
HELP = (
    "How to answer at the prompt:",
    "  a number       the choice of that number in the list (1 is the first)",
    "  its words      as listed (and as the hint names it), e.g. 'Play Ace of clubs', 'Pass'",
    "  an action      as in brackets, e.g. 'pass', 'order alone', 'call h', 'play Jc'",
    "  a card         when the choices are cards: 'Jc', 'kh', '10d' plays (or discards) it",
    "  hint           what the coach would do: every choice with its points this hand",
    "                 (your side's minus theirs) and your chance of winning the game",
    "  review         the coach's review of your decisions in the last finished hand",
    "  help, ?        this list",
    "  quit, exit     leave the game (ctrl-D too)",
    "Cards: rank 9 T(10) J Q K A and suit c(lubs) d(iamonds) h(earts) s(pades).",
)


def show_help(session: Session, view: View, legal: Sequence[str]) -> None:
    """The commands the prompt takes, then the choices again."""
    for line in HELP:
        session.say(line)
    show_choices(session, view, legal)


def show_situation(session: Session, view: View) -> None:
    session.say(Text(f"Your turn: {PHASE_DESCRIPTIONS[view.phase]}", style="bold"))
    if view.phase in (Phase.BID_R1, Phase.BID_R2, Phase.TAKE_ALONE, Phase.JOKER_NAME):
        said = "Turned down: " if view.upcard_state == "down" else "The turn-up: "
        session.say(said, card_markup(view.upcard))
    session.say("Your hand: ", hand_markup(view.hand, view.trump))
    if view.phase == Phase.PLAY and view.trick:
        shown = Text(", ").join(
            Text.assemble(f"{session.name(s)} ", card_markup(c)) for s, c in view.trick
        )
        session.say(f"Trick {sum(view.tricks_won) + 1} so far: ", shown)


def ordered_choices(view: View) -> list[str]:
    """The legal actions, card actions in the order the hand is shown."""
    legal = view.legal_texts()
    cards = [parse_card(t.split()[1]) for t in legal if t.split()[0] in CARD_VERBS]
    position = {c: i for i, c in enumerate(display_sorted(cards, trump_of(view)))}

    def key(text: str) -> int:
        verb, _, rest = text.partition(" ")
        return position[parse_card(rest)] if verb in CARD_VERBS else -1

    return sorted(legal, key=key)


def trump_of(view: View) -> int:
    return NO_TRUMP if view.trump is None else view.trump


def show_choices(session: Session, view: View, legal: Sequence[str]) -> None:
    """Each choice in the words the hint uses, what to type for it after in brackets."""
    declining = dealer_may_decline(session.state)
    for number, text in enumerate(legal, start=1):
        verb, _, rest = text.partition(" ")
        typed = rest if verb in CARD_VERBS else text
        line = Text(f"  {number}) {action_words(view, text)}")
        line.append(f"   [{typed}]", style="dim")
        if declining and text == "pass":
            line.append("   (leave the turn-up: it goes out of play, you keep your hand)")
        elif declining:
            line.append("   (take the turn-up)")
        session.say(line)


def resolve_input(raw: str, legal: Sequence[str], named: Mapping[str, str] | None = None) -> str:
    """Typed input to action text: a choice number, the action, just a card to play, or
    the action in the words the hint names it (``named``: words to action text, any case).

    The engine judges the result; raises :class:`InputProblem` for an empty line or a
    number out of range and :class:`QuitGame` for ``quit``.
    """
    text = " ".join(raw.split())
    if not text:
        raise InputProblem("type a choice number or an action")
    if text.lower() in ("quit", "exit"):
        raise QuitGame
    by_words = {words.casefold(): action for words, action in (named or {}).items()}
    if text.casefold() in by_words:
        return by_words[text.casefold()]
    if text.isdecimal():  # (not isdigit: "³" is a digit int() does not read)
        if len(text) > 6:  # (int() refuses more than 4,300 digits)
            raise InputProblem(f"{text[:12]}… is not a choice: pick 1 to {len(legal)}")
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise InputProblem(f"{number} is not a choice: pick 1 to {len(legal)}")
    verbs = {t.split()[0] for t in legal if t.split()[0] in CARD_VERBS}
    if len(verbs) == 1 and " " not in text:
        try:
            return f"{verbs.pop()} {CARD_TEXT[parse_card(text)]}"
        except CardError:
            pass
    return text


def run_interactive(session: Session) -> int:
    """Play to the end; input ending or ``quit`` leaves cleanly. Returns the exit code."""
    try:
        play_game(session)
    except (EOFError, QuitGame) as exc:
        why = "you quit" if isinstance(exc, QuitGame) else "input ended"
        session.console.print()
        session.say(f"Game left unfinished ({why}).")
        show_score(session, session.state.scores)
    except KeyboardInterrupt:
        session.console.print()
        session.say("Interrupted: game left unfinished.")
        return 130
    return 0


def save_record(session: Session, path: Path) -> int:
    """Write the game so far to ``path`` as an EGN record (docs/records.md); the exit
    code: 0, or 1 when the file could not be written."""
    players = [
        "You" if seat == session.human else f"{session.level.capitalize()} bot (seat {seat})"
        for seat in range(session.players)
    ]
    record = export_egn(
        session.state,
        players=players,
        title=f"euchre play, seed {session.seed}",
        date=datetime.datetime.now(),
    )
    try:
        path.write_text(dumps(record) + "\n", encoding="utf-8")
    except OSError as exc:
        problem = f"error: the game record could not be written to {path}: {exc.strerror}"
        _error_console().print(Text(problem))
        return 1
    session.say(f"Game record written to {path} (`euchre replay {path}` checks it).")
    return 0


def _check_writable(path: Path) -> None:
    """Refuse a --save path that cannot be written before the game, not after it."""
    try:
        if path.is_dir():
            raise UsageError(f"--save needs a file name, not the folder {path}")
        if not path.parent.is_dir():
            raise UsageError(f"--save: there is no folder {path.parent} to write {path.name} in")
        if path.exists():  # an older record: written over when the game ends
            if not os.access(path, os.W_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        elif not path.is_symlink():  # (a link to a file not yet written is left as it is)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
            path.unlink()  # made only to try: written when the game ends
    except OSError as exc:
        raise UsageError(f"--save: {path} cannot be written ({exc.strerror})") from None


def _error_console() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


# ---------------------------------------------------------------------- commands


@app.command()
def play(
    variant: Annotated[
        str,
        typer.Option(help="Rule preset: standard, classic, british, long, cutthroat, two-player."),
    ] = "standard",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="Change one rule, key=value (repeatable)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Deal and bot choices from this seed (same game again).")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0 to players-1.")] = 0,
    dealer: Annotated[
        int | None,
        typer.Option(help="The first dealer, 0 to players-1 (default: drawn from the seed)."),
    ] = None,
    level: Annotated[
        str, typer.Option(help="Bot level for the other seats: random, easy, medium, hard.")
    ] = "hard",
    review: Annotated[
        bool, typer.Option(help="After each hand, the coach rates your decisions.")
    ] = False,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="When the game ends (or is left), write it to FILE as an EGN record.",
        ),
    ] = None,
) -> None:
    """Play one game against bots in the terminal."""
    console = Console(highlight=False, soft_wrap=True)
    chosen_seed = secrets.randbelow(1_000_000_000) if seed is None else seed
    try:
        rules = build_variant(variant, option or [])
        session = new_session(
            rules,
            seed=chosen_seed,
            seat=seat,
            level=level,
            console=console,
            ask=console.input,
            dealer=dealer,
        )
        session.review = review
        if save is not None:
            _check_writable(save)
    except (UsageError, VariantError, UnknownLevelError) as exc:
        _error_console().print(Text(f"error: {exc}"))
        raise typer.Exit(2) from None
    code = 1
    try:
        code = run_interactive(session)
    finally:  # the game so far is kept even where the program failed
        if save is not None:
            code = save_record(session, save) or code
    raise typer.Exit(code)


@app.command()
def replay(
    file: Annotated[str, typer.Argument(metavar="FILE|-", help="An EGN record; - reads stdin.")],
) -> None:
    """Check an EGN record by replaying it; prints JSON (exit 0 valid, 1 illegal, 2 not EGN)."""
    from euchre.engine.records import replay_cli

    code, text = replay_cli(file)
    typer.echo(text)
    raise typer.Exit(code)


register_server_commands(app)


register_bot_commands(app)


def main() -> None:
    """The ``euchre`` console script."""
    app(prog_name="euchre")


if __name__ == "__main__":
    main()
