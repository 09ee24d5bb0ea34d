"""Every request body within its time: the header timeout ends with the head, and a JSON
body sent a byte every few seconds held its socket (and its task) for hours on any
endpoint but the EGN upload. Now any body gets 408 ``too_slow`` past ``body_timeout``."""

from __future__ import annotations

import contextlib
import socket
import time
from pathlib import Path

import httpx
from server_helpers import ThreadServer, fast_settings

BOUND = 10.0


def _trickle(port: int, head: bytes) -> bytes:
    """Send ``head`` and then a byte every 50 ms (at most BOUND); what comes back."""
    with socket.create_connection(("127.0.0.1", port), timeout=BOUND) as sock:
        sock.sendall(head)
        answer = b""
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline and b"\r\n\r\n" not in answer:
            with contextlib.suppress(OSError):
                sock.send(b" ")
            sock.settimeout(0.05)
            with contextlib.suppress(TimeoutError):
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        sock.settimeout(BOUND)
        with contextlib.suppress(OSError):
            while chunk := sock.recv(4096):
                answer += chunk
        return answer


def test_a_json_body_sent_byte_by_byte_is_refused_in_time(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "b.db", body_timeout=0.5)
    with ThreadServer(settings) as live:
        for method, path in (("POST", "/api/session"), ("POST", "/api/login")):
            head = (
                f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                "Content-Length: 10000\r\n\r\n{"
            ).encode()
            answer = _trickle(live.port, head)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
            assert b'"code": "too_slow"' in answer and b"within 0.5 s" in answer
            assert b"set-cookie" not in answer.lower()  # nothing was made
        # A body sent at once is served as before.
        made = httpx.post(live.base + "/api/session", json={"name": "Ann"}, timeout=BOUND)
        assert made.status_code == 200
