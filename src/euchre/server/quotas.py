"""How many tables one person, one address and one instance may hold open.

One connection could otherwise open thousands of tables (each kept in memory and
reloaded after every restart) or fill the instance with bot games that starve the
tables of people. Counted here, on each instance, from the tables it holds:

* tables a person (or an address) created that are still open, and how many of those
  still wait for players;
* tables a person (or an address) opened in the last ``tables_opened_window_seconds``,
  open or not: a waiting table closes when its last person leaves, so opening and
  leaving in a loop never held more than one, yet stored a table each time (1,600 in
  20 s from four addresses, every other table's moves slowed). These are counted from
  the store (each table row says who opened it, and a keyed digest of the address), so
  the count holds after a restart and adds up over instances sharing a database;
* open tables a person sits at;
* running games with a bot seat (bots think on this instance's CPU).

A request past a limit gets an ``error`` naming the limit; nothing is created. Tables being
opened and seats being taken count from the moment they are checked (they are reserved),
so requests sent at once cannot all pass the check before any of them lands; over
instances, the creates of one person (or from one address) take turns under a lock in
the store, each reading the tables stored before it.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import datetime, timedelta
from typing import Any

from euchre.store import Repository
from euchre.store.repo import Opened, utcnow

from .addresses import limit_key
from .config import Settings
from .connection import Endpoint
from .kinds import TableStatus
from .protocol import ProtocolError
from .table import Creator
from .turns import Turns

OPEN = (TableStatus.WAITING, TableStatus.PLAYING)
TOO_MANY_TABLES = "too_many_tables"
TOO_MANY_BOT_GAMES = "too_many_bot_games"
ADDRESS_KEY = "table_addresses"  # the stored secret that keys the digests of addresses


def exempt_addresses(settings: Settings) -> frozenset[str]:
    """The addresses per-address limits leave out (``address_limit_exempt``)."""
    return frozenset(a.strip() for a in settings.address_limit_exempt.split(",") if a.strip())


def is_bot_game(table: Any) -> bool:
    """A game whose bots think on this instance now: one left to its bots alone counts no
    more once they stop for want of a person, nor one whose person has not moved for as
    long (``unattended_seconds``): its bots are waiting for them."""
    playing = table.status == TableStatus.PLAYING
    return playing and any(s.bot or s.bot_playing for s in table.seats) and not table.bots_idle()


def _names(creator: Creator) -> list[str]:
    """The names of the locks a creator's new table is opened under."""
    names = [f"tables opened by {creator.person}"]
    if creator.address:
        names.append(f"tables opened from {creator.address}")
    return names


def _left(table: Any, person: str) -> bool:
    """``person`` sat at ``table``, gave the seat up during the game, and left it to
    others: a game of bots they stood up from and watch still runs for them (standing up
    in each, one person kept 9 games going against a limit of 5)."""
    gave_up = any(seat.user == person and seat.left for seat in table.seats)
    others = any(seat.user and seat.user != person and not seat.left for seat in table.seats)
    return gave_up and others


