"""One table: the sequential owner of its seats, its game, its clocks and its bots.

Every request and every internal event (a clock running out, a bot's decision) goes
through the table's mailbox and is handled by its one actor task, in order. A change is
applied, **persisted**, and only then published: each watcher gets the event as its seat
may see it, with a version number, and its seat's view of the new state.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from euchre.engine import GameState, IllegalActionError, Variant
from euchre.engine.actions import ActionKind
from euchre.engine.cards import CARD_TEXT
from euchre.engine.records import export_egn, ruleset_of
from euchre.engine.steps import Step
from euchre.store import FencedError, Repository, StoredAction
from euchre.store.repo import GameRow, utcnow

from . import coaching
from .auth import Identity, require_account
from .botplay import BotPool, check_level
from .config import Settings
from .connection import Endpoint
from .lookback import Pause, bot_name, score_sheet, trick_seen
from .metrics import Metrics
from .protocol import ProtocolError
from .render import Event, event_json, event_text, make_event, state_json, summary_json
from .reviews import Reviews, answer_review, review_request

log = logging.getLogger("euchre.table")

KINDS = ("casual", "private", "ranked")
MAX_INVITED = 256  # people kept per table as having used its invite
TIME_UP = "time_up"

Job = Callable[..., Awaitable[Any]]


@dataclass(slots=True)
class Services:
    """What a table needs from the server around it."""

    settings: Settings
    store: Repository
    bots: BotPool
    metrics: Metrics
    bots_default: str  # bot level when a table names none
    changed: Callable[[Table], None]  # the lobby's summary of a table changed
    removed: Callable[[Table], None]  # the table is gone from memory
    user_exists: Callable[[int], Awaitable[bool]]
    finished: Callable[[Table], None] = lambda _table: None  # the game is over (results)
    # Whether this instance surely still owns its tables (with Redis: its leases were
    # renewed recently enough); a change is refused rather than stored by a stale owner.
    owned: Callable[[], bool] = lambda: True
    # Raises when this instance may run no more games with bots (server/quotas.py).
    check_bot_game: Callable[[], None] = lambda: None
    # Another instance took the table over (a write was fenced off): drop it here.
    lost: Callable[[Table], None] = lambda _table: None
    reviews: Reviews | None = None  # the coach's hand reviews (None: not offered)


@dataclass(slots=True)
class Seat:
    """A seat: empty, a bot, or a person (who may be away, with a bot playing for them)."""

    user: str | None = None
    name: str = ""
    account: int | None = None
    bot: str | None = None  # level of a bot seat (no person)
    conn: Endpoint | None = None
    away: bool = False
    bot_playing: bool = False

    @property
    def kind(self) -> str:
        return "human" if self.user else "bot" if self.bot else "empty"

    @property
    def empty(self) -> bool:
        return self.user is None and self.bot is None

    def stored(self) -> dict[str, Any]:
        return {"user": self.user, "name": self.name, "account": self.account, "bot": self.bot}

    def public(self, index: int, host: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": index, "type": self.kind, "name": self.name}
        if self.bot:
            out["level"] = self.bot
        if self.user:
            out["account"] = self.account is not None
            out["connected"] = self.conn is not None
            out["bot_playing"] = self.bot_playing
            out["host"] = self.user == host
        return out


def restored_seat(raw: Any) -> Seat:
    if not isinstance(raw, dict):
        return Seat()
    user, bot = raw.get("user"), raw.get("bot")
    return Seat(
        user=user,
        name=str(raw.get("name", "")),
        account=raw.get("account"),
        bot=bot,
        away=bool(user),
    )


@dataclass(slots=True)
class TableSpec:
    """How a table is set up when it is created."""

    kind: str
    variant: Variant
    preset: str
    turn_seconds: float
    bot_level: str
    host: str | None = None
    summary_seconds: float = 3.0  # the pause after each hand (0: none)
    hints: bool = True  # the coach may be asked (never at ranked tables)


@dataclass(slots=True)
class _Clock:
    seat: int
    seconds: float
    deadline: float


@dataclass(frozen=True, slots=True)
class _Direct:
    """The connection that asked for a change: it gets a snapshot instead of the event."""

    conn: Endpoint
    since: int | None
    ref: str | int | None


@dataclass(slots=True)
class _Mail:
    job: Job
    args: tuple[Any, ...]
    future: asyncio.Future[Any] | None = None


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


def deck_text(deck: bytes | Sequence[int]) -> str:
    return " ".join(CARD_TEXT[c] for c in deck)


class Table:
    """A table and its game, owned by one actor task (see the module docstring)."""

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
        self.pause: Pause | None = None
        self.last_trick: dict[str, Any] | None = None
        self.complete_from = 0  # events up to this version were rebuilt (actions only)
        self.rematch: str | None = None  # the table this game's "play again" opened
        self.awaiting: set[int] = set()  # a rematch's seats whose people have not answered
        self.hints = spec.hints and spec.kind != "ranked"
        self.invite = invite
        self.status = "waiting"
        self.seats = [Seat() for _ in range(spec.variant.players)]
        self.state: GameState | None = None
        self.version = 0
        self.events: deque[Event] = deque(maxlen=self.settings.event_buffer)
        self.watchers: dict[Endpoint, int | None] = {}
        self.invited: set[str] = set()
        self.epoch = 0  # the fencing epoch this instance owns the table under
        self.opened: dict[str, str] = {}  # who opened the invite (id: name), for the host
        self.created_at = utcnow()
        self.started_at: datetime | None = None
        self.finished_at: datetime | None = None
        self.first_dealer = 0
        self.decks_saved = 0
        self.seq = 0
        self.clock: _Clock | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._mailbox: asyncio.Queue[_Mail | None] = asyncio.Queue()
        self._actor: asyncio.Task[None] | None = None
        self._stopping = False
        self._alone_since: float | None = None  # since when no person is connected

    # ------------------------------------------------------------------ the actor

    def start_actor(self) -> None:
        self._actor = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def call(self, job: Job, *args: Any) -> Any:
        """Run ``job(*args)`` in the table's actor and return its result."""
        if self._stopping:
            raise ProtocolError("not_found", f"table {self.id} is closing")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._mailbox.put_nowait(_Mail(job, args, future))
        return await future

    def post(self, job: Job, *args: Any) -> None:
        """Queue ``job(*args)`` for the actor without waiting (clocks, bots)."""
        if not self._stopping:
            self._mailbox.put_nowait(_Mail(job, args))

    async def _run(self) -> None:
        while True:
            mail = await self._mailbox.get()
            if mail is None:
                return
            await self._handle(mail)

    async def _handle(self, mail: _Mail) -> None:
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
        self._fail_pending()
        await self.stop()

    def _fail_pending(self) -> None:
        while not self._mailbox.empty():
            mail = self._mailbox.get_nowait()
            if mail is not None and mail.future is not None and not mail.future.done():
                mail.future.set_exception(ProtocolError("not_found", "the table has closed"))

    # ------------------------------------------------------------------ queries

    @property
    def players(self) -> int:
        return self.variant.players

    def seat_of(self, user: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user == user:
                return i
        return None

    def humans(self) -> int:
        return sum(1 for s in self.seats if s.user)

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if s.empty)

    def spectators(self) -> int:
        return sum(1 for seat in self.watchers.values() if seat is None)

    def may_see(self, identity: Identity) -> bool:
        """Whether this person may watch without an invite code."""
        if self.kind != "private":
            return True
        return (
            identity.id == self.host
            or identity.id in self.invited
            or self.seat_of(identity.id) is not None
        )

    def info(self) -> dict[str, Any]:
        """The table as anyone who may see it sees it."""
        out: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "preset": self.preset,
            "options": self.variant.options(),
            "ruleset": ruleset_of(self.variant),
            "players": self.players,
            "target": self.variant.target,
            "turn_seconds": self.turn_seconds,
            "turn_clock": self._clock_runs(),
            "summary_seconds": self.summary_seconds,
            "bot_level": self.bot_level,
            "hints": self.hints,
            "seats": [s.public(i, self.host) for i, s in enumerate(self.seats)],
            "spectators": self.spectators(),
            "created_at": self.created_at.isoformat(),
        }
        left = self.game_time_left()
        if left is not None:
            out["time_left"] = round(left, 1)
        if self.awaiting:
            out["awaiting"] = sorted(self.awaiting)
        if self.kind == "private":  # the host sees who came by the invite and who watches
            out["opened"] = list(self.opened.values())
            out["watching"] = [c.identity.name for c, seat in self.watchers.items() if seat is None]
        return out

    def fill_json(self) -> dict[str, Any] | None:
        """The wait until bots fill this waiting quick-play table (the server's real wait)."""
        if self.status != "waiting" or self.kind != "casual" or not self.humans():
            return None
        total = self.settings.fill_seconds
        fill = self._timers.get("fill")
        if fill is None:  # the first person is sitting down: the wait starts now
            return {"seconds": total, "remaining": total}
        left = max(0.0, fill.when() - asyncio.get_running_loop().time())
        return {"seconds": total, "remaining": round(left, 2)}

    def _clock_runs(self) -> bool:
        """A person alone with bots has no turn clock: the bots wait for them."""
        return self.turn_seconds > 0 and self.humans() > 1

    def summary(self) -> dict[str, Any]:
        """The table's line in the lobby."""
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "preset": self.preset,
            "options": self.variant.options(),
            "players": self.players,
            "seats": [s.public(i, self.host) for i, s in enumerate(self.seats)],
            "free": self.free_seats(),
            "spectators": self.spectators(),
            "turn_seconds": self.turn_seconds,
        }

    def game_time_left(self) -> float | None:
        if not self.variant.timed or self.started_at is None or self.status != "playing":
            return None
        total = self.variant.time_limit_minutes * 60.0
        return max(0.0, total - (utcnow() - self.started_at).total_seconds())

    def clock_json(self) -> dict[str, Any] | None:
        clock = self.clock
        if clock is None:
            return None
        remaining = max(0.0, clock.deadline - time.monotonic())
        return {"seat": clock.seat, "seconds": clock.seconds, "remaining": round(remaining, 2)}

    # ------------------------------------------------------------------ messages

    def _view_state(self, seat: int | None) -> dict[str, Any] | None:
        return None if self.state is None else state_json(self.state.view(seat))

    def _you(self, conn: Endpoint) -> dict[str, Any]:
        seat = self.watchers.get(conn)
        return {"seat": seat, "host": conn.identity.id == self.host, "id": conn.identity.id}

    def snapshot(
        self, conn: Endpoint, missed: list[dict[str, Any]] | None, ref: str | int | None
    ) -> dict[str, Any]:
        seat = self.watchers.get(conn)
        out: dict[str, Any] = {
            "type": "table",
            "table": self.id,
            "version": self.version,
            "you": self._you(conn),
            "info": self.info(),
            "state": self._view_state(seat),
            "clock": self.clock_json(),
            "missed": missed,
            "sheet": [] if self.state is None else score_sheet(self.state),
            "last_trick": self.last_trick,
        }
        if self.pause is not None:
            out["pause"] = self.pause.to_json()
        fill = self.fill_json()
        if fill is not None:
            out["fill"] = fill
        if missed is None:  # a fresh page: the table's log so far, as this seat may see it
            out["log"] = [event_json(e, seat) for e in self.events]
        if self.invite and self.may_see(conn.identity):
            out["invite"] = self.invite
        if ref is not None:
            out["ref"] = ref
        return out

    def _missed(self, since: int | None, viewer: int | None) -> list[dict[str, Any]] | None:
        if since is None or since > self.version or since < self.complete_from:
            return None
        if since == self.version:
            return []
        if not self.events or self.events[0][0] > since + 1:
            return None
        return [event_json(e, viewer) for e in self.events if e[0] > since]

    def _broadcast(self, event: Event, with_info: bool, direct: _Direct | None) -> None:
        texts: dict[int | None, str] = {}
        head = f'{{"type":"event","table":{_dumps(self.id)},"version":{event[0]},"event":'
        tail = f',"clock":{_dumps(self.clock_json())}'
        if self.pause is not None:
            tail += f',"pause":{_dumps(self.pause.to_json())}'
        fill = self.fill_json()
        if fill is not None:
            tail += f',"fill":{_dumps(fill)}'
        if with_info:
            tail += f',"info":{_dumps(self.info())}'
        tail += "}"
        for conn, seat in list(self.watchers.items()):
            if direct is not None and conn is direct.conn:
                missed = self._missed(direct.since, seat)
                conn.send(self.snapshot(conn, missed, direct.ref))
                continue
            text = texts.get(seat)
            if text is None:
                body = event_text(event, seat)
                state = _dumps(self._view_state(seat))
                text = texts[seat] = f'{head}{body},"state":{state}{tail}'
            conn.send_text(text)

    # ------------------------------------------------------------------ committing

    def _game_values(self) -> dict[str, Any]:
        return {"seats": [s.stored() for s in self.seats], "status": self.status, "host": self.host}

    async def _commit(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        values: dict[str, Any] | None = None,
        decks: Sequence[tuple[int, str]] = (),
        actions: Sequence[StoredAction] = (),
        step: Step | None = None,
        with_info: bool = True,
        direct: _Direct | None = None,
    ) -> Event:
        """Persist a change, then publish it as the next event (raises before publishing)."""
        if not self.services.owned():
            raise ProtocolError(
                "unavailable", f"table {self.id} is moving to another server: try again"
            )
        version = self.version + 1
        stored = values if values is not None else self._game_values()
        if not actions:  # an action row carries the version itself
            stored = {"version": version, **stored}
        try:
            await self.store.save(self.id, stored, decks, actions, epoch=self.epoch)
        except FencedError:
            log.warning("another instance owns the table now", extra={"table": self.id})
            self.services.lost(self)
            raise ProtocolError(
                "unavailable", f"table {self.id} is moving to another server: try again"
            ) from None
        except Exception as exc:
            log.exception("could not save", extra={"table": self.id})
            raise ProtocolError(
                "server_error", "the server could not save that; try again"
            ) from exc
        self.version = version
        event = make_event(version, kind, data, step)
        self.events.append(event)
        self._reschedule()
        self._broadcast(event, with_info, direct)
        if with_info:
            self.services.changed(self)
        return event

    async def create(self) -> None:
        """Store the new table (before anyone hears of it)."""
        values = {
            "kind": self.kind,
            "status": self.status,
            "invite": self.invite,
            "host": self.host,
            "variant_name": self.variant.name,
            "options": self.variant.options(),
            "settings": {
                "preset": self.preset,
                "turn_seconds": self.turn_seconds,
                "bot_level": self.bot_level,
                "summary_seconds": self.summary_seconds,
                "hints": self.hints,
            },
            "seats": [s.stored() for s in self.seats],
            "version": self.version,
            "created_at": self.created_at,
        }
        await self.store.create_game(self.id, values)

    # ------------------------------------------------------------------ requests

    async def join(
        self, conn: Endpoint, since: int | None, invited: bool, ref: str | int | None
    ) -> None:
        """Watch the table (taking back one's own seat); sends a snapshot or missed events."""
        identity = conn.identity
        if invited:
            await self._remember_invited(identity.id)
        if not self.may_see(identity):
            raise ProtocolError("not_found", f"no table {self.id}: private tables need the invite")
        index = self.seat_of(identity.id)
        direct = _Direct(conn, since, ref)
        if index is not None and await self._bind(conn, index, direct):
            return
        if index is None:
            self._watch(conn, None)
            if invited and identity.id not in self.opened and self.kind == "private":
                self.opened[identity.id] = identity.name  # the host hears a friend arrive
                await self._commit("arrived", {"name": identity.name}, direct=direct)
                return
        conn.send(self.snapshot(conn, self._missed(since, self.watchers.get(conn)), ref))

    async def _remember_invited(self, person: str) -> None:
        """Someone opened the table with its invite: kept, so after a restart they can
        still reach it by id (at most MAX_INVITED people are kept)."""
        if person in self.invited or len(self.invited) >= MAX_INVITED:
            self.invited.add(person)
            return
        self.invited.add(person)
        try:
            await self.store.save(self.id, {"invited": sorted(self.invited)}, epoch=self.epoch)
        except FencedError:
            self.services.lost(self)
            raise ProtocolError("unavailable", f"table {self.id} moved: try again") from None
        except Exception:  # the person is in for now; only a restart would forget them
            log.exception("could not store an invite's use", extra={"table": self.id})

    def _watch(self, conn: Endpoint, seat: int | None) -> None:
        self.watchers[conn] = seat
        conn.tables.add(self.id)

    def _check_not_elsewhere(self, conn: Endpoint, index: int) -> None:
        other = self.seats[index].conn
        if other is not None and other is not conn and not other.closed:
            raise ProtocolError(
                "seat_in_use",
                f"your seat {index} at table {self.id} is already connected from another "
                "window or device; close that one first",
            )

    async def _bind(self, conn: Endpoint, index: int, direct: _Direct) -> bool:
        """Bind the connection to its seat; True when that sent the snapshot already."""
        seat = self.seats[index]
        self._check_not_elsewhere(conn, index)
        if seat.conn is conn and self.watchers.get(conn) == index:
            return False
        seat.conn = conn
        self._watch(conn, index)
        self._cancel(f"grace-{index}")
        if not (seat.away or seat.bot_playing):
            return False
        seat.away = seat.bot_playing = False
        await self._commit("returned", {"seat": index, "name": seat.name}, direct=direct)
        if index in self.awaiting:
            await self._answered(index)
        return True

    async def resync(self, conn: Endpoint, since: int | None, ref: str | int | None) -> None:
        if conn not in self.watchers:
            await self.join(conn, since, False, ref)
            return
        conn.send(self.snapshot(conn, self._missed(since, self.watchers[conn]), ref))

    async def sit(
        self, conn: Endpoint, wanted: int | None, invited: bool, ref: str | int | None = None
    ) -> int:
        """Take a seat (or take one's own seat back); the sitter gets a snapshot."""
        identity = conn.identity
        if invited:
            await self._remember_invited(identity.id)
        if not self.may_see(identity):
            raise ProtocolError("not_found", f"no table {self.id}: private tables need the invite")
        own = self.seat_of(identity.id)
        if own is not None:
            if wanted is not None and wanted != own:
                raise ProtocolError("bad_state", f"you already sit at seat {own}: stand up first")
            if not await self._bind(conn, own, _Direct(conn, None, ref)):
                conn.send(self.snapshot(conn, None, ref))
            return own
        if self.kind == "ranked":
            account = require_account(identity)
            if not await self.services.user_exists(account):
                raise ProtocolError("account_required", "your account no longer exists")
        index = self._free_seat(wanted)
        seat = self.seats[index]
        seat.user, seat.name, seat.account, seat.bot = (
            identity.id,
            identity.name,
            identity.account_id,
            None,
        )
        seat.conn, seat.away, seat.bot_playing = conn, False, False
        self._watch(conn, index)
        try:
            await self._commit(
                "seated", {"seat": index, "name": identity.name}, direct=_Direct(conn, None, ref)
            )
        except ProtocolError:
            self.seats[index] = Seat()
            self.watchers[conn] = None
            raise
        await self._after_seating()
        return index

    def _free_seat(self, wanted: int | None) -> int:
        if wanted is not None and wanted >= self.players:
            raise ProtocolError("bad_seat", f"this table has seats 0 to {self.players - 1}")
        if self.status == "finished":
            raise ProtocolError("bad_state", "the game at this table is over")
        candidates = range(self.players) if wanted is None else (wanted,)
        for i in candidates:
            seat = self.seats[i]
            if seat.empty or (self.status == "playing" and seat.bot and self.kind != "ranked"):
                return i
        if wanted is None:
            raise ProtocolError("full", f"table {self.id} is full")
        raise ProtocolError("seat_taken", f"seat {wanted} is taken")

    async def _after_seating(self) -> None:
        if self.status != "waiting" or self.awaiting:
            return
        if self.free_seats() == 0 and self.kind != "private":
            await self._start_game()
        elif self.kind == "casual" and self.humans() > 0 and "fill" not in self._timers:
            self._later("fill", self.settings.fill_seconds, self._fill_timeout)

    async def stand(self, conn: Endpoint) -> None:
        """Give up one's seat: free it before the game, hand it to a bot during it."""
        index = self._own_seat(conn)
        await self._vacate(index)

    def _own_seat(self, conn: Endpoint) -> int:
        index = self.seat_of(conn.identity.id)
        if index is None:
            raise ProtocolError("not_seated", f"you have no seat at table {self.id}")
        self._check_not_elsewhere(conn, index)
        return index

    async def _vacate(self, index: int) -> None:
        seat = self.seats[index]
        conn = seat.conn
        if conn is not None and conn in self.watchers:
            self.watchers[conn] = None
        if self.status == "playing":
            seat.conn, seat.away, seat.bot_playing = None, True, True
            await self._commit("bot_playing", {"seat": index, "name": seat.name})
            return
        self.seats[index] = Seat()
        await self._commit("stood", {"seat": index, "name": seat.name})
        await self._maybe_close()

    async def leave(self, conn: Endpoint) -> None:
        """Stop watching (and give up one's seat)."""
        index = self.seat_of(conn.identity.id)
        if index is not None and self.seats[index].conn is conn:
            await self._vacate(index)
        self._unwatch(conn)

    def _unwatch(self, conn: Endpoint) -> None:
        self.watchers.pop(conn, None)
        conn.tables.discard(self.id)

    async def disconnected(self, conn: Endpoint) -> None:
        """The connection is gone: the seat is kept for the grace period."""
        self._unwatch(conn)
        for index, seat in enumerate(self.seats):
            if seat.conn is conn:
                seat.conn, seat.away = None, True
                self._later(f"grace-{index}", self.settings.grace_seconds, self._grace_over, index)
                await self._commit("away", {"seat": index, "name": seat.name})

    async def _grace_over(self, index: int) -> None:
        self._timers.pop(f"grace-{index}", None)
        seat = self.seats[index]
        if not seat.away or seat.conn is not None or seat.bot_playing:
            return
        if self.status == "playing":
            seat.bot_playing = True
            await self._commit("bot_playing", {"seat": index, "name": seat.name})
        elif self.status == "waiting":
            self.seats[index] = Seat()
            await self._commit("stood", {"seat": index, "name": seat.name})
            await self._maybe_close()

    async def adopt(self, old: str, identity: Identity) -> bool:
        """A guest became an account: their seat (and hosting) moves to the account."""
        index = self.seat_of(old)
        if index is None or self.seat_of(identity.id) is not None:
            return False
        seat, host = self.seats[index], self.host
        before = (seat.user, seat.name, seat.account)
        seat.user, seat.name, seat.account = identity.id, identity.name, identity.account_id
        if host == old:
            self.host = identity.id
        try:
            await self._commit("renamed", {"seat": index, "name": identity.name})
        except ProtocolError:
            (seat.user, seat.name, seat.account), self.host = before, host
            raise
        if old in self.invited:
            self.invited.add(identity.id)
        return True

    async def add_bot(self, conn: Endpoint, wanted: int | None, level: str | None) -> int:
        """Put a bot in an empty seat (private: the host; casual: anyone seated)."""
        self._check_manager(conn)
        if self.status != "waiting":
            raise ProtocolError("bad_state", "bots can be added only before the game starts")
        chosen = check_level(level) if level else self.bot_level
        index = self._free_seat(wanted)
        self.seats[index] = Seat(bot=chosen, name=bot_name(s.name for s in self.seats))
        try:
            await self._commit("bot_seated", {"seat": index, "level": chosen})
        except ProtocolError:
            self.seats[index] = Seat()
            raise
        await self._after_seating()
        return index

    async def remove_bot(self, conn: Endpoint, index: int) -> None:
        self._check_manager(conn)
        if self.status != "waiting":
            raise ProtocolError("bad_state", "bots can be removed only before the game starts")
        if index >= self.players or self.seats[index].kind != "bot":
            raise ProtocolError("bad_seat", f"there is no bot at seat {index}")
        self.seats[index] = Seat()
        await self._commit("stood", {"seat": index, "name": ""})

    # ------------------------------------------------------------------ play again

    async def rematch_plan(self, conn: Endpoint) -> tuple[int, list[Seat], str, bool]:
        """For "play again" at this finished table: the asker's seat, the seats to copy,
        the new table's id and whether it is still to be made."""
        if self.status != "finished":
            raise ProtocolError("bad_state", "play again when the game is over")
        if self.kind == "ranked":
            raise ProtocolError("bad_state", "ranked games are found by quick play, not replayed")
        index = self.seat_of(conn.identity.id)
        if index is None:
            raise ProtocolError("not_seated", "only the players of this game can play again")
        fresh = self.rematch is None
        if self.rematch is None:
            self.rematch = new_table_id()
        copied = [Seat(user=s.user, name=s.name, account=s.account, bot=s.bot) for s in self.seats]
        return index, copied, self.rematch, fresh

    async def announce_rematch(self, table_id: str, name: str) -> None:
        await self._commit("rematch", {"table": table_id, "name": name})

    async def open_rematch(
        self, conn: Endpoint, index: int, seats: list[Seat], ref: str | int | None
    ) -> None:
        """The same people and bots, seated as before: the asker sits at once, the others
        are asked (their seats wait for them until they answer or the time runs out)."""
        for i, seat in enumerate(seats):
            if i != index and (seat.user or seat.bot):
                seat.away = bool(seat.user)
                self.seats[i] = seat
                if seat.user:
                    self.awaiting.add(i)
                    self.invited.add(seat.user)
        if self.awaiting:
            self._later("rematch", self.settings.rematch_seconds, self._rematch_timeout)
        await self.sit(conn, index, False, ref)
        if not self.awaiting and self.status == "waiting":
            self._fill_with_bots()
            await self._start_game()

    async def decline(self, conn: Endpoint) -> None:
        """No thanks to playing again: a bot takes the seat kept for this person."""
        index = self.seat_of(conn.identity.id)
        if index is None or index not in self.awaiting:
            raise ProtocolError("bad_state", "you have no open invitation to play at this table")
        self.seats[index] = Seat(bot=self.bot_level, name=bot_name(s.name for s in self.seats))
        await self._commit("bot_seated", {"seat": index, "level": self.bot_level})
        await self._answered(index)

    async def _answered(self, index: int) -> None:
        self.awaiting.discard(index)
        if not self.awaiting and self.status == "waiting":
            self._cancel("rematch")
            self._fill_with_bots()
            await self._start_game()

    async def _rematch_timeout(self) -> None:
        """Bots play for the people who did not answer in time."""
        self._timers.pop("rematch", None)
        for index in sorted(self.awaiting):
            self.seats[index] = Seat(bot=self.bot_level, name=bot_name(s.name for s in self.seats))
        self.awaiting.clear()
        if self.status == "waiting" and self.humans():
            self._fill_with_bots()
            await self._start_game()

    def _check_manager(self, conn: Endpoint) -> None:
        identity = conn.identity
        if self.kind == "ranked":
            raise ProtocolError("forbidden", "ranked tables are for people only: no bots")
        if self.kind == "private" and identity.id != self.host:
            raise ProtocolError("forbidden", "only the host of a private table manages its bots")
        if self.kind == "casual" and self.seat_of(identity.id) is None:
            raise ProtocolError("forbidden", "sit at the table first")

    async def start(self, conn: Endpoint) -> None:
        """Start the game now; empty seats get bots (not at ranked tables)."""
        identity = conn.identity
        if self.status != "waiting":
            raise ProtocolError("bad_state", f"the game has already {self._status_words()}")
        host_here = any(c.identity.id == self.host for c in self.watchers)
        if identity.id != self.host and (host_here or self.seat_of(identity.id) is None):
            raise ProtocolError("forbidden", "only the host starts the game")
        if self.kind == "ranked" and self.free_seats():
            raise ProtocolError("bad_state", "a ranked game starts when every seat is taken")
        if self.humans() == 0:
            raise ProtocolError("bad_state", "no one sits at this table")
        self._check_bot_game()
        self._fill_with_bots()
        await self._start_game()

    def _check_bot_game(self) -> None:
        if any(seat.bot or seat.empty for seat in self.seats):
            self.services.check_bot_game()

    def _status_words(self) -> str:
        return "finished" if self.status == "finished" else "started"

    def _fill_with_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.empty:
                self.seats[i] = Seat(bot=self.bot_level, name=bot_name(s.name for s in self.seats))

    async def _fill_timeout(self) -> None:
        self._timers.pop("fill", None)
        if self.status == "waiting" and self.humans() > 0 and self.kind == "casual":
            try:
                self._check_bot_game()
            except ProtocolError:  # no room for another bot game: wait for people
                self._later("fill", self.settings.fill_seconds, self._fill_timeout)
                return
            self._fill_with_bots()
            await self._start_game()

    async def _start_game(self) -> None:
        self._cancel("fill")
        state = GameState(self.variant)  # no seed: the operating system's secure shuffle
        self.state, self.status, self.started_at = state, "playing", utcnow()
        self.first_dealer = state.deals[0].dealer
        self.seq, self.decks_saved = 0, len(state.deals)
        decks = [(d.number, deck_text(d.deck)) for d in state.deals]
        values = {
            **self._game_values(),
            "first_dealer": self.first_dealer,
            "started_at": self.started_at,
            "scores": list(state.scores),
        }
        try:
            started = {"dealer": state.dealer, "redeals": _redeals(state)}
            await self._commit("started", started, values=values, decks=decks)
        except ProtocolError:
            self.state, self.status, self.started_at = None, "waiting", None
            raise
        log.info("game started", extra={"table": self.id, "variant": self.variant.name})
        self._schedule_game_clock()

    async def act(self, conn: Endpoint, action: str, expected: int | None) -> None:
        """A player's action for their own seat."""
        index = self._own_seat(conn)
        if self.seats[index].conn is not conn:
            raise ProtocolError("not_seated", "join the table with this connection first")
        if expected is not None and expected != self.version:
            raise ProtocolError(
                "stale", f"the table is at version {self.version}, not {expected}: resync"
            )
        pause = self.pause
        self.pause = None  # playing is continuing
        try:
            await self._play(index, action, "player")
        except ProtocolError:
            self.pause = pause
            raise

    async def proceed(self, conn: Endpoint) -> None:
        """A person is done with the hand summary; when all are, the next deal goes on."""
        index = self._own_seat(conn)
        pause = self.pause
        if pause is None:
            return
        user = self.seats[index].user
        if user is not None:
            pause.proceed(user)
        if pause.over():
            self.pause = None
            self._reschedule()

    async def _play(self, seat: int, action: str, by: str) -> None:
        started = time.perf_counter()
        state = self._playing_state()
        to_act = state.current_player
        if seat != to_act:
            raise ProtocolError("not_your_turn", self._turn_words(seat, to_act))
        backup = state.clone()
        try:
            step = state.apply(action, seat=seat)
        except IllegalActionError as exc:
            raise ProtocolError("illegal", str(exc)) from None
        try:
            await self._commit_action(state, step, by)
        except BaseException:
            self.state = backup  # not stored, so not done
            raise
        self.services.metrics.actions.labels(by).inc()
        self.services.metrics.latency.observe(time.perf_counter() - started)

    async def hint(self, conn: Endpoint, ref: str | int | None = None) -> None:
        """The coach's advice for the requester's turn, sent to them when it is ready."""
        view = coaching.hint_view(self, conn)
        pool, version = self.services.bots, self.version
        task = asyncio.create_task(coaching.answer_hint(pool, self.id, conn, view, version, ref))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def review(self, conn: Endpoint, deal: int, ref: str | int | None = None) -> None:
        """The coach's review of the requester's decisions in a finished deal."""
        reviews = self.services.reviews
        if reviews is None:
            raise ProtocolError("unavailable", "this server does not review hands")
        seat = review_request(self, conn, deal)
        task = asyncio.create_task(answer_review(reviews, self.id, conn, deal, seat, ref))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _review_soon(self, deal: int) -> None:
        reviews = self.services.reviews
        if reviews is None or not self.settings.reviews_after_hand:
            return
        if self.kind == "ranked":
            return  # reviewed once the game is over, when asked
        people = [i for i, seat in enumerate(self.seats) if seat.user]
        reviews.soon(self.id, deal, people)

    def _playing_state(self) -> GameState:
        if self.status != "playing" or self.state is None:
            words = {"waiting": "has not started", "finished": "is over"}.get(self.status, "closed")
            raise ProtocolError("bad_state", f"the game at table {self.id} {words}")
        return self.state

    def _turn_words(self, seat: int, to_act: int | None) -> str:
        if to_act is None:
            return "the game is over"
        return f"it is seat {to_act}'s turn ({self.seats[to_act].name}), not seat {seat}'s"

    async def _commit_action(self, state: GameState, step: Step, by: str) -> None:
        decks = [(d.number, deck_text(d.deck)) for d in state.deals[self.decks_saved :]]
        stored = StoredAction(self.seq + 1, step.seat, step.action.text, by, self.version + 1)
        values: dict[str, Any] = {}
        if step.end is not None:
            values["scores"] = list(state.scores)
            if not state.game_over and self.summary_seconds > 0:
                self.pause = Pause.after_hand(self.summary_seconds, self._people_here())
        self.last_trick = trick_seen(step, state) or self.last_trick
        if state.game_over:
            values.update(self._finish_values(state))
            self.status, self.finished_at = "finished", values["finished_at"]
        try:
            await self._commit(
                "action",
                action_data(by, step, state),
                values=values,
                decks=decks,
                actions=[stored],
                step=step,
                with_info=state.game_over,
            )
        except ProtocolError:
            self.status, self.finished_at, self.pause = "playing", None, None
            raise
        self.seq += 1
        self.decks_saved = len(state.deals)
        if step.end is not None:
            self._review_soon(step.end.deals[0].number)
        if state.game_over:
            self._game_finished()

    def _people_here(self) -> list[str]:
        return [s.user for s in self.seats if s.user and s.conn is not None and not s.bot_playing]

    def _finish_values(self, state: GameState) -> dict[str, Any]:
        finished = utcnow()
        names = [s.name for s in self.seats]
        try:
            record: dict[str, Any] | None = export_egn(
                state, players=names, game_id=self.id, date=finished.date().isoformat()
            )
        except Exception:  # the game is over all the same; its actions stay stored
            log.exception("could not export the record", extra={"table": self.id})
            record = None
        return {
            "status": "finished",
            "winner": state.winner,
            "finished_at": finished,
            "record": record,
        }

    def _game_finished(self) -> None:
        log.info("game finished", extra={"table": self.id})
        self.services.metrics.games_finished.inc()
        self.services.finished(self)
        self._cancel("game-clock")
        self._later("expire", self.settings.finished_ttl, self._expire)

    async def _expire(self) -> None:
        self._timers.pop("expire", None)
        self._cancel_all()
        self.services.removed(self)

    async def _maybe_close(self) -> None:
        if self.status == "waiting" and self.humans() == 0:
            self._cancel("fill")
            self.status = "closed"
            await self._commit("closed", {})
            self._cancel_all()
            self.services.removed(self)

    # ------------------------------------------------------------------ clocks and bots

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

    def _reschedule(self) -> None:
        """After every event: whose move is it, and who (person, bot, clock) makes it."""
        self._cancel("turn")
        self.clock = None
        state = self.state
        if self.status != "playing" or state is None or state.current_player is None:
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
            self._later(
                "turn", self.settings.bot_delay, self._auto_turn, self.version, to_act, "bot"
            )
        elif self._clock_runs():
            self.clock = _Clock(to_act, self.turn_seconds, time.monotonic() + self.turn_seconds)
            self._later("turn", self.turn_seconds, self._auto_turn, self.version, to_act, "timer")

    def _unattended(self) -> bool:
        """No person has been connected to this game for ``unattended_seconds``."""
        if any(seat.user and seat.conn is not None for seat in self.seats):
            self._alone_since = None
            return False
        now = time.monotonic()
        if self._alone_since is None:
            self._alone_since = now
        return now - self._alone_since >= self.settings.unattended_seconds

    def close_unseated_later(self) -> None:
        """Close this waiting table if still nobody sits at it ``unseated_seconds`` after
        it was created (at once for an older one restored after a restart)."""
        age = (utcnow() - self.created_at).total_seconds()
        self._later("unseated", self.settings.unseated_seconds - age, self._maybe_close)

    async def _pause_over(self, pause: Pause) -> None:
        if self.pause is pause:
            self.pause = None
            self._reschedule()

    async def _auto_turn(self, version: int, seat: int, by: str) -> None:
        """A bot moves for ``seat`` (its bot seat, or a player who is away or out of time)."""
        if version != self.version or self.state is None:
            return
        view = self.state.view(seat)
        level = self.seats[seat].bot or self.bot_level
        task = asyncio.create_task(self._decide(version, seat, level, by, view))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _decide(self, version: int, seat: int, level: str, by: str, view: Any) -> None:
        choice = await self.services.bots.decide(self.id, seat, level, view)
        self.post(self._auto_act, version, seat, choice, by)

    async def _auto_act(self, version: int, seat: int, action: str, by: str) -> None:
        if version != self.version:
            return
        try:
            await self._play(seat, action, by)
        except ProtocolError as exc:
            log.warning("automatic move refused: %s", exc.message, extra={"table": self.id})
            self._reschedule()

    def _schedule_game_clock(self) -> None:
        left = self.game_time_left()
        if left is not None:
            self._later("game-clock", left, self._time_up)

    async def _time_up(self) -> None:
        self._timers.pop("game-clock", None)
        state = self.state
        if self.status != "playing" or state is None or state.time_up:
            return
        stored = StoredAction(self.seq + 1, -1, TIME_UP, "clock", self.version + 1)
        await self._commit("time_up", {}, actions=[stored])
        state.signal_time_up()  # after it is stored: a failed save leaves the game untimed
        self.seq += 1

    # ------------------------------------------------------------------ restart

    def restore(self, row: GameRow) -> None:
        """Rebuild the table and its game exactly from what was stored."""
        self.status, self.version = row.status, row.version
        self.epoch, self.invited = row.epoch, set(row.invited)
        self.seats = [restored_seat(s) for s in row.seats][: self.players]
        self.seats += [Seat() for _ in range(self.players - len(self.seats))]
        self.created_at, self.started_at = row.created_at, row.started_at
        if row.status == "playing":
            self.state = replay_game(self.variant, row)
            self.last_trick, events = replayed_events(self.variant, row)
            self.events.extend(events)
            self.complete_from = row.version
            self.first_dealer = row.first_dealer or 0
            self.seq, self.decks_saved = len(row.actions), len(row.decks)

    def resume(self) -> None:
        """After a restart: clocks, bots and grace periods start again."""
        for index, seat in enumerate(self.seats):
            if seat.user:
                self._later(f"grace-{index}", self.settings.grace_seconds, self._grace_over, index)
        if self.status == "playing":
            self._reschedule()
            self._schedule_game_clock()
        elif self.kind == "casual" and self.humans():
            self._later("fill", self.settings.fill_seconds, self._fill_timeout)
        if self.status == "waiting":
            self.close_unseated_later()


