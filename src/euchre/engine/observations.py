"""The bot protocol's observation: a seat's view out as JSON, and back in.

:func:`observation` writes the object the server sends bots and ``euchre bot`` reads
(docs/bot-protocol.md); :func:`view_from_observation` rebuilds the :class:`View` from one.
The contract's keys are ``variant, seat, dealer, score, hand, upcard, history, legal``; the
extra keys (``phase``, ``trump``, ``maker``, ``alone``, ``active``, ``trick``,
``tricks_won``) are worked out from the history when absent, and checked against it when
present, so a client that sends only the contract's keys gets the same answer.

An observation is checked once, as it is read: each key by a small reader
(:mod:`euchre.engine.observation_keys`) that says in protocol terms what is wrong and what
is allowed (:class:`ObservationError`), then here the whole against itself (every card
seen once, the hand's size, whose turn each action was).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from . import actions as A
from .actions import Action, ActionKind
from .cards import CARD_TEXT, HEARTS, JOKER, TRUMP_LETTERS, suit_of
from .deal import HAND_SIZE
from .observation_keys import (
    CONTRACT_KEYS,
    EXTRA_READERS,
    Contract,
    ObservationError,
    PhaseUnknown,
    read_contract,
    read_phase,
    shown,
)
from .phases import Phase
from .record_rules import ruleset_of
from .rules import EFFECTIVE_SUIT, partner, trick_winner_index
from .state import dealer_picks_up_for_best
from .variants import GoUnder, JokerUpcard, LonerLead, Variant
from .views import View


def observation(
    view: View, *, with_variant: bool = True, with_history: bool = True
) -> dict[str, Any]:
    """The bot-protocol observation object of a view (the server's table state leaves the
    ``variant`` out: the table's info carries it once; and writes its own ``history``,
    which ``with_history=False`` leaves None in its place)."""
    trump = view.trump
    out: dict[str, Any] = {"variant": observed_ruleset(view.variant)} if with_variant else {}
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


def observed_ruleset(variant: Variant) -> dict[str, Any]:
    """The rules as an observation's ``variant`` (and a table's ``info.ruleset``) write them:
    the EGN ruleset, with ``dealer_may_discard_upcard`` when it is on. A record leaves that
    key out (EGN lets a dealer bury the turn-up anyway), but an observation's reader takes a
    missing key as the engine's default, off, so a bot must be told when it is on."""
    ruleset = ruleset_of(variant)
    if variant.dealer_may_discard_upcard:
        ruleset["dealer_may_discard_upcard"] = True
    return ruleset


def view_from_observation(obs: Any) -> View:
    """The seat's :class:`View`, rebuilt from an observation (ObservationError if it cannot
    be: a key of the contract missing or malformed, an observation that contradicts itself,
    or an extra key that the history contradicts)."""
    contract = read_contract(obs)
    public = _checked(obs, contract, _public(contract))
    _check_turns(contract, public)
    _check_cards(contract, public)
    return _view(contract, public)


# ---------------------------------------------------------------------- the view


def _view(contract: Contract, public: _Public) -> View:
    assert public.phase is not None
    c = contract
    upcard_state = _upcard_state(c.variant, public.phase, c.dealer, c.upcard, list(c.history))
    claims = [Action.of(a).shown for _, a in c.history if a & A.UNDER_FLAG]
    return View(
        variant=c.variant,
        seat=c.seat,
        dealer=c.dealer,
        deal_number=c.deal,
        scores=c.score,
        phase=public.phase,
        to_act=c.seat if c.legal else None,
        hand=c.hand,
        upcard=c.upcard,
        upcard_state=upcard_state,
        turned_down=_proposed_suit(c.upcard) if upcard_state == "down" else None,
        trump=public.trump,
        maker=public.maker,
        alone=public.alone,
        lone_defender=public.lone_defender,
        active=public.active,
        history=c.history,
        under_shown=claims[0] if claims else (),
        trick=public.trick,
        tricks_won=public.tricks_won,
        legal=c.legal,
        winner=None,
    )


