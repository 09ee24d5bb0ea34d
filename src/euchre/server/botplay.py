"""Bots at server tables: decisions run in worker processes within a time budget.

A bot sees only its seat's :class:`~euchre.engine.views.View` (the same information as
the bot protocol's observation). Decisions (and the coach) run in a pool of worker
processes (:mod:`euchre.bots.resident`), never in the event loop's process:

- The pool has ``workers`` processes (default: one per core) at a lower priority
  (``nice``), so the tables of people take their CPU first.
- Each table is given to one worker the first time it needs one (the worker with the
  fewest tables) and stays there: its bots live in that worker and keep what they learn
  across deals; :meth:`BotPool.forget` drops them when the table ends.
- A table never has more than one job in flight: a worker serves its tables' jobs in the
  order they came, so a busy table cannot starve the others.
- A bot thinks at most ``think`` seconds a decision (``EUCHRE_BOT_THINK``) less the time
  the request waited for its worker: one table's search cannot hold a worker for long,
  and when a worker falls behind its bots think less until its queue drains. The table
  asks as soon as the bot's turn comes, so waiting and thinking fall inside the pause
  before a bot's move (``EUCHRE_BOT_DELAY``).
- Hand reviews run in one more worker (:meth:`BotPool.background`) at a still lower
  priority: they use what the tables leave of the machine.
- A decision past its budget, a failure or an illegal answer becomes ``medium``'s choice
  for that view (made in the worker; only when the worker itself does not answer in time
  is it made here, where it takes well under a millisecond). Every such move is logged and
  counted (``euchre_bot_fallbacks_total`` by reason).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from euchre.bots import levels, resident
from euchre.engine.views import View

from .metrics import Metrics
from .orphans import start_bot_worker
from .protocol import ProtocolError

log = logging.getLogger("euchre.bots")
T = TypeVar("T")

# Strongest first: a bot partner who plays well makes a better game. The first one
# registered is the default level of server bots (EUCHRE_BOT_LEVEL overrides it).
PREFERRED_LEVELS = ("expert", "hard", "strong", "medium", "normal", "easy", "random")
# How long past its budget a decision may take before this process stops waiting for the
# worker (the worker answers at once when the budget is spent before it starts thinking).
GRACE_SECONDS = 1.0
BACKGROUND_NICE = 5  # the background worker's priority below the bots' workers


def default_level(configured: str = "") -> str:
    """The configured level, or the best registered one from :data:`PREFERRED_LEVELS`."""
    if configured:
        return check_level(configured)
    known = levels()
    for level in PREFERRED_LEVELS:
        if level in known:
            return level
    return known[0]


def check_level(level: str) -> str:
    """The level name (normalised), or a ``bad_options`` error naming the levels."""
    name = level.strip().lower()
    if name not in levels():
        known = ", ".join(levels())
        raise ProtocolError("bad_options", f"unknown bot level {level!r}: choose one of {known}")
    return name


class WorkerLateError(Exception):
    """The worker did not answer in time (it is busy or gone)."""


def default_workers() -> int:
    """One worker per core. The workers run at a lower priority (``nice``), so the event
    loop's process takes the CPU it needs first and the bots use the rest of the machine."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, cores)


@dataclass(slots=True)
class _Slot:
    """A table's place in the pool: its worker, and its job in flight."""

    worker: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    inflight: asyncio.Future[Any] | None = None


