"""The lobby: the tables of this instance, quick play, creation, invites and the table list.

Table summaries travel over the event bus, so with Redis every instance lists the open
tables of every instance; a table itself lives on the instance that created it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

from euchre.engine import Variant, VariantError, preset
from euchre.engine.variants import PRESETS
from euchre.store import GameRow

from .auth import require_account
from .botplay import check_level
from .bus import Bus
from .connection import Connection
from .protocol import Create, ProtocolError
from .table import Services, Table, TableSpec, new_invite, new_table_id

log = logging.getLogger("euchre.lobby")

LOBBY_CHANNEL = "lobby"
LISTED = ("waiting", "playing")
# Ranked games use the standard rules of each mode (ratings are kept per mode).
RANKED_PRESETS = ("standard", "cutthroat", "two-player")


class Lobby:
    """Every table of this instance, by id and by invite code."""

    def __init__(self, services: Services, bus: Bus, instance: str) -> None:
        self.services = services
        self.settings = services.settings
        self.bus = bus
        self.instance = instance
        self.tables: dict[str, Table] = {}
        self.invites: dict[str, str] = {}
        self.watchers: set[Connection] = set()
        self.remote: dict[str, dict[str, Any]] = {}
        self._dirty: dict[str, Table] = {}
        self._flushing = False
        self._tasks: set[asyncio.Task[Any]] = set()
        services.changed = self.table_changed
        services.removed = self.table_removed

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen to the bus and bring back every unfinished table from the store."""
        await self.bus.subscribe(LOBBY_CHANNEL, self._on_bus)
        for row in await self.services.store.load_open():
            try:
                table = self._table_from_row(row)
            except Exception:
                log.exception("could not restore a table", extra={"table": row.id})
                continue
            self._register(table)
            table.resume()
            self.table_changed(table)
        log.info("tables restored", extra={"tables": len(self.tables)})

    def _table_from_row(self, row: GameRow) -> Table:
        variant = Variant().replace(**row.options).renamed(row.variant_name)
        settings = row.settings
        spec = TableSpec(
            kind=row.kind,
            variant=variant,
            preset=str(settings.get("preset", row.variant_name)),
            turn_seconds=float(settings.get("turn_seconds", self.settings.turn_seconds)),
            bot_level=str(settings.get("bot_level", self.services.bots_default)),
            host=row.host,
        )
        table = Table(self.services, row.id, spec, row.invite)
        table.restore(row)
        return table

    async def stop(self) -> None:
        """Stop every table (finishing queued writes)."""
        for task in list(self._tasks):
            await asyncio.wait({task})
        tables = list(self.tables.values())
        if tables:
            await asyncio.wait([asyncio.create_task(t.stop()) for t in tables])

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
        table_id = self.invites.get(code)
        if table_id is None or table_id not in self.tables:
            raise ProtocolError("not_found", f"no table has the invite code {code}")
        return self.tables[table_id]

    def visible(self, table_id: str, conn: Connection) -> Table:
        """A table this connection may reach by id (private ones look absent)."""
        table = self.find(table_id)
        if not table.may_see(conn.identity):
            raise ProtocolError("not_found", f"no table {table_id}")
        return table

    def listing(self) -> list[dict[str, Any]]:
        """Open public tables of every instance."""
        local = [
            {**t.summary(), "instance": self.instance}
            for t in self.tables.values()
            if t.kind != "private" and t.status in LISTED
        ]
        seen = {t["id"] for t in local}
        return local + [s for tid, s in self.remote.items() if tid not in seen]

    # ------------------------------------------------------------------ creating

    async def create(self, conn: Connection, request: Create) -> Table:
        """A new table as the request describes (the creator sits down unless told not to)."""
        spec = self._spec(conn, request)
        if spec.kind == "ranked":
            await self._check_account(conn)
            check_ranked(spec.variant, request.options)
        return await self._new_table(spec)

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
        return TableSpec(request.kind, variant, request.preset, turn, level, host=host)

    async def _new_table(self, spec: TableSpec) -> Table:
        invite = new_invite() if spec.kind == "private" else None
        table = Table(self.services, new_table_id(), spec, invite)
        await table.create()
        self._register(table)
        log.info("table created", extra={"table": table.id, "kind": spec.kind})
        self.table_changed(table)
        return table

    async def quick_play(
        self, conn: Connection, preset_name: str, ref: str | int | None, ranked: bool = False
    ) -> Table:
        """Seat the player at a casual (or ranked) table with room, or open one (they get
        its snapshot)."""
        variant = variant_for(preset_name, {})
        kind = "ranked" if ranked else "casual"
        if ranked:
            await self._check_account(conn)
            check_ranked(variant, {})
        own = self._waiting_seat(conn, variant, kind)
        if own is not None:
            await own.call(own.sit, conn, None, False, ref)
            return own
        for table in self._candidates(variant, kind):
            try:
                await table.call(table.sit, conn, None, False, ref)
            except ProtocolError as exc:
                if exc.code in ("full", "seat_taken", "bad_state", "not_found"):
                    continue
                raise
            return table
        spec = TableSpec(
            kind, variant, preset_name, self.settings.turn_seconds, self.services.bots_default
        )
        table = await self._new_table(spec)
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
        if table.invite:
            self.invites.pop(table.invite, None)
        self._dirty[table.id] = table
        self._spawn(table.stop())
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
        return {**table.summary(), "instance": self.instance}

    def _on_bus(self, _channel: str, message: dict[str, Any]) -> None:
        table_id = message.get("id")
        if not isinstance(table_id, str):
            return
        if message.get("instance") != self.instance:
            if message.get("removed"):
                self.remote.pop(table_id, None)
            else:
                self.remote[table_id] = message
        text_message = {"type": "lobby_update", "table": message}
        for conn in list(self.watchers):
            conn.send(text_message)


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
