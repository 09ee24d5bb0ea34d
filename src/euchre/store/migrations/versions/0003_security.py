"""Security: account ids never reused on SQLite, look-alike name keys, revoked guests.

- ``users`` gets SQLite's AUTOINCREMENT (the table is rebuilt; PostgreSQL sequences never
  reuse ids already).
- ``users.name_key`` becomes the name's look-alike skeleton (``euchre.store.names``);
  when two existing names share one, the later account's key gets ``#<id>`` so both stay.
- ``revoked_guests`` holds guest identities that logged out.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table(
            "users", recreate="always", table_kwargs={"sqlite_autoincrement": True}
        ):
            pass
    from euchre.store.rekey import rekey_accounts

    rekey_accounts(op.get_bind())
    op.create_table(
        "revoked_guests",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("revoked_guests")
    op.execute("UPDATE users SET name_key = lower(name)")
