"""``hard`` with its steady choice against ``hard`` without it (not a test: a benchmark).

The steady choice keeps the model's bid and ``medium``'s discard unless the sampled deals
put another action clearly ahead (``euchre.bots.search.steady_choice``); without it the
best average wins, however close. Duplicate arena on the same deals, seats swapped, so
the figure is the steady bot's points a deal over the other's.

    .venv/bin/python bench/steady_choice.py --deals 2000 --seed 1
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
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    # registered before the arena's worker processes fork, which inherit it
    register("hard-best-average", partial(SearchBot, steady=False))
    report = run_match(
        preset("standard"),
        Contender("hard"),
        Contender("hard-best-average"),
        deals=args.deals,
        seed=args.seed,
        jobs=args.jobs,
    )
    print(
        f"hard (steady) - hard (best average): {report.mean():+.3f} ± {report.stderr():.3f}"
        f" points a deal over {report.deals} deals (seed {args.seed}),"
        f" games won {report.win_rate():.1%}"
    )


if __name__ == "__main__":
    main()
