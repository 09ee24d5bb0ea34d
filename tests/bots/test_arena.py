"""``euchre arena``: duplicate matches, small and fast (the long runs are benchmarks)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from euchre.bots.arena import Contender, lineups, play_unit, run_match
from euchre.cli import app
from euchre.engine import preset


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


def test_external_bot_command() -> None:
    command = f"cmd:{sys.executable} -m euchre bot --level easy"
    report = run_match(
        preset("standard"), Contender(command, time_ms=500), Contender("random"), deals=8, jobs=1
    )
    assert report.deals >= 8
    assert report.timing(0)["decisions"] > 0


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
