"""The websocket endpoint: read a client's messages, validate them, route them.

Each connection reads one message at a time; a table request waits for the table's
answer (its events reach the client through the connection's outgoing queue). Errors
go back to the sender as ``error`` messages and change nothing.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError
from starlette.responses import JSONResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import rematch
from . import table_commands as cmd
from .accounts import end_session
from .addresses import limit_key
from .auth import COOKIE_NAME, Identity
from .connection import Connection
from .guard import public_origins, same_origin
from .protocol import (
    Act,
    AddBot,
    Chat,
    ChatLog,
    ChatSettings,
    ClientMessage,
    Continue,
    Create,
    Decline,
    HintRequest,
    Join,
    Leave,
    LobbyRequest,
    Move,
    Mute,
    Ping,
    PlayAgain,
    ProtocolError,
    QuickPlay,
    RemoveBot,
    RemovePlayer,
    Resync,
    ReviewRequest,
    Sit,
    Stand,
    Start,
    Swap,
    TableRequest,
    Unmute,
    error,
    parse_message,
    reference,
)
from .quotas import exempt_addresses
from .wire import dumps

if TYPE_CHECKING:
    from .parts import ServerParts

log = logging.getLogger("euchre.gateway")

CLOSE_NO_SESSION = 4401
CLOSE_BAD_ORIGIN = 4403
CLOSE_SHUTTING_DOWN = 1012
CLOSE_POLICY = 1008
CLOSE_TRY_LATER = 1013
TOO_MANY_CONNECTIONS = "too_many_connections"
# A page id (``?page=`` at the handshake): anything else is ignored, as if none was sent.
PAGE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


async def identity_of(server: ServerParts, websocket: WebSocket) -> Identity | None:
    """The session in the cookie, or in the ``session`` query parameter (non-browser
    clients): a guest, or an account whose server-side session is still valid."""
    token = websocket.cookies.get(COOKIE_NAME) or websocket.query_params.get("session")
    try:
        return await server.accounts.identify(token)
    except Exception:
        log.exception("could not check a session")
        return None


def page_of(websocket: WebSocket) -> str | None:
    """The browser page (tab) the client says it is: a reload of the page sends the same
    id, so its new connection may take its seats over from the old one (docs/protocol.md)."""
    sent = websocket.query_params.get("page")
    return sent if sent is not None and PAGE_ID.fullmatch(sent) else None


def origin_refusal(server: ServerParts, websocket: WebSocket) -> str | None:
    """Why the websocket may not open, or None. A browser page may open it only from the
    configured public origin (``guard.public_origins``), never one taken from the request's
    own ``Host``. Clients that send no Origin are not browsers: they pass their session as
    ``?session=``, and a cookie without an Origin is refused."""
    sent = websocket.headers.getlist("origin")
    if len(sent) > 1:  # a browser sends one: a second is not looked at, so none passes
        return "the request has more than one Origin header"
    if not sent:
        if COOKIE_NAME in websocket.cookies:
            return (
                "the session cookie opens the websocket only from this site's pages (with "
                "their Origin): a program passes its session as ?session="
            )
        return None
    if same_origin(sent[0], public_origins(server.settings)):
        return None
    return "this page is of another site: the websocket opens only from this site's pages"


async def deny(websocket: WebSocket, status: int, code: str, detail: str) -> None:
    """Refuse the opening handshake with an HTTP answer that says why (``{"detail",
    "code"}``, as the HTTP API refuses); a server without the ASGI extension for it sends
    a bare 403."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(JSONResponse({"detail": detail, "code": code}, status))
    else:
        await websocket.close(code=CLOSE_BAD_ORIGIN)  # before accepting: HTTP 403


async def no_such_websocket(websocket: WebSocket) -> None:
    """A websocket opened at an address other than ``/ws``."""
    await deny(websocket, 404, "not_found", "no websocket here: the game's websocket is /ws")


