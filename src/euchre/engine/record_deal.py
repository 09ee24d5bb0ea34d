"""One deal of an EGN record, read: the dealer, the turn-up, the hands if given, the
calls, the exchanges and the tricks, each checked for its form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CardError, parse_card
from .deal import HAND_SIZE
from .quoting import quoted, quoted_json, shortened
from .record_errors import RecordError
from .rules import partner
from .variants import Variant


@dataclass
class RecordedDeal:
    """A deal as an EGN record states it (``parse_deal``); ``deal_deck`` gives a deck
    consistent with it and ``deal_actions`` the engine actions it implies."""

    number: int
    dealer: int
    upcard: int
    hands: list[list[int]] | None
    calls: list[str]
    alone: bool
    alone_defender: int
    take_alone: int
    discard: int | None
    exchanges: list[tuple[int, int, list[int]]]
    tricks: list[list[int]]


def parse_deal(variant: Variant, raw: dict[str, Any], number: int) -> RecordedDeal:
    """Read one deal of a record (RecordError when its cards or calls cannot be read)."""
    initial = raw["initialState"]
    n = variant.players
    dealer = initial["dealer"]
    if not 0 <= dealer < n:
        raise RecordError(f"deal {number}: dealer must be a seat 0..{n - 1}")
    upcard = _card(initial["upCard"], number)
    bidding: dict[str, Any] = {}
    tricks: list[list[int]] = []
    seen: list[Any] = []
    for phase in raw["phases"]:
        if not isinstance(phase, dict):
            raise RecordError(f"deal {number}: each phase must be an object")
        if phase.get("type") in seen:
            raise RecordError(
                f"deal {number}: a second {shortened(str(phase.get('type')))} phase; a deal has"
                " one bidding phase and one TRICK_PLAY phase at most"
            )
        seen.append(phase.get("type"))
        if phase.get("type") == "EUCHRE_BIDDING":
            bidding = phase
        elif phase.get("type") == "TRICK_PLAY":
            tricks = [
                [_card(c, number) for c in _list(t, number)]
                for t in _list(phase.get("tricks", []), number)
            ]
        else:
            raise RecordError(f"deal {number}: unknown phase type {quoted(phase.get('type'))}")
    calls = _list(bidding.get("calls", []), number)
    discard = bidding.get("discard")
    return RecordedDeal(
        number=number,
        dealer=dealer,
        upcard=upcard,
        hands=_player_cards(initial.get("playerCards"), n, number),
        calls=[_call(c, number) for c in calls],
        alone=_flag(bidding.get("isAlone"), "isAlone", number),
        alone_defender=_seat_field(bidding.get("aloneDefender", -1), "aloneDefender", number),
        take_alone=_seat_field(bidding.get("takeAlone", -1), "takeAlone", number),
        discard=None if discard is None else _card(discard, number),
        exchanges=[_exchange(e, number) for e in _list(bidding.get("cardExchanges", []), number)],
        tricks=tricks,
    )


def _list(value: Any, number: int) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"deal {number}: expected a list, found {quoted(value)}")
    return value


def _card(text: Any, number: int) -> int:
    if not isinstance(text, str):  # (as str(), a null read "'None' is not a card")
        raise RecordError(
            f'deal {number}: {quoted_json(text)} is not a card: a card is text, like "Jd"'
        )
    try:
        return parse_card(text)
    except CardError as exc:
        raise RecordError(f"deal {number}: {exc}") from None


def _call(value: Any, number: int) -> str:
    if not isinstance(value, str):
        raise RecordError(
            f'deal {number}: {quoted_json(value)} is not a call: a call is text, like "Pass"'
        )
    return value


def _exchange(raw: Any, number: int) -> tuple[int, int, list[int]]:
    if not isinstance(raw, dict) or "receiver" not in raw:
        raise RecordError(f"deal {number}: a card exchange needs a receiver and cards")
    cards = [_card(c, number) for c in _list(raw.get("cards", []), number)]
    sender = _seat_field(raw.get("sender", -1), "a card exchange's sender", number)
    return sender, _seat_field(raw["receiver"], "a card exchange's receiver", number), cards


def _seat_field(value: Any, name: str, number: int) -> int:
    """A seat number, -1 (or null) for none; 2.0 and "2", as some tools write it, are 2."""
    if value is None:
        return -1
    if (isinstance(value, float) and value.is_integer()) or value in _SEAT_TEXTS:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and -1 <= value < 4:
        return value
    raise RecordError(f"deal {number}: {name} must be a seat 0..3 (or -1), found {quoted(value)}")


_SEAT_TEXTS = ("-1", "0", "1", "2", "3")


def _flag(value: Any, name: str, number: int) -> bool:
    """A true/false field (absent or null: false)."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RecordError(f"deal {number}: {name} must be true or false, found {quoted(value)}")
    return value


def _player_cards(raw: Any, n: int, number: int) -> list[list[int]] | None:
    """The hands as dealt; None when the record does not give them (absent, null or [])."""
    if not raw:
        return None
    hands = [[_card(c, number) for c in _list(h, number)] for h in _list(raw, number)]
    if len(hands) != n or any(len(h) != HAND_SIZE for h in hands):
        sizes = ", ".join(str(len(h)) for h in hands)
        raise RecordError(
            f"deal {number}: playerCards must hold the {n} hands of {HAND_SIZE} cards as"
            f" dealt (found hands of {sizes} cards); leave it out when the hands are not known"
        )
    return hands


def partner_gifts(deal: RecordedDeal, n: int) -> list[tuple[int, int, int]]:
    """The cards partners passed on a call for best: (giver, receiver, card)."""
    if n != 4:
        return []
    return [(s, r, c[0]) for s, r, c in deal.exchanges if c and 0 <= s < n and r == partner(s)]
