"""Tables shared by several instances (Redis): which instance plays a table, requests
forwarded to it, tables taken over when their owner stops or stalls.

The lease mechanics live in ``euchre.server.cluster``; this is the lobby's side of them:
where a request runs, how a table with no owner is brought back from the store, and
what happens to this instance's clients when a table they watch moves
(docs/operations.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from redis.exceptions import RedisError

from euchre.store import GameRow

from .chat import Chat
from .cluster import MOVED, Cluster, Hooks, Relay
from .config import Settings
from .connection import Connection, Endpoint
from .kinds import TableStatus
from .protocol import ProtocolError, error, no_table
from .table import Table, restorable
from .table_commands import Command, Join, News, ReadChat, Say

log = logging.getLogger("euchre.lobby")

OPEN = (TableStatus.WAITING, TableStatus.PLAYING)


class Lobby(Protocol):
    """What the owners' side needs of the lobby."""

    tables: dict[str, Table]
    settings: Settings
    chat: Chat | None

    async def run(
        self, conn: Endpoint, table_id: str, command: Command, visible: bool = True
    ) -> Any: ...

    async def run_here(
        self, conn: Endpoint, table_id: str, command: Command, visible: bool
    ) -> Any: ...

    async def own_row(self, table_id: str) -> GameRow | None: ...

    def bring_back(self, row: GameRow) -> Table | None: ...

    def describe_local(self, table_id: str) -> dict[str, Any] | None: ...

    async def tell_here(self, table_id: str, news: News) -> None: ...

    def abandon(self, table_id: str) -> None: ...

    def spawn(self, job: Coroutine[Any, Any, None]) -> None: ...


