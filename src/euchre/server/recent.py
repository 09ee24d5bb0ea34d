"""Recent games for everyone: the viewer's own finished games (a guest is found by the
session cookie's guest id) and recent public games, each replayable by its id.

Private games are listed only to the people who sat at them.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, Field

from euchre.store import Repository
from euchre.store.repo import as_utc, utcnow

from .api import identity_of
from .kinds import TableKind
from .table import stored_players
from .table_setup import stored_house_rules

if TYPE_CHECKING:
    from .parts import ServerParts

SCANNED = 500  # newest finished games looked through for the viewer's own
FRESH_SECONDS = 2.0  # how long a read of them serves every asker


class RecentGame(BaseModel):
    id: str
    kind: str
    preset: str
    house_rules: dict[str, Any] = Field(
        description="the options the game changed from its preset ({}: none)"
    )
    players: list[str]
    bots: list[bool] = Field(description="each seat: a bot played it")
    score: list[int] | None
    winner: int | None
    finished_at: datetime
    seat: int | None = Field(description="the viewer's seat in this game, if they played")


class RecentGames(BaseModel):
    mine: list[RecentGame]
    public: list[RecentGame] = Field(description="recent casual and ranked games")


def _entry(row: dict[str, Any]) -> RecentGame:
    seats = row["seats"] if isinstance(row["seats"], list) else []
    settings = row["settings"] if isinstance(row["settings"], dict) else {}
    preset = str(settings.get("preset", row["variant_name"]))
    return RecentGame(
        id=row["id"],
        kind=row["kind"],
        preset=preset,
        house_rules=stored_house_rules(row.get("options"), preset),
        **stored_players(seats),
        score=row["scores"],
        winner=row["winner"],
        finished_at=as_utc(row["finished_at"]) or utcnow(),
        seat=None,
    )


@dataclass(frozen=True, slots=True)
class _Listed:
    game: RecentGame  # as a stranger sees it (seat None)
    users: tuple[str | None, ...]  # each seat's person


def _listed(row: dict[str, Any]) -> _Listed:
    seats = row["seats"] if isinstance(row["seats"], list) else []
    users = tuple(s.get("user") if isinstance(s, dict) else None for s in seats)
    return _Listed(_entry(row), users)


def recent_games(listed: list[_Listed], user: str | None, limit: int) -> RecentGames:
    """The viewer's games and the public ones, newest first, at most ``limit`` of each."""
    mine = [
        g.game.model_copy(update={"seat": g.users.index(user)})
        for g in listed
        if user is not None and user in g.users
    ][:limit]
    public = [g.game for g in listed if g.game.kind != TableKind.PRIVATE][:limit]
    return RecentGames(mine=mine, public=public)


class RecentCache:
    """The newest finished games, read from the store at most once every FRESH_SECONDS
    however many ask (each read parses 500 games: a flood of asks would cost the event
    loop the tables' time), and again at once after a game on this instance ends."""

    def __init__(self, store: Repository) -> None:
        self.store = store
        self._listed: list[_Listed] = []
        self._read_at: float | None = None
        self._lock = asyncio.Lock()

    def forget(self) -> None:
        self._read_at = None

    async def games(self, user: str | None, limit: int) -> RecentGames:
        async with self._lock:  # many asking at once: one read
            read_at = self._read_at
            if read_at is None or time.monotonic() - read_at >= FRESH_SECONDS:
                rows = await self.store.recent_finished(SCANNED)
                self._listed = [_listed(row) for row in rows]
                self._read_at = time.monotonic()
        return recent_games(self._listed, user, limit)


def register(app: FastAPI, server: ServerParts) -> None:
    @app.get("/api/replays/recent", response_model=RecentGames, tags=["games"])
    async def recent(
        request: Request, limit: Annotated[int, Query(ge=1, le=50)] = 20
    ) -> RecentGames:
        """Finished games to replay: the viewer's own (by their session, guests too) and
        recent public games; private games appear only to their players."""
        identity = await identity_of(server, request)
        return await server.recent.games(None if identity is None else identity.id, limit)


__all__ = ["RecentCache", "RecentGame", "RecentGames", "recent_games", "register"]
