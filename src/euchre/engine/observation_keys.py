"""Reading an observation's keys (docs/bot-protocol.md), one by one: each reader takes
what the client sent and returns it typed, or says in protocol terms what is wrong and
what is allowed (:class:`ObservationError`). Checking the keys against each other is
:mod:`euchre.engine.observations`'s part."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import actions as A
from .actions import Action
from .cards import CARD_TEXT, TRUMP_LETTERS, make_deck, parse_card
from .phases import Phase
from .record_errors import RecordError
from .record_rules import variant_of, whole_numbers
from .variants import Variant


class ObservationError(ValueError):
    """An observation that is incomplete, malformed, or disagrees with its own history."""


class PhaseUnknown(ObservationError):
    """An observation without its ``phase`` where the history cannot tell it (a pass before
    the bidding, with go-under or throw-in offers, from a bid): the pass is all it allows."""


CONTRACT_KEYS = ("variant", "seat", "dealer", "score", "hand", "upcard", "history", "legal")
PHASE_NAMES = tuple(p.name.lower() for p in Phase if p != Phase.GAME_OVER)


@dataclass(frozen=True, slots=True)
class Contract:
    """The contract's keys, each read and checked on its own."""

    variant: Variant
    seat: int
    dealer: int
    score: tuple[int, ...]
    hand: tuple[int, ...]
    upcard: int
    history: tuple[tuple[int, int], ...]
    legal: tuple[int, ...]
    deal: int


def read_contract(obs: Any) -> Contract:
    if not isinstance(obs, dict):
        raise ObservationError(
            f"an observation is a JSON object with the keys {', '.join(CONTRACT_KEYS)};"
            f" got {shown(obs)}"
        )
    missing = [key for key in CONTRACT_KEYS if key not in obs]
    if missing:
        keys = ", ".join(repr(k) for k in missing)
        raise ObservationError(
            f"missing key{'s' if len(missing) > 1 else ''} {keys}"
            f" (an observation has {', '.join(CONTRACT_KEYS)})"
        )
    variant = _variant(obs["variant"])
    n = variant.players
    seat = _seat(obs["seat"], "'seat'", n)
    return Contract(
        variant=variant,
        seat=seat,
        dealer=_seat(obs["dealer"], "'dealer'", n),
        score=_score(obs["score"], variant),
        hand=tuple(_cards(obs["hand"], "hand", variant)),
        upcard=_card(obs["upcard"], "'upcard'", variant),
        history=_history(obs["history"], n, variant),
        legal=_legal(obs["legal"], variant),
        deal=_whole(obs.get("deal", 0), "'deal'", 0),
    )


def shown(value: Any) -> str:
    """A value as the client sent it: strings quoted, the rest as JSON (cut short)."""
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _variant(ruleset: Any) -> Variant:
    """The rules from the observation's EGN ruleset. The engine's default is that the
    dealer keeps the turn-up (EGN's is the opposite), so a missing key means False."""
    if not isinstance(ruleset, dict):
        raise ObservationError(
            "'variant' must be the rules as an EGN ruleset object, e.g."
            f' {{"std": true, "canadian": false}}; got {shown(ruleset)}'
        )
    ruleset = whole_numbers(ruleset)
    try:
        variant = variant_of(ruleset)
        keep = ruleset.get("dealer_may_discard_upcard", False)
        if not isinstance(keep, bool):
            raise RecordError(f"dealer_may_discard_upcard must be true or false, not {keep!r}")
        return variant.replace(dealer_may_discard_upcard=keep)
    except (RecordError, ValueError, TypeError) as exc:
        raise ObservationError(f"'variant': {exc}") from None


