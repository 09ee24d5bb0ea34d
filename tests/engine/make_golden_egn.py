"""Writes tests/engine/golden/egn-*.json: EGN exports of seeded random games of every preset.

The files pin the export byte for byte (tests/engine/test_export_golden.py); regenerate them
only when the export is meant to change: ``python tests/engine/make_golden_egn.py``.
"""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

from euchre.engine import GameState, preset
from euchre.engine.records import dumps, export_egn

GOLDEN = Path(__file__).parent / "golden"
# Every preset, and the options whose records carry extra fields (exchanges, defenders).
RULE_SETS: dict[str, tuple[str, dict[str, object]]] = {
    "standard": ("standard", {}),
    "classic": ("classic", {}),
    "british": ("british", {}),
    "long": ("long", {}),
    "cutthroat": ("cutthroat", {}),
    "two-player": ("two-player", {}),
    "defend-best": ("standard", {"defend_alone": True, "call_for_best": True}),
    "under-farmers": ("standard", {"go_under": "mixed", "farmers_hand": True, "target": 25}),
    "forfeit-notrump": (
        "standard",
        {
            "stuck_dealer_may_forfeit": True,
            "no_trump": True,
            "throw_in_hands": "nines_tens",
            "target": 25,
        },
    ),
    "partner-alone": ("standard", {"maker_partner_may_go_alone": True, "min_rank": 7}),
}
SEEDS = (1, 2)
GAME_DATE = datetime(2026, 12, 1, 20, 30)


def golden_game(name: str, seed: int) -> str:
    base, options = RULE_SETS[name]
    state = GameState(preset(base, **options), seed=seed, dealer=seed % 2)
    chooser = random.Random(f"golden:{name}:{seed}")
    while not state.game_over:
        legal = state.legal_actions()
        # Passing often reaches round 2, stuck dealers and their forfeits.
        passing = "pass" in legal and chooser.random() < 0.6
        forfeiting = "forfeit" in legal and chooser.random() < 0.5
        state.apply("pass" if passing else "forfeit" if forfeiting else chooser.choice(legal))
    players = [f"P{s}" for s in range(state.variant.players)]
    return dumps(export_egn(state, players=players, game_id=f"{name}-{seed}", date=GAME_DATE))


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in RULE_SETS:
        for seed in SEEDS:
            (GOLDEN / f"egn-{name}-{seed}.json").write_text(golden_game(name, seed) + "\n")


if __name__ == "__main__":
    main()
