"""Fixtures for server tests: a real server on a loopback socket with a fresh database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import ThreadServer, fast_settings


@pytest.fixture
def live(tmp_path: Path) -> Iterator[ThreadServer]:
    """A running server (SQLite in tmp_path, short waits, bots at once)."""
    with ThreadServer(fast_settings(tmp_path / "euchre.db")) as server:
        yield server


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
