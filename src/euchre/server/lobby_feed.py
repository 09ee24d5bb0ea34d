"""The list of open tables, and its live updates to the clients watching the lobby.

Each instance publishes its public tables' summaries on the event bus (batched per loop
turn), so with Redis every instance lists the open tables of every instance; the
summaries of other instances' tables are kept here for the list and for quick play.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any

from .bus import Bus
from .connection import Connection
from .kinds import TableKind, TableStatus
from .table import Table
from .wire import dumps

log = logging.getLogger("euchre.lobby")

LOBBY_CHANNEL = "lobby"
LISTED = (TableStatus.WAITING, TableStatus.PLAYING)
# The list as JSON is made again after a change, and at least this often (spectators come
# and go without one): asked for again and again, it costs one string, not one each time.
LISTING_SECONDS = 1.0
REMOVALS_REMEMBERED = 4096

Spawn = Callable[[Coroutine[Any, Any, None]], None]


class LobbyFeed:
    """Table summaries in and out over the bus; the connections that watch the list."""

    def __init__(
        self, bus: Bus, instance: str, tables: dict[str, Table], spawn: Spawn, with_people: bool
    ) -> None:
        self.bus = bus
        self.instance = instance
        self.tables = tables  # this instance's tables (the lobby's registry)
        self.watchers: set[Connection] = set()
        self.remote: dict[str, dict[str, Any]] = {}  # other instances' tables, by id
        self.remote_people: dict[str, frozenset[str]] = {}  # who sits at each remote table
        self._with_people = with_people  # share who sits where (quick play elsewhere)
        self._spawn = spawn
        self._dirty: dict[str, Table] = {}
        self._flushing = False
        self._listing: tuple[float, str] | None = None  # (when made, the list as JSON)
        # Tables whose removal was announced lately: a table that closes and then leaves
        # memory would be announced twice.
        self._removed: OrderedDict[str, None] = OrderedDict()

    async def start(self) -> None:
        await self.bus.subscribe(LOBBY_CHANNEL, self._on_bus)

    def subscribe(self, conn: Connection) -> None:
        self.watchers.add(conn)

    def unsubscribe(self, conn: Connection) -> None:
        self.watchers.discard(conn)

    def listing(self) -> list[dict[str, Any]]:
        """Open public tables of every instance."""
        local = [
            {**t.summary(), "instance": self.instance}
            for t in self.tables.values()
            if t.kind != TableKind.PRIVATE and t.status in LISTED
        ]
        seen = {t["id"] for t in local}
        return local + [s for tid, s in self.remote.items() if tid not in seen]

    def listing_json(self) -> str:
        """:meth:`listing` as JSON text, made again only after a change (or a second)."""
        now = time.monotonic()
        if self._listing is None or now - self._listing[0] > LISTING_SECONDS:
            self._listing = (now, dumps(self.listing()))
        return self._listing[1]

    def table_changed(self, table: Table) -> None:
        """A table's summary changed (or it is gone): tell every instance, batched per
        loop turn."""
        self._listing = None
        # The table is this instance's now (taken over from another): what that instance
        # last said of it is stale, and would be listed again once the table is not.
        self.remote.pop(table.id, None)
        self.remote_people.pop(table.id, None)
        self._dirty[table.id] = table
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._spawn_flush)

    def _spawn_flush(self) -> None:
        self._spawn(self._flush())

    async def _flush(self) -> None:
        dirty, self._dirty, self._flushing = self._dirty, {}, False
        for table in dirty.values():
            if table.kind == TableKind.PRIVATE:
                continue
            message = self._bus_message(table)
            if self._announced_before(message):
                continue
            try:
                await self.bus.publish(LOBBY_CHANNEL, message)
            except Exception:
                log.exception("could not publish a lobby update")

    def _announced_before(self, message: dict[str, Any]) -> bool:
        """Whether this removal was announced already (else it is remembered now)."""
        table_id = message["id"]
        if not message.get("removed"):
            self._removed.pop(table_id, None)
            return False
        if table_id in self._removed:
            return True
        self._removed[table_id] = None
        if len(self._removed) > REMOVALS_REMEMBERED:
            self._removed.popitem(last=False)
        return False

    def _bus_message(self, table: Table) -> dict[str, Any]:
        gone = table.id not in self.tables or table.status not in LISTED
        if gone:
            return {"id": table.id, "removed": True, "instance": self.instance}
        message = {**table.summary(), "instance": self.instance}
        if self._with_people:  # for quick play elsewhere; never sent to clients
            message["people"] = [seat.user for seat in table.seats if seat.user]
        return message

    def _on_bus(self, _channel: str, message: dict[str, Any]) -> None:
        table_id = message.get("id")
        if not isinstance(table_id, str):
            return
        people = message.pop("people", None)
        if message.get("instance") != self.instance:
            self._listing = None
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
