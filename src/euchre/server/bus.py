"""The event bus between server instances: in-process by default, Redis when configured.

Messages are JSON objects published on named channels; every subscriber of a channel,
on every instance sharing the bus, receives each message (the publisher included).
The lobby uses it so every instance lists every instance's open tables; with Redis,
``euchre.server.cluster`` also uses it to reach tables owned by other instances.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

from .wire import dumps

log = logging.getLogger("euchre.bus")

Handler = Callable[[str, dict[str, Any]], None]
PREFIX = "euchre:"


class Bus(Protocol):
    """Publish/subscribe of JSON messages on named channels."""

    async def start(self) -> None: ...

    async def subscribe(self, channel: str, handler: Handler) -> None: ...

    async def publish(self, channel: str, message: dict[str, Any]) -> int:
        """Send a message; returns how many subscribers (instances) it reached."""
        ...

    async def close(self) -> None: ...


class InProcessBus:
    """A bus inside one process; delivery is asynchronous, as with Redis."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = defaultdict(list)

    async def start(self) -> None:
        return None

    async def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers[channel].append(handler)

    async def publish(self, channel: str, message: dict[str, Any]) -> int:
        loop = asyncio.get_running_loop()
        handlers = list(self._handlers.get(channel, ()))
        for handler in handlers:
            loop.call_soon(_deliver, handler, channel, message)
        return 1 if handlers else 0

    async def close(self) -> None:
        self._handlers.clear()


class RedisBus:
    """A bus over Redis publish/subscribe (``EUCHRE_REDIS_URL``)."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # Once more on a pooled connection that Redis closed (it restarted meanwhile): the
        # first command after a restart would fail otherwise.
        self._client: redis.Redis = redis.from_url(url, retry=Retry(NoBackoff(), 1))
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._handlers: dict[str, list[Handler]] = defaultdict(list)
        self._reader: asyncio.Task[None] | None = None
        self._reconnected: list[Callable[[], None]] = []

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` each time the subscription is back after a lost connection
        (Redis restarted, or the network failed): what was published meanwhile is lost."""
        self._reconnected.append(callback)

    async def start(self) -> None:
        await self._client.ping()
        await self._pubsub.subscribe(PREFIX + "_control")
        self._reader = asyncio.create_task(self._read(), name="redis-bus")

    async def subscribe(self, channel: str, handler: Handler) -> None:
        if channel not in self._handlers:
            await self._pubsub.subscribe(PREFIX + channel)
        self._handlers[channel].append(handler)

    @property
    def client(self) -> Any:
        """The Redis client, for the keys that tables' leases use."""
        return self._client

    async def publish(self, channel: str, message: dict[str, Any]) -> int:
        text = dumps(message)
        return int(await self._client.publish(PREFIX + channel, text))

    async def _read(self) -> None:
        failed = False
        while True:
            try:
                raw = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                if not failed:
                    log.exception("redis bus read failed; retrying")
                failed = True
                await asyncio.sleep(1.0)
                continue
            if failed:  # connected again: the client subscribed to every channel again
                failed = False
                log.warning("redis bus connected again")
                for callback in list(self._reconnected):
                    callback()
            if raw is not None:
                self._dispatch(raw)

    def _dispatch(self, raw: dict[str, Any]) -> None:
        channel = raw.get("channel", b"")
        name = (channel.decode() if isinstance(channel, bytes) else str(channel))[len(PREFIX) :]
        try:
            message = json.loads(raw["data"])
        except (ValueError, TypeError, KeyError):
            log.warning("ignored a malformed bus message on %s", name)
            return
        for handler in list(self._handlers.get(name, ())):
            _deliver(handler, name, message)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._client.aclose()


def _deliver(handler: Handler, channel: str, message: dict[str, Any]) -> None:
    try:
        handler(channel, message)
    except Exception:
        log.exception("bus handler failed on %s", channel)


def make_bus(redis_url: str) -> Bus:
    """The Redis bus for a URL, or the in-process bus when the URL is empty."""
    return RedisBus(redis_url) if redis_url else InProcessBus()
