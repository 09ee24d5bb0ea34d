"""What clients receive: a seat's view as JSON, and events as each viewer may see them.

Everything here starts from the engine's :class:`~euchre.engine.views.View` of the
receiving seat (a spectator's view has no hand), so nothing leaves the server that the
view does not hold. The state object has every key of the bot protocol's observation
(``euchre.engine.views.observation``) except ``variant``, which the table info carries.
"""

from __future__ import annotations

import json
from typing import Any

from euchre.engine import actions as A
from euchre.engine.cards import CARD_TEXT, SUIT_LETTERS
from euchre.engine.views import View

_TRUMP_LETTERS = SUIT_LETTERS + "n"


def state_json(view: View) -> dict[str, Any]:
    """The state of the game as ``view.seat`` may know it."""
    trump = view.trump
    turned = view.turned_down
    return {
        "seat": view.seat,
        "dealer": view.dealer,
        "deal": view.deal_number,
        "score": list(view.scores),
        "phase": view.phase.name.lower(),
        "to_act": view.to_act,
        "hand": [CARD_TEXT[c] for c in view.hand],
        "upcard": CARD_TEXT[view.upcard],
        "upcard_state": view.upcard_state,
        "turned_down": None if turned is None else _TRUMP_LETTERS[turned],
        "trump": None if trump is None else _TRUMP_LETTERS[trump],
        "maker": view.maker,
        "alone": view.alone,
        "lone_defender": view.lone_defender,
        "active": list(view.active),
        "history": [{"seat": s, "action": t} for s, t in view.history_texts()],
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in view.trick],
        "tricks_won": list(view.tricks_won),
        "legal": view.legal_texts(),
        "winner": view.winner,
    }


# An event as kept for reconnects: (version, kind, seat, action id, other fields as JSON
# text). Plain tuples of ints and strings are not tracked by the garbage collector, so a
# busy server keeps thousands of them without slowing its collections.
Event = tuple[int, str, int, int, str]


def make_event(
    version: int, kind: str, data: dict[str, Any], seat: int = -1, action: int = -1
) -> Event:
    """An event; ``action`` (with ``seat``) is shown per viewer (discards stay private)."""
    fields = json.dumps(data, separators=(",", ":"))[1:-1]
    return (version, kind, seat, action, fields)


def visible_action(actor: int, aid: int, viewer: int | None, players: int) -> str:
    """An action's text as ``viewer`` may see it: another seat's discard is ``discard``;
    a card given to a partner is seen only by the two partners."""
    if A.DISCARD_BASE <= aid < A.DISCARD_BASE + 33 and viewer != actor:
        return A.action_text(A.HIDDEN_DISCARD)
    partner = (actor + 2) % 4 if players == 4 else actor
    if A.GIVE_BASE <= aid < A.GIVE_BASE + 33 and viewer not in (actor, partner):
        return A.action_text(A.HIDDEN_GIVE)
    return A.action_text(aid)


def event_text(event: Event, viewer: int | None, players: int) -> str:
    """``event`` as JSON text, as the seat ``viewer`` (None: a spectator) may see it."""
    version, kind, seat, action, fields = event
    text = f'{{"kind":{json.dumps(kind)},"version":{version}'
    if action >= 0:
        shown = visible_action(seat, action, viewer, players)
        text += f',"seat":{seat},"action":{json.dumps(shown)}'
    return text + ("," + fields if fields else "") + "}"


def event_json(event: Event, viewer: int | None, players: int) -> dict[str, Any]:
    """``event`` as a JSON object, as ``viewer`` may see it."""
    found: dict[str, Any] = json.loads(event_text(event, viewer, players))
    return found


def card_texts(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]
