"""Who opened each table, and from which address (a keyed digest), so the limits on
tables opened per person and per address count from the store: they hold after a
restart and across instances. Tables opened before this revision count for no one.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("opened_by", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("opened_from", sa.String(64), nullable=True))
    op.create_index("ix_games_opened_by", "games", ["opened_by", "created_at"])
    op.create_index("ix_games_opened_from", "games", ["opened_from", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_games_opened_from", table_name="games")
    op.drop_index("ix_games_opened_by", table_name="games")
    with op.batch_alter_table("games") as games:
        games.drop_column("opened_from")
        games.drop_column("opened_by")
