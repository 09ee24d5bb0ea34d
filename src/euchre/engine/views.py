"""What one seat may know: a pure function of (state, seat).

A view is the only way game information leaves the engine for a player, a spectator
(``seat=None``) or a bot. It holds the seat's own hand, the turn-up and everything done
in the open during this deal; another seat's discard, a card passed between partners and
the kitty never appear.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import actions as A
from .cards import JOKER, NO_TRUMP, card_list
from .phases import Phase
from .rules import display_sorted
from .steps import seen_action
from .variants import JokerUpcard, Variant

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a game (``seat`` None: a spectator)."""

    variant: Variant
    seat: int | None
    dealer: int
    deal_number: int
    scores: tuple[int, ...]
    phase: Phase
    to_act: int | None
    hand: tuple[int, ...]
    upcard: int
    upcard_state: str
    turned_down: int | None
    trump: int | None
    maker: int | None
    alone: bool
    lone_defender: int | None
    active: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    under_shown: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    legal: tuple[int, ...]
    winner: int | None
    # How many cards each seat holds (public: everyone sees the cards dealt and played);
    # empty in a view rebuilt from a bot observation, which does not carry it.
    hand_sizes: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return self.variant.players

    def legal_texts(self) -> list[str]:
        return [A.action_text(a) for a in self.legal]

    def history_texts(self) -> list[tuple[int, str]]:
        return [(seat, A.action_text(aid)) for seat, aid in self.history]

    def played_cards(self) -> list[tuple[int, int]]:
        """(seat, card) for every card played this deal, in order."""
        return [(s, a - A.PLAY_BASE) for s, a in self.history if A.is_play(a)]


def view_of(state: GameState, seat: int | None) -> View:
    """The view of ``state`` for ``seat`` (None for a spectator)."""
    return views_of(state, (seat,))[0]


def views_of(
    state: GameState, seats: Sequence[int | None], *, with_history: bool = True
) -> list[View]:
    """The views of ``state`` for each of ``seats``, in order: what they share is worked
    out once (a table shows every seat the same moment). ``with_history=False`` leaves the
    history empty, for a caller that keeps each seat's history itself."""
    to_act = state.current_player
    record = state.record
    history: tuple[tuple[int, int], ...] = ()
    secret: list[int] = []
    if with_history:
        history = tuple((step.seat, step.action.id) for step in record.steps)
        secret = [i for i, step in enumerate(record.steps) if step.action.secret]
    scores, phase, trump = tuple(state.scores), state.phase, state.trump
    active = tuple(s for s in range(state.n) if state.is_active(s))
    under_shown = tuple(card_list(record.under_mask))
    trick = tuple(zip(state.trick_seats, state.trick, strict=True))
    tricks_won, hand_sizes = tuple(state.tricks_won), tuple(h.bit_count() for h in state.hands)
    views: list[View] = []
    for seat in seats:
        hand: tuple[int, ...] = ()
        if seat is not None and not _hand_hidden(state, seat):
            hand = tuple(display_sorted(card_list(state.hands[seat]), trump))
        seen = history
        if secret:
            patched = list(history)
            for i in secret:
                step = record.steps[i]
                patched[i] = (step.seat, seen_action(step.seat, step.action, seat).id)
            seen = tuple(patched)
        legal = tuple(state.legal_ids()) if to_act is not None and to_act == seat else ()
        views.append(
            View(
                variant=state.variant,
                seat=seat,
                dealer=state.dealer,
                deal_number=record.number,
                scores=scores,
                phase=phase,
                to_act=to_act,
                hand=hand,
                upcard=state.upcard,
                upcard_state=state.upcard_state,
                turned_down=state.turned_down,
                trump=trump if state.maker is not None else None,
                maker=state.maker,
                alone=state.alone,
                lone_defender=state.lone_defender,
                active=active,
                history=seen,
                under_shown=under_shown,
                trick=trick,
                tricks_won=tricks_won,
                legal=legal,
                winner=state.winner,
                hand_sizes=hand_sizes,
            )
        )
    return views


def _hand_hidden(state: GameState, seat: int) -> bool:
    """Blind naming of a turned-up Joker: the dealer names before looking (docs/rules.md
    §3.3), so the hand stays hidden from the deal's start until trump is named. The one
    exception: a dealer offered to go under or throw in sees the hand to answer (the offer
    is about the hand)."""
    if not (
        seat == state.dealer
        and state.upcard == JOKER
        and state.variant.joker_upcard_rule == JokerUpcard.DEALER_NAMES_BLIND
    ):
        return False
    if state.phase in (Phase.GO_UNDER, Phase.THROW_IN_CLAIM):
        return state.current_player != seat
    return state.phase == Phase.JOKER_NAME


__all__ = ["NO_TRUMP", "View", "view_of", "views_of"]