async def websocket_endpoint(websocket: WebSocket) -> None:
    """``/ws``: one client's connection for its whole life."""
    server: ServerParts = websocket.app.state.server
    refusal = origin_refusal(server, websocket)
    if refusal is not None:
        origin = websocket.headers.get("origin")
        log.warning("websocket refused: %s", refusal, extra={"origin": origin})
        await deny(websocket, 403, "cross_origin", f"refused: {refusal}")
        return
    identity = await identity_of(server, websocket)
    await websocket.accept()
    if identity is None or server.closing:
        if identity is None:  # a refused open counts with the address's opens a minute too
            await _take_open(server, websocket)
        await _refuse(websocket, identity is None)
        return
    if await too_many_from(server, websocket):
        return
    settings = server.settings
    conn = Connection(
        websocket,
        identity,
        settings.outgoing_queue,
        server.budgets.of(identity.id),
        page_of(websocket),
    )
    server.connections.add(conn)
    server.lobby.connected(conn)
    server.metrics.connections.inc()
    log.info("connected", extra={"connection": conn.id, "user": identity.id})
    try:
        # A logout between the session's check above and the connection's registration
        # found no connection to close: look again now that it would find this one.
        if await identity_of(server, websocket) is None:
            end_session(conn)
            return
        prefs = await server.chat.attach(conn)
        conn.send(
            {
                "type": "welcome",
                "you": identity.to_json(),
                "server": server.instance,
                "chat": prefs.to_json(),
            }
        )
        await _read_loop(server, conn)
    finally:
        await _cleanup(server, conn)


async def too_many_from(server: ServerParts, websocket: WebSocket) -> bool:
    """Refuse a websocket past ``max_websockets`` in all (close 1013: try again later), past
    ``websockets_per_address`` from its address or past ``websocket_opens_per_minute``
    opened from it (close 1008)."""
    settings = server.settings
    if len(server.connections) >= settings.max_websockets:
        message = f"this server holds its limit of {settings.max_websockets} connections: "
        await _too_many(websocket, message + "try again shortly", CLOSE_TRY_LATER)
        return True
    host = websocket.client.host if websocket.client else ""
    limit = settings.websockets_per_address
    if host in exempt_addresses(settings):
        return False
    key = limit_key(host)  # IPv6 per /64
    if sum(1 for c in server.connections if limit_key(c.address) == key) >= limit:
        message = f"at most {limit} connections from one address: close another one first"
        await _too_many(websocket, message, CLOSE_POLICY)
        return True
    wait = await _take_open(server, websocket)
    if wait <= 0:
        return False
    most = settings.websocket_opens_per_minute
    seconds = max(1, math.ceil(wait))
    message = f"at most {most} connections opened a minute from one address: wait {seconds} s"
    await _too_many(websocket, message, CLOSE_POLICY)
    return True


async def _take_open(server: ServerParts, websocket: WebSocket) -> float:
    """Count an open from the socket's address: the seconds to wait past the limit (0:
    within it; always 0 from an exempt address)."""
    host = websocket.client.host if websocket.client else ""
    if host in exempt_addresses(server.settings):
        return 0.0
    return float(await server.websocket_opens.take(limit_key(host)))


async def _too_many(websocket: WebSocket, message: str, code: int) -> None:
    await websocket.send_json(error(TOO_MANY_CONNECTIONS, message))
    await websocket.close(code=code)


async def _refuse(websocket: WebSocket, no_session: bool) -> None:
    if no_session:
        message = error("no_session", "no valid session: POST /api/session with a name, or log in")
        code = CLOSE_NO_SESSION
    else:
        message = error("shutting_down", "the server is shutting down; reconnect shortly")
        code = CLOSE_SHUTTING_DOWN
    await websocket.send_json(message)
    await websocket.close(code=code)


