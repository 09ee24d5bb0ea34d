"""Hints at a table: the coach's advice for the seat of the person asking, on their turn.

A ``hint`` request (docs/protocol.md) is checked in the table's actor (casual and private
tables whose ``hints`` option is on; only for the requester's own seat, on its turn), and
answered later by the coach in the table's bot worker, so the actor never waits for it.
The seed comes from the table, the deal and the decision, so asking twice at the same
point gives the same answer: it is computed once (:class:`HintMemo`), however often it is
asked, so repeated asks cannot keep the worker, shared with other tables, busy.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from typing import TYPE_CHECKING, Any

from euchre.bots import resident
from euchre.engine.actions import Action
from euchre.engine.views import View

from .botplay import BotPool, WorkerLateError
from .connection import Endpoint
from .kinds import TableKind, TableStatus
from .metrics import Metrics
from .protocol import ProtocolError, error
from .render import acts_json

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("euchre.coach")
HINT_TIMEOUT = 30.0  # the coach's sample counts are fixed: this only guards a stuck worker


def hints_allowed(kind: str, wanted: bool | None) -> bool:
    """A table's ``hints`` option: on by default at casual and private tables, never ranked."""
    if kind == TableKind.RANKED:
        if wanted:
            raise ProtocolError("bad_options", "ranked tables have no hints")
        return False
    return wanted is not False


def hint_view(table: Table, conn: Endpoint) -> View:
    """The requester's view, if they may have a hint now (else a ``ProtocolError``)."""
    if table.kind == TableKind.RANKED:
        raise ProtocolError("forbidden", "no hints at ranked tables")
    if not table.hints:
        raise ProtocolError("forbidden", "hints are switched off at this table")
    seat = table.seat_of(conn.identity.id)
    if seat is None:
        raise ProtocolError("not_seated", "hints are for your own seat: sit at the table first")
    if table.seats[seat].conn is not conn:
        raise ProtocolError(
            "not_seated",
            f"your seat {seat} is played from another connection: ask for hints there, or "
            "join the table here to take the seat over",
        )
    state = table.state
    if table.status != TableStatus.PLAYING or state is None:
        raise ProtocolError("bad_state", "hints are given during the game")
    if state.current_player != seat:
        raise ProtocolError("not_your_turn", f"a hint is for your turn; seat {seat} is not to act")
    return table.seat_view(seat)


def decision_seed(game_id: str, deal: int, seat: int) -> int:
    """The coach's seed for a seat's decisions in a deal, to which each decision adds its
    place in the deal's history: the hint at a decision and that decision's review read the
    same sampled deals, so the review never marks down the move the hint recommended."""
    return zlib.crc32(f"{game_id}/{deal}/{seat}".encode())


def hint_seed(table_id: str, view: View) -> int:
    assert view.seat is not None  # hints are for a seat's own turn
    return decision_seed(table_id, view.deal_number, view.seat) + len(view.history)


class HintMemo:
    """A table's hints: the one for the decision in progress is computed in the table's
    worker by the first ask and shared by every later ask at the same point (a failed one
    is tried again by the next ask)."""

    def __init__(self, pool: BotPool, metrics: Metrics, table_id: str) -> None:
        self.pool = pool
        self.metrics = metrics
        self.table_id = table_id
        self._view: View | None = None  # the view of the hint below (it is all a hint reads)
        self._pending: asyncio.Task[dict[str, Any]] | None = None

    async def hint(self, view: View) -> dict[str, Any]:
        pending = self._pending
        failed = pending is not None and pending.done() and _failed(pending)
        if view != self._view or pending is None or failed:
            seed = hint_seed(self.table_id, view)
            pending = self._pending = asyncio.ensure_future(self._compute(view, seed))
            pending.add_done_callback(_failed)  # its error is each waiter's, not the loop's
            self._view = view
        # One asker leaving (a closed connection) does not cancel the others' answer.
        return await asyncio.shield(pending)

    async def _compute(self, view: View, seed: int) -> dict[str, Any]:
        found = await self.pool.run(self.table_id, HINT_TIMEOUT, resident.coach_hint, view, seed)
        self.metrics.coach_hints.inc()
        return found


def _failed(task: asyncio.Task[Any]) -> bool:
    return task.cancelled() or task.exception() is not None


async def answer_hint(
    hints: HintMemo, conn: Endpoint, view: View, version: int, ref: str | int | None
) -> None:
    """Send the requester the hint for ``view`` once it is ready."""
    table_id = hints.table_id
    try:
        found = await hints.hint(view)
    except WorkerLateError:
        conn.send(error("unavailable", "the coach is busy; try again", ref, table=table_id))
        return
    except Exception:
        log.exception("the coach failed", extra={"table": table_id})
        conn.send(error("server_error", "the coach failed; try again", ref, table=table_id))
        return
    message: dict[str, Any] = {"type": "hint", "table": table_id, "version": version, **found}
    message["phase"] = view.phase.name.lower()  # what a pass declines (a dealer's exchange ...)
    # Every action the hint names (values, recommended, facts) is one of the seat's legal ones.
    message["acts"] = acts_json(Action.of(aid) for aid in view.legal)
    if ref is not None:
        message["ref"] = ref
    conn.send(message)
