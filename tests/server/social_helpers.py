"""Helpers for the accounts, ranked, chat and history tests: cheap password hashing,
accounts made over HTTP, waiting for a finished game's results, databases for both engines."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from server_helpers import TIMEOUT, Client, fast_settings, postgres_database

from euchre.server.config import Settings

PASSWORD = "correct horse"


def social_settings(db_path: Path, **changes: Any) -> Settings:
    """Test settings with argon2 parameters cheap enough for many accounts."""
    cheap = {
        "argon2_time_cost": 1,
        "argon2_memory_kib": 8,
        "argon2_parallelism": 1,
        "register_per_address": 1000,  # every test account comes from 127.0.0.1
    }
    return fast_settings(db_path, **{**cheap, **changes})


@contextlib.contextmanager
def database_url(kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database of either kind (PostgreSQL: dropped afterwards)."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'social.db'}"
    else:
        with postgres_database() as url:
            yield url


def register(base: str, name: str, password: str = PASSWORD, **cookies: str) -> dict[str, Any]:
    """A new account; returns the answer (with the ``session`` token)."""
    answer = httpx.post(
        base + "/api/accounts",
        json={"name": name, "password": password},
        cookies=cookies or None,
        timeout=TIMEOUT,
    )
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


def login(base: str, name: str, password: str = PASSWORD, **cookies: str) -> httpx.Response:
    """A login (with ``cookies``: a guest's ``euchre_session``, whose seats it adopts)."""
    return httpx.post(
        base + "/api/login",
        json={"name": name, "password": password},
        cookies=cookies or None,
        timeout=TIMEOUT,
    )


def account_clients(base: str, names: list[str]) -> list[Client]:
    """Registered, logged-in websocket clients."""
    return [Client(base, name, register(base, name)["session"]) for name in names]


def wait_processed(
    base: str, game: str, timeout: float = TIMEOUT, cookies: dict[str, str] | None = None
) -> dict[str, Any]:
    """The game's summary once its history, statistics and ratings are written (a
    private game's needs a player's ``cookies``)."""
    deadline = time.monotonic() + timeout
    while True:
        summary: dict[str, Any] = httpx.get(
            f"{base}/api/games/{game}/summary", timeout=TIMEOUT, cookies=cookies
        ).json()
        if summary.get("processed"):
            return summary
        if time.monotonic() > deadline:
            raise TimeoutError(f"game {game} was not processed: {summary}")
        time.sleep(0.05)


def ratings_by_name(base: str, mode: str = "partnership") -> dict[str, float]:
    board = httpx.get(f"{base}/api/leaderboard", params={"mode": mode}, timeout=TIMEOUT).json()
    return {e["name"]: e["rating"] for e in board["entries"]}


def ranked_table(clients: list[Client], **create: Any) -> str:
    """A ranked table created by the first client, every client seated in order."""
    host = clients[0]
    created = host.request(type="create", kind="ranked", **create)
    assert created["type"] == "created", created
    table = str(created["table"])
    host.until(lambda m: m["type"] == "table" and m["table"] == table)
    for seat, client in enumerate(clients[1:], start=1):
        answer = client.request(type="sit", table=table, seat=seat)
        assert answer["type"] == "table", answer
    return table
