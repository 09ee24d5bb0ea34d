"""The bot protocol: line-delimited JSON over stdin/stdout (docs/bot-protocol.md).

In: ``{"observation": OBS, "time_ms": N}``; out: ``{"action": "..."}``; ``{"quit": true}``
ends the session. ``OBS`` is :func:`euchre.engine.views.observation` of the seat's view,
the same object the server sends bots, so a bot only ever needs OBS:
:func:`view_from_observation` rebuilds the :class:`~euchre.engine.views.View` from it.

:func:`serve` runs a built-in level behind the protocol (``euchre bot --level LEVEL``);
:class:`ProcessBot` is the other end: a :class:`~euchre.bots.base.Bot` that asks an
external program (``cmd:python mybot.py`` in ``euchre arena``).
"""

from __future__ import annotations

import json
import random
import shlex
import subprocess
from collections.abc import Iterable
from typing import IO, Any

from euchre.engine import actions as A
from euchre.engine.cards import HEARTS, JOKER, card_list, mask_of, parse_card, suit_of
from euchre.engine.phases import Phase
from euchre.engine.records import variant_of
from euchre.engine.variants import JokerUpcard, Variant
from euchre.engine.views import View, observation

from .base import Bot


class ProtocolError(ValueError):
    """A message that does not follow the bot protocol."""


def view_from_observation(obs: dict[str, Any]) -> View:
    """The seat's :class:`View`, rebuilt from a protocol observation alone."""
    try:
        return _rebuild(obs)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(f"observation is incomplete or malformed: {exc!r}") from None


def _rebuild(obs: dict[str, Any]) -> View:
    variant = _variant(obs.get("variant") or {})
    seat = int(obs["seat"])
    dealer = int(obs["dealer"])
    history, claims = _history(obs["history"])
    phase = Phase[str(obs["phase"]).upper()]
    legal = tuple(A.parse_action(t) for t in obs["legal"])
    upcard = parse_card(obs["upcard"])
    trump_text = obs.get("trump")
    trump = None if trump_text is None else ("cdsh" + "n").index(trump_text)
    upcard_state = _upcard_state(variant, phase, dealer, upcard, history, obs)
    turned_down = _turned_down_suit(upcard) if upcard_state == "down" else None
    return View(
        variant=variant,
        seat=seat,
        dealer=dealer,
        deal_number=int(obs.get("deal", 0)),
        scores=tuple(int(s) for s in obs["score"]),
        phase=phase,
        to_act=seat if legal else None,
        hand=tuple(parse_card(c) for c in obs["hand"]),
        upcard=upcard,
        upcard_state=upcard_state,
        turned_down=turned_down,
        trump=trump,
        maker=obs.get("maker"),
        alone=bool(obs.get("alone", False)),
        lone_defender=next((s for s, a in history if a == A.DEFEND_ALONE), None),
        active=tuple(int(s) for s in obs["active"]),
        history=tuple(history),
        under_shown=tuple(card_list(claims[0])) if claims else (),
        trick=tuple((int(t["seat"]), parse_card(t["card"])) for t in obs["trick"]),
        tricks_won=tuple(int(t) for t in obs["tricks_won"]),
        legal=legal,
        winner=None,
    )


def _variant(ruleset: dict[str, Any]) -> Variant:
    """The rules from the observation's EGN ruleset. The engine's default is that the
    dealer keeps the turn-up (EGN's is the opposite), so a missing key means False."""
    variant = variant_of(ruleset)
    keep = bool(ruleset.get("dealer_may_discard_upcard", False))
    return variant.replace(dealer_may_discard_upcard=keep)


def _history(items: Iterable[dict[str, Any]]) -> tuple[list[tuple[int, int]], list[int]]:
    """(seat, action id) pairs, and the cards of each go-under claim (masks, in order)."""
    history: list[tuple[int, int]] = []
    claims: list[int] = []
    for item in items:
        seat = int(item["seat"])
        text = str(item["action"]).strip()
        if text == "discard":
            history.append((seat, A.HIDDEN_DISCARD))
        elif text == "give":
            history.append((seat, A.HIDDEN_GIVE))
        elif text.startswith("under "):
            claim = mask_of(parse_card(w) for w in text.split()[1:])
            claims.append(claim)
            history.append((seat, A.under_id(claim)))
        else:
            history.append((seat, A.parse_action(text)))
    return history, claims


def _turned_down_suit(upcard: int) -> int:
    return HEARTS if upcard == JOKER else suit_of(upcard)


