"""An exact double-dummy solver for the play of a deal (every hand known).

Alpha-beta over the makers' trick count with a transposition table keyed at trick
boundaries, equivalent-card pruning (of two cards with nothing left between them in
their suit, only one is tried) and cheap move ordering.

Inside the solver cards are re-encoded for the trump: each effective suit is a block of
ten bits in increasing power, the trump suit in the top block. Then following suit is a
mask, "higher in the same suit" is a higher bit, leads try cards from the top bit down and
followers try the cheapest winner first, all without sorting. Hands are int masks; the
search mutates one list and undoes, with no copying.

``Solver(trump, active, makers, players)`` is built once per decision and reused across
sampled worlds: its table stays valid because the keys hold every hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.engine.cards import CARD_COUNT, NO_TRUMP
from euchre.engine.rules import EFFECTIVE_SUIT, POWER

_BLOCK = 10
_TRUMP_BLOCK = 4


def _encoding(trump: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(new bit of each engine card, engine card of each new bit; -1 where none)."""
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    new = [-1] * CARD_COUNT
    old = [-1] * (5 * _BLOCK)
    for suit in range(5):
        members = sorted((c for c in range(CARD_COUNT) if eff[c] == suit), key=lambda c: power[c])
        block = _TRUMP_BLOCK if suit == trump and trump != NO_TRUMP else suit
        if suit == NO_TRUMP:
            continue
        for i, c in enumerate(members):
            new[c] = block * _BLOCK + i
            old[block * _BLOCK + i] = c
    return tuple(new), tuple(old)


