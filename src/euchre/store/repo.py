"""The repository the server writes through, with group commit.

Writes are queued and a single writer task commits everything waiting in one
transaction, so a busy server commits many tables' actions at once while each caller
still returns only after its own write is durable ("persist, then broadcast").
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import operator
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Dialect,
    Engine,
    Table,
    bindparam,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .db import sqlite_file_writer
from .models import Base, Game, GameAction, GameDeck, GameEvent, ServerSecret, User

log = logging.getLogger("euchre.store")
FAILURE_MEMORY = 30.0  # seconds the health check reports a failed write with none since

OPEN_STATUSES = ("waiting", "playing")
_BATCH_LIMIT = 500


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One row of a game's action log."""

    seq: int
    seat: int
    action: str
    by: str
    version: int = 0  # the table's version after this action


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One of a table's events that no action row rebuilds (a seating, the start)."""

    version: int  # the table's version after it
    kind: str
    data: dict[str, Any]


@dataclass(slots=True)
class GameRow:
    """A stored table with its decks and actions, as loaded for a restart."""

    id: str
    kind: str
    status: str
    invite: str | None
    host: str | None
    variant_name: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seats: list[Any]
    first_dealer: int | None
    version: int
    scores: list[int] | None
    winner: int | None
    record: dict[str, Any] | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    decks: list[str] = field(default_factory=list)
    actions: list[StoredAction] = field(default_factory=list)
    events: list[StoredEvent] = field(default_factory=list)
    epoch: int = 0  # the owner's fencing epoch (bumped at each takeover)
    invited: list[str] = field(default_factory=list)  # people who used the invite
    opened_by: str | None = None  # the person who opened the table
    opened_from: str | None = None  # the digest of the address it was opened from


@dataclass(frozen=True, slots=True)
class Opened:
    """A table opened recently: by whom, from where (a digest), and when."""

    game_id: str
    opened_by: str | None
    opened_from: str | None
    at: datetime


@dataclass(slots=True)
class Write:
    """One caller's write: create or update a game row, add decks, actions and events."""

    game_id: str
    create: dict[str, Any] | None = None
    values: dict[str, Any] = field(default_factory=dict)
    decks: Sequence[tuple[int, str]] = ()
    actions: Sequence[StoredAction] = ()
    events: Sequence[StoredEvent] = ()
    epoch: int | None = None  # lands only while the stored epoch is this one


class StoreClosedError(RuntimeError):
    """A write after the repository was closed."""


class FencedError(RuntimeError):
    """A write from an owner whose epoch is past: another instance owns the table now."""

    def __init__(self, game_id: str, epoch: int) -> None:
        super().__init__(f"table {game_id}: epoch {epoch} is no longer the owner's")
        self.game_id = game_id
        self.epoch = epoch


_Pending = tuple[Write, "asyncio.Future[None]"]