def _upcard_state(
    variant: Variant,
    phase: Phase,
    dealer: int,
    upcard: int,
    history: list[tuple[int, int]],
    obs: dict[str, Any],
) -> str:
    """Where the turn-up is: "up", "down" (turned down), "taken" (dealer), "out"."""
    call = next(
        (i for i, (_, a) in enumerate(history) if a in (A.ORDER, A.ORDER_ALONE) or _is_call(a)),
        None,
    )
    if call is None:
        return "down" if phase == Phase.BID_R2 else "up"
    naming = upcard == JOKER and variant.joker_upcard_rule != JokerUpcard.FIXED_HEARTS
    if _is_call(history[call][1]) and not naming:
        return "down"
    if phase == Phase.DEALER_DISCARD:
        return "taken"
    if phase == Phase.TAKE_ALONE:
        return "up"
    for seat, aid in history[call + 1 :]:
        if aid in (A.CALL_FOR_BEST, A.HIDDEN_GIVE) or A.GIVE_BASE <= aid < A.GIVE_BASE + 33:
            break
        if seat != dealer:
            continue
        if aid == A.HIDDEN_DISCARD or A.DISCARD_BASE <= aid < A.DISCARD_BASE + 33:
            return "taken"
        if aid == A.PASS and variant.players == 2:
            return "out"
    return "out"


def _is_call(aid: int) -> bool:
    return A.CALL_BASE <= aid < A.CALL_BASE + 10


# ---------------------------------------------------------------------- serving a level


def decide_within(bot: Bot, view: View, rng: random.Random, time_ms: int | None) -> str:
    """Ask ``bot`` for an action, passing the time budget to bots that take one."""
    timed = getattr(bot, "decide_within", None)
    if time_ms is not None and callable(timed):
        result = timed(view, rng, time_ms)
        assert isinstance(result, str)
        return result
    return bot.decide(view, rng)


def answer(bot: Bot, line: str, rng: random.Random) -> dict[str, Any] | None:
    """The reply to one request line; None for ``{"quit": true}``."""
    try:
        message = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON: {exc.msg} at column {exc.colno}"}
    if not isinstance(message, dict):
        return {"error": "each line must be a JSON object"}
    if message.get("quit"):
        return None
    obs = message.get("observation")
    if not isinstance(obs, dict):
        return {"error": 'expected {"observation": {...}, "time_ms": N} or {"quit": true}'}
    time_ms = message.get("time_ms")
    try:
        view = view_from_observation(obs)
        if not view.legal:
            return {"error": "the observation lists no legal action: nothing to decide"}
        limit = int(time_ms) if isinstance(time_ms, int | float) else None
        return {"action": decide_within(bot, view, rng, limit)}
    except (ProtocolError, ValueError) as exc:
        return {"error": str(exc)}


def serve(bot: Bot, stdin: IO[str], stdout: IO[str], *, seed: int | None = None) -> int:
    """Answer requests from ``stdin`` until ``{"quit": true}`` or end of input."""
    rng = random.Random(seed)
    for line in stdin:
        if not line.strip():
            continue
        reply = answer(bot, line, rng)
        if reply is None:
            break
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


# ---------------------------------------------------------------------- the client side


class ProcessBot:
    """A bot that is an external program speaking the protocol on stdin/stdout."""

    def __init__(self, command: str, *, time_ms: int | None = None) -> None:
        self.command = command
        self.time_ms = time_ms
        self._proc: subprocess.Popen[str] | None = None

    def _process(self) -> subprocess.Popen[str]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        return self._proc

    def decide(self, view: View, rng: random.Random) -> str:
        proc = self._process()
        assert proc.stdin is not None and proc.stdout is not None
        request: dict[str, Any] = {"observation": observation(view)}
        if self.time_ms is not None:
            request["time_ms"] = self.time_ms
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise ProtocolError(f"bot {self.command!r} closed its output without answering")
        reply = json.loads(line)
        action = reply.get("action") if isinstance(reply, dict) else None
        if not isinstance(action, str):
            raise ProtocolError(f"bot {self.command!r} answered {line.strip()!r}, not an action")
        legal = view.legal_texts()
        if action in legal:
            return action
        try:
            normal = A.action_text(A.parse_action(action))
        except A.ActionError:
            normal = ""
        if normal not in legal:
            raise ProtocolError(f"bot {self.command!r} chose {action!r}; legal: {', '.join(legal)}")
        return normal

    def close(self) -> None:
        """Send ``{"quit": true}`` and wait briefly for the program to end."""
        proc = self._proc
        self._proc = None
        if proc is None or proc.poll() is not None:
            return
        assert proc.stdin is not None
        try:
            proc.stdin.write('{"quit": true}\n')
            proc.stdin.close()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            if proc.stdout is not None:
                proc.stdout.close()
