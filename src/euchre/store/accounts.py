"""Accounts, sessions, ratings, game history, statistics and chat lines in the database.

:class:`AccountStore` runs short transactions of its own (the game tables keep writing
through :class:`~euchre.store.repo.Repository`'s group commit). Functions taking a
connection run inside a caller's transaction (a game's results are written in one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Text, case, cast, delete, func, insert, or_, select, true, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .models import (
    ChatMessage,
    Game,
    GamePlayer,
    GameResult,
    GuestPrefs,
    Rating,
    RatingChange,
    RevokedGuest,
    User,
    UserSession,
)
from .repo import FencedError, as_utc, utcnow

STAT_COLUMNS = (
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


class NameTakenError(ValueError):
    """Another account has this name (in any case)."""


@dataclass(frozen=True, slots=True)
class UserRow:
    """An account as stored."""

    id: int
    name: str
    password_hash: str
    created_at: datetime
    chat_enabled: bool
    muted: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's rating in one mode."""

    user_id: int
    mode: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    established: bool = False


_USER_COLUMNS = (
    User.id,
    User.name,
    User.password_hash,
    User.created_at,
    User.chat_enabled,
    User.muted,
)


def _user(found: Any) -> UserRow:
    muted = found.muted if isinstance(found.muted, list) else []
    return UserRow(
        id=int(found.id),
        name=str(found.name),
        password_hash=str(found.password_hash or ""),
        created_at=as_utc(found.created_at) or utcnow(),
        chat_enabled=bool(found.chat_enabled),
        muted=tuple(str(m) for m in muted),
    )


def _rating(found: Any) -> RatingRow:
    return RatingRow(
        user_id=int(found.user_id),
        mode=str(found.mode),
        mu=float(found.mu),
        sigma=float(found.sigma),
        ordinal=float(found.ordinal),
        games=int(found.games),
        wins=int(found.wins),
        established=bool(found.established),
    )


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """A finished game's seats, as stored, and the accounts with a history row for it."""

    id: str
    seats: list[Any]
    accounts: frozenset[int]


