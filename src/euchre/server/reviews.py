"""Hand reviews at the server: computed in the background worker, stored once, served to
the player whose decisions they rate.

:class:`Reviews` answers ``(game, deal, seat)`` from the store, or computes it (the game
rebuilt from its stored decks and actions in the pool's background worker, a process
below the bots' priority: :func:`euchre.bots.resident.review_json`), stores it and
answers; asking again reads the stored row. A stored review holds where each decision
was made (``position``), worked out in the same replay, so answering it again neither
loads nor replays the game (a review stored before positions were kept has them worked
out once in the worker and stored). Two requests for the same review at once share one
computation. Each person has one computation in the worker at a time, so one who asks
for hundreds (every hand of long games) waits behind themself, not the others behind
them. Bounds, so that nobody's asking slows anyone else's table:

* one review request in flight per person (:meth:`Reviews.asking`), however many
  connections they have: another gets ``busy`` until the first is answered;
* at most :data:`MOST_PENDING` reviews being computed or waiting for the worker on the
  instance: another gets ``busy``;
* a loaded game's log is kept for the next deals' reviews (:data:`LOGS_KEPT` games), so
  the hands of a long game are not each a load of the whole game.

With ``reviews_after_hand`` (default off), each person's review of a deal is computed as
soon as the deal is over, unless :data:`SOON_BACKLOG` of theirs are already queued (a fast
long game would queue thousands): those are computed when asked.

Who may see what (checked by the callers, :func:`review_request` and the HTTP route):
only the player who sat in the seat, and only once the deal is over; at ranked tables
only once the game is over (during a ranked game the coach does not help).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncEngine

from euchre.bots import resident
from euchre.engine import Variant
from euchre.engine.actions import Action
from euchre.store import Repository
from euchre.store.repo import GameRow
from euchre.store.reviews import load_review, save_review, update_review

from .botplay import BotPool
from .coaching import decision_seed
from .connection import Endpoint
from .kinds import TableKind, TableStatus
from .limits import OneAtATime
from .matches import game_start
from .protocol import ProtocolError, error
from .render import acts_json

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("euchre.coach")
REVIEW_TIMEOUT = 300.0  # a whole deal's decisions; only guards a stuck worker
BUSY = "busy"
MOST_PENDING = 64  # reviews computed or waiting for the worker at once, per instance
SOON_BACKLOG = 2  # a person's reviews queued before a deal's end queues no more of them
LOGS_KEPT = 4  # games whose log stays loaded for their next reviews
# Who made a stored move for a seat other than its person: the turn clock, a stand-in bot.
PLAYED_FOR = frozenset({"timer", "bot"})
Key = tuple[str, int, int]


@dataclass(frozen=True, slots=True)
class GameLog:
    """What a review replays: a stored game's rules, decks and actions."""

    variant: Variant
    first_dealer: int
    scores: tuple[int, ...] | None
    mcevoy_used: int  # the seats that had thrown in their McEvoy hand before this game
    decks: list[list[str]]
    actions: list[tuple[int, str]]
    finished: bool
    # positions in ``actions`` of the moves the server made for a seat (a turn clock ran
    # out, a bot stood in): no one's decision, so no review rates them
    played_for: list[int]

    @classmethod
    def of(cls, row: GameRow) -> GameLog:
        variant = Variant().replace(**row.options).renamed(row.variant_name)
        return cls(
            variant,
            row.first_dealer or 0,
            *game_start(variant, row),
            [text.split() for text in row.decks],
            [(a.seat, a.action) for a in row.actions],
            row.status == TableStatus.FINISHED,
            [i for i, a in enumerate(row.actions) if a.by in PLAYED_FOR],
        )

    def holds(self, deal: int) -> bool:
        """Whether every action of ``deal`` is in this log (the next deal's deck is
        stored with the action that ends a deal)."""
        return self.finished or len(self.decks) > deal + 1

    def replay(self, deal: int, seat: int) -> tuple[Any, ...]:
        """The arguments of the worker's replays (:mod:`euchre.bots.resident`)."""
        return (
            self.variant,
            self.first_dealer,
            self.scores,
            self.mcevoy_used,
            self.decks,
            self.actions,
            deal,
            seat,
        )


