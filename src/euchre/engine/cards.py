"""Cards, suits and decks.

A card is a small int: ``suit * 8 + rank`` with suits ``c d s h`` (0..3, the display
order ♣ ♦ ♠ ♥) and ranks ``7 8 9 T J Q K A`` (0..7); the Joker is 32. A set of cards
is an int bit mask. Text uses EGN notation: rank ``9 T J Q K A`` (``7 8`` in longer
decks) followed by suit ``c d h s``; the Joker is ``B``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .quoting import quoted

CLUBS, DIAMONDS, SPADES, HEARTS = 0, 1, 2, 3
NO_TRUMP = 4
SUITS = (CLUBS, DIAMONDS, SPADES, HEARTS)
SUIT_LETTERS = "cdsh"
TRUMP_LETTERS = SUIT_LETTERS + "n"  # a trump or call suit: 4 is no trump
SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")
SUIT_SINGULAR = ("club", "diamond", "spade", "heart")
SUIT_SYMBOLS = "♣♦♠♥"
RANK_LETTERS = "789TJQKA"
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
JOKER = 32
CARD_COUNT = 33


class CardError(ValueError):
    """Text that does not name a card."""


def card(rank: int, suit: int) -> int:
    return suit * 8 + rank


def suit_of(c: int) -> int:
    """Printed suit; the Joker has none (returns NO_TRUMP)."""
    return NO_TRUMP if c == JOKER else c >> 3


def rank_of(c: int) -> int:
    return -1 if c == JOKER else c & 7


def same_colour(suit: int) -> int:
    """The other suit of the same colour (♣↔♠, ♦↔♥)."""
    return suit ^ 2


CARD_TEXT: tuple[str, ...] = tuple(
    [RANK_LETTERS[c & 7] + SUIT_LETTERS[c >> 3] for c in range(32)] + ["B"]
)
_TEXT_TO_CARD = {text: c for c, text in enumerate(CARD_TEXT)}


def card_text(c: int) -> str:
    return CARD_TEXT[c]


def parse_card(text: str) -> int:
    """Read a card: ``Jd``, ``jd``, ``10h``, ``Nc`` (EGN's 9), ``B``/``JK`` (Joker)."""
    t = text.strip()
    if t.upper() in ("B", "JK", "JOKER"):
        return JOKER
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) == 2:
        rank = {"N": "9"}.get(t[0].upper(), t[0].upper())
        found = _TEXT_TO_CARD.get(rank + t[1].lower())
        if found is not None:
            return found
    raise CardError(f"{quoted(text)} is not a card{_shorthand(t)}: {_CARD_RULE}")


_CARD_RULE = (
    "write rank (9 T J Q K A, 7 8 in long decks) and suit (c d h s), e.g. Jd or Th; the Joker is B"
)


def _shorthand(text: str) -> str:
    """What an EGN shorthand this reader does not take stands for, said with the refusal."""
    if text.upper() in ("R", "L"):
        return " (EGN's bower by its part, which this reader does not take: name the jack itself)"
    if text[:1].upper() == "X":
        return " (EGN's unknown card: a record with hidden cards cannot be replayed)"
    if len(text) == 2 and text[1] in "tngx":
        return " (a suit named by its part, which this reader does not take: name the suit)"
    return ""


def parse_suit(text: str) -> int:
    t = text.strip().lower()
    if len(t) == 1 and t in SUIT_LETTERS:
        return SUIT_LETTERS.index(t)
    for names in (SUIT_NAMES, SUIT_SINGULAR):
        if t in names:
            return names.index(t)
    raise CardError(f"{quoted(text)} is not a suit: use c, d, h or s")


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> list[int]:
    return list(cards_in(mask))


def texts(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def make_deck(min_rank: int = NINE, joker: bool = False) -> list[int]:
    """All cards of a deck in a fixed order (suit by suit, low to high, Joker last).

    ``min_rank`` NINE gives 24 cards, EIGHT 28, SEVEN 32, TEN 20 (Cutthroat).
    """
    deck = [card(r, s) for s in SUITS for r in range(min_rank, ACE + 1)]
    if joker:
        deck.append(JOKER)
    return deck


ALL_SUIT_MASKS = tuple(0xFF << (8 * s) for s in SUITS)
