"""Quick play and the ranked queue: a seat at a waiting table with these rules, or a new one.

A person asking again while they wait gets the same seat back; then the waiting tables
of this instance with a free seat (the one with the most people first), then those of
other instances (with Redis), and at last a new table. Tables whose seat was taken
meanwhile are passed over.

With several instances the askers of one queue take turns across all of them (a Redis
lock), and the table a queue last opened is kept in Redis: two people asking at the same
moment through different instances would otherwise each open a table before the other's
was listed, and at a ranked table, which takes no bots, wait for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any, Protocol

from redis.exceptions import RedisError

from euchre.engine import Variant

from .cluster import Cluster
from .config import Settings
from .connection import Connection, Endpoint
from .kinds import SeatKind, TableKind, TableStatus
from .lobby_feed import LISTED, LobbyFeed
from .protocol import ProtocolError
from .quotas import Quotas
from .table import Table, TableSpec
from .table_commands import Command, Ref, Sit, perform
from .table_setup import check_ranked, quick_play_spec, variant_for

log = logging.getLogger("euchre.matchmaking")

# Errors that make quick play try the next table.
NEXT_TABLE = ("full", "seat_taken", "bad_state", "not_found", "unavailable")
# The longest an asker holds (or waits for) a queue's turn across instances.
QUEUE_TURN_SECONDS = 5.0


class Lobby(Protocol):
    """What quick play needs of the lobby."""

    tables: dict[str, Table]
    feed: LobbyFeed
    quotas: Quotas
    settings: Settings
    bots_default: str
    queue_locks: dict[tuple[TableKind, Variant], asyncio.Lock]
    cluster: Cluster | None

    @property
    def shared(self) -> bool:
        """Whether other instances hold tables too (Redis)."""

    async def run(
        self, conn: Endpoint, table_id: str, command: Command, visible: bool = True
    ) -> Any: ...

    async def open_table(
        self, spec: TableSpec, conn: Connection, bots_at_once: bool = True
    ) -> Table: ...

    async def check_account(self, conn: Connection) -> None: ...


async def quick_play(
    lobby: Lobby, conn: Connection, preset_name: str, ref: Ref, ranked: bool = False
) -> Table | None:
    """Seat the player at a casual (or ranked) table with room, or open one (they get
    its snapshot); the table, when it is on this instance."""
    variant = variant_for(preset_name, {})
    kind = TableKind.RANKED if ranked else TableKind.CASUAL
    if ranked:
        await lobby.check_account(conn)
        check_ranked(variant, {})
    sit = Sit(None, False, ref)
    own = _waiting_seat(lobby, conn, variant, kind)
    if own is not None:
        await own.call(perform, own, conn, sit)
        return own
    wanted = quick_play_spec(variant, kind, lobby.settings, lobby.bots_default)
    # One asker of a queue at a time: people arriving together would each find no table
    # while the first one's new table is being stored, and each open their own.
    async with lobby.queue_locks.setdefault((kind, variant), asyncio.Lock()):
        if lobby.cluster is None:
            return await _find_or_open(lobby, conn, wanted, sit, None)
        redis, key = lobby.cluster.redis, lobby.cluster.keys.queue + queue_key(wanted)
        async with _queue_turn(redis, key):
            filling = await _filling(redis, key)
            table = await _find_or_open(lobby, conn, wanted, sit, filling)
            if table is not None and table.id != filling and table.free_seats() > 0:
                await _keep_filling(redis, key, table.id, lobby.settings.unseated_seconds)
            return table


def queue_key(wanted: TableSpec) -> str:
    """The same for every instance asked for a seat at a table like ``wanted``."""
    rules = {"players": wanted.variant.players, "options": wanted.variant.options()}
    described = json.dumps([wanted.kind, rules, queue_settings(wanted)], sort_keys=True)
    return hashlib.sha256(described.encode()).hexdigest()[:24]


@contextlib.asynccontextmanager
async def _queue_turn(redis: Any, key: str) -> AsyncIterator[None]:
    """This asker's turn at the queue across instances (held at most a few seconds; with
    Redis away, each instance goes on by itself rather than refuse quick play)."""
    lock = redis.lock(
        key + ":turn", timeout=QUEUE_TURN_SECONDS, blocking_timeout=QUEUE_TURN_SECONDS
    )
    try:
        held = bool(await lock.acquire())
    except RedisError:
        log.warning("the queue's turn could not be taken (Redis); going on alone")
        held = False
    try:
        yield
    finally:
        if held:
            with contextlib.suppress(RedisError):
                await lock.release()


async def _filling(redis: Any, key: str) -> str | None:
    try:
        raw = await redis.get(key)
    except RedisError:
        return None
    return None if raw is None else str(raw.decode())


async def _keep_filling(redis: Any, key: str, table_id: str, seconds: float) -> None:
    with contextlib.suppress(RedisError):
        await redis.set(key, table_id, px=max(1000, int(seconds * 1000)))


async def _find_or_open(
    lobby: Lobby, conn: Connection, wanted: TableSpec, sit: Sit, filling: str | None
) -> Table | None:
    """A seat at a waiting table like ``wanted`` (of this instance or another: first the
    one the queue fills, ``filling``), or a new one."""
    variant, kind = wanted.variant, wanted.kind
    with lobby.quotas.taking_seat(conn):
        mine_elsewhere = _remote_seats(lobby, conn, variant, kind) if lobby.shared else []
        if mine_elsewhere and await _sit_remote(lobby, conn, mine_elsewhere, sit):
            return None
        if (
            filling
            and filling not in lobby.tables
            and await _sit_remote(lobby, conn, [filling], sit)
        ):
            return None
        for table in _candidates(lobby, wanted):
            try:
                await table.call(perform, table, conn, sit)
            except ProtocolError as exc:
                if exc.code in NEXT_TABLE:
                    continue
                raise
            return table
        if await _sit_remote(lobby, conn, _remote_candidates(lobby, wanted), sit):
            return None
    table = await lobby.open_table(wanted, conn, bots_at_once=False)  # it waits for people
    await table.call(perform, table, conn, sit)
    return table


def _waiting_seat(
    lobby: Lobby, conn: Connection, variant: Variant, kind: TableKind
) -> Table | None:
    """A table of this instance with these rules where the person sits already."""
    for table in lobby.tables.values():
        if (
            table.kind == kind
            and table.status in LISTED
            and table.variant == variant
            and table.seat_of(conn.identity.id) is not None
        ):
            return table
    return None


async def _sit_remote(lobby: Lobby, conn: Connection, table_ids: list[str], sit: Sit) -> bool:
    """Sit at the first of these tables of other instances that has a seat for the
    person (their own, or a free one)."""
    for table_id in table_ids:
        try:
            await lobby.run(conn, table_id, sit)
        except ProtocolError as exc:
            if exc.code in NEXT_TABLE:
                continue
            raise
        return True
    return False


def _remote_seats(lobby: Lobby, conn: Connection, variant: Variant, kind: TableKind) -> list[str]:
    """Open tables of other instances with these rules where the person sits (they
    get that seat again, as at a table of this instance)."""
    person, options, feed = conn.identity.id, variant.options(), lobby.feed
    return [
        table_id
        for table_id, s in feed.remote.items()
        if person in feed.remote_people.get(table_id, ())
        and s.get("kind") == kind
        and s.get("status") in LISTED
        and s.get("players") == variant.players
        and s.get("options") == options
    ]


def queue_settings(spec: TableSpec) -> dict[str, Any]:
    """The settings a table must have for a queue to seat people there: those it would
    open the table with (a table made with a slower clock or weaker bots is not offered)."""
    return {
        "turn_seconds": spec.turn_seconds,
        "bot_level": spec.bot_level,
        "summary_seconds": spec.summary_seconds,
        "hints": spec.hints and spec.kind != TableKind.RANKED,
    }


def _candidates(lobby: Lobby, wanted: TableSpec) -> list[Table]:
    """Waiting tables of this instance like ``wanted`` with a free seat, fullest first."""
    settings = queue_settings(wanted)
    found = [
        t
        for t in lobby.tables.values()
        if t.kind == wanted.kind
        and t.status == TableStatus.WAITING
        and t.variant == wanted.variant
        and t.settings_json() == settings
        and t.free_seats() > 0
    ]
    return sorted(found, key=lambda t: -t.humans())


def _remote_candidates(lobby: Lobby, wanted: TableSpec) -> list[str]:
    """Waiting tables of other instances like ``wanted`` with a free seat."""
    options, settings = wanted.variant.options(), queue_settings(wanted)
    found = [
        s
        for s in lobby.feed.remote.values()
        if s.get("kind") == wanted.kind
        and s.get("status") == TableStatus.WAITING
        and s.get("players") == wanted.variant.players
        and s.get("options") == options
        and {key: s.get(key) for key in settings} == settings
        and int(s.get("free") or 0) > 0
    ]
    found.sort(
        key=lambda s: -sum(1 for seat in s.get("seats", ()) if seat["type"] == SeatKind.HUMAN)
    )
    return [str(s["id"]) for s in found]