_CODES = tuple(_encoding(t) for t in range(5))
_BLOCK_MASKS = tuple(((1 << _BLOCK) - 1) << (b * _BLOCK) for b in range(5))
_BLOCK_OF = tuple(i // _BLOCK for i in range(5 * _BLOCK))
_BLOCK_END = tuple((i // _BLOCK + 1) * _BLOCK for i in range(5 * _BLOCK))


def _keys(led_block: int, has_trump: bool) -> tuple[int, ...]:
    """Trick strength of each encoded card when ``led_block`` was led."""
    out = []
    for i in range(5 * _BLOCK):
        b = i // _BLOCK
        if b == _TRUMP_BLOCK and has_trump:
            out.append(200 + i)
        elif b == led_block:
            out.append(100 + i)
        else:
            out.append(0)
    return tuple(out)


_KEYS = {(b, t): _keys(b, t) for b in range(5) for t in (False, True)}


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
        self._new = _CODES[trump][0]

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
        return self._run(hands, turn, trick, -1, alpha, beta)

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
        return self._run(hands, turn, trick, card, alpha, beta)

    def at_least(
        self,
        hands: Sequence[int],
        turn: int,
        card: int,
        trick: Sequence[tuple[int, int]],
        need: int,
    ) -> bool:
        """Whether the makers take at least ``need`` more tricks after ``card`` is played."""
        if need <= 0:
            return True
        return self.move_tricks(hands, turn, card, trick, need - 1, need) >= need

    # ------------------------------------------------------------------ search

    def _run(
        self,
        engine_hands: Sequence[int],
        turn: int,
        trick: Sequence[tuple[int, int]],
        first: int,
        alpha: int,
        beta: int,
    ) -> int:
        new = self._new
        has_trump = self.trump != NO_TRUMP
        keys_by_led = tuple(_KEYS[(b, has_trump)] for b in range(5))
        block_masks = _BLOCK_MASKS
        block_of = _BLOCK_OF
        block_end = _BLOCK_END
        trump_mask = _BLOCK_MASKS[_TRUMP_BLOCK] if has_trump else 0
        nxt = self.nxt
        makers = self.makers
        table = self.table
        active = self.active
        k = len(active)
        hands = [0] * self.players
        for s in active:
            hands[s] = encode(engine_hands[s], new)

        def start(leader: int, alpha: int, beta: int) -> int:
            left = hands[leader].bit_count()
            if left <= 1:
                return last_trick(leader) if left else 0
            if beta <= 0:
                return 0
            if alpha >= left:
                return left
            key = leader
            shift = 3
            for s in active:
                key |= hands[s] << shift
                shift += 50
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
            else:
                lo, hi = 0, left
            v = lead(leader, alpha, beta)
            if v <= alpha:
                hi = v if v < hi else hi
            elif v >= beta:
                lo = v if v > lo else lo
            else:
                lo = hi = v
            table[key] = (lo, hi)
            return v

        def last_trick(leader: int) -> int:
            c = hands[leader].bit_length() - 1
            keys = keys_by_led[block_of[c]]
            best_seat, best_key = leader, keys[c]
            s = nxt[leader]
            while s != leader:
                kk = keys[hands[s].bit_length() - 1]
                if kk > best_key:
                    best_seat, best_key = s, kk
                s = nxt[s]
            return makers >> best_seat & 1

        def rem_mask(tmask: int) -> int:
            rem = tmask
            for s in active:
                rem |= hands[s]
            return rem

        def lead(turn: int, alpha: int, beta: int) -> int:
            hand = hands[turn]
            rem = rem_mask(0)
            maximizing = makers >> turn & 1
            best = -1 if maximizing else 99
            m = hand
            after = nxt[turn]
            while m:
                c = m.bit_length() - 1
                bit = 1 << c
                m ^= bit
                above = rem >> (c + 1)
                if above:
                    up = c + (above & -above).bit_length()
                    if up < block_end[c] and hand >> up & 1:
                        continue
                hands[turn] = hand ^ bit
                b = block_of[c]
                v = follow(after, 1, b, turn, keys_by_led[b][c], bit, alpha, beta)
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

        def follow(
            turn: int,
            pos: int,
            led: int,
            win_seat: int,
            win_key: int,
            tmask: int,
            alpha: int,
            beta: int,
        ) -> int:
            hand = hands[turn]
            suit = hand & block_masks[led]
            keys = keys_by_led[led]
            if suit:
                order = _ascending_from(suit, keys, win_key)
                legal = suit
            else:
                legal = hand
                order = _void_order(hand, trump_mask, keys, win_key)
            rem = rem_mask(tmask)
            maximizing = makers >> turn & 1
            best = -1 if maximizing else 99
            last = pos + 1 == k
            for c in order:
                above = rem >> (c + 1)
                if above:
                    up = c + (above & -above).bit_length()
                    if up < block_end[c] and legal >> up & 1:
                        continue
                bit = 1 << c
                kk = keys[c]
                if kk > win_key:
                    nseat, nkey = turn, kk
                else:
                    nseat, nkey = win_seat, win_key
                hands[turn] = hand ^ bit
                if last:
                    won = makers >> nseat & 1
                    v = won + start(nseat, alpha - won, beta - won)
                else:
                    v = follow(nxt[turn], pos + 1, led, nseat, nkey, tmask | bit, alpha, beta)
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
        for seat, card in trick:
            c = new[card]
            tmask |= 1 << c
            if led < 0:
                led = block_of[c]
            kk = keys_by_led[led][c]
            if kk > win_key:
                win_seat, win_key = seat, kk
        if first < 0:
            if pos == 0:
                return start(turn, alpha, beta)
            return follow(turn, pos, led, win_seat, win_key, tmask, alpha, beta)
        c = new[first]
        bit = 1 << c
        hands[turn] ^= bit
        if pos == 0:
            led = block_of[c]
            win_seat, win_key = turn, keys_by_led[led][c]
        elif keys_by_led[led][c] > win_key:
            win_seat, win_key = turn, keys_by_led[led][c]
        if pos + 1 == k:
            won = makers >> win_seat & 1
            return won + start(win_seat, alpha - won, beta - won)
        return follow(nxt[turn], pos + 1, led, win_seat, win_key, tmask | bit, alpha, beta)


def encode(mask: int, new: Sequence[int]) -> int:
    """An engine card mask in the solver's coding (``new``: each card's bit for the trump)."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << new[low.bit_length() - 1]
        mask ^= low
    return out


def _bits_up(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _ascending_from(suit: int, keys: tuple[int, ...], win_key: int) -> list[int]:
    """Cards of the led suit: the cheapest winner upwards, then the losers upwards."""
    cards = _bits_up(suit)
    for i, c in enumerate(cards):
        if keys[c] > win_key:
            return cards[i:] + cards[:i]
    return cards


def _void_order(hand: int, trump_mask: int, keys: tuple[int, ...], win_key: int) -> list[int]:
    """Void in the led suit: the cheapest winning trump first, then discards low to high."""
    trumps = _bits_up(hand & trump_mask)
    others = _bits_up(hand & ~trump_mask)
    winners = [c for c in trumps if keys[c] > win_key]
    losers = [c for c in trumps if keys[c] <= win_key]
    return winners + others + losers
