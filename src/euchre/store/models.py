"""The database tables. Migrations in ``migrations/versions`` create exactly these."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of every model."""


class User(Base):
    """A registered account (guests are not stored: their session cookie is enough).

    The accounts feature fills in how rows are made (registration, password hashing);
    the server only needs to know that an account exists to allow ranked play.
    """

    __tablename__ = "users"
    # SQLite: AUTOINCREMENT, so a deleted account's id is never given to a new one (its
    # seats, host rights and invites name it).
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), nullable=False
    )
    # The name's look-alike skeleton (store/names.py): unique whatever the case or script.
    name_key: Mapped[str] = mapped_column(String(40), nullable=False, unique=True)
    chat_enabled: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    muted: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)


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
    # Bumped at each takeover; a write carrying an older epoch is refused (fencing).
    epoch: Mapped[int] = mapped_column(BigInteger, nullable=False, default=0, server_default="0")
    invited: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)  # used the invite
    # Who opened the table (a person's id) and from where (a keyed digest of the address,
    # never the address itself): the per-person and per-address table limits count from
    # these, so they hold after a restart and across instances (server/quotas.py).
    opened_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    opened_from: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (
        Index("ix_games_opened_by", "opened_by", "created_at"),
        Index("ix_games_opened_from", "opened_from", "created_at"),
    )


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


class GameEvent(Base):
    """A table's event that no action row rebuilds (a seating, someone away, the start),
    kept so that the table's log survives a restart. ``data`` holds only what every
    viewer may see."""

    __tablename__ = "game_events"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # the table's, after it
    kind: Mapped[str] = mapped_column(String(32), nullable=False)
    data: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class ServerSecret(Base):
    """Secrets generated once and shared by every instance using this database."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(255), nullable=False)


class UserSession(Base):
    """A logged-in session: the cookie holds the random id, this row its SHA-256 digest."""

    __tablename__ = "user_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class Rating(Base):
    """A player's current openskill rating in one mode (partnership, cutthroat, two-player)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_mode_ordinal", "mode", "ordinal"),)

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    mode: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float, nullable=False)
    sigma: Mapped[float] = mapped_column(Float, nullable=False)
    ordinal: Mapped[float] = mapped_column(Float, nullable=False)
    games: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    wins: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    # Past the provisional games against enough distinct established opponents
    # (server/results.py); never taken back.
    established: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class RatingChange(Base):
    """A player's rating after one ranked game (the rating history)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_user_mode", "user_id", "mode", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    mode: Mapped[str] = mapped_column(String(16), nullable=False)
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True
    )
    mu: Mapped[float] = mapped_column(Float, nullable=False)
    sigma: Mapped[float] = mapped_column(Float, nullable=False)
    ordinal: Mapped[float] = mapped_column(Float, nullable=False)
    before: Mapped[float] = mapped_column(Float, nullable=False)  # the ordinal before the game
    won: Mapped[bool] = mapped_column(Boolean, nullable=False)
    # The player was established when the game began: only such opponents establish others.
    established: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class GamePlayer(Base):
    """An account's seat in a finished game, with its statistics for that game."""

    __tablename__ = "game_players"
    __table_args__ = (Index("ix_game_players_user", "user_id", "finished_at"),)

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    mode: Mapped[str] = mapped_column(String(16), nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    side: Mapped[int] = mapped_column(Integer, nullable=False)
    won: Mapped[bool] = mapped_column(Boolean, nullable=False)
    points: Mapped[int] = mapped_column(Integer, nullable=False)
    hands: Mapped[int] = mapped_column(Integer, nullable=False)
    maker_hands: Mapped[int] = mapped_column(Integer, nullable=False)
    made: Mapped[int] = mapped_column(Integer, nullable=False)
    euchred: Mapped[int] = mapped_column(Integer, nullable=False)
    marches: Mapped[int] = mapped_column(Integer, nullable=False)
    loners_tried: Mapped[int] = mapped_column(Integer, nullable=False)
    loners_made: Mapped[int] = mapped_column(Integer, nullable=False)
    defender_euchres: Mapped[int] = mapped_column(Integer, nullable=False)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class GameResult(Base):
    """A finished game whose history, statistics and ratings have been written (once)."""

    __tablename__ = "game_results"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    rated: Mapped[bool] = mapped_column(Boolean, nullable=False)
    processed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class ChatMessage(Base):
    """A chat line said at a table, kept with the game for moderation."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True
    )
    channel: Mapped[str] = mapped_column(String(16), nullable=False)  # players, spectators
    sender: Mapped[str] = mapped_column(String(64), nullable=False)  # identity id
    user_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    text: Mapped[str] = mapped_column(String(800), nullable=False)
    preset: Mapped[str | None] = mapped_column(String(32), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class RevokedGuest(Base):
    """A guest identity that logged out: its signed token is refused until it expires."""

    __tablename__ = "revoked_guests"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class GuestPrefs(Base):
    """A guest's chat preferences (guests have no account row), kept while their session
    may last, so that a restart or another instance finds them."""

    __tablename__ = "guest_prefs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    chat_enabled: Mapped[bool] = mapped_column(Boolean, nullable=False)
    muted: Mapped[list[str]] = mapped_column(JSON, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class GameReview(Base):
    """The coach's review of one seat's decisions in one deal (computed once)."""

    __tablename__ = "game_reviews"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    decisions: Mapped[list[Any]] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
