"""``GET /api/games/{id}/review``: the coach's review of every hand of a finished game,
for the player asking (their own seat's decisions only), as a replay shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request

from . import api
from .kinds import TableStatus
from .privacy import may_view
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .parts import ServerParts


def register(app: FastAPI, server: ServerParts) -> None:
    @app.get("/api/games/{game_id}/review", responses=api.problems(401, 403, 404, 409, 422))
    async def review(game_id: api.GameId, request: Request) -> dict[str, Any]:
        """Every hand of a finished game reviewed for the asker's seat (computed once)."""
        identity = await api.identity_of(server, request)
        if identity is None:
            raise api.problem(401, "no_session", "no session: POST /api/session first")
        row = await server.store.load_game(game_id)
        hidden = row is not None and not may_view(row, identity, None)
        if row is None or hidden or row.status in (TableStatus.WAITING, TableStatus.CLOSED):
            # A private game is not for strangers, played or finished: the same 404 as
            # the summary's, so neither tells them that it exists.
            raise api.problem(404, "not_found", f"no game {game_id}")
        if row.status != TableStatus.FINISHED:
            raise api.problem(
                409,
                "not_finished",
                "reviews of a game being played come hand by hand at the table",
            )
        seats = [
            i
            for i, s in enumerate(row.seats)
            if isinstance(s, dict) and s.get("user") == identity.id
        ]
        if not seats:
            raise api.problem(
                403, "forbidden", "reviews are for the players of the game: you had no seat"
            )
        seat = seats[0]
        first = int(row.seats[seat].get("since_deal") or 0)  # taken from a bot part way
        deals = []
        try:
            for deal in range(first, len(row.decks)):
                deals.append(
                    {
                        "deal": deal,
                        "decisions": await server.reviews.get(game_id, deal, seat, identity.id),
                    }
                )
        except ProtocolError as exc:
            raise api.problem(409, exc.code, exc.message) from None
        return {"game": game_id, "seat": seat, "deals": deals}
