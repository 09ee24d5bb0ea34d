"""``euchre arena``: duplicate matches between two bots.

Each unit of work is a duplicate set of games dealt from one seed: with four players the
game is played once with bot A in seats 0 and 2 and once with A in seats 1 and 3, so every
deal is played twice with the partnerships swapped (two players: swapped seats; three:
every arrangement of one bot against two of the other, and back). Deals line up exactly
because the deck order depends only on the seed. Units run in worker processes; the
result is the first units, in seed order, that reach the requested number of deals, so a
run is reproducible whatever the number of processes.

Reported: mean points per hand for A (A's side's points minus B's, per deal) with its
standard error (units are the independent samples) and 95% interval (Student's t over the
units), the share of games A wins with its 95% (Wilson) interval, and per bot the decisions
per second and median and 95th-percentile decision time.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import multiprocessing.util
import os
import random
import signal
import statistics
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

from euchre.engine import GameState, Variant
from euchre.engine.variants import PRESETS

from .base import Bot, make_bot
from .protocol import GRACE_SECONDS, ProcessBot, ProtocolError

MAX_DEALS_PER_GAME = 400


class ArenaStopped(ProtocolError):
    """A bot broke the protocol (an answer not exactly one of ``legal``, not JSON, or none
    at all), so the match stopped: the one-line message names the bot, what it did, what
    was allowed, and where (seat, deal, game seed)."""


@dataclass(frozen=True, slots=True)
class Contender:
    """A bot by level name, or ``cmd:COMMAND`` for an external protocol bot."""

    spec: str
    time_ms: int | None = None

    @property
    def label(self) -> str:
        return self.spec

    def build(self) -> Bot:
        if self.spec.startswith("cmd:"):
            return ProcessBot(self.spec[4:].strip(), time_ms=self.time_ms)
        bot = make_bot(self.spec)
        budget = getattr(bot, "set_time_budget", None)
        if self.time_ms is not None and callable(budget):
            budget(self.time_ms)
        return bot


@dataclass(slots=True)
class UnitResult:
    """One duplicate set of games."""

    index: int
    deals: int = 0
    diff: float = 0.0
    games: int = 0
    unfinished: int = 0  # games cut at MAX_DEALS_PER_GAME without a winner
    a_wins: int = 0
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))


def lineups(players: int) -> list[tuple[int, ...]]:
    """Seat assignments (0: bot A, 1: bot B) that make up one duplicate set."""
    if players == 4:
        return [(0, 1, 0, 1), (1, 0, 1, 0)]
    if players == 2:
        return [(0, 1), (1, 0)]
    ones = [tuple(0 if s == k else 1 for s in range(3)) for k in range(3)]
    return ones + [tuple(1 - x for x in lineup) for lineup in ones]


def unit_seed(seed: int, index: int) -> int:
    return random.Random(f"euchre-arena:{seed}:{index}").getrandbits(62)


def first_dealer(game_seed: int, players: int) -> int:
    """The first dealer of every game of the unit with this seed."""
    return game_seed % players


def replay_hint(game_seed: int, players: int) -> str:
    """How to deal a unit's games again at a terminal: the same seed and first dealer
    give the same decks in the same order (``euchre play`` with the run's rules)."""
    return f"euchre play --seed {game_seed} --dealer {first_dealer(game_seed, players)}"


_BOTS: dict[str, Bot] = {}
# Set (to 1) by the process running the match when it needs no more units; shared with
# pool workers (see _let_workers_go_idle).
_STOP: Any = None


class _UnitAbandoned(Exception):
    """The match needs no more units: this one stops at its next decision."""


def _bot(contender: Contender) -> Bot:
    """One bot per contender per process (bots hold no per-game state)."""
    key = f"{contender.spec}|{contender.time_ms}"
    found = _BOTS.get(key)
    if found is None:
        found = contender.build()
        _BOTS[key] = found
    return found


def close_bots() -> None:
    """End external bot programs started by this process."""
    for bot in _BOTS.values():
        close = getattr(bot, "close", None)
        if callable(close):
            close()
    _BOTS.clear()


def play_unit(variant: Variant, a: Contender, b: Contender, seed: int, index: int) -> UnitResult:
    """Play one duplicate set of games (every lineup of :func:`lineups`)."""
    result = UnitResult(index)
    bots = (_bot(a), _bot(b))
    game_seed = unit_seed(seed, index)
    for number, lineup in enumerate(lineups(variant.players)):
        _play_game(variant, lineup, bots, game_seed, number, result)
    return result


def _play_game(
    variant: Variant,
    lineup: tuple[int, ...],
    bots: tuple[Bot, Bot],
    game_seed: int,
    number: int,
    result: UnitResult,
) -> None:
    state = GameState(variant, seed=game_seed, dealer=first_dealer(game_seed, variant.players))
    rngs = [random.Random(f"{game_seed}:{number}:{seat}") for seat in range(variant.players)]
    seen = 0
    while not state.game_over and len(state.deals) <= MAX_DEALS_PER_GAME:
        if _STOP is not None and _STOP.value:
            raise _UnitAbandoned
        seat = state.current_player
        assert seat is not None
        who = lineup[seat]
        view = state.view(seat)
        start = time.perf_counter()
        try:
            action = bots[who].decide(view, rngs[seat])
        except ProtocolError as exc:
            # Deals numbered from 0, as the records, the table's state and replays do.
            where = (
                f"seat {seat}, deal {state.deals[-1].number}, game seed {game_seed};"
                f" its deals again: {replay_hint(game_seed, variant.players)}"
            )
            raise ArenaStopped(f"the match stopped ({where}): {exc}") from None
        result.times[who].append(time.perf_counter() - start)
        state.apply(action, seat=seat)
        seen = _count_deals(state, lineup, seen, result)
    if not state.game_over:
        result.unfinished += 1
        return
    result.games += 1
    if state.winner is not None and _holder(state.winner, lineup, variant.players) == 0:
        result.a_wins += 1


def _count_deals(state: GameState, lineup: tuple[int, ...], seen: int, result: UnitResult) -> int:
    """Add the deals finished since ``seen`` to ``result``; returns the new count."""
    finished = len(state.deals) if state.game_over else len(state.deals) - 1
    for record in state.deals[seen:finished]:
        if record.outcome in ("", "farmers", "misdeal", "redeal"):
            continue
        result.deals += 1
        result.diff += _diff(record.points, lineup, state.variant.players)
    return max(seen, finished)


def _holder(side: int, lineup: tuple[int, ...], players: int) -> int:
    """Which bot (0: A, 1: B) holds a side (a team of two with four players)."""
    return lineup[side]


def _diff(points: tuple[int, ...], lineup: tuple[int, ...], players: int) -> float:
    """A's points minus B's for one deal (means over the sides each holds)."""
    sides = range(len(points))
    a = [points[s] for s in sides if _holder(s, lineup, players) == 0]
    b = [points[s] for s in sides if _holder(s, lineup, players) == 1]
    return sum(a) / len(a) - sum(b) / len(b)


# ---------------------------------------------------------------------- running a match


Z95 = 1.959964  # the normal distribution's 97.5th percentile
# Student's t's 97.5th percentile for 1 to 30 degrees of freedom; past 30, the normal's
# with its first correction (within 0.003 of t from 31 on).
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)  # fmt: skip


