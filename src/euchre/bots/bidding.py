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

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.engine import actions as A
from euchre.engine.cards import JOKER, SUITS
from euchre.engine.rules import SUIT_MASK, partner
from euchre.engine.variants import GoUnder, Variant
from euchre.engine.views import View

from . import bidding_table as T
from .evaluate import (
    Outcomes,
    after_pickup,
    call_outcomes,
    hand_tricks,
    side_tricks,
    sigmoid,
    top_cards,
    trump_order,
)
from .knowledge import Knowledge, upcard_suit
from .world import World

_PLACE = (1.0, 0.93, 0.82, 0.66, 0.56, 0.48, 0.43, 0.38, 0.34, 0.32)


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
        top = top_cards(trump, SUIT_MASK[trump][s] & deck)
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
        sign = 1.0 if partner(seat) == dealer else -1.0
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
        # A partner never costs tricks: a loner makes and marches at most as often as the
        # side would (at 8 points the side's march already wins, so going alone cannot pay).
        make = min(make, sigmoid(_dot(T.ALONE_MAKE, x)))
        march = min(march, sigmoid(_dot(T.ALONE_MARCH, x)))
    march = min(march, make)
    return Outcomes(1.0 - make, make - march, march)


def pass_features(
    know: Knowledge,
    hand: int,
    legal_suits: list[int],
    first_round: bool,
    seat: int | None = None,
) -> list[float]:
    """Features for the value of passing: the hand in the suit on offer (round 1) or its
    best suit (round 2), and its best other suit."""
    deck = know.deck
    if first_round:
        offer = upcard_suit(know.view)
        other = max(hand_tricks(hand, s, deck) for s in SUITS if s != offer)
    else:
        offer = max(legal_suits, key=lambda s: hand_tricks(hand, s, deck))
        other = 0.0
    x = features(know, hand, offer, first_round=first_round, seat=seat)
    return [*x, other]


def pass_points(know: Knowledge, legal_suits: list[int], first_round: bool) -> float:
    """Points the seat's side can expect (its points minus the opponents') after a pass."""
    if know.n != 4 or not T.PASS_POINTS:
        return 0.0
    x = pass_features(know, know.hand, legal_suits, first_round)
    return _dot(T.PASS_POINTS, x)


# ---------------------------------------------------------------------- inference

_TEMPERATURE = 0.4  # points: how sharply a bidder follows the model


@dataclass(frozen=True, slots=True)
class CallStyle:
    """How a seat bids, read as the calibrated model: it calls when a call gains more
    than ``caution`` points over passing, give or take ``temperature`` (the model's
    own bidder: 0 and :data:`_TEMPERATURE`)."""

    caution: float = 0.0
    temperature: float = _TEMPERATURE

    def call_probability(self, margin: float) -> float:
        return min(0.97, max(0.03, sigmoid((margin - self.caution) / self.temperature)))


SENSIBLE = CallStyle()


def call_margin(know: Knowledge, seat: int, hand: int, suit: int, *, first_round: bool) -> float:
    """Points a partnership call of ``suit`` gains over passing, for ``seat`` holding
    ``hand`` at an even score (what a sensible bidder weighs)."""
    x = features(know, hand, suit, first_round=first_round, seat=seat)
    make = sigmoid(_dot(T.MAKE, x))
    march = min(make, sigmoid(_dot(T.MARCH, x)))
    call = (make - march) + 2.0 * march - 2.0 * (1.0 - make)
    if first_round:
        other = max(hand_tricks(hand, s, know.deck) for s in SUITS if s != suit)
        passing = _dot(T.PASS_POINTS, [*x, other])
    else:
        passing = _dot(T.PASS_POINTS, [*x, 0.0])
    return call - passing


def bid_margin(know: Knowledge, seat: int, hand: int, aid: int, first_round: bool) -> float | None:
    """The margin (:func:`call_margin`) that ``seat``, holding ``hand``, weighed when it
    bid ``aid``: of the turn-up's suit in the first round; of the suit it called in the
    second, or when it passed, of its best suit. None when the bid says nothing (the
    dealer stuck with a call)."""
    view = know.view
    up = upcard_suit(view)
    if first_round:
        return call_margin(know, seat, hand, up, first_round=True)
    if aid == A.PASS:
        suits = [s for s in SUITS if s != up]
        best = max(suits, key=lambda s: hand_tricks(hand, s, know.deck))
        return call_margin(know, seat, hand, best, first_round=False)
    suit = (aid - A.CALL_BASE) // 2
    if suit not in SUITS or (seat == view.dealer and view.variant.stick_the_dealer):
        return None
    return call_margin(know, seat, hand, suit, first_round=False)