def _proposed_suit(upcard: int) -> int:
    return HEARTS if upcard == JOKER else suit_of(upcard)


# ---------------------------------------------------------------------- from the history


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
    to_play: int  # whose card is next (the first leader before any is played)


def _public(contract: Contract) -> _Public:
    variant, history = contract.variant, contract.history
    n = variant.players
    trump = maker = defender = None
    alone = False
    for seat, aid in history:
        action = Action.of(aid)
        if action.makes_trump:
            trump = (
                _proposed_suit(contract.upcard) if action.kind == ActionKind.ORDER else action.suit
            )
            maker, alone = seat, action.alone
        elif action.kind == ActionKind.TAKE_ALONE:
            maker, alone = seat, True
        elif action.kind == ActionKind.DEFEND_ALONE:
            defender = seat
    out = {partner(p) for p in (maker if alone else None, defender) if p is not None and n == 4}
    active = tuple(s for s in range(n) if s not in out)
    leader = _first_leader(variant, contract.dealer, maker if alone else None, active)
    trick, won, to_play = _tricks(history, trump, active, leader, n)
    phase = _phase(contract, maker is not None)
    return _Public(phase, trump, maker, alone, defender, active, trick, won, to_play)


def _next_active(seat: int, active: tuple[int, ...], n: int) -> int:
    for step in range(1, n + 1):
        if (seat + step) % n in active:
            return (seat + step) % n
    return seat


def _first_leader(variant: Variant, dealer: int, loner: int | None, active: tuple[int, ...]) -> int:
    """Who leads the first trick (as :meth:`GameState.first_leader`)."""
    n = variant.players
    if n == 4 and loner is not None and variant.loner_lead == LonerLead.LEFT_OF_LONER:
        return _next_active(loner, active, n)
    return _next_active(dealer, active, n)


def _tricks(
    history: tuple[tuple[int, int], ...],
    trump: int | None,
    active: tuple[int, ...],
    leader: int,
    n: int,
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], int]:
    """The trick in progress, the tricks each seat has won and whose card is next; every
    card must be played in turn (the first lead as the rules say, then the winner of the
    last trick leads)."""
    won = [0] * n
    trick: list[tuple[int, int]] = []
    turn = leader
    for i, (seat, aid) in enumerate(history):
        if not A.is_play(aid):
            continue
        if trump is None:
            raise ObservationError(
                f"'history[{i}]': {A.action_text(aid)!r} is played before anyone made trump"
            )
        if seat != turn:
            raise ObservationError(
                f"'history[{i}]': seat {seat} plays out of turn: it is seat {turn}'s turn"
                " (play goes round to the left; the winner of a trick leads the next)"
            )
        trick.append((seat, aid - A.PLAY_BASE))
        if len(trick) == len(active):
            winner = trick[trick_winner_index([c for _, c in trick], trump)][0]
            won[winner] += 1
            trick, turn = [], winner
        else:
            turn = _next_active(seat, active, n)
    return tuple(trick), tuple(won), turn


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


def _phase(contract: Contract, made: bool) -> Phase | None:
    """The phase of the decision, from what may be done and what was done (None: the
    history cannot tell)."""
    variant, history, legal = contract.variant, contract.history, contract.legal
    if not legal:
        return Phase.PLAY if made else Phase.BID_R1
    kinds = {Action.of(a).kind for a in legal}
    for kind, phase in _PHASE_OF_OFFER.items():
        if kind in kinds:
            return phase
    if ActionKind.DISCARD in kinds:
        gave = any(Action.of(a).kind == ActionKind.GIVE for _, a in history)
        return Phase.BEST_DISCARD if gave else Phase.DEALER_DISCARD
    if ActionKind.CALL in kinds and _naming(contract):
        # A named Joker turn-up has no bidding rounds: the dealer names trump, and a pass
        # before it declined an offer to go under or throw in, not a bid.
        return Phase.JOKER_NAME
    if ActionKind.CALL in kinds:
        return Phase.BID_R2
    # Only "pass" (minimum trump): round 1 until every seat has passed once. A pass that
    # declined an offer to go under or throw in reads the same, so those variants need
    # the observation's "phase" here.
    if _offers(variant):
        return None
    return Phase.BID_R2 if _bids(history) >= variant.players else Phase.BID_R1


