"""``euchre play``'s prompt: ``help`` and ``?`` list what it takes, and a hint marks the
choices too close to call as tied with the recommended one."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from euchre import cli_coach
from euchre.bots.coach_values import ActionValue, Fact, Hint, Rule
from euchre.cli import Session, new_session, run_interactive
from euchre.engine import preset


def scripted(answers: list[str]) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, soft_wrap=True, color_system=None)
    script = iter(answers)
    session = new_session(
        preset("standard"),
        seed=3,
        seat=0,
        level="random",
        console=console,
        ask=lambda _prompt: next(script),
    )
    return session, out


@pytest.mark.parametrize("word", ["help", "?", "HELP "])
def test_help_lists_the_commands_and_the_game_goes_on(word: str) -> None:
    session, out = scripted([word, "1", "quit"])
    assert run_interactive(session) == 0
    text = out.getvalue()
    assert "Not accepted" not in text
    told = text.split("How to answer at the prompt:", 1)[1]
    for command in ("a number", "hint", "review", "quit", "help, ?"):
        assert f"  {command}" in told, command
    assert re.search(r"Cards: rank .*\n  1\) ", told)  # the choices again after the help
    assert session.state.record.actions()  # the "1" after it was played


def test_a_hint_marks_the_choices_about_equal_to_the_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    values = (
        ActionValue("discard 9d", -0.54, -0.54, -0.038),
        ActionValue("discard Tc", -0.50, -0.50, -0.035),
        ActionValue("discard Ah", -1.50, -1.50, -0.090),
    )
    fact = Fact("close", "Discard 9d is about equal to discard Tc here.")
    tied = Hint(
        0,
        "discard 9d",
        values,
        (fact,),
        24,
        0.5,
        Rule.LOWEST,
        frozenset({"discard 9d", "discard Tc"}),
    )
    monkeypatch.setattr(cli_coach, "hint", lambda view, seed: tied)
    session, out = scripted([])
    cli_coach.show_hint(session, session.state.view(0))
    lines = out.getvalue().splitlines()
    marked = {line.split(":")[0].strip() for line in lines if line.endswith("≈")}
    assert marked == {"Discard Nine of diamonds", "Discard Ten of clubs"}
    assert any(line.strip().startswith("(≈: about equal to the hint") for line in lines)