def whole_number(value: Any) -> int | None:
    """A JSON whole number as a program may write it, ``4`` or ``4.0`` (not a string, not
    true/false), else None."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _whole(value: Any, where: str, low: int, high: int | None = None) -> int:
    """A whole number (:func:`whole_number`) from ``low`` (to ``high``)."""
    number = whole_number(value)
    if number is not None and number >= low and (high is None or number <= high):
        return number
    allowed = f"{low} to {high}" if high is not None else f"a whole number from {low}"
    raise ObservationError(f"{where} must be {allowed}, got {shown(value)}")


def _wholes(value: Any, where: str, what: str, n: int) -> list[int]:
    """A list of ``n`` whole numbers (:func:`whole_number`)."""
    numbers = [whole_number(item) for item in _list(value, where, what)]
    if len(numbers) != n or None in numbers:
        raise ObservationError(f"{where} must be a list of {what}, got {shown(value)}")
    return [number for number in numbers if number is not None]


def _seat(value: Any, where: str, n: int) -> int:
    number = whole_number(value)
    if number is not None and 0 <= number < n:
        return number
    raise ObservationError(
        f"{where} must be a seat number 0 to {n - 1} ({n} players), got {shown(value)}"
    )


def _list(value: Any, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ObservationError(f"{where} must be a list of {what}, got {shown(value)}")
    return value


def _score(value: Any, variant: Variant) -> tuple[int, ...]:
    n = variant.sides
    per = "team" if variant.partnership else "player"
    what = f"{n} whole numbers (points before this deal, one per {per})"
    items = _wholes(value, "'score'", what, n)
    if any(s < 0 for s in items):
        raise ObservationError(
            f"'score' must be a list of {what}, none below 0 (no rule takes points away),"
            f" got {shown(value)}"
        )
    return tuple(items)


def _deck_words(variant: Variant) -> str:
    low = "9" if variant.min_rank == 9 else {7: "7", 8: "8", 10: "T"}[variant.min_rank]
    joker = " and the Joker B" if variant.joker else ""
    return f"this game's {variant.deck_size}-card deck has ranks {low} to A{joker}"


def _card(value: Any, where: str, variant: Variant) -> int:
    """A card, written exactly as EGN writes it (``Jd``, ``Th``, ``B``) and in the deck."""
    if isinstance(value, str) and value in _CARD_IDS:
        c = _CARD_IDS[value]
        if c in _deck(variant):
            return c
        raise ObservationError(f"{where}: {value!r} is not in the deck: {_deck_words(variant)}")
    hint = ""
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            hint = f" ({value!r} is written {CARD_TEXT[parse_card(value)]!r})"
    raise ObservationError(
        f"{where}: {shown(value)} is not a card: a card is its rank (9 T J Q K A; 7 8 in"
        f" longer decks) then its suit (c d h s), e.g. 'Jd' or 'Th'; the Joker is 'B'{hint}"
    )


_CARD_IDS = {text: c for c, text in enumerate(CARD_TEXT)}
_DECKS: dict[tuple[int, bool], frozenset[int]] = {}


def _deck(variant: Variant) -> frozenset[int]:
    key = (variant.min_rank, variant.joker)
    found = _DECKS.get(key)
    if found is None:
        found = _DECKS[key] = frozenset(make_deck(variant.min_rank - 7, variant.joker))
    return found


def _cards(value: Any, key: str, variant: Variant) -> list[int]:
    items = _list(value, f"{key!r}", "cards like 'Jd'")
    return [_card(item, f"'{key}[{i}]'", variant) for i, item in enumerate(items)]


_ACTION_FORMS = (
    "pass, order, order alone, call h, call h alone, discard Jc, play Jc, defend alone,"
    " call for best, give Jc, take alone, forfeit, redeal, under 9c 9d 9h"
)


def _action(value: Any, where: str, variant: Variant, *, hidden: bool = False) -> int:
    """An action, spelled exactly as the protocol writes it (``hidden``: the bare
    ``discard`` and ``give`` of another seat are allowed)."""
    if isinstance(value, str):
        if hidden and value in ("discard", "give"):
            return A.HIDDEN_DISCARD if value == "discard" else A.HIDDEN_GIVE
        aid = A.ACTION_IDS.get(value)
        if aid is None and value.startswith("under "):
            try:
                aid = A.parse_action(value)
            except A.ActionError:
                aid = None
            if aid is not None and A.action_text(aid) != value:
                aid = None
        if aid is not None:
            c = Action.of(aid).card
            for card in (c,) if c is not None else Action.of(aid).shown:
                _card(CARD_TEXT[card], where, variant)
            return aid
        try:
            spelled = A.action_text(A.parse_action(value))
        except A.ActionError:
            spelled = ""
        if spelled and spelled != value:
            raise ObservationError(
                f"{where}: {value!r} is not spelled as the protocol writes it: {spelled!r}"
            )
    raise ObservationError(
        f"{where}: {shown(value)} is not an action: actions are written {_ACTION_FORMS}"
    )


def _history(value: Any, n: int, variant: Variant) -> tuple[tuple[int, int], ...]:
    """(seat, action id) pairs; a discard or gift shown bare is the hidden action. Your own
    seat's may be bare too: a server seat taken over part way through a deal shows what
    the one who sat there before did as a spectator sees it (docs/protocol.md, ``sit``)."""
    entry = '{"seat": k, "action": ACTION}'
    items = _list(value, "'history'", f"entries {entry}")
    history: list[tuple[int, int]] = []
    for i, item in enumerate(items):
        where = f"'history[{i}]'"
        if not isinstance(item, dict) or "seat" not in item or "action" not in item:
            raise ObservationError(f"{where} must be {entry}, got {shown(item)}")
        actor = _seat(item["seat"], f"{where[:-1]}.seat'", n)
        history.append((actor, _action(item["action"], where, variant, hidden=True)))
    return tuple(history)


def _legal(value: Any, variant: Variant) -> tuple[int, ...]:
    items = _list(value, "'legal'", 'actions, e.g. ["pass", "order"]')
    legal = tuple(_action(item, f"'legal[{i}]'", variant) for i, item in enumerate(items))
    if len(set(legal)) != len(legal):
        raise ObservationError(f"'legal' lists an action twice: {shown(value)}")
    return legal


# ---------------------------------------------------------------------- the extra keys


def read_phase(value: Any, n: int) -> Phase:
    if isinstance(value, str) and value in PHASE_NAMES:
        return Phase[value.upper()]
    raise ObservationError(f"'phase' must be one of {', '.join(PHASE_NAMES)}; got {shown(value)}")


def _extra_trump(value: Any, n: int) -> int | None:
    if value is None or (isinstance(value, str) and len(value) == 1 and value in TRUMP_LETTERS):
        return None if value is None else TRUMP_LETTERS.index(value)
    raise ObservationError(
        f"'trump' must be c, d, h, s, n (no trump) or null (not yet made); got {shown(value)}"
    )


def _extra_maker(value: Any, n: int) -> int | None:
    return None if value is None else _seat(value, "'maker' (or null)", n)


def _extra_alone(value: Any, n: int) -> bool:
    if isinstance(value, bool):
        return value
    raise ObservationError(f"'alone' must be true or false, got {shown(value)}")


def _extra_active(value: Any, n: int) -> tuple[int, ...]:
    items = _list(value, "'active'", f"seats 0 to {n - 1}")
    return tuple(_seat(s, f"'active[{i}]'", n) for i, s in enumerate(items))


def _extra_trick(value: Any, n: int) -> tuple[tuple[int, int], ...]:
    entry = '{"seat": k, "card": "Jd"}'
    items = _list(value, "'trick'", f"entries {entry}")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or "seat" not in item or "card" not in item:
            raise ObservationError(f"'trick[{i}]' must be {entry}, got {shown(item)}")
        card = item["card"]
        if not isinstance(card, str) or card not in _CARD_IDS:
            raise ObservationError(f"'trick[{i}].card': {shown(card)} is not a card like 'Jd'")
        out.append((_seat(item["seat"], f"'trick[{i}].seat'", n), _CARD_IDS[card]))
    return tuple(out)


def _extra_tricks_won(value: Any, n: int) -> tuple[int, ...]:
    what = f"{n} whole numbers (tricks taken so far, by seat)"
    return tuple(_wholes(value, "'tricks_won'", what, n))


EXTRA_READERS: dict[str, Callable[[Any, int], object]] = {
    "phase": read_phase,
    "trump": _extra_trump,
    "maker": _extra_maker,
    "alone": _extra_alone,
    "active": _extra_active,
    "trick": _extra_trick,
    "tricks_won": _extra_tricks_won,
}


__all__ = [
    "CONTRACT_KEYS",
    "EXTRA_READERS",
    "PHASE_NAMES",
    "Contract",
    "ObservationError",
    "read_contract",
    "read_phase",
    "shown",
]
