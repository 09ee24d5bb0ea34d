"""uvicorn's websocket protocol, bounded in what one client can make the server hold.

uvicorn answers each ping at once, straight into the socket's send buffer, and reads on
whether or not the client takes the pongs: a client that sent pings and never read made
the server buffer pongs without end (hundreds of MB a minute) and kept its event loop
busy. Control frames never reach the app, so its message rate and its outgoing queue
bound (``connection.py``) did not see them. And a close waited for the send buffer to
drain, which a client that does not read never lets happen: the socket and its buffer
were held for as long as the client kept the connection open. Here:

* pings and pongs count against a budget per connection of the same size as the
  messages' (``rate_per_second``, ``rate_burst``); a client past it is cut off;
* a connection holding more than ``QUEUE_BYTES`` unsent bytes is cut off;
* a socket being closed has ``CLOSE_GRACE`` seconds to send what it holds, then is cut;
* once the server has sent its close, the client's answer is a close frame: past
  ``CLOSE_REPLY_BYTES`` more it is cut without reading on. uvicorn resumed reading at the
  close and parsed (and threw away) all that came until the reply, with no rate: one
  socket refused for want of a session, sending tiny frames, held the event loop for
  seconds at a time, every table and request of the server waiting behind it.

Cut off: a close frame if the socket takes it, then the transport is aborted, which
frees what it buffered; the app sees the client disconnect.

A handshake whose request line or one header line is longer than the websocket parser
takes (``MAX_LINE_LENGTH``), or with more than ``MAX_NUM_HEADERS`` headers, is answered
431 ``too_large`` and closed (one the parser refuses otherwise, closed): the parser queued
its own answer but told uvicorn nothing, which never sent it, and the socket was held open
for as long as the client liked.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, cast

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import SecurityError
from websockets.frames import Frame
from websockets.http11 import MAX_LINE_LENGTH, MAX_NUM_HEADERS
from websockets.protocol import State

from .config import Settings
from .connection import CLOSE_TOO_SLOW, QUEUE_BYTES

log = logging.getLogger("euchre.connection")

CLOSE_GRACE = 5.0
CLOSE_POLICY = 1008
# A close frame is at most 131 bytes; what came in the same read before it (a message
# sent as the server closed) a little more.
CLOSE_REPLY_BYTES = 8192


class GracefulTransport(asyncio.Transport):
    """A transport whose ``close`` gives the peer ``grace`` seconds to take what is
    buffered and then aborts (asyncio's own close waits for ever on a peer that does not
    read). Everything else is the transport's own."""

    def __init__(self, inner: asyncio.Transport, loop: asyncio.AbstractEventLoop, grace: float):
        super().__init__()
        self.inner = inner
        self._loop = loop
        self._grace = grace
        self._timer: asyncio.TimerHandle | None = None

    def close(self) -> None:
        if self._timer is None and not self.inner.is_closing():
            self._timer = self._loop.call_later(self._grace, self.inner.abort)
        self.inner.close()

    def lost(self) -> None:
        """The connection is gone: nothing left to cut."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def abort(self) -> None:
        self.inner.abort()

    def is_closing(self) -> bool:
        return self.inner.is_closing()

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.inner.write(data)

    def writelines(self, list_of_data: Any) -> None:
        self.inner.writelines(list_of_data)

    def write_eof(self) -> None:
        self.inner.write_eof()

    def can_write_eof(self) -> bool:
        return self.inner.can_write_eof()

    def get_write_buffer_size(self) -> int:
        return self.inner.get_write_buffer_size()

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self.inner.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self.inner.set_write_buffer_limits(high, low)

    def pause_reading(self) -> None:
        self.inner.pause_reading()

    def resume_reading(self) -> None:
        self.inner.resume_reading()

    def is_reading(self) -> bool:
        return self.inner.is_reading()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.inner.get_extra_info(name, default)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self.inner.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self.inner.get_protocol()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol with a control-frame budget, a bound on unsent bytes
    and closes that cannot hang (see the module's docstring)."""

    control_rate = 40.0  # control frames per second ...
    control_burst = 80.0  # ... and in a burst
    max_unsent = QUEUE_BYTES
    close_grace = CLOSE_GRACE
    cut_off = False  # True once this socket was cut for flooding or not reading

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = self.close_grace  # for the client's close reply (uvicorn: 10 s)
        self._tokens = self.control_burst
        self._refilled = self.loop.time()
        self._after_close = 0  # bytes received since the server sent its close

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        inner = cast(asyncio.Transport, transport)
        super().connection_made(GracefulTransport(inner, self.loop, self.close_grace))

    def connection_lost(self, exc: Exception | None) -> None:
        cast(GracefulTransport, self.transport).lost()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.cut_off:
            return
        if self.close_sent:
            self._after_close += len(data)
            if self._after_close > CLOSE_REPLY_BYTES:
                self._abort("sent on past the close")
                return
        super().data_received(data)
        if self.conn.handshake_exc is not None and getattr(self, "request", None) is None:
            self._refuse_handshake(self.conn.handshake_exc)

    def _refuse_handshake(self, exc: Exception) -> None:
        """A head the parser would not read: closed, answered 431 where it was too large
        (another, such as one with a body, as the parser answers it: with nothing)."""
        answer = b"".join(self.conn.data_to_send())  # the parser's own: plain text, if any
        if isinstance(exc, SecurityError):
            detail = (
                "the request head is too large for a websocket: at most "
                f"{MAX_LINE_LENGTH} bytes a line and {MAX_NUM_HEADERS} headers"
            )
            answer = too_large_answer(detail)
        self.cut_off = True  # nothing more is read
        self.handshake_complete = self.close_sent = True  # as uvicorn's own refusals: done
        self.transport.write(answer)
        self.transport.close()

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            # A refusal with its reason (``gateway.deny``) answered the handshake; uvicorn
            # would log "returned without completing handshake" at ERROR for each.
            self.handshake_complete = True

    def send_receive_event_to_app(self) -> None:
        """A message to the app; text that is not UTF-8 closes the socket with 1007 as
        uvicorn's does, with a warning in place of its traceback in the error log (one
        for each such frame: any client could fill the log with them)."""
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                log.warning("text not UTF-8 from a websocket", extra={"client": self.client})
                if self.conn.state is State.OPEN:  # else a close came with it: answered
                    self.conn.send_close(1007, "text must be UTF-8")
                    self.handle_parser_exception()
                return
        super().send_receive_event_to_app()

    def handle_ping(self) -> None:
        if self._spend():
            super().handle_ping()
            if self.transport.get_write_buffer_size() > self.max_unsent:
                self.cut(CLOSE_TOO_SLOW, "too much left unread")

    def handle_pong(self, event: Frame) -> None:
        if self._spend():
            super().handle_pong(event)

    def _spend(self) -> bool:
        """Take a control frame from the budget; past it, cut the client off."""
        if self.cut_off:
            return False
        now = self.loop.time()
        elapsed = now - self._refilled
        self._tokens = min(self.control_burst, self._tokens + elapsed * self.control_rate)
        self._refilled = now
        if self._tokens < 1.0:
            self.cut(CLOSE_POLICY, "too many pings")
            return False
        self._tokens -= 1.0
        return True

    def cut(self, code: int, reason: str) -> None:
        """Close now, without waiting for the client to take what is buffered for it."""
        self.conn.fail(code, reason)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self._abort(reason)

    def _abort(self, reason: str) -> None:
        self.cut_off = True
        log.warning("cutting off a websocket", extra={"client": self.client, "reason": reason})
        self.transport.abort()


def too_large_answer(detail: str) -> bytes:
    """The whole HTTP answer to a request whose head was too large (``detail`` says how)."""
    body = json.dumps({"detail": detail, "code": "too_large"}).encode()
    head = (
        "HTTP/1.1 431 Request Header Fields Too Large\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


def guarded_websocket(settings: Settings) -> type[GuardedWebSocket]:
    """The websocket protocol with the settings' budget for control frames."""

    class SetWebSocket(GuardedWebSocket):
        control_rate = settings.rate_per_second
        control_burst = settings.rate_burst

    return SetWebSocket


__all__ = [
    "CLOSE_GRACE",
    "CLOSE_REPLY_BYTES",
    "GracefulTransport",
    "GuardedWebSocket",
    "guarded_websocket",
    "too_large_answer",
]
