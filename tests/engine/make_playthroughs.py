"""Golden playthroughs: whole fixed-seed games written out as readable text.

Each case plays one game under a preset (plus options) with a seed and a deterministic
policy, and lists every deal (hands, turn-up, kitty), every action with its seat, each
trick with its winner, each deal's points and the final score. tests/engine/test_playthroughs.py
regenerates them in memory and compares with the files byte for byte (like OpenSpiel's
playthroughs or python-chess's perft tables).

    python tests/engine/make_playthroughs.py           # report the files that differ
    python tests/engine/make_playthroughs.py --write   # rewrite them

Rewrite only after reading the diff: a changed file means the engine plays differently.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from euchre.engine import GameState, Phase, preset
from euchre.engine import actions as A
from euchre.engine.cards import CARD_TEXT
from euchre.engine.deal import DealRecord
from euchre.engine.rules import trick_winner_index

FOLDER = Path(__file__).with_name("playthroughs")
MAX_ACTIONS = 4000
PASS_CHANCE = 0.6


@dataclass(frozen=True)
class Case:
    """One golden game: ``<preset>_<number>.txt``."""

    preset: str
    number: int
    seed: int
    policy: str  # "first", "last" or "random"
    options: dict[str, Any] = field(default_factory=dict)
    time_up_at: int = -1  # signal_time_up() before this action index

    @property
    def name(self) -> str:
        return f"{self.preset}_{self.number}"

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"


CASES = (
    Case("standard", 1, 1, "first"),
    Case("standard", 2, 2, "random"),
    Case(
        "standard",
        3,
        3,
        "random",
        {
            "defend_alone": True,
            "call_for_best": True,
            "loner_lead": "LEFT_OF_LONER",
            "super_euchre": True,
        },
    ),
    Case("classic", 1, 1, "last"),
    Case("classic", 2, 2, "random"),
    Case(
        "classic",
        3,
        3,
        "random",
        {
            "farmers_hand": True,
            "no_trump": True,
            "minimum_trump": True,
            "time_limit_minutes": 30,
        },
        time_up_at=160,
    ),
    Case("british", 1, 1, "first"),
    Case("british", 2, 2, "random"),
    Case(
        "british",
        3,
        3,
        "random",
        {
            "joker_upcard_rule": "dealer_names_blind",
            "dealer_may_discard_upcard": True,
            "lone_euchre_points": 4,
        },
    ),
    Case("long", 1, 1, "first"),
    Case("long", 2, 2, "random"),
    Case(
        "long",
        3,
        3,
        "random",
        {
            "maker_partner_may_go_alone": True,
            "go_under": "mixed",
            "laps": True,
        },
    ),
    Case("cutthroat", 1, 1, "first"),
    Case("cutthroat", 2, 2, "random"),
    Case(
        "cutthroat",
        3,
        3,
        "random",
        {
            "super_euchre": True,
            "farmers_hand": True,
            "stick_the_dealer": False,
        },
    ),
    Case("two-player", 1, 1, "first"),
    Case("two-player", 2, 2, "random"),
    Case("two-player", 3, 3, "random", {"joker": True, "stick_the_dealer": False}),
)


def _policy(case: Case) -> Callable[[GameState], int]:
    if case.policy == "first":
        return lambda state: state.legal_ids()[0]
    if case.policy == "last":
        return lambda state: state.legal_ids()[-1]
    rng = random.Random(case.seed)

    def choose(state: GameState) -> int:
        legal = state.legal_ids()
        bidding = state.phase in (Phase.BID_R1, Phase.BID_R2)
        if bidding and A.PASS in legal and rng.random() < PASS_CHANCE:
            return A.PASS
        return legal[rng.randrange(len(legal))]

    return choose


def _cards(cards: list[int]) -> str:
    # Suits in the display order clubs, diamonds, spades, hearts; high to low; Joker last.
    return " ".join(CARD_TEXT[c] for c in sorted(cards, key=lambda c: (c // 8, -(c % 8))))


def _score(scores: tuple[int, ...] | list[int]) -> str:
    return "-".join(str(s) for s in scores)


class Writer:
    """Turns a game, action by action, into text."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.variant = preset(case.preset, **case.options)
        self.state = GameState(self.variant, seed=case.seed)
        self.lines: list[str] = []
        self.trick: list[tuple[int, int]] = []
        self.tricks = 0

    def run(self) -> str:
        case, state = self.case, self.state
        self._header()
        for record in state.deals:
            self._deal_head(record)
            if record is not state.record:
                self._deal_result(record)
        choose = _policy(case)
        actions = 0
        while not state.game_over and actions < MAX_ACTIONS:
            if actions == case.time_up_at:
                state.signal_time_up()
                self.lines.append("  ** the clock runs out: signal_time_up() **")
            self._step(choose(state))
            actions += 1
        if state.game_over:
            winner = state.winner
            self.lines.append(
                f"game over after {actions} actions: side {winner} wins, "
                f"score {_score(state.scores)}"
            )
        else:
            self.lines.append(f"stopped after {MAX_ACTIONS} actions, score {_score(state.scores)}")
        return "\n".join(self.lines) + "\n"

    def _header(self) -> None:
        case, v = self.case, self.variant
        policy = {
            "first": "always the first legal action",
            "last": "always the last legal action",
            "random": f"seeded random (random.Random({case.seed})); in bidding pass with "
            f"chance {PASS_CHANCE}, else any legal action",
        }[case.policy]
        self.lines += [
            "# Euchre golden playthrough, written by tests/engine/make_playthroughs.py",
            f"preset: {case.preset}",
            f"options: {json.dumps(case.options, sort_keys=True)}",
            f"variant: {json.dumps(v.options(), sort_keys=True, default=str)}",
            f"seed: {case.seed}",
            f"policy: {policy}",
            f"players: {v.players}, deck: {v.deck_size} cards, target: {v.target}",
            "seats: clockwise 0.."
            f"{v.players - 1}; sides: {'seat % 2' if v.players == 4 else 'one per seat'}",
            "",
        ]

    def _deal_head(self, record: DealRecord) -> None:
        n = self.variant.players
        self.lines.append(
            f"deal {record.number}: dealer {record.dealer}, score {_score(record.scores_before)}"
        )
        for seat, hand in enumerate(record.hands(n)):
            self.lines.append(f"  hand {seat}: {_cards(hand)}")
        up = 5 * n
        rest = " ".join(CARD_TEXT[c] for c in record.deck[up + 1 :])
        self.lines.append(f"  turn-up {CARD_TEXT[record.deck[up]]}, kitty below it: {rest}")
        self.trick, self.tricks = [], 0

    def _deal_result(self, record: DealRecord) -> None:
        text = f"  result: {record.outcome}"
        if record.outcome == "scored":
            made = f"trump {'cdshn'[record.trump]}, maker {record.maker}"
            if record.alone:
                made += " alone"
            if record.lone_defender is not None:
                made += f", seat {record.lone_defender} defends alone"
            text += f" ({made}; tricks by side {_score(record.tricks)})"
        after = [b + p for b, p in zip(record.scores_before, record.points, strict=True)]
        text += f"; points {_score(record.points)}; score {_score(after)}"
        self.lines += [text, ""]

    def _step(self, aid: int) -> None:
        state = self.state
        seat, phase, trump = state.turn, state.phase, state.trump
        active = state.active.bit_count()
        deals_before = len(state.deals)
        state.apply(A.action_text(aid), seat=seat)
        if phase == Phase.PLAY:
            self.trick.append((seat, aid - A.PLAY_BASE))
            if len(self.trick) == active:
                self._trick_line(trump)
        else:
            self.lines.append(f"  {seat}: {A.action_text(aid):<18} [{phase.name.lower()}]")
        if len(state.deals) == deals_before and not state.game_over:
            return
        finished = state.deals[deals_before - 1 :]
        if not state.game_over:
            finished = finished[:-1]
        self._deal_result(finished[0])
        for record in finished[1:]:
            self._deal_head(record)
            self._deal_result(record)
        if not state.game_over:
            self._deal_head(state.record)

    def _trick_line(self, trump: int) -> None:
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner_index(cards, trump)][0]
        self.tricks += 1
        played = ", ".join(f"{s} {CARD_TEXT[c]}" for s, c in self.trick)
        self.lines.append(f"  trick {self.tricks}: {played} -> {winner}")
        self.trick = []


def playthrough(case: Case) -> str:
    """The text of one case, generated now."""
    return Writer(case).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the golden files")
    args = parser.parse_args(argv)
    differ = 0
    for case in CASES:
        text = playthrough(case)
        old = case.path.read_text() if case.path.exists() else ""
        if text == old:
            continue
        differ += 1
        if args.write:
            FOLDER.mkdir(exist_ok=True)
            case.path.write_text(text)
            print(f"wrote {case.path}")
        else:
            diff = difflib.unified_diff(
                old.splitlines(), text.splitlines(), str(case.path), "generated", lineterm="", n=1
            )
            print("\n".join(list(diff)[:40]))
    if not args.write and differ:
        print(f"{differ} playthrough(s) differ; inspect, then rerun with --write")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
