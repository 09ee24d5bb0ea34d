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

import contextlib
import json
import queue
import random
import shlex
import subprocess
import sys
import threading
from typing import IO, Any

from euchre.engine import actions as A
from euchre.engine import observations
from euchre.engine.observation_keys import PHASE_NAMES, ObservationError, PhaseUnknown
from euchre.engine.observations import observation
from euchre.engine.quoting import why_not_json
from euchre.engine.views import View

from .base import Bot


class ProtocolError(ValueError):
    """A message that does not follow the bot protocol."""


class OnlyAction(Exception):
    """An observation whose phase cannot be told, with one legal action: that is the answer."""

    def __init__(self, action: str) -> None:
        super().__init__(action)
        self.action = action


def view_from_observation(obs: Any) -> View:
    """The seat's :class:`View`, rebuilt from a protocol observation alone (ProtocolError,
    saying what is wrong and what is allowed, for one that is malformed or contradicts
    itself; OnlyAction where its phase cannot be told but its one legal action can be
    played in any)."""
    try:
        return observations.view_from_observation(obs)
    except PhaseUnknown as exc:
        if obs.get("legal") != ["pass"]:
            raise ProtocolError(str(exc)) from None
        problems = _problems_in_each_phase(obs)
        if None in problems:
            raise OnlyAction("pass") from None
        # the same in every phase (a card seen twice): that one; else the phase's own
        raise ProtocolError(problems.pop() if len(problems) == 1 else str(exc)) from None
    except ObservationError as exc:
        raise ProtocolError(str(exc)) from None


def _problems_in_each_phase(obs: dict[str, Any]) -> set[str | None]:
    """What is wrong with the observation were it sent with each ``phase`` (None: nothing),
    so that one whose phase the history cannot tell is checked whole all the same."""
    problems: set[str | None] = set()
    for phase in PHASE_NAMES:
        try:
            observations.view_from_observation({**obs, "phase": phase})
        except ObservationError as exc:
            problems.add(str(exc))
        else:
            problems.add(None)
    return problems


# ---------------------------------------------------------------------- serving a level


def decide_within(bot: Bot, view: View, rng: random.Random, time_ms: int | None) -> str:
    """Ask ``bot`` for an action, passing the time budget to bots that take one."""
    timed = getattr(bot, "decide_within", None)
    if time_ms is not None and callable(timed):
        result = timed(view, rng, time_ms)
        assert isinstance(result, str)
        return result
    return bot.decide(view, rng)


_REQUEST = '{"observation": {...}, "time_ms": N} or {"quit": true}'


def answer(bot: Bot, line: str, rng: random.Random) -> dict[str, Any] | None:
    """The reply to one request line; None for ``{"quit": true}``."""
    if not line.strip():
        return {"error": f"empty line: expected an observation, a JSON object {_REQUEST}"}
    try:
        message = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON ({exc.msg} at column {exc.colno}): expected {_REQUEST}"}
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long to read
        return {"error": f"the line is not JSON this bot takes: {why_not_json(exc)}"}
    if not isinstance(message, dict):
        return {"error": f"each line must be a JSON object: {_REQUEST}"}
    if message.get("quit") is True:
        return None
    if "observation" not in message:
        return {"error": f"no 'observation' in this line{_quit_note(message)}: expected {_REQUEST}"}
    try:
        time_ms = _time_ms(message.get("time_ms"))
        view = view_from_observation(message["observation"])
        if not view.legal:
            return {"error": "the observation lists no legal action: nothing to decide"}
        return {"action": decide_within(bot, view, rng, time_ms)}
    except OnlyAction as only:
        return {"action": only.action}
    except (ProtocolError, ValueError) as exc:
        return {"error": str(exc)}


def _quit_note(message: dict[str, Any]) -> str:
    """Why a ``quit`` that is not exactly ``true`` did not end the session."""
    if "quit" not in message:
        return ""
    return f", and only {{\"quit\": true}} ends the session (got 'quit': {_shown(message['quit'])})"


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _time_ms(value: Any) -> int | None:
    """The request's time budget: absent or null for none, else milliseconds (>= 0)."""
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        # A number past any float (1e999, or a whole number of 400 digits) is a budget
        # without a limit.
        return None if value > sys.float_info.max else int(value)
    shown = repr(value) if isinstance(value, str) else json.dumps(value)
    raise ProtocolError(
        f"'time_ms' must be a number of milliseconds (0 or more), or absent; got {shown}"
    )


def serve(bot: Bot, stdin: IO[str], stdout: IO[str], *, seed: int | None = None) -> int:
    """Answer requests from ``stdin``, one line each, until ``{"quit": true}`` or end of
    input."""
    rng = random.Random(seed)
    for line in stdin:
        reply = answer(bot, line, rng)
        if reply is None:
            break
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


# ---------------------------------------------------------------------- the client side


class BotAnswerError(ProtocolError):
    """An external bot's answer that is not exactly one of the legal actions (or none)."""

    def __init__(self, bot: str, problem: str, legal: list[str]) -> None:
        super().__init__(f"bot {bot!r} {problem}; legal: {', '.join(legal)}")
        self.bot, self.problem, self.legal = bot, problem, legal

    def __reduce__(self) -> tuple[Any, ...]:  # survives a worker process's pickling
        return (type(self), (self.bot, self.problem, self.legal))


