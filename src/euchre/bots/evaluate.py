"""Hand valuation for bidding: how many tricks a hand is worth with a given trump.

``hand_tricks`` counts *effective* trumps (the left bower and Joker are trumps), values
them by their place in the trump order, adds off-suit aces (worth less in long suits that
get ruffed) and voids that a spare trump can ruff into. ``call_outcomes`` turns the side's
expected tricks into the chances of a euchre, a made call and a march; its constants are
the fallback for player counts the calibrated model of :mod:`euchre.bots.bidding` does not
cover.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from euchre.engine.cards import JOKER, NO_TRUMP, SUITS, cards_in
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK, partner
from euchre.engine.variants import Variant

from .knowledge import Knowledge

# Value of a trump by its place from the top of the trump order (Joker or right bower first).
_TRUMP_PLACE = (1.0, 0.93, 0.82, 0.66, 0.56, 0.48, 0.43, 0.38, 0.34, 0.32)
_TRUMP_PLACE_JOKER = (1.0, 0.97, 0.9, 0.74, 0.6, 0.5, 0.45, 0.4, 0.36, 0.34)


@dataclass(frozen=True)
class Calibration:
    """Logistic models of the makers' result from their expected tricks."""

    make_mid: float = 2.6
    make_width: float = 0.42
    march_mid: float = 4.25
    march_width: float = 0.38
    partner: float = 0.85
    upcard_share: float = 0.55
    alone_make_mid: float = 2.85
    alone_march_mid: float = 4.45
    alone_width: float = 0.32


CAL = Calibration()


@cache
def trump_order(trump: int, deck: int) -> tuple[int, ...]:
    """Trump cards of a deck, highest first."""
    trumps = SUIT_MASK[trump][trump] & deck
    return tuple(sorted(cards_in(trumps), key=lambda c: -POWER[trump][c]))


def hand_tricks(hand: int, trump: int, deck: int) -> float:
    """Tricks a hand should win for its side with ``trump`` (suit or NO_TRUMP)."""
    if trump == NO_TRUMP:
        return _no_trump_tricks(hand, deck)
    order = trump_order(trump, deck)
    places = _TRUMP_PLACE_JOKER if deck >> JOKER & 1 else _TRUMP_PLACE
    trumps = hand & SUIT_MASK[trump][trump]
    count = trumps.bit_count()
    value = 0.0
    for place, c in enumerate(order):
        if trumps >> c & 1:
            value += places[min(place, len(places) - 1)]
    if count >= 3:
        value += 0.12 * (count - 2)
    voids = 0
    for s in SUITS:
        if s == trump:
            continue
        suit_cards = hand & SUIT_MASK[trump][s]
        if not suit_cards:
            voids += 1
            continue
        value += _side_suit(suit_cards, trump, deck, count)
    if count >= 2:
        value += 0.22 * min(voids, count - 1)
    return value


def _side_suit(cards: int, trump: int, deck: int, trumps_held: int) -> float:
    """Value of the cards held in one side suit: its ace, a king behind the ace."""
    length = cards.bit_count()
    suit = EFFECTIVE_SUIT[trump][(cards & -cards).bit_length() - 1]
    top = top_cards(trump, SUIT_MASK[trump][suit] & deck)
    value = 0.0
    if cards >> top[0] & 1:
        value += 0.78 if length <= 2 else 0.6
        if cards >> top[1] & 1:
            value += 0.32 if length <= 3 else 0.2
    elif cards >> top[1] & 1 and length >= 2:
        value += 0.16
    if trumps_held == 0:
        value *= 0.8
    return value


@cache
def top_cards(trump: int, suit_cards: int) -> tuple[int, ...]:
    return tuple(sorted(cards_in(suit_cards), key=lambda c: -POWER[trump][c]))


def _no_trump_tricks(hand: int, deck: int) -> float:
    value = 0.0
    for s in SUITS:
        cards = hand & SUIT_MASK[NO_TRUMP][s]
        if not cards:
            continue
        top = top_cards(NO_TRUMP, SUIT_MASK[NO_TRUMP][s] & deck)
        run = 0
        for c in top:
            if cards >> c & 1:
                run += 1
            else:
                break
        length = cards.bit_count()
        value += run * 0.95
        if run == 0 and length >= 2 and cards >> top[1] & 1:
            value += 0.4
        if run >= 2 and length > run:
            value += 0.3 * (length - run)
    return value


def sure_tricks(hand: int, trump: int, deck: int) -> int:
    """Tricks a lone hand takes by force: the unbroken top trumps, the rest of its trumps
    once the top ones have drawn the others (three or more held), and side aces then."""
    if trump == NO_TRUMP:
        return 0
    order = trump_order(trump, deck)
    trumps = hand & SUIT_MASK[trump][trump]
    count = trumps.bit_count()
    top = 0
    for c in order:
        if not trumps >> c & 1:
            break
        top += 1
    sure = top
    if (top >= 2 and count >= 3) or (top >= 1 and count >= 4):
        sure = count
    if count >= 3:
        for s in SUITS:
            if s == trump:
                continue
            cards = hand & SUIT_MASK[trump][s]
            if cards and cards >> top_cards(trump, SUIT_MASK[trump][s] & deck)[0] & 1:
                sure += 1
    return min(5, sure)


def sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True, slots=True)
class Outcomes:
    """Chances of the makers' results: euchred, 3-4 tricks, march."""

    euchre: float
    made: float
    march: float


def call_outcomes(side_tricks: float, alone: bool) -> Outcomes:
    """Result chances for makers expected to win ``side_tricks`` tricks."""
    if alone:
        make = sigmoid((side_tricks - CAL.alone_make_mid) / CAL.alone_width)
        march = sigmoid((side_tricks - CAL.alone_march_mid) / CAL.alone_width)
    else:
        make = sigmoid((side_tricks - CAL.make_mid) / CAL.make_width)
        march = sigmoid((side_tricks - CAL.march_mid) / CAL.march_width)
    march = min(march, make)
    return Outcomes(1.0 - make, make - march, march)


def best_discard(hand: int, trump: int, deck: int, forbidden: int = 0) -> int:
    """The card whose loss hurts ``hand`` least (never one in ``forbidden``); among equals
    the one that leaves a plain suit empty while a trump is kept (the suit can then be
    trumped: the discard a teacher names), then the lowest."""
    best, best_value = -1, -1e9
    for c in cards_in(hand & ~forbidden):
        rest = hand & ~(1 << c)
        value = hand_tricks(rest, trump, deck) - POWER[trump][c] * 1e-4
        if _empties_a_plain_suit(rest, c, trump):
            value += 3e-3  # below any difference in tricks (0.006 at least), above any in power
        if value > best_value:
            best, best_value = c, value
    return best


def _empties_a_plain_suit(rest: int, card: int, trump: int) -> bool:
    suit = EFFECTIVE_SUIT[trump][card]
    if suit == trump or trump == NO_TRUMP:
        return False
    return not rest & SUIT_MASK[trump][suit] and bool(rest & SUIT_MASK[trump][trump])


def after_pickup(hand: int, up: int, suit: int, deck: int, may_discard_up: bool) -> int:
    """The dealer's five cards after taking the turn-up and discarding the least useful."""
    hand6 = hand | 1 << up
    c = best_discard(hand6, suit, deck, 0 if may_discard_up else 1 << up)
    return hand6 & ~(1 << c) if c >= 0 else hand6


def side_tricks(know: Knowledge, hand: int, suit: int, *, first_round: bool, alone: bool) -> float:
    """Expected tricks for the side of ``know.seat`` if it makes ``suit`` trump now."""
    view = know.view
    dealer = view.dealer
    seat = know.seat
    deck = know.deck
    up = view.upcard
    if first_round and seat == dealer and not hand >> up & 1:
        hand = after_pickup(hand, up, suit, deck, view.variant.dealer_may_discard_upcard)
    mine = hand_tricks(hand, suit, deck)
    n = know.n
    if n != 4:
        return mine + (0.35 if n == 2 else 0.0)
    if alone:
        return mine
    total = mine + CAL.partner
    if first_round and seat != dealer:
        up_value = _upcard_value(up, suit, deck) * CAL.upcard_share
        partner_deals = partner(seat) == dealer
        total += up_value if partner_deals else -up_value
    return total


def _upcard_value(up: int, suit: int, deck: int) -> float:
    order = trump_order(suit, deck)
    places = _TRUMP_PLACE_JOKER if deck >> JOKER & 1 else _TRUMP_PLACE
    if up in order:
        return places[min(order.index(up), len(places) - 1)]
    return 0.0


def hand_points(variant: Variant, maker_side: int, alone: bool, result: str) -> tuple[int, ...]:
    """Points by side for a result ("euchre", "made", "march") of a call."""
    sides = variant.sides
    points = [0] * sides
    if variant.players == 3:
        if result == "euchre":
            return tuple(0 if s == maker_side else 2 for s in range(3))
        points[maker_side] = 3 if result == "march" else 1
        return tuple(points)
    if result == "euchre":
        award = max(2, variant.lone_euchre_points) if alone else 2
        points[1 - maker_side] = award
    elif result == "march":
        points[maker_side] = variant.loner_march_points if alone and variant.players == 4 else 2
    else:
        points[maker_side] = 0 if alone and variant.alone_must_take_5 else 1
        if alone and variant.alone_must_take_5:
            points[1 - maker_side] = max(2, variant.lone_euchre_points)
    return tuple(points)


__all__ = [
    "CAL",
    "Calibration",
    "Outcomes",
    "best_discard",
    "call_outcomes",
    "hand_points",
    "hand_tricks",
    "side_tricks",
    "sigmoid",
    "trump_order",
]
