"""The lobby: the tables of this instance, quick play, creation, invites and the table list.

Table summaries travel over the event bus, so with Redis every instance lists the open
tables of every instance. Every request for a table goes through :meth:`Lobby.run`: a
table of this instance runs it in its actor; with Redis, a table owned by another
instance gets it forwarded there, and one whose owner is gone is taken over from the
database (``euchre.server.cluster``, docs/operations.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from euchre.engine import Variant, VariantError, preset
from euchre.engine.variants import PRESETS
from euchre.store import GameRow

from .auth import require_account
from .botplay import check_level
from .bus import Bus, RedisBus
from .chat import Chat
from .cluster import MOVED, Cluster, Hooks, Relay
from .coaching import hints_allowed
from .connection import Connection, Endpoint
from .kinds import TableKind
from .limits import deployment_namespace
from .lookback import new_invite, normal_invite
from .protocol import Create, ProtocolError
from .quotas import Quotas
from .table import Services, Table, TableSpec, new_table_id

log = logging.getLogger("euchre.lobby")

LOBBY_CHANNEL = "lobby"
LISTED = ("waiting", "playing")
# Ranked games use the standard rules of each mode (ratings are kept per mode).
RANKED_PRESETS = ("standard", "cutthroat", "two-player")
OPEN = ("waiting", "playing")
# Requests a client may make of a table (the table's methods of these names), and the
# chat requests, which the lobby hands to the chat with the table.
TABLE_JOBS = frozenset(
    {"join", "resync", "sit", "stand", "leave", "add_bot", "remove_bot", "start", "act", "hint"}
    | {"review", "proceed", "decline"}
    | {"disconnected"}
)
CHAT_JOBS = frozenset(("chat", "chat_log"))
# Errors that make quick play try the next table.
NEXT_TABLE = ("full", "seat_taken", "bad_state", "not_found", "unavailable")


class Lobby:
    """Every table of this instance, by id and by invite code."""

    def __init__(self, services: Services, bus: Bus, instance: str) -> None:
        self.services = services
        self.settings = services.settings
        self.bus = bus
        self.instance = instance
        self.tables: dict[str, Table] = {}
        self.quotas = Quotas(self.settings, self.tables)
        self.invites: dict[str, str] = {}
        self.watchers: set[Connection] = set()
        self.remote: dict[str, dict[str, Any]] = {}
        self.remote_people: dict[str, frozenset[str]] = {}  # who sits at each remote table
        self._dirty: dict[str, Table] = {}
        self._flushing = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self.chat: Chat | None = None  # set by the server (chat requests go through run)
        self.cluster: Cluster | None = None
        if isinstance(bus, RedisBus):
            self.cluster = Cluster(
                bus, instance, self.settings.lease_seconds, self.settings.relay_timeout
            )
        self._loading: dict[str, asyncio.Task[str]] = {}
        self._maintainer: asyncio.Task[None] | None = None
        self._leases_until = 0.0  # monotonic time until which every lease held is valid
        self._stopping = False
        services.changed = self.table_changed
        services.removed = self.table_removed
        services.lost = lambda table: self._abandon(table.id)

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen to the bus and bring back every unfinished table from the store (with
        Redis: those no other live instance owns)."""
        await self.bus.subscribe(LOBBY_CHANNEL, self._on_bus)
        cluster = self.cluster
        if cluster is not None:
            self._leases_until = time.monotonic() + 0.9 * self.settings.lease_seconds
            self.services.owned = self._leases_valid
            namespace = await self._namespace()
            hooks = Hooks(
                answer=self._answer,
                describe=self._describe_here,
                owner_changed=self._owner_changed,
                released=self._released,
                reads_chat=self._reads_chat,
            )
            await cluster.start(namespace, hooks)
        for found in await self.services.store.load_open():
            if cluster is not None and not await cluster.claim(found.id):
                continue
            row = await self._own(found.id)
            if row is None or row.status not in OPEN:  # finished meanwhile
                if cluster is not None:
                    await cluster.release(found.id)
                continue
            try:
                table = self._table_from_row(row)
            except Exception:
                log.exception("could not restore a table", extra={"table": row.id})
                continue
            self._register(table)
            table.resume()
            self.table_changed(table)
            await self._share(table)
        log.info("tables restored", extra={"tables": len(self.tables)})
        if cluster is not None:
            self._maintainer = asyncio.create_task(self._maintain(), name="table-leases")

    async def _namespace(self) -> str:
        """A name shared by every instance on this database (a digest of a stored secret)."""
        return await deployment_namespace(self.services.store)

    def _table_from_row(self, row: GameRow) -> Table:
        variant = Variant().replace(**row.options).renamed(row.variant_name)
        settings = row.settings
        spec = TableSpec(
            kind=TableKind(row.kind),
            variant=variant,
            preset=str(settings.get("preset", row.variant_name)),
            turn_seconds=float(settings.get("turn_seconds", self.settings.turn_seconds)),
            bot_level=str(settings.get("bot_level", self.services.bots_default)),
            host=row.host,
            summary_seconds=float(settings.get("summary_seconds", self.settings.summary_seconds)),
            hints=bool(settings.get("hints", row.kind != "ranked")),
        )
        table = Table(self.services, row.id, spec, row.invite)
        table.restore(row)
        return table

    async def stop(self) -> None:
        """Stop every table (finishing queued writes); the other instances take them over
        at once."""
        self._stopping = True
        if self._maintainer is not None:
            self._maintainer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._maintainer
        for task in list(self._tasks):
            await asyncio.wait({task})
        tables = list(self.tables.values())
        if tables:
            await asyncio.wait([asyncio.create_task(t.stop()) for t in tables])
        if self.cluster is not None:
            try:
                await self.cluster.hand_over([table.id for table in tables])
            except Exception:  # the others take the tables once the leases run out
                log.exception("could not hand the tables over")
            await self.cluster.close()

    def _register(self, table: Table) -> None:
        self.tables[table.id] = table
        if table.invite:
            self.invites[table.invite] = table.id
        table.start_actor()

    # ------------------------------------------------------------------ finding tables

    def find(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("not_found", f"no table {table_id}")
        return table

    def by_invite(self, code: str) -> Table:
        table_id = self.invites.get(normal_invite(code))
        if table_id is None or table_id not in self.tables:
            raise ProtocolError("not_found", f"no table has the invite code {code}")
        return self.tables[table_id]

    async def invite_table(self, code: str) -> str:
        """The id of the table an invite code opens (on any instance)."""
        code = normal_invite(code)
        table_id = self.invites.get(code)
        if table_id is not None and table_id in self.tables:
            return table_id
        found = None if self.cluster is None else await self.cluster.invite_table(code)
        if found is None:
            raise ProtocolError("not_found", f"no table has the invite code {code}")
        return found

    def visible(self, table_id: str, conn: Endpoint) -> Table:
        """A table this connection may reach by id (private ones look absent)."""
        table = self.find(table_id)
        if not table.may_see(conn.identity):
            raise ProtocolError("not_found", f"no table {table_id}")
        return table

    async def describe(self, table_id: str) -> dict[str, Any] | None:
        """A public table as ``GET /api/tables/{id}`` shows it, wherever it is (None: no
        such table, or a private one)."""
        table = self.tables.get(table_id)
        if table is not None or self.cluster is None:
            return public_info(table)
        cluster = self.cluster
        try:
            found: dict[str, Any] | None = await self._at_owner(
                table_id,
                lambda: self._describe_here(table_id),
                lambda owner: cluster.describe(owner, table_id),
            )
        except ProtocolError as exc:
            if exc.code != "not_found":
                raise
            return None
        return found

    def listing(self) -> list[dict[str, Any]]:
        """Open public tables of every instance."""
        local = [
            {**t.summary(), "instance": self.instance}
            for t in self.tables.values()
            if t.kind != "private" and t.status in LISTED
        ]
        seen = {t["id"] for t in local}
        return local + [s for tid, s in self.remote.items() if tid not in seen]

    # ------------------------------------------------------------------ requests

    async def run(
        self, conn: Endpoint, table_id: str, job: str, *args: Any, visible: bool = True
    ) -> Any:
        """Perform a client's request at a table, wherever the table is; ``visible``: a
        private table looks absent to people it does not know (not for invites)."""
        if self.cluster is None or table_id in self.tables:
            return await self._run_here(conn, table_id, job, list(args), visible)
        assert isinstance(conn, Connection)
        return await self._run_anywhere(conn, table_id, job, list(args), visible)

    async def _run_here(
        self, conn: Endpoint, table_id: str, job: str, args: list[Any], visible: bool
    ) -> Any:
        table = self.visible(table_id, conn) if visible else self.find(table_id)
        if job == "sit" and table.seat_of(conn.identity.id) is None:
            self.quotas.check_seats(conn)
        if job in TABLE_JOBS:
            try:
                return await table.call(getattr(table, job), conn, *args)
            except ProtocolError as exc:
                # The seat may be held by a client of an instance that died a moment ago.
                if exc.code != "seat_in_use" or self.cluster is None:
                    raise
                if not await self.cluster.check_nodes():
                    raise
            return await table.call(getattr(table, job), conn, *args)
        chat = self.chat
        if chat is None or job not in CHAT_JOBS:
            raise ProtocolError("bad_message", f"unknown request {job!r}")
        if job == "chat_log":
            return chat.log(conn, table)
        await chat.say(conn, table, *args)
        return None

    async def _run_anywhere(
        self, conn: Connection, table_id: str, job: str, args: list[Any], visible: bool
    ) -> Any:
        cluster = self.cluster
        assert cluster is not None
        prefs = self.chat.prefs_of(conn.identity.id) if self.chat and job in CHAT_JOBS else None
        return await self._at_owner(
            table_id,
            lambda: self._run_here(conn, table_id, job, args, visible),
            lambda owner: cluster.call(owner, conn, table_id, job, args, visible, prefs),
        )

    async def _at_owner(
        self,
        table_id: str,
        here: Callable[[], Awaitable[Any]],
        there: Callable[[str], Awaitable[tuple[bool, Any]]],
    ) -> Any:
        """``here()`` once the table is this instance's, or ``there(owner)`` at its owner;
        a table with no owner is taken over first."""
        cluster = self.cluster
        assert cluster is not None
        deadline = time.monotonic() + 2 * self.settings.lease_seconds + cluster.timeout
        while True:
            if table_id in self.tables:
                return await here()
            owner = await cluster.owner_of(table_id)
            if owner is None:
                if self._stopping:
                    raise ProtocolError("unavailable", "this server is shutting down")
                if await self._take_over(table_id) == "gone":
                    raise ProtocolError("not_found", f"no table {table_id}")
                continue
            if owner == cluster.node:
                loading = self._loading.get(table_id)
                if loading is not None:
                    await asyncio.shield(loading)
                    continue
            else:
                done, result = await there(owner)
                if done:
                    return result
            # The owner is gone (its lease runs out soon) or has just let the table go.
            cluster.forget_owner(table_id)
            if time.monotonic() > deadline:
                raise ProtocolError(
                    "unavailable", f"table {table_id} is moving to another server: try again"
                )
            await asyncio.sleep(min(0.5, self.settings.lease_seconds / 4))

    async def _answer(
        self, relay: Relay, table_id: str, job: str, args: list[Any], visible: bool
    ) -> Any:
        """A request from a client of another instance, for a table of this one."""
        await self._owned_here(table_id)
        try:
            return await self._run_here(relay, table_id, job, args, visible)
        except ProtocolError as exc:
            if self._stopping and exc.code == "not_found":  # the table stopped meanwhile
                raise ProtocolError(MOVED, f"table {table_id} is moving") from None
            raise

    async def _describe_here(self, table_id: str) -> dict[str, Any] | None:
        """A table of this one, as ``GET /api/tables/{id}`` shows it (None: private)."""
        await self._owned_here(table_id)
        return public_info(self.tables[table_id])

    async def _owned_here(self, table_id: str) -> None:
        """Wait for a table being loaded; raise ``MOVED`` when it is not this instance's
        (or this instance is shutting down: its tables go to the others)."""
        if table_id not in self.tables:
            loading = self._loading.get(table_id)
            if loading is not None:
                await asyncio.shield(loading)
        if self._stopping or table_id not in self.tables:
            raise ProtocolError(MOVED, f"table {table_id} is not on this instance")

    def _reads_chat(self, reader: str, author: str) -> bool:
        return self.chat is not None and self.chat.receives(reader, author)

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
                    await table.call(table.disconnected, conn)
            elif self.cluster is not None:
                remote.append(table_id)
        if self.cluster is not None:
            self.cluster.local.pop(conn.id, None)
            if remote:
                await self.cluster.gone(conn, remote)

    # ------------------------------------------------------------------ owning tables

    async def _take_over(self, table_id: str) -> str:
        """Claim a table that has no owner and bring it back from the store: ``here``,
        ``elsewhere`` (another instance claimed it first) or ``gone`` (not open)."""
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _t: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> str:
        cluster = self.cluster
        assert cluster is not None
        if table_id in self.tables:
            return "here"
        if not await cluster.claim(table_id):
            return "elsewhere"
        row = await self._own(table_id)
        if row is None or row.status not in OPEN:
            await cluster.forget(table_id, None if row is None else row.invite)
            return "gone"
        try:
            table = self._table_from_row(row)
        except Exception:
            log.exception("could not restore a table", extra={"table": table_id})
            await cluster.release(table_id)
            return "gone"
        self._register(table)
        table.resume()
        self.table_changed(table)
        await self._share(table)
        log.info("table taken over", extra={"table": table_id, "node": cluster.node})
        return "here"

    async def _own(self, table_id: str) -> GameRow | None:
        """Bump the table's epoch, then read it: whatever an earlier owner still manages
        to write is either read here or refused by the database."""
        store = self.services.store
        if await store.take_ownership(table_id) is None:
            return None
        return await store.load_game(table_id)

    async def _share(self, table: Table) -> None:
        """Tell the other instances this one has the table now."""
        if self.cluster is None:
            return
        if table.invite:
            await self.cluster.share_invite(table.invite, table.id)
        await self.cluster.announce(table.id)

    def _owner_changed(self, table_id: str) -> None:
        """A table has a new owner: this instance's clients watching it join it again."""
        if self.cluster is None:
            return
        for conn in list(self.cluster.local.values()):
            if table_id in conn.tables and not conn.closed:
                self._spawn(self._rejoin(conn, table_id))

    async def _rejoin(self, conn: Connection, table_id: str) -> None:
        try:
            await self.run(conn, table_id, "join", None, True, None, visible=False)
        except ProtocolError:
            conn.tables.discard(table_id)
        except Exception:
            log.exception("could not join a moved table again", extra={"table": table_id})

    def _released(self, table_ids: list[str]) -> None:
        """Another instance is shutting down: take its tables now (the first instance to
        claim one gets it), rather than once their leases would have run out."""
        if self._stopping:
            return
        for table_id in table_ids:
            if table_id not in self.tables and table_id not in self._loading:
                self._spawn(self._adopt_orphan(table_id))

    async def _maintain(self) -> None:
        """Renew this instance's leases; take the tables of instances that stopped."""
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                await self._maintain_once()
            except Exception:
                log.exception("could not renew the table leases")

    def _leases_valid(self) -> bool:
        return time.monotonic() < self._leases_until

    async def _maintain_once(self) -> None:
        cluster = self.cluster
        assert cluster is not None
        renewing = time.monotonic()
        lost = await cluster.renew(list(self.tables))
        self._leases_until = renewing + 0.9 * self.settings.lease_seconds
        for table_id in lost:
            self._abandon(table_id)
        await cluster.check_nodes()
        for table_id in await cluster.orphans():
            if table_id not in self.tables and table_id not in self._loading:
                self._spawn(self._adopt_orphan(table_id))

    async def _adopt_orphan(self, table_id: str) -> None:
        try:
            await self._take_over(table_id)
        except Exception:
            log.exception("could not take a table over", extra={"table": table_id})

    def _abandon(self, table_id: str) -> None:
        """Another instance owns the table now (this one stalled): drop it unsaved."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        self.quotas.forget(table_id)
        log.warning("table lease lost", extra={"table": table_id})
        if table.invite:
            self.invites.pop(table.invite, None)
        if self.cluster is not None:
            self.cluster.forget_owner(table_id)
        self._spawn(table.abandon())

    # ------------------------------------------------------------------ creating

    async def create(self, conn: Connection, request: Create) -> Table:
        """A new table as the request describes (the creator sits down unless told not to)."""
        spec = self._spec(conn, request)
        if spec.kind == "ranked":
            await self._check_account(conn)
            check_ranked(spec.variant, request.options)
        self.quotas.check_create(conn)
        table = await self._new_table(spec)
        self.quotas.created(table.id, conn)
        return table

    async def _check_account(self, conn: Connection) -> None:
        account = require_account(conn.identity)
        if not await self.services.user_exists(account):
            raise ProtocolError("account_required", "your account no longer exists")

    def _spec(self, conn: Connection, request: Create) -> TableSpec:
        variant = variant_for(request.preset, request.options)
        turn = self.settings.turn_seconds if request.turn_seconds is None else request.turn_seconds
        shortest = self.settings.min_turn_seconds
        if turn < shortest and not (turn == 0 and request.kind == "private"):
            raise ProtocolError(
                "bad_options",
                f"the turn timer is at least {shortest:g} s (0 turns it off, at private tables)",
            )
        level = check_level(request.bot_level) if request.bot_level else self.services.bots_default
        host = conn.identity.id if request.kind == "private" else None
        pause = request.summary_seconds
        summary = self.settings.summary_seconds if pause is None else pause
        hints = hints_allowed(request.kind, request.hints)
        return TableSpec(
            TableKind(request.kind),
            variant,
            request.preset,
            turn,
            level,
            host=host,
            hints=hints,
            summary_seconds=summary,
        )

    async def _new_table(self, spec: TableSpec) -> Table:
        return await self.new_table(spec, new_table_id())

    async def new_table(self, spec: TableSpec, table_id: str) -> Table:
        """Open, store and list a table (a private one gets an invite code)."""
        invite = new_invite() if spec.kind == "private" else None
        table = Table(self.services, table_id, spec, invite)
        if self.cluster is not None and not await self.cluster.claim(table.id):
            raise ProtocolError("server_error", "could not open a table; try again")
        await table.create()
        self._register(table)
        table.close_unseated_later()
        if self.cluster is not None and invite:
            await self.cluster.share_invite(invite, table.id)
        log.info("table created", extra={"table": table.id, "kind": spec.kind})
        self.table_changed(table)
        return table

    async def quick_play(
        self, conn: Connection, preset_name: str, ref: str | int | None, ranked: bool = False
    ) -> Table | None:
        """Seat the player at a casual (or ranked) table with room, or open one (they get
        its snapshot); the table, when it is on this instance."""
        variant = variant_for(preset_name, {})
        kind = "ranked" if ranked else "casual"
        if ranked:
            await self._check_account(conn)
            check_ranked(variant, {})
        own = self._waiting_seat(conn, variant, kind)
        if own is not None:
            await own.call(own.sit, conn, None, False, ref)
            return own
        self.quotas.check_seats(conn)
        if self.cluster is not None and await self._sit_remote(
            conn, self._remote_seats(conn, variant, kind), ref
        ):
            return None
        for table in self._candidates(variant, kind):
            try:
                await table.call(table.sit, conn, None, False, ref)
            except ProtocolError as exc:
                if exc.code in NEXT_TABLE:
                    continue
                raise
            return table
        if await self._sit_remote(conn, self._remote_candidates(variant, kind), ref):
            return None
        spec = TableSpec(
            TableKind(kind),
            variant,
            preset_name,
            self.settings.turn_seconds,
            self.services.bots_default,
            summary_seconds=self.settings.summary_seconds,
        )
        self.quotas.check_create(conn)
        table = await self._new_table(spec)
        self.quotas.created(table.id, conn)
        await table.call(table.sit, conn, None, False, ref)
        return table

    def _waiting_seat(self, conn: Connection, variant: Variant, kind: str) -> Table | None:
        for table in self.tables.values():
            if (
                table.kind == kind
                and table.status in LISTED
                and table.variant == variant
                and table.seat_of(conn.identity.id) is not None
            ):
                return table
        return None

    async def _sit_remote(
        self, conn: Connection, table_ids: list[str], ref: str | int | None
    ) -> bool:
        """Sit at the first of these tables of other instances that has a seat for the
        person (their own, or a free one)."""
        for table_id in table_ids:
            try:
                await self.run(conn, table_id, "sit", None, False, ref)
            except ProtocolError as exc:
                if exc.code in NEXT_TABLE:
                    continue
                raise
            return True
        return False

    def _remote_seats(self, conn: Connection, variant: Variant, kind: str) -> list[str]:
        """Open tables of other instances with these rules where the person sits (they
        get that seat again, as at a table of this instance)."""
        person, options = conn.identity.id, variant.options()
        return [
            table_id
            for table_id, s in self.remote.items()
            if person in self.remote_people.get(table_id, ())
            and s.get("kind") == kind
            and s.get("status") in LISTED
            and s.get("players") == variant.players
            and s.get("options") == options
        ]

    def _candidates(self, variant: Variant, kind: str) -> list[Table]:
        found = [
            t
            for t in self.tables.values()
            if t.kind == kind
            and t.status == "waiting"
            and t.variant == variant
            and t.free_seats() > 0
        ]
        return sorted(found, key=lambda t: -t.humans())

    def _remote_candidates(self, variant: Variant, kind: str) -> list[str]:
        """Waiting tables of other instances with the same rules and a free seat."""
        options = variant.options()
        found = [
            s
            for s in self.remote.values()
            if s.get("kind") == kind
            and s.get("status") == "waiting"
            and s.get("players") == variant.players
            and s.get("options") == options
            and int(s.get("free") or 0) > 0
        ]
        found.sort(key=lambda s: -sum(1 for seat in s.get("seats", ()) if seat["type"] == "human"))
        return [str(s["id"]) for s in found]

    # ------------------------------------------------------------------ lobby watchers

    def subscribe(self, conn: Connection) -> None:
        self.watchers.add(conn)

    def unsubscribe(self, conn: Connection) -> None:
        self.watchers.discard(conn)

    def table_changed(self, table: Table) -> None:
        """A table's summary changed: tell every instance (batched per loop turn)."""
        self._dirty[table.id] = table
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._spawn_flush)

    def table_removed(self, table: Table) -> None:
        """A table closed or expired: forget it and stop its actor."""
        self.tables.pop(table.id, None)
        self.quotas.forget(table.id)
        if table.invite:
            self.invites.pop(table.invite, None)
        self._dirty[table.id] = table
        self._spawn(table.stop())
        if self.cluster is not None:
            self._spawn(_quietly(self.cluster.forget(table.id, table.invite), table.id))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._spawn_flush)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _spawn_flush(self) -> None:
        self._spawn(self._flush())

    async def _flush(self) -> None:
        dirty, self._dirty, self._flushing = self._dirty, {}, False
        for table in dirty.values():
            if table.kind == "private":
                continue
            message = self._bus_message(table)
            try:
                await self.bus.publish(LOBBY_CHANNEL, message)
            except Exception:
                log.exception("could not publish a lobby update")

    def _bus_message(self, table: Table) -> dict[str, Any]:
        gone = table.id not in self.tables or table.status not in LISTED
        if gone:
            return {"id": table.id, "removed": True, "instance": self.instance}
        message = {**table.summary(), "instance": self.instance}
        if self.cluster is not None:  # for quick play elsewhere; never sent to clients
            message["people"] = [seat.user for seat in table.seats if seat.user]
        return message

    def _on_bus(self, _channel: str, message: dict[str, Any]) -> None:
        table_id = message.get("id")
        if not isinstance(table_id, str):
            return
        people = message.pop("people", None)
        if message.get("instance") != self.instance:
            if message.get("removed"):
                self.remote.pop(table_id, None)
                self.remote_people.pop(table_id, None)
            else:
                self.remote[table_id] = message
                if isinstance(people, list):
                    self.remote_people[table_id] = frozenset(str(p) for p in people)
        text_message = {"type": "lobby_update", "table": message}
        for conn in list(self.watchers):
            conn.send(text_message)