class AccountStore:
    """Reads and writes of everything that belongs to accounts."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ users

    async def create_user(
        self, name: str, key: str, password_hash: str, chat: bool = False
    ) -> UserRow:
        """A new account, or :class:`NameTakenError`."""
        try:
            async with self.engine.begin() as conn:
                result = await conn.execute(
                    insert(User)
                    .values(
                        name=name,
                        name_key=key,
                        password_hash=password_hash,
                        chat_enabled=chat,
                        created_at=utcnow(),
                    )
                    .returning(User.id)
                )
                user_id = int(result.scalar_one())
        except IntegrityError:
            raise NameTakenError(f"the name {name!r} is taken") from None
        found = await self.user_by_id(user_id)
        assert found is not None
        return found

    async def user_by_key(self, key: str) -> UserRow | None:
        async with self.engine.connect() as conn:
            found = (await conn.execute(select(*_USER_COLUMNS).where(User.name_key == key))).first()
        return None if found is None else _user(found)

    async def user_named(self, key: str, name: str) -> UserRow | None:
        """The account of exactly this name, else the one whose name looks like it (an
        account whose key a migration suffixed is found by its exact name)."""
        async with self.engine.connect() as conn:
            found = (
                await conn.execute(
                    select(*_USER_COLUMNS)
                    .where(or_(User.name == name, User.name_key == key))
                    .order_by((User.name == name).desc())
                    .limit(1)
                )
            ).first()
        return None if found is None else _user(found)

    async def user_by_id(self, user_id: int) -> UserRow | None:
        async with self.engine.connect() as conn:
            found = (await conn.execute(select(*_USER_COLUMNS).where(User.id == user_id))).first()
        return None if found is None else _user(found)

    async def set_password_hash(self, user_id: int, password_hash: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(User).where(User.id == user_id).values(password_hash=password_hash)
            )

    async def set_preferences(
        self, user_id: int, chat: bool | None = None, muted: Sequence[str] | None = None
    ) -> None:
        values: dict[str, Any] = {}
        if chat is not None:
            values["chat_enabled"] = chat
        if muted is not None:
            values["muted"] = list(muted)
        if values:
            async with self.engine.begin() as conn:
                await conn.execute(update(User).where(User.id == user_id).values(**values))

    async def guest_prefs(self, guest_id: str) -> tuple[bool, list[str]] | None:
        """A guest's stored chat switch and mutes (None: never changed, or expired)."""
        async with self.engine.connect() as conn:
            found = await conn.execute(
                select(GuestPrefs.chat_enabled, GuestPrefs.muted).where(
                    GuestPrefs.id == guest_id, GuestPrefs.expires_at > utcnow()
                )
            )
            row = found.first()
        return None if row is None else (bool(row[0]), list(row[1]))

    async def set_guest_prefs(
        self, guest_id: str, chat: bool, muted: Sequence[str], expires_at: datetime
    ) -> None:
        """Keep a guest's chat preferences until ``expires_at`` (expired ones are dropped)."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(GuestPrefs).where(GuestPrefs.expires_at <= utcnow()))
            await conn.execute(delete(GuestPrefs).where(GuestPrefs.id == guest_id))
            values = {"chat_enabled": chat, "muted": list(muted), "expires_at": expires_at}
            await conn.execute(insert(GuestPrefs).values(id=guest_id, **values))

    async def delete_user(self, user_id: int) -> list[str]:
        """Delete an account (its sessions, ratings and rating history go with it);
        returns the session digests that were revoked. Its games stay, without the link."""
        async with self.engine.begin() as conn:
            sessions = await conn.execute(
                select(UserSession.id).where(UserSession.user_id == user_id)
            )
            digests = [str(s) for s in sessions.scalars()]
            for model in (UserSession, RatingChange, Rating):
                await conn.execute(delete(model).where(model.user_id == user_id))
            for linked in (GamePlayer, ChatMessage):
                await conn.execute(
                    update(linked).where(linked.user_id == user_id).values(user_id=None)
                )
            await conn.execute(delete(User).where(User.id == user_id))
        return digests

    # ------------------------------------------------------------------ sessions

    async def add_session(self, digest: str, user_id: int, expires_at: datetime) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(UserSession).values(
                    id=digest, user_id=user_id, created_at=utcnow(), expires_at=expires_at
                )
            )

    async def session_user(self, digest: str) -> UserRow | None:
        """The account of a live session (None when unknown or expired)."""
        async with self.engine.connect() as conn:
            found = (
                await conn.execute(
                    select(*_USER_COLUMNS, UserSession.expires_at)
                    .join(UserSession, UserSession.user_id == User.id)
                    .where(UserSession.id == digest)
                )
            ).first()
        if found is None:
            return None
        expires = as_utc(found.expires_at)
        if expires is not None and expires <= utcnow():
            await self.drop_session(digest)
            return None
        return _user(found)

    async def purge_sessions(self) -> int:
        """Delete expired sessions; returns how many."""
        async with self.engine.begin() as conn:
            result = await conn.execute(
                delete(UserSession).where(UserSession.expires_at <= utcnow())
            )
            await conn.execute(delete(RevokedGuest).where(RevokedGuest.expires_at <= utcnow()))
            return int(result.rowcount or 0)

    async def revoke_guest(self, guest_id: str, expires_at: datetime) -> None:
        """Refuse a guest identity's token from now on (a logout)."""
        async with self.engine.begin() as conn:
            found = await conn.execute(select(RevokedGuest.id).where(RevokedGuest.id == guest_id))
            if found.first() is None:
                await conn.execute(insert(RevokedGuest).values(id=guest_id, expires_at=expires_at))

    async def guest_revoked(self, guest_id: str) -> bool:
        async with self.engine.connect() as conn:
            found = await conn.execute(select(RevokedGuest.id).where(RevokedGuest.id == guest_id))
            return found.first() is not None

    async def drop_session(self, digest: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(delete(UserSession).where(UserSession.id == digest))

    async def drop_sessions(self, user_id: int, keep: str | None = None) -> list[str]:
        """Revoke every session of an account but ``keep``; returns the revoked digests."""
        async with self.engine.begin() as conn:
            query = select(UserSession.id).where(UserSession.user_id == user_id)
            if keep is not None:
                query = query.where(UserSession.id != keep)
            digests = [str(s) for s in (await conn.execute(query)).scalars()]
            if digests:
                await conn.execute(delete(UserSession).where(UserSession.id.in_(digests)))
        return digests

    # ------------------------------------------------------------------ chat

    async def add_chat(self, values: dict[str, Any], epoch: int | None = None) -> int:
        """Store a chat line; returns its id. With ``epoch``, only while that is the
        table's stored epoch (else :class:`FencedError`): a stale owner, paused past its
        lease, stored and delivered a line after another instance had taken the table."""
        async with self.engine.begin() as conn:
            if epoch is not None:
                query = select(Game.epoch).where(Game.id == values["game_id"])
                if conn.dialect.name != "sqlite":  # a takeover's bump waits for this
                    query = query.with_for_update(read=True)
                if (await conn.execute(query)).scalar_one_or_none() != epoch:
                    raise FencedError(str(values["game_id"]), epoch)
            result = await conn.execute(
                insert(ChatMessage).values(**values).returning(ChatMessage.id)
            )
            return int(result.scalar_one())

    async def recent_chat(self, game_id: str, channel: str, most: int) -> list[dict[str, Any]]:
        """The last ``most`` lines said in a channel at a table, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(ChatMessage)
                .where(ChatMessage.game_id == game_id, ChatMessage.channel == channel)
                .order_by(ChatMessage.id.desc())
                .limit(most)
            )
            return [dict(r._mapping) for r in reversed(rows.all())]

    async def chat_lines(self, game_id: str) -> list[dict[str, Any]]:
        """Every chat line said at a table, oldest first (for moderation)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(ChatMessage).where(ChatMessage.game_id == game_id).order_by(ChatMessage.id)
            )
            return [dict(r._mapping) for r in rows]

    # ------------------------------------------------------------------ results

    async def unprocessed_games(self) -> list[str]:
        """Finished games whose history, statistics and ratings are not written yet."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(Game.id)
                .outerjoin(GameResult, GameResult.game_id == Game.id)
                .where(Game.status == "finished", GameResult.game_id.is_(None))
                .order_by(Game.finished_at)
            )
            return [str(r) for r in rows.scalars()]

    async def result_of(self, game_id: str) -> bool | None:
        """Whether a game's results are written: None not yet, else whether it was rated."""
        async with self.engine.connect() as conn:
            found = await conn.execute(
                select(GameResult.rated).where(GameResult.game_id == game_id)
            )
            rated = found.first()
        return None if rated is None else bool(rated[0])

    # ------------------------------------------------------------------ reads for pages

    async def ratings_of(self, user_id: int) -> list[RatingRow]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(Rating).where(Rating.user_id == user_id).order_by(Rating.mode)
            )
            return [_rating(r) for r in rows]

    async def stats_of(self, user_id: int) -> list[dict[str, Any]]:
        """Summed statistics by mode: games, wins and every count of ``STAT_COLUMNS``."""
        columns = [func.sum(getattr(GamePlayer, c)).label(c) for c in STAT_COLUMNS]
        wins = func.sum(case((GamePlayer.won, 1), else_=0)).label("wins")
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(GamePlayer.mode, func.count().label("games"), wins, *columns)
                .where(GamePlayer.user_id == user_id)
                .group_by(GamePlayer.mode)
                .order_by(GamePlayer.mode)
            )
            return [
                {k: (v if k == "mode" else int(v or 0)) for k, v in r._mapping.items()}
                for r in rows
            ]

    async def leaderboard(
        self, mode: str, limit: int, offset: int, established: bool = False
    ) -> tuple[int, list[tuple[str, RatingRow]]]:
        """(players in the list, a page of (name, rating)) ordered by displayed rating
        (``established``: the established players only)."""
        where = (Rating.mode == mode, Rating.established.is_(True) if established else true())
        async with self.engine.connect() as conn:
            total = int(
                (
                    await conn.execute(select(func.count()).select_from(Rating).where(*where))
                ).scalar_one()
            )
            rows = await conn.execute(
                select(User.name, Rating)
                .join(User, User.id == Rating.user_id)
                .where(*where)
                .order_by(Rating.ordinal.desc(), Rating.games.desc(), User.name_key)
                .limit(limit)
                .offset(offset)
            )
            return total, [(str(r.name), _rating(r)) for r in rows]

    async def rating_history(self, user_id: int, mode: str, limit: int) -> list[dict[str, Any]]:
        """A player's ratings after each ranked game, oldest first (the last ``limit``)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(
                    RatingChange.game_id,
                    RatingChange.ordinal,
                    RatingChange.before,
                    RatingChange.mu,
                    RatingChange.sigma,
                    RatingChange.won,
                    RatingChange.at,
                )
                .where(RatingChange.user_id == user_id, RatingChange.mode == mode)
                .order_by(RatingChange.id.desc())
                .limit(limit)
            )
            found = [dict(r._mapping) for r in rows]
        for entry in found:
            entry["at"] = as_utc(entry["at"])
        return found[::-1]

    async def games_of(
        self, user_id: int, limit: int, offset: int, private: bool = True
    ) -> tuple[int, list[Any]]:
        """(games in the history, a page of them newest first) with the game's row;
        ``private``: with the private games."""
        mine = GamePlayer.user_id == user_id
        if not private:
            mine = mine & (GamePlayer.kind != "private")
        async with self.engine.connect() as conn:
            total = int(
                (
                    await conn.execute(select(func.count()).select_from(GamePlayer).where(mine))
                ).scalar_one()
            )
            rows = await conn.execute(
                select(
                    GamePlayer,
                    Game.seats.label("game_seats"),
                    Game.scores.label("game_scores"),
                    Game.winner.label("game_winner"),
                    Game.settings.label("game_settings"),
                    Game.variant_name,
                    RatingChange.ordinal.label("rating_after"),
                    RatingChange.before.label("rating_before"),
                )
                .join(Game, Game.id == GamePlayer.game_id)
                .outerjoin(
                    RatingChange,
                    (RatingChange.game_id == GamePlayer.game_id)
                    & (RatingChange.user_id == GamePlayer.user_id),
                )
                .where(mine)
                .order_by(GamePlayer.finished_at.desc(), GamePlayer.game_id)
                .limit(limit)
                .offset(offset)
            )
            return total, list(rows)

    async def adoptable_games(
        self, guest_id: str, account_user: str, since: datetime, limit: int
    ) -> list[SeatedGame]:
        """Finished games whose results are written where the guest ``guest_id`` sat, or
        where ``account_user`` sat in one finished since ``since``, newest first, at most
        ``limit``: each with its seats and the accounts it has history rows for."""
        seats = cast(Game.seats, Text)
        guest = seats.contains(f'"{guest_id}"', autoescape=True)
        account = seats.contains(f'"{account_user}"', autoescape=True) & (Game.finished_at >= since)
        async with self.engine.connect() as conn:
            games = (
                await conn.execute(
                    select(Game.id, Game.seats)
                    .join(GameResult, GameResult.game_id == Game.id)
                    .where(Game.status == "finished", or_(guest, account))
                    .order_by(Game.finished_at.desc())
                    .limit(limit)
                )
            ).all()
            ids = [str(game_id) for game_id, _ in games]
            rows = await conn.execute(
                select(GamePlayer.game_id, GamePlayer.user_id).where(GamePlayer.game_id.in_(ids))
            )
            accounts: dict[str, set[int]] = {}
            for game_id, user_id in rows:
                if user_id is not None:
                    accounts.setdefault(str(game_id), set()).add(int(user_id))
        return [
            SeatedGame(
                str(game_id),
                list(seats) if isinstance(seats, list) else [],
                frozenset(accounts.get(str(game_id), ())),
            )
            for game_id, seats in games
        ]

    async def game_players(self, game_id: str) -> list[dict[str, Any]]:
        """The accounts of a finished game with their statistics and rating changes."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(
                    GamePlayer,
                    User.name.label("account"),
                    RatingChange.ordinal.label("rating_after"),
                    RatingChange.before.label("rating_before"),
                )
                .outerjoin(User, User.id == GamePlayer.user_id)
                .outerjoin(
                    RatingChange,
                    (RatingChange.game_id == GamePlayer.game_id)
                    & (RatingChange.user_id == GamePlayer.user_id),
                )
                .where(GamePlayer.game_id == game_id)
                .order_by(GamePlayer.seat)
            )
            return [dict(r._mapping) for r in rows]


