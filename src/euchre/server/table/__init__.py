"""One table: the sequential owner of its seats, its game, its clocks and its bots.

Every request and every internal event (a clock running out, a bot's decision) goes
through the table's mailbox and is handled by its one actor task, in order. A change is
applied, **persisted**, and only then published: each watcher gets the event as its seat
may see it, with a version number, and its seat's view of the new state.

The parts, each built on the one before: core (state, actor, timers, queries), publish
(what the table tells and stores), seating, play, turns (clocks and bots), rematch; this
module adds the restart."""

from __future__ import annotations

import time
from typing import Any

from euchre.store.repo import GameRow, utcnow

from ..kinds import TableKind, TableStatus
from .parts import (
    TIME_UP,
    Creator,
    Seat,
    Services,
    TableSpec,
    deck_text,
    new_table_id,
    restored_seat,
    stored_players,
)
from .rebuild import action_data, rebuild, replay_game, stored_events
from .rematch import Rematch


def restorable(row: GameRow, finished_ttl: float) -> bool:
    """Whether a stored table comes back after a restart or a takeover: every one still
    waiting or playing, and a finished one for the rest of its time in memory (for "play
    again" and those who were away when it ended)."""
    if row.status in (TableStatus.WAITING, TableStatus.PLAYING):
        return True
    done = row.finished_at
    if row.status != TableStatus.FINISHED or done is None:
        return False
    return (utcnow() - done).total_seconds() < finished_ttl


# Events saying whether a seat's person is away (the last one of a seat is true).
_PRESENCE = {"away": True, "bot_playing": True, "returned": False, "seated": False}


def _reseated(kind: str, data: dict[str, Any]) -> tuple[Any, ...]:
    """The two seats whose people traded places in a "moved" or "swapped" event (none
    for any other)."""
    if kind == "moved":
        return data.get("from"), data.get("to")
    if kind == "swapped" and isinstance(data.get("seats"), list):
        return tuple(data["seats"])
    return ()


def _follow_reseat(away: dict[int, bool], seats: tuple[Any, ...]) -> None:
    """What was told of the people at two seats goes with them to the other seat."""
    if len(seats) != 2 or not all(isinstance(seat, int) for seat in seats):
        return
    first, second = seats
    told = away.pop(first, None), away.pop(second, None)
    for seat, was in ((second, told[0]), (first, told[1])):
        if was is not None:
            away[seat] = was


def told_away(row: GameRow) -> set[int]:
    """The seats whose people everyone was last told are away."""
    away: dict[int, bool] = {}
    for event in row.events:
        data = event.data if isinstance(event.data, dict) else {}
        seat = data.get("seat")
        if event.kind in _PRESENCE and isinstance(seat, int):
            away[seat] = _PRESENCE[event.kind]
        else:
            _follow_reseat(away, _reseated(event.kind, data))
    return {seat for seat, is_away in away.items() if is_away}


class Table(Rematch):
    """A table and its game, owned by one actor task (see the module docstring)."""

    def restore(self, row: GameRow) -> None:
        """Rebuild the table and its game exactly from what was stored."""
        self.status, self.version = TableStatus(row.status), row.version
        self.epoch, self.invited = row.epoch, set(row.invited)
        self.barred = {
            e.data["user"] for e in row.events if e.kind == "stood" and e.data.get("removed")
        }
        self.seats = [restored_seat(s) for s in row.seats][: self.players]
        self.seats += [Seat() for _ in range(self.players - len(self.seats))]
        self.created_at, self.started_at = row.created_at, row.started_at
        self.finished_at = row.finished_at
        if row.opened_by is not None:
            self.creator = Creator(row.opened_by, row.opened_from or "")
        if row.status in (TableStatus.PLAYING, TableStatus.FINISHED):
            rebuilt = rebuild(self.variant, row)
            self.state, self.last_trick = rebuilt.state, rebuilt.last_trick
            self.events.extend(rebuilt.events)
            self.first_dealer = row.first_dealer or 0
            self.seq, self.decks_saved = len(row.actions), len(row.decks)
        else:  # a table still waiting: its log is its seatings
            self.events.extend(stored_events(row))
        # Every event is stored since the creator's seating (version 1); a table stored
        # before events were kept has a log of its actions only.
        complete = bool(row.events) and row.events[0].version == 1
        self.complete_from = 0 if complete else row.version
        self.restore_rematch(row.events)
        # The people asked to play again were shown away from the start: still so.
        told = told_away(row) | self.awaiting
        for index, seat in enumerate(self.seats):
            seat.unseen_away = seat.away and not seat.bot_playing and index not in told
            if index in self.awaiting and seat.user:
                self.invited.add(seat.user)

    def resume(self) -> None:
        """After a restart: clocks, bots and grace periods start again."""
        for index, seat in enumerate(self.seats):
            if seat.user and index not in self.awaiting:  # those asked wait for the answer time
                self._keep_seat_while_away(index)
        if self.status == TableStatus.WAITING and self.awaiting:
            # A fresh full wait: no one could answer while the table was away.
            self._later("rematch", self.settings.rematch_seconds, self._rematch_timeout)
        elif self.status == TableStatus.PLAYING:
            # No one is connected yet: the bots wait for their people to come back, rather
            # than play every reloaded game on for a while (their seat's event wakes them).
            self._alone_since = time.monotonic() - self.settings.unattended_seconds
            self.close_abandoned_later()
            self._reschedule()
            self._schedule_game_clock()
        elif self.kind == TableKind.CASUAL and self.humans():
            self._later("fill", self.settings.fill_seconds, self._fill_timeout)
        if self.status == TableStatus.WAITING:
            self.close_unseated_later()
        if self.status == TableStatus.FINISHED and self.finished_at is not None:
            kept = (utcnow() - self.finished_at).total_seconds()
            self._later("expire", self.settings.finished_ttl - kept, self._expire)


__all__ = [
    "TIME_UP",
    "Creator",
    "Seat",
    "Services",
    "Table",
    "TableKind",
    "TableSpec",
    "TableStatus",
    "action_data",
    "deck_text",
    "new_table_id",
    "replay_game",
    "restorable",
    "restored_seat",
    "stored_players",
]
