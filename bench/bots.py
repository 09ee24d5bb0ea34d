"""Decision times of the bot levels on one core (not a test: a benchmark).

Plays Standard games in this process (one core) with the measured level in seats 0 and 2
and ``medium`` in seats 1 and 3, and times every decision the measured level makes,
forced ones (a single legal action) included, as ``euchre arena`` counts them. Prints the
median, 95th percentile and maximum per level, overall and by kind of decision, and
checks them against the targets of the bots issue (hard: median <= 100 ms, p95 <= 300 ms;
medium: median <= 2 ms).

    .venv/bin/python bench/bots.py                 # every level, 20 games each
    .venv/bin/python bench/bots.py --level hard --games 40 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from euchre.bots import make_bot
from euchre.engine import GameState, Phase, preset

TARGETS = {"hard": {"median_ms": 100.0, "p95_ms": 300.0}, "medium": {"median_ms": 2.0}}


def kind_of(phase: Phase, hand: int, choices: int) -> str:
    if choices == 1:
        return "forced"
    if phase == Phase.PLAY:
        return f"play, {hand} cards"
    if phase in (Phase.BID_R1, Phase.BID_R2, Phase.JOKER_NAME, Phase.TAKE_ALONE):
        return "bid"
    return phase.name.lower()


def measure(level: str, games: int, seed: int) -> dict[str, list[float]]:
    """Decision times in milliseconds by kind of decision."""
    bot = make_bot(level)
    other = make_bot("medium")
    times: dict[str, list[float]] = {}
    for g in range(games):
        state = GameState(preset("standard"), seed=seed + g)
        rng = random.Random(seed + g)
        while not state.game_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if seat % 2:
                state.apply(other.decide(view, rng))
                continue
            start = time.perf_counter()
            action = bot.decide(view, rng)
            elapsed = (time.perf_counter() - start) * 1000
            kind = kind_of(view.phase, len(view.hand), len(view.legal))
            times.setdefault(kind, []).append(elapsed)
            state.apply(action)
    return times


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "decisions": len(ordered),
        "median_ms": statistics.median(ordered),
        "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max_ms": ordered[-1],
    }


def report(level: str, times: dict[str, list[float]]) -> dict[str, Any]:
    everything = [t for values in times.values() for t in values]
    out: dict[str, Any] = {"level": level, "all": summary(everything)}
    out["by_kind"] = {kind: summary(values) for kind, values in sorted(times.items())}
    targets = TARGETS.get(level, {})
    out["targets"] = {key: out["all"][key] <= limit for key, limit in targets.items()}
    return out


def print_report(result: dict[str, Any]) -> None:
    print(f"\n{result['level']}")
    print(f"  {'decision':<16}{'count':>8}{'median ms':>12}{'p95 ms':>10}{'max ms':>10}")
    rows = [("all", result["all"]), *result["by_kind"].items()]
    for kind, s in rows:
        print(
            f"  {kind:<16}{s['decisions']:>8}{s['median_ms']:>12.3f}"
            f"{s['p95_ms']:>10.3f}{s['max_ms']:>10.3f}"
        )
    for key, ok in result["targets"].items():
        limit = TARGETS[result["level"]][key]
        print(f"  target {key} <= {limit:g}: {'met' if ok else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Bot decision times on one core.")
    parser.add_argument("--level", action="append", help="random, easy, medium, hard")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [
        report(level, measure(level, args.games, args.seed))
        for level in args.level or ["random", "easy", "medium", "hard"]
    ]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for result in results:
        print_report(result)


if __name__ == "__main__":
    main()
