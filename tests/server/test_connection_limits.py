"""Size and time limits on connections, against a real server on loopback: headers sent
byte by byte (slow loris) are cut off, sockets and websockets per address are capped, a
client that stops reading is dropped, and a guest's use of an invite survives a restart."""

from __future__ import annotations

import base64
import contextlib
import json
import logging
import os
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from load_helpers import closed_within
from server_helpers import Client, ThreadServer, fast_settings, guest_token
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

BOUND = 10.0


@contextlib.contextmanager
def raw_socket(port: int, receive_buffer: int | None = None) -> Iterator[socket.socket]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(BOUND)
    sock.connect(("127.0.0.1", port))
    try:
        yield sock
    finally:
        sock.close()


def test_headers_sent_byte_by_byte_are_cut_off(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "h.db", header_timeout=0.5)) as live:
        head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200
        with raw_socket(live.port) as loris:
            started = time.monotonic()
            closed = False
            for byte in head:  # a byte every 50 ms: never a whole request
                try:
                    loris.send(bytes([byte]))
                except OSError:
                    closed = True
                    break
                time.sleep(0.05)
                if time.monotonic() - started > BOUND:
                    break
            assert closed or closed_within(loris, BOUND)
        # A request that sends its headers at once is served as usual, and a websocket
        # lives on past the header timeout.
        assert httpx.get(live.base + "/healthz", timeout=BOUND).status_code == 200
        ann = Client(live.base, "Ann")
        time.sleep(1.0)
        assert ann.request(type="ping")["type"] == "pong"
        ann.close()


def test_an_upload_sent_byte_by_byte_is_refused_in_time(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "b.db", body_timeout=0.5)
    with ThreadServer(settings) as live, raw_socket(live.port) as slow:
        slow.sendall(
            b"POST /api/replays HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n{"
        )
        answer = b""
        for _ in range(200):  # a byte every 50 ms, at most 10 s
            with contextlib.suppress(OSError):
                slow.send(b" ")
            slow.settimeout(0.05)
            with contextlib.suppress(TimeoutError):
                answer += slow.recv(4096)
            if b"\r\n\r\n" in answer:
                break
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"too_slow" in answer


def test_sockets_per_address_are_capped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    settings = fast_settings(
        tmp_path / "s.db", sockets_per_address=4, header_timeout=60, address_limit_exempt=""
    )
    with ThreadServer(settings) as live, contextlib.ExitStack() as stack:
        idle = [stack.enter_context(raw_socket(live.port)) for _ in range(4)]
        for _ in range(20):
            with raw_socket(live.port) as excess:
                assert closed_within(excess, BOUND)  # cut at once, never read
        # Refused quietly: a client connecting in a loop does not fill the log.
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors[:1]
        for sock in idle:
            sock.close()
        deadline = time.monotonic() + BOUND
        while True:  # once they are gone, the address may connect again
            try:
                assert httpx.get(live.base + "/healthz", timeout=BOUND).status_code == 200
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline
                time.sleep(0.05)


def assert_refused(live: ThreadServer, token: str, why: str) -> None:
    """A websocket of ``token``'s is told ``too_many_connections`` (saying ``why``) and
    closed with code 1008."""
    url = live.base.replace("http://", "ws://") + f"/ws?session={token}"
    with connect(url, open_timeout=BOUND) as extra:
        refusal = json.loads(extra.recv(timeout=BOUND))
        assert refusal["type"] == "error" and refusal["code"] == "too_many_connections"
        assert why in refusal["message"], refusal
        try:
            extra.recv(timeout=BOUND)
            raise AssertionError("the connection stayed open")
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008


def test_websockets_per_address_are_capped_with_a_clear_close(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "w.db", websockets_per_address=3, address_limit_exempt="")
    with ThreadServer(settings) as live:
        clients = [Client(live.base, f"P{i}") for i in range(3)]
        token = guest_token(live.base, "Extra")
        assert_refused(live, token, "at most 3 connections from one address")
        assert len(live.server.connections) == 3
        clients[0].close()
        deadline = time.monotonic() + BOUND
        while len(live.server.connections) > 2:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        again = Client(live.base, "Again")  # room again
        assert again.request(type="ping")["type"] == "pong"
        for client in [*clients[1:], again]:
            client.close()


def test_websockets_opened_a_minute_from_one_address_are_capped(tmp_path: Path) -> None:
    """Each new connection started with a full message budget, and its handshake costs
    the server ~20 messages' work: an address opens at most so many a minute."""
    settings = fast_settings(
        tmp_path / "o.db", websocket_opens_per_minute=3, address_limit_exempt=""
    )
    with ThreadServer(settings) as live:
        token = guest_token(live.base, "Churn")
        for _ in range(3):
            Client(live.base, "Churn", token=token).close()
        assert_refused(live, token, "at most 3 connections opened a minute from one address")


