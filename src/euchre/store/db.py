"""Engines for SQLite (aiosqlite) and PostgreSQL (asyncpg) from one URL."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

_DRIVERS = (
    ("postgresql://", "postgresql+asyncpg://"),
    ("postgres://", "postgresql+asyncpg://"),
    ("sqlite://", "sqlite+aiosqlite://"),
)


def async_url(url: str) -> str:
    """The async driver URL for a plain one (postgresql → asyncpg, sqlite → aiosqlite)."""
    for plain, driver in _DRIVERS:
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url


def is_sqlite(url: str) -> bool:
    return async_url(url).startswith("sqlite")


def make_engine(url: str) -> AsyncEngine:
    """An async engine; SQLite files get WAL mode, each commit synced to the disk.
    Nothing is opened or created before the first connection."""
    full = async_url(url)
    if not full.startswith(("sqlite+aiosqlite://", "postgresql+asyncpg://")):
        scheme = url.split("://", 1)[0] if "://" in url else url[:40]
        raise ValueError(
            f"the database URL must be sqlite:///PATH or postgresql://USER@HOST/NAME"
            f" (SQLite and PostgreSQL are the databases this server runs on), got {scheme}://..."
        )
    if not is_sqlite(full):
        return create_async_engine(full, pool_size=10, max_overflow=10, pool_pre_ping=True)
    engine = create_async_engine(full)
    database = engine.url.database
    if database not in (None, "", ":memory:"):
        path = Path(database)
        event.listen(engine.sync_engine, "do_connect", lambda *_: create_private(path))
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def sqlite_file_writer(engine: AsyncEngine) -> Engine | None:
    """For an engine on an SQLite file, a second (synchronous) engine on the same file,
    for a writer thread that commits a whole batch in one hand-over between threads
    (through aiosqlite every statement is one, and each costs as much as the statement).
    None for other databases: asyncpg's statements are not handed to a thread."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    writer = create_engine(url.set(drivername="sqlite+pysqlite"), pool_size=1, max_overflow=0)
    event.listen(writer, "connect", _writer_connection)
    # The write lock from the first statement: the fencing read and the writes it allows
    # are one transaction that no takeover can come between.
    event.listen(writer, "begin", lambda conn: conn.exec_driver_sql("BEGIN IMMEDIATE"))
    return writer


def _writer_connection(dbapi_connection: Any, record: Any) -> None:
    _sqlite_pragmas(dbapi_connection, record)
    dbapi_connection.isolation_level = None  # transactions begun by the "begin" event only


def create_private(path: Path) -> None:
    """Create a database file readable by its owner only (it holds the server's secret
    and the password hashes); SQLite gives its -wal and -shm files the same mode."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: a commit is on the disk before it returns, so an action already announced
    # survives a power cut too (NORMAL kept it through a killed process only); about
    # 0.2 ms a commit, in the writer thread.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


class DatabaseInUseError(RuntimeError):
    """Another server already runs on this SQLite file."""


class FileLock:
    """``<database>.lock``, held exclusively while one server runs on an SQLite file: a
    second server on the same file took every table over at its start, and the first one's
    players lost their games until it restarted (several servers share PostgreSQL)."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(self._fd, 64).decode(errors="replace").strip() or "another process"
            self.release()
            raise DatabaseInUseError(
                f"another server ({holder}) is running on {database}: stop it first "
                "(several servers share a PostgreSQL database and Redis: docs/operations.md)"
            ) from None
        os.ftruncate(self._fd, 0)
        os.write(self._fd, f"pid {os.getpid()}".encode())

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # the lock goes with the file's last descriptor
            self._fd = None


def lock_sqlite_file(url: str) -> FileLock | None:
    """The lock of the SQLite file ``url`` names (None for PostgreSQL and memory)."""
    if not is_sqlite(url):
        return None
    database = make_url(async_url(url)).database
    if database in (None, "", ":memory:"):
        return None
    return FileLock(Path(database))