def t95(freedom: int) -> float:
    """The two-sided 95% quantile of Student's t with ``freedom`` degrees of freedom."""
    if freedom <= len(_T95):
        return _T95[max(1, freedom) - 1]
    return Z95 + (Z95**3 + Z95) / (4 * freedom)


@dataclass(slots=True)
class Report:
    """The outcome of an arena run."""

    variant: str
    a: str
    b: str
    seed: int
    units: list[UnitResult]
    players: int = 4
    interrupted: bool = False  # stopped by Ctrl-C: the units played until then

    @property
    def deals(self) -> int:
        return sum(u.deals for u in self.units)

    @property
    def games(self) -> int:
        """Games played to their end (the games won are counted over these)."""
        return sum(u.games for u in self.units)

    @property
    def unfinished(self) -> int:
        return sum(u.unfinished for u in self.units)

    def mean(self) -> float:
        return sum(u.diff for u in self.units) / max(1, self.deals)

    def stderr(self) -> float:
        """Standard error of the mean per deal (ratio estimator over units)."""
        k = len(self.units)
        if k < 2 or not self.deals:
            return float("nan")
        r = self.mean()
        ss = sum((u.diff - r * u.deals) ** 2 for u in self.units)
        return math.sqrt(k / (k - 1) * ss) / self.deals

    def win_rate(self) -> float:
        return sum(u.a_wins for u in self.units) / max(1, self.games)

    def win_rate_stderr(self) -> float:
        """Standard error of the share of games won (ratio estimator over units, as for
        the points: a unit's games are dealt alike and not independent)."""
        k = len(self.units)
        if k < 2 or not self.games:
            return float("nan")
        p = self.win_rate()
        ss = sum((u.a_wins - p * u.games) ** 2 for u in self.units)
        return math.sqrt(k / (k - 1) * ss) / self.games

    def win_rate_interval(self) -> tuple[float, float]:
        """95% Wilson interval of the share of games won: never of width 0 (every game
        won by one bot gave "100.0% ± 0.0%", a certainty no number of games gives)."""
        n, p = self.games, self.win_rate()
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def interval(self) -> tuple[float, float]:
        """95% interval of the points per hand: Student's t over the units (few units
        gave an interval far too narrow with the normal 1.96: two units, a sixth of it)."""
        se, mean = self.stderr(), self.mean()
        t = t95(len(self.units) - 1)
        return mean - t * se, mean + t * se

    def timing(self, who: int) -> dict[str, float]:
        times = [t for u in self.units for t in u.times[who]]
        if not times:
            return {"decisions": 0, "per_second": 0.0, "median_ms": 0.0, "p95_ms": 0.0}
        ordered = sorted(times)
        return {
            "decisions": len(times),
            "per_second": len(times) / max(sum(times), 1e-9),
            "median_ms": statistics.median(ordered) * 1000,
            "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000,
        }

    def to_json(self) -> dict[str, Any]:
        """The result as JSON values (an error that cannot be estimated, from fewer than
        two duplicate units, is null: JSON has no NaN)."""
        se = self.stderr()
        mean = self.mean()
        known = not math.isnan(se)
        return {
            "variant": self.variant,
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "deals": self.deals,
            "games": self.games,
            "units": len(self.units),
            "points_per_hand": mean,
            "stderr": se if known else None,
            "ci95": list(self.interval()) if known else None,
            "unfinished_games": self.unfinished,
            "win_rate": self.win_rate() if self.games else None,
            "win_rate_stderr": self.win_rate_stderr() if known and self.games else None,
            "win_rate_ci95": list(self.win_rate_interval()) if self.games else None,
            "bots": [
                {"name": self.a, **self.timing(0)},
                {"name": self.b, **self.timing(1)},
            ],
            "unit_games": [self._unit_game(u.index) for u in self.units],
            "interrupted": self.interrupted,
        }

    def _unit_game(self, index: int) -> dict[str, Any]:
        """What deals a unit's games again: its game seed and first dealer."""
        game_seed = unit_seed(self.seed, index)
        return {
            "seed": game_seed,
            "dealer": first_dealer(game_seed, self.players),
            "play": replay_hint(game_seed, self.players),
        }


