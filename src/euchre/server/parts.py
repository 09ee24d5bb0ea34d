"""What the HTTP endpoints and the websocket gateway reach of the running server.

``app.Server`` holds all of it; the modules that serve requests see it through this
protocol, so none of them imports the application module that imports them.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncEngine

from euchre.store import Repository

from .accounts import Accounts
from .auth import Sessions
from .bus import Bus
from .chat import Chat
from .config import Settings
from .connection import Connection
from .lobby import Lobby
from .metrics import Metrics
from .replay_worker import ReplayWorkers
from .reviews import Reviews


class ServerParts(Protocol):
    """The parts of one running server (``app.Server``)."""

    settings: Settings
    instance: str
    engine: AsyncEngine
    store: Repository
    bus: Bus
    sessions: Sessions
    metrics: Metrics
    accounts: Accounts
    chat: Chat
    lobby: Lobby
    replays: ReplayWorkers
    reviews: Reviews
    connections: set[Connection]
    closing: bool

    def background(self, task: asyncio.Future[Any]) -> None:
        """Keep a task alive until it is done (awaited on shutdown)."""