async def _read_loop(server: ServerParts, conn: Connection) -> None:
    websocket = conn.websocket
    limit = server.settings.max_message_bytes
    while not conn.closed:
        try:
            raw = await websocket.receive()
        except WebSocketDisconnect:
            return
        if raw["type"] == "websocket.disconnect":
            return
        text = raw.get("text")
        now = time.monotonic()
        if not conn.allow(now):
            ref = reference(text) if text is not None and _within(text, limit) else None
            wait = conn.budget.wait(now)
            words = "too many messages: slow down"
            _reject(server, conn, error("rate_limited", words, ref, retry_after=_seconds(wait)))
            # Read nothing more from it until its budget has room: a flood waits in its own
            # socket (the websocket's queue fills, then TCP's), not in the server's time
            # (read and refused one by one, one client's flood slowed every table).
            await asyncio.sleep(wait)
            continue
        if text is None:
            _reject(server, conn, error("binary", "send JSON as text frames, not binary"))
            continue
        if not _within(text, limit):
            message = f"a message is at most {limit} bytes"
            _reject(server, conn, error("too_large", message, reference(text)))
            continue
        if paused := await handle_text(server, conn, text):
            await asyncio.sleep(paused)  # as above: a steady flood of joins was all refused


# A message answered with a whole table, the lobby or a channel's chat (50 lines of up to
# 200 characters: about as large) costs the server as much as about ten others: it takes
# this many messages' share of the client's rate.
SNAPSHOT_COST = 8.0
_SNAPSHOT_MESSAGES = (Join, Resync, Sit, LobbyRequest, Create, QuickPlay, PlayAgain, ChatLog)


class PastSnapshotRate(ProtocolError):
    """Past the rate of the messages answered with a whole table: the connection is read no
    more until its budget has room for one (``retry_after``)."""


def _charge_snapshot(conn: Connection, message: ClientMessage) -> None:
    now, more = time.monotonic(), SNAPSHOT_COST - 1.0  # the message's own share is taken
    if isinstance(message, _SNAPSHOT_MESSAGES) and not conn.allow(now, more):
        raise PastSnapshotRate(
            "rate_limited",
            "too many requests answered with a whole table, the lobby or a chat (join, resync, "
            f"sit, lobby, create, quick_play, play_again, chat_log): each counts as "
            f"{SNAPSHOT_COST:g} messages; slow down",
            retry_after=conn.budget.wait(now, SNAPSHOT_COST),
        )


def _seconds(wait: float) -> float:
    """A ``retry_after``: the wait rounded up to a tenth of a second (at least that)."""
    return math.ceil(max(wait, 0.1) * 10) / 10


def _within(text: str, limit: int) -> bool:
    return len(text) <= limit and len(text.encode()) <= limit


def _reject(server: ServerParts, conn: Connection, message: dict[str, Any]) -> None:
    server.metrics.rejected.labels(message["code"]).inc()
    conn.send(message)


async def handle_text(server: ServerParts, conn: Connection, text: str) -> float:
    """Validate and perform one message; every failure becomes an ``error`` to the sender.
    The seconds to read nothing more from the connection (past the rate of whole tables)."""
    message: ClientMessage | None = None
    try:
        message = parse_message(text)
        _charge_snapshot(conn, message)
        await _dispatch(server, conn, message)
    except ProtocolError as exc:
        ref = reference(text) if message is None else message.ref
        table = getattr(message, "table", None)
        extra: dict[str, Any] = {"table": table} if isinstance(table, str) else {}
        if exc.retry_after is not None:
            extra["retry_after"] = _seconds(exc.retry_after)
        _reject(server, conn, error(exc.code, exc.message, ref, **extra))
        if isinstance(exc, PastSnapshotRate) and exc.retry_after:
            return _seconds(exc.retry_after)  # as told: a shade less found it short again
    except RedisError as exc:  # the instances' bus or store is down for a moment
        log.warning("message failed: Redis unreachable (%s)", exc, extra={"connection": conn.id})
        ref = None if message is None else message.ref
        words = "the servers cannot reach each other for a moment; try again in a few seconds"
        _reject(server, conn, error("unavailable", words, ref))
    except Exception:
        log.exception("message failed", extra={"connection": conn.id})
        ref = None if message is None else message.ref
        _reject(server, conn, error("server_error", "the server failed on that message", ref))
    return 0.0