def bid_likelihood(know: Knowledge, world: World, loose: float = 0.0) -> float:
    """How likely the other seats' bidding was, had they held their hands in ``world``
    and bid by the calibrated model (the opponents, with chance ``loose``, at random)."""
    return BidReading(know, loose).weight(world)


class BidReading:
    """:func:`bid_likelihood` for the many sampled worlds of one decision: a seat's share
    depends only on the hand it holds, so it is computed once per (seat, hand).
    ``styles`` gives each seat's way of bidding (default: the model's own)."""

    def __init__(
        self, know: Knowledge, loose: float = 0.0, styles: Sequence[CallStyle] | None = None
    ) -> None:
        self.know = know
        self.loose = loose
        self.styles = list(styles) if styles is not None else [SENSIBLE] * know.n
        view = know.view
        self.silent = know.n != 4 or not T.MAKE or (view.upcard == JOKER and know.call_round == 0)
        by_seat: dict[int, list[tuple[int, bool]]] = {}
        if not self.silent:
            for seat, aid, first_round in _bids(view):
                if seat != know.seat:
                    by_seat.setdefault(seat, []).append((aid, first_round))
        self.bids = by_seat
        self.drop_upcard = view.upcard_state == "taken"
        self._memo: dict[tuple[int, int], float] = {}

    def weight(self, world: World) -> float:
        if self.silent:
            return 1.0
        know = self.know
        weight = 1.0
        for seat, bids in self.bids.items():
            hand = world.hands[seat] | know.played_by[seat]
            if seat == know.view.dealer and self.drop_upcard:
                hand &= ~(1 << know.view.upcard)
            key = (seat, hand)
            share = self._memo.get(key)
            if share is None:
                share = self._memo[key] = self._share(seat, hand, bids)
            weight *= share
        return weight

    def _share(self, seat: int, hand: int, bids: list[tuple[int, bool]]) -> float:
        know = self.know
        loose = self.loose if not know.same_side(seat, know.seat) else 0.0
        variant = know.view.variant
        style = self.styles[seat]
        share = 1.0
        for aid, first_round in bids:
            margin = bid_margin(know, seat, hand, aid, first_round)
            if margin is None:
                continue
            p = style.call_probability(margin)
            if aid == A.PASS:
                p = 1.0 - p
            if loose:
                p = (1.0 - loose) * p + loose * _random_bid_share(variant, aid, first_round)
            share *= p
        return share


def random_bid_options(variant: Variant, first_round: bool) -> tuple[int, int]:
    """(suits open, bids open) to a bidder who may pass: 1 + suits, each also alone."""
    suits = 1 if first_round else 3 + (1 if variant.no_trump else 0)
    return suits, 1 + suits * (2 if variant.allow_alone else 1)


def _random_bid_share(variant: Variant, aid: int, first_round: bool) -> float:
    """Chance that a random bidder makes a bid the model reads as ``aid`` (a pass; in the
    first round, any order; in the second, this suit alone or not)."""
    suits, options = random_bid_options(variant, first_round)
    if aid == A.PASS:
        return 1.0 / options
    return (options - 1) / options if first_round else (options - 1) / suits / options


def _bids(view: View) -> list[tuple[int, int, bool]]:
    """(seat, action, first round) for the bidding actions of the deal."""
    return [(seat, aid, first) for seat, aid, first, _ in bidding_turns(view)]


def bidding_turns(view: View) -> list[tuple[int, int, bool, bool]]:
    """(seat, action, first round, whether passing was allowed) for each bid of the deal."""
    out: list[tuple[int, int, bool, bool]] = []
    v = view.variant
    if v.go_under != GoUnder.OFF or v.throw_in_hands:
        return out  # offers to go under or throw in also read "pass": bids are ambiguous
    passes = 0
    stuck_turn = 2 * v.players - 1 if v.stick_the_dealer else -1
    for seat, aid in view.history:
        first = passes < v.players
        if aid in (A.ORDER, A.ORDER_ALONE) or A.CALL_BASE <= aid < A.CALL_BASE + 10:
            out.append((seat, aid, first, passes != stuck_turn))
            break
        if aid == A.PASS:
            out.append((seat, aid, first, True))
            passes += 1
    return out
