"""Accounts, sessions, ratings and their history, per-game player statistics, chat.

Revision ID: 0002
Revises: 0001
Create Date: 2025-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("name_key", sa.String(40), nullable=True))
    op.add_column(
        "users",
        sa.Column("chat_enabled", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("users", sa.Column("muted", sa.JSON(), nullable=True))
    op.execute("UPDATE users SET name_key = lower(name)")
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", existing_type=sa.String(40), nullable=False)
        batch.create_unique_constraint("uq_users_name_key", ["name_key"])
    op.create_table(
        "user_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_user_sessions_user_id", "user_sessions", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("mode", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_mode_ordinal", "ratings", ["mode", "ordinal"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_user_mode", "rating_history", ["user_id", "mode", "id"])
    op.create_index("ix_rating_history_game_id", "rating_history", ["game_id"])
    _game_players()
    op.create_table(
        "game_results",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("processed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("sender", sa.String(64), nullable=False),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(800), nullable=False),
        sa.Column("preset", sa.String(32), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id"])


_COUNTS = (
    "points",
    "hands",
    "maker_hands",
    "made",
    "euchred",
    "marches",
    "loners_tried",
    "loners_made",
    "defender_euchres",
)


def _game_players() -> None:
    op.create_table(
        "game_players",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        *[sa.Column(name, sa.Integer(), nullable=False) for name in _COUNTS],
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_game_players_user", "game_players", ["user_id", "finished_at"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_game_id", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_table("game_results")
    op.drop_index("ix_game_players_user", table_name="game_players")
    op.drop_table("game_players")
    op.drop_index("ix_rating_history_game_id", table_name="rating_history")
    op.drop_index("ix_rating_history_user_mode", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_mode_ordinal", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_user_sessions_user_id", table_name="user_sessions")
    op.drop_table("user_sessions")
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint("uq_users_name_key", type_="unique")
        batch.drop_column("muted")
        batch.drop_column("chat_enabled")
        batch.drop_column("name_key")