def public_info(table: Table | None) -> dict[str, Any] | None:
    """A table's ``info`` and ``version`` for ``GET /api/tables/{id}`` (None: private)."""
    if table is None or table.kind == "private":
        return None
    return {**table.info(), "version": table.version}


async def _quietly(job: Any, table_id: str) -> None:
    try:
        await job
    except Exception:
        log.exception("could not update the table's lease", extra={"table": table_id})


def variant_for(name: str, options: dict[str, Any]) -> Variant:
    """The variant a preset and options describe, or a clear ``bad_variant`` error."""
    try:
        variant = preset(name, **options)
    except VariantError as exc:
        raise ProtocolError("bad_variant", str(exc)) from None
    except Exception:
        raise ProtocolError(
            "bad_variant", f"options {sorted(options)[:8]} have values of the wrong kind"
        ) from None
    problem = _server_limits(variant)
    if problem:
        raise ProtocolError("bad_variant", problem)
    return variant


def check_ranked(variant: Variant, options: dict[str, Any]) -> None:
    """Ranked tables play a mode's standard rules, or a clear ``bad_options`` error."""
    if options or not any(variant == preset(name) for name in RANKED_PRESETS):
        raise ProtocolError(
            "bad_options",
            "ranked tables play standard rules: preset standard (partnership), cutthroat or "
            "two-player, without options",
        )


# Numbers a server table accepts (the engine allows more, e.g. for analysis).
_LIMITS = {
    "target": (0, 100),
    "time_limit_minutes": (0, 600),
    "deal_limit": (0, 500),
    "lone_euchre_points": (0, 20),
    "loner_march_points": (0, 20),
}


def _server_limits(variant: Variant) -> str:
    for f in dataclasses.fields(variant):
        value = getattr(variant, f.name)
        expected = _FIELD_KINDS.get(str(f.type))
        if expected is not None and type(value) is not expected:
            return f"option {f.name} takes a {expected.__name__}, not {value!r}"
        if f.name in _LIMITS:
            low, high = _LIMITS[f.name]
            if not low <= value <= high:
                return f"option {f.name} must be between {low} and {high}"
    return ""


_FIELD_KINDS: dict[str, type] = {"bool": bool, "int": int}


def presets_json() -> dict[str, Any]:
    """Presets with their options, for a create-table form."""
    return {
        name: {"players": v.players, "target": v.target, "options": v.options()}
        for name, v in PRESETS.items()
    }
