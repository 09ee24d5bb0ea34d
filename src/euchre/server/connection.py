"""One client connection: an outgoing queue drained by its own writer task.

Tables never wait for a client: they put messages in the queue and move on. A client
that lets its queue grow past the limit is disconnected (it may reconnect and resync).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from .auth import Identity
from .wire import dumps

log = logging.getLogger("euchre.connection")
_ids = itertools.count(1)

CLOSE_TOO_SLOW = 1013
CLOSE_GOING_AWAY = 1001


class Endpoint:
    """Whom a table talks to: a person, the tables they watch, and a way to reach them.

    Usually a :class:`Connection` on this instance; with several instances, a client of
    another instance is an endpoint whose messages travel over the event bus
    (``euchre.server.cluster``).
    """

    relayed = False  # True: the person's socket (and chat preferences) live elsewhere

    def __init__(self, identity: Identity) -> None:
        self.id = next(_ids)
        self.identity = identity
        self.tables: set[str] = set()
        self.closed = False
        self.chat: object = None  # a relayed person's chat preferences, sent with requests

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (never waits)."""
        self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        raise NotImplementedError


class Connection(Endpoint):
    """A websocket with an identity, the tables it watches and an outgoing queue."""

    def __init__(
        self,
        websocket: WebSocket,
        identity: Identity,
        limit: int,
        rate: float = 40.0,
        burst: float = 80.0,
    ) -> None:
        super().__init__(identity)
        self.websocket = websocket
        self.limit = limit
        self.dropped = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._close_code = CLOSE_GOING_AWAY
        self._rate, self._burst = rate, burst
        self._tokens, self._refilled = burst, time.monotonic()
        self._writer = asyncio.create_task(self._write(), name=f"conn-{self.id}-writer")

    def allow(self, now: float) -> bool:
        """Token bucket: may the client send another message now?"""
        self._tokens = min(self._burst, self._tokens + (now - self._refilled) * self._rate)
        self._refilled = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    def __repr__(self) -> str:
        return f"<Connection {self.id} {self.identity.name!r}>"

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self._queue.qsize() >= self.limit:
            log.warning("dropping a slow client", extra={"connection": self.id})
            self.dropped = True
            self.finish(CLOSE_TOO_SLOW)
            self._drop()
            return
        self._queue.put_nowait(text)

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
            try:
                await ws.send_text(text)
            except Exception:
                self.closed = True
                return
        if ws.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close(code=self._close_code)

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


def _transport_of(websocket: WebSocket) -> Any:
    """The socket under a websocket served by uvicorn (whose ``receive`` is a method of
    its protocol object); None under other servers."""
    protocol = getattr(getattr(websocket, "_receive", None), "__self__", None)
    transport = getattr(protocol, "transport", None)
    # uvloop's transports are not asyncio.Transport subclasses: check what is used.
    return transport if callable(getattr(transport, "abort", None)) else None