def _naming(contract: Contract) -> bool:
    """A turned-up Joker whose suit the dealer names."""
    rule = contract.variant.joker_upcard_rule
    return contract.upcard == JOKER and rule != JokerUpcard.FIXED_HEARTS


def _offers(variant: Variant) -> bool:
    """Offers before the bidding (go under, throw in), answered ``pass`` like a bid."""
    return variant.go_under != GoUnder.OFF or bool(variant.throw_in_hands)


def _bids(history: tuple[tuple[int, int], ...]) -> int:
    return sum(1 for _, a in history if Action.of(a).kind in _BIDS)


_BIDS = (ActionKind.PASS, ActionKind.ORDER, ActionKind.CALL)


# ---------------------------------------------------------------------- the extra keys


def _as_sent(key: str, public: _Public) -> object:
    """An extra key's value as the protocol writes it (for messages)."""
    value = getattr(public, key)
    if key == "phase":
        return value.name.lower()
    if key == "trump":
        return None if value is None else TRUMP_LETTERS[value]
    if key == "trick":
        return [{"seat": s, "card": CARD_TEXT[c]} for s, c in value]
    return list(value) if isinstance(value, tuple) else value


def _checked(obs: dict[str, Any], contract: Contract, public: _Public) -> _Public:
    """The extra keys an observation carries must agree with its history."""
    n = contract.variant.players
    if public.phase is None:
        if "phase" not in obs:
            raise PhaseUnknown(
                "observation needs its 'phase': with go-under or throw-in offers, a pass"
                " before the bidding cannot be told from a bid by the history alone"
            )
        public = dataclasses.replace(public, phase=read_phase(obs["phase"], n))
    for key, read in EXTRA_READERS.items():
        if key in obs and read(obs[key], n) != getattr(public, key):
            raise ObservationError(
                f"observation's {key!r} is {shown(obs[key])}, but its history and legal"
                f" actions show"
                f" {shown(_as_sent(key, public))}: send the key as they have it,"
                " or leave it out"
            )
    return public


# ---------------------------------------------------------------------- the whole


def _check_turns(contract: Contract, public: _Public) -> None:
    """Bids go round from the dealer's left, and the seat asked must be the one to act
    (plays are checked as the tricks are worked out). Not checked where offers before the
    bidding (go under, throw in) or a turned-up Joker's naming come first."""
    c = contract
    plays = any(A.is_play(a) for a in c.legal)
    if plays and c.seat != public.to_play:
        raise ObservationError(
            f"'seat' is {c.seat}, but after this history it is seat {public.to_play}'s turn"
            " to play (play goes round to the left; the winner of a trick leads the next)"
        )
    if _offers(c.variant) or _naming(c):
        return
    n = c.variant.players
    for i, (seat, aid) in enumerate(c.history):
        kind = Action.of(aid).kind
        if kind not in (*_BIDS, ActionKind.FORFEIT):
            return
        turn = (c.dealer + 1 + i) % n
        if seat != turn:
            raise ObservationError(
                f"'history[{i}]': seat {seat} bids out of turn: it is seat {turn}'s turn"
                f" (the bidding goes round from the dealer's left; the dealer is {c.dealer})"
            )
        if kind != ActionKind.PASS:
            return
    turn = (c.dealer + 1 + len(c.history)) % n
    if c.legal and c.seat != turn:
        raise ObservationError(
            f"'seat' is {c.seat}, but after this history it is seat {turn}'s turn to bid"
            f" (the bidding goes round from the dealer's left; the dealer is {c.dealer})"
        )


