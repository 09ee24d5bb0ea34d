"""What the HTTP endpoints and the websocket gateway reach of the running server.

``app.Server`` holds all of it; the modules that serve requests see it through this
protocol, so none of them imports the application module that imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .accounts import Accounts, AccountsHost
from .limits import Budgets, MemoryLimiter
from .metrics import Metrics
from .replay_worker import ReplayWorkers
from .reviews import Reviews

if TYPE_CHECKING:
    from .recent import RecentCache


class ServerParts(AccountsHost, Protocol):
    """The parts of one running server (``app.Server``): what the accounts reach, and
    more."""

    metrics: Metrics
    accounts: Accounts
    replays: ReplayWorkers
    recent: RecentCache
    reviews: Reviews
    closing: bool
    budgets: Budgets  # each person's message budget, kept over reconnects
    websocket_opens: MemoryLimiter  # websockets opened per address a minute
    invite_lookups: MemoryLimiter  # invites followed per address a minute (HTTP and websocket)
