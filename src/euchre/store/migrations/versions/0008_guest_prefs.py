"""A guest's chat preferences, kept while their session may last.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guest_prefs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("chat_enabled", sa.Boolean(), nullable=False),
        sa.Column("muted", sa.JSON(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("guest_prefs")
