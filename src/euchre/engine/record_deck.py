"""The deck a deal's record implies: its hands as given, or rebuilt from the cards
played when the record leaves them out (docs/records.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CARD_TEXT, make_deck
from .deal import HAND_SIZE, deck_from_hands
from .phases import Phase
from .record_actions import deal_actions
from .record_deal import RecordedDeal, partner_gifts
from .record_errors import ReplayError
from .rules import EFFECTIVE_SUIT, trick_winner_index
from .state import GameState, IllegalActionError
from .variants import Variant


def deal_deck(variant: Variant, deal: RecordedDeal) -> list[int]:
    """A deck that deals what the record shows (rebuilt from the play without playerCards)."""
    full = make_deck(variant.min_rank - 7, variant.joker)
    if deal.upcard not in full:
        raise ReplayError(
            f"the turn-up {CARD_TEXT[deal.upcard]} is not in this deck", deal=deal.number
        )
    hands = deal.hands if deal.hands is not None else _rebuild_hands(variant, deal, full)
    dealt = [c for h in hands for c in h]
    for c in dealt:
        if c not in full:
            raise ReplayError(f"{CARD_TEXT[c]} is not in this deck", deal=deal.number)
    _check_dealt_once(hands, deal)
    rest = [c for c in full if c not in dealt and c != deal.upcard]
    below = [c for c in _under_received(deal) if c in rest]
    rest = below + [c for c in rest if c not in below]
    return deck_from_hands(hands, deal.dealer, deal.upcard, rest)


def _check_dealt_once(hands: list[list[int]], deal: RecordedDeal) -> None:
    """Each card dealt to one seat, and none of them the turn-up; else which card, where."""
    holder: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand:
            if card == deal.upcard:
                text = f"dealt {CARD_TEXT[card]}, the turn-up: a card is dealt once"
                raise ReplayError(text, deal=deal.number, seat=seat)
            if card in holder:
                first = holder[card]
                again = "twice" if first == seat else f"as was seat {first}"
                text = f"dealt {CARD_TEXT[card]} {again}: a card is dealt once"
                raise ReplayError(text, deal=deal.number, seat=seat)
            holder[card] = seat


def _under_received(deal: RecordedDeal) -> list[int]:
    """Cards a go-under claimant received: they lay directly below the turn-up."""
    for sender, receiver, cards in deal.exchanges:
        if sender == receiver and len(cards) == 6:
            return cards[3:]
    return []


def _rebuild_hands(variant: Variant, deal: RecordedDeal, full: list[int]) -> list[list[int]]:
    """Hands consistent with the record when it has no playerCards (§ docs/records.md)."""
    n = variant.players
    plan = _probe_plan(variant, deal)
    played = _map_tricks(deal, plan, n)
    # A partner gives only from the sidelines; the engine asks for no other exchange.
    gifts = [g for g in partner_gifts(deal, n) if g[0] not in plan.active]
    seen = {c for cards in played.values() for c in cards} | {c for _, _, c in gifts}
    _check_upcard_players(deal, plan, played, gifts)
    hands: list[list[int]] = [list(played.get(s, [])) for s in range(n)]
    for _, receiver, c in gifts:  # a card received was not dealt to its player
        if c in hands[receiver]:
            hands[receiver].remove(c)
    if plan.dealer_picks_up:
        seen.add(_dealer_pickup(deal, hands[deal.dealer], full, seen))
    for sender, _, c in gifts:  # a card given was dealt to its giver (or was the turn-up)
        if not (c == deal.upcard and sender == deal.dealer):
            hands[sender].append(c)
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            shown = " ".join(CARD_TEXT[c] for c in hand)
            raise ReplayError(
                f"the record shows seat {seat} with more than five cards of its own: {shown}",
                deal=deal.number,
            )
    pool = [c for c in full if c not in seen and c != deal.upcard]
    for seat in range(n):
        _fill(hands[seat], pool, plan.voids.get(seat, set()), plan.trump)
    return hands


def _check_upcard_players(
    deal: RecordedDeal,
    plan: _Plan,
    played: dict[int, list[int]],
    gifts: list[tuple[int, int, int]],
) -> None:
    """Only the dealer who picked it up, or the one the dealer gave it to, plays the turn-up."""
    may = {deal.dealer} if plan.dealer_picks_up else set()
    may |= {r for s, r, c in gifts if c == deal.upcard and s == deal.dealer}
    for seat, cards in played.items():
        if deal.upcard in cards and seat not in may:
            text = CARD_TEXT[deal.upcard]
            raise ReplayError(
                f"{text} was the turn-up and never reached seat {seat}'s hand",
                deal=deal.number,
                seat=seat,
                action=f"play {text}",
            )


def _dealer_pickup(deal: RecordedDeal, d_hand: list[int], full: list[int], seen: set[int]) -> int:
    """Undo the dealer's pick-up in the dealer's hand; the card the dealer discarded."""
    discard = deal.discard
    if deal.upcard in d_hand:
        d_hand.remove(deal.upcard)
        if discard is None:
            discard = next(c for c in full if c not in seen and c != deal.upcard)
    elif discard is None:
        discard = deal.upcard
    if discard != deal.upcard:
        d_hand.append(discard)
    return discard


def _fill(hand: list[int], pool: list[int], voids: set[int], trump: int) -> None:
    """Top a hand up to five with unseen cards, avoiding suits it showed out of."""
    while len(hand) < 5:
        fit = [c for c in pool if EFFECTIVE_SUIT[trump][c] not in voids] or pool
        c = fit[0]
        pool.remove(c)
        hand.append(c)


@dataclass
class _Plan:
    trump: int
    active: list[int]
    leader: int
    dealer_picks_up: bool
    voids: dict[int, set[int]] = field(default_factory=dict)


def _probe_plan(variant: Variant, deal: RecordedDeal) -> _Plan:
    """Run the bidding on a neutral deal to learn trump, who plays and who leads."""
    n = variant.players
    full = make_deck(variant.min_rank - 7, variant.joker)
    others = [c for c in full if c != deal.upcard]
    hands = [others[5 * s : 5 * s + 5] for s in range(n)]
    rest = others[5 * n :]
    standard = Variant()
    neutral = variant.replace(**{k: getattr(standard, k) for k in _CARD_DEPENDENT})
    state = GameState(
        neutral, dealer=deal.dealer, decks=[deck_from_hands(hands, deal.dealer, deal.upcard, rest)]
    )
    record = state.record
    picked = False  # the dealer took the turn-up and discarded (not just to give from it)
    for seat, text in deal_actions(neutral, deal, state, bidding_only=True):
        picked = picked or state.phase == Phase.DEALER_DISCARD
        try:
            state.apply(text, seat=seat)
        except IllegalActionError as exc:
            raise ReplayError(str(exc), deal=deal.number, seat=seat, action=text) from None
        if state.record is not record or state.phase == Phase.PLAY:
            break
    if state.record is not record or state.phase != Phase.PLAY:
        return _Plan(-1, [], -1, False)
    active = [s for s in range(n) if state.is_active(s)]
    return _Plan(state.trump, active, state.turn, picked and state.upcard_state == "taken")


# Options whose checks depend on the real cards: left out while probing the bidding.
_CARD_DEPENDENT = {"farmers_hand", "minimum_trump", "go_under", "throw_in_hands"}


def _map_tricks(deal: RecordedDeal, plan: _Plan, n: int) -> dict[int, list[int]]:
    played: dict[int, list[int]] = {s: [] for s in plan.active}
    if not deal.tricks:
        return played
    if plan.trump < 0:
        raise ReplayError("cards were played but trump was never made", deal=deal.number)
    leader = plan.leader
    seen: set[int] = set()
    order = plan.active
    # Tricks past the fifth are refused by the replay itself, as cards left over.
    for t, trick in enumerate(deal.tricks[:HAND_SIZE]):
        if len(trick) > len(order):
            raise ReplayError(
                f"trick {t + 1} has {len(trick)} cards; {len(order)} players are active",
                deal=deal.number,
            )
        start = order.index(leader)
        seats = [order[(start + i) % len(order)] for i in range(len(trick))]
        led = EFFECTIVE_SUIT[plan.trump][trick[0]]
        for seat, c in zip(seats, trick, strict=True):
            if c in seen:
                raise ReplayError(
                    f"{CARD_TEXT[c]} was already played",
                    deal=deal.number,
                    seat=seat,
                    action=f"play {CARD_TEXT[c]}",
                )
            seen.add(c)
            played[seat].append(c)
            if EFFECTIVE_SUIT[plan.trump][c] != led:
                plan.voids.setdefault(seat, set()).add(led)
        if len(trick) == len(order):
            leader = seats[trick_winner_index(trick, plan.trump)]
    return played
