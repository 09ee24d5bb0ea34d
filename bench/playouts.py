"""Random full hands per second on one core, and the memory of one game in progress.

Engines measured in the same run, in turn within each repeat so that machine noise
touches them alike:

* public API: ``GameState.legal_actions()`` and ``apply()`` with protocol text, the way
  a client or the server drives a game (deals follow one another inside the game);
* public ids: ``GameState.legal_ids()`` and ``apply_id()``, the int path;
* fast path: ``euchre.engine.playout.random_hand``, the bit-mask simulator bots use for
  rollouts;
* pyspiel: OpenSpiel's C++ ``euchre`` from Python (when ``open-spiel`` is installed:
  ``pip install -e '.[bench]'``), random legal actions, chance outcomes drawn uniformly.

Every hand is shuffled, dealt, bid, played and scored with uniformly random legal
decisions. Figures are medians over the repeats; ratios are taken against pyspiel's
median from the same run. Run ``python bench/playouts.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from importlib import metadata
from typing import Any

from euchre.engine import GameState, Phase, Variant, preset
from euchre.engine.playout import random_hand

try:
    import pyspiel
except ImportError:  # the optional ``bench`` extra is not installed
    pyspiel = None

FAST_TARGET = 2.0  # fast path: at least twice pyspiel's rate
PUBLIC_TARGET = 0.5  # public API: at least half of pyspiel's rate
STATE_BYTES_TARGET = 4096

Runner = Callable[[int], None]


def public_api(variant: Variant, rng: random.Random) -> Runner:
    """Hands through legal_actions()/apply() with text, one game after another."""
    choice = rng.choice
    holder = [GameState(variant, rng=rng)]

    def run(hands: int) -> None:
        state = holder[0]
        for _ in range(hands):
            record = state.record
            while state.record is record and not state.game_over:
                state.apply(choice(state.legal_actions()))
            if state.game_over:
                state = GameState(variant, rng=rng)
        holder[0] = state

    return run


def public_ids(variant: Variant, rng: random.Random) -> Runner:
    """Hands through legal_ids()/apply_id()."""
    choice = rng.choice
    holder = [GameState(variant, rng=rng)]

    def run(hands: int) -> None:
        state = holder[0]
        for _ in range(hands):
            record = state.record
            while state.record is record and not state.game_over:
                state.apply_id(choice(state.legal_ids()))
            if state.game_over:
                state = GameState(variant, rng=rng)
        holder[0] = state

    return run


def fast_path(rng: random.Random) -> Runner:
    """Hands through the playout module, the dealer moving round the table."""

    def run(hands: int) -> None:
        for n in range(hands):
            random_hand(rng, n & 3)

    return run


def open_spiel(rng: random.Random) -> Runner:
    """Hands of OpenSpiel's euchre: uniform chance outcomes, uniform legal actions."""
    game = pyspiel.load_game("euchre")
    choice = rng.choice

    def run(hands: int) -> None:
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))

    return run


def hands_per_second(run: Runner, seconds: float, batch: int) -> float:
    gc.collect()
    hands = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        run(batch)
        hands += batch
        elapsed = time.perf_counter() - start
    return hands / elapsed


def mid_hand_state(variant: Variant, seed: int, rng: random.Random | None) -> GameState:
    """A game in its first deal, two tricks played and two cards on the third."""
    state = GameState(variant, seed=seed, dealer=0, rng=rng)
    chooser = random.Random(seed)
    while not (state.phase == Phase.PLAY and state.tricks_played == 2 and len(state.trick) == 2):
        state.apply(chooser.choice(state.legal_actions()))
    if len(state.deals) != 1:
        raise AssertionError("the sample state left its first deal")
    return state


