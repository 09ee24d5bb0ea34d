"""An exact double-dummy solver for the play of a deal (every hand known).

Alpha-beta over the makers' trick count with a transposition table keyed at trick
boundaries, equivalent-card pruning (of two cards with nothing left between them in
their suit, only one is tried) and cheap move ordering. Hands are int masks; the search
mutates one list and undoes, with no copying.

``Solver(trump, active, makers)`` is built once per trump/seating and reused across
positions and sampled worlds: the table stays valid because its keys hold every hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.engine.cards import CARD_COUNT, NO_TRUMP
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK

_TRUMP_KEY = 1000
_LED_KEY = 500


def _up_links(trump: int) -> tuple[int, ...]:
    """For each card, the next higher card of its effective suit (-1 at the top)."""
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    up = [-1] * CARD_COUNT
    for suit in range(5):
        members = sorted(
            (c for c in range(CARD_COUNT) if eff[c] == suit and (suit != NO_TRUMP or trump == NO_TRUMP and c != 32)),
            key=lambda c: power[c],
        )
        for lower, higher in zip(members, members[1:], strict=False):
            up[lower] = higher
    return tuple(up)


_UP = tuple(_up_links(t) for t in range(5))


class Solver:
    """Double-dummy values for one trump suit, set of active seats and maker side."""

    def __init__(self, trump: int, active: Sequence[int], makers: int, players: int) -> None:
        self.trump = trump
        self.players = players
        self.active = tuple(active)
        self.makers = makers
        nxt = [0] * players
        for i, s in enumerate(self.active):
            nxt[s] = self.active[(i + 1) % len(self.active)]
        self.nxt = tuple(nxt)
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    def tricks(
        self,
        hands: Sequence[int],
        turn: int,
        trick: Sequence[tuple[int, int]] = (),
        alpha: int = -1,
        beta: int = 99,
    ) -> int:
        """Makers' tricks from here on (the trick in progress included), within the
        fail-soft window (alpha, beta)."""
        return self._run(list(hands), turn, trick, -1, alpha, beta)

    def move_tricks(
        self,
        hands: Sequence[int],
        turn: int,
        card: int,
        trick: Sequence[tuple[int, int]] = (),
        alpha: int = -1,
        beta: int = 99,
    ) -> int:
        """Makers' tricks from here on if ``turn`` plays ``card`` now."""
        return self._run(list(hands), turn, trick, card, alpha, beta)

    def at_least(
        self, hands: Sequence[int], turn: int, card: int, trick: Sequence[tuple[int, int]], need: int
    ) -> bool:
        """Whether the makers take at least ``need`` more tricks after ``card`` is played."""
        if need <= 0:
            return True
        return self.move_tricks(hands, turn, card, trick, need - 1, need) >= need

    # ------------------------------------------------------------------ search

    def _run(
        self,
        hands: list[int],
        turn: int,
        trick: Sequence[tuple[int, int]],
        first: int,
        alpha: int,
        beta: int,
    ) -> int:
        trump = self.trump
        eff = EFFECTIVE_SUIT[trump]
        power = POWER[trump]
        suit_mask = SUIT_MASK[trump]
        up = _UP[trump]
        nxt = self.nxt
        makers = self.makers
        table = self.table
        k = len(self.active)
        has_trump = trump != NO_TRUMP
        shift = tuple(s * CARD_COUNT for s in range(self.players))

        def key_of(c: int, led: int) -> int:
            s = eff[c]
            if s == trump and has_trump:
                return _TRUMP_KEY + power[c]
            if s == led:
                return _LED_KEY + power[c]
            return 0

        def moves(legal: int, rem: int, win_key: int, led: int, leading: bool) -> list[int]:
            reps = []
            m = legal
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                h = up[c]
                while h >= 0 and not rem >> h & 1:
                    h = up[h]
                if h >= 0 and legal >> h & 1:
                    continue
                reps.append(c)
            if len(reps) > 1:
                if leading:
                    reps.sort(key=lambda c: -power[c] - (_TRUMP_KEY if eff[c] == trump else 0))
                else:
                    reps.sort(key=lambda c: _order_follow(key_of(c, led), win_key, power[c]))
            return reps

        def start(leader: int, alpha: int, beta: int) -> int:
            left = hands[leader].bit_count()
            if left == 0:
                return 0
            if left == 1:
                return last_trick(leader)
            if beta <= 0:
                return 0
            if alpha >= left:
                return left
            key = leader
            for s in self.active:
                key |= hands[s] << (shift[s] + 3)
            entry = table.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0, b0 = alpha, beta
            v = node(leader, 0, -1, -1, -1, 0, alpha, beta)
            lo, hi = entry if entry is not None else (0, left)
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            table[key] = (lo, hi)
            return v

        def last_trick(leader: int) -> int:
            c = hands[leader]
            c = c.bit_length() - 1
            led = eff[c]
            best_seat, best_key = leader, key_of(c, led)
            s = nxt[leader]
            while s != leader:
                d = hands[s].bit_length() - 1
                kk = key_of(d, led)
                if kk > best_key:
                    best_seat, best_key = s, kk
                s = nxt[s]
            return makers >> best_seat & 1

        def node(
            turn: int, pos: int, led: int, win_seat: int, win_key: int, tmask: int,
            alpha: int, beta: int,
        ) -> int:
            self.nodes += 1
            hand = hands[turn]
            if pos == 0:
                legal = hand
            else:
                legal = hand & suit_mask[led] or hand
            rem = tmask
            for s in self.active:
                rem |= hands[s]
            maximizing = makers >> turn & 1
            best = -1 if maximizing else 99
            for c in moves(legal, rem, win_key, led, pos == 0):
                bit = 1 << c
                hands[turn] = hand ^ bit
                if pos == 0:
                    nled = eff[c]
                    nseat, nkey = turn, key_of(c, nled)
                else:
                    nled = led
                    kk = key_of(c, led)
                    if kk > win_key:
                        nseat, nkey = turn, kk
                    else:
                        nseat, nkey = win_seat, win_key
                if pos + 1 == k:
                    won = makers >> nseat & 1
                    v = won + start(nseat, alpha - won, beta - won)
                else:
                    v = node(nxt[turn], pos + 1, nled, nseat, nkey, tmask | bit, alpha, beta)
                hands[turn] = hand
                if maximizing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return best

        pos = len(trick)
        led, win_seat, win_key, tmask = -1, -1, -1, 0
        for seat, c in trick:
            tmask |= 1 << c
            if led < 0:
                led = eff[c]
                win_seat, win_key = seat, key_of(c, led)
            else:
                kk = key_of(c, led)
                if kk > win_key:
                    win_seat, win_key = seat, kk
        if first < 0:
            if pos == 0:
                return start(turn, alpha, beta)
            return node(turn, pos, led, win_seat, win_key, tmask, alpha, beta)
        bit = 1 << first
        hands[turn] ^= bit
        if pos == 0:
            led = eff[first]
            win_seat, win_key = turn, key_of(first, led)
        else:
            kk = key_of(first, led)
            if kk > win_key:
                win_seat, win_key = turn, kk
        if pos + 1 == k:
            won = makers >> win_seat & 1
            return won + start(win_seat, alpha - won, beta - won)
        return node(self.nxt[turn], pos + 1, led, win_seat, win_key, tmask | bit, alpha, beta)


def _order_follow(key: int, win_key: int, power: int) -> int:
    """Try the cheapest winning card first, then the cheapest loser."""
    if key > win_key:
        return key
    return 10_000 + power
