"""``euchre arena``: duplicate matches, small and fast (the long runs are benchmarks)."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from euchre.bots import arena
from euchre.bots.arena import (
    Z95,
    ArenaStopped,
    Contender,
    lineups,
    play_unit,
    rules_name,
    run_match,
    t95,
    unit_seed,
)
from euchre.bots.commands import print_report
from euchre.cli import app, new_session
from euchre.engine import preset
from euchre.engine.cards import CARD_TEXT


def test_lineups_swap_every_seat() -> None:
    assert lineups(4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert lineups(2) == [(0, 1), (1, 0)]
    three = lineups(3)
    assert len(three) == 6
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in three) == [0, 0, 0, 1, 1, 1]


def test_duplicate_games_deal_the_same_cards() -> None:
    """Both games of a unit see the same decks in the same order, seats swapped."""
    unit = play_unit(preset("standard"), Contender("easy"), Contender("easy"), 5, 0)
    assert unit.games == 2
    # Equal bots on swapped seats: every deal scores the same both ways, so the
    # difference cancels exactly.
    assert unit.diff == 0


def test_medium_beats_random() -> None:
    report = run_match(
        preset("standard"), Contender("medium"), Contender("random"), deals=40, seed=3, jobs=1
    )
    data = report.to_json()
    assert data["deals"] >= 40
    assert data["games"] % 2 == 0
    assert data["points_per_hand"] > 0.5
    low, high = data["ci95"]
    assert low < data["points_per_hand"] < high
    assert data["win_rate"] > 0.5
    names = [b["name"] for b in data["bots"]]
    assert names == ["medium", "random"]
    assert all(b["decisions"] > 0 and b["p95_ms"] >= b["median_ms"] for b in data["bots"])


def test_hard_beats_random() -> None:
    report = run_match(
        preset("standard"), Contender("hard"), Contender("random"), deals=24, seed=1, jobs=2
    )
    assert report.deals >= 24
    assert report.mean() > 0.5


def test_same_seed_same_result_with_any_number_of_processes() -> None:
    args = (preset("standard"), Contender("easy"), Contender("random"))
    one = run_match(*args, deals=30, seed=9, jobs=1).to_json()
    two = run_match(*args, deals=30, seed=9, jobs=2).to_json()
    for key in ("deals", "games", "points_per_hand", "stderr", "win_rate"):
        assert one[key] == two[key]


@pytest.mark.parametrize("name", ["cutthroat", "two-player", "british"])
def test_other_variants(name: str) -> None:
    report = run_match(preset(name), Contender("medium"), Contender("random"), deals=12, jobs=1)
    assert report.deals >= 12
    assert report.games == len(lineups(preset(name).players)) * len(report.units)


def test_the_report_names_the_rules_played() -> None:
    assert rules_name(preset("standard")) == "standard"
    assert rules_name(preset("cutthroat")) == "cutthroat"
    assert rules_name(preset("standard", players=3)) == "standard, 3 players"  # Cutthroat's rules


def test_external_bot_command() -> None:
    command = f"cmd:{sys.executable} -m euchre bot --level easy"
    report = run_match(
        preset("standard"), Contender(command, time_ms=10_000), Contender("random"), deals=8, jobs=1
    )
    assert report.deals >= 8
    assert report.timing(0)["decisions"] > 0


def test_the_intervals_allow_for_few_units_and_never_claim_certainty() -> None:
    """Two units gave mean ± 1.96 SE, a sixth of Student's; and every game won by one bot
    gave "100.0% ± 0.0%", as if no number of further games could say otherwise."""
    report = run_match(
        preset("standard"), Contender("easy"), Contender("random"), deals=30, seed=4, jobs=1
    )
    data = report.to_json()
    units, se, mean = data["units"], data["stderr"], data["points_per_hand"]
    assert 2 <= units <= 30
    low, high = data["ci95"]
    assert high - mean == pytest.approx(mean - low) == pytest.approx(t95(units - 1) * se)
    assert t95(units - 1) > 2.0 > Z95 and t95(1) == 12.706 and Z95 < t95(200) < 1.975
    won_low, won_high = data["win_rate_ci95"]
    assert 0.0 <= won_low <= data["win_rate"] <= won_high <= 1.0 and won_low < won_high


def test_one_duplicate_unit_gives_json_with_null_errors_not_nan() -> None:
    """Fewer than two duplicate units give no error estimate: strict JSON readers (Node's
    JSON.parse) refuse NaN, so the errors are null, and the text report says why."""
    runner = CliRunner()
    args = ["arena", "easy", "random", "--deals", "1", "--jobs", "1", "--seed", "2"]
    done = runner.invoke(app, [*args, "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output, parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert data["units"] == 1
    assert data["stderr"] is None and data["ci95"] is None and data["win_rate_stderr"] is None
    text = runner.invoke(app, args)
    assert text.exit_code == 0 and "one duplicate unit" in text.output, text.output


def test_cli_json_and_errors() -> None:
    runner = CliRunner()
    done = runner.invoke(
        app, ["arena", "easy", "random", "--deals", "10", "--jobs", "1", "--json", "--seed", "2"]
    )
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["a"] == "easy" and data["deals"] >= 10
    text = runner.invoke(app, ["arena", "--bot", "easy", "--bot", "random", "--deals", "8"])
    assert text.exit_code == 0
    assert "points per hand" in text.output and "p95 ms" in text.output
    lonely = runner.invoke(app, ["arena", "easy"])
    assert lonely.exit_code == 2
    assert "exactly two bots" in lonely.output
    unknown = runner.invoke(app, ["arena", "easy", "genius"])
    assert unknown.exit_code == 2
    assert "unknown bot" in unknown.output
    # a budget below 0 was sent to the bots as it was; the protocol says 0 or more
    for flag in ("--time-ms", "--jobs"):
        below = runner.invoke(app, ["arena", "easy", "random", flag, "-5"])
        assert below.exit_code == 2 and "greater than or equal to 0" in below.output, flag
    rules = runner.invoke(app, ["arena", "easy", "random", "--variant", "bridge"])
    assert rules.exit_code == 2


def test_console_script_runs_a_match() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "euchre", "arena", "medium", "easy", "--deals", "6", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["b"] == "easy"


def test_ctrl_c_gives_the_result_of_the_units_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C lost every deal played: a long match stopped early printed a traceback."""
    seen: list[int] = []

    def stop_after_two(deals: int) -> None:
        seen.append(deals)
        if len(seen) == 2:
            raise KeyboardInterrupt

    random_bot = Contender("random")
    standard = preset("standard")

    def long_match(keep: bool) -> arena.Report:
        return run_match(
            standard,
            random_bot,
            random_bot,
            deals=10_000,
            jobs=1,
            progress=stop_after_two,
            keep_on_interrupt=keep,
        )

    report = long_match(keep=True)
    assert report.interrupted and report.to_json()["interrupted"] is True
    assert len(report.units) == 2 and report.deals == sum(seen) > 0
    whole = run_match(standard, random_bot, random_bot, deals=sum(seen), jobs=1)
    assert not whole.interrupted and whole.to_json()["interrupted"] is False
    assert whole.to_json()["points_per_hand"] == report.to_json()["points_per_hand"]
    out = io.StringIO()
    print_report(Console(file=out, width=100, color_system=None), report)
    assert "stopped early by Ctrl-C" in out.getvalue()
    seen.clear()
    with pytest.raises(KeyboardInterrupt):  # a caller that did not ask for a partial report
        long_match(keep=False)

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "play_unit", interrupted)
    with pytest.raises(KeyboardInterrupt):  # nothing played: nothing to report
        long_match(keep=True)


