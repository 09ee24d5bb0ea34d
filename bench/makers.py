"""Where a level's points come from against another (not a test: a benchmark).

Plays duplicate Standard games in this process (each deal with the partnerships swapped)
and splits the measured level's points per deal by who made trump, whether alone, and
which side bid first. One bot object per level lasts the whole run, as in the arena, so
a bot that learns about its opponents keeps what it learnt.

    .venv/bin/python bench/makers.py --level hard --against random --games 20
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from euchre.bots import make_bot
from euchre.engine import GameState, preset
from euchre.engine.deal import DealRecord

SKIPPED = ("", "farmers", "misdeal", "redeal")


def category(record: DealRecord, side: int) -> str:
    makers = "measured" if record.maker % 2 == side else "opponents"
    alone = " alone" if record.alone else ""
    first = "measured" if (record.dealer + 1) % 2 == side else "opponents"
    return f"{makers} made trump{alone}, {first} bid first"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--against", default="random")
    parser.add_argument("--games", type=int, default=20, help="duplicate pairs of games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bots = (make_bot(args.level), make_bot(args.against))
    tally: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for number in range(args.games):
        for side in (0, 1):
            state = GameState(preset("standard"), seed=args.seed * 10_000 + number)
            rng = random.Random(f"{args.seed}:{number}:{side}")
            while not state.game_over:
                seat = state.current_player
                assert seat is not None
                bot = bots[0] if seat % 2 == side else bots[1]
                state.apply(bot.decide(state.view(seat), rng), seat=seat)
            for record in state.deals:
                if record.outcome in SKIPPED:
                    continue
                diff = record.points[side] - record.points[1 - side]
                for key in (category(record, side), "all deals"):
                    tally[key][0] += 1
                    tally[key][1] += diff
    total = tally["all deals"][0]
    print(f"{args.level} against {args.against}: {total:.0f} deals, points per deal")
    for key, (count, points) in sorted(tally.items()):
        print(
            f"  {key:<52} {count:5.0f} deals ({count / total:6.1%})"
            f"  {points / count:+.3f} each  {points / total:+.3f} of the mean"
        )


if __name__ == "__main__":
    main()
