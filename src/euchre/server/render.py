"""What clients receive: a seat's view as JSON, and events as each viewer may see them.

Everything here starts from the engine's :class:`~euchre.engine.views.View` of the
receiving seat (a spectator's view has no hand), so nothing leaves the server that the
view does not hold. The state object is the bot protocol's observation
(``euchre.engine.observations.observation``) without ``variant``, plus what a table shows.
Every action goes out as its text with its object beside it (:func:`action_json`), so that
no client takes a text apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from euchre.engine.actions import Action
from euchre.engine.cards import CARD_TEXT, TRUMP_LETTERS
from euchre.engine.observations import observation
from euchre.engine.steps import Contract, DealSummary, Step, Trick
from euchre.engine.views import View

from .wire import dumps


def state_json(view: View) -> dict[str, Any]:
    """The state of the game as ``view.seat`` may know it: the bot protocol's observation
    (less ``variant``, which the table info carries) and what a table shows besides."""
    state = _state_fields(view)
    # The observation's entries with each action's object beside its text (the view's
    # history is already as this seat may see it).
    state["history"] = [_history_entry(seat, aid) for seat, aid in view.history]
    return state


def state_text(view: View, history: DealHistory, blind: int = 0) -> str:
    """:func:`state_json` as JSON text, for a view made without its history: the deal's
    history comes from ``history``, which keeps each viewer's entries as text (the first
    ``blind`` of them as a spectator sees them)."""
    fields = dumps(_state_fields(view))
    return f'{fields[:-1]},"history":[{history.text(view.seat, blind)}]}}'


class DealHistory:
    """The current deal's history as JSON text for each viewer, extended by the steps
    taken since it was last asked for: a table sends every seat its whole history with
    every event, and this keeps that from being built again each time."""

    def __init__(self) -> None:
        self._steps: Sequence[Step] = ()
        self._deal: object = None
        self._texts: dict[object, tuple[int, str]] = {}

    def follow(self, deal: object, steps: Sequence[Step]) -> None:
        """The deal to tell (any object that is the same while the deal goes on) and its
        steps so far."""
        if deal is not self._deal:
            self._deal = deal
            self._texts = {}
        self._steps = steps

    def text(self, viewer: int | None, blind: int = 0) -> str:
        """The entries of the deal's history, as ``viewer`` may see them (the first
        ``blind`` as a spectator does), without brackets."""
        steps = self._steps
        key = (viewer, blind) if blind else viewer
        told, text = self._texts.get(key, (0, ""))
        if told < len(steps):
            more = ",".join(
                _history_entry_text(step.seen_by(None if i < blind else viewer))
                for i, step in enumerate(steps[told:], told)
            )
            text = f"{text},{more}" if text else more
            self._texts[key] = (len(steps), text)
        return text


def _state_fields(view: View) -> dict[str, Any]:
    """The state of :func:`state_json` but its history."""
    state = observation(view, with_variant=False, with_history=False)
    del state["history"]
    turned = view.turned_down
    state.update(
        {
            "deal": view.deal_number,
            "to_act": view.to_act,
            "upcard_state": view.upcard_state,
            "turned_down": None if turned is None else TRUMP_LETTERS[turned],
            "lone_defender": view.lone_defender,
            "winner": view.winner,
            "hand_sizes": list(view.hand_sizes),
            "legal_acts": [_act_of_id(aid) for aid in view.legal],
        }
    )
    return state


_ACT_JSON: dict[int, dict[str, Any]] = {}
_ACT_TEXT: dict[int, str] = {}
_HISTORY_ENTRY: dict[int, dict[str, Any]] = {}
_HISTORY_TEXT: dict[int, str] = {}


def _act_of_id(aid: int) -> dict[str, Any]:
    found = _ACT_JSON.get(aid)
    return action_json(Action.of(aid)) if found is None else found


def _history_entry(seat: int, aid: int) -> dict[str, Any]:
    """``{"seat", "action", "act"}``, shared like the objects (every state of every seat
    lists the deal's history again)."""
    key = aid << 4 | seat
    found = _HISTORY_ENTRY.get(key)
    if found is None:
        act = _act_of_id(aid)
        found = _HISTORY_ENTRY[key] = {"seat": seat, "action": act["text"], "act": act}
    return found


def _history_entry_text(step: Step) -> str:
    key = step.action.id << 4 | step.seat
    found = _HISTORY_TEXT.get(key)
    if found is None:
        found = _HISTORY_TEXT[key] = dumps(_history_entry(step.seat, step.action.id))
    return found


def action_json(action: Action) -> dict[str, Any]:
    """An action as clients get it beside its text (docs/protocol.md, "Action objects").

    ``text`` and ``kind`` always; ``card``, ``suit`` (a letter, ``n``: no trump), ``alone``
    (only when true), ``shown`` (the cards of a go-under claim) and ``hidden`` (another
    seat's discard or gift, whose card the viewer may not know) only when they apply. Give it
    the action as its viewer may see it (:meth:`~euchre.engine.steps.Step.seen_by`): a
    hidden action has no card to show. The same action gets the same object: read it,
    never change it.
    """
    found = _ACT_JSON.get(action.id)
    if found is None:
        found = _ACT_JSON[action.id] = _action_fields(action)
    return found


def _action_fields(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"text": action.text, "kind": action.kind.name.lower()}
    if action.card is not None:
        out["card"] = CARD_TEXT[action.card]
    if action.suit is not None:
        out["suit"] = TRUMP_LETTERS[action.suit]
    if action.alone:
        out["alone"] = True
    if action.shown:
        out["shown"] = card_texts(list(action.shown))
    if action.hidden:
        out["hidden"] = True
    return out


def action_json_text(action: Action) -> str:
    """:func:`action_json` as JSON text (kept: events write it for every viewer)."""
    found = _ACT_TEXT.get(action.id)
    if found is None:
        found = _ACT_TEXT[action.id] = dumps(action_json(action))
    return found


def acts_json(actions: Iterable[Action]) -> dict[str, dict[str, Any]]:
    """Each action's object by its text: for answers that name actions in many places (a
    replay's steps, a hint, a review), which give each text's object once."""
    return {action.text: action_json(action) for action in actions}


# An event as kept for reconnects: (version, kind, the step it announces or None, other
# fields as JSON text). The step is shared and immutable; the fields hold nothing that any
# viewer may not see, so only the step's action is rendered per viewer.
Event = tuple[int, str, Step | None, str]


def make_event(version: int, kind: str, data: dict[str, Any], step: Step | None = None) -> Event:
    """An event; a ``step``'s action is shown to each viewer as :meth:`Step.seen_by` says."""
    fields = dumps({**data, **step_fields(step)} if step else data)
    return (version, kind, step, fields[1:-1])


def step_fields(step: Step) -> dict[str, Any]:
    """What a step tells everyone, beyond who acted and what they did."""
    out: dict[str, Any] = {"phase": step.phase.name.lower()}
    if step.trick is not None:
        out["trick"] = trick_json(step.trick)
    if step.contract is not None:
        out["contract"] = contract_json(step.contract)
    end = step.end
    if end is not None:
        out["deal_over"] = summary_json(end.deals[0])
        out["redeals"] = [summary_json(d) for d in end.deals[1:]]
        if end.game_over is not None:
            out["game_over"] = {"winner": end.game_over.winner, "score": list(end.game_over.scores)}
        else:
            out["next_dealer"] = end.next_dealer
    return out


def trick_json(trick: Trick) -> dict[str, Any]:
    cards = [{"seat": s, "card": CARD_TEXT[c]} for s, c in trick.plays]
    return {"number": trick.number, "cards": cards, "winner": trick.winner}


def contract_json(contract: Contract) -> dict[str, Any]:
    return {
        "maker": contract.maker,
        "trump": TRUMP_LETTERS[contract.trump],
        "alone": contract.alone,
        "lone_defender": contract.lone_defender,
    }


def summary_json(summary: DealSummary) -> dict[str, Any]:
    """A deal's result, as the ``deal_over`` of an event and the score sheet show it."""
    contract = summary.contract
    return {
        "deal": summary.number,
        "dealer": summary.dealer,
        "outcome": summary.outcome.value,
        "points": list(summary.points),
        "score": list(summary.scores),
        "maker": None if contract is None else contract.maker,
        "trump": None if contract is None else TRUMP_LETTERS[contract.trump],
        "alone": contract is not None and contract.alone,
        "lone_defender": None if contract is None else contract.lone_defender,
        "tricks": list(summary.tricks),
        **({"farmers": list(summary.farmers)} if summary.farmers else {}),
    }


def event_text(event: Event, viewer: int | None) -> str:
    """``event`` as JSON text, as the seat ``viewer`` (None: a spectator) may see it."""
    version, kind, step, fields = event
    text = f'{{"kind":{dumps(kind)},"version":{version}'
    if step is not None:
        shown = step.seen_by(viewer).action
        text += f',"seat":{step.seat},"action":{dumps(shown.text)},"act":{action_json_text(shown)}'
    return text + ("," + fields if fields else "") + "}"


def event_json(event: Event, viewer: int | None) -> dict[str, Any]:
    """``event`` as a JSON object, as ``viewer`` may see it."""
    found: dict[str, Any] = json.loads(event_text(event, viewer))
    return found


def card_texts(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]