def state_bytes(variant: Variant, own_rng: bool, samples: int = 9) -> int:
    """Median bytes a mid-hand GameState keeps alive (tracemalloc), over a few seeds."""
    shared = None if own_rng else random.Random(0)
    mid_hand_state(variant, 0, shared)  # warm any lazy caches first
    sizes = []
    for seed in range(1, samples + 1):
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        state = mid_hand_state(variant, seed, shared)
        sizes.append(tracemalloc.get_traced_memory()[0] - before)
        tracemalloc.stop()
        del state
    return int(statistics.median(sizes))


def pin_to_one_core(cpu: int | None) -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return f"pinned to CPU {chosen}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per engine (5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run (1.0)")
    parser.add_argument("--cpu", type=int, default=None, help="CPU to pin to (first allowed)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--no-pyspiel", action="store_true", help="skip OpenSpiel")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    pinned = pin_to_one_core(args.cpu)
    variant = preset("standard")
    engines: dict[str, tuple[str, Runner, int]] = {
        "public": (
            "public API (legal_actions/apply, text)",
            public_api(variant, random.Random(args.seed)),
            50,
        ),
        "ids": (
            "public ids (legal_ids/apply_id)",
            public_ids(variant, random.Random(args.seed)),
            50,
        ),
        "fast": ("fast path (playout.random_hand)", fast_path(random.Random(args.seed)), 500),
    }
    spiel_version = None
    if pyspiel is not None and not args.no_pyspiel:
        spiel_version = metadata.version("open-spiel")
        label = f"pyspiel euchre (open-spiel {spiel_version})"
        engines["pyspiel"] = (label, open_spiel(random.Random(args.seed)), 50)

    print(
        f"euchre playouts: {args.repeats} repeats x {args.seconds:g} s per engine, "
        f"{pinned}, Python {platform.python_version()} on {platform.machine()}"
    )
    for _, run, batch in engines.values():
        run(batch)  # warm up
    rates: dict[str, list[float]] = {key: [] for key in engines}
    for _ in range(args.repeats):
        for key, (_, run, batch) in engines.items():
            rates[key].append(hands_per_second(run, args.seconds, batch))
    medians = {key: statistics.median(values) for key, values in rates.items()}

    spiel = medians.get("pyspiel")
    # Each repeat's ratio compares runs made seconds apart; their median resists the
    # machine's load changing over the whole run better than a ratio of medians does.
    ratios = (
        {
            key: statistics.median(r / s for r, s in zip(values, rates["pyspiel"], strict=True))
            for key, values in rates.items()
        }
        if spiel
        else {}
    )
    targets = {"public": PUBLIC_TARGET, "fast": FAST_TARGET}
    print(f"{'engine':<44}{'hands/s':>10}{'min':>10}{'max':>10}{'vs pyspiel':>12}  target")
    for key, (label, _, _) in engines.items():
        ratio = f"{ratios[key]:.2f}x" if spiel else "-"
        target = f">= {targets[key]:g}x" if key in targets else ""
        if spiel and key in targets:
            target += " met" if ratios[key] >= targets[key] else " MISSED"
        print(
            f"{label:<44}{medians[key]:>10,.0f}{min(rates[key]):>10,.0f}"
            f"{max(rates[key]):>10,.0f}{ratio:>12}  {target}"
        )
    if spiel is None:
        print("pyspiel not measured: install the bench extra (pip install -e '.[bench]')")

    own = state_bytes(variant, own_rng=True)
    shared = state_bytes(variant, own_rng=False)
    print(
        f"GameState mid-hand (first deal, trick 3): {own:,} bytes with its own seeded "
        f"random source, {shared:,} bytes sharing one (target <= {STATE_BYTES_TARGET:,}: "
        f"{'met' if own <= STATE_BYTES_TARGET else 'MISSED'})"
    )

    if args.json:
        figures: dict[str, Any] = {
            "hands_per_second": medians,
            "runs": rates,
            "ratio_to_pyspiel": ratios or None,
            "state_bytes": {"own_rng": own, "shared_rng": shared},
            "pyspiel": spiel_version,
            "python": platform.python_version(),
        }
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
