"""Action objects as a client gets them beside each action text (docs/protocol.md, "Action
objects"), checked against the engine's own reading of the text (``Action.parse``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from euchre.engine.actions import Action
from euchre.engine.cards import CARD_TEXT, TRUMP_LETTERS

HIDDEN_TEXTS = ("discard", "give")  # another seat's discard or gift, as the viewer sees it
KEYS = {"text", "kind", "card", "suit", "alone", "shown", "hidden"}


def act_problems(text: str, act: Any) -> list[str]:
    """What is wrong with ``act`` as the object of the action ``text`` (empty: nothing)."""
    if not isinstance(act, dict):
        return [f"{text!r}: no object ({act!r})"]
    if set(act) - KEYS:
        return [f"{text!r}: unknown keys {sorted(set(act) - KEYS)} in {act}"]
    if text in HIDDEN_TEXTS:  # the card is not the viewer's to know: no card, said so
        expected: dict[str, Any] = {"text": text, "kind": text, "hidden": True}
        return [] if act == expected else [f"{text!r}: {act} is not {expected}"]
    parsed = Action.parse(text)
    seen = {
        "text": act.get("text"),
        "kind": act.get("kind"),
        "card": act.get("card"),
        "suit": act.get("suit"),
        "alone": act.get("alone", False),
        "shown": act.get("shown", []),
        "hidden": act.get("hidden", False),
    }
    want = {
        "text": parsed.text,
        "kind": parsed.kind.value.replace(" ", "_"),
        "card": None if parsed.card is None else CARD_TEXT[parsed.card],
        "suit": None if parsed.suit is None else TRUMP_LETTERS[parsed.suit],
        "alone": parsed.alone,
        "shown": [CARD_TEXT[c] for c in parsed.shown],
        "hidden": False,
    }
    problems = [
        f"{text!r}: {key} is {seen[key]!r}, not {want[key]!r}"
        for key in want
        if seen[key] != want[key]
    ]
    if act.get("alone") is False or act.get("shown") == []:
        problems.append(f"{text!r}: alone and shown are left out unless they apply: {act}")
    return problems


def acts_in(message: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(action text, its object) for every action a table message names: an action event,
    the state's history and legal actions, a snapshot's log and missed events."""
    if message.get("type") == "event":
        yield from _event_acts(message["event"])
    for event in [*(message.get("log") or []), *(message.get("missed") or [])]:
        yield from _event_acts(event)
    state = message.get("state")
    if state is not None:
        for entry in state["history"]:
            yield entry["action"], entry.get("act")
        legal_acts = state.get("legal_acts")
        assert isinstance(legal_acts, list), f"no legal_acts: {state}"
        yield from zip(state["legal"], legal_acts, strict=True)


def _event_acts(event: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    if event["kind"] == "action":
        yield event["action"], event.get("act")
