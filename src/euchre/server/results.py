"""After a game: its players' history and statistics, and for ranked games the ratings.

Ratings are openskill (Plackett-Luce) ratings per mode, team-aware: partners form a team
and both are credited with the team's result. The displayed rating is the ordinal
(mu - 3 sigma); a rating is provisional until it is established: ``provisional_games``
ranked games, among them games against ``provisional_opponents`` distinct opponents who
were established when the game began.

A finished game is processed once, in one transaction that first claims the game in
``game_results``; the start of a server processes any finished game not yet claimed, so
a crash between the last action and the results loses nothing. The leaver of a ranked
game (whose seat a bot finished) takes the result like everyone else.

Sock puppets cannot farm ratings: an established player's change is scaled by
``provisional_influence`` when anyone else at the table is still provisional (new
accounts move established ratings little); puppets that play only each other never become
established, however many games they play (only established opponents establish a
player: while a mode has fewer established players than ``provisional_opponents``, so that
no one could be, any opponents count); and by ``repeat_decay`` for each earlier
ranked game within ``repeat_window_seconds`` shared with the same account (the same
people paired again and again count less and less). A provisional player's own rating
converges as openskill would move it, less only for repeated pairings.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy.exc import IntegrityError

from euchre.engine import GameState, Variant
from euchre.store import Repository
from euchre.store.accounts import (
    AccountStore,
    RatingRow,
    add_game_players,
    claim_result,
    current_ratings,
    established_players,
    existing_users,
    ranked_opponents,
    save_rating,
    shared_ranked_games,
)
from euchre.store.repo import GameRow, utcnow

from .config import Settings
from .kinds import TableKind, TableStatus
from .stats import SeatStats, game_stats, mode_of
from .table import replay_game

log = logging.getLogger("euchre.results")

RETRIES = 3
# The most games of a guest's adopted when the guest registers or logs in (newest first).
GUEST_GAMES_ADOPTED = 200


@dataclass(frozen=True, slots=True)
class Player:
    """An account's seat in a finished game."""

    seat: int
    account: int
    name: str


def variant_of_row(row: GameRow) -> Variant:
    return Variant().replace(**row.options).renamed(row.variant_name)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What the results of a game are made from: handed over by the table that played it,
    or (after a crash) read back from the store and replayed."""

    id: str
    kind: str
    seats: list[Any]  # as stored
    variant: Variant
    state: GameState  # over: nothing changes it any more
    finished_at: datetime | None

    @classmethod
    def of_row(cls, row: GameRow) -> FinishedGame:
        variant = variant_of_row(row)
        state = replay_game(variant, row)
        return cls(row.id, row.kind, row.seats, variant, state, row.finished_at)


def accounts_at(seats: list[Any]) -> list[Player]:
    """The seats held by accounts when the game ended."""
    found = []
    for index, raw in enumerate(seats):
        if isinstance(raw, dict) and isinstance(raw.get("account"), int):
            found.append(Player(index, int(raw["account"]), seat_name(raw)))
    return found


def seat_name(raw: Any) -> str:
    """The name a stored seat shows."""
    return str(raw.get("name", "")) if isinstance(raw, dict) else ""


def side_ranks(state: GameState) -> list[int]:
    """Each side's place (0 first): the winner first, the others by their score."""
    scores, winner = state.scores, state.winner
    ranks = []
    for side, score in enumerate(scores):
        if side == winner:
            ranks.append(0)
        else:
            ranks.append(1 + sum(1 for s, v in enumerate(scores) if s != winner and v > score))
    return ranks


@dataclass(frozen=True, slots=True)
class Weighting:
    """How much of openskill's change a ranked game gives each player."""

    provisional_games: int = 10
    provisional_influence: float = 0.25
    repeat_decay: float = 0.5
    provisional_opponents: int = 3

    def weight(
        self, player: int, before: dict[int, RatingRow], shared: dict[frozenset[int], int]
    ) -> float:
        """The share of openskill's change this player's rating takes (0..1)."""
        others = [other for other in before if other != player]
        weight = 1.0
        if before[player].established and not all(before[o].established for o in others):
            weight *= self.provisional_influence
        repeats = max((shared.get(frozenset((player, o)), 0) for o in others), default=0)
        return weight * self.repeat_decay**repeats


