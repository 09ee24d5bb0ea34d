"""What a table tells and stores: its info and lobby line, snapshots and missed
events, and each change committed (stored) before it is broadcast."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

from euchre.engine.observations import observed_ruleset
from euchre.engine.steps import Step
from euchre.engine.views import views_of
from euchre.store import FencedError, StoredAction, StoredEvent
from euchre.store.repo import utcnow

from ..connection import Endpoint
from ..kinds import TableKind, TableStatus
from ..lookback import score_sheet
from ..matches import STORED_KEY, info_json, stored_json
from ..protocol import ProtocolError
from ..render import Event, event_json, event_text, make_event, state_json, state_text
from ..wire import dumps
from .core import TableCore
from .parts import Direct, house_rules, log


class Publishing(TableCore):
    """Messages and commits."""

    def info(self) -> dict[str, Any]:
        """The table as anyone who may see it sees it."""
        out: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "preset": self.preset,
            "options": self.variant.options(),
            "house_rules": house_rules(self.variant, self.preset),
            "ruleset": observed_ruleset(self.variant),
            "players": self.players,
            "target": self.variant.target,
            "turn_seconds": self.turn_seconds,
            "turn_clock": self._clock_runs(),
            "summary_seconds": self.summary_seconds,
            "bot_level": self.bot_level,
            "hints": self.hints,
            "seats": [s.public(i, self.host) for i, s in enumerate(self.seats)],
            "spectators": self.spectators(),
            "created_at": self.created_at.isoformat(),
        }
        left = self.game_time_left()
        if left is not None:
            out["time_left"] = round(left, 1)
            if self.state is not None and self.state.time_up:
                out["time_up"] = True
                if self.state.tie_break:
                    out["tie_break"] = True
        elif self.state is not None and self.state.ended_on_time:
            out["ended_on_time"] = True
        elif self.state is not None and self.state.ended_on_deals:
            out["ended_on_deals"] = True
        limit = self.variant.deal_limit
        if limit and self.state is not None and not self.state.game_over:
            out["deals_left"] = max(0, limit - self.state.deals_counted)
        if self.awaiting:
            out["awaiting"] = sorted(self.awaiting)
        if self.match is not None:
            out["match"] = info_json(self.variant, self.match, self.state)
        if self.kind == TableKind.PRIVATE:  # the host sees who came by the invite and who watches
            out["opened"] = self.opened_by()
            out["watching"] = self.watching()
            out["host_here"] = self.host_here()  # gone: anyone seated may start
        return out

    def fill_json(self) -> dict[str, Any] | None:
        """The wait until bots fill this waiting quick-play table, or take the seats of a
        rematch's people who have not answered (the server's real wait)."""
        if self.status != TableStatus.WAITING:
            return None
        answers = self._timers.get("rematch")
        if answers is not None and self.awaiting:
            left = max(0.0, answers.when() - asyncio.get_running_loop().time())
            return {"seconds": self.settings.rematch_seconds, "remaining": round(left, 2)}
        if self.kind != TableKind.CASUAL or not self.humans():
            return None
        total = self.settings.fill_seconds
        fill = self._timers.get("fill")
        if fill is None:  # the first person is sitting down: the wait starts now
            return {"seconds": total, "remaining": total}
        left = max(0.0, fill.when() - asyncio.get_running_loop().time())
        return {"seconds": total, "remaining": round(left, 2)}

    def _clock_runs(self) -> bool:
        """A person alone with bots has no turn clock: the bots wait for them."""
        return self.turn_seconds > 0 and self.humans() > 1

    def summary(self) -> dict[str, Any]:
        """The table's line in the lobby."""
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "preset": self.preset,
            "options": self.variant.options(),
            "house_rules": house_rules(self.variant, self.preset),
            "players": self.players,
            "seats": [s.public(i, self.host) for i, s in enumerate(self.seats)],
            "free": self.free_seats(),
            "spectators": self.spectators(),
            **self.settings_json(),
        }

    def settings_json(self) -> dict[str, Any]:
        """How the table plays beyond its rules (the queues seat people only at tables
        with the server's defaults)."""
        return {
            "turn_seconds": self.turn_seconds,
            "bot_level": self.bot_level,
            "summary_seconds": self.summary_seconds,
            "hints": self.hints,
        }

    def game_time_left(self) -> float | None:
        if not self.variant.timed or self.started_at is None or self.status != TableStatus.PLAYING:
            return None
        total = self.variant.time_limit_minutes * 60.0
        return max(0.0, total - (utcnow() - self.started_at).total_seconds())

    def clock_json(self) -> dict[str, Any] | None:
        clock = self.clock
        if clock is None:
            return None
        remaining = max(0.0, clock.deadline - time.monotonic())
        return {"seat": clock.seat, "seconds": clock.seconds, "remaining": round(remaining, 2)}

    def _view_state(self, seat: int | None) -> dict[str, Any] | None:
        return None if self.state is None else state_json(self.seat_view(seat))

    def _state_texts(self, seats: list[int | None]) -> dict[int | None, str]:
        """Each seat's state as JSON text, the views made together."""
        if self.state is None:
            return dict.fromkeys(seats, "null")
        history = self.deal_history
        history.follow(self.state.record, self.state.record.steps)
        views = views_of(self.state, seats, with_history=False)
        return {
            seat: state_text(view, history, self.blind_steps(seat))
            for seat, view in zip(seats, views, strict=True)
        }

    def _you(self, conn: Endpoint) -> dict[str, Any]:
        seat = self.watchers.get(conn)
        return {"seat": seat, "host": conn.identity.id == self.host, "id": conn.identity.id}

    def snapshot(
        self, conn: Endpoint, missed: list[dict[str, Any]] | None, ref: str | int | None
    ) -> dict[str, Any]:
        seat = self.watchers.get(conn)
        out: dict[str, Any] = {
            "type": "table",
            "table": self.id,
            "version": self.version,
            "you": self._you(conn),
            "info": self.info(),
            "state": self._view_state(seat),
            "clock": self.clock_json(),
            "missed": missed,
            "sheet": [] if self.state is None else score_sheet(self.state),
            "last_trick": self.last_trick,
        }
        if self.pause is not None:
            out["pause"] = self.pause.to_json()
        fill = self.fill_json()
        if fill is not None:
            out["fill"] = fill
        if missed is None:  # a fresh page: the table's log so far, as this seat may see it
            out["log"] = [event_json(e, self.event_viewer(seat, e[0])) for e in self.events]
        if self.invite and self.may_see(conn.identity):
            out["invite"] = self.invite
        if ref is not None:
            out["ref"] = ref
        return out

    def _missed(self, since: int | None, viewer: int | None) -> list[dict[str, Any]] | None:
        if since is None or since > self.version or since < self.complete_from:
            return None
        if since == self.version:
            return []
        if not self.events or self.events[0][0] > since + 1:
            return None
        return [event_json(e, self.event_viewer(viewer, e[0])) for e in self.events if e[0] > since]

    def _broadcast(self, event: Event, with_info: bool, direct: Direct | None) -> None:
        texts: dict[int | None, str] = {}
        head = f'{{"type":"event","table":{dumps(self.id)},"version":{event[0]},"event":'
        tail = f',"clock":{dumps(self.clock_json())}'
        if self.pause is not None:
            tail += f',"pause":{dumps(self.pause.to_json())}'
        fill = self.fill_json()
        if fill is not None:
            tail += f',"fill":{dumps(fill)}'
        if with_info:
            tail += f',"info":{dumps(self.info())}'
        tail += "}"
        answer, self._answer = self._answer, None
        watchers = list(self.watchers.items())
        seats = [s for c, s in watchers if direct is None or c is not direct.conn]
        states = self._state_texts(list(dict.fromkeys(seats)))
        for conn, seat in watchers:
            if direct is not None and conn is direct.conn:
                missed = self._missed(direct.since, seat)
                conn.send(self.snapshot(conn, missed, direct.ref))
                continue
            text = texts.get(seat)
            if text is None:
                body = event_text(event, seat)
                text = texts[seat] = f'{head}{body},"state":{states[seat]}{tail}'
            if answer is not None and conn is answer[0]:
                text, answer = _with_ref(text, answer[1]), None
            conn.send_text(text)
        if answer is not None and (direct is None or answer[0] is not direct.conn):
            # The asker does not watch the table: it still gets its answer, as a spectator.
            body, state = event_text(event, None), dumps(self._view_state(None))
            answer[0].send_text(_with_ref(f'{head}{body},"state":{state}{tail}', answer[1]))

    def _game_values(self) -> dict[str, Any]:
        return {"seats": [s.stored() for s in self.seats], "status": self.status, "host": self.host}

    async def _commit(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        values: dict[str, Any] | None = None,
        decks: Sequence[tuple[int, str]] = (),
        actions: Sequence[StoredAction] = (),
        step: Step | None = None,
        with_info: bool = True,
        direct: Direct | None = None,
    ) -> Event:
        """Persist a change, then publish it as the next event (raises before publishing)."""
        if not self.services.owned():
            raise ProtocolError(
                "unavailable", f"table {self.id} is moving to another server: try again"
            )
        version = self.version + 1
        stored = values if values is not None else self._game_values()
        events: tuple[StoredEvent, ...] = ()
        if not actions:  # an action row carries the version and rebuilds the event itself
            stored = {"version": version, **stored}
            events = (StoredEvent(version, kind, data),)
        try:
            await self.store.save(self.id, stored, decks, actions, epoch=self.epoch, events=events)
        except FencedError:
            log.warning("another instance owns the table now", extra={"table": self.id})
            self.services.lost(self.whole)
            raise ProtocolError(
                "unavailable", f"table {self.id} is moving to another server: try again"
            ) from None
        except Exception as exc:  # the store logged why
            log.warning("could not save %s: %s", kind, exc, extra={"table": self.id})
            raise ProtocolError(
                "server_error", "the server could not save that; try again"
            ) from exc
        self.version = version
        event = make_event(version, kind, data, step)
        self.events.append(event)
        self._reschedule()
        self._broadcast(event, with_info, direct)
        if with_info:
            self.services.changed(self.whole)
        return event

    async def create(self) -> None:
        """Store the new table (before anyone hears of it)."""
        values = {
            "kind": self.kind,
            "status": self.status,
            "invite": self.invite,
            "host": self.host,
            "variant_name": self.variant.name,
            "options": self.variant.options(),
            "settings": {
                "preset": self.preset,
                "turn_seconds": self.turn_seconds,
                "bot_level": self.bot_level,
                "summary_seconds": self.summary_seconds,
                "hints": self.hints,
                **self._match_stored(),
            },
            "seats": [s.stored() for s in self.seats],
            "version": self.version,
            "created_at": self.created_at,
            **self._creator_stored(),
        }
        await self.store.create_game(self.id, values)

    def _creator_stored(self) -> dict[str, str | None]:
        creator = self.creator
        if creator is None:
            return {}
        return {"opened_by": creator.person, "opened_from": creator.address or None}

    def _match_stored(self) -> dict[str, Any]:
        return {} if self.match is None else {STORED_KEY: stored_json(self.match)}

    async def _maybe_close(self, stood: Endpoint | None = None) -> None:
        """A waiting table nobody sits at any more closes: at once, or, when the last one
        ``stood`` up and still watches it, ``unseated_seconds`` later (a host who stood up
        to choose another seat lost the table, and the friends with its invite found none)."""
        if self.status != TableStatus.WAITING or self.humans() > 0:
            return
        if stood is not None and stood in self.watchers:
            self._later("unseated", self.settings.unseated_seconds, self._close_unseated)
            return
        await self.close_unfinished()

    async def _close_unseated(self) -> None:
        self._timers.pop("unseated", None)
        if self.status == TableStatus.WAITING and self.humans() == 0:
            await self.close_unfinished()

    async def close_unfinished(self) -> None:
        """Close the table as it is: the game, if any, stays unfinished."""
        self._cancel_all()
        self.status = TableStatus.CLOSED
        await self._commit("closed", {})
        self._cancel_all()  # any the commit set
        self.services.removed(self.whole)

    async def _expire(self) -> None:
        self._timers.pop("expire", None)
        self._cancel_all()
        self.services.removed(self.whole)


def _with_ref(message: str, ref: str | int) -> str:
    """A message's JSON text with ``ref`` added."""
    return f'{message[:-1]},"ref":{dumps(ref)}}}'
