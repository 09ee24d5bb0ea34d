"""Golden playthroughs: fixed-seed games must replay exactly as written in playthroughs/.

A failure means the engine now plays one of these games differently. Read the diff; if the
change is intended, regenerate with ``python tests/engine/make_playthroughs.py --write``.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _load_generator() -> ModuleType:
    path = Path(__file__).with_name("make_playthroughs.py")
    spec = importlib.util.spec_from_file_location("make_playthroughs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_playthroughs", module)
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


@pytest.mark.parametrize("case", gen.CASES, ids=lambda case: case.name)
def test_playthrough_matches_golden_file(case: object) -> None:
    expected = case.path.read_text()  # type: ignore[attr-defined]
    actual = gen.playthrough(case)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail("playthrough differs:\n" + "\n".join(list(diff)[:60]))


def test_every_preset_has_playthroughs_and_no_file_is_stale() -> None:
    names = {case.name for case in gen.CASES}
    files = {p.stem for p in gen.FOLDER.glob("*.txt")}
    assert files == names
    presets = {case.preset for case in gen.CASES}
    assert presets == {"standard", "classic", "british", "long", "cutthroat", "two-player"}


def test_playthroughs_reach_a_winner() -> None:
    for case in gen.CASES:
        last = case.path.read_text().splitlines()[-1]
        assert last.startswith("game over"), f"{case.name} did not finish: {last}"


def test_generation_is_deterministic() -> None:
    case = gen.CASES[1]
    assert gen.playthrough(case) == gen.playthrough(case)
