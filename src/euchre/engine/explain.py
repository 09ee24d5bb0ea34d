"""Messages a player can act on for refused actions: what was wrong and what is allowed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import actions as A
from .cards import CARD_TEXT, JACK, JOKER, NO_TRUMP, SUIT_LETTERS, card, same_colour
from .phases import PHASE_DESCRIPTIONS, Phase
from .rules import EFFECTIVE_SUIT, display_sorted, suit_name, suit_singular

if TYPE_CHECKING:
    from .state import GameState

_CARD_VERBS = {A.PLAY_BASE: "play", A.DISCARD_BASE: "discard", A.GIVE_BASE: "give"}


def or_list(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def explain_illegal(state: GameState, aid: int) -> str:
    if state.phase == Phase.GAME_OVER:
        return "the game is over: no more actions"
    legal = state.legal_ids()
    allowed = or_list([A.action_text(a) for a in legal])
    card_ = A.action_card(aid)
    if card_ is not None and not state.hands[state.turn] >> card_ & 1 and _card_phase(state, aid):
        verb = A.action_text(aid).split()[0]
        return f"{CARD_TEXT[card_]} is not in your hand: {verb} {_cards_or(state, legal)}"
    specific = _SPECIFIC.get(state.phase)
    if specific is not None:
        message = specific(state, aid, legal)
        if message:
            return message
    return (
        f"{A.action_text(aid)!r} is not allowed now ({PHASE_DESCRIPTIONS[state.phase]});"
        f" seat {state.turn} may {allowed}"
    )


def explain_not_an_action(state: GameState, text: str, reason: str) -> str:
    """For text that is no action at all: what was wrong and the legal actions now."""
    if state.phase == Phase.GAME_OVER:
        return "the game is over: no more actions"
    why = f" ({reason})" if reason else ""
    allowed = or_list([A.action_text(a) for a in state.legal_ids()])
    return (
        f"{text[:64]!r} is not an action{why}: now ({PHASE_DESCRIPTIONS[state.phase]})"
        f" seat {state.turn} may {allowed}"
    )


def _card_phase(state: GameState, aid: int) -> bool:
    kind = A.Action.of(aid).kind
    return any(A.Action.of(a).kind == kind for a in state.legal_ids())


def _cards_or(state: GameState, legal: list[int]) -> str:
    cards = [c for c in map(A.action_card, legal) if c is not None]
    shown = [CARD_TEXT[c] for c in display_sorted(cards, state.trump)]
    if len(shown) > 2:
        return "one of " + or_list(shown)
    return or_list(shown)


def _explain_play(state: GameState, aid: int, legal: list[int]) -> str:
    if not A.is_play(aid):
        return ""
    trump = state.trump
    led = state.trick[0]
    suit = EFFECTIVE_SUIT[trump][led]
    note = _follow_note(state, suit)
    return f"must follow {suit_name(suit)}{note}: play {_cards_or(state, legal)}"


def _follow_note(state: GameState, suit: int) -> str:
    """Why a bower or the Joker belongs to the suit led, when it matters."""
    trump = state.trump
    if trump == NO_TRUMP or suit != trump:
        return ""
    relevant = state.hands[state.turn] | (1 << state.trick[0])
    notes = []
    left = card(JACK, same_colour(trump))
    if relevant >> left & 1:
        notes.append(f"the left bower {CARD_TEXT[left]} counts as a {suit_singular(trump)}")
    if relevant >> JOKER & 1:
        notes.append(f"the Joker counts as a {suit_singular(trump)}")
    return f" ({'; '.join(notes)})" if notes else ""


def _explain_bid(state: GameState, aid: int, legal: list[int]) -> str:
    v = state.variant
    seat = state.turn
    stuck = state.phase == Phase.BID_R2 and seat == state.dealer and v.stick_the_dealer
    calls = _calls(legal)
    if aid == A.PASS and stuck:
        return f"the dealer is stuck and must name trump: {calls}"
    if aid in (A.ORDER, A.ORDER_ALONE, A.TAKE_ALONE) and state.phase == Phase.BID_R2:
        return f"the turn-up was turned down; in round 2 pass or name a suit: {calls}"
    if A.CALL_BASE <= aid < A.CALL_BASE + 10:
        return _explain_call(state, aid, legal)
    if aid == A.ORDER_ALONE and not v.alone_possible:
        return "going alone is not allowed in this game: order or pass"
    if aid in (A.ORDER, A.ORDER_ALONE) and v.minimum_trump:
        s = state.upcard_suit
        return (
            f"minimum trump: you need a natural {suit_singular(s)} to order up "
            "(the left bower and the Joker do not count): pass"
        )
    return ""


def _explain_call(state: GameState, aid: int, legal: list[int]) -> str:
    v = state.variant
    suit, alone = divmod(aid - A.CALL_BASE, 2)
    calls = _calls(legal)
    if state.phase == Phase.BID_R1:
        return "in round 1 you may only order up the turn-up or pass"
    if suit == NO_TRUMP and not v.no_trump:
        return f"no trump is not allowed in this game: {calls}"
    if suit == state.turned_down:
        return f"{suit_name(suit)} was turned down and cannot be named in round 2: {calls}"
    if alone and not v.alone_possible:
        return f"going alone is not allowed in this game: {calls}"
    if v.minimum_trump:
        return (
            f"minimum trump: you need a natural {suit_singular(suit)} to name it "
            f"(the left bower and the Joker do not count): {calls}"
        )
    return ""


def _calls(legal: list[int]) -> str:
    names = []
    for a in legal:
        if A.CALL_BASE <= a < A.CALL_BASE + 10 and (a - A.CALL_BASE) % 2 == 0:
            names.append(f"call {(SUIT_LETTERS + 'n')[(a - A.CALL_BASE) // 2]}")
    if A.PASS in legal:
        names.append("pass")
    if A.FORFEIT in legal:
        names.append("forfeit")
    return or_list(names)


def _explain_discard(state: GameState, aid: int, legal: list[int]) -> str:
    if aid == A.DISCARD_BASE + state.upcard and not state.variant.dealer_may_discard_upcard:
        return (
            f"the dealer may not discard the turn-up {CARD_TEXT[state.upcard]}: "
            f"discard {_cards_or(state, legal)}"
        )
    if aid == A.PASS:
        return f"the dealer must discard a card: discard {_cards_or(state, legal)}"
    return ""


def _explain_joker(state: GameState, aid: int, legal: list[int]) -> str:
    suit = (aid - A.CALL_BASE) // 2
    if A.CALL_BASE <= aid < A.CALL_BASE + 10 and suit == NO_TRUMP:
        return (
            "the Joker was turned up: the dealer names one of the four suits, not no trump:"
            " call c, d, h or s"
        )
    return "the Joker was turned up: the dealer must name trump: call c, d, h or s"


_SPECIFIC: dict[Phase, Callable[[GameState, int, list[int]], str]] = {
    Phase.PLAY: _explain_play,
    Phase.BID_R1: _explain_bid,
    Phase.BID_R2: _explain_bid,
    Phase.DEALER_DISCARD: _explain_discard,
    Phase.JOKER_NAME: _explain_joker,
}
