"""What ``hard``'s second look at a bid gains (not a test: a benchmark).

Deals bid at random scores, ``medium`` making the bids that carry the deal on. At each
bid ``hard`` decides twice from the same random numbers: with the second look (40 more
deals where the first 40 lean unclearly against the model's choice) and without it.
Where the two differ, 300 fresh sampled deals value both bids, each played out as
``hard``'s own simulation plays them; the mean of those differences is the gain where the
second look changes a bid.

    .venv/bin/python bench/second_look.py --deals 400
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.search import SearchBot, rollout, world_state
from euchre.engine import GameState, preset
from euchre.engine import actions as A
from euchre.engine.phases import Phase
from euchre.engine.views import View


class OneLook(SearchBot):
    def _second_look(
        self, samples: dict[int, list[float]], model: int, deadline: float | None
    ) -> bool:
        return False


def valued(view: View, better: int, worse: int, seed: int, deals: int) -> float:
    """``better``'s value less ``worse``'s, on average over ``deals`` fresh sampled deals."""
    bot = SearchBot()
    know = knowledge_of(view)
    rng = random.Random(seed)
    bidders = bot._bidders(know)
    differences = []
    for world in bot._worlds(know, rng, deals, None):
        state = world_state(view, world)
        if state is None:
            continue
        chances = rng.getrandbits(64)
        ours = rollout(state, better, know.seat, bidders, random.Random(chances))
        theirs = rollout(state, worse, know.seat, bidders, random.Random(chances))
        differences.append(ours - theirs)
    return statistics.mean(differences)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--judge", type=int, default=300, help="deals valuing a changed bid")
    args = parser.parse_args()
    bids, gains = 0, []
    start = time.perf_counter()
    for seed in range(args.deals):
        scores = random.Random(seed)
        state = GameState(
            preset("standard"),
            seed=seed,
            dealer=seed % 4,
            scores=(scores.randint(0, 9), scores.randint(0, 9)),
        )
        carry_on = MediumBot()
        while state.phase in (Phase.BID_R1, Phase.BID_R2):
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            once = OneLook().decide_id(view, random.Random(seed * 100 + bids))
            twice = SearchBot().decide_id(view, random.Random(seed * 100 + bids))
            bids += 1
            if once != twice:
                gain = valued(view, twice, once, seed, args.judge)
                gains.append(gain)
                change = f"{A.action_text(once)} -> {A.action_text(twice)}"
                print(f"deal {seed} seat {seat}: {change} {gain:+.3f}")
            state.apply_id(carry_on.decide_id(view, random.Random(seed)))
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    print(
        f"{args.deals} deals, {bids} bids, {len(gains)} changed by the second look; where changed "
        f"{statistics.mean(gains) if gains else 0.0:+.3f} ± {error:.3f} points, "
        f"{sum(gains) / max(1, bids):+.4f} a bid; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
