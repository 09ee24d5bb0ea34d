"""The websocket endpoint: read a client's messages, validate them, route them.

Each connection reads one message at a time; a table request waits for the table's
answer (its events reach the client through the connection's outgoing queue). Errors
go back to the sender as ``error`` messages and change nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

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
    Create,
    HintRequest,
    Join,
    Leave,
    LobbyRequest,
    Mute,
    Ping,
    ProtocolError,
    QuickPlay,
    RemoveBot,
    Resync,
    ReviewRequest,
    Sit,
    Stand,
    Start,
    Unmute,
    error,
    parse_message,
    reference,
)

if TYPE_CHECKING:
    from .app import Server

log = logging.getLogger("euchre.gateway")

CLOSE_NO_SESSION = 4401
CLOSE_BAD_ORIGIN = 4403
CLOSE_SHUTTING_DOWN = 1012


async def identity_of(server: Server, websocket: WebSocket) -> Identity | None:
    """The session in the cookie, or in the ``session`` query parameter (non-browser
    clients): a guest, or an account whose server-side session is still valid."""
    token = websocket.cookies.get(COOKIE_NAME) or websocket.query_params.get("session")
    try:
        return await server.accounts.identify(token)
    except Exception:
        log.exception("could not check a session")
        return None


def origin_allowed(server: Server, websocket: WebSocket) -> bool:
    """A browser page may open the websocket only from the configured public origin
    (``guard.public_origins``), never one taken from the request's own ``Host``. Clients
    that send no Origin are not browsers: they pass their session as ``?session=``, and a
    cookie without an Origin is refused."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return COOKIE_NAME not in websocket.cookies
    return same_origin(origin, public_origins(server.settings))


async def websocket_endpoint(websocket: WebSocket) -> None:
    """``/ws``: one client's connection for its whole life."""
    server: Server = websocket.app.state.server
    if not origin_allowed(server, websocket):
        origin = websocket.headers.get("origin")
        log.warning("websocket refused: foreign origin", extra={"origin": origin})
        await websocket.close(code=CLOSE_BAD_ORIGIN)  # before accepting: HTTP 403
        return
    identity = await identity_of(server, websocket)
    await websocket.accept()
    if identity is None or server.closing:
        await _refuse(websocket, identity is None)
        return
    settings = server.settings
    conn = Connection(
        websocket, identity, settings.outgoing_queue, settings.rate_per_second, settings.rate_burst
    )
    server.connections.add(conn)
    server.lobby.connected(conn)
    server.metrics.connections.inc()
    log.info("connected", extra={"connection": conn.id, "user": identity.id})
    try:
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


async def _refuse(websocket: WebSocket, no_session: bool) -> None:
    if no_session:
        message = error("no_session", "no valid session: POST /api/session with a name, or log in")
        code = CLOSE_NO_SESSION
    else:
        message = error("shutting_down", "the server is shutting down; reconnect shortly")
        code = CLOSE_SHUTTING_DOWN
    await websocket.send_json(message)
    await websocket.close(code=code)


async def _read_loop(server: Server, conn: Connection) -> None:
    websocket = conn.websocket
    limit = server.settings.max_message_bytes
    while not conn.closed:
        try:
            raw = await websocket.receive()
        except WebSocketDisconnect:
            return
        if raw["type"] == "websocket.disconnect":
            return
        if not conn.allow(time.monotonic()):
            _reject(server, conn, error("rate_limited", "too many messages: slow down"))
            continue
        text = raw.get("text")
        if text is None:
            _reject(server, conn, error("binary", "send JSON as text frames, not binary"))
            continue
        if len(text) > limit or len(text.encode()) > limit:
            _reject(server, conn, error("too_large", f"a message is at most {limit} bytes"))
            continue
        await handle_text(server, conn, text)


def _reject(server: Server, conn: Connection, message: dict[str, Any]) -> None:
    server.metrics.rejected.labels(message["code"]).inc()
    conn.send(message)


async def handle_text(server: Server, conn: Connection, text: str) -> None:
    """Validate and perform one message; every failure becomes an ``error`` to the sender."""
    ref: str | int | None = None
    try:
        message = parse_message(text)
        ref = message.ref
        await _dispatch(server, conn, message)
    except ProtocolError as exc:
        if ref is None and exc.code in ("bad_message", "unknown_type"):
            ref = reference(text)
        table = getattr(_message_or_none(text), "table", None)
        extra = {"table": table} if isinstance(table, str) else {}
        _reject(server, conn, error(exc.code, exc.message, ref, **extra))
    except Exception:
        log.exception("message failed", extra={"connection": conn.id})
        _reject(server, conn, error("server_error", "the server failed on that message", ref))


def _message_or_none(text: str) -> ClientMessage | None:
    try:
        return parse_message(text)
    except ProtocolError:
        return None


Handler = Callable[["Server", Connection, Any], Awaitable[None]]


async def _dispatch(server: Server, conn: Connection, message: ClientMessage) -> None:
    handler = _HANDLERS[type(message)]
    await handler(server, conn, message)


async def _ping(server: Server, conn: Connection, m: Ping) -> None:
    conn.send(_with_ref({"type": "pong", "time": time.time()}, m.ref))


async def _lobby(server: Server, conn: Connection, m: LobbyRequest) -> None:
    lobby = server.lobby
    if m.subscribe:
        lobby.subscribe(conn)
    else:
        lobby.unsubscribe(conn)
    conn.send(_with_ref({"type": "lobby", "tables": lobby.listing()}, m.ref))