class Reviews:
    """Stored-or-computed reviews (``computed`` counts the computations and ``loaded`` the
    games loaded for them, for tests)."""

    def __init__(self, store: Repository, engine: AsyncEngine, bots: BotPool) -> None:
        self.store = store
        self.engine = engine
        self.bots = bots
        self.computed = 0
        self.loaded = 0
        self._pending: dict[Key, asyncio.Task[list[Any]]] = {}
        self._turns = OneAtATime()  # each person's computations, one at a time
        self._asking: set[str] = set()  # people with a review request in flight
        self._logs: OrderedDict[str, GameLog] = OrderedDict()

    @contextlib.contextmanager
    def asking(self, person: str) -> Iterator[None]:
        """Hold ``person``'s one review request in flight (else ``busy``)."""
        if person in self._asking:
            raise ProtocolError(
                BUSY,
                "one review request at a time: your last one is still being answered;"
                " ask again once its answer has come",
            )
        self._asking.add(person)
        try:
            yield
        finally:
            self._asking.discard(person)

    async def get(self, game_id: str, deal: int, seat: int, person: str) -> list[Any]:
        """The seat's rated decisions in the deal (stored, or computed now and stored, in
        ``person``'s turn), each with the objects of the actions it names (:func:`with_acts`)
        and where it was made (``position``)."""
        decisions = await self._decisions(game_id, deal, seat, person)
        if any("position" not in d for d in decisions):
            decisions = await self._add_positions(game_id, deal, seat, decisions)
        return [with_acts(d) for d in decisions]

    async def _add_positions(
        self, game_id: str, deal: int, seat: int, decisions: list[Any]
    ) -> list[Any]:
        """A review stored without positions, with them (worked out in the worker, stored)."""
        game = await self._log(game_id, deal)
        if game is None:
            return [d | {"position": None} for d in decisions]
        job = resident.positions_json
        where = await self.bots.background(REVIEW_TIMEOUT, job, *game.replay(deal, seat))
        found = [d | {"position": where.get(d["index"])} for d in decisions]
        await update_review(self.engine, game_id, deal, seat, found)
        return found

    async def _log(self, game_id: str, deal: int) -> GameLog | None:
        """The game's log holding ``deal`` (kept from an earlier review, or loaded)."""
        game = self._logs.get(game_id)
        if game is None or not game.holds(deal):
            row = await self.store.load_game(game_id)
            if row is None:
                return None
            self.loaded += 1
            game = self._logs[game_id] = GameLog.of(row)
            while len(self._logs) > LOGS_KEPT:
                self._logs.popitem(last=False)
        self._logs.move_to_end(game_id)
        return game

    async def _decisions(self, game_id: str, deal: int, seat: int, person: str) -> list[Any]:
        stored = await load_review(self.engine, game_id, deal, seat)
        if stored is not None:
            return stored
        key = (game_id, deal, seat)
        task = self._pending.get(key)
        if task is None:
            if len(self._pending) >= MOST_PENDING:
                raise ProtocolError(
                    BUSY,
                    f"this server is computing its most reviews at once ({MOST_PENDING}):"
                    " ask again in a minute",
                )
            task = asyncio.create_task(self._in_turn(person, key))
            self._pending[key] = task
            task.add_done_callback(lambda _t: self._pending.pop(key, None))
        return await asyncio.shield(task)

    def soon(self, game_id: str, deal: int, people: dict[int, str]) -> None:
        """Compute these reviews (seat: its person) in the background (a deal just ended),
        except a person's who has :data:`SOON_BACKLOG` queued already (or when the
        instance has its most): theirs are computed when asked."""
        for seat, person in people.items():
            if self._turns.waiting(person) >= SOON_BACKLOG or len(self._pending) >= MOST_PENDING:
                continue
            task = asyncio.create_task(self._decisions(game_id, deal, seat, person))
            task.add_done_callback(_log_failure)

    async def _in_turn(self, person: str, key: Key) -> list[Any]:
        async with self._turns.turn(person):
            return await self._compute(*key)

    async def _compute(self, game_id: str, deal: int, seat: int) -> list[Any]:
        game = await self._log(game_id, deal)
        if game is None:
            raise ProtocolError("not_found", f"no game {game_id}")
        seed = decision_seed(game_id, deal, seat)
        self.computed += 1
        job = resident.review_json
        args = (*game.replay(deal, seat), seed, game.played_for)
        found = await self.bots.background(REVIEW_TIMEOUT, job, *args)
        await save_review(self.engine, game_id, deal, seat, found)
        return found


def with_acts(decision: dict[str, Any]) -> dict[str, Any]:
    """A decision as it is sent: with ``acts``, the object of each action it names (what
    was chosen, the best, and each action a fact names: the two a ``margin`` or ``close``
    compares, the call a ``call_risk`` passes up)."""
    texts = [decision["chosen"], decision["best"]]
    for fact in decision.get("facts") or ():
        texts += [fact[key] for key in ("best", "next") if isinstance(fact.get(key), str)]
    return {**decision, "acts": acts_json(Action.parse(t) for t in dict.fromkeys(texts))}


def _log_failure(task: asyncio.Task[list[Any]]) -> None:
    if task.cancelled() or task.exception() is None:
        return
    if isinstance(task.exception(), ProtocolError):  # busy: computed when asked
        log.info("a deal's review was left for later: %s", task.exception())
        return
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
    person = conn.identity.id
    try:
        with reviews.asking(person):
            decisions = await reviews.get(table_id, deal, seat, person)
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
