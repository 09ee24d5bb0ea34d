"""Websocket control frames from a client that never reads, against a real server: every
ping is answered with a pong the client leaves in the server's send buffer, so a ping
flood is cut off (past the control-frame budget, or past the unsent-bytes bound), and a
socket closed while its client does not read is let go after a short grace."""

from __future__ import annotations

import base64
import contextlib
import logging
import os
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Client, ThreadServer, fast_settings, guest_token
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.sync.client import connect

BOUND = 30.0
PINGS = 512  # sent at a time
FLOOD_LIMIT = 64 * 1024 * 1024  # bytes a test sends at most before it gives up


def masked(opcode: int, payload: bytes) -> bytes:
    """A client's frame (masked, RFC 6455 §5.3) of under 126 bytes."""
    assert len(payload) < 126
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + mask + body


PING_BATCH = masked(0x9, b"p" * 125) * PINGS


@contextlib.contextmanager
def stuck_client(live: ThreadServer, token: str | None = None) -> Iterator[socket.socket]:
    """A websocket (4 KiB receive buffer) that reads its handshake answer and then never
    reads again (with ``token``, a session the server may refuse)."""
    joined = token is None
    token = token or guest_token(live.base, "Stuck")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(BOUND)
    sock.connect(("127.0.0.1", live.port))
    key = base64.b64encode(os.urandom(16)).decode()
    try:
        sock.sendall(
            f"GET /ws?session={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert b"101" in sock.recv(64)
        if joined:
            wait_for(lambda: live.server.connections, "the websocket never joined")
        yield sock
    finally:
        sock.close()


def wait_for(condition: Any, failure: str) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.02)


def websocket_protocols(live: ThreadServer) -> list[Any]:
    """uvicorn's websocket protocols the server still holds (one per open socket)."""
    held = list(live.uvicorn.server_state.connections)
    return [p for p in held if isinstance(p, WebSocketsSansIOProtocol)]


def unsent_bytes(live: ThreadServer) -> int:
    async def size() -> int:
        (protocol,) = websocket_protocols(live)
        return int(protocol.transport.get_write_buffer_size())

    return int(live.run(size()))


def flood(live: ThreadServer, sock: socket.socket, until: Any) -> int:
    """Send pings until ``until()`` holds, the server cuts the socket or FLOOD_LIMIT
    bytes are sent; returns the bytes sent."""
    sent = 0
    with contextlib.suppress(OSError):  # a cut socket: sends fail
        while sent < FLOOD_LIMIT and websocket_protocols(live) and not until():
            sock.sendall(PING_BATCH)
            sent += len(PING_BATCH)
    return sent


def dropped(live: ThreadServer) -> float:
    value = live.server.metrics.registry.get_sample_value("euchre_slow_clients_dropped_total")
    return value or 0.0


def cut_reasons(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.reason for r in caplog.records if r.getMessage() == "cutting off a websocket"]


def others_are_served(live: ThreadServer) -> None:
    fine = Client(live.base, "Fine")
    assert fine.request(type="ping")["type"] == "pong"
    fine.close()


def test_a_ping_flood_past_the_control_frame_budget_is_cut_off(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = fast_settings(tmp_path / "p.db", rate_per_second=40.0, rate_burst=80.0)
    with ThreadServer(settings) as live:
        # A client that pings now and then, as websocket libraries do, gets its pongs.
        with connect(f"ws://127.0.0.1:{live.port}/ws?session={guest_token(live.base, 'Ok')}") as ok:
            for _ in range(5):
                assert ok.ping().wait(BOUND)
        wait_for(lambda: not websocket_protocols(live), "the polite client is still held")
        with stuck_client(live) as stuck:
            sent = flood(live, stuck, lambda: False)
            wait_for(lambda: not websocket_protocols(live), f"still held after {sent} bytes")
            wait_for(lambda: dropped(live) == 1, "the cut was not counted")
            assert not live.server.connections
            assert cut_reasons(caplog) == ["too many pings"]
        others_are_served(live)


def test_pongs_a_client_never_reads_are_bounded(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    unlimited = fast_settings(tmp_path / "b.db", rate_per_second=1e9, rate_burst=1e9)
    with ThreadServer(unlimited) as live:  # every ping within the budget
        with stuck_client(live) as stuck:
            sent = flood(live, stuck, lambda: False)
            wait_for(lambda: not websocket_protocols(live), f"still held after {sent} bytes")
            wait_for(lambda: dropped(live) == 1, "the cut was not counted")
            assert sent < FLOOD_LIMIT
            assert cut_reasons(caplog) == ["too much left unread"]
        others_are_served(live)


def test_a_socket_closed_while_its_client_does_not_read_is_let_go(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "c.db")) as live:
        with stuck_client(live) as stuck:
            flood(live, stuck, lambda: unsent_bytes(live) > 0)  # pongs wait in the server
            assert websocket_protocols(live) and unsent_bytes(live) > 0
            stuck.sendall(masked(0x8, struct.pack("!H", 1000)))  # close; it reads no answer
            wait_for(lambda: not websocket_protocols(live), "the closed socket is still held")
        others_are_served(live)


def test_a_refused_socket_sending_on_past_the_close_is_cut_off(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A socket with no session is told so and closed; one that never answers the close
    and sends on had everything it sent read and parsed until the reply, with no rate:
    one such socket held the server's event loop for seconds at a time."""
    with ThreadServer(fast_settings(tmp_path / "r.db")) as live:
        with stuck_client(live, token="bogus") as refused:
            text = masked(0x1, b'{"type":"ping"}') * 1000
            sent = 0
            with contextlib.suppress(OSError):  # cut: sends fail
                while sent < FLOOD_LIMIT and "sent on past the close" not in cut_reasons(caplog):
                    refused.sendall(text)
                    sent += len(text)
            wait_for(lambda: not websocket_protocols(live), f"still held after {sent} bytes")
            assert sent < FLOOD_LIMIT
            assert cut_reasons(caplog) == ["sent on past the close"]
            assert not live.server.connections
        others_are_served(live)


def test_text_that_is_not_utf8_closes_with_1007_and_no_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Closed with 1007 as the protocol says; each such frame also wrote an ERROR with a
    traceback to the log, which any client could fill."""
    with ThreadServer(fast_settings(tmp_path / "u.db")) as live:
        close = masked(0x8, struct.pack("!H", 1000))
        for after in (b"", b"", close):  # with its close in the same read, too
            with stuck_client(live) as sock:
                sock.sendall(masked(0x1, b"\xff\xfe\xfd\xfc") + after)
                answer = b""
                with contextlib.suppress(OSError):
                    while chunk := sock.recv(4096):
                        answer += chunk
            closed = answer[answer.rindex(b"\x88") :]  # after the handshake's rest
            assert struct.unpack("!H", closed[2:4]) == (1000 if after else 1007,), answer
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
        warned = [r for r in caplog.records if r.getMessage() == "text not UTF-8 from a websocket"]
        assert len(warned) == 3 and not any(r.exc_info for r in warned)
        others_are_served(live)
