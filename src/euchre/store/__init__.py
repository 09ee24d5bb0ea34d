"""Storage: SQLAlchemy models, Alembic migrations and the repository the server writes through.

SQLite by default (a file, nothing to install); PostgreSQL when the URL says so. The same
models and migrations serve both.
"""

from .db import async_url, make_engine
from .migrate import current_revision, head_revision, upgrade, upgrade_url
from .repo import FencedError, GameRow, Repository, StoredAction, StoredEvent

__all__ = [
    "FencedError",
    "GameRow",
    "Repository",
    "StoredAction",
    "StoredEvent",
    "async_url",
    "current_revision",
    "head_revision",
    "make_engine",
    "upgrade",
    "upgrade_url",
]
