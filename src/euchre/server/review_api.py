"""``GET /api/games/{id}/review``: the coach's review of every hand of a finished game,
for the player asking (their own seat's decisions only), as a replay shows it.

Like a replay it reads a whole game, so it counts against the same rates per address and
per session (429 ``rate_limited``), and like the table's ``review`` request a person has
one in flight at a time (429 ``busy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request

from . import api
from .api_models import problems
from .kinds import TableKind, TableStatus
from .privacy import may_view
from .protocol import ProtocolError
from .reviews import BUSY

if TYPE_CHECKING:
    from .parts import ServerParts


def register(app: FastAPI, server: ServerParts) -> None:
    @app.get("/api/games/{game_id}/review", responses=problems(401, 403, 404, 409, 422, 429))
    async def review(
        game_id: api.GameId, request: Request, invite: api.Invite = None
    ) -> dict[str, Any]:
        """Every hand of a finished game reviewed for the asker's seat (computed once)."""
        identity = await api.admit_replay(server, request)
        if identity is None:
            raise api.problem(401, "no_session", "no session: POST /api/session first")
        row = await server.store.load_game(game_id)
        hidden = row is not None and not may_view(row, identity, invite)
        if row is None or hidden or row.status in (TableStatus.WAITING, TableStatus.CLOSED):
            # A private game is not for strangers, played or finished: the same 404 as
            # the summary's, so neither tells them that it exists.
            raise api.problem(404, "not_found", f"no game {game_id}")
        if row.status != TableStatus.FINISHED:
            raise api.problem(409, "not_finished", _while_played(row.kind))
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
        reviews = server.reviews
        deals = []
        try:
            with reviews.asking(identity.id):
                for deal in range(first, len(row.decks)):
                    found = await reviews.get(game_id, deal, seat, identity.id)
                    deals.append({"deal": deal, "decisions": found})
        except ProtocolError as exc:
            status = 429 if exc.code == BUSY else 409
            raise api.problem(status, exc.code, exc.message) from None
        return {"game": game_id, "seat": seat, "deals": deals}


def _while_played(kind: str) -> str:
    """Where a player finds the review of a game still being played."""
    if kind == TableKind.RANKED:
        return "a ranked game is reviewed once it is over: ask again after its last hand"
    return "reviews of a game being played come hand by hand at the table"