Handler = Callable[["ServerParts", Connection, Any], Awaitable[None]]


async def _dispatch(server: ServerParts, conn: Connection, message: ClientMessage) -> None:
    handler = _HANDLERS.get(type(message))
    if handler is not None:
        await handler(server, conn, message)
    elif isinstance(message, TableRequest):
        await _table_request(server, conn, message, table_command(message))


def table_command(m: TableRequest) -> cmd.Command:
    """The command a request of one table asks for."""
    match m:
        case Resync(since=since, ref=ref):
            return cmd.Resync(since, ref)
        case Sit(seat=seat, ref=ref):
            return cmd.Sit(seat, False, ref)
        case Stand(ref=ref):
            return cmd.Stand(ref)
        case Leave(ref=ref):
            return cmd.Leave(ref)
        case AddBot(seat=seat, level=level, ref=ref):
            return cmd.AddBot(seat, level, ref)
        case RemoveBot(seat=seat, ref=ref):
            return cmd.RemoveBot(seat, ref)
        case RemovePlayer(seat=seat, ref=ref):
            return cmd.RemovePlayer(seat, ref)
        case Move(seat=seat, ref=ref):
            return cmd.Move(seat, ref)
        case Swap(seats=[first, second], ref=ref):
            return cmd.Swap(first, second, ref)
        case Start(ref=ref):
            return cmd.Start(ref)
        case Act(action=action, version=version, ref=ref):
            return cmd.Act(action, version, ref)
        case Continue(ref=ref):
            return cmd.Proceed(ref)
        case Decline(ref=ref):
            return cmd.Decline(ref)
        case HintRequest(ref=ref):
            return cmd.Hint(ref)
        case ReviewRequest(deal=deal, ref=ref):
            return cmd.Review(deal, ref)
        case Chat(text=text, preset=preset, ref=ref):
            return cmd.Say(text, preset, ref)
        case ChatLog(ref=ref):
            return cmd.ReadChat(ref)
    raise ProtocolError("bad_message", f"{type(m).__name__} is no table command")


# Answers of table requests whose effect is no event of their own.
_CONFIRMATIONS: dict[type[ClientMessage], str] = {
    Leave: "left",
    Continue: "continued",
    Decline: "declined",
}


async def _table_request(
    server: ServerParts, conn: Connection, m: TableRequest, command: cmd.Command
) -> None:
    table_id = m.table
    found = await server.lobby.run(conn, table_id, command)
    confirmation = _CONFIRMATIONS.get(type(m))
    if confirmation is not None:
        conn.send(_with_ref({"type": confirmation, "table": table_id}, m.ref))
    elif isinstance(command, cmd.ReadChat):
        conn.send(_with_ref(found, m.ref))


async def _ping(server: ServerParts, conn: Connection, m: Ping) -> None:
    conn.send(_with_ref({"type": "pong", "time": time.time()}, m.ref))


async def _lobby(server: ServerParts, conn: Connection, m: LobbyRequest) -> None:
    lobby = server.lobby
    if m.subscribe:
        lobby.subscribe(conn)
    else:
        lobby.unsubscribe(conn)
    # The list is spliced in as the text the lobby keeps: a client asking again and again
    # costs no new list each time (docs/security.md).
    yours = lobby.seated(conn.identity.id)  # a way back to a seat kept after the tab closed
    head = dumps(_with_ref({"type": "lobby", "yours": yours}, m.ref))
    conn.send_text(f'{head[:-1]},"tables":{lobby.listing_json()}}}')


