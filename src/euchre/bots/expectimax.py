"""Exact expected values of the play when the opponents play at random.

Double-dummy search assumes the opponents find their best card every time. Against a
side that picks uniformly among its legal cards that is far too pessimistic: a defence
that cannot beat perfect makers still euchres careless ones most of the time. Here every
hand is known, this side chooses its best card and each opponent's card is a chance
node (every legal card equally likely); the value is the average of the hand's value
over the opponents' choices. Equivalent cards (touching in their suit, nothing live
between them) are tried once, an opponent's with the weight of the whole run, and the
value of each position at a trick boundary is remembered (inside a trick a position can
only be reached one way).

``bench/makers.py --oracle-play chance`` plays with it on the real hands: a ceiling that
shows how much seeing every card is worth against random opponents. ``hard`` does not use
it: over sampled deals, each searched as if every hand were known, it measured no better
than double-dummy against ``random`` (docs/bots.md, Strength).

Cards are re-encoded for the trump as in :mod:`euchre.bots.solver`: each effective suit
is a block of bits in increasing power, so that following suit is a mask and touching
cards are neighbouring bits.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.engine.cards import NO_TRUMP

from .solver import _BLOCK, _BLOCK_MASKS, _CODES, _KEYS, encode


class Expectimax:
    """Expected values of the play for one trump, set of active seats and pair of sides.

    Seats 0 and 2 play together against 1 and 3 (whichever of them are ``active``).
    ``side`` (0 or 1) chooses its cards; the other side plays at random. ``values``
    gives the value of each final trick count of the makers (0 to 5). The positions
    remembered stay valid for any hands, so one object serves many sampled deals."""

    def __init__(
        self,
        trump: int,
        active: Sequence[int],
        side: int,
        maker: int,
        values: Sequence[float],
    ) -> None:
        self.active = tuple(sorted(active))
        self.side = side
        self.makers = maker % 2
        self.values = tuple(values)
        self._new = _CODES[trump][0]
        self._has_trump = trump != NO_TRUMP
        self._memo: dict[tuple[int, ...], float] = {}

    def card_values(
        self,
        hands: Sequence[int],
        seat: int,
        trick: Sequence[tuple[int, int]],
        made: int,
        cards: Sequence[int],
    ) -> dict[int, float]:
        """Expected value of playing each of ``cards`` (engine cards, legal for ``seat``,
        whose turn it is) with ``trick`` in progress and ``made`` tricks already won by
        the makers; ``hands`` are engine masks of the cards not yet played."""
        new = self._new
        active = self.active
        coded = [0, 0, 0, 0]
        for s in active:
            coded[s] = encode(hands[s], new)
        plays = [(s, new[c]) for s, c in trick]
        out = {}
        for c in cards:
            code = new[c]
            coded[seat] &= ~(1 << code)
            out[c] = self._finish_trick(coded, [*plays, (seat, code)], made)
            coded[seat] |= 1 << code
        return out

    # ------------------------------------------------------------------ search

    def _finish_trick(self, hands: list[int], plays: list[tuple[int, int]], made: int) -> float:
        """Value of a position inside a trick, from the plays so far (encoded cards)."""
        led = plays[0][1] // _BLOCK
        keys = _KEYS[(led, self._has_trump)]
        winner, top = plays[0][0], -1
        in_trick = 0
        for s, code in plays:
            in_trick |= 1 << code
            if keys[code] > top:
                winner, top = s, keys[code]
        active = self.active
        turn = active[(active.index(plays[-1][0]) + 1) % len(active)]
        still = len(active) - len(plays)
        return self._after(hands, led, turn, still, winner, top, in_trick, made)

    def _after(
        self,
        hands: list[int],
        led: int,
        turn: int,
        still: int,
        winner: int,
        top: int,
        in_trick: int,
        made: int,
    ) -> float:
        """Value when ``still`` seats, ``turn`` first, are yet to play to the trick."""
        if still:
            return self._play(hands, led, turn, still, winner, top, in_trick, made)
        made += winner % 2 == self.makers
        if not hands[winner]:
            return self.values[made]
        return self._lead(hands, winner, made)

    def _lead(self, hands: list[int], leader: int, made: int) -> float:
        if hands[leader].bit_count() == 1:
            return self._last_trick(hands, leader, made)
        key = (*hands, leader, made)
        value = self._memo.get(key)
        if value is None:
            value = self._play(hands, -1, leader, len(self.active), leader, -1, 0, made)
            self._memo[key] = value
        return value

    def _play(
        self,
        hands: list[int],
        led: int,
        turn: int,
        still: int,
        winner: int,
        top: int,
        in_trick: int,
        made: int,
    ) -> float:
        """Value when it is ``turn``'s turn (``led`` -1: to lead): the best of this side's
        cards, the average of an opponent's."""
        hand = hands[turn]
        legal = (hand & _BLOCK_MASKS[led] or hand) if led >= 0 else hand
        live = in_trick
        for s in self.active:
            live |= hands[s]
        active = self.active
        nxt = active[(active.index(turn) + 1) % len(active)]
        ours = turn % 2 == self.side
        best = -1e18
        total = 0.0
        for code, weight in _runs(legal, live & ~hand):
            hands[turn] = hand & ~(1 << code)
            suit = code // _BLOCK if led < 0 else led
            key = _KEYS[(suit, self._has_trump)][code]
            leads, high = (turn, key) if key > top else (winner, top)
            v = self._after(hands, suit, nxt, still - 1, leads, high, in_trick | 1 << code, made)
            if ours:
                best = max(best, v)
            else:
                total += v * weight
        hands[turn] = hand
        return best if ours else total / legal.bit_count()

    def _last_trick(self, hands: list[int], leader: int, made: int) -> float:
        """Every seat holds one card: the value is settled."""
        code = hands[leader].bit_length() - 1
        keys = _KEYS[(code // _BLOCK, self._has_trump)]
        winner, top = leader, keys[code]
        for s in self.active:
            k = keys[hands[s].bit_length() - 1]
            if k > top:
                winner, top = s, k
        return self.values[made + (winner % 2 == self.makers)]


def _runs(legal: int, others: int) -> list[tuple[int, int]]:
    """One card of each run of touching cards in ``legal`` (no card of ``others``
    between them, nor a block boundary), with the run's length."""
    out: list[tuple[int, int]] = []
    prev = -2
    while legal:
        low = legal & -legal
        code = low.bit_length() - 1
        legal ^= low
        if (
            out
            and code // _BLOCK == prev // _BLOCK
            and not others & ((1 << code) - (1 << (prev + 1)))
        ):
            out[-1] = (code, out[-1][1] + 1)
        else:
            out.append((code, 1))
        prev = code
    return out
