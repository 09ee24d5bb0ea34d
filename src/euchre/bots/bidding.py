"""Bidding by a model calibrated by simulation.

A call is described by a few features of the caller's hand for that trump (its trumps by
place in the trump order, off-suit aces and kings, voids a spare trump can ruff into, who
receives the turn-up) plus the caller's seat and the bidding round. Logistic models turn
these into the chances that the makers take three tricks and five; a linear model gives
the points a seat's side can expect after it passes. The weights live in
:mod:`euchre.bots.bidding_table`, fitted by ``bench/calibrate.py`` on deals whose every
bidding choice was played out (see docs/bots.md).

The tables are fitted for four players; other player counts use the hand-count model of
:mod:`euchre.bots.evaluate`.
"""

from __future__ import annotations

from euchre.engine.cards import JOKER, SUITS
from euchre.engine.rules import EFFECTIVE_SUIT, SUIT_MASK

from . import bidding_table as T
from .evaluate import (
    Outcomes,
    _top_cards,
    after_pickup,
    call_outcomes,
    hand_tricks,
    side_tricks,
    sigmoid,
    trump_order,
)
from .knowledge import Knowledge

_PLACE = (1.0, 0.93, 0.82, 0.66, 0.56, 0.48, 0.43, 0.38, 0.34, 0.32)
FEATURE_COUNT = 14 + 8


def role_of(seat: int, dealer: int, players: int) -> int:
    """0: left of the dealer ... players-1: the dealer."""
    return (seat - dealer - 1) % players


def card_features(hand: int, trump: int, deck: int) -> list[float]:
    """Features of a five-card hand with ``trump`` (see the module docstring)."""
    order = trump_order(trump, deck)
    trumps = hand & SUIT_MASK[trump][trump]
    count = trumps.bit_count()
    f = [0.0] * 14
    for place, c in enumerate(order):
        if trumps >> c & 1:
            if place < 5:
                f[place] = 1.0
            else:
                f[5] += 1.0
    f[6] = 1.0 if count >= 3 else 0.0
    f[7] = 1.0 if count >= 4 else 0.0
    voids = 0
    for s in SUITS:
        if s == trump:
            continue
        cards = hand & SUIT_MASK[trump][s]
        if not cards:
            voids += 1
            continue
        top = _top_cards(trump, SUIT_MASK[trump][s] & deck)
        if cards >> top[0] & 1:
            f[8] += 1.0
            if cards >> top[1] & 1:
                f[9] += 1.0
        elif cards >> top[1] & 1 and cards.bit_count() >= 2:
            f[10] += 1.0
    if count >= 2:
        f[11] = float(min(voids, count - 1))
    return f


def upcard_place_value(up: int, trump: int, deck: int) -> float:
    order = trump_order(trump, deck)
    return _PLACE[min(order.index(up), len(_PLACE) - 1)] if up in order else 0.0


def features(
    know: Knowledge, hand: int, suit: int, *, first_round: bool, seat: int | None = None
) -> list[float]:
    """Features of ``seat`` (default: the deciding seat) calling ``suit`` now."""
    view = know.view
    seat = know.seat if seat is None else seat
    dealer = view.dealer
    deck = know.deck
    up = view.upcard
    if first_round and seat == dealer and not hand >> up & 1:
        hand = after_pickup(hand, up, suit, deck, view.variant.dealer_may_discard_upcard)
    f = card_features(hand, suit, deck)
    if first_round and seat != dealer:
        sign = 1.0 if (seat + 2) % 4 == dealer else -1.0
        f[12] = sign * upcard_place_value(up, suit, deck)
    f[13] = 1.0 if deck >> JOKER & 1 else 0.0
    role = role_of(seat, dealer, 4)
    onehot = [0.0] * 8
    onehot[role + (0 if first_round else 4)] = 1.0
    return f + onehot


def _dot(w: tuple[float, ...], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=False))


def call_chances(know: Knowledge, suit: int, *, alone: bool, first_round: bool) -> Outcomes:
    """Chances of a euchre, a made call and a march if this seat makes ``suit`` trump."""
    if know.n != 4 or not T.MAKE:
        tricks = side_tricks(know, know.hand, suit, first_round=first_round, alone=alone)
        return call_outcomes(tricks, alone=alone and know.n == 4)
    x = features(know, know.hand, suit, first_round=first_round)
    make = sigmoid(_dot(T.MAKE, x))
    march = sigmoid(_dot(T.MARCH, x))
    if alone:
        # A partner never costs tricks: a loner makes at most as often as the side would.
        make = min(make, sigmoid(_dot(T.ALONE_MAKE, x)))
        march = sigmoid(_dot(T.ALONE_MARCH, x))
    march = min(march, make)
    return Outcomes(1.0 - make, make - march, march)


def pass_features(
    know: Knowledge, hand: int, legal_suits: list[int], first_round: bool
) -> list[float]:
    """Features for the value of passing: the hand in the suit on offer (round 1) or its
    best suit (round 2), and its best other suit."""
    deck = know.deck
    view = know.view
    if first_round:
        offer = EFFECTIVE_SUIT[4][view.upcard] if view.upcard != JOKER else 3
        other = max(hand_tricks(hand, s, deck) for s in SUITS if s != offer)
    else:
        offer = max(legal_suits, key=lambda s: hand_tricks(hand, s, deck))
        other = 0.0
    x = features(know, hand, offer, first_round=first_round)
    return [*x, other]


def pass_points(know: Knowledge, legal_suits: list[int], first_round: bool) -> float:
    """Points the seat's side can expect (its points minus the opponents') after a pass."""
    if know.n != 4 or not T.PASS_POINTS:
        return 0.0
    x = pass_features(know, know.hand, legal_suits, first_round)
    return _dot(T.PASS_POINTS, x)
