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
