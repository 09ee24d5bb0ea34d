"""Alembic migrations run from code: ``euchre db upgrade`` and the server's start."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import AsyncEngine

from .db import make_engine

MIGRATIONS = Path(__file__).with_name("migrations")
# Instances started together on an empty PostgreSQL database would each create the tables
# (one then fails on a duplicate ``alembic_version``): the upgrade holds this advisory lock
# (a fixed 64-bit key, "euchre migrate"), so the second waits and then finds the first's work.
MIGRATION_LOCK = 0x6575_6368_7265_6D67


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for the packaged migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration's revision id."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError("no migrations found")
    return head


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _upgrade(connection: Connection, revision: str) -> None:
    command.upgrade(alembic_config(connection), revision)


async def current_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at (None: an empty database)."""
    async with engine.connect() as conn:
        return await conn.run_sync(_current)


async def upgrade(engine: AsyncEngine, revision: str = "head") -> str | None:
    """Apply migrations up to ``revision``; returns the revision reached.

    On SQLite, foreign keys are off while migrating: a table rebuilt by a migration is
    dropped and copied, and dropping it must not cascade to the rows that point at it
    (the pragma only works outside a transaction, hence before the migrations begin).
    On PostgreSQL the migrations run one instance at a time: each waits for the lock
    ``MIGRATION_LOCK`` (held until its transaction ends), then migrates from what it finds."""
    async with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await conn.commit()
        try:
            if conn.dialect.name == "postgresql":
                await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            await conn.run_sync(_upgrade, revision)
            await conn.commit()
        except BaseException:
            await conn.rollback()
            raise
        finally:
            if sqlite:
                await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                await conn.commit()
    return await current_revision(engine)


async def upgrade_url(url: str, revision: str = "head") -> str | None:
    """``upgrade`` for a database URL (the ``euchre db upgrade`` command)."""
    engine = make_engine(url)
    try:
        return await upgrade(engine, revision)
    finally:
        await engine.dispose()
