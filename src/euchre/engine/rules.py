"""Card order, effective suit, following, trick winners, hand display (RULES.md §2.2-2.5, 2.14).

``trump`` is a suit 0..3 or NO_TRUMP (4: before trump is fixed, or a no-trump call).
The tables are built once at import and indexed ``[trump][card]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import (
    ACE,
    CARD_COUNT,
    JACK,
    JOKER,
    KING,
    NO_TRUMP,
    QUEEN,
    SUIT_NAMES,
    SUIT_SINGULAR,
    SUITS,
    TEN,
    card,
    rank_of,
    same_colour,
    suit_of,
)

TRUMPS = (*SUITS, NO_TRUMP)


def _effective_suit(c: int, trump: int) -> int:
    if c == JOKER:
        return trump
    if trump != NO_TRUMP and c == card(JACK, same_colour(trump)):
        return trump
    return suit_of(c)


def _power(c: int, trump: int) -> int:
    """Strength inside the card's effective suit; trumps get 100+."""
    if trump == NO_TRUMP:
        return rank_of(c) if c != JOKER else 0
    if c == JOKER:
        return 120
    if c == card(JACK, trump):
        return 110
    if c == card(JACK, same_colour(trump)):
        return 109
    if suit_of(c) == trump:
        return 100 + rank_of(c)
    return rank_of(c)


EFFECTIVE_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_effective_suit(c, t) for c in range(CARD_COUNT)) for t in TRUMPS
)
POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_power(c, t) for c in range(CARD_COUNT)) for t in TRUMPS
)
# SUIT_MASK[trump][suit]: every card whose effective suit is ``suit`` (index 4: none).
SUIT_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << c for c in range(CARD_COUNT) if EFFECTIVE_SUIT[t][c] == s and s != NO_TRUMP)
        for s in TRUMPS
    )
    for t in TRUMPS
)


def effective_suit(c: int, trump: int) -> int:
    """The suit a card follows and wins as (§2.2)."""
    return EFFECTIVE_SUIT[trump][c]


def is_trump(c: int, trump: int) -> bool:
    return trump != NO_TRUMP and EFFECTIVE_SUIT[trump][c] == trump


def legal_mask(hand: int, led: int, trump: int) -> int:
    """Cards of ``hand`` (a mask) that may be played; ``led`` is -1 for a lead (§2.4)."""
    if led < 0:
        return hand
    same = hand & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][led]]
    return same or hand


def trick_winner_index(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (in play order) of the winning card (§2.5)."""
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    led_suit = eff[cards[0]]
    best = 0
    best_key = power[cards[0]] + (1000 if led_suit == trump else 500)
    for i in range(1, len(cards)):
        c = cards[i]
        s = eff[c]
        if s == trump and trump != NO_TRUMP:
            key = power[c] + 1000
        elif s == led_suit:
            key = power[c] + 500
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def order_key(c: int, trump: int) -> int:
    """Higher beats lower when both are trumps or of one suit."""
    return POWER[trump][c]


def suit_name(suit: int) -> str:
    return "no trump" if suit == NO_TRUMP else SUIT_NAMES[suit]


def suit_singular(suit: int) -> str:
    return "no trump" if suit == NO_TRUMP else SUIT_SINGULAR[suit]


def display_sorted(cards: Iterable[int], trump: int = NO_TRUMP) -> list[int]:
    """A hand as players like to see it (§2.14): suits ♣ ♦ ♠ ♥, rotated so trump comes first;
    bowers and Joker in the trump group; high to low inside a group; before trump the Joker
    sorts last."""
    start = 0 if trump == NO_TRUMP else trump

    def key(c: int) -> tuple[int, int]:
        s = EFFECTIVE_SUIT[trump][c]
        group = 4 if s == NO_TRUMP else (s - start) % 4
        return group, -POWER[trump][c]

    return sorted(cards, key=key)


def is_nine_or_ten(c: int) -> bool:
    return c != JOKER and rank_of(c) in (TEN - 1, TEN)


def is_face(c: int) -> bool:
    return c != JOKER and rank_of(c) in (JACK, QUEEN, KING)


def is_ace(c: int) -> bool:
    return c != JOKER and rank_of(c) == ACE


def partner(seat: int) -> int:
    """The partner of ``seat`` in a four-player game (seats 0 and 2, 1 and 3)."""
    return (seat + 2) % 4