def _check_cards(contract: Contract, public: _Public) -> None:
    """Every card the seat can see is seen once; the hand has the size the deal gives it
    now; the cards ``legal`` names are in it."""
    c = contract
    seen: dict[int, str] = {}
    places = [(card, f"'hand[{i}]'") for i, card in enumerate(c.hand)]
    for i, (actor, aid) in enumerate(c.history):
        action = Action.of(aid)
        if action.kind in (ActionKind.PLAY, ActionKind.DISCARD) and action.card is not None:
            places.append((action.card, f"'history[{i}]'"))
        if actor != c.seat:  # a claim to go under shows cards its maker may still hold
            places.extend((card, f"'history[{i}]'") for card in action.shown)
    for card, where in places:
        if card in seen:
            raise ObservationError(
                f"card {CARD_TEXT[card]!r} is seen twice, at {seen[card]} and {where}:"
                " each card of the deck is in one place"
            )
        seen[card] = where
    _check_upcard(contract, seen)
    if c.legal:
        _check_hand_size(contract, public)
        _check_legal_cards(contract, public)
        _check_legal_kinds(contract)
        _check_legal_bids(contract, public)
        _check_legal_follows(contract, public)


def _check_upcard(contract: Contract, seen: dict[int, str]) -> None:
    c = contract
    where = seen.get(c.upcard)
    ordered = any(Action.of(a).kind == ActionKind.ORDER for _, a in c.history)
    if where is not None and not ordered and not _naming(c):
        raise ObservationError(
            f"the turn-up {CARD_TEXT[c.upcard]!r} is at {where}, but no one has ordered it"
            " up: until then it lies on the kitty (only the dealer takes it up)"
        )


def _check_hand_size(contract: Contract, public: _Public) -> None:
    c = contract
    if public.phase == Phase.JOKER_NAME and not c.hand:
        return  # the dealer names a turned-up Joker blind
    played = sum(1 for s, a in c.history if s == c.seat and A.is_play(a))
    gave = sum(1 for s, a in c.history if s == c.seat and A.is_give(a))
    extra = 1 if public.phase == Phase.BEST_DISCARD or _holds_upcard_extra(c, public) else 0
    want = HAND_SIZE - played - gave + extra
    if len(c.hand) != want:
        assert public.phase is not None
        why = [f"{HAND_SIZE} dealt"]
        if played:
            why.append(f"{played} played")
        if gave:
            why.append(f"{gave} given")
        if extra:
            why.append("1 taken before the discard")
        raise ObservationError(
            f"'hand' has {len(c.hand)} cards, but seat {c.seat} holds {want} now"
            f" ({', '.join(why)}; phase {public.phase.name.lower()})"
        )


def _holds_upcard_extra(contract: Contract, public: _Public) -> bool:
    """The seat is the dealer holding the turn-up as a sixth card: before the discard, or
    (option call_for_best_dealer_picks_up) having taken it to give the best card from."""
    c = contract
    if c.seat != c.dealer or public.phase is None:
        return False
    if any(s == c.seat and Action.of(a).kind == ActionKind.DISCARD for s, a in c.history):
        return False
    history = list(c.history)
    return _upcard_state(c.variant, public.phase, c.dealer, c.upcard, history) == "taken"


def _check_legal_cards(contract: Contract, public: _Public) -> None:
    c = contract
    hand = set(c.hand)
    for i, aid in enumerate(c.legal):
        action = Action.of(aid)
        cards = (action.card,) if action.card is not None else action.shown
        missing = [x for x in cards if x not in hand]
        if missing:
            raise ObservationError(
                f"'legal[{i}]' is {action.text!r}, but {CARD_TEXT[missing[0]]!r} is not in 'hand'"
            )
        if action.kind == ActionKind.PLAY and public.maker is None:
            raise ObservationError(
                f"'legal[{i}]' is {action.text!r}, but no one has made trump yet"
                " (the history has no order or call)"
            )


