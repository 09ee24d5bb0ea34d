"""Play again: the same people and bots at a new table with the same rules."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from euchre.engine import Match
from euchre.store import StoredEvent

from ..connection import Endpoint
from ..kinds import TableKind, TableStatus
from ..lookback import bot_name
from ..matches import after_game
from ..protocol import ProtocolError
from .parts import Seat, new_table_id
from .turns import Turns

# Events at a rematch by which a seat's person answered the invitation (a yes, a no, or
# the seat given up); after "started" no one is asked any more.
_ANSWERS = {"returned", "seated", "stood", "bot_seated"}
# Why a person asked to play again is not back: said no, left, or let the time run out.
NoReturnWhy = Literal["declined", "left", "no_answer"]


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _seat_list(value: Any) -> list[int]:
    return [int(v) for v in _list(value)]


class Rematch(Turns):
    """Play again."""

    def _seated_data(self, index: int, name: str) -> dict[str, Any]:
        """A rematch's first event (its asker sitting down) also stores what a restart
        needs to go on asking: the finished table, the seats asked, the seats bots took
        at once (their people had left the finished game), the people its host had taken
        off it (the invite that follows the finished game is not open to them here either)."""
        data = super()._seated_data(index, name)
        if self.rematch_of is None or self.version != 0:
            return data
        opening: dict[str, Any] = {"awaiting": sorted(self.awaiting), "bots": sorted(self.declined)}
        if self.barred:
            opening["barred"] = sorted(self.barred)
        return {**data, "rematch_of": self.rematch_of, **opening}

    def restore_rematch(self, events: Iterable[StoredEvent]) -> None:
        """After a restart or a takeover, from the stored events: a finished game's
        rematch and the seats bots took there; a rematch's finished game, the seats still
        deciding and those bots took."""
        for event in events:
            data = event.data if isinstance(event.data, dict) else {}
            if event.kind in ("rematch", "rematch_bots", "rematch_closed"):
                self._recall_rematch(event.kind, data)
            elif event.kind == "seated" and isinstance(data.get("rematch_of"), str):
                self.rematch_of = data["rematch_of"]
                self.awaiting = set(_seat_list(data.get("awaiting")))
                self.declined = set(_seat_list(data.get("bots")))
                self.barred |= {p for p in _list(data.get("barred")) if isinstance(p, str)}
            elif event.kind == "started":
                self.declined |= self.awaiting  # the answer time ran out: bots took them
                self.awaiting.clear()
            elif event.kind in _ANSWERS:
                self._recall_answer(event.kind, data.get("seat"))

    def _recall_answer(self, kind: str, seat: Any) -> None:
        """A seat's person answered the invitation (a bot there: they said no), or someone
        sat in a seat a bot had taken."""
        if kind == "seated" and isinstance(seat, int):
            self.declined.discard(seat)
        if isinstance(seat, int) and seat in self.awaiting:
            self.awaiting.discard(seat)
            if kind == "bot_seated":
                self.declined.add(seat)

    def _recall_rematch(self, kind: str, data: dict[str, Any]) -> None:
        """A finished game's news of its rematch, told again."""
        table = data.get("table")
        if kind == "rematch" and isinstance(table, str):
            self.rematch, self.rematch_bots = table, _seat_list(data.get("bots"))
            self.rematch_taken = []
        elif table != self.rematch:
            return
        elif kind == "rematch_bots":
            self.rematch_bots = _seat_list(data.get("seats"))
            self.rematch_taken = _seat_list(data.get("taken"))
        else:
            self.rematch, self.rematch_bots, self.rematch_taken = None, [], []

    async def check_rematch(self, conn: Endpoint) -> int:
        """The asker's seat, if they may play this table's game again now."""
        if self.status != TableStatus.FINISHED:
            raise ProtocolError("bad_state", "play again when the game is over")
        if self.kind == TableKind.RANKED:
            raise ProtocolError("bad_state", "ranked games are found by quick play, not replayed")
        index = self.seat_of(conn.identity.id)
        if index is None:
            raise ProtocolError("not_seated", "only the players of this game can play again")
        return index

    async def rematch_plan(self, conn: Endpoint) -> tuple[int, list[Seat], str, bool]:
        """For "play again" at this finished table: the asker's seat, the seats to copy,
        the new table's id and whether it is still to be made."""
        index = await self.check_rematch(conn)
        fresh = self.rematch is None
        if self.rematch is None:
            self.rematch = new_table_id()
            # Those who left this game are not asked: bots take their seats at once.
            self.rematch_bots = sorted(self.departed - {index})
        copied = [Seat(user=s.user, name=s.name, account=s.account, bot=s.bot) for s in self.seats]
        return index, copied, self.rematch, fresh

    def next_match(self) -> Match | None:
        """The match the game after this one plays in: this match with this game counted,
        or a new one once the rubber is decided (None: the rules ask for no match)."""
        if self.match is None:
            return None
        return after_game(self.variant, self.match, self.state).following(self.variant)

    async def announce_rematch(self, table_id: str, name: str) -> None:
        data: dict[str, Any] = {"table": table_id, "name": name, "bots": self.rematch_bots}
        data["seconds"] = self.settings.rematch_seconds  # the others' time to answer
        await self._commit("rematch", data)

    async def rematch_changed(
        self, table_id: str, bots: list[int], closed: bool, people: list[str | None]
    ) -> None:
        """News of this game's rematch: bots took these seats there and these people sit
        at its seats, or it closed before its game began (then "play again" opens
        another)."""
        if table_id != self.rematch:
            return
        if closed:
            self.rematch, self.rematch_bots, self.rematch_taken = None, [], []
            await self._commit("rematch_closed", {"table": table_id})
            return
        taken = self._seats_others_took(people)
        if (bots, taken) != (self.rematch_bots, self.rematch_taken):
            self.rematch_bots, self.rematch_taken = bots, taken
            await self._commit("rematch_bots", {"table": table_id, "seats": bots, "taken": taken})

    def _seats_others_took(self, people: list[str | None]) -> list[int]:
        """This game's people's seats in which someone else sits at the rematch (they
        may no longer take them back)."""
        return [
            index
            for index, (seat, person) in enumerate(zip(self.seats, people, strict=False))
            if seat.user and person and person != seat.user
        ]

    async def open_rematch(
        self,
        conn: Endpoint,
        index: int,
        seats: list[Seat],
        ref: str | int | None,
        old: tuple[str, list[int]] = ("", []),
        barred: Iterable[str] = (),
    ) -> None:
        """The same people and bots, seated as before: the asker sits at once, the others
        are asked (their seats wait for them until they answer or the time runs out);
        ``old``: the finished table and the seats of people who left it (bots take those);
        ``barred``: the people its host took off the finished table."""
        self.rematch_of, gone = old[0] or None, set(old[1])
        self.barred |= set(barred)
        for i, seat in enumerate(seats):
            if i != index and (seat.user or seat.bot):
                seat.away = bool(seat.user)
                self.seats[i] = seat
                if i in gone:
                    self._bot_for(i)
                elif seat.user:
                    self.awaiting.add(i)
                    self.invited.add(seat.user)
        if self.awaiting:
            self._later("rematch", self.settings.rematch_seconds, self._rematch_timeout)
        await self.sit(conn, index, False, ref)
        if not self.awaiting and self.status == TableStatus.WAITING:
            self._fill_with_bots()
            await self._start_game()

    async def decline(self, conn: Endpoint) -> None:
        """No thanks to playing again: a bot takes the seat kept for this person."""
        index = self.seat_of(conn.identity.id)
        if index is None or index not in self.awaiting:
            raise ProtocolError("bad_state", "you have no open invitation to play at this table")
        await self._declined(index, "declined")

    async def withdraw(self, person: str) -> None:
        """The person left the finished game while asked here: a no, as with "decline"."""
        index = self.seat_of(person)
        if index is not None and index in self.awaiting and self.status != TableStatus.CLOSED:
            await self._declined(index, "left")

    async def _declined(self, index: int, why: NoReturnWhy) -> None:
        """A bot takes the seat kept for a person asked, who said no (``why``: ``declined``),
        left, or did not answer in time (``no_answer``): the event names them."""
        person = self.seats[index].name
        self._bot_for(index)
        self.awaiting.discard(index)  # before the event, whose info lists who is awaited
        data = {"seat": index, "level": self.bot_level, "instead_of": person, "why": why}
        data["name"] = self.seats[index].name  # the bot's: a log read later names it so
        await self._commit("bot_seated", data)
        self.services.rematch_news(self.whole)
        await self._answered(index)

    async def _seat_taken_back(self, index: int) -> None:
        """Someone sat in a seat a bot took from a person asked (who said no, left or did
        not answer in time): the finished game offers the new one to that seat again."""
        if index in self.declined:
            self.declined.discard(index)
            self.services.rematch_news(self.whole)

    def _bot_for(self, index: int) -> None:
        self.seats[index] = Seat(bot=self.bot_level, name=bot_name(s.name for s in self.seats))
        self.declined.add(index)

    async def _answered(self, index: int) -> None:
        self.awaiting.discard(index)
        if not self.awaiting and self.status == TableStatus.WAITING:
            self._cancel("rematch")
            await self._start_rematch()

    async def _rematch_timeout(self) -> None:
        """Bots play for the people who did not answer in time, each seat told in the log
        as a bot's, as for a "no" (the host's log said only "The game starts"), also in a
        game the host started without waiting; the last answer starts a waiting one."""
        self._timers.pop("rematch", None)
        if self.awaiting:
            # each told; the last answer starts a waiting game, and in one the host started
            # without waiting the event brings the bot's turn on (the seat was swapped for
            # a bot silently, and the game waited for it until a reload)
            for index in sorted(self.awaiting):
                await self._declined(index, "no_answer")
        elif self.status == TableStatus.WAITING:
            await self._start_rematch()

    async def _start_rematch(self) -> None:
        """Everyone answered: play, unless everyone asked said no and the asker left too
        (then the table closes, and the finished one offers "play again" anew)."""
        if not self.humans():
            await self._maybe_close()
            return
        self.services.rematch_news(self.whole)
        self._fill_with_bots()
        await self._start_game()
