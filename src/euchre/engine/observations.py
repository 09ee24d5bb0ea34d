"""The bot protocol's observation: a seat's view out as JSON, and back in.

:func:`observation` writes the object the server sends bots and ``euchre bot`` reads
(docs/bot-protocol.md); :func:`view_from_observation` rebuilds the :class:`View` from one.
The contract's keys are ``variant, seat, dealer, score, hand, upcard, history, legal``; the
extra keys (``phase``, ``trump``, ``maker``, ``alone``, ``active``, ``trick``,
``tricks_won``) are worked out from the history when absent, and checked against it when
present, so a client that sends only the contract's keys gets the same answer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from . import actions as A
from .actions import Action, ActionKind
from .cards import CARD_TEXT, HEARTS, JOKER, TRUMP_LETTERS, parse_card, suit_of
from .phases import Phase
from .records import ruleset_of, variant_of
from .rules import partner, trick_winner_index
from .variants import GoUnder, JokerUpcard, Variant
from .views import View


class ObservationError(ValueError):
    """An observation that is incomplete, malformed, or disagrees with its own history."""


def observation(
    view: View, *, with_variant: bool = True, with_history: bool = True
) -> dict[str, Any]:
    """The bot-protocol observation object of a view (the server's table state leaves the
    ``variant`` out: the table's info carries it once; and writes its own ``history``,
    which ``with_history=False`` leaves None in its place)."""
    trump = view.trump
    out: dict[str, Any] = {"variant": ruleset_of(view.variant)} if with_variant else {}
    history = None
    if with_history:
        history = [{"seat": s, "action": A.action_text(a)} for s, a in view.history]
    return out | {
        "seat": view.seat,
        "dealer": view.dealer,
        "score": list(view.scores),
        "hand": [CARD_TEXT[c] for c in view.hand],
        "upcard": CARD_TEXT[view.upcard],
        "history": history,
        "legal": view.legal_texts(),
        "phase": view.phase.name.lower(),
        "trump": None if trump is None else TRUMP_LETTERS[trump],
        "maker": view.maker,
        "alone": view.alone,
        "active": list(view.active),
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in view.trick],
        "tricks_won": list(view.tricks_won),
    }


def view_from_observation(obs: dict[str, Any]) -> View:
    """The seat's :class:`View`, rebuilt from an observation (ObservationError if it cannot
    be: a key of the contract missing or malformed, or an extra key that the history
    contradicts)."""
    try:
        return _rebuild(obs)
    except ObservationError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ObservationError(f"observation is incomplete or malformed: {exc!r}") from None


@dataclass(frozen=True, slots=True)
class _Public:
    """What the history of a deal shows to everyone (``phase`` None: it cannot tell)."""

    phase: Phase | None
    trump: int | None
    maker: int | None
    alone: bool
    lone_defender: int | None
    active: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]


def _rebuild(obs: dict[str, Any]) -> View:
    variant = _variant(obs.get("variant") or {})
    seat = int(obs["seat"])
    dealer = int(obs["dealer"])
    history = _history(obs["history"])
    legal = tuple(A.parse_action(t) for t in obs["legal"])
    upcard = parse_card(obs["upcard"])
    public = _checked(obs, _public(variant, dealer, upcard, history, legal))
    assert public.phase is not None
    upcard_state = _upcard_state(variant, public.phase, dealer, upcard, history)
    claims = [Action.of(a).shown for _, a in history if a & A.UNDER_FLAG]
    return View(
        variant=variant,
        seat=seat,
        dealer=dealer,
        deal_number=int(obs.get("deal", 0)),
        scores=tuple(int(s) for s in obs["score"]),
        phase=public.phase,
        to_act=seat if legal else None,
        hand=tuple(parse_card(c) for c in obs["hand"]),
        upcard=upcard,
        upcard_state=upcard_state,
        turned_down=_proposed_suit(upcard) if upcard_state == "down" else None,
        trump=public.trump,
        maker=public.maker,
        alone=public.alone,
        lone_defender=public.lone_defender,
        active=public.active,
        history=tuple(history),
        under_shown=claims[0] if claims else (),
        trick=public.trick,
        tricks_won=public.tricks_won,
        legal=legal,
        winner=None,
    )


def _variant(ruleset: dict[str, Any]) -> Variant:
    """The rules from the observation's EGN ruleset. The engine's default is that the
    dealer keeps the turn-up (EGN's is the opposite), so a missing key means False."""
    variant = variant_of(ruleset)
    keep = bool(ruleset.get("dealer_may_discard_upcard", False))
    return variant.replace(dealer_may_discard_upcard=keep)


def _history(items: Iterable[dict[str, Any]]) -> list[tuple[int, int]]:
    """(seat, action id) pairs; another seat's discard or gift is the hidden action."""
    history: list[tuple[int, int]] = []
    for item in items:
        text = str(item["action"]).strip()
        hidden = {"discard": A.HIDDEN_DISCARD, "give": A.HIDDEN_GIVE}.get(text)
        history.append((int(item["seat"]), A.parse_action(text) if hidden is None else hidden))
    return history


def _proposed_suit(upcard: int) -> int:
    return HEARTS if upcard == JOKER else suit_of(upcard)


# ---------------------------------------------------------------------- from the history


def _public(
    variant: Variant,
    dealer: int,
    upcard: int,
    history: list[tuple[int, int]],
    legal: tuple[int, ...],
) -> _Public:
    n = variant.players
    trump = maker = defender = None
    alone = False
    for seat, aid in history:
        action = Action.of(aid)
        if action.makes_trump:
            trump = _proposed_suit(upcard) if action.kind == ActionKind.ORDER else action.suit
            maker, alone = seat, action.alone
        elif action.kind == ActionKind.TAKE_ALONE:
            maker, alone = seat, True
        elif action.kind == ActionKind.DEFEND_ALONE:
            defender = seat
    out = {partner(p) for p in (maker if alone else None, defender) if p is not None and n == 4}
    active = tuple(s for s in range(n) if s not in out)
    trick, won = _tricks(history, trump, len(active), n)
    phase = _phase(variant, dealer, upcard, history, legal, maker is not None)
    return _Public(phase, trump, maker, alone, defender, active, trick, won)


def _tricks(
    history: list[tuple[int, int]], trump: int | None, per_trick: int, n: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The trick in progress and the tricks each seat has won."""
    won = [0] * n
    trick: list[tuple[int, int]] = []
    for seat, aid in history:
        if not A.is_play(aid) or trump is None:
            continue
        trick.append((seat, aid - A.PLAY_BASE))
        if len(trick) == per_trick:
            won[trick[trick_winner_index([c for _, c in trick], trump)][0]] += 1
            trick = []
    return tuple(trick), tuple(won)


_PHASE_OF_OFFER = {
    ActionKind.PLAY: Phase.PLAY,
    ActionKind.ORDER: Phase.BID_R1,
    ActionKind.GIVE: Phase.GIVE_BEST,
    ActionKind.UNDER: Phase.GO_UNDER,
    ActionKind.REDEAL: Phase.THROW_IN_CLAIM,
    ActionKind.DEFEND_ALONE: Phase.DEFEND_ALONE,
    ActionKind.CALL_FOR_BEST: Phase.CALL_FOR_BEST,
    ActionKind.TAKE_ALONE: Phase.TAKE_ALONE,
    ActionKind.FORFEIT: Phase.BID_R2,
}


def _phase(
    variant: Variant,
    dealer: int,
    upcard: int,
    history: list[tuple[int, int]],
    legal: tuple[int, ...],
    made: bool,
) -> Phase | None:
    """The phase of the decision, from what may be done and what was done (None: the
    history cannot tell)."""
    if not legal:
        return Phase.PLAY if made else Phase.BID_R1
    kinds = {Action.of(a).kind for a in legal}
    for kind, phase in _PHASE_OF_OFFER.items():
        if kind in kinds:
            return phase
    if ActionKind.DISCARD in kinds:
        gave = any(Action.of(a).kind == ActionKind.GIVE for _, a in history)
        return Phase.BEST_DISCARD if gave else Phase.DEALER_DISCARD
    naming = upcard == JOKER and variant.joker_upcard_rule != JokerUpcard.FIXED_HEARTS
    if ActionKind.CALL in kinds and naming and not _bids(history):
        return Phase.JOKER_NAME
    if ActionKind.CALL in kinds:
        return Phase.BID_R2
    # Only "pass" (minimum trump): round 1 until every seat has passed once. A pass that
    # declined an offer to go under or throw in reads the same, so those variants need
    # the observation's "phase" here.
    if variant.go_under != GoUnder.OFF or variant.throw_in_hands:
        return None
    return Phase.BID_R2 if _bids(history) >= variant.players else Phase.BID_R1


def _bids(history: list[tuple[int, int]]) -> int:
    return sum(1 for _, a in history if Action.of(a).kind in _BIDS)


_BIDS = (ActionKind.PASS, ActionKind.ORDER, ActionKind.CALL)


def _checked(obs: dict[str, Any], public: _Public) -> _Public:
    """The extra keys an observation carries must agree with its history."""
    if public.phase is None:
        if "phase" not in obs:
            raise ObservationError(
                "observation needs its 'phase': with go-under or throw-in offers, a pass"
                " before the bidding cannot be told from a bid by the history alone"
            )
        public = dataclasses.replace(public, phase=Phase[str(obs["phase"]).upper()])
    given: dict[str, Callable[[Any], object]] = {
        "phase": lambda v: Phase[str(v).upper()],
        "trump": lambda v: None if v is None else TRUMP_LETTERS.index(str(v)),
        "maker": lambda v: None if v is None else int(v),
        "alone": bool,
        "active": lambda v: tuple(int(s) for s in v),
        "trick": lambda v: tuple((int(t["seat"]), parse_card(t["card"])) for t in v),
        "tricks_won": lambda v: tuple(int(t) for t in v),
    }
    for key, read in given.items():
        if key in obs and read(obs[key]) != getattr(public, key):
            raise ObservationError(
                f"observation's {key!r} is {obs[key]!r}, but its history shows"
                f" {getattr(public, key)!r}: send the key as the history has it, or leave it out"
            )
    return public


def _upcard_state(
    variant: Variant,
    phase: Phase,
    dealer: int,
    upcard: int,
    history: list[tuple[int, int]],
) -> str:
    """Where the turn-up is: "up", "down" (turned down), "taken" (dealer), "out"."""
    call = next((i for i, (_, a) in enumerate(history) if Action.of(a).makes_trump), None)
    if call is None:
        return "down" if phase == Phase.BID_R2 else "up"
    naming = upcard == JOKER and variant.joker_upcard_rule != JokerUpcard.FIXED_HEARTS
    if Action.of(history[call][1]).kind == ActionKind.CALL and not naming:
        return "down"
    if phase == Phase.DEALER_DISCARD:
        return "taken"
    if phase == Phase.TAKE_ALONE:
        return "up"
    for seat, aid in history[call + 1 :]:
        kind = Action.of(aid).kind
        if kind in (ActionKind.CALL_FOR_BEST, ActionKind.GIVE):
            break
        if seat != dealer:
            continue
        if kind == ActionKind.DISCARD:
            return "taken"
        if kind == ActionKind.PASS and variant.players == 2:
            return "out"
    return "out"


__all__ = ["ObservationError", "observation", "view_from_observation"]
