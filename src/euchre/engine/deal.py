"""Dealing packets (docs/rules.md §2.3) and the record of one deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import card_list, mask_of
from .steps import Contract, DealSummary, Outcome, Step

HAND_SIZE = 5  # cards dealt to each seat, in every variant

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
    return HAND_SIZE * players


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
    deck = [0] * (HAND_SIZE * players)
    for offset, indices in enumerate(DEAL_INDICES[players]):
        seat_cards = list(hands[(dealer + 1 + offset) % players])
        for i, c in zip(indices, seat_cards, strict=True):
            deck[i] = c
    return [*deck, upcard, *rest]


@dataclass(slots=True)
class DealRecord:
    """Everything that happened in one deal: the deck as dealt and each step in order.

    ``steps`` is the deal's log (see :mod:`.steps`); ``under_mask`` holds the three cards of
    the go-under claim that counts.
    """

    number: int
    dealer: int
    deck: bytes
    scores_before: tuple[int, ...]
    steps: tuple[Step, ...] = ()  # a tuple: the log is read-only, and exactly its size
    under_mask: int = 0
    result: DealSummary | None = None  # set when the deal ends

    @property
    def outcome(self) -> Outcome | None:
        """How the deal ended (None while it is in progress)."""
        return None if self.result is None else self.result.outcome

    @property
    def points(self) -> tuple[int, ...]:
        return () if self.result is None else self.result.points

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks per side, once the deal has ended with a contract made."""
        return () if self.result is None else self.result.tricks

    @property
    def contract(self) -> Contract | None:
        """The final contract, once the deal has ended (None if no one made trump)."""
        return None if self.result is None else self.result.contract

    @property
    def trump(self) -> int | None:
        return None if self.contract is None else self.contract.trump

    @property
    def maker(self) -> int | None:
        return None if self.contract is None else self.contract.maker

    @property
    def alone(self) -> bool:
        return self.contract is not None and self.contract.alone

    @property
    def lone_defender(self) -> int | None:
        return None if self.contract is None else self.contract.lone_defender

    def actions(self) -> list[tuple[int, int]]:
        """(seat, action id) in order (a go-under claim as its full ``under`` id)."""
        return [(s.seat, s.action.id) for s in self.steps]

    def hands(self, players: int) -> list[list[int]]:
        return [card_list(m) for m in deal_hands(self.deck, self.dealer, players)]

    @property
    def under_claims(self) -> list[int]:
        """The three cards each go-under claimant showed (masks), in order."""
        return [mask_of(s.action.shown) for s in self.steps if s.action.shown]
