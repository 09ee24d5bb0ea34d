"""Dealing packets (docs/rules.md §2.3) and the record of one deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .actions import UNDER_FLAG
from .cards import card_list, mask_of

# Packets in dealing order as (offset from the dealer's left, count) for each player count.
_PACKETS = {
    4: ((0, 3), (1, 2), (2, 3), (3, 2), (0, 2), (1, 3), (2, 2), (3, 3)),
    3: ((0, 3), (1, 2), (2, 3), (0, 2), (1, 3), (2, 2)),
    2: ((0, 3), (1, 3), (0, 2), (1, 2)),
}


def _deal_indices(players: int) -> tuple[tuple[int, ...], ...]:
    by_offset: list[list[int]] = [[] for _ in range(players)]
    position = 0
    for offset, count in _PACKETS[players]:
        by_offset[offset].extend(range(position, position + count))
        position += count
    return tuple(tuple(ix) for ix in by_offset)


# DEAL_INDICES[players][offset]: the deck indices that player receives.
DEAL_INDICES = {n: _deal_indices(n) for n in _PACKETS}


def upcard_index(players: int) -> int:
    return 5 * players


def deal_hands(deck: Sequence[int], dealer: int, players: int) -> list[int]:
    """Hand masks by seat for a deck (index 0 on top)."""
    hands = [0] * players
    for offset, indices in enumerate(DEAL_INDICES[players]):
        seat = (dealer + 1 + offset) % players
        hands[seat] = mask_of(deck[i] for i in indices)
    return hands


def deck_from_hands(
    hands: Sequence[Sequence[int]], dealer: int, upcard: int, rest: Sequence[int]
) -> list[int]:
    """The deck that deals ``hands`` (by seat) with ``upcard`` turned and ``rest`` below it."""
    players = len(hands)
    deck = [0] * (5 * players)
    for offset, indices in enumerate(DEAL_INDICES[players]):
        seat_cards = list(hands[(dealer + 1 + offset) % players])
        for i, c in zip(indices, seat_cards, strict=True):
            deck[i] = c
    return [*deck, upcard, *rest]


@dataclass(slots=True)
class DealRecord:
    """Everything that happened in one deal: the deck as dealt and each action in order.

    ``log`` holds (seat, action id) pairs as bytes; a go-under claim is logged with the id
    ``UNDER_CODE``; the three cards each claimant showed are in ``under_claims`` (in order)
    and the claim that counts in ``under_mask``.
    """

    number: int
    dealer: int
    deck: bytes
    scores_before: tuple[int, ...]
    log: bytearray = field(default_factory=bytearray)
    under_mask: int = 0
    under_claims: list[int] = field(default_factory=list)
    outcome: str = ""  # "", "scored", "throw-in", "forfeit", "farmers", "misdeal", "redeal"
    points: tuple[int, ...] = ()
    # Filled when the deal ends: who made what, and tricks taken per side.
    trump: int = -1
    maker: int = -1
    alone: bool = False
    lone_defender: int = -1
    tricks: tuple[int, ...] = ()

    def actions(self) -> list[tuple[int, int]]:
        log = self.log
        return [(log[i], log[i + 1]) for i in range(0, len(log), 2)]

    def action_ids(self) -> list[tuple[int, int]]:
        """(seat, action id) in order, with go-under claims as full ``under`` action ids."""
        claims = iter(self.under_claims)
        return [
            (seat, UNDER_FLAG | next(claims) if aid == UNDER_CODE else aid)
            for seat, aid in self.actions()
        ]

    def hands(self, players: int) -> list[list[int]]:
        return [card_list(m) for m in deal_hands(self.deck, self.dealer, players)]


UNDER_CODE = 250