# ---------------------------------------------------------------------- inside a transaction


async def claim_result(conn: AsyncConnection, game_id: str, rated: bool) -> None:
    """Mark a game's results as written (first, so a second writer fails at once)."""
    await conn.execute(
        insert(GameResult).values(game_id=game_id, rated=rated, processed_at=utcnow())
    )


async def add_game_players(conn: AsyncConnection, rows: list[dict[str, Any]]) -> None:
    if rows:
        await conn.execute(insert(GamePlayer), rows)


async def existing_users(conn: AsyncConnection, user_ids: Sequence[int]) -> set[int]:
    if not user_ids:
        return set()
    found = await conn.execute(select(User.id).where(User.id.in_(list(user_ids))))
    return {int(u) for u in found.scalars()}


async def shared_ranked_games(
    conn: AsyncConnection, user_ids: Sequence[int], since: datetime, exclude: str
) -> dict[frozenset[int], int]:
    """How many ranked games finished since ``since`` (but ``exclude``) each pair of these
    accounts played together."""
    if len(user_ids) < 2:
        return {}
    first, second = GamePlayer.__table__.alias("first"), GamePlayer.__table__.alias("second")
    rows = await conn.execute(
        select(first.c.user_id, second.c.user_id, func.count(func.distinct(first.c.game_id)))
        .join(second, (second.c.game_id == first.c.game_id) & (second.c.user_id > first.c.user_id))
        .where(
            first.c.user_id.in_(user_ids),
            second.c.user_id.in_(user_ids),
            first.c.kind == "ranked",
            first.c.finished_at >= since,
            first.c.game_id != exclude,
        )
        .group_by(first.c.user_id, second.c.user_id)
    )
    return {frozenset((int(a), int(b))): int(n) for a, b, n in rows}