class Repository:
    """Reads and (group-committed) writes of tables, games, users and secrets."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        # On an SQLite file, batches are committed by one thread of our own (see
        # sqlite_file_writer); elsewhere through the async engine.
        sync_engine = sqlite_file_writer(engine)
        self._thread = None if sync_engine is None else _WriterThread(sync_engine)
        self._queue: asyncio.Queue[_Pending | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._closed = False
        self.commits = 0
        self.writes = 0
        # Since when writes fail (None: the last one landed), and the last that failed:
        # the health check says so for FAILURE_MEMORY seconds after it.
        self.failing_since: float | None = None
        self.failed_at = 0.0

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Start the writer task (in the running event loop)."""
        if self._writer is None:
            self._writer = asyncio.create_task(self._run(), name="store-writer")

    async def close(self) -> None:
        """Finish every queued write, then stop the writer."""
        if self._closed:
            return
        self._closed = True
        if self._writer is not None:
            self._queue.put_nowait(None)
            await self._writer
            self._writer = None
        if self._thread is not None:
            await self._thread.close()

    # ------------------------------------------------------------------ writes

    async def write(self, item: Write) -> None:
        """Queue a write and return once it is committed (raises if it failed)."""
        if self._closed or self._writer is None:
            raise StoreClosedError("the store is closed")
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((item, future))
        await asyncio.shield(future)

    async def create_game(self, game_id: str, values: dict[str, Any]) -> None:
        await self.write(Write(game_id, create=values))

    async def save(
        self,
        game_id: str,
        values: dict[str, Any],
        decks: Sequence[tuple[int, str]] = (),
        actions: Sequence[StoredAction] = (),
        epoch: int | None = None,
        events: Sequence[StoredEvent] = (),
    ) -> None:
        """Store a table's change; with ``epoch``, only while that is the stored epoch
        (else :class:`FencedError`, and nothing of the write lands)."""
        await self.write(
            Write(game_id, values=values, decks=decks, actions=actions, events=events, epoch=epoch)
        )

    async def take_ownership(self, game_id: str) -> int | None:
        """Bump a table's epoch (a takeover): writes carrying an older one are refused
        from now on. The new epoch, or None when there is no such table."""
        async with self.engine.begin() as conn:
            result = await conn.execute(
                update(Game)
                .where(Game.id == game_id)
                .values(epoch=Game.epoch + 1)
                .returning(Game.epoch)
            )
            found = result.first()
        return None if found is None else int(found[0])

    async def _run(self) -> None:
        stopping = False
        while not stopping:
            first = await self._queue.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < _BATCH_LIMIT and not self._queue.empty():
                item = self._queue.get_nowait()
                if item is None:
                    stopping = True
                    break
                batch.append(item)
            await self._commit(batch)

    async def _commit(self, batch: list[_Pending]) -> None:
        try:
            await self._transaction([w for w, _ in batch])
        except FencedError as exc:
            if len(batch) == 1:
                log.warning("write refused: %s", exc, extra={"game": exc.game_id})
                if not batch[0][1].done():
                    batch[0][1].set_exception(exc)
                return
            for one in batch:  # commit the others
                await self._commit([one])
            return
        except Exception as exc:
            if len(batch) == 1:
                self._write_failed(batch[0][0].game_id, exc)
                _fail(batch[0][1])
                return
            for one in batch:  # find the write that failed; commit the others
                await self._commit([one])
            return
        self.commits += 1
        self.writes += len(batch)
        if self.failing_since is not None:
            log.warning("writes land again after %.0f s", time.monotonic() - self.failing_since)
            self.failing_since = None
        for _, future in batch:
            if not future.done():
                future.set_result(None)

    def _write_failed(self, game_id: str, exc: Exception) -> None:
        """Log a failed write: the first of a run with its traceback, the others in a line
        (a full disk fails every write, and a traceback each would fill it faster)."""
        self.failed_at = time.monotonic()
        if self.failing_since is None:
            self.failing_since = self.failed_at
            log.exception("write failed", extra={"game": game_id})
        else:
            log.warning("write failed again: %s", exc, extra={"game": game_id})

    def writes_failing(self) -> bool:
        """Whether the last write failed, lately (none landed since)."""
        recent = time.monotonic() - self.failed_at < FAILURE_MEMORY
        return self.failing_since is not None and recent

    async def _transaction(self, writes: list[Write]) -> None:
        """Apply ``writes`` in one transaction (raises, and nothing lands, if any fails)."""
        if self._thread is not None:
            await self._thread.commit(writes)
            return
        async with self.engine.begin() as conn:
            await conn.run_sync(_apply, writes)

    # ------------------------------------------------------------------ reads

    async def ping(self) -> bool:
        """True when the database answers and the last write landed."""
        if self.writes_failing():
            return False
        try:
            async with self.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    async def load_open(self, finished_since: datetime | None = None) -> list[GameRow]:
        """Every table not finished (and those finished since ``finished_since``), with
        decks and actions, for a restart."""
        wanted: ColumnElement[bool] = Game.status.in_(OPEN_STATUSES)
        if finished_since is not None:
            wanted = wanted | ((Game.status == "finished") & (Game.finished_at >= finished_since))
        async with self.engine.connect() as conn:
            result = await conn.execute(select(Game).where(wanted))
            rows = [_game_row(r._mapping) for r in result]
            for row in rows:
                await _fill_log(conn, row)
        return rows

    async def load_game(self, game_id: str) -> GameRow | None:
        """One stored table (with its log), or None."""
        async with self.engine.connect() as conn:
            result = await conn.execute(select(Game).where(Game.id == game_id))
            found = result.first()
            if found is None:
                return None
            row = _game_row(found._mapping)
            await _fill_log(conn, row)
        return row

    async def invite_glance(self, game_id: str) -> dict[str, Any] | None:
        """What a friend opening a table's invite sees first: its preset, settings, host
        and seats (None: no such table)."""
        columns = (Game.variant_name, Game.options, Game.settings, Game.host, Game.seats)
        async with self.engine.connect() as conn:
            result = await conn.execute(select(*columns).where(Game.id == game_id))
            found = result.first()
        return None if found is None else dict(found._mapping)

    async def recent_finished(self, limit: int) -> list[dict[str, Any]]:
        """The newest finished games, newest first (no decks or actions)."""
        columns = (
            Game.id,
            Game.kind,
            Game.variant_name,
            Game.options,
            Game.settings,
            Game.seats,
            Game.scores,
            Game.winner,
            Game.finished_at,
        )
        query = (
            select(*columns)
            .where(Game.status == "finished")
            .order_by(Game.finished_at.desc())
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            result = await conn.execute(query)
            return [dict(r._mapping) for r in result]

    @contextlib.asynccontextmanager
    async def one_at_a_time(self, *names: str) -> AsyncIterator[None]:
        """Hold a lock on each of ``names`` over every instance on this database, so that
        a read and the write it decides are not interleaved with another instance's
        (PostgreSQL advisory locks, let go when the transaction ends even if the
        connection is lost). An SQLite file serves one instance: its callers keep their
        own turns."""
        if self.engine.dialect.name != "postgresql":
            yield
            return
        async with self.engine.begin() as conn:
            for key in sorted({_lock_key(name) for name in names}):  # one order: no deadlock
                await conn.execute(select(func.pg_advisory_xact_lock(key)))
            yield

    async def opened_since(self, since: datetime, person: str, address: str) -> list[Opened]:
        """The tables ``person`` opened, or anyone opened from ``address`` (a digest; ""
        for none), at ``since`` or later, closed ones too."""
        whose = Game.opened_by == person
        if address:
            whose = whose | (Game.opened_from == address)
        query = select(Game.id, Game.opened_by, Game.opened_from, Game.created_at).where(
            whose & (Game.created_at >= since)
        )
        async with self.engine.connect() as conn:
            result = await conn.execute(query)
            return [
                Opened(r.id, r.opened_by, r.opened_from, as_utc(r.created_at) or since)
                for r in result
            ]

    async def user_exists(self, user_id: int) -> bool:
        async with self.engine.connect() as conn:
            result = await conn.execute(select(User.id).where(User.id == user_id))
            return result.first() is not None

    async def secret(self, name: str) -> str:
        """A secret shared by every instance on this database (made on first use)."""
        async with self.engine.connect() as conn:
            found = await _read_secret(conn, name)
        if found is not None:
            return found
        with contextlib.suppress(IntegrityError):  # another instance made it first
            async with self.engine.begin() as conn:
                await conn.execute(
                    insert(ServerSecret).values(name=name, value=secrets.token_urlsafe(48))
                )
        async with self.engine.connect() as conn:
            made = await _read_secret(conn, name)
        if made is None:
            raise RuntimeError(f"could not store the secret {name!r}")
        return made


def _lock_key(name: str) -> int:
    """The advisory lock's number for ``name`` (PostgreSQL's locks are keyed by a bigint)."""
    digest = hashlib.blake2b(name.encode(), digest_size=8, person=b"euchre-lock").digest()
    return int.from_bytes(digest, "big", signed=True)


class _WriterThread:
    """One thread that commits the batches on a connection of its own, kept open: one
    hand-over between threads per batch, no check-out from a pool."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        self._conn: Connection | None = None

    async def commit(self, writes: list[Write]) -> None:
        await asyncio.get_running_loop().run_in_executor(self._executor, self._commit, writes)

    def _commit(self, writes: list[Write]) -> None:
        conn = self._conn
        if conn is None or conn.closed or conn.invalidated:
            conn = self._conn = self._engine.connect()
        with conn.begin():
            _apply(conn, writes)

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._executor, self._disconnect)
        self._executor.shutdown()
        self._engine.dispose()

    def _disconnect(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def _fail(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_exception(RuntimeError("the database refused the write (see the log)"))


def _apply(conn: Connection, writes: list[Write]) -> None:
    """A whole batch in a few statements: inserts, one update per game, decks, actions,
    events."""
    creates = [{"id": w.game_id, **w.create} for w in writes if w.create is not None]
    if creates:
        conn.execute(insert(Game), creates)
    _fenced_updates(conn, [w for w in writes if w.epoch is not None])
    for keys, rows in _updates([w for w in writes if w.epoch is None]).items():
        statement = (
            update(Game)
            .where(Game.id == bindparam("_id"))
            .values({k: bindparam("_v_" + k) for k in keys})
        )
        conn.execute(statement, rows)
    decks = [{"game_id": w.game_id, "deal": n, "deck": d} for w in writes for n, d in w.decks]
    _insert(conn, GameDeck, decks)
    now = utcnow()
    actions = [_action_row(w.game_id, a, now) for w in writes for a in w.actions]
    _insert(conn, GameAction, actions)
    events = [
        {"game_id": w.game_id, "version": e.version, "kind": e.kind, "data": e.data, "at": now}
        for w in writes
        for e in w.events
    ]
    _insert(conn, GameEvent, events)


def _insert(conn: Connection, model: type[Base], rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (each with the same keys). On SQLite straight through the driver's
    ``executemany``, each value made by its column's own bind processor, as SQLAlchemy would
    make it: its statement machinery costs the writer thread more than SQLite's work."""
    if not rows:
        return
    if conn.dialect.name != "sqlite":
        conn.execute(insert(model), rows)
        return
    keys = tuple(rows[0])
    sql, processors = _sqlite_insert(conn.dialect, model, keys)
    values = [
        tuple(
            v if process is None else process(v)
            for process, v in zip(processors, row_values, strict=True)
        )
        for row_values in map(operator.itemgetter(*keys), rows)
    ]
    with contextlib.closing(_driver(conn).cursor()) as cursor:
        cursor.executemany(sql, values)


@functools.cache
def _sqlite_insert(
    dialect: Dialect, model: type[Base], keys: tuple[str, ...]
) -> tuple[str, tuple[Callable[[Any], Any] | None, ...]]:
    table = model.__table__
    assert isinstance(table, Table)
    columns = [table.c[key] for key in keys]
    quote = dialect.identifier_preparer
    names = ", ".join(quote.quote(c.name) for c in columns)
    marks = ", ".join("?" for _ in columns)
    processors = tuple(c.type.dialect_impl(dialect).bind_processor(dialect) for c in columns)
    return f"INSERT INTO {quote.format_table(table)} ({names}) VALUES ({marks})", processors


def _fenced_updates(conn: Connection, writes: list[Write]) -> None:
    """Each game's write lands only while the stored epoch is the writer's, so a stale
    owner's write fails (and with it the whole transaction, its decks and actions) however
    late it arrives. A game whose row changes gets one conditional UPDATE; the games whose
    writes only add actions or decks (most of them) are checked by one locking read of
    their epochs, which a takeover's bump must wait for (PostgreSQL: FOR SHARE; SQLite has
    one writer at a time), instead of rewriting their rows."""
    merged: dict[str, tuple[int, dict[str, Any]]] = {}
    for w in writes:
        assert w.epoch is not None
        epoch, values = merged.setdefault(w.game_id, (w.epoch, {}))
        if epoch != w.epoch:
            raise FencedError(w.game_id, min(epoch, w.epoch))  # retried one by one
        values.update(w.values)
    checked = {game_id: epoch for game_id, (epoch, values) in merged.items() if not values}
    if checked:
        stored = _stored_epochs(conn, list(checked))
        for game_id, epoch in checked.items():
            if stored.get(game_id) != epoch:
                raise FencedError(game_id, epoch)
    for game_id, (epoch, values) in merged.items():
        if not values:
            continue
        result = conn.execute(
            update(Game).where(Game.id == game_id, Game.epoch == epoch).values(values)
        )
        if result.rowcount != 1:
            raise FencedError(game_id, epoch)


def _stored_epochs(conn: Connection, game_ids: list[str]) -> dict[str, int]:
    """The stored epochs of these games, read so that a takeover's bump waits for this
    transaction (PostgreSQL: FOR SHARE; SQLite has one writer at a time, and there the
    read goes straight through the driver, as the inserts do)."""
    if conn.dialect.name != "sqlite":
        query = select(Game.id, Game.epoch).where(Game.id.in_(game_ids)).with_for_update(read=True)
        return {game_id: epoch for game_id, epoch in conn.execute(query)}
    marks = ", ".join("?" for _ in game_ids)
    with contextlib.closing(_driver(conn).cursor()) as cursor:
        cursor.execute(f"SELECT id, epoch FROM games WHERE id IN ({marks})", game_ids)
        return {game_id: epoch for game_id, epoch in cursor.fetchall()}


def _driver(conn: Connection) -> Any:
    """The DBAPI connection under ``conn`` (within its transaction)."""
    return conn.connection.dbapi_connection


def _updates(writes: list[Write]) -> dict[tuple[str, ...], list[dict[str, Any]]]:
    """Each game's changes merged in order (later wins), grouped by the columns they set."""
    merged: dict[str, dict[str, Any]] = {}
    for w in writes:
        if w.values:
            merged.setdefault(w.game_id, {}).update(w.values)
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for game_id, values in merged.items():
        keys = tuple(sorted(values))
        row = {"_id": game_id, **{"_v_" + k: values[k] for k in keys}}
        groups.setdefault(keys, []).append(row)
    return groups


def _action_row(game_id: str, a: StoredAction, now: datetime) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "seq": a.seq,
        "seat": a.seat,
        "action": a.action,
        "by": a.by,
        "version": a.version,
        "at": now,
    }


