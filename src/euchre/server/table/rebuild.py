"""A stored game rebuilt: its state and its log of events after a restart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from euchre.engine import GameState, Variant
from euchre.engine.actions import ActionKind
from euchre.engine.cards import CARD_TEXT
from euchre.engine.steps import Step
from euchre.store.repo import GameRow

from ..lookback import trick_seen
from ..matches import game_start
from ..render import Event, make_event, summary_json
from .parts import TIME_UP


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A stored game played again: its state, its last completed trick, and its log."""

    state: GameState
    last_trick: dict[str, Any] | None
    events: list[Event]


def replay_game(variant: Variant, row: GameRow) -> GameState:
    """The game rebuilt from its stored decks and actions (each checked again)."""
    return rebuild(variant, row).state


def rebuild(variant: Variant, row: GameRow) -> Rebuilt:
    """The game rebuilt from its stored decks and actions (each checked again), with its
    log: the stored events (seatings, the start and the like) and an event for every
    action, in the order of their versions."""
    decks = [text.split() for text in row.decks]
    scores, mcevoy_used = game_start(variant, row)
    state = GameState(
        variant, dealer=row.first_dealer or 0, decks=decks, scores=scores, mcevoy_used=mcevoy_used
    )
    events = stored_events(row)
    if not any(e.kind == "started" for e in row.events):
        # Stored before the table kept its events: the start is told again, at the version
        # before the first action's (what it was unless something came between them).
        first = row.actions[0].version if row.actions else row.version + 1
        started = {"dealer": state.dealer, "redeals": redeals(state)}
        events.append(make_event(max(1, first - 1), "started", started))
    found: dict[str, Any] | None = None
    for stored in row.actions:
        if stored.action == TIME_UP:
            state.signal_time_up()
            events.append(make_event(stored.version, "time_up", {}))
            continue
        step = state.apply(stored.action, seat=stored.seat)
        found = trick_seen(step, state) or found
        data = action_data(stored.by, step, state)
        events.append(make_event(stored.version, "action", data, step))
    events.sort(key=lambda event: event[0])
    return Rebuilt(state, found, events)


def before_last_step(state: GameState) -> GameState:
    """The game as it was before its last step, played again from its decks: how a table
    takes back an action whose save failed (cheaper than copying the state before every
    action, which nearly never fails)."""
    first = state.deals[0]
    again = GameState(
        state.variant,
        dealer=first.dealer,
        scores=first.scores_before,
        decks=[deal.deck for deal in state.deals],
        mcevoy_used=state.mcevoy_carried,
    )
    steps = [step for deal in state.deals for step in deal.steps]
    for step in steps[:-1]:
        again.apply_id(step.action.id)
    if state.time_up:  # the game ends with the deal it was signalled in: no step follows it
        again.signal_time_up()
        again.time_up_deal = state.time_up_deal  # a tie-break deal stays one
    return again


def stored_events(row: GameRow) -> list[Event]:
    """The table's stored events (all but its actions), as they were published."""
    return [make_event(e.version, e.kind, e.data) for e in row.events]


def action_data(by: str, step: Step, state: GameState) -> dict[str, Any]:
    """An action event's own fields: who moved it, and for an order the deal's turn-up and
    dealer (so a log replayed later says who picked up which card in an earlier deal)."""
    if step.action.kind != ActionKind.ORDER:
        return {"by": by}
    return {"by": by, "upcard": CARD_TEXT[state.upcard], "dealer": state.dealer}


def redeals(state: GameState) -> list[dict[str, Any]]:
    """The deals voided before anyone acted (a farmer's hand at the start)."""
    return [summary_json(d.result) for d in state.deals if d.result is not None]