class Owners:
    """This instance among the others: where a table is played, and taking tables over."""

    def __init__(self, lobby: Lobby, cluster: Cluster) -> None:
        self.lobby = lobby
        self.cluster = cluster
        self.settings = lobby.settings
        self.stopping = False
        self._loading: dict[str, asyncio.Task[str]] = {}
        self._maintainer: asyncio.Task[None] | None = None
        self._leases_until = 0.0  # monotonic time until which every lease held is valid

    async def start(self, namespace: str) -> None:
        self._leases_until = time.monotonic() + 0.9 * self.settings.lease_seconds
        hooks = Hooks(
            answer=self._answer,
            describe=self.describe_here,
            owner_changed=self._owner_changed,
            released=self._released,
            chat_text=self._chat_text,
            rewatch=self._rewatch,
            news=self._news,
        )
        await self.cluster.start(namespace, hooks)

    def maintain(self) -> None:
        """Renew the leases from now on (once the stored tables are back)."""
        self._maintainer = asyncio.create_task(self._maintain(), name="table-leases")

    async def stop_maintaining(self) -> None:
        self.stopping = True
        if self._maintainer is not None:
            self._maintainer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._maintainer

    async def hand_over(self, table_ids: list[str]) -> None:
        """This instance has stopped its tables: the others take them at once."""
        try:
            await self.cluster.hand_over(table_ids)
        except Exception:  # the others take the tables once the leases run out
            log.exception("could not hand the tables over")
        await self.cluster.close()

    def leases_valid(self) -> bool:
        return time.monotonic() < self._leases_until

    # ------------------------------------------------------------------ where requests run

    async def run(self, conn: Connection, table_id: str, command: Command, visible: bool) -> Any:
        """A client's request at a table, wherever the table is played."""
        chat = self.lobby.chat
        chatting = chat is not None and isinstance(command, Say | ReadChat)
        prefs = chat.prefs_of(conn.identity.id) if chat is not None and chatting else None
        return await self.at_owner(
            table_id,
            lambda: self.lobby.run_here(conn, table_id, command, visible),
            lambda owner: self.cluster.call(owner, conn, table_id, command, visible, prefs),
        )

    async def at_owner(
        self,
        table_id: str,
        here: Callable[[], Awaitable[Any]],
        there: Callable[[str], Awaitable[tuple[bool, Any]]],
    ) -> Any:
        """``here()`` once the table is this instance's, or ``there(owner)`` at its owner;
        a table with no owner is taken over first."""
        cluster = self.cluster
        deadline = time.monotonic() + 2 * self.settings.lease_seconds + cluster.timeout
        while True:
            if table_id in self.lobby.tables:
                return await here()
            owner = await cluster.owner_of(table_id)
            if owner is None:
                if self.stopping:
                    raise ProtocolError("unavailable", "this server is shutting down")
                if await self.take_over(table_id) == "gone":
                    raise no_table(table_id)
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

    async def _answer(self, relay: Relay, table_id: str, command: Command, visible: bool) -> Any:
        """A request from a client of another instance, for a table of this one."""
        await self._owned_here(table_id)
        try:
            return await self.lobby.run_here(relay, table_id, command, visible)
        except ProtocolError as exc:
            if self.stopping and exc.code == "not_found":  # the table stopped meanwhile
                raise ProtocolError(MOVED, f"table {table_id} is moving") from None
            raise

    async def tell(self, table_id: str, news: News) -> None:
        """Give a table news of another table, wherever it is played."""
        cluster = self.cluster

        async def there(owner: str) -> tuple[bool, Any]:
            return await cluster.tell(owner, table_id, news), None

        await self.at_owner(table_id, lambda: self.lobby.tell_here(table_id, news), there)

    async def _news(self, table_id: str, news: News) -> None:
        """News from another instance for a table of this one."""
        await self._owned_here(table_id)
        await self.lobby.tell_here(table_id, news)

    async def describe_here(self, table_id: str) -> dict[str, Any] | None:
        """A table of this one, as ``GET /api/tables/{id}`` shows it (None: private)."""
        await self._owned_here(table_id)
        return self.lobby.describe_local(table_id)

    async def _owned_here(self, table_id: str) -> None:
        """Wait for a table being loaded; raise ``MOVED`` when it is not this instance's
        (or this instance is shutting down: its tables go to the others)."""
        if table_id not in self.lobby.tables:
            loading = self._loading.get(table_id)
            if loading is not None:
                await asyncio.shield(loading)
        if self.stopping or table_id not in self.lobby.tables:
            raise ProtocolError(MOVED, f"table {table_id} is not on this instance")

    def _chat_text(self, reader: str, author: str, text: str) -> str | None:
        chat = self.lobby.chat
        return None if chat is None else chat.text_for(reader, author, text)

    # ------------------------------------------------------------------ taking tables over

    async def take_over(self, table_id: str) -> str:
        """Claim a table that has no owner and bring it back from the store: ``here``,
        ``elsewhere`` (another instance claimed it first) or ``gone`` (not open)."""
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _t: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> str:
        if table_id in self.lobby.tables:
            return "here"
        cluster = self.cluster
        if not await cluster.claim(table_id):
            return "elsewhere"
        row = await self.lobby.own_row(table_id)
        if row is None or not restorable(row, self.settings.finished_ttl):
            await cluster.forget(table_id, None if row is None else row.invite)
            return "gone"
        table = self.lobby.bring_back(row)
        if table is None:
            await cluster.release(table_id)
            return "gone"
        await self.share(table)
        log.info("table taken over", extra={"table": table_id, "node": self.cluster.node})
        return "here"

    async def share(self, table: Table) -> None:
        """Tell the other instances this one has the table now."""
        if table.invite:
            await self.cluster.share_invite(table.invite, table.id)
        await self.cluster.announce(table.id)

    def _owner_changed(self, table_id: str) -> None:
        """A table has a new owner: this instance's clients watching it join it again.
        Another instance owning a table still played here took it over (this one stalled,
        or Redis lost the lease): the copy here is stale and is dropped first."""
        owner = self.cluster.owners.get(table_id)
        if table_id in self.lobby.tables and owner not in (None, self.cluster.node):
            self.lobby.abandon(table_id)  # its clients join the new owner's table
            return
        self.rehome(table_id)

    def rehome(self, table_id: str) -> None:
        """This instance's clients watching the table join it again, wherever it is played."""
        for conn in list(self.cluster.local.values()):
            if table_id in conn.tables and not conn.closed:
                self.lobby.spawn(self._rejoin(conn, table_id))

    def _rewatch(self, owner: str | None) -> None:
        """The clients here watching tables played elsewhere (by ``owner``; None: by any
        instance) join them again: the owner may have dropped them as gone."""
        for conn in list(self.cluster.local.values()):
            for table_id in list(conn.tables):
                if table_id in self.lobby.tables or conn.closed:
                    continue
                if owner is None or self.cluster.owners.get(table_id) in (owner, None):
                    self.lobby.spawn(self._rejoin(conn, table_id))

    async def _rejoin(self, conn: Connection, table_id: str) -> None:
        try:
            await self.lobby.run(conn, table_id, Join(None, True, None), visible=False)
        except ProtocolError as exc:
            if exc.code != "unavailable":
                conn.tables.discard(table_id)
                return
            # Still moving: the client asks again (the browser resyncs after this error).
            conn.send(error(exc.code, exc.message, table=table_id))
        except RedisError as exc:
            log.warning("could not join a table again: Redis unreachable (%s)", exc)
            words = "the servers cannot reach each other for a moment; try again in a few seconds"
            conn.send(error("unavailable", words, table=table_id))
        except Exception:
            log.exception("could not join a moved table again", extra={"table": table_id})

    def _released(self, table_ids: list[str]) -> None:
        """Another instance is shutting down: take its tables now (the first instance to
        claim one gets it), rather than once their leases would have run out."""
        if self.stopping:
            return
        for table_id in table_ids:
            self._adopt_later(table_id)

    def _adopt_later(self, table_id: str) -> None:
        if table_id not in self.lobby.tables and table_id not in self._loading:
            self.lobby.spawn(self._adopt_orphan(table_id))

    async def _maintain(self) -> None:
        """Renew this instance's leases; take the tables of instances that stopped."""
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                await self._maintain_once()
            except Exception:
                log.exception("could not renew the table leases")

    async def _maintain_once(self) -> None:
        cluster = self.cluster
        renewing = time.monotonic()
        await cluster.heartbeat()
        lost = await cluster.renew(list(self.lobby.tables))
        self._leases_until = renewing + 0.9 * self.settings.lease_seconds
        for table_id in lost:
            self.lobby.abandon(table_id)
        await cluster.check_nodes()
        for table_id in await cluster.orphans():
            self._adopt_later(table_id)

    async def _adopt_orphan(self, table_id: str) -> None:
        try:
            await self.take_over(table_id)
        except Exception:
            log.exception("could not take a table over", extra={"table": table_id})
