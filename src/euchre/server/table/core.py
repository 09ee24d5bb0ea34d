"""A table's state, its actor (one task, one mailbox: every change in order), its
timers and the questions asked of it."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import time
from collections import deque
from collections.abc import Coroutine, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from euchre.engine import GameState
from euchre.engine.steps import seen_history
from euchre.engine.views import View
from euchre.store.repo import utcnow

from ..auth import Identity
from ..coaching import HintMemo
from ..connection import Endpoint
from ..kinds import TableKind, TableStatus
from ..lookback import Pause
from ..matches import match_for
from ..protocol import ProtocolError
from ..render import DealHistory, Event
from .parts import Clock, Creator, Job, Mail, Seat, Services, TableSpec, log

# A private table's info names at most this many who watch, and who opened the invite.
NAMES_LISTED = 20

if TYPE_CHECKING:
    from . import Table


class TableCore:
    """What every part of a table builds on."""

    def __init__(
        self, services: Services, table_id: str, spec: TableSpec, invite: str | None
    ) -> None:
        self.services = services
        self.settings = services.settings
        self.store = services.store
        self.id = table_id
        self.kind = spec.kind
        self.variant = spec.variant
        self.preset = spec.preset
        self.turn_seconds = spec.turn_seconds
        self.bot_level = spec.bot_level
        self.host = spec.host
        self.summary_seconds = spec.summary_seconds
        self.match = match_for(spec.variant, spec.match)  # before this table's game
        self.pause: Pause | None = None
        self.last_trick: dict[str, Any] | None = None
        # Events before this version are not known (a table stored before events were kept).
        self.complete_from = 0
        self.rematch: str | None = None  # the table this game's "play again" opened
        self.awaiting: set[int] = set()  # a rematch's seats whose people have not answered
        self.rematch_of: str | None = None  # the finished table whose "play again" this is
        self.declined: set[int] = set()  # a rematch's seats bots took from people asked
        self.rematch_bots: list[int] = []  # this finished game's seats bots took at its rematch
        self.rematch_taken: list[int] = []  # ... and its people's seats others sit in there
        self.departed: set[int] = set()  # this finished game's people who left it
        self.hints = spec.hints and spec.kind != TableKind.RANKED
        self.hints_memo = HintMemo(services.bots, services.metrics, table_id)
        self.invite = invite
        self.status: TableStatus = TableStatus.WAITING
        self.seats = [Seat() for _ in range(spec.variant.players)]
        self.state: GameState | None = None
        self.version = 0
        self.events: deque[Event] = deque(maxlen=self.settings.event_buffer)
        self.deal_history = DealHistory()  # each seat's history text, for the broadcasts
        self.watchers: dict[Endpoint, int | None] = {}
        self.invited: set[str] = set()
        self.barred: set[str] = set()  # people the host took off this table
        self.epoch = 0  # the fencing epoch this instance owns the table under
        self.opened: dict[str, str] = {}  # who opened the invite (id: name), for the host
        self.created_at = utcnow()
        self.creator: Creator | None = None  # who opened it, for the table limits
        self.started_at: datetime | None = None
        self.finished_at: datetime | None = None
        self.first_dealer = 0
        self.decks_saved = 0
        self.seq = 0
        self.clock: Clock | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._mailbox: asyncio.Queue[Mail | None] = asyncio.Queue()
        self._actor: asyncio.Task[None] | None = None
        self._stopping = False
        self._alone_since: float | None = None  # since when no person is connected
        self._failed_saves = 0  # automatic moves in a row the store refused (they back off)
        self.moved_at = time.monotonic()  # the game's last action (or its start)
        self._bot_thinking: int | None = None  # the version a bot is deciding
        self._answer: tuple[Endpoint, str | int] | None = None  # see answering()

    @property
    def whole(self) -> Table:
        """This table as the server around it knows it: every part here is a piece of one
        ``Table``, the only class ever made, and the server's callbacks take the whole."""
        return cast("Table", self)

    # Defined by a later part, called by an earlier one.

    def _reschedule(self) -> None:
        """After every event: who moves next (turns.py)."""
        raise NotImplementedError

    def _wake_bots(self) -> None:
        """A person is connected again: a bot's turn that waited for one goes on (turns.py)."""
        raise NotImplementedError

    def _start_after_pause(self) -> None:
        """The pause after a hand is over: the deal goes on (turns.py)."""
        raise NotImplementedError

    async def _start_game(self) -> None:
        """Deal the first hand (play.py)."""
        raise NotImplementedError

    async def _answered(self, index: int) -> None:
        """A person answered the invitation to play again (rematch.py)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the actor

    def start_actor(self) -> None:
        self._actor = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def call(self, job: Job, *args: Any) -> Any:
        """Run ``job(*args)`` in the table's actor and return its result."""
        if self._stopping:
            raise ProtocolError("not_found", f"table {self.id} is closing")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._mailbox.put_nowait(Mail(job, args, future))
        return await future

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the actor (a bot or the coach thinking); cancelled at stop."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def post(self, job: Job, *args: Any) -> None:
        """Queue ``job(*args)`` for the actor without waiting (clocks, bots)."""
        if not self._stopping:
            self._mailbox.put_nowait(Mail(job, args))

    @contextlib.contextmanager
    def answering(self, conn: Endpoint, ref: str | int) -> Iterator[None]:
        """Within this block (in the actor), the next event's copy for ``conn`` carries
        ``ref``: the event is the answer to that client's request."""
        self._answer = (conn, ref)
        try:
            yield
        finally:
            self._answer = None

    async def _run(self) -> None:
        while True:
            mail = await self._mailbox.get()
            if mail is None:
                return
            await self._handle(mail)

    async def _handle(self, mail: Mail) -> None:
        future = mail.future
        try:
            result = await mail.job(*mail.args)
        except ProtocolError as exc:
            if future is not None and not future.done():
                future.set_exception(exc)
        except Exception:
            log.exception("table job failed", extra={"table": self.id})
            if future is not None and not future.done():
                future.set_exception(ProtocolError("server_error", "the server failed; try again"))
        else:
            if future is not None and not future.done():
                future.set_result(result)

    async def stop(self) -> None:
        """Finish queued work, cancel clocks and bots, stop the actor."""
        if self._stopping:
            return
        self._stopping = True
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks)
        self._mailbox.put_nowait(None)
        if self._actor is not None:
            await asyncio.wait({self._actor})
        self._fail_pending()
        self.services.bots.forget(self.id)

    async def abandon(self) -> None:
        """Another instance owns the table now: fail queued requests, save nothing more."""
        self._fail_pending(ProtocolError("unavailable", f"table {self.id} moved: try again"))
        await self.stop()

    def _fail_pending(self, failure: ProtocolError | None = None) -> None:
        while not self._mailbox.empty():
            mail = self._mailbox.get_nowait()
            if mail is not None and mail.future is not None and not mail.future.done():
                mail.future.set_exception(
                    failure or ProtocolError("not_found", "the table has closed")
                )

    def _later(self, name: str, delay: float, job: Job, *args: Any) -> None:
        self._cancel(name)
        if self._stopping:
            return
        loop = asyncio.get_running_loop()
        self._timers[name] = loop.call_later(max(0.0, delay), self.post, job, *args)

    def _cancel(self, name: str) -> None:
        handle = self._timers.pop(name, None)
        if handle is not None:
            handle.cancel()

    def _cancel_all(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    @property
    def players(self) -> int:
        return self.variant.players

    def seat_of(self, user: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user == user:
                return i
        return None

    def blind_steps(self, seat: int | None) -> int:
        """How many of the deal in progress's first steps ``seat``'s occupant knows only as
        a spectator does: they sat down part way through it (security.md, "A seat taken
        over part way through a deal")."""
        if seat is None or self.state is None:
            return 0
        taken = self.seats[seat]
        return taken.since_step if len(self.state.deals) == taken.since_deal else 0

    def seat_view(self, seat: int | None) -> View:
        """What ``seat``'s occupant may know of the game: the seat's view, less what came
        before they sat down in the deal in progress."""
        assert self.state is not None
        view = self.state.view(seat)
        blind = self.blind_steps(seat)
        if not blind:
            return view
        history = seen_history(view.history[:blind], None) + view.history[blind:]
        return dataclasses.replace(view, history=history)

    def event_viewer(self, seat: int | None, version: int) -> int | None:
        """Whom an event of ``version`` is shown to as ``seat``'s occupant sees it: a
        spectator, when they sat down after it part way through the game."""
        if seat is None or not self.seats[seat].since_deal:
            return seat
        return None if version <= self.seats[seat].since_version else seat

    def humans(self) -> int:
        return sum(1 for s in self.seats if s.user)

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if s.empty)

    def spectators(self) -> int:
        return sum(1 for seat in self.watchers.values() if seat is None)

    def host_here(self) -> bool:
        """Whether the host has this table open (gone, anyone seated may start)."""
        return any(c.identity.id == self.host for c in self.watchers)

    def watching(self) -> list[str]:
        """The names of those watching without a seat (the first NAMES_LISTED: every
        event carries the list to everyone watching, so its size must not grow with them)."""
        names = (c.identity.name for c, seat in self.watchers.items() if seat is None)
        return list(itertools.islice(names, NAMES_LISTED))

    def opened_by(self) -> list[str]:
        """Who opened the invite (the latest NAMES_LISTED)."""
        return list(self.opened.values())[-NAMES_LISTED:]

    def person_connected(self) -> bool:
        """Whether any seat's person is connected now (a spectator does not count)."""
        return any(seat.user and seat.conn is not None for seat in self.seats)

    def may_see(self, identity: Identity) -> bool:
        """Whether this person may watch without an invite code."""
        if self.kind != TableKind.PRIVATE:
            return True
        return (
            identity.id == self.host
            or identity.id in self.invited
            or self.seat_of(identity.id) is not None
        )
