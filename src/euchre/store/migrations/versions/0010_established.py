"""Established ratings: a rating is established only past the provisional games against
enough distinct opponents who were themselves established (``server/results.py``), so
sock puppets that play only each other stay provisional. ``ratings.established`` holds the
status, ``rating_history.established`` each player's status when that game began.

Existing ratings are judged as well as the stored history allows, with the default
settings (10 games, 3 opponents): established when past 10 games against at least 3
distinct opponents; a history entry counts as established when its player is established
now and had 10 ranked games of the mode before it.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

GAMES = 10
OPPONENTS = 3


def upgrade() -> None:
    for table in ("ratings", "rating_history"):
        op.add_column(
            table,
            sa.Column("established", sa.Boolean(), nullable=False, server_default=sa.false()),
        )
    bind = op.get_bind()
    bind.execute(
        sa.text(
            "UPDATE ratings SET established = :yes WHERE games >= :games AND ("
            " SELECT count(DISTINCT them.user_id) FROM game_players me"
            " JOIN game_players them ON them.game_id = me.game_id AND them.side <> me.side"
            " WHERE me.user_id = ratings.user_id AND me.mode = ratings.mode"
            " AND me.kind = 'ranked' AND them.user_id IS NOT NULL) >= :opponents"
        ),
        {"yes": True, "games": GAMES, "opponents": OPPONENTS},
    )
    bind.execute(
        sa.text(
            "UPDATE rating_history SET established = :yes WHERE EXISTS ("
            " SELECT 1 FROM ratings r WHERE r.user_id = rating_history.user_id"
            " AND r.mode = rating_history.mode AND r.established = :yes) AND ("
            " SELECT count(*) FROM rating_history h WHERE h.user_id = rating_history.user_id"
            " AND h.mode = rating_history.mode AND h.id < rating_history.id) >= :games"
        ),
        {"yes": True, "games": GAMES},
    )


def downgrade() -> None:
    for table in ("rating_history", "ratings"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("established")
