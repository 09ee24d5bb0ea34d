"""Quick play-outs of the tricks against opponents who play at random.

The search bot values its bids against loose opponents by playing the deal out many
times: the opponents pick uniformly among their legal cards, this side plays a plain
sound game (lead trump as makers, otherwise the highest side card; win a trick as
cheaply as it can unless the partner already has it; otherwise throw the lowest card).
Four players in partnerships, on bit masks, so thousands fit in a decision's budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK

_TRUMP_POWER = 100  # POWER gives trumps 100 and up
# Every card from the weakest to the strongest for each trump (side suits interleaved).
_RISING: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(range(len(power)), key=lambda c: power[c])) for power in POWER
)


def loose_tricks(
    hands: list[int],
    trump: int,
    leader: int,
    active: Sequence[int],
    side: int,
    makers: bool,
    rng: random.Random,
    trick: Sequence[tuple[int, int]] = (),
    log: list[tuple[int, int]] | None = None,
) -> list[int]:
    """Tricks won by each seat when the seats of ``side`` (0 or 1) play soundly and the
    others at random. ``hands`` (masks by seat) is changed in place; ``active``: the
    seats that play, in seating order (a lone player's partner, and a lone defender's,
    sit out); ``makers``: whether ``side`` made trump.
    ``trick`` holds the (seat, card) plays of the trick in progress, which ``leader``
    led (empty: ``leader`` leads the next trick). ``log`` receives each (seat, card)
    played."""
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    suit_mask = SUIT_MASK[trump]
    rising = _RISING[trump]
    trumps = suit_mask[trump] if trump < len(suit_mask) - 1 else 0
    order = sorted(active)
    taken = [0, 0, 0, 0]
    seat = leader
    tricks = max(hands[s].bit_count() for s in order) + (len(trick) == len(order))
    for _ in range(tricks):
        led = best = -1
        winner = seat
        start = order.index(seat)
        for k in range(len(order)):
            seat = order[(start + k) % len(order)]
            if trick:
                played, c = trick[0]
                trick = trick[1:]
                assert played == seat, "the trick in progress must follow the seating"
                led, best, winner = _after(c, seat, led, best, winner, eff, power)
                continue
            hand = hands[seat]
            legal = ((hand & suit_mask[led]) or hand) if led >= 0 else hand
            if seat % 2 != side:
                c = _random_card(legal, rng)
            elif led < 0:
                c = _lead(legal, trumps, rising, makers)
            elif winner % 2 == side:
                c = _lowest(legal, rising)
            else:
                c = _cheapest_winner(legal, eff, power, led, best, rising)
            hands[seat] = hand & ~(1 << c)
            if log is not None:
                log.append((seat, c))
            led, best, winner = _after(c, seat, led, best, winner, eff, power)
        taken[winner] += 1
        seat = winner
    return taken


def _after(
    c: int,
    seat: int,
    led: int,
    best: int,
    winner: int,
    eff: tuple[int, ...],
    power: tuple[int, ...],
) -> tuple[int, int, int]:
    """(led suit, winning power, winner) once ``seat`` has played ``c``."""
    p = power[c]
    if led < 0:
        return eff[c], p, seat
    if p > best and (p >= _TRUMP_POWER or eff[c] == led):
        return led, p, seat
    return led, best, winner


def _random_card(legal: int, rng: random.Random) -> int:
    skip = int(rng.random() * legal.bit_count())
    for _ in range(skip):
        legal &= legal - 1
    return (legal & -legal).bit_length() - 1


def _lowest(legal: int, rising: tuple[int, ...]) -> int:
    return next(c for c in rising if legal >> c & 1)


def _highest(legal: int, rising: tuple[int, ...]) -> int:
    return next(c for c in reversed(rising) if legal >> c & 1)


def _lead(legal: int, trumps: int, rising: tuple[int, ...], makers: bool) -> int:
    """Makers draw trump with their best; otherwise the best side card."""
    side_cards = legal & ~trumps
    if legal & trumps and (makers or not side_cards):
        return _highest(legal & trumps, rising)
    return _highest(side_cards, rising)


def _cheapest_winner(
    legal: int,
    eff: tuple[int, ...],
    power: tuple[int, ...],
    led: int,
    best: int,
    rising: tuple[int, ...],
) -> int:
    """The cheapest card that takes the trick, or the lowest card when none does."""
    for c in rising:
        if legal >> c & 1 and power[c] > best and (power[c] >= _TRUMP_POWER or eff[c] == led):
            return c
    return _lowest(legal, rising)
