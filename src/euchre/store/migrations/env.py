"""Alembic environment: runs on the connection handed over by ``euchre.store.migrate``."""

from __future__ import annotations

from alembic import context

from euchre.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations with `euchre db upgrade` (euchre.store.migrate.upgrade)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
