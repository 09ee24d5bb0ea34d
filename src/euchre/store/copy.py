"""Copy every row of one database into a new, empty one (``euchre db copy``): a server
that outgrew its SQLite file moves to PostgreSQL with its accounts, ratings, games,
sessions and secrets (so cookies stay valid and Redis keys keep their names)."""

from __future__ import annotations

from sqlalchemy import Table, func, insert, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .db import make_engine
from .migrate import current_revision, head_revision, upgrade
from .models import Base

BATCH = 1000  # rows inserted per statement


class CopyError(RuntimeError):
    """The copy cannot be made; the message says what to do."""


async def copy_database(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every table of ``source_url`` (at the newest revision) into ``target_url``
    (empty: its tables are made here); returns the rows copied per table."""
    source, target = make_engine(source_url), make_engine(target_url)
    try:
        await _check_source(source)
        await upgrade(target)
        async with source.connect() as reading, target.begin() as writing:
            await _check_empty(writing)
            copied = {t.name: await _copy_table(t, reading, writing) for t in _tables()}
            if writing.dialect.name == "postgresql":
                for table in _tables():
                    await _restart_sequence(table, writing)
        return copied
    finally:
        await source.dispose()
        await target.dispose()


def _tables() -> list[Table]:
    """Every table, each after the tables its rows point to."""
    return list(Base.metadata.sorted_tables)


async def _check_source(source: AsyncEngine) -> None:
    found, head = await current_revision(source), head_revision()
    if found != head:
        raise CopyError(
            f"the source database is at revision {found}, not {head}: "
            "run `euchre db upgrade --database SOURCE` first"
        )


async def _check_empty(writing: AsyncConnection) -> None:
    for table in _tables():
        rows = await writing.scalar(select(func.count()).select_from(table))
        if rows:
            raise CopyError(
                f"the target database holds data already ({rows} rows in {table.name}): "
                "copy into a new, empty database (createdb), before any server uses it"
            )


async def _copy_table(table: Table, reading: AsyncConnection, writing: AsyncConnection) -> int:
    copied = 0
    result = await reading.stream(select(table))
    async for rows in result.partitions(BATCH):
        await writing.execute(insert(table), [dict(row._mapping) for row in rows])
        copied += len(rows)
    return copied


async def _restart_sequence(table: Table, writing: AsyncConnection) -> None:
    """A PostgreSQL sequence of numbered rows goes on after the highest id copied (rows
    copied with their ids leave it at 1: the next account would collide)."""
    column = table.autoincrement_column
    if column is None:
        return
    query = text(
        f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
        f"COALESCE((SELECT MAX({column.name}) FROM {table.name}), 0) + 1, false)"
    )
    await writing.execute(query)


__all__ = ["CopyError", "copy_database"]
