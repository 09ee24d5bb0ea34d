"""Recent games for everyone: the viewer's own finished games (a guest is found by the
session cookie's guest id) and recent public games, each replayable by its id.

Private games are listed only to the people who sat at them.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, Field

from euchre.store.repo import as_utc, utcnow

from .api import identity_of
from .kinds import TableKind

if TYPE_CHECKING:
    from .parts import ServerParts

SCANNED = 500  # newest finished games looked through for the viewer's own


class RecentGame(BaseModel):
    id: str
    kind: str
    preset: str
    players: list[str]
    score: list[int] | None
    winner: int | None
    finished_at: datetime
    seat: int | None = Field(description="the viewer's seat in this game, if they played")


class RecentGames(BaseModel):
    mine: list[RecentGame]
    public: list[RecentGame] = Field(description="recent casual and ranked games")


def _seat_of(seats: list[Any], user: str | None) -> int | None:
    if user is None:
        return None
    for index, seat in enumerate(seats):
        if isinstance(seat, dict) and seat.get("user") == user:
            return index
    return None


def _entry(row: dict[str, Any], user: str | None) -> RecentGame:
    seats = row["seats"] if isinstance(row["seats"], list) else []
    settings = row["settings"] if isinstance(row["settings"], dict) else {}
    return RecentGame(
        id=row["id"],
        kind=row["kind"],
        preset=str(settings.get("preset", row["variant_name"])),
        players=[str(s.get("name", "")) if isinstance(s, dict) else "" for s in seats],
        score=row["scores"],
        winner=row["winner"],
        finished_at=as_utc(row["finished_at"]) or utcnow(),
        seat=_seat_of(seats, user),
    )


def recent_games(rows: list[dict[str, Any]], user: str | None, limit: int) -> RecentGames:
    """The viewer's games and the public ones, newest first, at most ``limit`` of each."""
    entries = [_entry(row, user) for row in rows]
    mine = [e for e in entries if e.seat is not None][:limit]
    public = [e for e in entries if e.kind != TableKind.PRIVATE][:limit]
    return RecentGames(mine=mine, public=public)


def register(app: FastAPI, server: ServerParts) -> None:
    @app.get("/api/replays/recent", response_model=RecentGames, tags=["games"])
    async def recent(
        request: Request, limit: Annotated[int, Query(ge=1, le=50)] = 20
    ) -> RecentGames:
        """Finished games to replay: the viewer's own (by their session, guests too) and
        recent public games; private games appear only to their players."""
        identity = await identity_of(server, request)
        rows = await server.store.recent_finished(SCANNED)
        return recent_games(rows, None if identity is None else identity.id, limit)


__all__ = ["RecentGame", "RecentGames", "recent_games", "register"]
