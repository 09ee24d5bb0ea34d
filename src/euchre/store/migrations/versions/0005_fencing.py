"""Fencing and kept invites: each table's owner epoch, and who has used its invite.

``epoch`` is bumped by every instance that takes a table over; a write of the table's
steps lands only while the epoch it carries is still the stored one. ``invited`` lists
the people who opened a private table with its invite, so they can still join it by id
after a restart.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("epoch", sa.BigInteger(), nullable=False, server_default="0"))
    op.add_column("games", sa.Column("invited", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("invited")
        batch.drop_column("epoch")
