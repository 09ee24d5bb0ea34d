"""Replays: an EGN record played again step by step, with every card face up.

The record is first checked completely by :func:`euchre.engine.records.replay` (a bad
upload gets its error); then each deal is dealt again and its actions applied one by one.
The answer is compact (about twice the size of the record): each deal gives its hands
once, as dealt, and each step only who acted, what they did and what followed from it
(the engine's :class:`~euchre.engine.steps.Step`: a trick's winner, a contract made);
``acts`` gives each action's object once (``render.action_json``). A client keeps the
table itself: a step whose action names a card (its object has a ``card``: a play,
discard or gift) takes it out of the actor's hand, and a step whose hands changed in any
other way (a pick-up, trump made and the hands sorted for it, a card given, an exchange)
carries every hand after it. This is what ``GET /api/games/{id}/replay`` and
``POST /api/replays`` answer (docs/protocol.md, "Games and replays").

Everything is face up: a finished game's record (its EGN) already holds every hand for
whoever may see the game, and an uploaded record is its uploader's. The kitty is given
only where the record holds the deal (``playerCards``); a record without them has its
unplayed cards filled in, so its kitty would be made up.
"""

from __future__ import annotations

from typing import Any

from euchre.engine import GameState, Variant, records
from euchre.engine.cards import CARD_TEXT, NO_TRUMP, card_list
from euchre.engine.deal import upcard_index
from euchre.engine.record_actions import deal_actions
from euchre.engine.record_deal import RecordedDeal, parse_deal
from euchre.engine.record_deck import deal_deck
from euchre.engine.rules import display_sorted
from euchre.engine.steps import Step

from .render import action_json, contract_json

Hands = list[list[str]]
Acts = dict[str, dict[str, Any]]  # each action text of the steps: its object (action_json)


class ReplayProblem(ValueError):
    """An EGN record that cannot be replayed; ``to_json`` says why (and where)."""

    def __init__(self, code: str, message: str, detail: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.detail = detail or {}


def check_record(record: Any) -> records.ReplayResult:
    """Validate a parsed record completely (structure, rules, every card)."""
    if not isinstance(record, dict):
        raise ReplayProblem("bad_record", "an EGN record is a JSON object")
    try:
        records.load_egn(records.dumps(record))
        return records.replay(record)
    except records.ReplayError as exc:
        raise ReplayProblem("illegal_record", str(exc), exc.to_json()) from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        # RecordError, VariantError, and the odd shapes a hostile upload may take.
        raise ReplayProblem("bad_record", f"not a valid EGN record: {exc}") from None


def replay_data(record: dict[str, Any], game_id: str | None = None) -> dict[str, Any]:
    """Everything a replay page shows, deal by deal and step by step."""
    checked = check_record(record)
    variant = checked.variant
    metadata = record.get("metadata") or {}
    players = records.player_names(metadata, variant)
    deals = []
    acts: Acts = {}
    known = True
    try:
        for index, raw in enumerate(record["deals"]):
            number = raw.get("dealNumber", index)
            # The engine's own reading of a record (the one replay() just validated).
            deal = parse_deal(variant, raw, number)
            known = known and deal.hands is not None
            result = checked.deals[index]
            before = [s - p for s, p in zip(result.score, result.points, strict=True)]
            deals.append(_deal(variant, deal, before, result.to_json(), acts))
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise ReplayProblem("bad_record", f"not a valid EGN record: {exc}") from None
    return {
        "game": game_id,
        "players": players or [f"Seat {s}" for s in range(variant.players)],
        "bots": records.bot_seats(metadata) if players else [False] * variant.players,
        "ruleset": records.ruleset_of(variant),
        "seats": variant.players,
        "initial_score": checked.initial_score,
        "final_score": checked.score,
        "game_over": checked.game_over,
        "winner": checked.winner,
        "hands_known": known,
        "deals": deals,
        "acts": acts,
    }


def _deal(
    variant: Variant,
    deal: RecordedDeal,
    score_before: list[int],
    result: dict[str, Any],
    acts: Acts,
) -> dict[str, Any]:
    deck = deal_deck(variant, deal)
    state = GameState(variant, dealer=deal.dealer, scores=score_before, decks=[deck])
    record = state.deals[0]
    up = upcard_index(variant.players)
    dealt = [_shown(h, NO_TRUMP) for h in record.hands(variant.players)]
    known = deal.hands is not None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "upcard": CARD_TEXT[deck[up]],
        "hands": dealt,
        "kitty": [CARD_TEXT[c] for c in deck[up + 1 :]] if known else None,
        "score_before": score_before,
        "steps": _steps(variant, deal, state, dealt, acts) if state.record is record else [],
        "result": result,
    }


def _steps(
    variant: Variant, deal: RecordedDeal, state: GameState, dealt: Hands, acts: Acts
) -> list[Any]:
    """Each step as ``[seat, action]``, or ``[seat, action, what followed]``; each action's
    object goes into ``acts`` (the answer gives it once per text)."""
    record = state.record
    steps: list[Any] = []
    hands, phase, upcard, out = dealt, None, state.upcard_state, _sitting_out(state)
    for seat, text in deal_actions(variant, deal, state):
        step = state.apply(text, seat=seat)
        ended = state.record is not record
        news: dict[str, Any] = {}
        if step.phase.name != phase:
            phase = step.phase.name
            news["phase"] = phase.lower()
        if step.trick is not None:
            news["trick_winner"] = step.trick.winner
        if step.contract is not None:
            news["contract"] = contract_json(step.contract)
        expected = _without_card(hands, step)
        now = expected if ended else [_shown(card_list(m), state.trump) for m in state.hands]
        if now != expected:
            news["hands"] = now
        hands = now
        if not ended and state.upcard_state != upcard:
            upcard = news["upcard"] = state.upcard_state
        if not ended and (seats := _sitting_out(state)) != out:
            out = news["sitting_out"] = seats
        text = step.action.text
        if text not in acts:
            acts[text] = action_json(step.action)
        steps.append([seat, text, news] if news else [seat, text])
        if ended:
            break
    return steps


def _shown(cards: list[int], trump: int) -> list[str]:
    return [CARD_TEXT[c] for c in display_sorted(cards, trump)]


def _without_card(hands: Hands, step: Step) -> Hands:
    """The hands after ``step`` as a client works them out: the card it names (played,
    discarded or given) out of the actor's hand, every other hand as it was."""
    card = step.action.card
    if card is None:
        return hands
    text = CARD_TEXT[card]
    return [[c for c in h if c != text] if s == step.seat else h for s, h in enumerate(hands)]


def _sitting_out(state: GameState) -> list[int]:
    return [s for s in range(state.n) if not state.active >> s & 1]


__all__ = ["ReplayProblem", "check_record", "replay_data"]
