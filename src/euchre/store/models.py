"""The database tables. Migrations in ``migrations/versions`` create exactly these."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of every model."""


class User(Base):
    """A registered account (guests are not stored: their session cookie is enough).

    The accounts feature fills in how rows are made (registration, password hashing);
    the server only needs to know that an account exists to allow ranked play.
    """

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), nullable=False
    )


class Game(Base):
    """One table and the game played at it: enough to rebuild the game exactly."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)  # casual, private, ranked
    status: Mapped[str] = mapped_column(String(16), nullable=False, index=True)
    invite: Mapped[str | None] = mapped_column(String(32), unique=True, nullable=True)
    host: Mapped[str | None] = mapped_column(String(64), nullable=True)
    variant_name: Mapped[str] = mapped_column(String(40), nullable=False)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    seats: Mapped[list[Any]] = mapped_column(JSON, nullable=False)
    first_dealer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(BigInteger, nullable=False, default=0)
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # EGN when finished
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class GameDeck(Base):
    """The deck of one deal, as dealt (index 0 on top), as card text."""

    __tablename__ = "game_decks"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    deck: Mapped[str] = mapped_column(Text, nullable=False)


class GameAction(Base):
    """One accepted action (or a clock signal) in the order it was applied."""

    __tablename__ = "game_actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    action: Mapped[str] = mapped_column(String(64), nullable=False)
    by: Mapped[str] = mapped_column(String(16), nullable=False)  # player, bot, timer, clock
    version: Mapped[int] = mapped_column(BigInteger, nullable=False)  # the table's, after it
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class ServerSecret(Base):
    """Secrets generated once and shared by every instance using this database."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(255), nullable=False)
