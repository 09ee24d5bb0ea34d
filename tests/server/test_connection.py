"""A connection's outgoing queue: a client that stops reading never stalls the server."""

from __future__ import annotations

import asyncio

import pytest
from starlette.websockets import WebSocketState
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from euchre.server.auth import Identity
from euchre.server.connection import (
    CLOSE_TOO_SLOW,
    QUEUE_BYTES,
    Connection,
    _text_frame_header,
)


class StuckSocket:
    """A websocket whose peer stopped reading: every send waits until released."""

    def __init__(self) -> None:
        self.application_state = WebSocketState.CONNECTED
        self.client = None  # no peer address, as Starlette's own websocket may have
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
async def test_a_client_that_leaves_big_messages_unread_is_dropped_before_the_count() -> None:
    socket = StuckSocket()
    conn = Connection(socket, Identity("g_3", "Big"), limit=512)  # type: ignore[arg-type]
    big = "x" * (QUEUE_BYTES // 8)  # a lobby list of many tables, asked for again and again
    sent = 0
    while not conn.dropped and sent < 40:
        conn.send_text(big)
        sent += 1
    assert conn.dropped and sent <= 9, sent  # far below 512 messages: their size counts
    socket.release.set()
    await asyncio.wait_for(conn.wait_closed(), 5)
    assert socket.closed_with == CLOSE_TOO_SLOW


@pytest.mark.anyio
async def test_unread_text_counts_by_its_size_in_memory_not_its_characters() -> None:
    """A chat log of emoji takes 4 bytes a character: 20 sockets that never read held
    113 MB when the bound counted characters."""
    socket = StuckSocket()
    conn = Connection(socket, Identity("g_4", "Emoji"), limit=512)  # type: ignore[arg-type]
    chat = "\U0001f600" * (QUEUE_BYTES // 32)  # 1/32 of the bound in characters, 1/8 in memory
    sent = 0
    while not conn.dropped and sent < 40:
        conn.send_text(chat)
        sent += 1
    assert conn.dropped and sent <= 9, sent
    socket.release.set()
    await asyncio.wait_for(conn.wait_closed(), 5)


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
    """websockets' sans-I/O protocol as uvicorn holds it: with compression negotiated, the
    connection frames through it (marked here by a trailing ``|``)."""

    def __init__(self, extensions: list[object]) -> None:
        self.state = State.OPEN
        self.extensions = extensions
        self.expect_continuation_frame = False
        self.pending: list[bytes] = []

    def send_text(self, data: bytes) -> None:
        self.pending.append(data + b"|")

    def data_to_send(self) -> list[bytes]:
        out, self.pending = self.pending, []
        return out


class FakeUvicornProtocol:
    """What :class:`Connection` writes to directly under uvicorn's sans-I/O websockets."""

    def __init__(self, extensions: list[object] | None = None) -> None:
        self.conn = FakeFrames(extensions or [])
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
        self.transport.write(frame(text))


class DirectSocket(StuckSocket):
    """A Starlette websocket over :class:`FakeUvicornProtocol`."""

    def __init__(self, protocol: FakeUvicornProtocol) -> None:
        super().__init__()
        self._receive = protocol.receive
        self.protocol = protocol

    async def send_text(self, text: str) -> None:
        await self.protocol.send_text(text)


def frame(text: str) -> bytes:
    """A whole text frame as websockets writes it (server side: unmasked)."""
    return Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])


def frames(*texts: str) -> bytes:
    return b"".join(frame(t) for t in texts)


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 1450, 65535, 65536, 70000])
def test_a_text_frame_written_directly_is_the_frame_websockets_writes(size: int) -> None:
    text = "x" * size
    assert _text_frame_header(size) + text.encode() == frame(text)


@pytest.mark.anyio
async def test_messages_go_straight_to_the_socket_and_queue_under_flow_control() -> None:
    protocol = FakeUvicornProtocol()
    conn = Connection(DirectSocket(protocol), Identity("g_3", "Quick"), limit=10)  # type: ignore[arg-type]
    conn.send({"n": 1})
    assert bytes(protocol.transport.written) == frame('{"n":1}')  # at once, no task between
    protocol.writable.clear()  # the transport's buffer is full: uvicorn pauses writing
    conn.send({"n": 2})
    conn.send({"n": 3})
    await asyncio.sleep(0.01)
    assert bytes(protocol.transport.written) == frame('{"n":1}')
    protocol.writable.set()
    conn.send({"n": 4})  # behind the queued messages, not before them
    for _ in range(100):
        if protocol.transport.written.endswith(frame('{"n":4}')):
            break
        await asyncio.sleep(0.01)
    assert bytes(protocol.transport.written) == frames(*(f'{{"n":{n}}}' for n in range(1, 5)))
    assert protocol.through_send == ['{"n":2}', '{"n":3}', '{"n":4}']
    conn.send({"n": 5})  # the queue is empty again: straight to the socket
    assert bytes(protocol.transport.written).endswith(frames('{"n":4}', '{"n":5}'))
    assert protocol.through_send[-1] == '{"n":4}'
    conn.abort()


@pytest.mark.anyio
async def test_a_compressed_connection_is_framed_by_websockets() -> None:
    protocol = FakeUvicornProtocol(extensions=["permessage-deflate"])
    conn = Connection(DirectSocket(protocol), Identity("g_5", "Zip"), limit=10)  # type: ignore[arg-type]
    conn.send({"n": 1})
    assert bytes(protocol.transport.written) == b'{"n":1}|'
    conn.abort()


@pytest.mark.anyio
async def test_nothing_is_written_straight_to_a_closing_socket() -> None:
    for closing in ("close_sent", "state"):
        protocol = FakeUvicornProtocol()
        conn = Connection(DirectSocket(protocol), Identity("g_4", "Late"), limit=10)  # type: ignore[arg-type]
        if closing == "close_sent":
            protocol.close_sent = True
        else:
            protocol.conn.state = State.CLOSING  # the peer's close frame has come
        conn.send({"n": 1})
        assert protocol.transport.written == b""
        conn.abort()
