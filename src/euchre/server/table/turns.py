"""Whose move it is after every event, and who makes it: the person (with the turn
clock), or a bot."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from euchre.engine.actions import ActionKind
from euchre.store.repo import utcnow

from ..kinds import TableKind, TableStatus
from ..lookback import Pause
from ..protocol import ProtocolError
from ..wire import dumps
from .parts import Clock, log
from .play import Play

PASS = ActionKind.PASS.value  # also declines every offer
SAVE_RETRY_LONGEST = 30.0  # seconds: the longest wait of a bot whose moves cannot be stored


class Turns(Play):
    """Turns, clocks and bots."""

    def _reschedule(self) -> None:
        """After every event: whose move is it, and who (person, bot, clock) makes it."""
        self._cancel("turn")
        running, self.clock = self.clock, None
        state = self.state
        if self.status != TableStatus.PLAYING or state is None or state.current_player is None:
            return
        pause = self.pause
        if pause is not None and not pause.over():
            self._later("turn", pause.remaining(), self._pause_over, pause)
            return
        self.pause = None
        to_act = state.current_player
        seat = self.seats[to_act]
        if seat.bot or seat.bot_playing:
            if self._unattended():
                return  # paused: bots play on once a person is back (their seat's event)
            self._bot_turn(to_act)
        elif self._clock_runs():
            self.clock = self._turn_clock(to_act, running)
            left = max(0.0, self.clock.deadline - time.monotonic())
            self._later("turn", left, self._auto_turn, self.version, to_act, "timer")

    def _turn_clock(self, to_act: int, running: Clock | None) -> Clock:
        """The clock of ``to_act``'s turn: the one running, while no move has been made
        since it started (leaving and coming back in a loop reset it, and a player could
        hold the game for ever); else a new one."""
        if running is not None and running.seat == to_act and running.since == self.moved_at:
            return running
        now = time.monotonic()
        return Clock(to_act, self.turn_seconds, now + self.turn_seconds, self.moved_at)

    def _wake_bots(self) -> None:
        """A person is connected again: a bot whose turn waited for one moves now. Their
        seat's event wakes the bots too, but a person the store still shows present (the
        instance was killed before it saw them go) comes back without one."""
        state = self.state
        if self.status != TableStatus.PLAYING or state is None or state.current_player is None:
            return
        seat = self.seats[state.current_player]
        if (seat.bot or seat.bot_playing) and self._bot_thinking != self.version:
            self._reschedule()

    def bots_paused(self) -> bool:
        """The bots wait for a person to come back (they cost nothing meanwhile). Not at a
        ranked table: its game is played to its end and rated, the bots finishing the
        seats of those who left (paused, it stayed open for ever, unrated, and counted
        against its creator's tables)."""
        if self.kind == TableKind.RANKED:
            return False
        if self.person_connected():
            return False
        alone_since = self._alone_since
        wait = self.settings.unattended_seconds
        return alone_since is not None and time.monotonic() - alone_since >= wait

    def bots_idle(self) -> bool:
        """The bots cost nothing now: they wait for a person to come back, or for a
        person's move that has not come for ``unattended_seconds``."""
        state = self.state
        if self.bots_paused() or state is None or state.current_player is None:
            return True
        seat = self.seats[state.current_player]
        waiting = seat.user is not None and not seat.bot_playing
        return waiting and time.monotonic() - self.moved_at >= self.settings.unattended_seconds

    def _unattended(self) -> bool:
        """No person has been connected to this game for ``unattended_seconds`` (never so
        at a ranked table: see :meth:`bots_paused`)."""
        if self.kind == TableKind.RANKED:
            return False
        if self.person_connected():
            self._alone_since = None
            return False
        now = time.monotonic()
        if self._alone_since is None:
            self._alone_since = now
        return now - self._alone_since >= self.settings.unattended_seconds

    async def _pause_over(self, pause: Pause) -> None:
        if self.pause is pause:
            self.pause = None
            self._start_after_pause()

    def _start_after_pause(self) -> None:
        """The pause after a hand is over: the first turn of the deal goes on, and a
        person's clock, which starts now with no event, is sent to everyone at the table
        (the last event, during the pause, carried none)."""
        self._reschedule()
        if self.clock is not None:
            clock = {"type": "clock", "table": self.id, "version": self.version}
            text = dumps({**clock, "clock": self.clock_json()})
            for conn in self.watchers:
                conn.send_text(text)

    def _bot_turn(self, seat: int) -> None:
        """A bot seat's turn: it starts thinking at once and moves when both its answer
        and the pause that lets people follow (``bot_delay``, and ``trick_pause`` more
        to lead a new trick, so the one just taken stays in sight) are over, so the time it
        waits for a worker and thinks is spent inside that pause, not after it."""
        if self._bot_thinking == self.version or self.state is None:
            return  # already deciding this move
        self._bot_thinking = self.version
        steps = self.state.record.steps
        after_trick = bool(steps) and steps[-1].trick is not None and steps[-1].end is None
        pause = self.settings.bot_delay + (self.settings.trick_pause if after_trick else 0.0)
        self._think(self.version, seat, "bot", time.monotonic() + pause)

    async def _auto_turn(self, version: int, seat: int, by: str) -> None:
        """The turn timer ran out: the player passes where passing is allowed (a bid, or
        an offer to go alone, go under, throw in ...), as someone who looked away for a
        moment would not be made the maker of a hand; any other move a bot makes."""
        if version != self.version or self.state is None:
            return
        if PASS in self.state.legal_actions():
            self.post(self._auto_act, version, seat, PASS, by)
            return
        self._think(version, seat, by, time.monotonic())

    def _think(self, version: int, seat: int, by: str, due: float) -> None:
        assert self.state is not None
        view = self.state.view(seat)
        level = self.seats[seat].bot or self.bot_level
        self._spawn(self._decide(version, seat, level, by, view, due))

    async def _decide(
        self, version: int, seat: int, level: str, by: str, view: Any, due: float
    ) -> None:
        choice = await self.services.bots.decide(self.id, seat, level, view)
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self.post(self._auto_act, version, seat, choice, by)

    async def _auto_act(self, version: int, seat: int, action: str, by: str) -> None:
        if version != self.version:
            return
        self._bot_thinking = None
        if by == "bot" and not (self.seats[seat].bot or self.seats[seat].bot_playing):
            self._reschedule()  # its person came back while it thought: the move is theirs
            return
        try:
            await self._play(seat, action, by)
        except ProtocolError as exc:
            log.warning("automatic move refused: %s", exc.message, extra={"table": self.id})
            if exc.code == "server_error":  # the store fails: try again later, not at once
                self._failed_saves += 1
                wait = min(SAVE_RETRY_LONGEST, 0.5 * 2**self._failed_saves)
                self._later("turn", wait, self._retry_turn)
                return
            self._reschedule()
            return
        self._failed_saves = 0
        if by == "timer":
            await self._timed_out(seat)

    async def _retry_turn(self) -> None:
        self._reschedule()

    async def _timed_out(self, index: int) -> None:
        """The timer moved for the person again: at ``stall_timeouts`` turns in a row a
        bot plays for them until they take the seat back (``sit``, or a move of theirs),
        so that one person who never moves cannot hold the others a whole clock a turn."""
        seat = self.seats[index]
        seat.timeouts += 1
        limit = self.settings.stall_timeouts
        if limit and seat.timeouts >= limit and seat.user and not seat.bot_playing:
            seat.bot_playing = seat.stalled = True
            await self._commit("bot_playing", {"seat": index, "name": seat.name})

    def close_unseated_later(self) -> None:
        """Close this waiting table if still nobody sits at it ``unseated_seconds`` after
        it was created (at once for an older one restored after a restart)."""
        age = (utcnow() - self.created_at).total_seconds()
        self._later("unseated", self.settings.unseated_seconds - age, self._close_unseated)
