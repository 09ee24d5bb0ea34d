"""The browser client never takes an action's text apart: it reads the action objects the
server sends beside each text (docs/protocol.md, "Action objects"), and sends the text
back only as it came.

The patterns below are what taking a text apart looks like in JavaScript; each is shown to
catch a line the client used to have, and not the lines that read the objects, so the
test cannot pass by a pattern that matches nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "euchre" / "web"
WORDS = r"(?:play|discard|give|order|call|pass|under|alone)"

TAKING_APART = {
    "splits a text at its spaces": re.compile(r"""\.split\(\s*(?:["'`] ["'`]|/\\s|/ )"""),
    "matches a text against an action word": re.compile(rf"/\^\(?{WORDS}"),
    "looks for an action word in a text": re.compile(
        rf"""\.(?:startsWith|endsWith|includes|indexOf|match|slice|replace)\(\s*-?\s*["'`][^"'`]*\b{WORDS}\b"""
    ),
    "spells an action word with its space": re.compile(rf"""["'`](?: {WORDS}|{WORDS} )["'`]"""),
    "turns a text into a key": re.compile(r"""\.replaceAll\(\s*["'`] ["'`]"""),
    "compares a text with an action": re.compile(
        rf"""\baction\s*[!=]==?\s*["'`]{WORDS}|["'`]{WORDS}[^"'`]*["'`]\s*[!=]==?\s*\w*\.?action\b"""
    ),
    "takes the verb off a text": re.compile(r"\[\s*verb\b"),
    "cuts an action text": re.compile(
        r"\b(?:action|actions)\.(?:split|slice|substring|substr|startsWith|endsWith|match)\("
    ),
}

# Lines of the client before it read the objects: every one must be caught.
OLD_LINES = [
    'const [verb, ...rest] = action.split(" ");',
    'else if (/^play\\b/.test(e.action)) attention.sound("card");',
    "const bids = s.history.filter((e) => !/^(play|discard|give)\\b/.test(e.action));",
    'if (action.startsWith("call ") && action.endsWith(" alone")) aloneOf.set(a, action);',
    "aloneOf.set(action.slice(0, -6), action);",
    'aloneOf.set(a.slice(0, -" alone".length), a);',
    'const key = `events.${action.replaceAll(" ", "_")}`;',
    'const passes = state.history.filter((e) => e.action === "pass").length;',
    'return this.t(`table.cardAction.${action.split(" ")[0]}`, { card: name });',
    'class: `bid ${action.startsWith("pass") ? "pass" : "primary"}${coached}`,',
    "const [verb, card] = step.action.split(/\\s+/);",
]

# Lines of the client now: none may be caught.
NEW_LINES = [
    'if (act.kind === "call") return this.t(act.alone ? "bids.callAlone" : "bids.call", { suit });',
    "for (const act of this.state.legal_acts) if (act.card) map.set(act.card, act);",
    'if (m.table !== this.tableId && !String(m.ref || "").startsWith("f")) return false;',
    "return text.charAt(0).toUpperCase() + text.slice(1);",
    'for (const part of key.split(".")) {',
    "const key = `events.${actKey(act)}`;",
    "act: () => el.dataset.action && this.act(el.dataset.action),",
]


def caught(line: str) -> list[str]:
    return [name for name, pattern in TAKING_APART.items() if pattern.search(line)]


@pytest.mark.parametrize("line", OLD_LINES)
def test_the_patterns_catch_what_taking_a_text_apart_looked_like(line: str) -> None:
    assert caught(line), line


@pytest.mark.parametrize("line", NEW_LINES)
def test_the_patterns_leave_reading_the_objects_alone(line: str) -> None:
    assert caught(line) == [], line


def test_no_module_of_the_client_takes_an_action_text_apart() -> None:
    modules = sorted(WEB.rglob("*.js"))
    assert len(modules) > 20 and WEB / "table.js" in modules
    found = [
        f"{path.name}:{number}: {', '.join(caught(line))}: {line.strip()}"
        for path in modules
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if caught(line)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("module", "reads"),
    [
        ("table.js", "this.state.legal_acts"),  # the hand's cards and the bid buttons
        ("table.js", "e.act"),  # an event's action, and each history entry's
        ("felt.js", "TWINNED.has(act.kind)"),  # a bid and the same bid alone, one button
        ("replayframes.js", "acts[action]"),  # a replay's steps
        ("coach.js", "acts[text]"),  # a hint's and a review's actions
        ("replaycoach.js", "decision.acts[text]"),  # a finished game's review
    ],
)
def test_the_client_reads_the_objects(module: str, reads: str) -> None:
    assert reads in (WEB / module).read_text(encoding="utf-8")