def replay_game(variant: Variant, row: GameRow) -> GameState:
    """The game rebuilt from its stored decks and actions (each checked again)."""
    decks = [text.split() for text in row.decks]
    state = GameState(variant, dealer=row.first_dealer or 0, decks=decks)
    for stored in row.actions:
        if stored.action == TIME_UP:
            state.signal_time_up()
        else:
            state.apply(stored.action, seat=stored.seat)
    return state


def replayed_events(variant: Variant, row: GameRow) -> tuple[dict[str, Any] | None, list[Event]]:
    """A stored game's last completed trick and its actions as events again (the look-back
    and the log after a restart; seatings and the like are not stored, so not among them)."""
    decks = [text.split() for text in row.decks]
    state = GameState(variant, dealer=row.first_dealer or 0, decks=decks)
    found: dict[str, Any] | None = None
    events: list[Event] = []
    for stored in row.actions:
        if stored.action == TIME_UP:
            state.signal_time_up()
            events.append(make_event(stored.version, "time_up", {}))
            continue
        step = state.apply(stored.action, seat=stored.seat)
        found = trick_seen(step, state) or found
        data = action_data(stored.by, step, state)
        events.append(make_event(stored.version, "action", data, step))
    return found, events


def action_data(by: str, step: Step, state: GameState) -> dict[str, Any]:
    """An action event's own fields: who moved it, and for an order the deal's turn-up and
    dealer (so a log replayed later says who picked up which card in an earlier deal)."""
    if step.action.kind != ActionKind.ORDER:
        return {"by": by}
    return {"by": by, "upcard": CARD_TEXT[state.upcard], "dealer": state.dealer}


def _redeals(state: GameState) -> list[dict[str, Any]]:
    """The deals voided before anyone acted (a farmer's hand at the start)."""
    return [summary_json(d.result) for d in state.deals if d.result is not None]


def _dumps(message: object) -> str:
    return json.dumps(message, separators=(",", ":"))


__all__ = ["KINDS", "Seat", "Services", "Table", "TableSpec", "replay_game"]
