"""One client connection: an outgoing queue drained by its own writer task.

Tables never wait for a client: they put messages in the queue and move on. A client
that lets its queue grow past the limit is disconnected (it may reconnect and resync).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import sys
from typing import Any

from starlette.websockets import WebSocket, WebSocketState
from websockets.protocol import State

from .auth import Identity
from .limits import Budget
from .wire import dumps

log = logging.getLogger("euchre.connection")
_ids = itertools.count(1)

CLOSE_TOO_SLOW = 1013
# Memory a client may leave unread, besides the count of messages: a few big messages
# (chat logs of emoji, lobby lists asked for again and again) must not hold memory the way
# many small ones cannot. Counted as the texts' size in memory (a text with an emoji in it
# takes 4 bytes a character).
QUEUE_BYTES = 1024 * 1024
CLOSE_GOING_AWAY = 1001
# The same page came back on a new connection (or the person chose to play in another
# tab): this one's seat is the new one's now (docs/protocol.md, "Close codes").
CLOSE_REPLACED = 4409


class Endpoint:
    """Whom a table talks to: a person, the tables they watch, and a way to reach them.

    Usually a :class:`Connection` on this instance; with several instances, a client of
    another instance is an endpoint whose messages travel over the event bus
    (``euchre.server.cluster``).
    """

    relayed = False  # True: the person's socket (and chat preferences) live elsewhere

    def __init__(self, identity: Identity, page: str | None = None) -> None:
        self.id = next(_ids)
        self.identity = identity
        self.page = page  # the browser page (tab) it serves, as the client says (optional)
        self.tables: set[str] = set()
        self.closed = False
        self.chat: object = None  # a relayed person's chat preferences, sent with requests
        # The client's address (a relayed client's too), for limits per address ("": unknown).
        self.address = ""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (never waits)."""
        self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        raise NotImplementedError

    def replaced(self) -> None:
        """A newer connection took this one's seat over: nothing more goes to it or comes
        from it (its late requests cannot act for the seat), and its client is told so."""
        raise NotImplementedError


class Connection(Endpoint):
    """A websocket with an identity, the tables it watches and an outgoing queue."""

    def __init__(
        self,
        websocket: WebSocket,
        identity: Identity,
        limit: int,
        budget: Budget | None = None,
        page: str | None = None,
    ) -> None:
        super().__init__(identity, page)
        self.websocket = websocket
        self.address = websocket.client.host if websocket.client else ""
        self.limit = limit
        self.dropped = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._queued_bytes = 0
        self._close_code = CLOSE_GOING_AWAY
        # the person's, shared by their connections and kept past a reconnect (Budgets)
        self.budget = budget or Budget(40.0, 80.0)
        self._direct = _DirectSocket.of(websocket)
        self._sending = False  # the writer holds a message it has not yet handed over
        self._writer = asyncio.create_task(self._write(), name=f"conn-{self.id}-writer")

    def allow(self, now: float, cost: float = 1.0) -> bool:
        """May the client send another message (of this ``cost``) now?"""
        return self.budget.allow(now, cost)

    def __repr__(self) -> str:
        return f"<Connection {self.id} {self.identity.name!r}>"

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        direct = self._direct
        if direct is not None and not self._sending and self._queue.empty() and direct.write(text):
            return
        size = sys.getsizeof(text)
        if self._queue.qsize() >= self.limit or self._queued_bytes + size > QUEUE_BYTES:
            log.warning("dropping a slow client", extra={"connection": self.id})
            self.dropped = True
            self.finish(CLOSE_TOO_SLOW)
            self._drop()
            return
        self._queued_bytes += size
        self._queue.put_nowait(text)

    @property
    def cut_off(self) -> bool:
        """Whether the server cut this client off for not reading, here or in its websocket
        protocol (``ws_guard``: control frames past their budget, unsent bytes past their
        bound)."""
        return self.dropped or bool(getattr(_protocol_of(self.websocket), "cut_off", False))

    def _drop(self) -> None:
        """Let go of a client that stopped reading: what is queued for it is freed, and
        its socket is cut (it would never take the bytes waiting in the send buffer, and
        a close frame waits behind them)."""
        transport = _transport_of(self.websocket)
        if transport is not None:
            transport.abort()
            self._writer.cancel()

    def finish(self, code: int = CLOSE_GOING_AWAY) -> None:
        """Send nothing more after what is queued; the writer then closes the socket."""
        if not self.closed:
            self.closed = True
            self._close_code = code
            self._queue.put_nowait(None)

    async def _write(self) -> None:
        ws = self.websocket
        while True:
            text = await self._queue.get()
            if text is None:
                break
            self._queued_bytes -= sys.getsizeof(text)
            self._sending = True
            try:
                await ws.send_text(text)
            except Exception:
                self.closed = True
                return
            finally:
                self._sending = False
        if ws.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close(code=self._close_code)

    def replaced(self) -> None:
        self.finish(CLOSE_REPLACED)

    async def close(self, code: int = CLOSE_GOING_AWAY) -> None:
        """Send what is queued, close the socket and stop the writer."""
        self.finish(code)
        await asyncio.wait({self._writer})

    def abort(self) -> None:
        """Stop at once (the socket is gone)."""
        self.closed = True
        self._writer.cancel()

    async def wait_closed(self) -> None:
        await asyncio.wait({self._writer})