Progress = Callable[[int], None]


def run_match(
    variant: Variant,
    a: Contender,
    b: Contender,
    *,
    deals: int,
    seed: int = 1,
    jobs: int | None = None,
    progress: Progress | None = None,
    keep_on_interrupt: bool = False,
) -> Report:
    """Play duplicate units until ``deals`` deals are done; ``jobs`` processes (default:
    every core; 1 runs in this process). Stopped by Ctrl-C with ``keep_on_interrupt``, the
    report is of the units finished until then (``interrupted``); with none finished, or
    without it, the interrupt goes on."""
    jobs = jobs or os.cpu_count() or 1
    kept: list[UnitResult] = []
    interrupted = False
    try:
        with contextlib.closing(_results(variant, a, b, seed, jobs, deals)) as units:
            for unit in units:
                kept.append(unit)
                if progress is not None:
                    progress(unit.deals)
    except KeyboardInterrupt:
        if not kept or not keep_on_interrupt:
            raise
        interrupted = True
    name = rules_name(variant)
    return Report(name, a.label, b.label, seed, kept, variant.players, interrupted)


def rules_name(variant: Variant) -> str:
    """The preset's name, and the number of players where an option changed it (a
    standard preset with three players plays Cutthroat's rules)."""
    base = PRESETS.get(variant.name)
    if base is None or base.players == variant.players:
        return variant.name
    return f"{variant.name}, {variant.players} players"


