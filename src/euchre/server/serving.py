"""How uvicorn serves the app: its options, and sockets held within time and number limits.

uvicorn closes an idle keep-alive connection (``keep_alive_seconds``) but gives a request
unlimited time to send its headers, and any number of sockets to one address: a few
hundred slow or half-open sockets ("slow loris") then hold the server's file
descriptors. The HTTP protocol here is uvicorn's own with two guards:

* a request's headers must arrive in full within ``header_timeout`` seconds (counted
  from the connection's first byte, or from the end of the previous response), and in at
  most ``max_header_bytes`` (uvicorn passes that limit to h11 only; with httptools, which
  it prefers, a head of millions of small headers was parsed and held whole: 2 GB from
  one socket), past which the request gets 431 and the socket is closed;
* at most ``sockets_per_address`` open sockets per client address (an IPv6 address by
  its /64, as every other per-address limit) and ``max_sockets`` in all; a socket past
  either is closed at once, before it is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import resource
from typing import Any

from .addresses import limit_key, parse_proxies
from .config import Settings
from .quotas import exempt_addresses
from .ws_guard import guarded_websocket, too_large_answer


def _base_protocol() -> type[Any]:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # httptools is optional: h11 is always there
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol
    return HttpToolsProtocol


class SocketCounts:
    """The open transports, by client address (closed ones are pruned as we go)."""

    def __init__(self) -> None:
        self.by_address: dict[str, set[asyncio.BaseTransport]] = {}

    def admit(self, address: str, transport: asyncio.BaseTransport, each: int, total: int) -> bool:
        """Count a new socket, unless ``address`` holds ``each`` already (``each`` < 0: no
        limit per address) or all addresses ``total``."""
        if sum(len(s) for s in self.by_address.values()) >= total:
            self.prune()
        held = self.by_address.setdefault(address, set())
        held.difference_update([t for t in held if t.is_closing()])
        full = 0 <= each <= len(held)
        if full or sum(len(s) for s in self.by_address.values()) >= total:
            return False
        held.add(transport)
        return True

    def prune(self) -> None:
        for address, held in list(self.by_address.items()):
            held.difference_update([t for t in held if t.is_closing()])
            if not held:
                del self.by_address[address]

    def count(self, address: str) -> int:
        return sum(1 for t in self.by_address.get(address, ()) if not t.is_closing())


def guarded_protocol(settings: Settings, counts: SocketCounts | None = None) -> type[Any]:
    """uvicorn's HTTP protocol with a header timeout and per-address socket limits."""
    base = _base_protocol()
    sockets = counts or SocketCounts()
    most = settings.max_sockets or socket_budget()
    exempt = exempt_addresses(settings)
    proxies = [
        ipaddress.ip_network(p, strict=False) for p in parse_proxies(settings.trusted_proxies)
    ]

    def per_address(address: str) -> int:
        """The socket cap for a peer: none for an exempt address or a trusted proxy (all
        of its clients' sockets come from it)."""
        if address in exempt:
            return -1
        with contextlib.suppress(ValueError):
            host = ipaddress.ip_address(address)
            if any(host in network for network in proxies):
                return -1
        return settings.sockets_per_address

    class GuardedProtocol(base):  # type: ignore[misc, valid-type]
        socket_counts = sockets
        _header_timer: asyncio.TimerHandle | None = None
        _head_bytes = 0
        _refused = False  # cut at once: the server's protocol never had it

        def connection_made(self, transport: asyncio.Transport) -> None:
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else ""
            if not sockets.admit(limit_key(address), transport, per_address(address), most):
                self._refused = True
                transport.abort()  # unread: an excess socket costs nothing more
                return
            super().connection_made(transport)
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            if self._header_timer is None and self._between_requests():
                self._await_headers()
            if self._header_timer is not None and self._head_grows_past_limit(data):
                self._head_too_large()  # refused before the parser holds any of it
                return
            super().data_received(data)
            if self.transport.get_protocol() is not self or not self._between_requests():
                self._headers_done()  # a request (or a websocket) has begun

        def _head_grows_past_limit(self, data: bytes) -> bool:
            """Count the part of ``data`` that is head (up to its blank line, if there)."""
            end = data.find(b"\r\n\r\n")
            self._head_bytes += len(data) if end < 0 else end + 4
            return self._head_bytes > settings.max_header_bytes

        def connection_lost(self, exc: Exception | None) -> None:
            self._headers_done()
            if not self._refused:  # (its end would close a transport it never held)
                super().connection_lost(exc)

        def _between_requests(self) -> bool:
            cycle = getattr(self, "cycle", None)
            return cycle is None or bool(cycle.response_complete)

        def _await_headers(self) -> None:
            self._headers_done()
            self._head_bytes = 0
            self._header_timer = self.loop.call_later(
                settings.header_timeout, self._headers_too_slow
            )

        def _headers_done(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _head_too_large(self) -> None:
            self._headers_done()
            self.transport.write(head_too_large(settings.max_header_bytes))
            self.transport.close()

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            if self.transport.get_protocol() is self and self._between_requests():
                self.transport.abort()

    return GuardedProtocol


def head_too_large(limit: int) -> bytes:
    """The whole answer to a request whose head passed ``limit`` bytes."""
    return too_large_answer(
        f"the request head (its line and headers) is too large: at most {limit} bytes"
    )


def socket_budget() -> int:
    """Sockets the process can hold and still open its database and files (the soft
    open-file limit less 100)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 100_000
    return max(16, soft - 100)


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The options both ``euchre serve`` and the tests' servers give uvicorn."""
    return {
        "http": guarded_protocol(settings),
        "ws": guarded_websocket(settings),
        "ws_max_size": settings.max_frame_bytes,
        "ws_per_message_deflate": settings.ws_deflate,
        "timeout_keep_alive": settings.keep_alive_seconds,
        "h11_max_incomplete_event_size": settings.max_header_bytes,  # and GuardedProtocol
        "log_config": None,
        "access_log": False,
    }


__all__ = ["SocketCounts", "guarded_protocol", "socket_budget", "uvicorn_options"]
