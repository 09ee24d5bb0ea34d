"""Tables shared by several server instances through Redis (docs/operations.md).

A table has one owner at a time: the instance holding its **lease**, the Redis key
``euchre:lease:<table>``, which the owner renews and another instance claims (``SET NX``)
only once it has run out. A client connected to another instance reaches the table
through its owner: its instance forwards each request over the bus to the owner's own
channel; the owner runs it in the table's actor, as for its own clients, and sends back,
in order on the client instance's channel, the messages the table had for that client
(already shaped for its seat) and then the request's answer. An instance shutting down
lets its leases go and says so, and the others take its tables over at once. After Redis
lost messages (it restarted), or an owner dropped this instance's clients as gone, those
clients join their tables again (docs/operations.md).

Nothing here runs without Redis: on one instance the lobby calls its tables directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .auth import Identity
from .bus import PREFIX, RedisBus
from .chat import Prefs
from .connection import Connection, Endpoint
from .protocol import ProtocolError
from .table_commands import (
    Command,
    Disconnected,
    News,
    from_json,
    news_from_json,
    news_to_json,
    to_json,
)
from .wire import dumps

log = logging.getLogger("euchre.cluster")

MOVED = "moved"  # the owner answers so when the table is no longer its own
OWNERS_KEPT = 50_000
FLUSH_SECONDS = 5.0  # on shutdown, the longest wait for answers being sent out
RESUBSCRIBE_CHECKS = 50  # after Redis is back, 0.1 s checks that this instance listens again

# Renew every lease this instance holds; a lease that ran out with no one claiming it is
# taken again (Redis may have restarted). Returns the keys another instance holds now.
_RENEW = """
local lost = {}
for _, key in ipairs(KEYS) do
  local holder = redis.call('get', key)
  if holder == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  elseif not holder then
    redis.call('set', key, ARGV[1], 'px', ARGV[2])
    redis.call('sadd', ARGV[3], string.sub(key, string.len(ARGV[4]) + 1))
  else
    lost[#lost + 1] = key
  end
end
return lost
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""

# The lobby runs a request for a client of another instance:
# (client, table id, the command, whether private tables must look absent).
Answer = Callable[["Relay", str, Command, bool], Awaitable[Any]]


@dataclass(frozen=True, slots=True)
class Hooks:
    """What the lobby does for the cluster."""

    answer: Answer  # a request of another instance's client, at a table of this one
    describe: Callable[[str], Awaitable[dict[str, Any] | None]]  # GET /api/tables/{id}
    owner_changed: Callable[[str], None]  # a table has a new owner
    released: Callable[[list[str]], None]  # an instance shutting down let these tables go
    # What a reader here gets of an author's chat line (its JSON): the line, a notice that
    # one was written (their chat is off), or nothing (None: muted).
    chat_text: Callable[[str, str, str], str | None]
    # The owners of tables played elsewhere may have dropped this instance's clients (one
    # owner said so: its node; None: the bus lost messages): they join those tables again.
    rewatch: Callable[[str | None], None]
    news: Callable[[str, News], Awaitable[None]]  # news of another table, for a table here


def node_channel(node: str) -> str:
    return "node:" + node


@dataclass(frozen=True, slots=True)
class Asked:
    """A request sent to a table's owner, waiting for its reply."""

    owner: str
    table_id: str
    reply: asyncio.Future[dict[str, Any]]

    def give_up(self) -> None:
        """The owner will not answer (it stopped, or the table has another owner now)."""
        if not self.reply.done():
            self.reply.set_exception(
                ProtocolError(
                    "unavailable",
                    f"the server holding table {self.table_id} stopped before answering; "
                    "it may have done it (the table, sent next, shows): try again",
                )
            )


class Outbox:
    """Messages for one other instance, published in order, batched per loop turn."""

    def __init__(self, bus: RedisBus, node: str, gone: Callable[[str], None]) -> None:
        self.node = node
        self._bus = bus
        self._gone = gone
        self._items: list[Any] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._task = asyncio.create_task(self._run(), name=f"outbox-{node}")

    def put(self, item: Any) -> None:
        self._items.append(item)
        self._wake.set()

    async def _run(self) -> None:
        channel = node_channel(self.node)
        while True:
            await self._wake.wait()
            self._wake.clear()
            items, self._items = self._items, []
            if items and not await self._publish(channel, items):
                self._gone(self.node)
                return
            if self._closing and not self._items:
                return

    async def _publish(self, channel: str, items: list[Any]) -> bool:
        """False when no one listens on the channel any more."""
        try:
            return bool(await self._bus.publish(channel, {"op": "batch", "items": items}))
        except Exception:  # the clients see a gap in versions and resync
            log.exception("could not relay messages", extra={"node": self.node})
            return True

    async def close(self) -> None:
        """Send what is queued (answers a client waits for), then stop."""
        self._closing = True
        self._wake.set()
        await asyncio.wait({self._task}, timeout=FLUSH_SECONDS)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


class Relay(Endpoint):
    """A client of another instance, as this instance's tables see it."""

    relayed = True

    def __init__(self, node: str, remote_id: int, identity: Identity, outbox: Outbox) -> None:
        super().__init__(identity)
        self.node = node
        self.remote_id = remote_id
        self.outbox = outbox

    def __repr__(self) -> str:
        return f"<Relay {self.node}/{self.remote_id} {self.identity.name!r}>"

    def send(self, message: dict[str, Any]) -> None:
        text = dumps(message)
        if message.get("type") == "chat" and not self.closed:
            # The client's instance knows whether its reader wants this author's lines.
            self.outbox.put([self.remote_id, text, message["from"]["id"]])
        else:
            self.send_text(text)

    def send_text(self, text: str) -> None:
        if not self.closed:
            self.outbox.put([self.remote_id, text])

    def replaced(self) -> None:
        """Its instance closes the client's socket, after what was sent to it before.
        The relay stays known, closed, until that instance says the client is gone: a
        request of it still on its way is refused (``Cluster._run_call``)."""
        if not self.closed:
            self.closed = True
            self.outbox.put({"replaced": self.remote_id})


def identity_json(identity: Identity) -> dict[str, Any]:
    return {"id": identity.id, "name": identity.name, "account": identity.account_id}


def identity_from(raw: dict[str, Any]) -> Identity:
    account = raw.get("account")
    return Identity(str(raw["id"]), str(raw["name"]), account if isinstance(account, int) else None)


def prefs_json(prefs: Prefs) -> dict[str, Any]:
    return {"enabled": prefs.enabled, "muted": sorted(prefs.muted)}


def prefs_from(raw: Any) -> Prefs | None:
    if not isinstance(raw, dict):
        return None
    return Prefs(bool(raw.get("enabled")), {str(m) for m in raw.get("muted") or ()})


# An instance whose heartbeat has not been renewed for this many leases is taken for gone
# (its leases ran out long before: its tables were taken over already).
ALIVE_LEASES = 3


class Keys:
    """Redis names of one deployment: the instances sharing a database (and a Redis)."""

    def __init__(self, namespace: str) -> None:
        self.lease = f"euchre:{namespace}:lease:"  # + table id: the owner's node
        self.invite = f"euchre:{namespace}:invite:"  # + code: the table id
        self.tables = f"euchre:{namespace}:tables"  # tables that have (or had) an owner
        self.alive = f"euchre:{namespace}:alive:"  # + node: set while the instance runs
        self.owners = f"{namespace}:owners"  # bus channel: a table has a new owner
        self.queue = f"euchre:{namespace}:queue:"  # + a queue's key: the table it fills


class Cluster:
    """This instance among the others: leases, forwarded requests, relayed messages."""

    def __init__(self, bus: RedisBus, instance: str, lease_seconds: float, timeout: float) -> None:
        self.bus = bus
        self.redis = bus.client
        # Unique per process: a restarted instance must wait for its old leases to run out.
        self.node = f"{instance}~{secrets.token_hex(4)}"
        self.lease_ms = max(100, int(lease_seconds * 1000))
        self.timeout = timeout
        self.local: dict[int, Connection] = {}  # this instance's clients, by id
        self.relays: dict[tuple[str, int], Relay] = {}  # other instances' clients
        self.owners: dict[str, str] = {}  # table id -> owner node, as last seen
        self._outboxes: dict[str, Outbox] = {}
        self._pending: dict[int, Asked] = {}
        self._requests = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._hooks: Hooks | None = None
        self.keys = Keys("-")
        self._closed = False

    async def start(self, namespace: str, hooks: Hooks) -> None:
        """Join the deployment ``namespace`` names (the same for every instance on one
        database, so deployments sharing a Redis never take each other's tables)."""
        self.keys = Keys(namespace)
        self._hooks = hooks
        await self.heartbeat()
        await self.bus.subscribe(node_channel(self.node), self._on_message)
        await self.bus.subscribe(self.keys.owners, self._on_owner)
        self.bus.on_reconnect(lambda: self._spawn(self._reconnected()))

    @property
    def hooks(self) -> Hooks:
        assert self._hooks is not None, "the cluster has not started"
        return self._hooks

    async def close(self) -> None:
        """Finish answering the requests of other instances' clients (their answers are
        sent), then stop."""
        self._closed = True
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=FLUSH_SECONDS)
        for task in list(self._tasks):
            task.cancel()
        for outbox in list(self._outboxes.values()):
            await outbox.close()
        self._outboxes.clear()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ leases

    async def claim(self, table_id: str) -> bool:
        """Become the table's owner, unless another live instance is."""
        key = self.keys.lease + table_id
        if not await self.redis.set(key, self.node, nx=True, px=self.lease_ms):
            holder = await self.redis.get(key)
            if holder is None or holder.decode() != self.node:
                return False
        await self.redis.sadd(self.keys.tables, table_id)
        self.owners[table_id] = self.node
        return True

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Renew this instance's leases; returns the tables another instance took."""
        if not table_ids:
            return []
        names = self.keys
        keys = [names.lease + t for t in table_ids]
        args = [self.node, self.lease_ms, names.tables, names.lease]
        lost = await self._renew(keys=keys, args=args)
        return [raw.decode()[len(names.lease) :] for raw in lost]

    async def release(self, table_id: str) -> None:
        """Let another instance take the table (this one stops)."""
        await self._release(keys=[self.keys.lease + table_id], args=[self.node])
        self.owners.pop(table_id, None)

    async def hand_over(self, table_ids: list[str]) -> None:
        """This instance stops: let its tables go and ask the others to take them now,
        rather than once their leases would have run out."""
        for table_id in table_ids:
            await self.release(table_id)
        if table_ids:
            await self.bus.publish(self.keys.owners, {"released": table_ids, "node": self.node})

    async def forget(self, table_id: str, invite: str | None) -> None:
        """The table is over (closed, or finished and out of memory)."""
        await self.release(table_id)
        await self.redis.srem(self.keys.tables, table_id)
        if invite:
            await self.redis.delete(self.keys.invite + invite)

    async def orphans(self) -> list[str]:
        """Tables whose owner is gone (their lease ran out)."""
        ids = sorted(raw.decode() for raw in await self.redis.smembers(self.keys.tables))
        if not ids:
            return []
        holders = await self.redis.mget([self.keys.lease + t for t in ids])
        return [t for t, holder in zip(ids, holders, strict=True) if holder is None]

    async def owner_of(self, table_id: str) -> str | None:
        found = self.owners.get(table_id)
        if found is not None:
            return found
        raw = await self.redis.get(self.keys.lease + table_id)
        if raw is None:
            return None
        if len(self.owners) > OWNERS_KEPT:
            self.owners.clear()
        owner = self.owners[table_id] = str(raw.decode())
        return owner

    def forget_owner(self, table_id: str) -> None:
        self.owners.pop(table_id, None)

    async def share_invite(self, code: str, table_id: str) -> None:
        await self.redis.set(self.keys.invite + code, table_id)

    async def invite_table(self, code: str) -> str | None:
        raw = await self.redis.get(self.keys.invite + code)
        return None if raw is None else str(raw.decode())

    async def announce(self, table_id: str) -> None:
        """Tell every instance this one owns the table now."""
        await self.bus.publish(self.keys.owners, {"table": table_id, "node": self.node})

    def _on_owner(self, _channel: str, message: dict[str, Any]) -> None:
        table_id, node = message.get("table"), message.get("node")
        released = message.get("released")
        if isinstance(released, list) and isinstance(node, str):
            self._on_released(node, [str(t) for t in released])
        elif isinstance(table_id, str) and isinstance(node, str):
            self.owners[table_id] = node
            # Before the clients here get the table again: the former owner will not
            # answer what they asked it, and their answer must come before the table.
            self._give_up(lambda asked: asked.table_id == table_id and asked.owner != node)
            self.hooks.owner_changed(table_id)

    def _give_up(self, which: Callable[[Asked], bool]) -> None:
        for asked in list(self._pending.values()):
            if which(asked):
                asked.give_up()

    def _on_released(self, node: str, table_ids: list[str]) -> None:
        for table_id in table_ids:
            if self.owners.get(table_id) == node:
                del self.owners[table_id]
        if node != self.node:
            self.hooks.released(table_ids)

    # ------------------------------------------------------------------ requests

    async def call(
        self,
        owner: str,
        conn: Connection,
        table_id: str,
        command: Command,
        visible: bool,
        chat: Prefs | None,
    ) -> tuple[bool, Any]:
        """Run a request at the table's owner: (True, its result), or (False, None) when the
        owner is gone or no longer has the table. The owner's errors are raised here."""
        message = {
            "op": "call",
            "conn": conn.id,
            "who": identity_json(conn.identity),
            "page": conn.page,
            "address": conn.address,  # the owner counts its limits per address
            "table": table_id,
            "command": to_json(command),
            "visible": visible,
            "chat": None if chat is None else prefs_json(chat),
        }
        reply = await self._ask(owner, table_id, message)
        if reply is None:
            return False, None
        # Tables the request took the client to besides this one (a "play again" table).
        conn.tables.update(str(t) for t in reply.get("also") or ())
        if reply.get("watching"):
            conn.tables.add(table_id)
            if conn.closed:
                # It left while the request was on its way (a table it watched moving to
                # a new owner): its `gone` may have reached the owner first, so the seat
                # would stay held for a socket that no longer exists.
                await self._tell_gone(owner, conn)
        else:
            conn.tables.discard(table_id)
        return _outcome(reply)

    async def describe(self, owner: str, table_id: str) -> tuple[bool, Any]:
        """The table as its owner shows it over HTTP (None: private): (True, that), or
        (False, None) when the owner is gone or no longer has the table."""
        reply = await self._ask(owner, table_id, {"op": "info", "table": table_id})
        return (False, None) if reply is None else _outcome(reply)

    async def tell(self, owner: str, table_id: str, news: News) -> bool:
        """Give the table's owner news of another table (False: the owner is gone or no
        longer has the table)."""
        message = {"op": "news", "table": table_id, "news": news_to_json(news)}
        reply = await self._ask(owner, table_id, message)
        return reply is not None and _outcome(reply)[0]

    async def _ask(
        self, owner: str, table_id: str, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Send a request to the owner and wait for its reply (None: no one listens there)."""
        request = next(self._requests)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request] = Asked(owner, table_id, future)
        try:
            sent = {**message, "from": self.node, "id": request}
            if not await self.bus.publish(node_channel(owner), sent):
                return None
            return await asyncio.wait_for(future, self.timeout)
        except TimeoutError:
            raise ProtocolError(
                "unavailable", f"the server holding table {table_id} did not answer: try again"
            ) from None
        finally:
            self._pending.pop(request, None)

    async def gone(self, conn: Connection, table_ids: list[str]) -> None:
        """A client of this instance left: the owners of its tables keep its seats for the
        grace period, as for their own clients."""
        owners = {await self.owner_of(t) for t in table_ids}
        for owner in owners - {None, self.node}:
            await self._tell_gone(str(owner), conn)

    async def _tell_gone(self, owner: str, conn: Connection) -> None:
        message = {"op": "gone", "from": self.node, "conn": conn.id}
        with contextlib.suppress(Exception):
            await self.bus.publish(node_channel(owner), message)

    # ------------------------------------------------------------------ incoming

    def _on_message(self, _channel: str, message: dict[str, Any]) -> None:
        op = message.get("op")
        if self._closed and op in ("call", "info", "news"):
            # Shutting down: this instance has let its tables go (and said so), so a
            # request here is rare; its client gets ``unavailable`` and tries again.
            return
        try:
            if op == "batch":
                self._receive(message["items"])
            elif op == "call":
                self._spawn(self._run_call(message))
            elif op == "info":
                self._spawn(self._run_info(message))
            elif op == "news":
                self._spawn(self._run_news(message))
            elif op == "gone":
                relay = self.relays.pop((str(message["from"]), int(message["conn"])), None)
                if relay is not None:
                    self._drop(relay)
            elif op == "dropped":
                self.hooks.rewatch(str(message["from"]))
        except (KeyError, TypeError, ValueError):
            log.warning("ignored a malformed cluster message", extra={"op": op})

    def _receive(self, items: list[Any]) -> None:
        for item in items:
            if isinstance(item, dict) and "replaced" in item:
                replaced = self.local.get(int(item["replaced"]))
                if replaced is not None:
                    replaced.replaced()
                continue
            if isinstance(item, dict):
                asked = self._pending.get(int(item["reply"]))
                if asked is not None and not asked.reply.done():
                    asked.reply.set_result(item)
                continue
            conn = self.local.get(int(item[0]))
            if conn is None:
                continue
            text: str | None = str(item[1])
            if len(item) > 2:
                text = self.hooks.chat_text(conn.identity.id, str(item[2]), str(item[1]))
            if text is not None:
                conn.send_text(text)

    def _relay(self, node: str, remote_id: int, identity: Identity) -> Relay:
        relay = self.relays.get((node, remote_id))
        if relay is None:
            relay = Relay(node, remote_id, identity, self._outbox(node))
            self.relays[(node, remote_id)] = relay
        relay.identity = identity  # it changes when a guest registers
        return relay

    def _outbox(self, node: str) -> Outbox:
        outbox = self._outboxes.get(node)
        if outbox is None:
            outbox = self._outboxes[node] = Outbox(self.bus, node, self.node_gone)
        return outbox

    async def _run_call(self, message: dict[str, Any]) -> None:
        node, remote_id = str(message["from"]), int(message["conn"])
        relay = self._relay(node, remote_id, identity_from(message["who"]))
        relay.chat = prefs_from(message.get("chat"))
        page = message.get("page")
        relay.page = page if isinstance(page, str) else None
        address = message.get("address")
        relay.address = address if isinstance(address, str) else ""
        table_id = str(message["table"])
        visible = bool(message["visible"])
        if relay.closed:  # replaced by a newer connection: its late requests do nothing
            work: Awaitable[Any] = _replaced()
        else:
            work = self._answer(relay, table_id, message, visible)
        reply = await _reply_to(message, table_id, work)
        reply["watching"] = table_id in relay.tables
        reply["also"] = sorted(relay.tables - {table_id})
        relay.outbox.put(reply)
        if relay.closed and table_id in relay.tables:
            # Its client left while this request ran (`gone` came meanwhile): what the
            # request joined is left again, or the seat stays held for no one.
            self._spawn(self._disconnect(relay, table_id))
        if not relay.tables and not relay.closed and self.relays.get((node, remote_id)) is relay:
            del self.relays[(node, remote_id)]

    async def _answer(
        self, relay: Relay, table_id: str, message: dict[str, Any], visible: bool
    ) -> Any:
        command = from_json(dict(message["command"]))
        return await self.hooks.answer(relay, table_id, command, visible)

    async def _run_info(self, message: dict[str, Any]) -> None:
        table_id = str(message["table"])
        reply = await _reply_to(message, table_id, self.hooks.describe(table_id))
        self._outbox(str(message["from"])).put(reply)

    async def _run_news(self, message: dict[str, Any]) -> None:
        table_id = str(message["table"])
        reply = await _reply_to(message, table_id, self._news(table_id, message["news"]))
        self._outbox(str(message["from"])).put(reply)

    async def _news(self, table_id: str, raw: Any) -> None:
        await self.hooks.news(table_id, news_from_json(dict(raw)))

    def _drop(self, relay: Relay) -> None:
        relay.closed = True  # at once, so the person may take their seat back elsewhere
        for table_id in list(relay.tables):
            self._spawn(self._disconnect(relay, table_id))

    async def _disconnect(self, relay: Relay, table_id: str) -> None:
        with contextlib.suppress(ProtocolError):
            await self.hooks.answer(relay, table_id, Disconnected(), False)

    def node_gone(self, node: str) -> None:
        """Another instance stopped (its channel has no listener): its clients are away."""
        outbox = self._outboxes.pop(node, None)
        if outbox is not None:
            self._spawn(outbox.close())
        dropped = [key for key in self.relays if key[0] == node]
        if dropped:
            log.warning("an instance is gone", extra={"node": node, "clients": len(dropped)})
        for key in dropped:
            self._drop(self.relays.pop(key))
        self._give_up(lambda asked: asked.owner == node)
        if dropped:  # it may only have stalled, or lost Redis for a moment: it rejoins
            self._spawn(self._say_dropped(node))

    async def _say_dropped(self, node: str) -> None:
        message = {"op": "dropped", "from": self.node}
        with contextlib.suppress(Exception):
            await self.bus.publish(node_channel(node), message)

    async def _reconnected(self) -> None:
        """The bus is back after losing Redis: messages of the owners for this instance's
        clients were lost meanwhile, and the owners may have taken it for gone. Once its
        own channel listens again, its clients join their tables again."""
        channel = PREFIX + node_channel(self.node)
        for _ in range(RESUBSCRIBE_CHECKS):
            with contextlib.suppress(Exception):
                [(_, count)] = await self.redis.pubsub_numsub(channel)
                if int(count) > 0:
                    break
            await asyncio.sleep(0.1)
        self.hooks.rewatch(None)

    async def heartbeat(self) -> None:
        """Say this instance runs, for the next ALIVE_LEASES leases (renewed with them)."""
        await self.redis.set(self.keys.alive + self.node, "1", px=ALIVE_LEASES * self.lease_ms)

    async def check_nodes(self) -> bool:
        """Notice instances that stopped without a word, or stalled (a process stopped but
        still subscribed: its heartbeat runs out): their clients are away then, and may take
        their seats again through another instance. True when there was one."""
        nodes = sorted({node for node, _ in self.relays})
        if not nodes:
            return False
        counts = await self.redis.pubsub_numsub(*[PREFIX + node_channel(n) for n in nodes])
        beats = await self.redis.mget([self.keys.alive + n for n in nodes])
        gone = [
            node
            for node, (_, count), beat in zip(nodes, counts, beats, strict=True)
            if int(count) == 0 or beat is None
        ]
        for node in gone:
            self.node_gone(node)
        return bool(gone)


async def _replaced() -> Any:
    raise ProtocolError(
        "replaced", "this connection was replaced by a newer one of the same person: reconnect"
    )


async def _reply_to(message: dict[str, Any], table_id: str, work: Awaitable[Any]) -> dict[str, Any]:
    """The reply to another instance's request: the work's result, or its error."""
    reply: dict[str, Any] = {"reply": message["id"]}
    try:
        reply["result"] = await work
    except ProtocolError as exc:
        reply["error"] = [exc.code, exc.message]
    except Exception:
        log.exception("relayed request failed", extra={"table": table_id})
        reply["error"] = ["server_error", "the server failed on that message"]
    return reply


def _outcome(reply: dict[str, Any]) -> tuple[bool, Any]:
    """(True, the result) of a reply; (False, None) when the table was not the owner's;
    the owner's other errors are raised."""
    failure = reply.get("error")
    if failure:
        code, text = failure
        if code == MOVED:
            return False, None
        raise ProtocolError(str(code), str(text))
    return True, reply.get("result")