def _results(
    variant: Variant, a: Contender, b: Contender, seed: int, jobs: int, deals: int
) -> Generator[UnitResult]:
    """Units in index order, stopping at the first prefix that reaches ``deals``."""
    if jobs <= 1:
        done = 0
        index = 0
        try:
            while done < deals:
                unit = play_unit(variant, a, b, seed, index)
                done += unit.deals
                index += 1
                yield unit
        finally:
            close_bots()
        return
    yield from _parallel(variant, a, b, seed, jobs, deals)


def _parallel(
    variant: Variant, a: Contender, b: Contender, seed: int, jobs: int, deals: int
) -> Iterator[UnitResult]:
    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    pending: deque[Any] = deque()
    done = 0
    index = 0
    stop = ctx.RawValue("b", 0)
    with ctx.Pool(jobs, initializer=_worker_init, initargs=(stop,)) as pool:
        try:
            while done < deals:
                while len(pending) < 2 * jobs:
                    pending.append(pool.apply_async(play_unit, (variant, a, b, seed, index)))
                    index += 1
                unit = pending.popleft().get()
                done += unit.deals
                yield unit
        finally:
            _let_workers_go_idle(stop, pending, a, b)


def _let_workers_go_idle(stop: Any, pending: deque[Any], a: Contender, b: Contender) -> None:
    """Before the pool ends its workers (SIGTERM): have them give up the units still
    running, after the decision each is waiting on. A worker killed while a bot program is
    thinking would close the pipe that program is about to answer on, and the program would
    die of a BrokenPipeError traceback on the terminal; killed while idle, it leaves the
    program waiting for input, which then ends: the protocol's end of session."""
    stop.value = 1
    budgets = [c.time_ms for c in (a, b) if c.spec.startswith("cmd:")]
    # An external bot without a budget could think for ever: give it a while, then kill.
    wait = max((t / 1000 + 2 * GRACE_SECONDS for t in budgets if t is not None), default=10.0)
    deadline = time.monotonic() + wait
    for result in pending:
        result.wait(max(0.0, deadline - time.monotonic()))


def _carry_on(_signal: int, _frame: Any) -> None:
    """A worker's answer to Ctrl-C: none (the parent stops the match)."""


def _worker_init(stop: Any) -> None:
    global _STOP
    _STOP = stop
    # Ctrl-C reaches every process of the terminal: the parent stops the match, and the
    # workers give up their units through ``stop`` (not dying mid-unit, unanswered). Not
    # SIG_IGN: the bot programs they start would inherit it, and Ctrl-C would not stop them.
    signal.signal(signal.SIGINT, _carry_on)
    # Pool workers skip atexit; external bots also stop on their own at end of input.
    multiprocessing.util.Finalize(None, close_bots, exitpriority=10)
