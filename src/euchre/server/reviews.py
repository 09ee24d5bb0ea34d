"""Hand reviews at the server: computed in the background worker, stored once, served to
the player whose decisions they rate.

:class:`Reviews` answers ``(game, deal, seat)`` from the store, or computes it (the game
rebuilt from its stored decks and actions in the pool's background worker, a process
below the bots' priority: :func:`euchre.bots.resident.review_json`), stores it and
answers; asking again reads the stored row. Two requests for the same review at once
share one computation. Each person has one computation in the worker at a time, so one
who asks for hundreds (every hand of long games) waits behind themself, not the others
behind them. With ``reviews_after_hand`` (default off),
each person's review of a deal is computed as soon as the deal is over.

Who may see what (checked by the callers, :func:`review_request` and the HTTP route):
only the player who sat in the seat, and only once the deal is over; at ranked tables
only once the game is over (during a ranked game the coach does not help).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncEngine

from euchre.bots import resident
from euchre.bots.review import seat_views
from euchre.engine import GameState, Variant
from euchre.engine.actions import Action
from euchre.engine.cards import CARD_TEXT
from euchre.engine.views import View
from euchre.store import Repository
from euchre.store.reviews import load_review, save_review

from .botplay import BotPool
from .coaching import decision_seed
from .connection import Endpoint
from .kinds import TableKind, TableStatus
from .limits import OneAtATime
from .matches import starting_scores
from .protocol import ProtocolError, error
from .render import acts_json

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("euchre.coach")
REVIEW_TIMEOUT = 300.0  # a whole deal's decisions; only guards a stuck worker
Key = tuple[str, int, int]


class Reviews:
    """Stored-or-computed reviews (``computed`` counts the computations, for tests)."""

    def __init__(self, store: Repository, engine: AsyncEngine, bots: BotPool) -> None:
        self.store = store
        self.engine = engine
        self.bots = bots
        self.computed = 0
        self._pending: dict[Key, asyncio.Task[list[Any]]] = {}
        self._turns = OneAtATime()  # each person's computations, one at a time

    async def get(self, game_id: str, deal: int, seat: int, person: str) -> list[Any]:
        """The seat's rated decisions in the deal (stored, or computed now and stored, in
        ``person``'s turn), each with the objects of the actions it names (:func:`with_acts`)
        and where it was made (``position``, worked out from the game's record each time:
        reviews stored before positions were sent have them too)."""
        decisions = await self._decisions(game_id, deal, seat, person)
        where = await self._positions(game_id, deal, seat) if decisions else {}
        return [with_acts(d) | {"position": where.get(d["index"])} for d in decisions]

    async def _positions(self, game_id: str, deal: int, seat: int) -> dict[int, dict[str, Any]]:
        """Where each of the seat's decisions in the deal was made (:func:`positions`)."""
        row = await self.store.load_game(game_id)
        if row is None:
            return {}
        variant = Variant().replace(**row.options).renamed(row.variant_name)
        game = GameState(
            variant,
            dealer=row.first_dealer or 0,
            scores=starting_scores(variant, row),
            decks=[text.split() for text in row.decks],
        )
        return positions(game, [(a.seat, a.action) for a in row.actions], deal, seat)

    async def _decisions(self, game_id: str, deal: int, seat: int, person: str) -> list[Any]:
        stored = await load_review(self.engine, game_id, deal, seat)
        if stored is not None:
            return stored
        key = (game_id, deal, seat)
        task = self._pending.get(key)
        if task is None:
            task = asyncio.create_task(self._in_turn(person, key))
            self._pending[key] = task
            task.add_done_callback(lambda _t: self._pending.pop(key, None))
        return await asyncio.shield(task)

    def soon(self, game_id: str, deal: int, people: dict[int, str]) -> None:
        """Compute these reviews (seat: its person) in the background (a deal just ended)."""
        for seat, person in people.items():
            task = asyncio.create_task(self._decisions(game_id, deal, seat, person))
            task.add_done_callback(_log_failure)

    async def _in_turn(self, person: str, key: Key) -> list[Any]:
        async with self._turns.turn(person):
            return await self._compute(*key)

    async def _compute(self, game_id: str, deal: int, seat: int) -> list[Any]:
        row = await self.store.load_game(game_id)
        if row is None:
            raise ProtocolError("not_found", f"no game {game_id}")
        variant = Variant().replace(**row.options).renamed(row.variant_name)
        decks = [text.split() for text in row.decks]
        actions = [(a.seat, a.action) for a in row.actions]
        seed = decision_seed(game_id, deal, seat)
        scores = starting_scores(variant, row)
        args = (variant, row.first_dealer or 0, scores, decks, actions, deal, seat, seed)
        self.computed += 1
        found = await self.bots.background(REVIEW_TIMEOUT, resident.review_json, *args)
        await save_review(self.engine, game_id, deal, seat, found)
        return found


