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
from typing import IO, Any

from euchre.engine import actions as A
from euchre.engine import observations
from euchre.engine.observations import observation
from euchre.engine.views import View

from .base import Bot


class ProtocolError(ValueError):
    """A message that does not follow the bot protocol."""


def view_from_observation(obs: dict[str, Any]) -> View:
    """The seat's :class:`View`, rebuilt from a protocol observation alone."""
    try:
        return observations.view_from_observation(obs)
    except observations.ObservationError as exc:
        raise ProtocolError(str(exc)) from None


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
