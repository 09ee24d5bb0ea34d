"""Changing seats before the game: a player moves to an empty seat ("move"), the host of
a private table swaps two seats ("swap"), say to sit partners together. Each change is
stored before everyone hears of it, so a restart brings the seats back as moved."""

from __future__ import annotations

import asyncio
from typing import Any

from ..connection import Endpoint
from ..kinds import TableKind, TableStatus
from ..protocol import ProtocolError
from .seating import Seating


class Reseating(Seating):
    """Moves and swaps of seats at a table not yet started."""

    async def move(self, conn: Endpoint, wanted: int) -> None:
        """Move the asker's seat to the empty seat ``wanted``."""
        if self.kind == TableKind.RANKED:
            raise _ranked()
        self._check_seats_open()
        self._check_seat_number(wanted)
        index = self._own_seat(conn)
        if self.seats[index].conn is not conn:
            raise ProtocolError(
                "not_seated",
                f"your seat {index} at table {self.id} is not this connection's: join the "
                "table to take it back, then move",
            )
        if wanted == index:
            raise ProtocolError("bad_seat", f"you already sit at seat {index}: pick an empty seat")
        if not self.seats[wanted].empty:
            raise ProtocolError("seat_taken", f"seat {wanted} is taken: {self._empty_seats_text()}")
        self.count_seat_change(conn)
        name = self.seats[index].name
        await self._exchange(index, wanted, "moved", {"from": index, "to": wanted, "name": name})

    async def swap(self, conn: Endpoint, first: int, second: int) -> None:
        """The host swaps whoever sits at ``first`` and ``second`` (people, bots or none)."""
        if self.kind == TableKind.RANKED:
            raise _ranked()
        if self.kind != TableKind.PRIVATE:
            raise ProtocolError(
                "forbidden",
                "only the host of a private table swaps seats: here move to an empty seat "
                '("move") instead',
            )
        if conn.identity.id != self.host:
            raise ProtocolError("forbidden", "only the host of this private table swaps seats")
        self._check_seats_open()
        self._check_seat_number(first)
        self._check_seat_number(second)
        if first == second:
            raise ProtocolError("bad_seat", f"seat {first} twice: pick two different seats")
        if self.seats[first].empty and self.seats[second].empty:
            raise ProtocolError(
                "bad_seat", f"seats {first} and {second} are both empty: nothing to swap"
            )
        self.count_seat_change(conn)
        names = [self.seats[first].name, self.seats[second].name]
        await self._exchange(first, second, "swapped", {"seats": [first, second], "names": names})

    def _check_seats_open(self) -> None:
        """Seats change only at a table still waiting, and not in a match's later game
        (its sides are set), nor at a "play again" table whose people are still asked."""
        if self.status == TableStatus.PLAYING:
            raise ProtocolError(
                "bad_state", "the game has started: seats change only before the start"
            )
        if self.status != TableStatus.WAITING:
            raise ProtocolError("bad_state", "the game at this table is over: its seats stay")
        if self.match is not None and self.match.played > 0:
            raise ProtocolError(
                "bad_state",
                "this game goes on with a match: its sides stay as they were "
                "(seats change before a match's first game)",
            )
        if self.awaiting:
            raise ProtocolError(
                "bad_state",
                "the players of the last game are still asked to play again: seats stay as "
                "they were until everyone has answered",
            )

    def _empty_seats_text(self) -> str:
        empty = [str(i) for i, seat in enumerate(self.seats) if seat.empty]
        if not empty:
            return "no seat is empty"
        return f"empty seats: {', '.join(empty)}"

    async def _exchange(self, first: int, second: int, kind: str, data: dict[str, Any]) -> None:
        """Swap the seats at ``first`` and ``second`` (with their connections and the wait
        kept for someone away), store it and tell everyone; undone if it cannot be stored."""
        self._trade(first, second)
        try:
            await self._commit(kind, data)
        except ProtocolError:
            self._trade(first, second)
            raise

    def _trade(self, first: int, second: int) -> None:
        seats = self.seats
        seats[first], seats[second] = seats[second], seats[first]
        for index in (first, second):
            conn = seats[index].conn
            if conn is not None and conn in self.watchers:
                self.watchers[conn] = index
        self._trade_waits(first, second)

    def _trade_waits(self, first: int, second: int) -> None:
        """Someone away keeps their seat for a while (a timer named by the seat): the wait
        goes with them to the other seat, with the time it had left."""
        now = asyncio.get_running_loop().time()
        left: dict[int, float] = {}
        for index in (first, second):
            handle = self._timers.get(f"grace-{index}")
            if handle is not None:
                left[index] = max(0.0, handle.when() - now)
                self._cancel(f"grace-{index}")
        for index, seconds in left.items():
            other = second if index == first else first
            self._later(f"grace-{other}", seconds, self._grace_over, other)


def _ranked() -> ProtocolError:
    return ProtocolError(
        "forbidden", "seats at a ranked table are assigned by matchmaking: they do not change"
    )