async def established_players(conn: AsyncConnection, mode: str) -> int:
    """How many players of a mode are established."""
    found = await conn.execute(
        select(func.count())
        .select_from(Rating)
        .where(Rating.mode == mode, Rating.established.is_(True))
    )
    return int(found.scalar_one())


async def ranked_opponents(
    conn: AsyncConnection, user_id: int, mode: str, established: bool
) -> set[int]:
    """The distinct accounts ``user_id`` met on another side in ranked games of ``mode``
    (``established``: only those established when that game began)."""
    me, them = GamePlayer.__table__.alias("me"), GamePlayer.__table__.alias("them")
    query = (
        select(them.c.user_id)
        .distinct()
        .join(me, (me.c.game_id == them.c.game_id) & (me.c.side != them.c.side))
        .where(
            me.c.user_id == user_id,
            me.c.mode == mode,
            me.c.kind == "ranked",
            them.c.user_id.is_not(None),
        )
    )
    if established:
        query = query.join(
            RatingChange,
            (RatingChange.game_id == them.c.game_id) & (RatingChange.user_id == them.c.user_id),
        ).where(RatingChange.established.is_(True))
    return {int(u) for u in (await conn.execute(query)).scalars()}


async def current_ratings(
    conn: AsyncConnection, user_ids: Sequence[int], mode: str
) -> dict[int, RatingRow]:
    """The players' ratings in a mode, locked for the update (PostgreSQL)."""
    if not user_ids:
        return {}
    rows = await conn.execute(
        select(Rating)
        .where(Rating.user_id.in_(list(user_ids)), Rating.mode == mode)
        .with_for_update()
    )
    return {r.user_id: _rating(r) for r in rows}