ARENA = [sys.executable, "-m", "euchre", "arena"]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is how a terminal sends Ctrl-C")
def test_ctrl_c_at_the_console_script_prints_the_result_so_far() -> None:
    running = subprocess.Popen(
        [*ARENA, "random", "random", "--deals", "10000000", "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(6)  # started, and its workers through a good many duplicate units
    # as a terminal sends Ctrl-C: to every process of the group, the workers too
    os.killpg(running.pid, signal.SIGINT)
    out, err = running.communicate(timeout=60)
    assert running.returncode == 130, err
    assert "Stopped by Ctrl-C: the result of the" in err and "Traceback" not in err, err
    report = json.loads(out)
    assert report["interrupted"] is True and 0 < report["deals"] < 10_000_000


# A protocol bot that answers its third request badly (MODE), the others with legal[-1].
BAD_BOT = """
import json, sys
mode = sys.argv[1]
for n, line in enumerate(sys.stdin, 1):
    message = json.loads(line)
    if message.get("quit"):
        break
    action = message["observation"]["legal"][-1]
    if n == 3:
        if mode == "misspelled":
            action = {"pass": " PASS", "order alone": "order  alone"}.get(action, action)
            action = "Play " + action[5:].upper() if action.startswith("play ") else action
        elif mode == "garbage":
            print("hello", flush=True)
            continue
        elif mode == "quit":
            sys.exit(5)
        elif mode == "error":
            print(json.dumps({"error": "no idea"}), flush=True)
            continue
        elif mode == "unknown":
            action = "play ZZ"
        elif mode == "number":
            print(json.dumps({"action": 3}), flush=True)
            continue
    print(json.dumps({"action": action}), flush=True)
"""


def _bad_bot(tmp_path: Path, mode: str) -> str:
    script = tmp_path / "badbot.py"
    script.write_text(BAD_BOT)
    return f"cmd:{sys.executable} {script} {mode}"


@pytest.mark.parametrize(
    ("mode", "wanted"),
    [
        ("misspelled", ["answered", "not one of the legal actions", "it is spelled"]),
        ("garbage", ["answered 'hello', which is not JSON", '{"action": ACTION}']),
        ("quit", ["quit (exit status 5) without answering"]),
        ("error", ["answered with an error: 'no idea'"]),
        ("unknown", ["answered 'play ZZ', which is not an action ('ZZ' is not a card)"]),
        ("number", ["answered '{\"action\": 3}'", '{"action": ACTION}']),
    ],
)
def test_a_bad_answer_stops_the_match_naming_the_bot(
    tmp_path: Path, mode: str, wanted: list[str]
) -> None:
    spec = _bad_bot(tmp_path, mode)
    with pytest.raises(ArenaStopped) as stopped:
        run_match(preset("standard"), Contender(spec), Contender("random"), deals=4, jobs=1)
    message = str(stopped.value)
    assert "\n" not in message
    assert f"bot {spec!r}" in message
    assert "legal: " in message and "seat " in message and "deal " in message
    for words in wanted:
        assert words in message, (words, message)


def test_a_stopped_match_numbers_the_deal_from_0_as_records_do(tmp_path: Path) -> None:
    spec = _bad_bot(tmp_path, "garbage")  # its third answer, still in the first deal
    with pytest.raises(ArenaStopped) as stopped:
        run_match(preset("standard"), Contender(spec), Contender("random"), deals=4, jobs=1)
    assert ", deal 0, game seed " in str(stopped.value), str(stopped.value)


def test_a_misspelled_answer_is_not_read_as_the_legal_one(tmp_path: Path) -> None:
    """'Play 9H', 'order  alone', ' PASS' would fail at a server table: not in the arena
    either."""
    spec = _bad_bot(tmp_path, "misspelled")
    with pytest.raises(ArenaStopped) as stopped:
        run_match(preset("standard"), Contender(spec), Contender("random"), deals=4, jobs=2)
    message = str(stopped.value)
    answered = message.split("answered ", 1)[1].split(", which", 1)[0]
    assert answered in ("' PASS'", "'order  alone'") or answered.startswith("'Play ")
    legal = message.split("legal: ", 1)[1]
    assert answered.strip("'") not in legal.split(", ")


def _arena_against_random(spec: str) -> subprocess.CompletedProcess[str]:
    """``euchre arena`` of the bot ``spec`` against ``random``, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "euchre", "arena", spec, "random", "--deals", "4", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_command_line_error_is_one_line(tmp_path: Path) -> None:
    spec = _bad_bot(tmp_path, "garbage")
    done = _arena_against_random(spec)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("error: the match stopped")
    assert "which is not JSON" in " ".join(done.stderr.split())


def _not_executable(tmp_path: Path) -> str:
    script = tmp_path / "mybot"
    script.write_text('#!/bin/sh\necho \'{"action": "pass"}\'\n')
    script.chmod(0o644)
    return f"cmd:{script}"


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        (lambda tmp: "cmd:/nonexistent/mybot", "No such file or directory: /nonexistent/mybot"),
        (_not_executable, "Permission denied: "),
        (lambda tmp: 'cmd:"unbalanced', "No closing quotation"),
    ],
)
def test_a_bot_that_cannot_start_is_a_one_line_error_naming_it(
    tmp_path: Path, spec: Callable[[Path], str], reason: str
) -> None:
    bot = spec(tmp_path)
    done = _arena_against_random(bot)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert f"bot {bot!r} cannot be started" in done.stderr and reason in done.stderr


# A protocol bot that thinks a while before each answer (a worker is nearly always waiting
# on it when the match has its deals and the pool ends the workers).
SLOW_BOT = """
import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message.get("quit") is True:
        break
    time.sleep(0.05)
    print(json.dumps({"action": message["observation"]["legal"][0]}), flush=True)
"""


def test_workers_quit_a_thinking_bot_in_order_when_the_match_ends(tmp_path: Path) -> None:
    script = tmp_path / "slowbot.py"
    script.write_text(SLOW_BOT)
    match = [f"cmd:{sys.executable} {script}", "random", "--deals", "12", "--jobs", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "euchre", "arena", *match, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["deals"] >= 12
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr


# A protocol bot that writes each observation to the file it is given (one JSON line each)
# and answers its third request with something that is not JSON.
RECORDING_BOT = """
import json, sys
seen = open(sys.argv[1], "a")
for n, line in enumerate(sys.stdin, 1):
    message = json.loads(line)
    if message.get("quit") is True:
        break
    print(json.dumps(message["observation"]), file=seen, flush=True)
    print("hello" if n == 3 else json.dumps({"action": message["observation"]["legal"][0]}),
          flush=True)
"""


def test_a_stopped_game_is_dealt_again_by_euchre_play_with_its_seed_and_dealer(
    tmp_path: Path,
) -> None:
    script, seen = tmp_path / "recorder.py", tmp_path / "seen.jsonl"
    script.write_text(RECORDING_BOT)
    spec = f"cmd:{sys.executable} {script} {seen}"
    with pytest.raises(ArenaStopped) as stopped:
        run_match(preset("standard"), Contender(spec), Contender("random"), deals=4, jobs=1)
    found = re.search(
        r"its deals again: euchre play --seed (\d+) --dealer (\d)", str(stopped.value)
    )
    assert found is not None, str(stopped.value)
    session = new_session(
        preset("standard"),
        seed=int(found[1]),
        seat=0,
        level="random",
        console=Console(file=io.StringIO()),
        ask=lambda prompt: "",
        dealer=int(found[2]),
    )
    first = json.loads(seen.read_text().splitlines()[0])
    state = session.state  # the first deal, nothing done yet: hands as dealt
    assert first["dealer"] == state.dealer == int(found[2])
    assert first["upcard"] == CARD_TEXT[state.upcard]
    assert sorted(first["hand"]) == sorted(CARD_TEXT[c] for c in state.hand_of(first["seat"]))


def test_the_json_report_names_each_units_game_seed_and_first_dealer() -> None:
    report = run_match(
        preset("standard"), Contender("random"), Contender("random"), deals=30, seed=4, jobs=1
    )
    games = report.to_json()["unit_games"]
    assert len(games) == len(report.units) >= 2
    for unit, game in zip(report.units, games, strict=True):
        assert game["seed"] == unit_seed(4, unit.index)
        assert game["play"] == f"euchre play --seed {game['seed']} --dealer {game['dealer']}"


def test_games_stopped_without_a_winner_are_not_counted_as_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game cut at the deal limit has no winner: it is reported as unfinished, not as a
    game the first bot lost (a win rate of 0.0 over games nobody won)."""
    monkeypatch.setattr(arena, "MAX_DEALS_PER_GAME", 1)  # two deals: 8 points at most
    report = run_match(preset("standard"), Contender("easy"), Contender("random"), deals=4, jobs=1)
    data = report.to_json()
    assert data["games"] == 0 and data["unfinished_games"] == 2 * data["units"], data
    assert data["deals"] > 0
    assert data["win_rate"] is None and data["win_rate_stderr"] is None
    out = io.StringIO()
    print_report(Console(file=out, width=200), report)
    assert f"{data['unfinished_games']} games stopped at 1 deals without a winner" in (
        out.getvalue()
    ), out.getvalue()
    assert "games won: none finished" in out.getvalue()
