"""Request heads within their size limit, and sockets counted per IPv6 /64: a head of
millions of small headers (held whole by uvicorn's httptools parser, which ignores the
h11 limit) is refused with 431, and the addresses of one /64 share one socket cap."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path
from typing import Any

import httpx
from server_helpers import ThreadServer, fast_settings
from uvicorn.config import Config
from uvicorn.server import ServerState

from euchre.server.config import Settings
from euchre.server.serving import guarded_protocol

BOUND = 10.0
HEAD_LIMIT = 16384


def _answer(sock: socket.socket) -> bytes:
    """What the server sends until it closes the socket (or BOUND passes)."""
    sock.settimeout(BOUND)
    answer = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def _send_head_lines(sock: socket.socket, lines: int) -> None:
    """Small headers, a thousand at a time, never ending the head; stops once the
    server closes."""
    batch = b"X: v\r\n" * 1000
    with contextlib.suppress(OSError):
        for _ in range(lines // 1000):
            sock.sendall(batch)


def _websocket_head(path: str, headers: str = "") -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Upgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def test_a_websocket_head_the_websocket_parser_will_not_read_is_answered_and_closed(
    tmp_path: Path,
) -> None:
    """Within the server's head limit but past the websocket parser's (8,192 bytes a line,
    128 headers), a handshake got no answer at all and its socket was held open: a client
    could hold sockets for nothing, a browser with 9 KB of cookies wait for ever."""
    settings = fast_settings(tmp_path / "h.db", max_header_bytes=HEAD_LIMIT)
    with ThreadServer(settings) as live:
        heads = [
            _websocket_head("/ws?session=" + "x" * 9000),
            _websocket_head("/ws", "Cookie: euchre_session=" + "y" * 9000 + "\r\n"),
            _websocket_head("/ws", "".join(f"X-H{i}: v\r\n" for i in range(130))),
        ]
        for head in heads:
            assert len(head) < HEAD_LIMIT
            with socket.create_connection(("127.0.0.1", live.port), timeout=BOUND) as sock:
                sock.sendall(head)
                answer = _answer(sock)  # (to the socket's close, within BOUND)
            assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
            assert b'"code": "too_large"' in answer
            assert b"at most 8192 bytes a line and 128 headers" in answer
        # A long head the parser reads is a websocket like any other.
        with socket.create_connection(("127.0.0.1", live.port), timeout=BOUND) as sock:
            sock.sendall(_websocket_head("/ws?session=" + "x" * 7000))
            assert sock.recv(64).startswith(b"HTTP/1.1 101")


def test_a_head_of_many_small_headers_is_refused_at_the_limit(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "h.db", max_header_bytes=HEAD_LIMIT)
    with ThreadServer(settings) as live:
        with socket.create_connection(("127.0.0.1", live.port), timeout=BOUND) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            _send_head_lines(sock, 200_000)  # 1.2 MB of head, never finished
            answer = _answer(sock)
        assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
        assert b'"code": "too_large"' in answer
        assert f"at most {HEAD_LIMIT} bytes".encode() in answer
        # One header over the limit in a finished head is refused the same way ...
        with socket.create_connection(("127.0.0.1", live.port), timeout=BOUND) as sock:
            big = b"X-Big: " + b"a" * (HEAD_LIMIT * 4) + b"\r\n"
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + big + b"\r\n")
            assert _answer(sock).startswith(b"HTTP/1.1 431")
        # ... while heads within it, and bodies larger than it, are served.
        headers = {f"x-{i}": "v" * 100 for i in range(100)}  # about 11 KB
        assert httpx.get(live.base + "/healthz", headers=headers, timeout=BOUND).status_code == 200
        body = {"name": "Ann", "pad": "x" * (HEAD_LIMIT - 100)}
        made = httpx.post(live.base + "/api/session", json=body, timeout=BOUND)
        assert made.status_code != 431


def test_a_body_refused_unread_ends_its_connection(tmp_path: Path) -> None:
    """A 413 sent before the body was read left the body on a kept-alive connection: the
    next request there was answered 431, its "head" being the old body's bytes."""
    settings = fast_settings(tmp_path / "b.db", max_header_bytes=HEAD_LIMIT)
    with ThreadServer(settings) as live:
        for size, path in ((20_000, "/api/session"), (2_000_000, "/api/replays")):
            with httpx.Client(base_url=live.base, timeout=BOUND) as client:
                body = b'{"name": "' + b"a" * size + b'"}'
                refused = client.post(
                    path, content=body, headers={"content-type": "application/json"}
                )
                assert refused.status_code == 413, refused.text
                assert refused.json()["code"] == "too_large"
                assert refused.headers["connection"] == "close"
                after = client.get("/api/presets")  # on a new connection, answered as itself
                assert after.status_code == 200, after.text
        with socket.create_connection(("127.0.0.1", live.port), timeout=BOUND) as sock:
            head = f"POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Length: {HEAD_LIMIT * 2}\r\n"
            sock.sendall(head.encode() + b"content-type: application/json\r\n\r\n")
            with contextlib.suppress(OSError):  # the server may close before it has all
                sock.sendall(b"a" * HEAD_LIMIT * 2 + b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = _answer(sock)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b"HTTP/1.1 431" not in answer and answer.count(b"HTTP/1.1") == 1


class _Transport(asyncio.Transport):
    """Just enough of a socket's transport for uvicorn's protocol to take it."""

    def __init__(self, peer: str) -> None:
        super().__init__()
        self.peer = peer
        self.aborted = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        extra = {"peername": (self.peer, 40000, 0, 0), "sockname": ("2001:db8::ff", 80, 0, 0)}
        return extra.get(name, default)

    def is_closing(self) -> bool:
        return self.aborted

    def abort(self) -> None:
        self.aborted = True

    def close(self) -> None:
        self.aborted = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def write(self, data: bytes | bytearray | memoryview[int]) -> None:
        pass


async def _app(scope: Any, receive: Any, send: Any) -> None:
    pass


def test_the_sockets_of_one_ipv6_64_share_one_cap() -> None:
    async def admitted(peers: list[str]) -> list[bool]:
        protocol = guarded_protocol(Settings(sockets_per_address=2))
        config = Config(app=_app)
        config.load()
        transports = [_Transport(peer) for peer in peers]
        for transport in transports:
            protocol(config=config, server_state=ServerState(), app_state={}).connection_made(
                transport
            )
        return [not t.aborted for t in transports]

    one_network = ["2001:db8:0:1::1", "2001:db8:0:1::2", "2001:db8:0:1:ffff::3"]
    assert asyncio.run(admitted(one_network)) == [True, True, False]
    # Another /64 (and IPv4) have caps of their own.
    others = ["2001:db8:0:1::1", "2001:db8:0:2::1", "203.0.113.5", "203.0.113.6"]
    assert asyncio.run(admitted(others)) == [True, True, True, True]