async def _create(server: Server, conn: Connection, m: Create) -> None:
    table = await server.lobby.create(conn, m)
    created: dict[str, Any] = {"type": "created", "table": table.id}
    if table.invite:
        created["invite"] = table.invite
    conn.send(_with_ref(created, m.ref))
    await (
        table.call(table.sit, conn, 0, True, m.ref)
        if m.sit
        else table.call(table.join, conn, None, True, m.ref)
    )


async def _quick_play(server: Server, conn: Connection, m: QuickPlay) -> None:
    await server.lobby.quick_play(conn, m.preset, m.ref, m.ranked)


async def _join(server: Server, conn: Connection, m: Join) -> None:
    if (m.table is None) == (m.invite is None):
        raise ProtocolError("bad_message", 'join: give either "table" or "invite"')
    lobby = server.lobby
    if m.invite is not None:
        table_id = await lobby.invite_table(m.invite)
        await lobby.run(conn, table_id, "join", m.since, True, m.ref, visible=False)
    else:
        await lobby.run(conn, m.table or "", "join", m.since, False, m.ref)


async def _resync(server: Server, conn: Connection, m: Resync) -> None:
    await server.lobby.run(conn, m.table, "resync", m.since, m.ref)


async def _sit(server: Server, conn: Connection, m: Sit) -> None:
    await server.lobby.run(conn, m.table, "sit", m.seat, False, m.ref)


async def _stand(server: Server, conn: Connection, m: Stand) -> None:
    await server.lobby.run(conn, m.table, "stand")


async def _leave(server: Server, conn: Connection, m: Leave) -> None:
    await server.lobby.run(conn, m.table, "leave")
    conn.send(_with_ref({"type": "left", "table": m.table}, m.ref))


async def _add_bot(server: Server, conn: Connection, m: AddBot) -> None:
    await server.lobby.run(conn, m.table, "add_bot", m.seat, m.level)


async def _remove_bot(server: Server, conn: Connection, m: RemoveBot) -> None:
    await server.lobby.run(conn, m.table, "remove_bot", m.seat)


async def _start(server: Server, conn: Connection, m: Start) -> None:
    await server.lobby.run(conn, m.table, "start")


async def _act(server: Server, conn: Connection, m: Act) -> None:
    await server.lobby.run(conn, m.table, "act", m.action, m.version)


async def _hint(server: Server, conn: Connection, m: HintRequest) -> None:
    await server.lobby.run(conn, m.table, "hint", m.ref)


async def _review(server: Server, conn: Connection, m: ReviewRequest) -> None:
    await server.lobby.run(conn, m.table, "review", m.deal, m.ref)


async def _chat(server: Server, conn: Connection, m: Chat) -> None:
    await server.lobby.run(conn, m.table, "chat", m.text, m.preset, m.ref)


async def _chat_log(server: Server, conn: Connection, m: ChatLog) -> None:
    found = await server.lobby.run(conn, m.table, "chat_log")
    conn.send(_with_ref(found, m.ref))


async def _chat_settings(server: Server, conn: Connection, m: ChatSettings) -> None:
    identity = conn.identity
    if m.enabled is None:
        prefs = await server.chat.load(identity)
    else:
        prefs = await server.chat.update(identity, enabled=m.enabled)
        await server.accounts.publish_prefs(identity, prefs)
    conn.send(_with_ref({"type": "chat_settings", **prefs.to_json()}, m.ref))


async def _mute(server: Server, conn: Connection, m: Mute | Unmute) -> None:
    identity = conn.identity
    if m.user == identity.id:
        raise ProtocolError("bad_options", "you cannot mute yourself")
    prefs = await server.chat.mute(identity, m.user, isinstance(m, Mute))
    await server.accounts.publish_prefs(identity, prefs)
    conn.send(_with_ref({"type": "chat_settings", **prefs.to_json()}, m.ref))


_HANDLERS: dict[type[ClientMessage], Handler] = {
    Ping: _ping,
    LobbyRequest: _lobby,
    Create: _create,
    QuickPlay: _quick_play,
    Join: _join,
    Resync: _resync,
    Sit: _sit,
    Stand: _stand,
    Leave: _leave,
    AddBot: _add_bot,
    RemoveBot: _remove_bot,
    Start: _start,
    Act: _act,
    HintRequest: _hint,
    ReviewRequest: _review,
    Chat: _chat,
    ChatLog: _chat_log,
    ChatSettings: _chat_settings,
    Mute: _mute,
    Unmute: _mute,
}


def _with_ref(message: dict[str, Any], ref: str | int | None) -> dict[str, Any]:
    if ref is not None:
        message["ref"] = ref
    return message


async def _cleanup(server: Server, conn: Connection) -> None:
    conn.finish()  # closed at once, so a reconnect may take the seat back
    server.connections.discard(conn)
    server.metrics.connections.dec()
    if conn.dropped:
        server.metrics.dropped.inc()
    server.lobby.unsubscribe(conn)
    server.chat.detach(conn)
    try:
        await server.lobby.disconnected(conn)
    except Exception:
        log.exception("could not leave the tables", extra={"connection": conn.id})
    await conn.close()
    log.info("disconnected", extra={"connection": conn.id, "user": conn.identity.id})