class _DirectSocket:
    """uvicorn's websocket protocol written to at once, skipping the writer task and the
    ASGI ``send`` chain: a table's event goes to four sockets per action, and the hop
    through a task and the middleware stack for each was a good part of the server's CPU
    per action. Only while the socket takes data without waiting; otherwise (flow control,
    closing) the message goes through the queue and the ASGI ``send`` as before."""

    def __init__(self, protocol: Any) -> None:
        self._protocol = protocol

    @classmethod
    def of(cls, websocket: WebSocket) -> _DirectSocket | None:
        """The direct way to this websocket's socket, or None under other servers."""
        protocol = _protocol_of(websocket)
        needed = ("conn", "transport", "writable", "handshake_complete", "close_sent")
        if protocol is None or not all(hasattr(protocol, name) for name in needed):
            return None
        frames = ("send_text", "data_to_send", "state", "extensions", "expect_continuation_frame")
        if not all(hasattr(protocol.conn, name) for name in frames):
            return None
        return cls(protocol)

    def write(self, text: str) -> bool:
        """Frame and write ``text`` now; False (nothing written) when the socket is not
        ready to take it without waiting."""
        protocol = self._protocol
        frames = protocol.conn
        if (
            not protocol.handshake_complete
            or protocol.close_sent
            or getattr(protocol, "disconnected", False)
            or not protocol.writable.is_set()
            or protocol.transport.is_closing()
            or frames.state is not State.OPEN
        ):
            return False
        payload = text.encode()
        if frames.extensions or frames.expect_continuation_frame:  # compression: websockets
            frames.send_text(payload)
            protocol.transport.write(b"".join(frames.data_to_send()))
        else:
            protocol.transport.write(_text_frame_header(len(payload)) + payload)
        return True


def _text_frame_header(size: int) -> bytes:
    """The header of a whole, unmasked text frame of ``size`` bytes (RFC 6455 §5.2), as a
    server sends it: websockets' general framing costs as much again as the socket write."""
    if size < 126:
        return bytes((0x81, size))
    if size < 1 << 16:
        return bytes((0x81, 126)) + size.to_bytes(2, "big")
    return bytes((0x81, 127)) + size.to_bytes(8, "big")


def _protocol_of(websocket: WebSocket) -> Any:
    """uvicorn's protocol object under a websocket (its ``receive`` is a method of it);
    None under other servers."""
    return getattr(getattr(websocket, "_receive", None), "__self__", None)


def _transport_of(websocket: WebSocket) -> Any:
    """The socket under a websocket served by uvicorn; None under other servers."""
    transport = getattr(_protocol_of(websocket), "transport", None)
    # uvloop's transports are not asyncio.Transport subclasses: check what is used.
    return transport if callable(getattr(transport, "abort", None)) else None