class Ratings:
    """openskill team ratings."""

    def __init__(self) -> None:
        self.model = PlackettLuce()

    def default(self, user_id: int, mode: str) -> RatingRow:
        fresh = self.model.rating()
        return RatingRow(user_id, mode, fresh.mu, fresh.sigma, fresh.ordinal(), 0, 0)

    def rate(
        self, state: GameState, players: list[Player], before: dict[int, RatingRow], mode: str
    ) -> dict[int, RatingRow]:
        """Everyone's rating after the game (by account id)."""
        sides = sorted({state.side_of(p.seat) for p in players})
        teams = [[p for p in players if state.side_of(p.seat) == side] for side in sides]
        model_teams = [
            [self.model.rating(mu=before[p.account].mu, sigma=before[p.account].sigma) for p in t]
            for t in teams
        ]
        ranks = side_ranks(state)
        rated = self.model.rate(model_teams, ranks=[float(ranks[side]) for side in sides])
        after: dict[int, RatingRow] = {}
        for team, new_team in zip(teams, rated, strict=True):
            for player, new in zip(team, new_team, strict=True):
                old = before[player.account]
                won = state.winner == state.side_of(player.seat)
                after[player.account] = RatingRow(
                    player.account,
                    mode,
                    new.mu,
                    new.sigma,
                    new.ordinal(),
                    old.games + 1,
                    old.wins + int(won),
                    old.established,
                )
        return after

    def weighed(self, old: RatingRow, new: RatingRow, weight: float) -> RatingRow:
        """``new`` moved only ``weight`` of the way from ``old`` (games and wins as new)."""
        mu = old.mu + weight * (new.mu - old.mu)
        sigma = old.sigma + weight * (new.sigma - old.sigma)
        ordinal = self.model.rating(mu=mu, sigma=sigma).ordinal()
        return replace(new, mu=mu, sigma=sigma, ordinal=ordinal)


