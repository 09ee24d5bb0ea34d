"""Stored hand reviews: one row per (game, deal, seat), written once."""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from .models import GameReview
from .repo import utcnow


async def load_review(engine: AsyncEngine, game_id: str, deal: int, seat: int) -> list[Any] | None:
    """The stored decisions of ``seat`` in ``deal``, or None when not computed yet."""
    query = select(GameReview.decisions).where(
        GameReview.game_id == game_id, GameReview.deal == deal, GameReview.seat == seat
    )
    async with engine.connect() as conn:
        found = (await conn.execute(query)).first()
    return None if found is None else list(found[0])


async def save_review(
    engine: AsyncEngine, game_id: str, deal: int, seat: int, decisions: list[Any]
) -> None:
    """Store a review (a review stored meanwhile by another instance is kept)."""
    row = {
        "game_id": game_id,
        "deal": deal,
        "seat": seat,
        "decisions": decisions,
        "created_at": utcnow(),
    }
    with contextlib.suppress(IntegrityError):
        async with engine.begin() as conn:
            await conn.execute(insert(GameReview).values(**row))


async def update_review(
    engine: AsyncEngine, game_id: str, deal: int, seat: int, decisions: list[Any]
) -> None:
    """Replace a stored review's decisions (the same decisions with more said of them)."""
    query = (
        update(GameReview)
        .where(GameReview.game_id == game_id, GameReview.deal == deal, GameReview.seat == seat)
        .values(decisions=decisions)
    )
    async with engine.begin() as conn:
        await conn.execute(query)
