"""How many tables one person, one address and one instance may hold open.

One connection could otherwise open thousands of tables (each kept in memory and
reloaded after every restart) or fill the instance with bot games that starve the
tables of people. Counted here, on each instance, from the tables it holds:

* tables a person (or an address) created that are still open, and how many of those
  still wait for players;
* tables a person (or an address) opened in the last ``tables_opened_window_seconds``,
  open or not: a waiting table closes when its last person leaves, so opening and
  leaving in a loop never held more than one, yet stored a table each time (1,600 in
  20 s from four addresses, every other table's moves slowed);
* open tables a person sits at;
* running games with a bot seat (bots think on this instance's CPU).

A request past a limit gets an ``error`` naming the limit; nothing is created. Tables being
opened and seats being taken count from the moment they are checked (they are reserved),
so requests sent at once cannot all pass the check before any of them lands.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .addresses import limit_key
from .config import Settings
from .connection import Endpoint
from .kinds import TableStatus
from .limits import Attempts
from .protocol import ProtocolError

OPEN = (TableStatus.WAITING, TableStatus.PLAYING)
TOO_MANY_TABLES = "too_many_tables"
TOO_MANY_BOT_GAMES = "too_many_bot_games"


@dataclass(frozen=True, slots=True)
class Creator:
    person: str
    address: str


def address_of(conn: Endpoint) -> str:
    """The peer address of a local connection ("" for one relayed from elsewhere)."""
    websocket: Any = getattr(conn, "websocket", None)
    client = getattr(websocket, "client", None)
    return str(client.host) if client is not None else ""


def exempt_addresses(settings: Settings) -> frozenset[str]:
    """The addresses per-address limits leave out (``address_limit_exempt``)."""
    return frozenset(a.strip() for a in settings.address_limit_exempt.split(",") if a.strip())


def is_bot_game(table: Any) -> bool:
    """A game whose bots think on this instance now: one left to its bots alone counts no
    more once they stop for want of a person, nor one whose person has not moved for as
    long (``unattended_seconds``): its bots are waiting for them."""
    playing = table.status == TableStatus.PLAYING
    return playing and any(s.bot or s.bot_playing for s in table.seats) and not table.bots_idle()


def _left(table: Any, person: str) -> bool:
    """``person`` sat at ``table`` and gave the seat up during the game."""
    return any(seat.user == person and seat.left for seat in table.seats)


class Quotas:
    """The limits of one instance, checked against the tables it holds."""

    def __init__(self, settings: Settings, tables: dict[str, Any]) -> None:
        self.settings = settings
        self.tables = tables  # the lobby's, by id
        self.creators: dict[str, Creator] = {}
        self.opening: set[str] = set()  # tables reserved by a create still being stored
        self.sitting: dict[str, Counter[str]] = {}  # person -> tables being sat at
        self.exempt = exempt_addresses(settings)
        window = settings.tables_opened_window_seconds
        self.opened_by_person = Attempts(settings.tables_opened_per_person, window)
        self.opened_from_address = Attempts(settings.tables_opened_per_address, window)

    def _key(self, conn: Endpoint) -> str:
        """The address a person's tables count under ("" when it is exempt); IPv6 per /64."""
        host = address_of(conn)
        return "" if not host or host in self.exempt else limit_key(host)

    @contextmanager
    def opening_table(
        self, table_id: str, conn: Endpoint, bots_at_once: bool = True
    ) -> Iterator[None]:
        """Check the limits and hold the table's place while it is being opened; it stays
        counted as its creator's if it was opened."""
        self.check_create(conn, bots_at_once)
        self._count_opening(conn)
        self.creators[table_id] = Creator(conn.identity.id, self._key(conn))
        self.opening.add(table_id)
        try:
            yield
        except BaseException:
            self.creators.pop(table_id, None)
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

    def check_create(self, conn: Endpoint, bots_at_once: bool = True) -> None:
        """Refuse a new table past the per-person, per-address or bot-game limits (the last
        only for a table that may start with bots at once: a quick-play table waits for
        people when there is no room for another bot game)."""
        s = self.settings
        person, address = conn.identity.id, self._key(conn)
        mine = list(self._open_created(lambda c: c.person == person))
        here = list(self._open_created(lambda c: bool(address) and c.address == address))
        _at_most(len(mine), s.tables_per_person, "open tables created by one person")
        _at_most(len(here), s.tables_per_address, "open tables created from one address")
        waiting = mine.count(TableStatus.WAITING)
        waiting_here = here.count(TableStatus.WAITING)
        _at_most(waiting, s.waiting_per_person, "waiting tables created by one person")
        _at_most(waiting_here, s.waiting_per_address, "waiting tables created from one address")
        self.check_seats(conn)
        self._check_opening_rate(person, address)
        if bots_at_once:
            self.check_bot_games()

    def _check_opening_rate(self, person: str, address: str) -> None:
        s, now = self.settings, time.monotonic()
        minutes = f"{s.tables_opened_window_seconds / 60:g} minutes"
        rates = [(self.opened_by_person, person, s.tables_opened_per_person, "one person")]
        if address:
            rates.append(
                (self.opened_from_address, address, s.tables_opened_per_address, "one address")
            )
        for attempts, key, limit, whom in rates:
            wait = attempts.wait(key, now)
            if wait > 0:
                raise ProtocolError(
                    TOO_MANY_TABLES,
                    f"limit reached: at most {limit} new tables opened by {whom} in {minutes}; "
                    f"join a table that is open, or try again in {math.ceil(wait)} s",
                    retry_after=wait,
                )

    def _count_opening(self, conn: Endpoint) -> None:
        now, address = time.monotonic(), self._key(conn)
        self.opened_by_person.add(conn.identity.id, now)
        if address:
            self.opened_from_address.add(address, now)

    def check_seats(self, conn: Endpoint) -> None:
        """Refuse another seat to a person who sits at the most open tables already (tables
        being opened by them and seats being taken count too)."""
        person = conn.identity.id
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


def _at_most(count: int, limit: int, what: str) -> None:
    if count >= limit:
        raise ProtocolError(
            TOO_MANY_TABLES,
            f"limit reached: at most {limit} {what}; finish or leave one first",
        )


__all__ = [
    "TOO_MANY_BOT_GAMES",
    "TOO_MANY_TABLES",
    "Quotas",
    "address_of",
    "exempt_addresses",
    "is_bot_game",
]
