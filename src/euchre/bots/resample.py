"""Deal the cards a seat cannot see, consistently with everything it has seen.

``resample(view, rng)`` returns a :class:`World`: every seat's current hand and the cards
out of play (the kitty, discards, an inactive partner's hand). The seat's own hand, the
cards played, the turn-up in the dealer's hand, the seat's own discard and the cards shown
when going under stay where the seat knows they are; a seat that failed to follow a suit
gets none of it. The kitty is never looked at: it is dealt like any unseen card.

Without inference every consistent deal is equally likely: a small counting table over
groups of cards with the same possible holders makes the draw exact, not a rejection loop.
With ``infer=True`` the deals are re-weighted by how likely each seat's bidding was with
the hand it would have held (:func:`euchre.bots.evaluate.bid_likelihood`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import factorial

from euchre.engine.cards import cards_in
from euchre.engine.rules import EFFECTIVE_SUIT
from euchre.engine.views import View

from .bidding import bid_likelihood
from .knowledge import Knowledge, knowledge_of
from .world import World

OUT = -1


class InconsistentViewError(ValueError):
    """No deal fits what the view shows (a corrupt or hand-made view)."""


class Sampler:
    """Draws worlds for one view; build once per decision, sample many times."""

    def __init__(self, know: Knowledge) -> None:
        self.know = know
        self.holders, caps, fixed = _holders(know)
        self.fixed = fixed
        self.classes = _classes(know, self.holders, fixed)
        pool = sum(len(cards) for cards, _ in self.classes)
        out_cap = pool - sum(caps)
        if out_cap < 0:
            raise InconsistentViewError("more unseen cards are held than there are unseen cards")
        self.caps = (*caps, out_cap)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]
        ] = {}
        if self._count(0, self.caps) == 0:
            raise InconsistentViewError("no deal of the unseen cards fits the voids shown")

    def sample(self, rng: random.Random) -> World:
        """One world drawn uniformly from all deals consistent with the view."""
        know = self.know
        hands = [0] * know.n
        hands[know.seat] = know.hand
        for seat, mask in self.fixed.items():
            hands[seat] |= mask
        out = know.known_out
        caps = self.caps
        for i, (cards, _) in enumerate(self.classes):
            alloc = self._pick(i, caps, rng)
            shuffled = cards[:]
            rng.shuffle(shuffled)
            start = 0
            for h, k in enumerate(alloc):
                if not k:
                    continue
                mask = _mask(shuffled[start : start + k])
                start += k
                if h < len(self.holders):
                    hands[self.holders[h]] |= mask
                else:
                    out |= mask
            caps = tuple(c - a for c, a in zip(caps, alloc, strict=True))
        return World(tuple(hands), out)

    def _pick(self, i: int, caps: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        key = (i, caps)
        found = self._choices.get(key)
        if found is None:
            allocs = _allocations(len(self.classes[i][0]), self.classes[i][1], caps)
            weights = []
            total = 0
            for a in allocs:
                rest = tuple(c - x for c, x in zip(caps, a, strict=True))
                total += _multinomial(a) * self._count(i + 1, rest)
                weights.append(total)
            found = (allocs, weights)
            self._choices[key] = found
        allocs, cumulative = found
        r = rng.randrange(cumulative[-1])
        for a, w in zip(allocs, cumulative, strict=True):
            if r < w:
                return a
        raise AssertionError("unreachable: r is below the last cumulative weight")

    def _count(self, i: int, caps: tuple[int, ...]) -> int:
        if i == len(self.classes):
            return 1 if not any(caps) else 0
        key = (i, caps)
        found = self._memo.get(key)
        if found is not None:
            return found
        cards, eligible = self.classes[i]
        total = 0
        for a in _allocations(len(cards), eligible, caps):
            rest = tuple(c - x for c, x in zip(caps, a, strict=True))
            total += _multinomial(a) * self._count(i + 1, rest)
        self._memo[key] = total
        return total


def _holders(know: Knowledge) -> tuple[list[int], list[int], dict[int, int]]:
    """Seats that hold unseen cards, their free slots, and cards pinned to a seat."""
    view = know.view
    holders = [s for s in view.active if s != know.seat and know.hand_sizes[s] > 0]
    fixed: dict[int, int] = {}
    caps = [know.hand_sizes[s] for s in holders]
    for seat, mask in know.shown.items():
        if seat in holders:
            fixed[seat] = mask
            caps[holders.index(seat)] -= mask.bit_count()
    up = know.upcard_holder
    if up >= 0 and up != know.seat and not know.upcard_maybe_out and up in holders:
        fixed[up] = fixed.get(up, 0) | 1 << view.upcard
        caps[holders.index(up)] -= 1
    return holders, caps, fixed


def _classes(
    know: Knowledge, holders: list[int], fixed: dict[int, int]
) -> list[tuple[list[int], int]]:
    """Unseen cards grouped by the set of holders that may have them (bit h: holders[h];
    the last bit: out of play)."""
    eff = EFFECTIVE_SUIT[know.trump]
    out_bit = 1 << len(holders)
    pinned = 0
    for m in fixed.values():
        pinned |= m
    groups: dict[int, list[int]] = {}
    up = know.upcard_holder
    for c in cards_in(know.unseen() & ~pinned | _maybe_out_upcard(know, fixed)):
        eligible = out_bit
        for h, seat in enumerate(holders):
            if not know.voids[seat] >> eff[c] & 1:
                eligible |= 1 << h
        if c == know.view.upcard and up >= 0 and up != know.seat:
            eligible &= out_bit | _holder_bits(holders, (up, know.upcard_receiver))
        groups.setdefault(eligible, []).append(c)
    return [(cards, eligible) for eligible, cards in sorted(groups.items())]


def _holder_bits(holders: list[int], seats: tuple[int, ...]) -> int:
    return sum(1 << holders.index(s) for s in seats if s in holders)


def _maybe_out_upcard(know: Knowledge, fixed: dict[int, int]) -> int:
    """The turn-up, when it may be in the dealer's hand or discarded."""
    up = know.upcard_holder
    if up < 0 or up == know.seat or fixed.get(up, 0) >> know.view.upcard & 1:
        return 0
    return 1 << know.view.upcard