def test_opens_refused_for_want_of_a_session_count_with_the_address(tmp_path: Path) -> None:
    """A script with a made-up session was refused and reconnected without limit: each
    open cost the server its handshake, and counted nowhere."""
    settings = fast_settings(
        tmp_path / "n.db", websocket_opens_per_minute=3, address_limit_exempt=""
    )
    with ThreadServer(settings) as live:
        url = live.base.replace("http://", "ws://") + "/ws?session=made-up"
        for _ in range(3):
            with connect(url, open_timeout=BOUND) as refused:
                assert json.loads(refused.recv(timeout=BOUND))["code"] == "no_session"
        assert_refused(live, guest_token(live.base, "Real"), "opened a minute from one address")


def masked_text(text: str) -> bytes:
    payload = text.encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    assert len(payload) < 126
    return struct.pack("!BB", 0x81, 0x80 | len(payload)) + mask + masked


def test_a_client_that_stops_reading_is_dropped(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "r.db", outgoing_queue=512)) as live:
        token = guest_token(live.base, "Stuck")
        key = base64.b64encode(os.urandom(16)).decode()
        with raw_socket(live.port, receive_buffer=4096) as stuck:
            stuck.sendall(
                f"GET /ws?session={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            assert b"101" in stuck.recv(64)  # then it never reads again
            wait = time.monotonic() + BOUND
            while not live.server.connections and time.monotonic() < wait:
                time.sleep(0.02)
            (conn,) = live.server.connections
            ping = masked_text(json.dumps({"type": "ping", "ref": "x" * 64}))
            sent = 0
            deadline = time.monotonic() + 60
            with contextlib.suppress(OSError):  # the server cuts the socket: sends fail
                while not conn.dropped and sent < 200_000 and time.monotonic() < deadline:
                    stuck.sendall(ping * 50)
                    sent += 50
            assert conn.dropped, f"still connected after {sent} pings"
            wait = time.monotonic() + BOUND
            while conn in live.server.connections:
                assert time.monotonic() < wait, "the dropped connection is still held"
                time.sleep(0.02)
            assert live.server.lobby.watchers == set()
            # Its writer was cancelled with it; the cancellation may still be finishing.
            wait = time.monotonic() + BOUND
            while not conn._writer.done():
                assert time.monotonic() < wait, "the dropped connection's writer still runs"
                time.sleep(0.02)
        others = Client(live.base, "Fine")  # everyone else is served as before
        assert others.request(type="ping")["type"] == "pong"
        others.close()


def test_an_invited_guest_can_join_by_id_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "i.db"
    settings = fast_settings(db, grace_seconds=60)  # the host's seat outlives the restart
    with ThreadServer(settings) as live:
        host = Client(live.base, "Host")
        created = host.request(type="create", kind="private")
        table, invite = created["table"], created["invite"]
        eve = Client(live.base, "Eve")
        assert eve.request(type="join", invite=invite)["type"] == "table"
        stranger = Client(live.base, "Mallory")
        stranger.expect_error("not_found", type="join", table=table)
        token = eve.token
        for client in (host, eve, stranger):
            client.close()
    with ThreadServer(settings) as live:
        eve = Client(live.base, "Eve", token)
        again = eve.request(type="join", table=table)  # by id: the invite she used is kept
        assert again["type"] == "table" and again["table"] == table
        stranger = Client(live.base, "Mallory")
        stranger.expect_error("not_found", type="join", table=table)
        eve.close()
        stranger.close()


def test_an_exempt_address_such_as_a_local_proxy_is_not_capped(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "x.db", websockets_per_address=1, sockets_per_address=1)
    assert "127.0.0.1" in settings.address_limit_exempt  # the default: loopback
    with ThreadServer(settings) as live:
        clients = [Client(live.base, f"Behind{i}") for i in range(3)]
        assert all(c.request(type="ping")["type"] == "pong" for c in clients)
        for client in clients:
            client.close()


def test_websockets_in_all_are_capped_with_try_again_later(tmp_path: Path) -> None:
    with ThreadServer(fast_settings(tmp_path / "t.db", max_websockets=2)) as live:
        clients = [Client(live.base, f"P{i}") for i in range(2)]
        url = live.base.replace("http://", "ws://") + f"/ws?session={guest_token(live.base, 'X')}"
        with connect(url, open_timeout=BOUND) as extra:
            refusal = json.loads(extra.recv(timeout=BOUND))
            assert refusal["code"] == "too_many_connections"
            assert "limit of 2 connections" in refusal["message"]
            try:
                extra.recv(timeout=BOUND)
                raise AssertionError("the connection stayed open")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1013
        assert len(live.server.connections) == 2
        for client in clients:
            client.close()