async def save_rating(
    conn: AsyncConnection, new: RatingRow, before: RatingRow, existed: bool, game_id: str, won: bool
) -> None:
    """Store a player's rating after a game, and the history entry."""
    now = utcnow()
    values = {
        "mu": new.mu,
        "sigma": new.sigma,
        "ordinal": new.ordinal,
        "games": new.games,
        "wins": new.wins,
        "established": new.established,
        "updated_at": now,
    }
    if not existed:
        await conn.execute(insert(Rating).values(user_id=new.user_id, mode=new.mode, **values))
    else:
        await conn.execute(
            update(Rating)
            .where(Rating.user_id == new.user_id, Rating.mode == new.mode)
            .values(**values)
        )
    await conn.execute(
        insert(RatingChange).values(
            user_id=new.user_id,
            mode=new.mode,
            game_id=game_id,
            mu=new.mu,
            sigma=new.sigma,
            ordinal=new.ordinal,
            before=before.ordinal,
            won=won,
            established=before.established,
            at=now,
        )
    )


__all__ = [
    "STAT_COLUMNS",
    "AccountStore",
    "NameTakenError",
    "RatingRow",
    "UserRow",
    "add_game_players",
    "claim_result",
    "current_ratings",
    "established_players",
    "existing_users",
    "ranked_opponents",
    "save_rating",
    "shared_ranked_games",
]