class Results:
    """Processes finished games in order, in a task of its own."""

    def __init__(
        self, repo: Repository, accounts: AccountStore, settings: Settings | None = None
    ) -> None:
        self.repo = repo
        self.accounts = accounts
        self.ratings = Ratings()
        settings = settings or Settings()
        self.weighting = Weighting(
            settings.provisional_games,
            settings.provisional_influence,
            settings.repeat_decay,
            settings.provisional_opponents,
        )
        self.repeat_window = timedelta(seconds=settings.repeat_window_seconds)
        # Jobs done one after another (what each is about, for the log): a game's results,
        # or a guest's games for an account.
        self._queue: asyncio.Queue[tuple[dict[str, str], Callable[[], Awaitable[Any]]] | None] = (
            asyncio.Queue()
        )
        # A finished table stays in memory this long: a guest who registers meanwhile has
        # their seat there moved to the account after the game's results were written.
        self.in_memory_for = timedelta(seconds=settings.finished_ttl + 60)
        self._worker: asyncio.Task[None] | None = None

    def note(self, game_id: str, game: FinishedGame | None = None) -> None:
        """A game has finished (and its last action is stored): process it soon. Without
        ``game`` it is read back from the store."""
        self._queue.put_nowait(({"game": game_id}, functools.partial(self.process, game_id, game)))

    def note_adopted(self, guest_id: str, account: int, account_user: str) -> None:
        """A guest registered or logged in: the games they finished as a guest count for
        the account too (``adopt_guest_games``)."""
        job = functools.partial(self.adopt_guest_games, guest_id, account, account_user)
        self._queue.put_nowait(({"guest": guest_id}, job))

    async def start(self) -> None:
        """Process every finished game left unprocessed (a crash), then keep listening."""
        for game_id in await self.accounts.unprocessed_games():
            self.note(game_id)
        self._worker = asyncio.create_task(self._run(), name="results")

    async def close(self) -> None:
        """Finish what is queued, then stop."""
        if self._worker is not None:
            self._queue.put_nowait(None)
            await asyncio.wait({self._worker})
            self._worker = None

    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            about, job = item
            for attempt in range(RETRIES):
                try:
                    await job()
                    break
                except Exception:
                    log.exception("could not write results", extra=about)
                    if attempt + 1 < RETRIES:
                        await asyncio.sleep(0.2 * (attempt + 1))

    async def process(self, game_id: str, game: FinishedGame | None = None) -> bool:
        """Write a finished game's history, statistics and ratings; False if done before."""
        if game is None:
            row = await self.repo.load_game(game_id)
            if row is None or row.status != TableStatus.FINISHED:
                return False
            game = FinishedGame.of_row(row)
        variant, state = game.variant, game.state
        stats = game_stats(state)
        players = accounts_at(game.seats)
        distinct = len({p.account for p in players}) == len(players)
        rated = game.kind == TableKind.RANKED and len(players) == variant.players and distinct
        try:
            async with self.accounts.engine.begin() as conn:
                await claim_result(conn, game_id, rated)
                live = await existing_users(conn, [p.account for p in players])
                finished = game.finished_at or utcnow()
                kept = [p for p in players if p.account in live]
                await add_game_players(
                    conn, [_player_row(game, p, stats[p.seat], finished) for p in kept]
                )
                if rated:
                    await self._rate(conn, game_id, state, players, live, mode_of(variant))
        except IntegrityError:
            log.info("game already processed", extra={"game": game_id})
            return False
        log.info("game results written", extra={"game": game_id, "rated": rated})
        return True

    async def adopt_guest_games(self, guest_id: str, account: int, account_user: str) -> int:
        """Write the account's history and statistics rows for the games its person
        finished as the guest ``guest_id``: the seats still stored as the guest's, and
        those a table still in memory moved to the account (``account_user``) after the
        game's results were written. Only games whose results are written count (a game
        still to be processed writes the account's row itself), none the account has a
        row for already (it sat there too), and no rating: guests play no ranked games.
        Returns how many rows were written."""
        since = utcnow() - self.in_memory_for
        found = await self.accounts.adoptable_games(
            guest_id, account_user, since, GUEST_GAMES_ADOPTED
        )
        added = 0
        for game in found:
            seats = [
                index
                for index, raw in enumerate(game.seats)
                if isinstance(raw, dict) and raw.get("user") in (guest_id, account_user)
            ]
            if account in game.accounts or len(seats) != 1:
                continue
            try:
                added += await self._add_seat(game.id, seats[0], account)
            except Exception:  # one game that no longer replays: the others still count
                log.exception("could not adopt a guest's game", extra={"game": game.id})
        if added:
            log.info("guest games adopted", extra={"account": account, "rows": added})
        return added

    async def _add_seat(self, game_id: str, seat: int, account: int) -> int:
        row = await self.repo.load_game(game_id)
        if row is None:
            return 0
        game = await asyncio.to_thread(FinishedGame.of_row, row)  # a whole game replayed
        player = Player(seat, account, seat_name(game.seats[seat]))
        finished = game.finished_at or utcnow()
        written = _player_row(game, player, game_stats(game.state)[seat], finished)
        try:
            async with self.accounts.engine.begin() as conn:
                if account not in await existing_users(conn, [account]):
                    return 0
                await add_game_players(conn, [written])
        except IntegrityError:  # written meanwhile (another instance's adoption)
            return 0
        return 1

    async def _rate(
        self,
        conn: Any,
        game_id: str,
        state: GameState,
        players: list[Player],
        live: set[int],
        mode: str,
    ) -> None:
        stored = await current_ratings(
            conn, [p.account for p in players if p.account in live], mode
        )
        before = {
            p.account: stored.get(p.account) or self.ratings.default(p.account, mode)
            for p in players
        }
        since = utcnow() - self.repeat_window
        shared = await shared_ranked_games(conn, list(before), since, game_id)
        rated = self.ratings.rate(state, players, before, mode)
        after = {
            account: self.ratings.weighed(
                before[account], new, self.weighting.weight(account, before, shared)
            )
            for account, new in rated.items()
        }
        for account in await self._established(conn, state, players, before, after, mode):
            after[account] = replace(after[account], established=True)
        for player in players:
            if player.account not in live:
                continue  # deleted during the game: rated with, never saved
            won = state.winner == state.side_of(player.seat)
            await save_rating(
                conn,
                after[player.account],
                before[player.account],
                player.account in stored,
                game_id,
                won,
            )

    async def _established(
        self,
        conn: Any,
        state: GameState,
        players: list[Player],
        before: dict[int, RatingRow],
        after: dict[int, RatingRow],
        mode: str,
    ) -> set[int]:
        """The players this game establishes."""
        needed = self.weighting.provisional_opponents
        candidates = [
            p
            for p in players
            if not before[p.account].established
            and after[p.account].games >= self.weighting.provisional_games
        ]
        if not candidates:
            return set()
        # Nobody could meet enough established opponents yet: any opponents count.
        anyone = await established_players(conn, mode) < needed
        found = set()
        for player in candidates:
            side = state.side_of(player.seat)
            met = await ranked_opponents(conn, player.account, mode, established=not anyone)
            met |= {
                o.account
                for o in players
                if state.side_of(o.seat) != side and (anyone or before[o.account].established)
            }
            if len(met) >= needed:
                found.add(player.account)
        return found


def _player_row(
    game: FinishedGame, player: Player, stats: SeatStats, finished: Any
) -> dict[str, Any]:
    return {
        "game_id": game.id,
        "seat": player.seat,
        "user_id": player.account,
        "name": player.name[:40],
        "mode": mode_of(game.variant),
        "kind": game.kind,
        "side": stats.side,
        "won": stats.won,
        **stats.counts(),
        "finished_at": finished,
    }


__all__ = [
    "FinishedGame",
    "Player",
    "Ratings",
    "Results",
    "Weighting",
    "accounts_at",
    "side_ranks",
    "variant_of_row",
]