def with_acts(decision: dict[str, Any]) -> dict[str, Any]:
    """A decision as it is sent: with ``acts``, the object of each action it names (what
    was chosen, the best, and the two actions a ``margin`` or ``close`` fact compares)."""
    texts = [decision["chosen"], decision["best"]]
    for fact in decision.get("facts") or ():
        if fact.get("kind") in ("margin", "close"):
            texts += [fact["best"], fact["next"]]
    return {**decision, "acts": acts_json(Action.parse(t) for t in dict.fromkeys(texts))}


def positions(
    game: GameState, actions: list[tuple[int, str]], deal: int, seat: int
) -> dict[int, dict[str, Any]]:
    """Replay ``actions`` on ``game`` (fresh, dealt the same way) and note, at each of
    ``seat``'s actions in deal ``deal`` (by its index in the deal), what the seat saw:
    its hand, the trick so far and the turn-up while it lay face up."""
    return {
        len(view.history): position_json(view) for view, _ in seat_views(game, actions, deal, seat)
    }


def position_json(view: View) -> dict[str, Any]:
    return {
        "hand": [CARD_TEXT[c] for c in view.hand],
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in view.trick],
        "upcard": CARD_TEXT[view.upcard] if view.upcard_state == "up" else None,
    }


def _log_failure(task: asyncio.Task[list[Any]]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("could not review a deal", exc_info=task.exception())


def finished_deals(table: Table) -> int:
    """How many deals of the table's game are over."""
    state = table.state
    if state is None:
        return 0
    return sum(1 for record in state.deals if record.outcome)


def review_request(table: Table, conn: Endpoint, deal: int) -> int:
    """The requester's seat, if they may have this deal's review now (else an error)."""
    seat = table.seat_of(conn.identity.id)
    if seat is None:
        raise ProtocolError(
            "not_seated", "reviews are of your own decisions: you have no seat here"
        )
    if table.kind == TableKind.RANKED and table.status != TableStatus.FINISHED:
        raise ProtocolError("forbidden", "at ranked tables reviews come after the game")
    done = finished_deals(table)
    if deal >= done:
        allowed = "no deal is over yet" if done == 0 else f"deals 0 to {done - 1} are over"
        raise ProtocolError("bad_state", f"deal {deal} is not over: {allowed}")
    first = table.seats[seat].since_deal
    if deal < first:
        raise ProtocolError(
            "forbidden",
            f"you took seat {seat} over from a bot: reviews are of the deals you played"
            f" from their start, deal {first} on",
        )
    return seat


async def answer_review(
    reviews: Reviews, table_id: str, conn: Endpoint, deal: int, seat: int, ref: str | int | None
) -> None:
    """Send the review to the requester (computed in the worker pool when not stored)."""
    try:
        decisions = await reviews.get(table_id, deal, seat, conn.identity.id)
    except ProtocolError as exc:
        conn.send(error(exc.code, exc.message, ref, table=table_id))
        return
    except Exception:
        log.exception("could not review", extra={"table": table_id})
        conn.send(error("server_error", "the review failed; try again", ref, table=table_id))
        return
    message: dict[str, Any] = {
        "type": "review",
        "table": table_id,
        "deal": deal,
        "seat": seat,
        "decisions": decisions,
    }
    if ref is not None:
        message["ref"] = ref
    conn.send(message)