class BotPool:
    """Bots by (table, seat) in worker processes, and their decisions within a budget."""

    def __init__(
        self,
        budget: float,
        *,
        workers: int = 0,
        nice: int = 5,
        metrics: Metrics | None = None,
        register: Callable[[], None] | None = None,
        think: float | None = None,
    ) -> None:
        self.budget = budget
        self.workers = workers if workers > 0 else default_workers()
        self.nice = nice
        self.metrics = metrics
        self.register = register  # run in each worker at start (tests register levels)
        self.think = think  # the most a bot is given to think per decision (seconds)
        self._executors: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._background: ProcessPoolExecutor | None = None
        self._slots: dict[str, _Slot] = {}
        self._rng = random.SystemRandom()
        self.closed = False

    # ------------------------------------------------------------------ workers

    def _executor(self, index: int) -> ProcessPoolExecutor:
        found = self._executors[index]
        if found is None:
            found = self._executors[index] = self._new_executor(self.nice)
        return found

    def _new_executor(self, nice: int) -> ProcessPoolExecutor:
        # spawn: the server's process has threads (fork would copy their locks).
        context = multiprocessing.get_context("spawn")
        setup = (self.register, nice)
        return ProcessPoolExecutor(
            1, mp_context=context, initializer=start_bot_worker, initargs=setup
        )

    async def background(self, timeout: float, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in the background worker: one process below the bots' priority
        (hand reviews), so it uses what the tables leave of the machine."""
        if self.closed:
            raise WorkerLateError("the bot pool is closed")
        if self._background is None:
            self._background = self._new_executor(self.nice + BACKGROUND_NICE)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._background, job, *args)
        except BrokenProcessPool:
            self._background = None
            raise
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise WorkerLateError("the background worker did not answer in time") from None

    def _slot(self, table: str) -> _Slot:
        slot = self._slots.get(table)
        if slot is None:
            load = [0] * self.workers
            for other in self._slots.values():
                load[other.worker] += 1
            slot = self._slots[table] = _Slot(min(range(self.workers), key=load.__getitem__))
        return slot

    def worker_of(self, table: str) -> int:
        """The index of the worker that holds the table's bots."""
        return self._slot(table).worker

    async def run(self, table: str, timeout: float, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in the table's worker, after the table's job in flight; raises
        :class:`WorkerLateError` when it does not finish within ``timeout`` seconds."""
        if self.closed:
            raise WorkerLateError("the bot pool is closed")
        deadline = time.monotonic() + timeout
        slot = self._slot(table)
        # The lock only orders the table's jobs; every wait is bounded by the deadline.
        try:
            await asyncio.wait_for(slot.lock.acquire(), _left(deadline))
        except TimeoutError:
            raise WorkerLateError("the table's earlier jobs are still waiting") from None
        try:
            before = slot.inflight
            if before is not None and not before.done():
                await asyncio.wait({before}, timeout=_left(deadline))
                if not before.done():
                    raise WorkerLateError("the table's previous job is still running")
            future = self._submit(slot.worker, job, *args)
            slot.inflight = future
        finally:
            slot.lock.release()
        await asyncio.wait({future}, timeout=_left(deadline))
        if not future.done():
            raise WorkerLateError("the worker did not answer in time")
        try:
            return future.result()
        except BrokenProcessPool:
            self._replace(slot.worker)
            raise

    def _submit(self, index: int, job: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        loop = asyncio.get_running_loop()
        try:
            return loop.run_in_executor(self._executor(index), job, *args)
        except BrokenProcessPool:
            self._replace(index)
            return loop.run_in_executor(self._executor(index), job, *args)

    def _replace(self, index: int) -> None:
        """A worker died: its bots are lost, a fresh one takes its tables."""
        log.error("bot worker died; starting a new one", extra={"worker": index})
        old = self._executors[index]
        self._executors[index] = None
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    def warm(self) -> None:
        """Start every worker now (a first decision would otherwise wait for its start)."""
        for index in range(self.workers):
            if not self.closed:
                self._executor(index).submit(resident.pid).add_done_callback(_ignore_result)

    def forget(self, table: str) -> None:
        """The table is gone: its bots are dropped in their worker."""
        slot = self._slots.pop(table, None)
        if slot is None or self.closed:
            return
        executor = self._executors[slot.worker]
        if executor is None:
            return
        try:
            done: Future[int] = executor.submit(resident.forget, table)
        except (BrokenProcessPool, RuntimeError):  # shutting down or gone: nothing to drop
            return
        done.add_done_callback(_ignore_result)

    def close(self) -> None:
        """Stop the workers (queued jobs are cancelled)."""
        self.closed = True
        if self._background is not None:
            self._background.shutdown(wait=True, cancel_futures=True)
            self._background = None
        for index, executor in enumerate(self._executors):
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
            self._executors[index] = None

    # ------------------------------------------------------------------ decisions

    async def decide(self, table: str, seat: int, level: str, view: View) -> str:
        """A legal action for ``view`` from the seat's bot, within the time budget."""
        # Forced moves go to the bot too: it learns from the views it is shown (``hard``
        # checks the other seats' plays against their shown hands at its last card).
        started = time.perf_counter()
        seed = self._rng.getrandbits(64)
        asked = time.time()
        args = (table, seat, level, view, seed, asked + self.budget, self.think, asked)
        try:
            answer = await self.run(table, self.budget + GRACE_SECONDS, resident.decide, *args)
        except WorkerLateError:
            return self._fallback(table, seat, view, "timeout")
        except Exception:
            log.exception("bot worker failed", extra={"table": table, "seat": seat})
            return self._fallback(table, seat, view, "error")
        self._observe_time(time.perf_counter() - started)
        if answer.fallback is not None:
            self._count(table, seat, answer.fallback)
        return answer.action

    def _fallback(self, table: str, seat: int, view: View, reason: str) -> str:
        self._count(table, seat, reason)
        try:
            return resident.medium_choice(view)
        except Exception:  # medium should always answer; a table must never stall
            log.exception("medium failed too; first legal move", extra={"table": table})
            return view.legal_texts()[0]

    def _count(self, table: str, seat: int, reason: str) -> None:
        log.warning(
            "bot move replaced by medium's choice (%s)",
            reason,
            extra={"table": table, "seat": seat, "reason": reason},
        )
        if self.metrics is not None:
            self.metrics.bot_fallbacks.labels(reason).inc()

    def _observe_time(self, seconds: float) -> None:
        if self.metrics is not None:
            self.metrics.bot_seconds.observe(seconds)

    async def worker_pid(self, table: str) -> int:
        """The process id of the table's worker (a debugging hook; tests use it)."""
        return await self.run(table, 30.0, resident.pid)


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


def _ignore_result(_future: Future[int]) -> None:
    return None