# A decision is one kind of move: a card to play, a card to give, a card to discard (a
# two-player dealer may pass instead: leave the turn-up), or a bid.
_ALONE_KINDS: dict[ActionKind, frozenset[ActionKind]] = {
    ActionKind.PLAY: frozenset(),
    ActionKind.GIVE: frozenset(),
    ActionKind.DISCARD: frozenset({ActionKind.PASS}),
}


def _check_legal_kinds(contract: Contract) -> None:
    """``legal`` holds the moves of one decision: no card to play beside a bid, no
    discard during the bidding."""
    kinds = {Action.of(a).kind for a in contract.legal}
    for kind, beside in _ALONE_KINDS.items():
        if kind in kinds and kinds - {kind} - beside:
            others = sorted(k.value for k in kinds - {kind})
            raise ObservationError(
                f"'legal' mixes {kind.value!r} with {', '.join(map(repr, others))}:"
                " the moves of one decision are all of one kind"
            )


def _check_legal_bids(contract: Contract, public: _Public) -> None:
    """The bids ``legal`` lists are the round's: an order up in round 1, a suit named in
    round 2 (not the one turned down, nor a pass for a stuck dealer); a discard is the
    dealer's."""
    c, phase = contract, public.phase
    kinds = {Action.of(a).kind for a in c.legal}
    if {ActionKind.ORDER, ActionKind.CALL} <= kinds:
        raise ObservationError(
            "'legal' holds an order up and a suit to name: the first is round 1's, the"
            " second round 2's"
        )
    if phase == Phase.DEALER_DISCARD and c.seat != c.dealer:
        raise ObservationError(
            f"'legal' holds a discard, but seat {c.seat} is not the dealer ({c.dealer}):"
            " the dealer discards for the turn-up"
        )
    if phase != Phase.BID_R2:
        return
    stuck = c.variant.stick_the_dealer and c.seat == c.dealer
    if stuck and ActionKind.PASS in kinds:
        raise ObservationError(
            "'legal' holds 'pass', but the dealer is stuck (stick the dealer): it must name a suit"
        )
    state = _upcard_state(c.variant, phase, c.dealer, c.upcard, list(c.history))
    down = _proposed_suit(c.upcard) if state == "down" else None
    if down is None or (stuck and c.variant.stuck_dealer_may_name_turned_down):
        return
    for i, aid in enumerate(c.legal):
        action = Action.of(aid)
        if action.kind == ActionKind.CALL and action.suit == down:
            raise ObservationError(
                f"'legal[{i}]' is {action.text!r}, but that suit was turned down in round 1"
            )


def _check_legal_follows(contract: Contract, public: _Public) -> None:
    """A seat that holds the suit led lists only cards that follow it (no revoke)."""
    if not public.trick or public.trump is None:
        return
    suit_of_card = EFFECTIVE_SUIT[public.trump]
    led = suit_of_card[public.trick[0][1]]
    if not any(suit_of_card[card] == led for card in contract.hand):
        return
    for i, aid in enumerate(contract.legal):
        action = Action.of(aid)
        card = action.card
        if action.kind == ActionKind.PLAY and card is not None and suit_of_card[card] != led:
            raise ObservationError(
                f"'legal[{i}]' is {action.text!r}, but 'hand' holds the suit led"
                f" ({CARD_TEXT[public.trick[0][1]]!r}): a card that does not follow it"
                " is a revoke"
            )


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
        # No dealer's discard so far: the dealer sat out and left the turn-up "out".
        if kind == ActionKind.CALL_FOR_BEST and dealer_picks_up_for_best(
            variant, dealer, seat, "out"
        ):
            return "taken"
        if kind in (ActionKind.CALL_FOR_BEST, ActionKind.GIVE):
            break
        if seat != dealer:
            continue
        if kind == ActionKind.DISCARD:
            return "taken"
        if kind == ActionKind.PASS and variant.players == 2:
            return "out"
    return "out"


__all__ = [
    "CONTRACT_KEYS",
    "ObservationError",
    "observation",
    "observed_ruleset",
    "view_from_observation",
]
