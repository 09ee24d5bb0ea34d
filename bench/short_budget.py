"""``hard`` on a budget too short to sample enough deals: with the floor that keeps the
model's bid and ``medium``'s discard below ``TRUSTED_WORLDS`` deals, against itself
without it (not a test: a benchmark).

Duplicate arena on the same deals, seats swapped, both given the same milliseconds a
decision; the figure is the floored bot's points a deal over the other's. Run it on an
idle machine: the budget buys fewer deals when the machine is busy.

    .venv/bin/python bench/short_budget.py --deals 2000 --time-ms 5 --seed 1
"""

from __future__ import annotations

import argparse
from functools import partial

from euchre.bots import register
from euchre.bots.arena import Contender, run_match
from euchre.bots.search import SearchBot
from euchre.engine import preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--time-ms", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    # registered before the arena's worker processes fork, which inherit it
    register("hard-no-floor", partial(SearchBot, trusted_worlds=0))
    report = run_match(
        preset("standard"),
        Contender("hard", args.time_ms),
        Contender("hard-no-floor", args.time_ms),
        deals=args.deals,
        seed=args.seed,
        jobs=args.jobs,
    )
    print(
        f"hard (floor) - hard (no floor), {args.time_ms} ms a decision:"
        f" {report.mean():+.3f} ± {report.stderr():.3f} points a deal over {report.deals}"
        f" deals (seed {args.seed}), games won {report.win_rate():.1%}"
    )


if __name__ == "__main__":
    main()
