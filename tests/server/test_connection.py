"""A connection's outgoing queue: a client that stops reading never stalls the server."""

from __future__ import annotations

import asyncio

import pytest
from starlette.websockets import WebSocketState

from euchre.server.auth import Identity
from euchre.server.connection import CLOSE_TOO_SLOW, Connection


class StuckSocket:
    """A websocket whose peer stopped reading: every send waits until released."""

    def __init__(self) -> None:
        self.application_state = WebSocketState.CONNECTED
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self.release = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.release.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code
        self.application_state = WebSocketState.DISCONNECTED


@pytest.mark.anyio
async def test_a_client_that_stops_reading_is_dropped_without_blocking() -> None:
    socket = StuckSocket()
    conn = Connection(socket, Identity("g_1", "Slow"), limit=3)  # type: ignore[arg-type]
    for i in range(10):
        conn.send({"n": i})  # returns at once, whatever the client does
    assert conn.dropped and conn.closed
    socket.release.set()
    await asyncio.wait_for(conn.wait_closed(), 5)
    assert socket.closed_with == CLOSE_TOO_SLOW
    assert len(socket.sent) <= 4  # what was queued before the limit, nothing after


@pytest.mark.anyio
async def test_a_closed_connection_sends_what_was_queued_then_closes() -> None:
    socket = StuckSocket()
    socket.release.set()
    conn = Connection(socket, Identity("g_2", "Ok"), limit=10)  # type: ignore[arg-type]
    conn.send({"a": 1})
    conn.send({"b": 2})
    await asyncio.wait_for(conn.close(), 5)
    assert socket.sent == ['{"a":1}', '{"b":2}'] and socket.closed_with == 1001
    conn.send({"late": True})
    assert len(socket.sent) == 2


class FakeTransport:
    def __init__(self) -> None:
        self.written = bytearray()

    def write(self, data: bytes) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return False


class FakeFrames:
    """The sans-I/O protocol's part: frames are the text itself here."""

    def __init__(self) -> None:
        self.pending: list[bytes] = []

    def send_text(self, data: bytes) -> None:
        self.pending.append(data + b"|")

    def data_to_send(self) -> list[bytes]:
        out, self.pending = self.pending, []
        return out


class FakeUvicornProtocol:
    """What :class:`Connection` writes to directly under uvicorn's sans-I/O websockets."""

    def __init__(self) -> None:
        self.conn = FakeFrames()
        self.transport = FakeTransport()
        self.writable = asyncio.Event()
        self.writable.set()
        self.handshake_complete = True
        self.close_sent = False
        self.disconnected = False
        self.through_send: list[str] = []

    async def receive(self) -> dict[str, str]:
        raise AssertionError("not read in these tests")

    async def send_text(self, text: str) -> None:  # the ASGI path: waits while paused
        await self.writable.wait()
        self.through_send.append(text)
        self.transport.write(text.encode() + b"|")


class DirectSocket(StuckSocket):
    """A Starlette websocket over :class:`FakeUvicornProtocol`."""

    def __init__(self, protocol: FakeUvicornProtocol) -> None:
        super().__init__()
        self._receive = protocol.receive
        self.protocol = protocol

    async def send_text(self, text: str) -> None:
        await self.protocol.send_text(text)


@pytest.mark.anyio
async def test_messages_go_straight_to_the_socket_and_queue_under_flow_control() -> None:
    protocol = FakeUvicornProtocol()
    conn = Connection(DirectSocket(protocol), Identity("g_3", "Quick"), limit=10)  # type: ignore[arg-type]
    conn.send({"n": 1})
    assert bytes(protocol.transport.written) == b'{"n":1}|'  # at once, no task in between
    protocol.writable.clear()  # the transport's buffer is full: uvicorn pauses writing
    conn.send({"n": 2})
    conn.send({"n": 3})
    await asyncio.sleep(0.01)
    assert bytes(protocol.transport.written) == b'{"n":1}|'
    protocol.writable.set()
    conn.send({"n": 4})  # behind the queued messages, not before them
    for _ in range(100):
        if b'"n":4' in protocol.transport.written:
            break
        await asyncio.sleep(0.01)
    assert bytes(protocol.transport.written) == b'{"n":1}|{"n":2}|{"n":3}|{"n":4}|'
    assert protocol.through_send == ['{"n":2}', '{"n":3}', '{"n":4}']
    conn.send({"n": 5})  # the queue is empty again: straight to the socket
    assert bytes(protocol.transport.written).endswith(b'{"n":4}|{"n":5}|')
    assert protocol.through_send[-1] == '{"n":4}'
    conn.abort()


@pytest.mark.anyio
async def test_nothing_is_written_straight_to_a_closing_socket() -> None:
    protocol = FakeUvicornProtocol()
    conn = Connection(DirectSocket(protocol), Identity("g_4", "Late"), limit=10)  # type: ignore[arg-type]
    protocol.close_sent = True
    conn.send({"n": 1})
    assert protocol.transport.written == b""
    conn.abort()
