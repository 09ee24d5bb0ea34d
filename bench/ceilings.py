"""What seeing the hidden cards would be worth to ``hard`` against ``random``, deal by deal
(not a test: a benchmark).

Plays Standard games of ``hard`` (seats 0 and 2) against ``random`` with one ``hard`` object
for the whole run, as the arena does, so that it sizes up its opponents, and keeps every
deal as it stood before the first bid. Each policy then replays every kept deal from
there, ``--repeats`` times, each time from a copy of the trained ``hard`` and with the
random seeds of that deal and repeat, so that the replays of a deal by two policies are
paired: the cards, which decide most of a deal, cancel out of the difference. The report
gives each policy's points per deal (hard's side minus random's) and its difference from
``hard`` with the standard error of the paired differences.

Every policy but ``hard`` and ``sampled-play`` cheats: they are ceilings, not bots.

  hard          the bot as it plays
  sampled-play  honest: each card by its expected value against random play
                (``euchre.bots.expectimax``), averaged over hard's sampled deals
  see-play-dd   each card solved double-dummy on the real hands (bids as hard does)
  see-play      each card by its expected value against random play on the real hands
  see-partner   as sampled-play, with the partner's real hand in every sampled deal
  see-bids      bids and discards by hard's own simulations, run on the real deal
                instead of sampled ones (plays as hard does)
  try-bids      each legal bid tried on the real deal, ``--tries`` continuations played
                by hard and random (common seeds), the best mean taken

    .venv/bin/python bench/ceilings.py --games 40 --policies hard see-play see-bids
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from euchre.bots import RandomBot, SearchBot
from euchre.bots.expectimax import Expectimax
from euchre.bots.knowledge import Knowledge, knowledge_of
from euchre.bots.search import outcome_values
from euchre.bots.world import World
from euchre.engine import GameState, Phase, preset
from euchre.engine import actions as A
from makers import oracle_card

Policy = Callable[[GameState, int, "SeeingBot", random.Random], str]
SAMPLED_PLAY_WORLDS = 24


class SeeingBot(SearchBot):
    """``hard``, whose sampled deals become the real one while ``world`` is set."""

    world: World | None = None

    def _worlds(
        self, know: Knowledge, rng: random.Random, count: int, deadline: float | None
    ) -> list[World]:
        if self.world is not None:
            return [self.world] * count
        return super()._worlds(know, rng, count, deadline)


def kept_deals(games: int, seed: int) -> tuple[list[GameState], SeeingBot]:
    """Every deal of ``games`` games before its first bid, and the trained bot."""
    hard, opponent = SeeingBot(), RandomBot()
    kept = []
    for number in range(games):
        state = GameState(preset("standard"), seed=seed * 10_000 + number)
        rng = random.Random(f"{seed}:{number}")
        while not state.game_over:
            if not state.deals[-1].log:
                kept.append(state.clone())
            seat = state.current_player
            assert seat is not None
            bot = hard if seat % 2 == 0 else opponent
            state.apply(bot.decide(state.view(seat), rng), seat=seat)
    return kept, hard


def replay(state: GameState, policy: Policy, bot: SeeingBot, key: str) -> int:
    """Play the rest of the current deal; hard's side's points minus random's."""
    deal = state.deals[-1]
    ours, theirs = random.Random(f"ours:{key}"), random.Random(f"theirs:{key}")
    opponent = RandomBot()
    while not deal.outcome and not state.game_over:
        seat = state.current_player
        assert seat is not None
        if seat % 2 == 0:
            action = policy(state, seat, bot, ours)
        else:
            action = opponent.decide(state.view(seat), theirs)
        state.apply(action, seat=seat)
    return deal.points[0] - deal.points[1] if deal.points else 0


def as_hard(state: GameState, seat: int, bot: SeeingBot, rng: random.Random) -> str:
    return bot.decide(state.view(seat), rng)


def playing(cards: Policy) -> Policy:
    """A policy that bids as hard and plays its cards with ``cards``."""

    def policy(state: GameState, seat: int, bot: SeeingBot, rng: random.Random) -> str:
        view = state.view(seat)
        if view.phase != Phase.PLAY or len(view.legal) < 2:
            return bot.decide(view, rng)
        bot.decide(view, rng)  # hard still sees the view (its opponent model) and draws its seeds
        return cards(state, seat, bot, rng)

    return policy


