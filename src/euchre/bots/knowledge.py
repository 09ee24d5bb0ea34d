"""What a seat knows about the deal in progress, derived from its view only.

Bots never see the state; everything here is computed from a
:class:`~euchre.engine.views.View`: cards played and by whom, suits a seat has shown out
of, cards known to be out of play (the turned-down turn-up, the seat's own discard, cards
shown when going under), where the turn-up went, and how the bidding went.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.engine import actions as A
from euchre.engine.cards import HEARTS, JOKER, NO_TRUMP, make_deck, mask_of, suit_of
from euchre.engine.phases import Phase
from euchre.engine.rules import EFFECTIVE_SUIT, partner
from euchre.engine.variants import JokerUpcard
from euchre.engine.views import View


@dataclass(slots=True)
class Knowledge:
    """A seat's derived knowledge of the current deal (all card sets are masks)."""

    view: View
    n: int
    seat: int
    trump: int
    hand: int
    deck: int
    played: int
    played_by: list[int]
    voids: list[int]
    known_out: int
    upcard_holder: int
    upcard_maybe_out: bool
    upcard_receiver: int  # a seat the turn-up may have been given to, unseen (-1: none)
    hand_sizes: list[int]
    call_round: int
    maker_action: int
    shown: dict[int, int]

    @property
    def dealer(self) -> int:
        return self.view.dealer

    @property
    def maker(self) -> int | None:
        return self.view.maker

    @property
    def active(self) -> tuple[int, ...]:
        return self.view.active

    def partner(self, seat: int) -> int | None:
        return partner(seat) if self.n == 4 else None

    def same_side(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play together this deal (Cutthroat: the two defenders)."""
        if a == b:
            return True
        if self.n == 4:
            return (a - b) % 2 == 0
        if self.n == 3 and self.view.maker is not None:
            return self.view.maker not in (a, b)
        return False

    def makers_mask(self) -> int:
        """Seats on the maker's side, as a bit mask."""
        maker = self.view.maker
        if maker is None:
            return 0
        return sum(1 << s for s in range(self.n) if self.same_side(s, maker))

    def makers_tricks(self) -> int:
        """Tricks the maker's side has taken so far this deal."""
        makers = self.makers_mask()
        return sum(self.view.tricks_won[s] for s in range(self.n) if makers >> s & 1)

    def unseen(self) -> int:
        """Cards this seat cannot place: not in its hand, not played, not known out."""
        known = self.hand | self.played | self.known_out
        if self.upcard_holder >= 0 and self.upcard_holder != self.seat:
            known |= 1 << self.view.upcard
        for mask in self.shown.values():
            known |= mask
        return self.deck & ~known

    def led_card(self) -> int:
        return self.view.trick[0][1] if self.view.trick else -1


def knowledge_of(view: View) -> Knowledge:
    """Derive a seat's knowledge from its view (the seat must not be None)."""
    if view.seat is None:
        raise ValueError("a spectator's view holds no hand to reason about")
    v = view.variant
    n = v.players
    trump = NO_TRUMP if view.trump is None else view.trump
    played_by = [0] * n
    voids = [0] * n
    _scan_plays(view, trump, played_by, voids)
    own_out, extra = _own_hidden_cards(view)
    shown = _shown_cards(view)
    known_out = own_out | (0 if shown else mask_of(view.under_shown))
    holder, maybe_out, receiver = _upcard_place(view)
    if holder < 0 and view.upcard_state in ("up", "down", "out"):
        known_out |= 1 << view.upcard  # face up on the kitty, or out of play
    played = 0
    for m in played_by:
        played |= m
    if played >> view.upcard & 1:
        holder = receiver = -1
    call_round, maker_action = _call_of(view)
    return Knowledge(
        view=view,
        n=n,
        seat=view.seat,
        trump=trump,
        hand=mask_of(view.hand),
        deck=mask_of(make_deck(v.min_rank - 7, v.joker)),
        played=played,
        played_by=played_by,
        voids=voids,
        known_out=known_out & ~mask_of(view.hand),
        upcard_holder=holder,
        upcard_maybe_out=maybe_out,
        upcard_receiver=receiver,
        hand_sizes=_hand_sizes(view, played_by, extra),
        call_round=call_round,
        maker_action=maker_action,
        shown=shown,
    )


def _shown_cards(view: View) -> dict[int, int]:
    """Cards shown to go under, still in the claimer's hand while the offers go round."""
    if view.phase != Phase.GO_UNDER or not view.under_shown:
        return {}
    claimer = next(s for s, a in view.history if a & A.UNDER_FLAG)
    if claimer == view.seat:
        return {}
    return {claimer: mask_of(view.under_shown)}


def _scan_plays(view: View, trump: int, played_by: list[int], voids: list[int]) -> None:
    eff = EFFECTIVE_SUIT[trump]
    per_trick = len(view.active)
    led = -1
    count = 0
    for seat, aid in view.history:
        if not A.is_play(aid):
            continue
        c = aid - A.PLAY_BASE
        played_by[seat] |= 1 << c
        if count == 0:
            led = eff[c]
        elif eff[c] != led:
            voids[seat] |= 1 << led
        count = (count + 1) % per_trick


def _own_hidden_cards(view: View) -> tuple[int, list[int]]:
    """Cards this seat discarded or gave (known out of play, or in the partner's hand),
    and per-seat hand-size changes from discards and gifts."""
    out = 0
    delta = [0] * view.variant.players
    for seat, aid in view.history:
        if aid == A.HIDDEN_DISCARD or A.is_discard(aid):
            delta[seat] -= 1
            if aid != A.HIDDEN_DISCARD:
                out |= 1 << (aid - A.DISCARD_BASE)
        elif _is_gift(aid):
            delta[seat] -= 1
            delta[partner(seat)] += 1
    return out, delta


def _upcard_place(view: View) -> tuple[int, bool, int]:
    """The seat known to hold the turn-up (-1: none), whether it may have been discarded,
    and a seat it may have been given to unseen (-1: none)."""
    if view.upcard_state != "taken":
        return -1, False, -1
    v = view.variant
    dealer = view.dealer
    dealer_discards = sum(1 for s, a in view.history if s == dealer and a == A.HIDDEN_DISCARD)
    maybe_out = v.dealer_may_discard_upcard or dealer_discards > 1
    gift = next((a for s, a in view.history if s == dealer and _is_gift(a)), None)
    if gift is None or (gift != A.HIDDEN_GIVE and gift - A.GIVE_BASE != view.upcard):
        return dealer, maybe_out, -1
    # The dealer may have given the turn-up to a lone partner, whose discard may be it.
    receiver = partner(dealer)
    if gift == A.HIDDEN_GIVE:
        return dealer, True, receiver
    return receiver, True, -1


def _is_gift(aid: int) -> bool:
    return aid == A.HIDDEN_GIVE or A.is_give(aid)


def _hand_sizes(view: View, played_by: list[int], delta: list[int]) -> list[int]:
    sizes = []
    for seat in range(view.variant.players):
        size = 5 - played_by[seat].bit_count() + delta[seat]
        if seat == view.dealer and view.upcard_state == "taken":
            size += 1
        sizes.append(size)
    return sizes


def _call_of(view: View) -> tuple[int, int]:
    """(round of the call: 1, 2, or 0 for none / the dealer naming for a Joker; the call id)."""
    for _, aid in view.history:
        if aid in (A.ORDER, A.ORDER_ALONE):
            return 1, aid
        if A.CALL_BASE <= aid < A.CALL_BASE + 10:
            naming = view.upcard == JOKER and (
                view.variant.joker_upcard_rule != JokerUpcard.FIXED_HEARTS
            )
            return (0 if naming else 2), aid
    return 0, -1


def upcard_suit(view: View) -> int:
    """The suit the turn-up proposes (hearts for a Joker under the fixed-hearts rule)."""
    return HEARTS if view.upcard == JOKER else suit_of(view.upcard)
