"""EGN export written from the deal's log is byte for byte what the export wrote before it
(when it re-ran every deal to learn each action's phase): golden files of every preset."""

from __future__ import annotations

import pytest
from make_golden_egn import GOLDEN, RULE_SETS, SEEDS, golden_game


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("seed", SEEDS)
def test_export_matches_the_golden_record(name: str, seed: int) -> None:
    expected = (GOLDEN / f"egn-{name}-{seed}.json").read_text()
    assert golden_game(name, seed) + "\n" == expected