def checked_answer(bot: str, line: str, legal: list[str]) -> str:
    """The action of a bot's answer line ``{"action": ACTION}``, which must be one of
    ``legal`` exactly as listed (BotAnswerError naming the bot otherwise)."""
    shown = line.strip()
    shown = shown if len(shown) <= 120 else shown[:117] + "..."
    try:
        reply = json.loads(line)
    except json.JSONDecodeError:
        raise BotAnswerError(
            bot, f'answered {shown!r}, which is not JSON: answer {{"action": ACTION}}', legal
        ) from None
    except RecursionError:
        raise BotAnswerError(
            bot,
            f"answered {shown!r}, which nests arrays and objects too deeply: "
            'answer {"action": ACTION}',
            legal,
        ) from None
    action = reply.get("action") if isinstance(reply, dict) else None
    if isinstance(reply, dict) and "error" in reply and action is None:
        raise BotAnswerError(bot, f"answered with an error: {reply['error']!r}", legal)
    if not isinstance(action, str):
        raise BotAnswerError(
            bot, f'answered {shown!r}, not {{"action": ACTION}} with ACTION a string', legal
        )
    if action in legal:
        return action
    hint = ""
    try:
        spelled = A.action_text(A.parse_action(action))
    except A.ActionError as exc:
        why = f" ({exc.reason})" if exc.reason else ""
        problem = f"answered {action[:64]!r}, which is not an action{why}"
        raise BotAnswerError(bot, problem, legal) from None
    if spelled in legal:
        hint = f" (it is spelled {spelled!r})"
    raise BotAnswerError(
        bot, f"answered {action!r}, which is not one of the legal actions{hint}", legal
    )


# Past its budget a program gets this much more for the pipes and a busy machine before
# its silence counts as no answer.
GRACE_SECONDS = 1.0


def _read_lines(stream: IO[str] | None, lines: queue.Queue[str]) -> None:
    """Each line the program writes, then ``""`` once its output ends."""
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                lines.put(line)
    lines.put("")


class ProcessBot:
    """A bot that is an external program speaking the protocol on stdin/stdout. With a
    budget (``time_ms``), an answer not back within it and :data:`GRACE_SECONDS` counts as
    none; without one, the program may take as long as it likes."""

    def __init__(self, command: str, *, time_ms: int | None = None) -> None:
        self.command = command
        self.time_ms = time_ms
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str] = queue.Queue()

    def _process(self) -> subprocess.Popen[str]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = self._start()
            self._lines = queue.Queue()
            # A thread reads the answers so that waiting for one can time out.
            threading.Thread(
                target=_read_lines, args=(self._proc.stdout, self._lines), daemon=True
            ).start()
        return self._proc

    def _start(self) -> subprocess.Popen[str]:
        """The program, started; a ProtocolError naming the bot when it cannot be."""
        try:
            argv = shlex.split(self.command)
        except ValueError as exc:
            raise ProtocolError(f"bot {self.name!r} cannot be started: {exc}") from None
        if not argv:
            raise ProtocolError(f"bot {self.name!r} cannot be started: the command is empty")
        try:
            return subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as exc:
            reason = f"{exc.strerror}: {exc.filename or argv[0]}" if exc.strerror else str(exc)
            raise ProtocolError(f"bot {self.name!r} cannot be started ({reason})") from None

    @property
    def name(self) -> str:
        return f"cmd:{self.command}"

    def decide(self, view: View, rng: random.Random) -> str:
        """The program's answer, which must be exactly one of ``view``'s legal actions as
        listed; anything else is a :class:`BotAnswerError` naming the bot."""
        proc = self._process()
        assert proc.stdin is not None and proc.stdout is not None
        request: dict[str, Any] = {"observation": observation(view)}
        if self.time_ms is not None:
            request["time_ms"] = self.time_ms
        legal = view.legal_texts()
        limit = None if self.time_ms is None else self.time_ms / 1000 + GRACE_SECONDS
        try:
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            line = self._lines.get(timeout=limit)
        except OSError:
            line = ""
        except queue.Empty:
            self.close()
            raise BotAnswerError(
                self.name,
                f"gave no answer within {limit:g} s (its budget of {self.time_ms} ms "
                f"and {GRACE_SECONDS:g} s of grace)",
                legal,
            ) from None
        if not line:
            raise BotAnswerError(self.name, self._ended(proc), legal)
        return checked_answer(self.name, line, legal)

    @staticmethod
    def _ended(proc: subprocess.Popen[str]) -> str:
        try:
            status = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output without answering"
        return f"quit (exit status {status}) without answering"

    def close(self) -> None:
        """Send ``{"quit": true}`` and wait briefly for the program to end (its pipes are
        closed even when it has already ended)."""
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write('{"quit": true}\n')
                proc.stdin.close()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            for stream in (proc.stdin, proc.stdout):
                if stream is not None and not stream.closed:
                    with contextlib.suppress(OSError):
                        stream.close()
