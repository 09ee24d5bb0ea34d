"""``euchre replay FILE|-``: the command passes the path on and reports what replay_cli says."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_script
from typer.testing import CliRunner

from euchre.cli import app
from euchre.engine import records


@pytest.mark.parametrize(("code", "text"), [(0, '{"deals": []}'), (1, '{"error": "x"}'), (2, "no")])
def test_replay_prints_the_text_and_exits_with_the_code(
    monkeypatch: pytest.MonkeyPatch, code: int, text: str
) -> None:
    seen: list[str] = []

    def fake(path: str) -> tuple[int, str]:
        seen.append(path)
        return code, text

    monkeypatch.setattr(records, "replay_cli", fake)
    result = CliRunner().invoke(app, ["replay", "game.egn"])
    assert result.exit_code == code
    assert result.stdout == text + "\n"
    assert seen == ["game.egn"]


def test_replay_passes_dash_for_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr(records, "replay_cli", lambda path: (seen.append(path), (0, "{}"))[1])
    assert CliRunner().invoke(app, ["replay", "-"]).exit_code == 0
    assert seen == ["-"]


def test_replay_needs_a_file_argument() -> None:
    result = CliRunner().invoke(app, ["replay"])
    assert result.exit_code == 2
    assert "FILE|-" in result.output


def test_replay_of_a_file_that_is_not_egn_exits_2(tmp_path: Path) -> None:
    junk = tmp_path / "junk.egn"
    junk.write_text("this is not a record\n", encoding="utf-8")
    done = run_script("replay", str(junk), stdin="")
    assert done.returncode == 2
    assert done.stdout.strip()
    assert "Traceback" not in done.stderr
