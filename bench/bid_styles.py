"""How a player bids, against the calibrated model's reading of a sensible bidder.

Deals are dealt at random and bid in OpenSpiel's ``euchre`` (Standard rules, stick the
dealer) by four copies of one player: OpenSpiel's ISMCTS (``--player ismcts``, 1,000
simulations as in ``bench/ismcts.py``) or one of this project's levels (``--player
medium``...). At every turn where the bidder may pass, the model's margin for its hand
(``euchre.bots.bidding.bid_margin``: the points a call gains over passing, by the
calibrated tables) is kept with whether it called. Reported per round: how many calls
the model expects (the sum of its call chances) against how many were made, and the
same by bands of the margin. The dealer's forced call is left out.

    .venv/bin/python bench/bid_styles.py --player ismcts --deals 150
"""

from __future__ import annotations

import argparse
import random

import pyspiel

from euchre.bots import make_bot
from euchre.bots.bidding import SENSIBLE, bid_margin
from euchre.bots.knowledge import knowledge_of
from euchre.engine import actions as A
from ismcts import CALL_BASE, PASS, Deal, Opponent, Replay, os_action

BANDS = ((-9.0, -1.5), (-1.5, -0.75), (-0.75, -0.25), (-0.25, 0.25), (0.25, 0.75), (0.75, 9.0))


def bids_of_deal(number: int, player: str) -> list[tuple[bool, float, bool]]:
    """(first round, the model's margin, called) for each free bid of one deal."""
    rng = random.Random(number)
    cards = list(range(24))
    rng.shuffle(cards)
    deal = Deal(rng.randrange(4), cards[:21])
    state = pyspiel.load_game("euchre").new_initial_state()
    state.apply_action(deal.dealer)
    for c in deal.order:
        state.apply_action(c)
    ismcts = Opponent(1000).bot(number) if player == "ismcts" else None
    ours = None if ismcts is not None else make_bot(player)
    replay = Replay(deal)
    out = []
    while not state.is_terminal() and PASS in state.legal_actions():
        seat = state.current_player()
        game = replay.state()
        view = game.view(seat)
        know = knowledge_of(view)
        first = view.phase.name == "BID_R1"
        if ismcts is not None:
            action = ismcts.step(state)
        else:
            assert ours is not None
            action = os_action(ours.decide(view, random.Random(0)), game)
        # The margin of the turn-up's suit, or in the second round of the best suit.
        margin = bid_margin(know, seat, know.hand, A.PASS, first)
        if margin is not None:
            out.append((first, margin, action != PASS))
        replay.history.append((seat, action))
        state.apply_action(action)
        if action >= CALL_BASE:
            break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="A player's bids against the model.")
    parser.add_argument("--player", default="ismcts", help="ismcts, or a level name")
    parser.add_argument("--deals", type=int, default=150)
    args = parser.parse_args()
    rows = [bid for n in range(args.deals) for bid in bids_of_deal(n, args.player)]
    print(f"{args.player}: bids of {args.deals} deals, against the model's sensible bidder")
    for first in (True, False):
        chosen = [(m, c) for f, m, c in rows if f == first]
        if not chosen:
            continue
        expected = sum(SENSIBLE.call_probability(m) for m, _ in chosen)
        made = sum(c for _, c in chosen)
        label = "first round " if first else "second round"
        print(f"  {label}: {len(chosen)} turns, model expects {expected:.0f} calls, {made} made")
        for low, high in BANDS:
            band = [(m, c) for m, c in chosen if low <= m < high]
            if band:
                model = sum(SENSIBLE.call_probability(m) for m, _ in band) / len(band)
                seen = sum(c for _, c in band) / len(band)
                print(
                    f"    margin {low:+.2f} to {high:+.2f}: {len(band):4} turns,"
                    f" model calls {model:.0%}, made {seen:.0%}"
                )


if __name__ == "__main__":
    main()
