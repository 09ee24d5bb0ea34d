"""Where a level's points come from against another (not a test: a benchmark).

Plays duplicate Standard games in this process (each deal with the partnerships swapped)
and splits the measured level's points per deal by who made trump, whether alone, and
which side bid first. One bot object per level lasts the whole run, as in the arena, so
a bot that learns about its opponents keeps what it learnt.

``--oracle-play`` is a ceiling, not a bot: the measured side still bids and discards as
its level does, but plays every card with perfect information, which no honest player
can: ``dd`` (the default) solves each legal card double-dummy on the real hands (the
opponents assumed to play their best), ``chance`` takes the card with the best expected
value when the opponents play at random (``euchre.bots.expectimax``), each valued for
the match.

    .venv/bin/python bench/makers.py --level hard --against random --games 20
    .venv/bin/python bench/makers.py --level hard --against random --games 20 --oracle-play
    .venv/bin/python bench/makers.py --level hard --against random --games 20 --oracle-play chance
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from euchre.bots import Bot, make_bot
from euchre.bots.expectimax import Expectimax
from euchre.bots.knowledge import knowledge_of
from euchre.bots.search import Solver, _breakpoints, _settle, outcome_values
from euchre.engine import GameState, Phase, preset
from euchre.engine import actions as A
from euchre.engine.deal import DealRecord

SKIPPED = ("", "farmers", "misdeal", "redeal")


def category(record: DealRecord, side: int) -> str:
    makers = "measured" if record.maker % 2 == side else "opponents"
    alone = " alone" if record.alone else ""
    first = "measured" if (record.dealer + 1) % 2 == side else "opponents"
    return f"{makers} made trump{alone}, {first} bid first"


def oracle_card(state: GameState, seat: int, oracle: str) -> str:
    """The card with the best match value when every hand is known (a cheat), against
    opponents who play their best (``dd``) or at random (``chance``)."""
    view = state.view(seat)
    know = knowledge_of(view)
    makers = know.makers_mask()
    table = outcome_values(view, know)
    made = know.makers_tricks()
    cards = [aid - A.PLAY_BASE for aid in view.legal]
    if oracle == "chance":
        assert view.maker is not None
        chance = Expectimax(know.trump, view.active, seat % 2, view.maker, table)
        values = chance.card_values(list(state.hands), seat, view.trick, made, cards)
    else:
        solver = Solver(know.trump, view.active, makers, know.n)
        breaks = _breakpoints(table, made)
        values = {
            c: table[_settle(solver, list(state.hands), seat, c, view.trick, made, breaks)]
            for c in cards
        }
    return A.action_text(A.PLAY_BASE + max(cards, key=lambda c: values[c]))


def decide(state: GameState, seat: int, bot: Bot, oracle: str | None, rng: random.Random) -> str:
    view = state.view(seat)
    if oracle and view.phase == Phase.PLAY and len(view.legal) > 1:
        bot.decide(view, rng)  # the bot still sees every view (it sizes up its opponents)
        return oracle_card(state, seat, oracle)
    return bot.decide(view, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--against", default="random")
    parser.add_argument("--games", type=int, default=20, help="duplicate pairs of games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="number of the first game pair")
    parser.add_argument(
        "--oracle-play", nargs="?", const="dd", choices=("dd", "chance"), help="a ceiling (above)"
    )
    args = parser.parse_args()
    bots = (make_bot(args.level), make_bot(args.against))
    tally: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for number in range(args.first, args.first + args.games):
        for side in (0, 1):
            state = GameState(preset("standard"), seed=args.seed * 10_000 + number)
            rng = random.Random(f"{args.seed}:{number}:{side}")
            while not state.game_over:
                seat = state.current_player
                assert seat is not None
                ours = seat % 2 == side
                bot = bots[0] if ours else bots[1]
                oracle = args.oracle_play if ours else None
                state.apply(decide(state, seat, bot, oracle, rng), seat=seat)
            for record in state.deals:
                if record.outcome in SKIPPED:
                    continue
                diff = record.points[side] - record.points[1 - side]
                for key in (category(record, side), "all deals"):
                    tally[key][0] += 1
                    tally[key][1] += diff
    total = tally["all deals"][0]
    play = f" (cards played with perfect information: {args.oracle_play})" * bool(args.oracle_play)
    print(f"{args.level}{play} against {args.against}: {total:.0f} deals, points per deal")
    for key, (count, points) in sorted(tally.items()):
        print(
            f"  {key:<52} {count:5.0f} deals ({count / total:6.1%})"
            f"  {points / count:+.3f} each  {points / total:+.3f} of the mean"
        )


if __name__ == "__main__":
    main()
