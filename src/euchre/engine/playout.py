"""Fast random hands for rollouts: Standard four-player rules on bit masks.

``GameState`` checks everything and keeps a full record; bots that simulate thousands of
hands per decision need something leaner. This module plays one hand of the Standard
preset (24 cards, four players in partnerships, going alone allowed, stick the dealer
unless told otherwise) with every decision drawn uniformly from the legal ones:

* ``deal(rng)`` - a uniformly random deal: four hands (masks, by seat), the turn-up and
  the three cards left in the kitty;
* ``play_random(hands, upcard, dealer, rng)`` - bidding, the dealer's pickup and discard,
  five tricks and the score, all at random;
* ``random_tricks(hands, trump, leader, rng, out)`` - the tricks still to play from a
  position at a trick boundary (the rollout bots start from);
* ``random_hand(rng)`` - ``deal`` then ``play_random``; the points of the two teams.

Decisions are listed in the same order as ``GameState.legal_ids()`` and are reported as
the same action ids, so a ``log`` list passed in receives ``(seat, action id, legal ids)``
for each decision and can be replayed through ``GameState`` (the tests do exactly that).
Random numbers come from ``rng.getrandbits`` with rejection, so every choice is exactly
uniform; the same ``random.Random`` seed gives the same hand.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from .actions import DISCARD_BASE, ORDER, ORDER_ALONE, PASS, PLAY_BASE, call_id
from .cards import ACE, NINE, SUITS, card, cards_in
from .rules import EFFECTIVE_SUIT, POWER, SUIT_MASK, partner

DECK: tuple[int, ...] = tuple(card(r, s) for s in SUITS for r in range(NINE, ACE + 1))
FULL_DECK_MASK = sum(1 << c for c in DECK)
NO_SEAT = 4  # ``out`` when all four seats play

# _PICK[n][byte]: a uniform index below n for a random byte, or -1 to draw again.
_PICK: tuple[tuple[int, ...], ...] = tuple(
    tuple(b % n if b < 256 - 256 % n else -1 for b in range(256)) if n else () for n in range(9)
)

# NEXT_SEAT[out][seat]: who plays after ``seat`` when ``out`` sits the hand out.
NEXT_SEAT: tuple[tuple[int, ...], ...] = tuple(
    tuple(partner(s) if (s + 1) % 4 == out else (s + 1) % 4 for s in range(4)) for out in range(5)
)

# The deal is a partial Fisher-Yates shuffle of the first 21 cards (20 dealt and the
# turn-up). Its swap indices come from a few 30-bit random numbers, each split into
# mixed-radix digits: small ints keep the arithmetic fast, rejection keeps it uniform.
_DEAL_RADICES = (
    (24, 23, 22, 21, 20),
    (19, 18, 17, 16, 15),
    (14, 13, 12, 11, 10),
    (9, 8, 7, 6, 5, 4),
)
_FIRST_ROUND = (PASS, ORDER, ORDER_ALONE)
_DEAL_GROUPS: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (math.prod(r) * ((1 << 30) // math.prod(r)), r) for r in _DEAL_RADICES
)


class Deal(NamedTuple):
    """A deal: hand masks by seat, the turn-up and the kitty (three cards, turn-up excluded)."""

    hands: tuple[int, int, int, int]
    upcard: int
    kitty: int


class Outcome(NamedTuple):
    """How a hand ended: points by team (seat % 2), tricks by seat, and the contract.

    A hand thrown in (everyone passed twice, without stick the dealer) has maker -1,
    no trump (4) and no points.
    """

    points: tuple[int, int]
    tricks: tuple[int, int, int, int]
    maker: int
    trump: int
    alone: bool


Log = list[tuple[int, int, tuple[int, ...]]]


def deal(rng: random.Random) -> Deal:
    """A uniformly random deal of the 24-card deck."""
    draw = rng.getrandbits
    d = list(DECK)
    i = 0
    for limit, radices in _DEAL_GROUPS:
        x = draw(30)
        while x >= limit:
            x = draw(30)
        for n in radices:
            j = x % n + i
            x //= n
            d[i], d[j] = d[j], d[i]
            i += 1
    hands = (
        1 << d[0] | 1 << d[1] | 1 << d[2] | 1 << d[3] | 1 << d[4],
        1 << d[5] | 1 << d[6] | 1 << d[7] | 1 << d[8] | 1 << d[9],
        1 << d[10] | 1 << d[11] | 1 << d[12] | 1 << d[13] | 1 << d[14],
        1 << d[15] | 1 << d[16] | 1 << d[17] | 1 << d[18] | 1 << d[19],
    )
    return Deal(hands, d[20], 1 << d[21] | 1 << d[22] | 1 << d[23])


def score(maker: int, alone: bool, makers_tricks: int) -> tuple[int, int]:
    """Standard points by team: 1 for three or four tricks, 2 for a march (4 alone),
    2 to the defenders for a euchre."""
    if makers_tricks >= 3:
        won = (4 if alone else 2) if makers_tricks == 5 else 1
        return (won, 0) if maker % 2 == 0 else (0, won)
    return (0, 2) if maker % 2 == 0 else (2, 0)


def random_tricks(
    hands: list[int],
    trump: int,
    leader: int,
    rng: random.Random,
    out: int = NO_SEAT,
    *,
    log: Log | None = None,
) -> list[int]:
    """Play the remaining tricks at random from a trick boundary; tricks won by seat.

    ``hands`` (masks by seat, changed in place) must hold equal numbers of cards for the
    seats that play; ``out`` is the partner of a lone player (or NO_SEAT); ``leader``
    leads the first of them.
    """
    draw = rng.getrandbits
    pick = _PICK
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    suit_mask = SUIT_MASK[trump]
    following = NEXT_SEAT[out]
    others = 2 if out != NO_SEAT else 3
    taken = [0, 0, 0, 0]
    seat = leader
    for _ in range(hands[leader].bit_count()):
        hand = hands[seat]
        legal = hand
        n = legal.bit_count()
        if n > 1:
            table = pick[n]
            r = table[draw(8)]
            while r < 0:
                r = table[draw(8)]
            while r:
                legal &= legal - 1
                r -= 1
        low = legal & -legal
        c = low.bit_length() - 1
        if log is not None:
            log.append((seat, PLAY_BASE + c, tuple(PLAY_BASE + x for x in cards_in(hand))))
        hands[seat] = hand ^ low
        led = eff[c]
        led_mask = suit_mask[led]
        best = power[c]
        winner = seat
        for _ in range(others):
            seat = following[seat]
            hand = hands[seat]
            legal = hand & led_mask or hand
            choices = legal
            n = legal.bit_count()
            if n > 1:
                table = pick[n]
                r = table[draw(8)]
                while r < 0:
                    r = table[draw(8)]
                while r:
                    legal &= legal - 1
                    r -= 1
            low = legal & -legal
            c = low.bit_length() - 1
            if log is not None:
                log.append((seat, PLAY_BASE + c, tuple(PLAY_BASE + x for x in cards_in(choices))))
            hands[seat] = hand ^ low
            p = power[c]
            # Trumps have power 100 and up, other suits 0..7: a trump always beats a
            # card of the led suit; a card of neither suit never wins.
            if p > best and (p >= 100 or eff[c] == led):
                best = p
                winner = seat
        taken[winner] += 1
        seat = winner
    return taken


def play_random(
    hands: list[int],
    upcard: int,
    dealer: int,
    rng: random.Random,
    *,
    stick_the_dealer: bool = True,
    log: Log | None = None,
) -> Outcome:
    """Bid, exchange, play and score one hand with uniformly random legal decisions.

    ``hands`` (masks by seat) is changed in place.
    """
    draw = rng.getrandbits
    pick = _PICK
    maker = -1
    trump = 4
    alone = False
    ordered = False
    upsuit = upcard >> 3
    for i in range(4):  # first round: pass, order, order alone
        seat = (dealer + 1 + i) % 4
        r = pick[3][draw(8)]
        while r < 0:
            r = pick[3][draw(8)]
        if log is not None:
            log.append((seat, _FIRST_ROUND[r], _FIRST_ROUND))
        if r:
            maker, trump, alone, ordered = seat, upsuit, r == 2, True
            break
    if maker < 0:
        calls = [call_id(s, a) for s in SUITS if s != upsuit for a in (False, True)]
        for i in range(4):  # second round: pass or call another suit, alone or not
            seat = (dealer + 1 + i) % 4
            stuck = i == 3 and stick_the_dealer
            options = calls if stuck else [PASS, *calls]
            table = pick[len(options)]
            r = table[draw(8)]
            while r < 0:
                r = table[draw(8)]
            aid = options[r]
            if log is not None:
                log.append((seat, aid, tuple(options)))
            if aid != PASS:
                trump, lone = divmod(aid - call_id(0, False), 2)
                maker, alone = seat, bool(lone)
                break
        else:
            return Outcome((0, 0), (0, 0, 0, 0), -1, 4, False)
    out = partner(maker) if alone else NO_SEAT
    if ordered and dealer != out:
        kept = hands[dealer]
        table = pick[5]
        r = table[draw(8)]
        while r < 0:
            r = table[draw(8)]
        choice = kept
        while r:
            choice &= choice - 1
            r -= 1
        low = choice & -choice
        if log is not None:
            discards = tuple(DISCARD_BASE + x for x in cards_in(kept))
            log.append((dealer, DISCARD_BASE + low.bit_length() - 1, discards))
        hands[dealer] = kept ^ low | 1 << upcard
    leader = NEXT_SEAT[out][dealer]
    taken = random_tricks(hands, trump, leader, rng, out, log=log)
    made = taken[maker] + taken[partner(maker)]
    return Outcome(
        score(maker, alone, made), (taken[0], taken[1], taken[2], taken[3]), maker, trump, alone
    )


def random_hand(
    rng: random.Random, dealer: int = 0, *, stick_the_dealer: bool = True
) -> tuple[int, int]:
    """Deal and play one random hand; the points of teams 0 (seats 0, 2) and 1."""
    hands, upcard, _ = deal(rng)
    return play_random(list(hands), upcard, dealer, rng, stick_the_dealer=stick_the_dealer).points