async def _read_secret(conn: AsyncConnection, name: str) -> str | None:
    result = await conn.execute(select(ServerSecret.value).where(ServerSecret.name == name))
    found = result.first()
    return None if found is None else str(found[0])


def _game_row(m: Any) -> GameRow:
    return GameRow(
        id=m["id"],
        kind=m["kind"],
        status=m["status"],
        invite=m["invite"],
        host=m["host"],
        variant_name=m["variant_name"],
        options=dict(m["options"] or {}),
        settings=dict(m["settings"] or {}),
        seats=list(m["seats"] or []),
        first_dealer=m["first_dealer"],
        version=int(m["version"]),
        scores=m["scores"],
        winner=m["winner"],
        record=m["record"],
        created_at=as_utc(m["created_at"]) or utcnow(),
        started_at=as_utc(m["started_at"]),
        finished_at=as_utc(m["finished_at"]),
        epoch=int(m["epoch"] or 0),
        invited=[str(p) for p in m["invited"] or []],
        opened_by=m["opened_by"],
        opened_from=m["opened_from"],
    )


async def _fill_log(conn: AsyncConnection, row: GameRow) -> None:
    decks = await conn.execute(
        select(GameDeck.deal, GameDeck.deck)
        .where(GameDeck.game_id == row.id)
        .order_by(GameDeck.deal)
    )
    row.decks = [d for _, d in decks]
    actions = await conn.execute(
        select(
            GameAction.seq, GameAction.seat, GameAction.action, GameAction.by, GameAction.version
        )
        .where(GameAction.game_id == row.id)
        .order_by(GameAction.seq)
    )
    row.actions = [StoredAction(*found) for found in actions]
    events = await conn.execute(
        select(GameEvent.version, GameEvent.kind, GameEvent.data)
        .where(GameEvent.game_id == row.id)
        .order_by(GameEvent.version)
    )
    row.events = [StoredEvent(v, k, dict(d)) for v, k, d in events]
    if row.actions:  # actions carry the version; the game row has it for other events
        row.version = max(row.version, row.actions[-1].version)
