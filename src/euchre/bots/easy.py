"""The ``easy`` level: a few simple, sensible rules.

Bidding: order up or name a suit holding three effective trumps (the dealer counts the
turn-up); a stuck dealer names the longest suit; never alone, never any extra offer.
Play: lead the highest card; follow low when the partner is winning; otherwise win as
cheaply as possible, or throw the lowest card.
"""

from __future__ import annotations

import random

from euchre.engine import actions as A
from euchre.engine.cards import NO_TRUMP, SUITS, cards_in
from euchre.engine.phases import Phase
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK
from euchre.engine.views import View

from .knowledge import Knowledge, knowledge_of, upcard_suit
from .medium import key_of


class EasyBot:
    """Rule-of-thumb bidding and play."""

    def decide(self, view: View, rng: random.Random) -> str:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide: it is not its turn")
        if len(legal) == 1:
            return A.action_text(legal[0])
        know = knowledge_of(view)
        if view.phase == Phase.PLAY:
            return A.action_text(A.play_id(_play(know)))
        return A.action_text(_bid(know, list(legal)))


def _trumps(hand: int, suit: int) -> int:
    return (hand & SUIT_MASK[suit][suit]).bit_count()


def _bid(know: Knowledge, legal: list[int]) -> int:
    view = know.view
    hand = know.hand
    phase = view.phase
    if phase == Phase.BID_R1:
        suit = upcard_suit(view)
        count = _trumps(hand | (1 << view.upcard if know.seat == view.dealer else 0), suit)
        for aid in (A.ORDER, A.ORDER_ALONE):
            if count >= 3 and aid in legal:
                return aid
        return A.PASS
    if phase in (Phase.BID_R2, Phase.JOKER_NAME):
        return _name_suit(know, legal)
    if phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD):
        return _discard(know, legal)
    if phase == Phase.GIVE_BEST:
        return A.give_id(max(cards_in(hand), key=lambda c: POWER[know.trump][c]))
    return A.PASS if A.PASS in legal else legal[0]


def _name_suit(know: Knowledge, legal: list[int]) -> int:
    hand = know.hand
    if know.view.phase == Phase.JOKER_NAME:
        hand |= 1 << know.view.upcard
    calls = [a for a in legal if A.CALL_BASE <= a < A.CALL_BASE + 8 and (a - A.CALL_BASE) % 2 == 0]
    if not calls:
        return A.PASS if A.PASS in legal else legal[0]
    best = max(calls, key=lambda a: _trumps(hand, (a - A.CALL_BASE) // 2))
    if _trumps(hand, (best - A.CALL_BASE) // 2) >= 3 or A.PASS not in legal:
        return best
    return A.PASS


def _discard(know: Knowledge, legal: list[int]) -> int:
    trump = know.trump
    discards = [a - A.DISCARD_BASE for a in legal if A.is_discard(a)]
    if not discards:
        return legal[0]
    plain = [c for c in discards if EFFECTIVE_SUIT[trump][c] != trump] or discards
    return A.discard_id(min(plain, key=lambda c: POWER[trump][c]))


def _play(know: Knowledge) -> int:
    trump = know.trump
    legal = [a - A.PLAY_BASE for a in know.view.legal]
    trick = know.view.trick
    if not trick:
        return max(legal, key=lambda c: _lead_rank(c, trump))
    led = EFFECTIVE_SUIT[trump][trick[0][1]]
    win_seat, win_key = -1, -1
    for seat, c in trick:
        k = key_of(c, led, trump)
        if k > win_key:
            win_seat, win_key = seat, k
    lowest = min(legal, key=lambda c: (key_of(c, led, trump), POWER[trump][c]))
    if know.same_side(win_seat, know.seat):
        return lowest
    winners = [c for c in legal if key_of(c, led, trump) > win_key]
    if winners:
        return min(winners, key=lambda c: key_of(c, led, trump))
    return lowest


def _lead_rank(c: int, trump: int) -> int:
    is_trump = trump != NO_TRUMP and EFFECTIVE_SUIT[trump][c] == trump
    return POWER[trump][c] - (50 if is_trump else 0)


__all__ = ["SUITS", "EasyBot"]
