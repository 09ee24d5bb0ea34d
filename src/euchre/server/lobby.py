"""The lobby: the tables of this instance by id and invite code, and the way to them.

Every client request for a table goes through :meth:`Lobby.run` as a typed command
(``euchre.server.table_commands``): a table of this instance runs it in its actor; with
Redis, a table owned by another instance gets it forwarded there, and one whose owner is
gone is taken over from the database (``euchre.server.ownership``, docs/operations.md).
The table list lives in ``lobby_feed``, quick play in ``matchmaking``, a table's rules
and settings in ``table_setup``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any

from euchre.engine import Variant
from euchre.engine.quoting import quoted
from euchre.store import GameRow
from euchre.store.repo import utcnow

from .auth import require_account
from .bus import Bus, RedisBus
from .chat import Chat
from .cluster import Cluster
from .connection import Connection, Endpoint
from .kinds import TableKind, TableStatus
from .limits import deployment_namespace
from .lobby_feed import LobbyFeed
from .lookback import new_invite, normal_invite
from .matchmaking import quick_play
from .ownership import OPEN, Owners
from .protocol import Create, ProtocolError, no_table
from .quotas import Quotas
from .rematch import play_again_here
from .table import Creator, Services, Table, TableSpec, new_table_id, restorable
from .table.parts import house_rules
from .table_commands import (
    Command,
    Disconnected,
    News,
    PlayAgain,
    ReadChat,
    Ref,
    RematchLeft,
    RematchNews,
    Say,
    Sit,
    perform,
    tell,
)
from .table_setup import (
    check_ranked,
    created_spec,
    stored_house_rules,
    stored_spec,
)

log = logging.getLogger("euchre.lobby")
MAX_FOLLOWED = 20  # "play again" tables an invite follows (a long evening of rematches)


class Lobby:
    """Every table of this instance, by id and by invite code."""

    def __init__(
        self, services: Services, bus: Bus, instance: str, chat: Chat | None = None
    ) -> None:
        self.services = services
        self.settings = services.settings
        self.bots_default = services.bots_default
        self.instance = instance
        self.tables: dict[str, Table] = {}
        self.invites: dict[str, str] = {}
        self.queue_locks: dict[tuple[TableKind, Variant], asyncio.Lock] = {}  # matchmaking
        self.quotas = Quotas(self.settings, self.tables, services.store)
        self.chat = chat  # the chat at the tables (None: chat requests are refused)
        if chat is not None:
            chat.tables = self.tables
        self._tasks: set[asyncio.Task[Any]] = set()
        self._telling: dict[str, asyncio.Task[None]] = {}  # the last news sent to a table
        # "play again" tables being opened here, each set once its seats are kept
        self.rematches_opening: dict[str, asyncio.Event] = {}
        self.cluster: Cluster | None = None
        self.owners: Owners | None = None
        if isinstance(bus, RedisBus):
            settings = self.settings
            self.cluster = Cluster(bus, instance, settings.lease_seconds, settings.relay_timeout)
            self.owners = Owners(self, self.cluster)
        self.feed = LobbyFeed(bus, instance, self.tables, self.spawn, self.shared)
        services.changed = self.feed.table_changed
        services.removed = self.table_removed
        services.rematch_news = self._rematch_news
        services.rematch_left = self._rematch_left
        services.lost = lambda table: self.abandon(table.id)
        services.check_bot_game = self.quotas.check_bot_games

    @property
    def shared(self) -> bool:
        """Whether other instances hold tables too (Redis)."""
        return self.owners is not None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen to the bus and bring back every unfinished table from the store (with
        Redis: those no other live instance owns)."""
        await self.feed.start()
        await self.quotas.start()
        owners = self.owners
        if owners is not None:
            self.services.owned = owners.leases_valid
            await owners.start(await deployment_namespace(self.services.store))
        ttl = self.settings.finished_ttl
        since = utcnow() - timedelta(seconds=ttl)
        for found in await self.services.store.load_open(finished_since=since):
            if owners is not None and not await owners.cluster.claim(found.id):
                continue
            row = await self.own_row(found.id)
            if row is None or not restorable(row, ttl):  # expired meanwhile
                if owners is not None:
                    await owners.cluster.release(found.id)
                continue
            table = self.bring_back(row)
            if table is not None and owners is not None:
                await owners.share(table)
        log.info("tables restored", extra={"tables": len(self.tables)})
        if owners is not None:
            owners.maintain()

    async def own_row(self, table_id: str) -> GameRow | None:
        """Bump the table's epoch, then read it: whatever an earlier owner still manages
        to write is either read here or refused by the database."""
        store = self.services.store
        if await store.take_ownership(table_id) is None:
            return None
        return await store.load_game(table_id)

    def bring_back(self, row: GameRow) -> Table | None:
        """A stored table playing again here (None: it could not be restored)."""
        try:
            table = Table(self.services, row.id, self._stored_spec(row), row.invite)
            table.restore(row)
        except Exception:
            log.exception("could not restore a table", extra={"table": row.id})
            return None
        self._register(table)
        self.quotas.restored(table.id, table.creator)
        table.resume()
        self.feed.table_changed(table)
        return table

    def _stored_spec(self, row: GameRow) -> TableSpec:
        return stored_spec(row, self.settings, self.bots_default)

    async def stop(self) -> None:
        """Stop every table (finishing queued writes); the other instances take them over
        at once."""
        if self.owners is not None:
            await self.owners.stop_maintaining()
        for task in list(self._tasks):
            await asyncio.wait({task})
        tables = list(self.tables.values())
        if tables:
            await asyncio.wait([asyncio.create_task(t.stop()) for t in tables])
        if self.owners is not None:
            await self.owners.hand_over([table.id for table in tables])

    def _register(self, table: Table) -> None:
        self.tables[table.id] = table
        if table.invite:
            self.invites[table.invite] = table.id
        table.start_actor()

    def unregister(self, table: Table) -> None:
        """Forget a table of this instance (its actor is stopped by the caller)."""
        self.tables.pop(table.id, None)
        self.quotas.forget(table.id)
        if table.invite:
            self.invites.pop(table.invite, None)

    def _rematch_news(self, table: Table, closed: bool = False) -> None:
        """Tell a rematch's finished table which seats bots took and who sits where, or
        that the rematch closed before its game."""
        if table.rematch_of:
            people = [seat.user for seat in table.seats]
            news = RematchNews(table.id, sorted(table.declined), closed, people)
            self.tell(table.rematch_of, news)

    def _rematch_left(self, table_id: str, person: str) -> None:
        self.tell(table_id, RematchLeft(person))

    def tell(self, table_id: str, news: News) -> None:
        """Give a table news of another (from that one's actor, so never waiting): at once
        to a table of this instance, else through its owner, in the order told."""
        table = self.tables.get(table_id)
        if table is not None and table_id not in self._telling:
            table.post(tell, table, news)
        elif self.owners is not None:
            before = self._telling.get(table_id)
            task = asyncio.ensure_future(self._tell_after(before, table_id, news))
            self._telling[table_id] = task
            self._tasks.add(task)
            task.add_done_callback(lambda done: self._told(table_id, done))

    async def _tell_after(
        self, before: asyncio.Task[None] | None, table_id: str, news: News
    ) -> None:
        if before is not None:
            await asyncio.wait({before})
        assert self.owners is not None
        try:
            await self.owners.tell(table_id, news)
        except ProtocolError as exc:  # the table is over, or could not be reached
            log.warning("news not told", extra={"table": table_id, "code": exc.code})
        except Exception:
            log.exception("news not told", extra={"table": table_id})

    def _told(self, table_id: str, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if self._telling.get(table_id) is task:
            del self._telling[table_id]

    async def tell_here(self, table_id: str, news: News) -> None:
        """News of another table for a table of this instance."""
        table = self.find(table_id)
        await table.call(tell, table, news)

    def table_removed(self, table: Table) -> None:
        """A table closed or expired: forget it and stop its actor."""
        if table.started_at is None or table.status == TableStatus.CLOSED:
            # a rematch closed before or during its game: "play again" opens another (a
            # closed one's id was handed out for as long as the finished game was kept)
            self._rematch_news(table, closed=True)
        self.unregister(table)
        self.feed.table_changed(table)
        self.spawn(table.stop())
        if self.cluster is not None:
            self.spawn(_quietly(self.cluster.forget(table.id, table.invite), table.id))

    def abandon(self, table_id: str) -> None:
        """Another instance owns the table now (this one stalled): drop it unsaved; the
        clients here watching it join it at its new owner."""
        table = self.tables.get(table_id)
        if table is None:
            return
        self.unregister(table)
        log.warning("table lease lost", extra={"table": table_id})
        self.spawn(table.abandon())
        if self.cluster is not None and self.owners is not None:
            self.cluster.forget_owner(table_id)
            self.owners.rehome(table_id)

    def spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run a job in the background (awaited on shutdown)."""
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ finding tables

    def find(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise no_table(table_id)
        return table

    def by_invite(self, code: str) -> Table:
        table_id = self.invites.get(normal_invite(code))
        if table_id is None or table_id not in self.tables:
            raise no_invite(code)
        return self.tables[table_id]

    async def invite_table(self, code: str) -> str:
        """The id of the table an invite code opens (on any instance)."""
        code = normal_invite(code)
        table_id = self.invites.get(code)
        if table_id is not None and table_id in self.tables:
            return table_id
        found = None if self.cluster is None else await self.cluster.invite_table(code)
        if found is None:
            raise no_invite(code)
        return found

    def followed(self, table_id: str) -> str:
        """The table an invite leads to: a finished game's "play again" table, where its
        people went (the link a group shared keeps working), else the table itself."""
        for _ in range(MAX_FOLLOWED):
            table = self.tables.get(table_id)
            if table is None or table.status != TableStatus.FINISHED or table.rematch is None:
                break
            if table.rematch not in self.tables:
                break
            table_id = table.rematch
        return table_id

    def visible(self, table_id: str, conn: Endpoint) -> Table:
        """A table this connection may reach by id (private ones look absent)."""
        table = self.find(table_id)
        if not table.may_see(conn.identity):
            raise no_table(table_id)
        return table

    async def describe(self, table_id: str) -> dict[str, Any] | None:
        """A public table as ``GET /api/tables/{id}`` shows it, wherever it is (None: no
        such table, or a private one)."""
        owners = self.owners
        if table_id in self.tables or owners is None:
            return self.describe_local(table_id)
        try:
            found: dict[str, Any] | None = await owners.at_owner(
                table_id,
                lambda: owners.describe_here(table_id),
                lambda owner: owners.cluster.describe(owner, table_id),
            )
        except ProtocolError as exc:
            if exc.code != "not_found":
                raise
            return None
        return found

    def describe_local(self, table_id: str) -> dict[str, Any] | None:
        """A public table of this instance: its ``info`` and ``version`` (None: no such
        table here, or a private one)."""
        table = self.tables.get(table_id)
        if table is None or table.kind == TableKind.PRIVATE:
            return None
        return {**table.info(), "version": table.version}

    # ------------------------------------------------------------------ the table list

    @property
    def watchers(self) -> set[Connection]:
        return self.feed.watchers

    def listing(self) -> list[dict[str, Any]]:
        """Open public tables of every instance."""
        return self.feed.listing()

    def listing_json(self) -> str:
        """:meth:`listing` as JSON text (the same text while nothing changes)."""
        return self.feed.listing_json()

    def seated(self, person: str) -> list[dict[str, Any]]:
        """The open tables of this instance where ``person`` holds a seat (a bot may be
        playing it while they are away; one they left is not theirs to list, though they
        may take it back): one pass over the tables held in memory, no store."""
        out = []
        for table in self.tables.values():
            seat = table.seat_of(person) if table.status in OPEN else None
            if seat is not None and not table.seats[seat].left:
                others = [
                    {"seat": i, "name": s.name, "type": s.kind}
                    for i, s in enumerate(table.seats)
                    if i != seat and not s.empty
                ]
                out.append(
                    {
                        "id": table.id,
                        "kind": table.kind,
                        "status": table.status,
                        "seat": seat,
                        # which table it is: its rules and who else sits there
                        "preset": table.preset,
                        "house_rules": house_rules(table.variant, table.preset),
                        "others": others,
                    }
                )
        return out

    def subscribe(self, conn: Connection) -> None:
        self.feed.subscribe(conn)

    def unsubscribe(self, conn: Connection) -> None:
        self.feed.unsubscribe(conn)

    # ------------------------------------------------------------------ requests

    async def run(
        self, conn: Endpoint, table_id: str, command: Command, visible: bool = True
    ) -> Any:
        """Perform a client's request at a table, wherever the table is; ``visible``: a
        private table looks absent to people it does not know (not for invites)."""
        if self.owners is None or table_id in self.tables:
            return await self.run_here(conn, table_id, command, visible)
        assert isinstance(conn, Connection)
        return await self.owners.run(conn, table_id, command, visible)

    async def run_here(self, conn: Endpoint, table_id: str, command: Command, visible: bool) -> Any:
        """A request at a table of this instance."""
        table = self.visible(table_id, conn) if visible else self.find(table_id)
        match command:
            case Say(text=text, preset=preset, ref=ref):
                await self._chat().say(conn, table, text, preset, ref)
                return None
            case ReadChat():
                return await self._chat().log(conn, table)
            case PlayAgain(ref=ref):
                return await play_again_here(self, conn, table, ref)
            case Sit() if table.seat_of(conn.identity.id) is None:
                with self.quotas.taking_seat(conn, table.id):
                    return await self._perform(table, conn, command)
        return await self._perform(table, conn, command)

    async def _perform(self, table: Table, conn: Endpoint, command: Command) -> Any:
        try:
            return await table.call(perform, table, conn, command)
        except ProtocolError as exc:
            # The seat may be held by a client of an instance that died a moment ago.
            if exc.code != "seat_in_use" or self.cluster is None:
                raise
            if not await self.cluster.check_nodes():
                raise
        return await table.call(perform, table, conn, command)

    def _chat(self) -> Chat:
        if self.chat is None:
            raise ProtocolError("unavailable", "this server has no chat")
        return self.chat

    def connected(self, conn: Connection) -> None:
        """A client connected to this instance (tables elsewhere may send it messages)."""
        if self.cluster is not None:
            self.cluster.local[conn.id] = conn

    async def disconnected(self, conn: Connection) -> None:
        """The client is gone: at every table it watched, its seat is kept for the grace
        period."""
        remote = []
        for table_id in list(conn.tables):
            table = self.tables.get(table_id)
            if table is not None:
                with contextlib.suppress(ProtocolError):
                    await table.call(perform, table, conn, Disconnected())
            elif self.cluster is not None:
                remote.append(table_id)
        if self.cluster is not None:
            self.cluster.local.pop(conn.id, None)
            if remote:
                await self.cluster.gone(conn, remote)

    # ------------------------------------------------------------------ opening tables

    async def create(self, conn: Connection, request: Create) -> Table:
        """A new table as the request describes (the creator sits down unless told not to)."""
        spec = created_spec(request, self.settings, self.bots_default, conn.identity.id)
        if spec.kind == TableKind.RANKED:
            await self.check_account(conn)
            check_ranked(spec.variant, request.options)
        return await self.open_table(spec, conn)

    async def quick_play(
        self, conn: Connection, preset_name: str, ref: Ref, ranked: bool = False
    ) -> Table | None:
        """Seat the player at a casual (or ranked) table with room, or open one."""
        return await quick_play(self, conn, preset_name, ref, ranked)

    async def check_account(self, conn: Connection) -> None:
        account = require_account(conn.identity)
        if not await self.services.user_exists(account):
            raise ProtocolError("account_required", "your account no longer exists")

    async def open_table(
        self, spec: TableSpec, conn: Connection, bots_at_once: bool = True
    ) -> Table:
        """A new table for ``conn``, within their quota of tables (and of bot games, for
        a table that may start with bots at once)."""
        table_id = new_table_id()
        async with self.quotas.opening_table(table_id, conn, bots_at_once) as creator:
            return await self.new_table(spec, table_id, creator)

    async def new_table(self, spec: TableSpec, table_id: str, creator: Creator) -> Table:
        """Open, store and list a table (a private one gets an invite code)."""
        invite = new_invite() if spec.kind == TableKind.PRIVATE else None
        table = Table(self.services, table_id, spec, invite)
        table.creator = creator
        if self.cluster is not None and not await self.cluster.claim(table.id):
            raise ProtocolError("server_error", "could not open a table; try again")
        await table.create()
        self._register(table)
        table.close_unseated_later()
        if self.cluster is not None and invite:
            await self.cluster.share_invite(invite, table.id)
        log.info("table created", extra={"table": table.id, "kind": spec.kind})
        self.feed.table_changed(table)
        return table


def invite_preview(glance: dict[str, Any]) -> dict[str, Any]:
    """An invite's table as a friend reads it before joining (``Repository.invite_glance``):
    who hosts it (None when the host holds no seat), its rules' preset, what the host changed
    from that preset (its house rules) and its size."""
    host = glance["host"]
    seats = [s for s in glance["seats"] if isinstance(s, dict)]
    name = next((str(s["name"]) for s in seats if host and s.get("user") == host), None)
    preset = str(glance["settings"].get("preset", glance["variant_name"]))
    return {
        "host": name or None,
        "preset": preset,
        "house_rules": stored_house_rules(glance.get("options"), preset),
        "players": len(glance["seats"]),
    }


def no_invite(code: str) -> ProtocolError:
    """The error for an invite that leads nowhere, saying what the friend can do."""
    return ProtocolError(
        "not_found",
        f"no table has the invite code {quoted(code)}: the table has closed or the code is"
        " mistyped; ask whoever invited you for a new invite",
    )


async def _quietly(job: Coroutine[Any, Any, None], table_id: str) -> None:
    try:
        await job
    except Exception:
        log.exception("could not update the table's lease", extra={"table": table_id})
