"""Helpers for the command-line tests: running ``euchre``, reading its transcript."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(sys.executable).parent / "euchre"
ALWAYS_FIRST = "1\n" * 4000
SUIT_SYMBOL = {"c": "♣", "d": "♦", "s": "♠", "h": "♥"}
SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOL.items()}
PLAIN_ORDER = "AKQJT987"  # high to low, as docs/rules.md §2.9 ranks a plain suit
CYCLE = "cdsh"  # ♣ ♦ ♠ ♥ (docs/rules.md §2.17)
SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}


def run_script(
    *args: str, stdin: str = ALWAYS_FIRST, module: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run the installed console script (or ``python -m euchre``) for real."""
    command = [sys.executable, "-m", "euchre", *args] if module else [str(SCRIPT), *args]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    return subprocess.run(
        command,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )


def expected_display_order(cards: list[str], trump: str | None) -> list[str]:
    """docs/rules.md §2.17 written out independently of the engine's tables."""

    def group(card: str) -> int:
        if card == "B":
            return 0 if trump else 4
        if trump and (card[1] == trump or card == "J" + SAME_COLOUR[trump]):
            return 0
        start = CYCLE.index(trump) if trump else 0
        return (CYCLE.index(card[1]) - start) % 4

    def strength(card: str) -> int:
        if card == "B":
            return -3
        if trump and card == "J" + trump:
            return -2
        if trump and card == "J" + SAME_COLOUR[trump]:
            return -1
        return PLAIN_ORDER.index(card[0])

    return sorted(cards, key=lambda c: (group(c), strength(c)))


def label(card: str) -> str:
    """``Jd`` as the transcript shows it: ``J♦``; ``Th``: ``10♥``; Joker ``JK``."""
    if card == "B":
        return "JK"
    return ("10" if card[0] == "T" else card[0]) + SUIT_SYMBOL[card[1]]


HAND_LINE = re.compile(r"Your hand: (?P<shown>.*?)\s+\((?P<letters>[^)]*)\)$")
TRUMP_LINE = re.compile(r"^Trump: (?P<symbol>[♣♦♠♥]) ")
POINTS_LINE = re.compile(r"^Deal \d+: .*Points: (?P<points>.*)\.$")
SCORE_LINE = re.compile(r"^Score: (?P<scores>.*) \(playing to (?P<target>\d+)(?: or [^)]*)?\)$")


@dataclass
class HandShown:
    cards: list[str]
    symbols: list[str]
    trump: str | None


def hands_shown(transcript: str) -> list[HandShown]:
    """Every hand line of a transcript with the trump known at that moment."""
    trump: str | None = None
    found = []
    for line in transcript.splitlines():
        if line.startswith("───") and "Deal" in line:
            trump = None
        if m := TRUMP_LINE.match(line):
            trump = SYMBOL_SUIT[m["symbol"]]
        if (m := HAND_LINE.search(line)) and m["letters"]:
            found.append(HandShown(m["letters"].split(), m["shown"].split(), trump))
    return found


def parse_named_numbers(text: str, separator: str = ", ") -> dict[str, int]:
    """``Us 3, Them 4`` or ``Us +2; Them +1`` to {name: number}."""
    out = {}
    for part in text.split(separator):
        name, _, number = part.rpartition(" ")
        out[name] = int(number)
    return out


def points_and_final_score(transcript: str) -> tuple[dict[str, int], dict[str, int], int]:
    """Points summed over every deal result, the final score, and the target."""
    totals: dict[str, int] = {}
    for line in transcript.splitlines():
        m = POINTS_LINE.match(line)
        if m and m["points"] != "no points":
            for name, p in parse_named_numbers(m["points"], "; ").items():
                totals[name] = totals.get(name, 0) + p
    final_part = transcript.split("Game over")[-1]
    final = next(SCORE_LINE.match(ln) for ln in final_part.splitlines() if SCORE_LINE.match(ln))
    assert final is not None
    return totals, parse_named_numbers(final["scores"]), int(final["target"])
