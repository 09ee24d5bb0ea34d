"""Replays: an EGN record played again step by step, with every card face up.

The record is first checked completely by :func:`euchre.engine.records.replay` (a bad
upload gets its error); then each deal is dealt again and its actions applied one by one,
recording after each bid, discard and card what every hand holds, the cards on the
table, the contract and the tricks won. This is what the replay page shows and what
``GET /api/games/{id}/replay`` and ``POST /api/replays`` answer.
"""

from __future__ import annotations

from typing import Any

from euchre.engine import GameState, Phase, Variant, records
from euchre.engine.cards import CARD_TEXT, TRUMP_LETTERS, card_list
from euchre.engine.deal import DealRecord, upcard_index
from euchre.engine.rules import display_sorted


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
    names = metadata.get("players")
    players = [str(n) for n in names] if isinstance(names, list) else []
    deals = []
    known = True
    try:
        for index, raw in enumerate(record["deals"]):
            number = raw.get("dealNumber", index)
            # The engine's own reading of a record (the one replay() just validated).
            deal = records.parse_deal(variant, raw, number)
            known = known and deal.hands is not None
            result = checked.deals[index]
            before = [s - p for s, p in zip(result.score, result.points, strict=True)]
            deals.append(_deal(variant, deal, before, result.to_json()))
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise ReplayProblem("bad_record", f"not a valid EGN record: {exc}") from None
    return {
        "game": game_id,
        "players": players or [f"Seat {s}" for s in range(variant.players)],
        "ruleset": records.ruleset_of(variant),
        "seats": variant.players,
        "initial_score": checked.initial_score,
        "final_score": checked.score,
        "game_over": checked.game_over,
        "winner": checked.winner,
        "hands_known": known,
        "deals": deals,
    }


def _cards(cards: list[int], trump: int) -> list[str]:
    return [CARD_TEXT[c] for c in display_sorted(cards, trump)]


def _deal(
    variant: Variant, deal: Any, score_before: list[int], result: dict[str, Any]
) -> dict[str, Any]:
    deck = records.deal_deck(variant, deal)
    state = GameState(variant, dealer=deal.dealer, scores=score_before, decks=[deck])
    record = state.deals[0]
    n = variant.players
    up = upcard_index(n)
    out: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "upcard": CARD_TEXT[deck[up]],
        "hands": [_cards(h, 4) for h in record.hands(n)],
        "kitty": [CARD_TEXT[c] for c in deck[up + 1 :]],
        "score_before": score_before,
        "steps": _steps(variant, deal, state, record) if state.record is record else [],
        "result": result,
    }
    return out


def _steps(variant: Variant, deal: Any, state: GameState, record: DealRecord) -> list[Any]:
    steps: list[dict[str, Any]] = []
    for seat, text in records.deal_actions(variant, deal, state):
        phase = state.phase.name.lower()
        hands = [card_list(m) for m in state.hands]
        table = list(zip(state.trick_seats, state.trick, strict=True))
        won = list(state.tricks_won)
        contract = (state.trump, state.maker, state.alone)
        done = state.apply(text, seat=seat)
        step: dict[str, Any] = {
            "seat": seat,
            "action": done.action.text,
            "phase": phase,
            "trick_winner": None,
        }
        card = done.action.card
        if done.phase == Phase.PLAY and card is not None:
            hands[seat].remove(card)
            table.append((seat, card))
        if done.trick is not None:
            won[done.trick.winner] += 1
            step["trick_winner"] = done.trick.winner
        if state.record is record:
            hands = [card_list(m) for m in state.hands]
            contract = (state.trump, state.maker, state.alone)
            upcard_state = state.upcard_state
        else:
            upcard_state = "out"
        trump, maker, alone = contract
        step.update(
            {
                "hands": [_cards(h, trump) for h in hands],
                "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in table],
                "trump": TRUMP_LETTERS[trump] if maker is not None else None,
                "maker": maker,
                "alone": alone,
                "tricks_won": won,
                "upcard_state": upcard_state,
            }
        )
        steps.append(step)
        if state.record is not record:
            break
    return steps


__all__ = ["ReplayProblem", "check_record", "replay_data"]