class Quotas:
    """The limits of one instance, checked against the tables it holds (and, for the
    tables opened in the window, against the store)."""

    def __init__(self, settings: Settings, tables: dict[str, Any], store: Repository) -> None:
        self.settings = settings
        self.tables = tables  # the lobby's, by id
        self.store = store
        self.creators: dict[str, Creator] = {}
        self.opening: set[str] = set()  # tables reserved by a create still being stored
        # Tables opened here in the window: one being stored may be missing from a read
        # of the store that began before it landed.
        self.opened_here: dict[str, tuple[Creator, datetime]] = {}
        self.sitting: dict[str, Counter[str]] = {}  # person -> tables being sat at
        # One create at a time per person here, and over instances per person and address
        # (the store's lock): each reads the tables opened before it, stored ones included.
        self._turns = Turns()
        self.exempt = exempt_addresses(settings)
        self.address_secret = secrets.token_bytes(32)  # the deployment's, from start()

    async def start(self) -> None:
        """Take the deployment's key for digests of addresses: every instance on the
        database, and this one after a restart, digests an address alike."""
        self.address_secret = (await self.store.secret(ADDRESS_KEY)).encode()

    def creator(self, conn: Endpoint) -> Creator:
        """Whose new table this would be, and the address it counts under."""
        return Creator(conn.identity.id, self._key(conn))

    def _key(self, conn: Endpoint) -> str:
        """A digest of the address a person's tables count under ("" when it is exempt);
        IPv6 per /64. The store keeps the digest, never the address."""
        host = conn.address
        if not host or host in self.exempt:
            return ""
        key = limit_key(host).encode()
        return hmac.new(self.address_secret, key, hashlib.sha256).hexdigest()[:32]

    def restored(self, table_id: str, creator: Creator | None) -> None:
        """A table brought back (restart, takeover) counts as its creator's again."""
        if creator is not None:
            self.creators[table_id] = creator

    @asynccontextmanager
    async def opening_table(
        self, table_id: str, conn: Endpoint, bots_at_once: bool = True
    ) -> AsyncIterator[Creator]:
        """Check the limits and hold the table's place while it is being opened; it stays
        counted as its creator's if it was opened."""
        creator = self.creator(conn)
        async with self._turns.of(creator.person), self.store.one_at_a_time(*_names(creator)):
            opened = await self._opened_recently(creator)
            # No wait from the check to the reservation: creates sent at once see each other.
            self._check_create(creator, opened, bots_at_once)
            self.creators[table_id] = creator
            self.opened_here[table_id] = (creator, utcnow())
            self.opening.add(table_id)
            try:
                yield creator
            except BaseException:
                self.creators.pop(table_id, None)
                self.opened_here.pop(table_id, None)
                raise
            finally:
                self.opening.discard(table_id)

    @contextmanager
    def taking_seat(self, conn: Endpoint, table_id: str = "") -> Iterator[None]:
        """Check the seat limit and count the seat at ``table_id`` (one of the tables
        quick play tries: "") while it is being taken."""
        self.check_seats(conn)
        person = conn.identity.id
        taking = self.sitting.setdefault(person, Counter())
        taking[table_id] += 1
        try:
            yield
        finally:
            taking[table_id] -= 1
            if not +taking:
                self.sitting.pop(person, None)

    def forget(self, table_id: str) -> None:
        self.creators.pop(table_id, None)

    def _open_created(self, match: Any) -> Iterable[TableStatus]:
        """The status of each open table whose creator ``match``es (one being opened waits)."""
        for table_id, creator in self.creators.items():
            if not match(creator):
                continue
            table = self.tables.get(table_id)
            if table is None and table_id in self.opening:
                yield TableStatus.WAITING
            elif table is not None and table.status in OPEN and not _left(table, creator.person):
                yield table.status

    async def check_create(self, conn: Endpoint, bots_at_once: bool = True) -> None:
        """Refuse a new table past the per-person, per-address or bot-game limits (the last
        only for a table that may start with bots at once: a quick-play table waits for
        people when there is no room for another bot game)."""
        creator = self.creator(conn)
        self._check_create(creator, await self._opened_recently(creator), bots_at_once)

    def _check_create(self, creator: Creator, opened: list[Opened], bots_at_once: bool) -> None:
        s = self.settings
        person, address = creator.person, creator.address
        mine = list(self._open_created(lambda c: c.person == person))
        here = list(self._open_created(lambda c: bool(address) and c.address == address))
        _at_most(len(mine), s.tables_per_person, "open tables created by one person")
        _at_most(len(here), s.tables_per_address, "open tables created from one address")
        waiting = mine.count(TableStatus.WAITING)
        waiting_here = here.count(TableStatus.WAITING)
        if waiting >= s.waiting_per_person:  # the advice looks through every table: only then
            advice = self._unseated_advice(person)
            _at_most(waiting, s.waiting_per_person, "waiting tables created by one person", advice)
        _at_most(waiting_here, s.waiting_per_address, "waiting tables created from one address")
        self._check_seats(person)
        self._check_opening_rate(creator, opened)
        if bots_at_once:
            self.check_bot_games()

    def _unseated_advice(self, person: str) -> str:
        """What frees a place when some of the person's waiting tables have no one seated
        (made with ``"sit": false``, or left): leaving those changes nothing, they wait
        ``unseated_seconds`` for the people their invite went to."""
        unseated = sum(
            1
            for table_id, creator in self.creators.items()
            if creator.person == person
            and (table := self.tables.get(table_id)) is not None
            and table.status == TableStatus.WAITING
            and table.humans() == 0
        )
        if not unseated:
            return ""
        minutes = f"{self.settings.unseated_seconds / 60:g} minutes"
        return (
            f" ({unseated} with no one seated close by themselves {minutes} after they were"
            " opened or last sat at)"
        )

    async def _opened_recently(self, creator: Creator) -> list[Opened]:
        """The tables the creator's person or address opened in the window, as stored."""
        since = utcnow() - timedelta(seconds=self.settings.tables_opened_window_seconds)
        return await self.store.opened_since(since, creator.person, creator.address)

    def _check_opening_rate(self, creator: Creator, stored: list[Opened]) -> None:
        s, now = self.settings, utcnow()
        window = timedelta(seconds=s.tables_opened_window_seconds)
        self._forget_opened_before(now - window)
        minutes = f"{s.tables_opened_window_seconds / 60:g} minutes"
        person, address = creator.person, creator.address
        rates = [(lambda c: c.person == person, s.tables_opened_per_person, "one person")]
        if address:
            from_address = s.tables_opened_per_address
            rates.append((lambda c: c.address == address, from_address, "one address"))
        for counts, limit, whom in rates:
            times = self._opening_times(stored, counts)
            if len(times) < limit:
                continue
            wait = (times[len(times) - limit] + window - now).total_seconds()
            raise ProtocolError(
                TOO_MANY_TABLES,
                f"limit reached: at most {limit} new tables opened by {whom} in {minutes}; "
                f"join a table that is open, or try again in {math.ceil(wait)} s",
                retry_after=wait,
            )

    def _opening_times(
        self, stored: list[Opened], counts: Callable[[Creator], bool]
    ) -> list[datetime]:
        """When each table that ``counts`` was opened, oldest first: those stored and
        those opened here (once each)."""
        times = {
            o.game_id: o.at
            for o in stored
            if counts(Creator(o.opened_by or "", o.opened_from or ""))
        }
        for table_id, (creator, at) in self.opened_here.items():
            if counts(creator):
                times.setdefault(table_id, at)
        return sorted(times.values())

    def _forget_opened_before(self, since: datetime) -> None:
        old = [table_id for table_id, (_, at) in self.opened_here.items() if at < since]
        for table_id in old:
            del self.opened_here[table_id]

    def check_seats(self, conn: Endpoint) -> None:
        """Refuse another seat to a person who sits at the most open tables already (tables
        being opened by them and seats being taken count too)."""
        self._check_seats(conn.identity.id)

    def _check_seats(self, person: str) -> None:
        seated = {
            table_id
            for table_id, t in self.tables.items()
            if t.status in OPEN and any(seat.user == person and not seat.left for seat in t.seats)
        }
        opening = {
            table_id
            for table_id in self.opening
            if table_id not in self.tables and self.creators[table_id].person == person
        }
        taking = +self.sitting.get(person, Counter())
        # A table counts once however it is held; quick play's tries ("") each count.
        held = len(seated | opening | set(taking)) + max(0, taking[""] - 1)
        _at_most(held, self.settings.seats_per_person, "open tables one person sits at")

    def bot_games(self) -> int:
        return sum(1 for t in self.tables.values() if is_bot_game(t))

    def check_bot_games(self) -> None:
        """Refuse another game with bots once this instance runs the most it may."""
        limit = self.settings.max_bot_games
        if self.bot_games() >= limit:
            raise ProtocolError(
                TOO_MANY_BOT_GAMES,
                f"this server already runs its limit of {limit} games with bots: "
                "play at a table of people (quick play) or try again later",
            )


def _at_most(count: int, limit: int, what: str, advice: str = "") -> None:
    if count >= limit:
        raise ProtocolError(
            TOO_MANY_TABLES,
            f"limit reached: at most {limit} {what}; finish or leave one first{advice}",
        )


__all__ = [
    "TOO_MANY_BOT_GAMES",
    "TOO_MANY_TABLES",
    "Quotas",
    "exempt_addresses",
    "is_bot_game",
]