async def _create(server: ServerParts, conn: Connection, m: Create) -> None:
    table = await server.lobby.create(conn, m)
    created: dict[str, Any] = {"type": "created", "table": table.id}
    if table.invite:
        created["invite"] = table.invite
    conn.send(_with_ref(created, m.ref))
    first = cmd.Sit(0, True, m.ref) if m.sit else cmd.Join(None, True, m.ref)
    await table.call(cmd.perform, table, conn, first)


async def _quick_play(server: ServerParts, conn: Connection, m: QuickPlay) -> None:
    await server.lobby.quick_play(conn, m.preset, m.ref, m.ranked)


async def _join(server: ServerParts, conn: Connection, m: Join) -> None:
    if (m.table is None) == (m.invite is None):
        raise ProtocolError("bad_message", 'join: give either "table" or "invite"')
    lobby = server.lobby
    if m.invite is not None:
        await _count_invite_lookup(server, conn)
        table_id = lobby.followed(await lobby.invite_table(m.invite))
        join = cmd.Join(m.since, True, m.ref, m.take_over)
        await lobby.run(conn, table_id, join, visible=False)
    else:
        await lobby.run(conn, m.table or "", cmd.Join(m.since, False, m.ref, m.take_over))


async def _count_invite_lookup(server: ServerParts, conn: Connection) -> None:
    """An invite followed counts with the address's invite previews (``GET
    /api/invites``): codes were guessed over the websocket at 160 a second."""
    if conn.address in exempt_addresses(server.settings):
        return
    wait = await server.invite_lookups.take(limit_key(conn.address))
    if wait > 0:
        most = server.settings.invite_lookups_per_address
        raise ProtocolError(
            "rate_limited",
            f"at most {most} invites a minute from one address: wait {max(1, math.ceil(wait))} s",
            retry_after=wait,
        )


async def _play_again(server: ServerParts, conn: Connection, m: PlayAgain) -> None:
    await rematch.play_again(server.lobby, conn, m.table, m.ref)


async def _chat_settings(server: ServerParts, conn: Connection, m: ChatSettings) -> None:
    identity = conn.identity
    if m.enabled is None:
        prefs = await server.chat.load(identity)
    else:
        prefs = await server.chat.update(identity, enabled=m.enabled)
    conn.send(_with_ref({"type": "chat_settings", **prefs.to_json()}, m.ref))


async def _mute(server: ServerParts, conn: Connection, m: Mute | Unmute) -> None:
    identity = conn.identity
    if m.user == identity.id:
        raise ProtocolError("bad_options", "you cannot mute yourself")
    prefs = await server.chat.mute(identity, m.user, isinstance(m, Mute))
    conn.send(_with_ref({"type": "chat_settings", **prefs.to_json()}, m.ref))


_HANDLERS: dict[type[ClientMessage], Handler] = {
    Ping: _ping,
    LobbyRequest: _lobby,
    Create: _create,
    QuickPlay: _quick_play,
    Join: _join,
    PlayAgain: _play_again,
    ChatSettings: _chat_settings,
    Mute: _mute,
    Unmute: _mute,
}


def _with_ref(message: dict[str, Any], ref: str | int | None) -> dict[str, Any]:
    if ref is not None:
        message["ref"] = ref
    return message


async def _cleanup(server: ServerParts, conn: Connection) -> None:
    conn.finish()  # closed at once, so a reconnect may take the seat back
    server.connections.discard(conn)
    server.metrics.connections.dec()
    if conn.cut_off:
        server.metrics.dropped.inc()
    server.lobby.unsubscribe(conn)
    server.chat.detach(conn)
    try:
        await server.lobby.disconnected(conn)
    except Exception:
        log.exception("could not leave the tables", extra={"connection": conn.id})
    await conn.close()
    log.info("disconnected", extra={"connection": conn.id, "user": conn.identity.id})