def _allocations(n: int, eligible: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Ways to split ``n`` cards among eligible holders within their capacities."""
    slots = [h for h in range(len(caps)) if eligible >> h & 1]
    out: list[tuple[int, ...]] = []
    alloc = [0] * len(caps)

    def place(j: int, left: int) -> None:
        if j == len(slots) - 1:
            if left <= caps[slots[j]]:
                alloc[slots[j]] = left
                out.append(tuple(alloc))
                alloc[slots[j]] = 0
            return
        h = slots[j]
        for k in range(min(left, caps[h]) + 1):
            alloc[h] = k
            place(j + 1, left - k)
        alloc[h] = 0

    if slots:
        place(0, n)
    return out


def _multinomial(alloc: tuple[int, ...]) -> int:
    result = factorial(sum(alloc))
    for k in alloc:
        result //= factorial(k)
    return result


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


Weight = Callable[[Knowledge, World], float]


def sample_worlds(
    view: View,
    rng: random.Random,
    count: int,
    *,
    weight: Weight | None = None,
    oversample: int = 4,
) -> list[World]:
    """``count`` worlds for ``view``; with ``weight``, drawn from ``oversample * count``
    uniform candidates in proportion to their weights (importance resampling)."""
    know = knowledge_of(view)
    sampler = Sampler(know)
    if weight is None:
        return [sampler.sample(rng) for _ in range(count)]
    candidates = [sampler.sample(rng) for _ in range(count * oversample)]
    weights = [weight(know, w) for w in candidates]
    if sum(weights) <= 0:
        return candidates[:count]
    return rng.choices(candidates, weights=weights, k=count)


def resample(view: View, rng: random.Random, *, infer: bool = True) -> World:
    """One world consistent with ``view``; ``infer`` also weighs the bidding seen."""
    if not infer:
        return Sampler(knowledge_of(view)).sample(rng)
    return sample_worlds(view, rng, 1, weight=bid_likelihood, oversample=8)[0]
