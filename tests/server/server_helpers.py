"""Real servers for tests: uvicorn in a thread or in a child process, and a websocket client.

``ThreadServer`` runs the real ASGI app under uvicorn on a real loopback socket, in a
thread of its own, so a test can also look at the server's objects. ``ProcessServer``
runs ``python -m euchre serve`` (for SIGKILL and SIGTERM). ``Client`` is a synchronous
websocket client that records every message it receives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from euchre.server.config import Settings
from live_server import ThreadServer as ThreadServer  # re-exported for the server tests
from live_server import free_socket

PG_ADMIN_URLS = (
    "postgresql://postgres@127.0.0.1:5432/test",
    "postgresql://root@127.0.0.1:5432/test",
)
# EUCHRE_TEST_REDIS_URL: a Redis of one's own (say, one started on another port for a probe).
REDIS_URL = os.environ.get("EUCHRE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
TIMEOUT = 30.0  # only a failing test waits this long; a loaded machine may take seconds
REVIEW_SECONDS = 2 * TIMEOUT  # a game's first review is computed: a loaded machine takes long


def fast_settings(db_path: Path, **changes: Any) -> Settings:
    """Settings for tests: a temporary SQLite file, short waits, quiet logs."""
    base = Settings(
        database_url=f"sqlite+aiosqlite:///{db_path}",
        fill_seconds=0.3,
        grace_seconds=0.3,
        turn_seconds=600.0,
        summary_seconds=0.0,  # no pause between hands unless a test asks for one
        min_turn_seconds=0.05,
        bot_delay=0.0,
        trick_pause=0.0,
        bot_level="random",
        away_seconds=0.0,  # told at once: the wait is tested on its own
        log_level="warning",
        log_json=True,
        rate_per_second=100_000.0,
        rate_burst=100_000.0,
        # Every test client comes from 127.0.0.1: the per-address caps are tested on their own.
        tables_per_address=10_000,
        waiting_per_address=10_000,
        tables_opened_per_person=10_000,  # tests open and leave many tables: tested on its own
        tables_opened_per_address=10_000,
        sockets_per_address=10_000,
        websockets_per_address=10_000,
        reviews_after_hand=False,  # reviews cost seconds of CPU: the review tests ask for them
    )
    return base.replace(**changes)


def free_port() -> int:
    with contextlib.closing(free_socket()) as sock:
        return int(sock.getsockname()[1])


def guest_token(base: str, name: str) -> str:
    response = httpx.post(base + "/api/session", json={"name": name}, timeout=TIMEOUT)
    response.raise_for_status()
    return str(response.json()["session"])


@dataclass
class TableView:
    """What a client knows of one table."""

    version: int = 0
    state: dict[str, Any] | None = None
    info: dict[str, Any] | None = None
    seat: int | None = None
    invite: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    pause_ends: float = 0.0  # the pause after a hand (time.monotonic()): 0 when none

    def paused(self) -> bool:
        return time.monotonic() < self.pause_ends


class Client:
    """A synchronous websocket client that keeps every message and each table's latest view."""

    def __init__(
        self,
        base: str,
        name: str,
        token: str | None = None,
        compression: Literal["deflate"] | None = "deflate",
        page: str | None = None,
    ) -> None:
        self.base = base
        self.name = name
        self.token = token or guest_token(base, name)
        self.page = page  # the browser page (tab) it says it is (``?page=``)
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            # An unbounded queue: a client that reads none of its messages (a crowd of
            # watchers) still reads the server's close frame, rather than closing only when
            # its close timeout (10 s) runs out.
            connect(
                self.ws_url(),
                open_timeout=TIMEOUT,
                max_size=2**22,
                max_queue=None,
                compression=compression,
            )
        )
        self.received: list[dict[str, Any]] = []
        self.tables: dict[str, TableView] = {}
        self.welcome = self.recv()
        assert self.welcome["type"] == "welcome", self.welcome

    def ws_url(self) -> str:
        page = "" if self.page is None else f"&page={self.page}"
        return self.base.replace("http://", "ws://") + f"/ws?session={self.token}{page}"

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def send_raw(self, data: str | bytes) -> None:
        self.ws.send(data)

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        self._track(message)
        return message

    def _track(self, m: dict[str, Any]) -> None:
        table_id = m.get("table")
        if m["type"] not in ("table", "event") or not isinstance(table_id, str):
            return
        view = self.tables.setdefault(table_id, TableView())
        if m["type"] == "table":
            view.seat, view.info = m["you"]["seat"], m["info"]
            view.invite = m.get("invite", view.invite)
            view.events.extend(m.get("missed") or [])
        else:
            view.events.append(m["event"])
            view.info = m.get("info", view.info)
        if m["version"] >= view.version:
            view.version, view.state = m["version"], m["state"]
            pause = m.get("pause")
            view.pause_ends = time.monotonic() + pause["remaining"] if pause else 0.0

    def until(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """Read messages until one passes ``test``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no matching message; last {self.received[-3:]}")
            message = self.recv(timeout=left)
            if test(message):
                return message

    def request(self, **message: Any) -> dict[str, Any]:
        """Send a message with a fresh ref and read until the answer (or error) with that ref."""
        ref = uuid.uuid4().hex[:12]
        self.send(ref=ref, **message)
        return self.until(lambda m: m.get("ref") == ref)

    def expect_error(self, code: str, **message: Any) -> dict[str, Any]:
        answer = self.request(**message)
        assert answer["type"] == "error", answer
        assert answer["code"] == code, answer
        return answer

    def sync_to(self, table: str, version: int, timeout: float = TIMEOUT) -> None:
        """Read until this client has seen ``version`` of the table."""
        if self.tables.get(table, TableView()).version >= version:
            return
        self.until(lambda m: self.tables.get(table, TableView()).version >= version, timeout)

    def view(self, table: str) -> TableView:
        return self.tables[table]

    def my_turn(self, table: str) -> bool:
        view = self.tables.get(table)
        state = view.state if view else None
        return bool(state and state["to_act"] == view.seat and state["legal"])  # type: ignore[union-attr]

    def close(self) -> None:
        self._stack.close()


def seat_clients(base: str, names: list[str], **create: Any) -> tuple[str, list[Client]]:
    """A private table created by the first client; the others join by invite and sit.

    Seats are taken in order (client i at seat i); the game is not started.
    """
    clients = [Client(base, name) for name in names]
    host = clients[0]
    created = host.request(type="create", kind="private", **create)
    assert created["type"] == "created", created
    table, invite = created["table"], created["invite"]
    host.until(lambda m: m["type"] == "table" and m["table"] == table)
    for i, client in enumerate(clients[1:], start=1):
        client.send(type="join", invite=invite)
        client.until(lambda m: m["type"] == "table")
        answer = client.request(type="sit", table=table, seat=i)
        assert answer["type"] == "table", answer
    return table, clients


def ask_hint(client: Client, table: str) -> dict[str, Any]:
    """A hint's answer (the coach may take a while on a busy machine)."""
    ref = uuid.uuid4().hex[:12]
    client.send(type="hint", table=table, ref=ref)
    return client.until(lambda m: m.get("ref") == ref, timeout=TIMEOUT * 8)


def settle(clients: list[Client], table: str) -> int:
    """Let every client catch up with the highest version any of them has seen."""
    top = max(c.tables[table].version for c in clients)
    for client in clients:
        client.sync_to(table, top)
    return top


def play_random(
    clients: list[Client],
    table: str,
    rng: random.Random,
    max_actions: int = 100_000,
    stop: Callable[[dict[str, Any]], bool] | None = None,
) -> int:
    """Clients play random legal actions until the game ends (or ``stop``); returns actions."""
    done = 0
    while done < max_actions:
        settle(clients, table)
        state = clients[0].tables[table].state
        if state is None:
            _wait_for_change(clients, table)
            continue
        if state["winner"] is not None or (stop is not None and stop(state)):
            return done
        actor = next((c for c in clients if c.my_turn(table)), None)
        if actor is None:
            _wait_for_change(clients, table)
            continue
        if _act_once(actor, table, rng):
            done += 1
    return done


def _act_once(actor: Client, table: str, rng: random.Random, together: bool = False) -> bool:
    """A random legal action (``together``: never going alone while another action is
    legal); False when a bot or a clock moved first (a stale version)."""
    view = actor.tables[table]
    before = view.version
    legal: list[str] = view.state["legal"]  # type: ignore[index]
    if together:
        legal = [a for a in legal if "alone" not in a] or legal
    actor.send(type="act", table=table, action=rng.choice(legal), version=before)
    answer = actor.until(lambda m: m["type"] == "error" or view.version > before)
    if answer["type"] == "error":
        # "unavailable": the table is between owners (a busy owner's lease ran out); try again
        assert answer["code"] in ("stale", "unavailable"), answer
        if answer["code"] == "unavailable":
            time.sleep(0.1)
        return False
    return True


def _wait_for_change(clients: list[Client], table: str) -> None:
    version = clients[0].tables[table].version
    clients[0].sync_to(table, version + 1)


class ProcessServer:
    """``python -m euchre serve`` in a child process."""

    def __init__(self, env: dict[str, str], port: int | None = None) -> None:
        self.port = port or free_port()
        self.env = {**os.environ, **env, "EUCHRE_PORT": str(self.port), "EUCHRE_HOST": "127.0.0.1"}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = Path(env.get("EUCHRE_TEST_LOG", os.devnull))

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ProcessServer:
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "euchre", "serve"], env=self.env, stdout=log, stderr=log
        )
        log.close()
        deadline = time.monotonic() + 90  # a loaded machine starts slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError("the server did not become healthy")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def terminate(self) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(30)


def postgres_admin_url() -> str | None:
    """A PostgreSQL URL that answers (None when no server runs on 127.0.0.1:5432)."""
    import asyncpg

    async def probe(url: str) -> bool:
        try:
            conn = await asyncpg.connect(url, timeout=3)
        except OSError:
            return False
        except Exception:
            return False
        await conn.close()
        return True

    for url in PG_ADMIN_URLS:
        if asyncio.run(probe(url)):
            return url
    return None


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database for one test (dropped afterwards); skips without a server."""
    import asyncpg

    admin = postgres_admin_url()
    if admin is None:
        pytest.skip("PostgreSQL is not running on 127.0.0.1:5432 (needed for this test)")
    name = "euchre_test_" + uuid.uuid4().hex[:12]

    async def run(sql: str) -> None:
        conn = await asyncpg.connect(admin)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f'CREATE DATABASE "{name}"'))
    try:
        yield admin.rsplit("/", 1)[0] + "/" + name
    finally:
        asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def redis_available(url: str = REDIS_URL) -> bool:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        return bool(client.ping())
    except redis.exceptions.ConnectionError:
        return False
    finally:
        client.close()
