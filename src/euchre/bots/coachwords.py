"""The coach's English words for actions and cards, as the browser's English says them
(``web/coachwords.js`` with ``i18n/en.json``): "Name Clubs", "Order up K♥", "Play King of
hearts", a bower named with its part. The reasons' English text (the terminal's, and the
server's text beside each fact) is made with these."""

from __future__ import annotations

from collections.abc import Callable

from euchre.engine import actions as A
from euchre.engine.cards import (
    JACK,
    JOKER,
    NO_TRUMP,
    RANK_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    cards_in,
    rank_of,
    suit_of,
)
from euchre.engine.phases import Phase
from euchre.engine.views import View

RANK_NAMES = ("Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
_CARD_VERBS = {"play": "Play", "discard": "Discard", "give": "Give"}
# Actions named the same whatever the position (the browser's "actions.*").
_FIXED = {
    "defend alone": "Defend alone",
    "call for best": "Call for best",
    "take alone": "Take it alone",
    "forfeit": "Forfeit (1 point to them)",
    "redeal": "Throw in for a redeal",
}


def card_name(card: int) -> str:
    """``King of hearts``, ``Joker``."""
    if card == JOKER:
        return "Joker"
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def card_short(card: int) -> str:
    """``K♥``, ``10♣`` (a turn-up named within an action), ``Joker``."""
    if card == JOKER:
        return "Joker"
    rank = RANK_LETTERS[rank_of(card)]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit_of(card)]


def card_with_part(card: int, trump: int | None) -> str:
    """A card as a fact names it: a bower by its part with the card in brackets under
    ``trump`` (the deal's, once made), "right bower (J♠)", so that a sentence reads on
    ("Your right bower (J♠) is sure to win"); any other card, the Joker too, by its name."""
    if trump is None or trump == NO_TRUMP or card == JOKER or rank_of(card) != JACK:
        return card_name(card)
    if suit_of(card) == trump:
        return f"right bower ({card_short(card)})"
    if suit_of(card) == trump ^ 2:
        return f"left bower ({card_short(card)})"
    return card_name(card)


def action_words(view: View, action: str) -> str:
    """``action`` (protocol text) in words at ``view``, as the browser names it: "Play
    King of hearts", "Order up K♥, alone" (the dealer's "Pick up"), "Name Clubs", "Pass"."""
    aid = A.parse_action(action)
    card = A.action_card(aid)
    if card is not None:  # a bower by its part once trump is made: "Play left bower (J♦)"
        return f"{_CARD_VERBS[action.split()[0]]} {card_with_part(card, view.trump)}"
    alone = ", alone" if action.endswith(" alone") else ""
    if aid in (A.ORDER, A.ORDER_ALONE):
        verb = "Pick up" if view.seat == view.dealer else "Order up"
        return f"{verb} {card_short(view.upcard)}{alone}"
    if A.is_call(aid):
        suit = (aid - A.CALL_BASE) // 2
        return f"Name {'No trump' if suit == NO_TRUMP else SUIT_NAMES[suit].capitalize()}{alone}"
    if aid & A.UNDER_FLAG:
        return f"Go under ({' '.join(card_short(c) for c in cards_in(aid ^ A.UNDER_FLAG))})"
    if aid == A.PASS:
        return "Pass"
    return _FIXED.get(action, action)


_DOING_VERBS = {"play": "playing", "discard": "discarding", "give": "giving"}
_DOING_FIXED = {
    "defend alone": "defending alone",
    "call for best": "calling for best",
    "take alone": "taking it alone",
    "forfeit": "forfeiting (1 point to them)",
    "redeal": "throwing in for a redeal",
}

# A pass outside the bidding declines an offer: it is named as what the seat does instead.
_PASS_DOING = {
    Phase.DEALER_DISCARD: "leaving the turn-up",
    Phase.GO_UNDER: "keeping your hand",
    Phase.THROW_IN_CLAIM: "keeping your hand",
    Phase.TAKE_ALONE: "not taking it alone",
    Phase.DEFEND_ALONE: "not defending alone",
    Phase.CALL_FOR_BEST: "not calling for best",
}


def doing_words(view: View, action: str) -> str:
    """``action`` as a sentence's subject names it at ``view``, as the browser's English does
    (``coach.doing``): "playing the King of hearts", "ordering up K♥ and going alone" (the
    dealer's "picking up"), "naming clubs", "passing" ("leaving the turn-up" at a two-player
    dealer's exchange: a pass outside the bidding says what it declines)."""
    aid = A.parse_action(action)
    card = A.action_card(aid)
    if card is not None:
        return f"{_DOING_VERBS[action.split()[0]]} the {card_with_part(card, view.trump)}"
    if aid & A.UNDER_FLAG:
        return f"going under ({' '.join(card_short(c) for c in cards_in(aid ^ A.UNDER_FLAG))})"
    if aid in (A.ORDER, A.ORDER_ALONE):
        verb = "picking up" if view.seat == view.dealer else "ordering up"
        words = f"{verb} {card_short(view.upcard)}"
    elif A.is_call(aid):
        suit = (aid - A.CALL_BASE) // 2
        words = "naming no trump" if suit == NO_TRUMP else f"naming {SUIT_NAMES[suit]}"
    elif aid == A.PASS:
        return _PASS_DOING.get(view.phase, "passing")
    else:
        return _DOING_FIXED.get(action, action)
    return f"{words} and going alone" if action.endswith(" alone") else words


def naming(view: View) -> Callable[[str], str]:
    """Actions as a reason's sentences name them at ``view`` (:func:`doing_words`); a
    sentence's first letter is made capital where it is written."""
    return lambda action: doing_words(view, action)


def tied_with(best: str) -> str:
    """A reviewed choice about equal to the coach's pick ``best`` (its words), as the
    browser's English says it (``coach.tiedWith``)."""
    return f"About equal to {best}, the coach's pick: too close to call."