def chance_card(
    state: GameState, seat: int, bot: SeeingBot, rng: random.Random, *, see: str
) -> str:
    """The best card against random play on average over sampled deals (``see``: "" or
    "partner", whose real hand then stands in every deal)."""
    know = knowledge_of(state.view(seat))
    if see == "partner" and (partner := (seat + 2) % 4) in know.view.active:
        hand = state.hands[partner]
        if partner == know.upcard_holder and not know.upcard_maybe_out:
            hand &= ~(1 << know.view.upcard)  # the sampler pins the turn-up itself
        know = dataclasses.replace(know, shown={**know.shown, partner: hand})
    view = know.view
    assert view.maker is not None
    cards = [aid - A.PLAY_BASE for aid in view.legal]
    made = know.makers_tricks()
    search = Expectimax(know.trump, view.active, seat % 2, view.maker, outcome_values(view, know))
    totals = dict.fromkeys(cards, 0.0)
    for world in bot._worlds(know, rng, SAMPLED_PLAY_WORLDS, None):
        for card, value in search.card_values(
            list(world.hands), seat, view.trick, made, cards
        ).items():
            totals[card] += value
    return A.action_text(A.PLAY_BASE + max(cards, key=lambda c: totals[c]))


def seeing_bids(state: GameState, seat: int, bot: SeeingBot, rng: random.Random) -> str:
    view = state.view(seat)
    if view.phase != Phase.PLAY:
        bot.world = World(tuple(state.hands), state.kitty)
    try:
        return bot.decide(view, rng)
    finally:
        bot.world = None


def trying_bids(tries: int) -> Policy:
    def policy(state: GameState, seat: int, bot: SeeingBot, rng: random.Random) -> str:
        view = state.view(seat)
        own = bot.decide(view, rng)
        if view.phase in (Phase.PLAY, Phase.DEALER_DISCARD) or len(view.legal) < 2:
            return own
        means = {}
        for action in view.legal_texts():
            total = 0
            for k in range(tries):
                game = state.clone()
                game.apply(action, seat=seat)
                total += replay(game, as_hard, copy.deepcopy(bot), f"try:{len(view.history)}:{k}")
            means[action] = total / tries
        return max(means, key=lambda a: (means[a], a == own))

    return policy


def policies(tries: int) -> dict[str, Policy]:
    return {
        "hard": as_hard,
        "sampled-play": playing(partial(chance_card, see="")),
        "see-play-dd": playing(partial(_oracle, kind="dd")),
        "see-play": playing(partial(_oracle, kind="chance")),
        "see-partner": playing(partial(chance_card, see="partner")),
        "see-bids": seeing_bids,
        "try-bids": trying_bids(tries),
    }


def _oracle(state: GameState, seat: int, bot: SeeingBot, rng: random.Random, *, kind: str) -> str:
    return oracle_card(state, seat, kind)


def run_chunk(
    name: str, tries: int, deals: list[tuple[int, GameState]], bot: SeeingBot, repeats: int
) -> list[int]:
    policy = policies(tries)[name]
    return [
        replay(state.clone(), policy, copy.deepcopy(bot), f"{index}:{r}")
        for index, state in deals
        for r in range(repeats)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games whose deals are kept")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=2, help="replays of each deal per policy")
    parser.add_argument("--tries", type=int, default=6, help="continuations per bid (try-bids)")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    parser.add_argument("--policies", nargs="+", default=["hard", "see-play-dd", "see-play"])
    args = parser.parse_args()
    unknown = set(args.policies) - set(policies(args.tries))
    if unknown:
        parser.error(f"unknown policies {sorted(unknown)}: choose from {sorted(policies(0))}")
    names = ["hard", *[p for p in args.policies if p != "hard"]]
    deals, bot = kept_deals(args.games, args.seed)
    indexed = list(enumerate(deals))
    jobs = args.jobs or os.cpu_count() or 1
    chunks = [indexed[i::jobs] for i in range(jobs)]
    results: dict[str, list[int]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for name in names:
            start = time.perf_counter()
            parts = pool.map(
                partial(run_chunk, name, args.tries, bot=bot, repeats=args.repeats), chunks
            )
            results[name] = [points for part in parts for points in part]  # same order each time
            seconds = time.perf_counter() - start
            _report(name, results[name], results["hard"], seconds)


def _report(name: str, points: list[int], base: list[int], seconds: float) -> None:
    diffs = [p - b for p, b in zip(points, base, strict=True)]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    changed = sum(1 for d in diffs if d)
    print(
        f"{name:<13} {len(points)} replays  {statistics.mean(points):+.3f} points per deal"
        f"  vs hard {statistics.mean(diffs):+.3f} ± {error:.3f}"
        f"  ({changed} replays differ, {seconds:.0f} s)",
        flush=True,
    )


if __name__ == "__main__":
    main()
