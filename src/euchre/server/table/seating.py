"""Who sits where: joining, watching, seats taken and given up, away and back, bots
seated by the players."""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

from euchre.store import FencedError
from euchre.store.names import skeleton

from ..auth import Identity, require_account
from ..botplay import check_level
from ..connection import Endpoint
from ..kinds import SeatKind, TableKind, TableStatus
from ..lookback import bot_name
from ..protocol import ProtocolError, no_table
from ..wire import dumps
from .parts import MAX_ARRIVALS, MAX_INVITED, WATCHERS_DELAY, Direct, Seat, log
from .publish import Publishing


class Seating(Publishing):
    """Seats and watchers."""

    async def join(
        self,
        conn: Endpoint,
        since: int | None,
        invited: bool,
        ref: str | int | None,
        take_over: bool = False,
    ) -> None:
        """Watch the table (taking back one's own seat, ``take_over``: even from another
        window or device of the person); sends a snapshot or missed events."""
        identity = conn.identity
        self._check_not_barred(identity.id)
        if invited:
            await self._remember_invited(identity.id)
        if not self.may_see(identity):
            raise no_table(self.id)
        index = self.seat_of(identity.id)
        direct = Direct(conn, since, ref)
        if index is not None and await self._bind(conn, index, direct, take_over=take_over):
            return
        if index is None:
            self._check_room_to_watch(conn)
            self._watch(conn, None)
            if self._announces_arrival(identity.id, invited):
                self.opened[identity.id] = identity.name  # the host hears a friend arrive
                await self._commit("arrived", {"name": identity.name}, direct=direct)
                return
        conn.send(self.snapshot(conn, self._missed(since, self.watchers.get(conn)), ref))

    def _check_room_to_watch(self, conn: Endpoint) -> None:
        """Every event goes to each spectator's socket, so a crowd of them slows the table
        for its players: past ``spectators_per_table`` no one more may watch. The players
        (their seats are theirs, spectators or not), the host and anyone already watching
        are never refused."""
        cap = self.settings.spectators_per_table
        if cap <= 0 or conn in self.watchers or conn.identity.id == self.host:
            return
        if self.spectators() >= cap:
            raise ProtocolError(
                "too_many_spectators",
                f"table {self.id} has as many spectators as it takes ({cap}): "
                "try again when someone has left",
            )

    def _announces_arrival(self, person: str, invited: bool) -> bool:
        """Whether someone opening a private table's invite is announced: once each, and
        only the first MAX_ARRIVALS (a flood of new guests must not fill the table's log)."""
        return (
            invited
            and self.kind == TableKind.PRIVATE
            and person not in self.opened
            and len(self.opened) < MAX_ARRIVALS
        )

    async def _remember_invited(self, person: str) -> None:
        """Someone opened the table with its invite: kept, so after a restart they can
        still reach it by id (at most MAX_INVITED people are kept)."""
        if person in self.invited or len(self.invited) >= MAX_INVITED:
            self.invited.add(person)
            return
        self.invited.add(person)
        try:
            await self.store.save(self.id, {"invited": sorted(self.invited)}, epoch=self.epoch)
        except FencedError:
            self.services.lost(self.whole)
            raise ProtocolError("unavailable", f"table {self.id} moved: try again") from None
        except Exception:  # the person is in for now; only a restart would forget them
            log.exception("could not store an invite's use", extra={"table": self.id})

    def _watch(self, conn: Endpoint, seat: int | None) -> None:
        spectator_before = conn in self.watchers and self.watchers[conn] is None
        host_before = self.host_here()
        self.watchers[conn] = seat
        conn.tables.add(self.id)
        if spectator_before != (seat is None) or host_before != self.host_here():
            self._watchers_changed()

    def _watchers_changed(self) -> None:
        """Spectators came or went: everyone hears the count (and at a private table who
        watches) shortly, once for a burst of comings and goings."""
        if "watchers" not in self._timers:
            self._later("watchers", WATCHERS_DELAY, self._tell_watchers)

    async def _tell_watchers(self) -> None:
        self._timers.pop("watchers", None)
        message: dict[str, Any] = {"type": "watchers", "table": self.id}
        message["spectators"] = self.spectators()
        if self.kind == TableKind.PRIVATE:
            message["watching"] = self.watching()
            message["host_here"] = self.host_here()
        text = dumps(message)
        for conn in self.watchers:
            conn.send_text(text)

    def _elsewhere(self, conn: Endpoint, index: int) -> Endpoint | None:
        """The other live connection the seat is bound to, if any."""
        other = self.seats[index].conn
        if other is not None and other is not conn and not other.closed:
            return other
        return None

    def _check_not_elsewhere(self, conn: Endpoint, index: int) -> None:
        if self._elsewhere(conn, index) is not None:
            raise _seat_in_use(index, self.id)

    def _claim(self, conn: Endpoint, index: int, take_over: bool) -> None:
        """Free the seat for ``conn`` from another connection of its person when that one
        is the same page come back (its old socket not yet seen dead), or the person asked
        to play here (``take_over``); otherwise another window or device keeps it."""
        other = self._elsewhere(conn, index)
        if other is None:
            return
        same_page = conn.page is not None and conn.page == other.page
        if conn.closed or not (same_page or take_over):
            raise _seat_in_use(index, self.id)
        log.info(
            "seat taken over",
            extra={"table": self.id, "seat": index, "same_page": same_page},
        )
        self.seats[index].conn = None
        self._unwatch(other)
        other.replaced()

    async def _bind(
        self,
        conn: Endpoint,
        index: int,
        direct: Direct,
        back: bool = False,
        take_over: bool = False,
    ) -> bool:
        """Bind the connection to its seat, taking it back from a bot unless the person
        stalled and only reopened the table (``back``: they said they are back); True
        when that sent the snapshot already."""
        seat = self.seats[index]
        self._claim(conn, index, take_over)
        keeps_bot = seat.stalled and not back
        bound = seat.conn is conn and self.watchers.get(conn) == index
        if bound and (keeps_bot or not seat.bot_playing):
            return False
        seat.conn = conn
        self._watch(conn, index)
        self._cancel(f"grace-{index}")
        self._cancel(f"away-{index}")
        self.departed.discard(index)
        if keeps_bot or (seat.unseen_away and not seat.bot_playing):
            seat.away = seat.unseen_away = False
        elif seat.away or seat.bot_playing:
            await self._returned(index, direct)
            return True
        self._wake_bots()  # no event says they are back (one would have woken the bots)
        return False

    async def _returned(self, index: int, direct: Direct) -> None:
        seat = self.seats[index]
        seat.away = seat.bot_playing = seat.left = seat.stalled = False
        seat.timeouts = 0
        await self._commit("returned", {"seat": index, "name": seat.name}, direct=direct)
        if index in self.awaiting:
            await self._answered(index)

    async def resync(self, conn: Endpoint, since: int | None, ref: str | int | None) -> None:
        if conn not in self.watchers:
            await self.join(conn, since, False, ref)
            return
        conn.send(self.snapshot(conn, self._missed(since, self.watchers[conn]), ref))

    async def sit(
        self, conn: Endpoint, wanted: int | None, invited: bool, ref: str | int | None = None
    ) -> int:
        """Take a seat (or take one's own seat back); the sitter gets a snapshot."""
        identity = conn.identity
        self._check_not_barred(identity.id)
        if invited:
            await self._remember_invited(identity.id)
        if not self.may_see(identity):
            raise no_table(self.id)
        if wanted is not None:
            self._check_seat_number(wanted)
        own = self.seat_of(identity.id)
        if own is not None:
            if wanted is not None and wanted != own and self.seats[own].left:
                raise ProtocolError(
                    "bad_state",
                    f"seat {own} stays yours until this game is over, a bot playing it: "
                    f"sit at seat {own} (or with no seat) to take it back",
                )
            if wanted is not None and wanted != own:
                raise ProtocolError("bad_state", f"you already sit at seat {own}: stand up first")
            if self.seats[own].left:
                self.count_seat_change(conn)
            if not await self._bind(conn, own, Direct(conn, None, ref), back=True):
                conn.send(self.snapshot(conn, None, ref))
            return own
        if self.kind == TableKind.RANKED:
            account = require_account(identity)
            if not await self.services.user_exists(account):
                raise ProtocolError("account_required", "your account no longer exists")
        index = self._free_seat(wanted)
        self.count_seat_change(conn)
        before = self.seats[index]
        since_deal = self._first_whole_deal()
        name = self._name_here(identity.name, index)
        self.seats[index] = Seat(
            user=identity.id,
            name=name,
            account=identity.account_id,
            conn=conn,
            since_deal=since_deal,
            since_version=self.version if since_deal else 0,
            since_step=len(self.state.record.steps) if since_deal and self.state else 0,
        )
        self._watch(conn, index)
        data = self._seated_data(index, name)
        if before.bot:
            data["bot"] = before.name  # the bot whose seat this was: "Cal takes over from ..."
        try:
            await self._commit("seated", data, direct=Direct(conn, None, ref))
        except ProtocolError:
            self.seats[index] = before  # the bot keeps the seat it had
            self.watchers[conn] = None
            raise
        await self._seat_taken_back(index)
        await self._after_seating()
        return index

    def _name_here(self, name: str, index: int) -> str:
        """``name`` as this table shows it at seat ``index``: a name another person here
        goes by already, or one that looks like it (``Bоb`` with a Cyrillic о beside Bob),
        gets a number ("Sam (2)"), so that the play and the score sheet tell the two apart
        (a bot's seat says it is a bot)."""
        taken = {
            skeleton(seat.name) for i, seat in enumerate(self.seats) if i != index and seat.user
        }
        if skeleton(name) not in taken:
            return name
        numbered = (f"{name} ({n})" for n in itertools.count(2))
        return next(other for other in numbered if skeleton(other) not in taken)

    async def _seat_taken_back(self, index: int) -> None:
        """Overridden by the rematch: a seat a bot took there has a person again."""

    def _seated_data(self, index: int, name: str) -> dict[str, Any]:
        """The "seated" event's fields (a rematch's first one says more: rematch.py)."""
        return {"seat": index, "name": name}

    def _first_whole_deal(self) -> int:
        """The first deal someone sitting down now plays from its start."""
        state = self.state
        if state is None or self.status != TableStatus.PLAYING:
            return 0
        return len(state.deals) - (0 if state.record.steps else 1)

    def _check_seat_number(self, index: int) -> None:
        if not 0 <= index < self.players:
            raise ProtocolError("bad_seat", f"this table has seats 0 to {self.players - 1}")

    def _free_seat(self, wanted: int | None, person: bool = True) -> int:
        if wanted is not None:
            self._check_seat_number(wanted)
        if self.status == TableStatus.FINISHED:
            raise ProtocolError("bad_state", "the game at this table is over")
        candidates = range(self.players) if wanted is None else (wanted,)
        for i in candidates:
            seat = self.seats[i]
            if seat.empty or (person and seat.bot and self._bot_gives_way(i)):
                return i
        if wanted is None:
            raise ProtocolError("full", f"table {self.id} is full")
        raise ProtocolError("seat_taken", f"seat {wanted} is taken")

    def _bot_gives_way(self, index: int) -> bool:
        """Whether a person may take this bot's seat: during the game (not ranked), and at
        a rematch still asking the others, the seat a bot took from someone who said no or
        missed the answer time (they come back for it)."""
        if self.kind == TableKind.RANKED:
            return False
        return self.status == TableStatus.PLAYING or (
            self.status == TableStatus.WAITING and index in self.declined
        )

    async def _after_seating(self) -> None:
        if self.status != TableStatus.WAITING or self.awaiting:
            return
        if self.free_seats() == 0 and self.kind != TableKind.PRIVATE:
            await self._start_game()
        elif self.kind == TableKind.CASUAL and self.humans() > 0 and "fill" not in self._timers:
            self._later("fill", self.settings.fill_seconds, self._fill_timeout)

    async def stand(self, conn: Endpoint) -> None:
        """Give up one's seat: free it before the game, hand it to a bot during it. After
        the game the seats stay as they were played (the stored game names its players)."""
        index = self._own_seat(conn)
        if self.status == TableStatus.FINISHED:
            raise ProtocolError(
                "bad_state",
                "the game at this table is over: its seats stay as played (leave instead)",
            )
        self.count_seat_change(conn)
        await self._vacate(index, conn)

    def count_seat_change(self, conn: Endpoint, refuse: bool = True) -> None:
        """Count a seat change to be stored, refused (``rate_limited``) past the person's
        ``seat_changes_per_minute``: sitting and standing, moving seats or bots in a loop
        stored a row each time, kept for ever. Leaving is never refused (``refuse``
        false), but counts: the seat is taken back by a counted ``sit``."""
        changes, person, now = self.services.seat_changes, conn.identity.id, time.monotonic()
        wait = changes.wait(person, now)
        if wait > 0 and refuse:
            most = self.settings.seat_changes_per_minute
            raise ProtocolError(
                "rate_limited",
                f"seats change at most {most} times a minute: wait {max(wait, 0.1):.1f} s",
                retry_after=wait,
            )
        changes.add(person, now)

    def _own_seat(self, conn: Endpoint) -> int:
        index = self.seat_of(conn.identity.id)
        if index is None:
            raise ProtocolError("not_seated", f"you have no seat at table {self.id}")
        self._check_not_elsewhere(conn, index)
        return index

    async def _vacate(self, index: int, stood: Endpoint | None = None) -> None:
        seat = self.seats[index]
        conn = seat.conn
        if conn is not None and conn in self.watchers:
            self._watch(conn, None)
        if self.status == TableStatus.PLAYING:
            seat.conn, seat.away, seat.bot_playing, seat.left = None, True, True, True
            await self._commit("bot_playing", {"seat": index, "name": seat.name})
            return
        await self._emptied(index, seat.name, stood)

    async def _emptied(self, index: int, name: str, stood: Endpoint | None = None) -> None:
        """Before the game: the seat is free again (at a rematch, the finished game hears
        that no one else holds it)."""
        self.seats[index] = Seat()
        await self._commit("stood", {"seat": index, "name": name})
        self.services.rematch_news(self.whole)
        await self._maybe_close(stood)

    async def leave(self, conn: Endpoint) -> None:
        """Stop watching, and give up one's seat: from the connection that holds it, or
        from anywhere (the lobby's list of one's tables) while no connection holds it. A
        second tab that only watches leaves its seat to the tab that holds it."""
        index = self.seat_of(conn.identity.id)
        self._unwatch(conn)  # first: the one leaving hears only ``left``, and watches nothing
        if (
            index is not None
            and not self.seats[index].left
            and self.seats[index].conn in (conn, None)
        ):
            if self.status != TableStatus.FINISHED:
                self.count_seat_change(conn, refuse=False)
            await self._give_up(index)
            self._note_if_alone()
        await self._close_if_deserted()

    async def _give_up(self, index: int) -> None:
        """The seat's person leaves it: free before the game, a bot's during it, and after
        it a "no" to playing again."""
        if self.status == TableStatus.FINISHED:
            await self._gone(index, at_once=True)
            self._departed(index)
        else:
            await self._vacate(index)

    async def forsaken(self, person: str) -> None:
        """``person`` will never come back (their account was deleted, or the guest logged
        in as an account that sits here too): they leave their seat as if they had left
        the table; the game closes if no one else plays it."""
        index = self.seat_of(person)
        if index is not None:
            await self._give_up(index)
            await self._close_if_deserted()

    def _unwatch(self, conn: Endpoint) -> None:
        if conn in self.watchers:
            spectator = self.watchers.pop(conn) is None
            if spectator or conn.identity.id == self.host:  # the host gone: anyone may start
                self._watchers_changed()
        conn.tables.discard(self.id)

    async def disconnected(self, conn: Endpoint) -> None:
        """The connection is gone: the seat is kept for the grace period."""
        self._unwatch(conn)
        for index, seat in enumerate(self.seats):
            if seat.conn is conn:
                self._keep_seat_while_away(index)
                await self._gone(index)
        self._note_if_alone()
        await self._close_if_deserted()

    def _note_if_alone(self) -> None:
        """No person is connected any more: the bots' unattended wait starts, and the
        wait before the game closes as abandoned."""
        if self.person_connected():
            return
        if self._alone_since is None:
            self._alone_since = time.monotonic()
        self.close_abandoned_later()

    def _keep_seat_while_away(self, index: int) -> None:
        """The seat stays its person's while they are away: a grace period, or at a
        private table not yet started ``waiting_table_seconds``, since a host on a phone
        loses the connection while sending the invite from another app, and the friend
        who opens it must still find the table."""
        waiting_private = self.kind == TableKind.PRIVATE and self.status == TableStatus.WAITING
        settings = self.settings
        keep = settings.waiting_table_seconds if waiting_private else settings.grace_seconds
        self._later(f"grace-{index}", keep, self._grace_over, index)

    def _grace_from_start(self) -> None:
        """The game started with people away: a bot plays for them within the usual grace
        period from now, not after the longer wait of a private table not yet started."""
        now = asyncio.get_running_loop().time()
        for index in range(self.players):
            handle = self._timers.get(f"grace-{index}")
            if handle is not None and handle.when() - now > self.settings.grace_seconds:
                self._later(f"grace-{index}", self.settings.grace_seconds, self._grace_over, index)

    def close_abandoned_later(self) -> None:
        """Close this game if no person comes back to it within ``abandoned_seconds`` of
        the last one going (or of a restart): kept, it held its memory and was reloaded
        after every restart for ever. Not a ranked game: its bots play it to its end."""
        wait = self.settings.abandoned_seconds
        if wait > 0 and self.kind != TableKind.RANKED:
            self._later("abandoned", wait, self._close_if_abandoned)

    async def _close_if_abandoned(self) -> None:
        self._timers.pop("abandoned", None)
        if self.status == TableStatus.PLAYING and not self.person_connected():
            await self.close_unfinished()

    async def _close_if_deserted(self) -> None:
        """Every person has given up their seat in a game of bots and gone: no one will
        come back to it, so it closes (unfinished, unrated) rather than being kept and
        reloaded after every restart. One who stood up and still watches keeps it going."""
        if self.status != TableStatus.PLAYING or self.kind == TableKind.RANKED:
            return
        people = [seat for seat in self.seats if seat.user]
        watching = {conn.identity.id for conn in self.watchers}
        if all(seat.left and seat.user not in watching for seat in people):
            await self.close_unfinished()

    async def _gone(self, index: int, at_once: bool = False) -> None:
        """The seat's person is away; the seat stays theirs. The others hear it after
        ``away_seconds`` if they are still away (not ``at_once``, when they left): a
        connection lost and found again at once is no news, and reconnecting in a loop
        stored an "away" and a "returned" each time."""
        seat = self.seats[index]
        seat.conn, seat.away = None, True
        wait = self.settings.away_seconds
        if wait > 0 and not at_once and not seat.bot_playing:
            seat.unseen_away = True
            self._later(f"away-{index}", wait, self._tell_away, index)
            return
        # one who left (at_once) is told as such: "lost the connection" read as a fault
        left: dict[str, Any] = {"left": True} if at_once else {}
        await self._commit("away", {"seat": index, "name": seat.name, **left})

    async def _tell_away(self, index: int) -> None:
        """The person did not come back within ``away_seconds``: the others hear it."""
        self._timers.pop(f"away-{index}", None)
        seat = self.seats[index]
        if seat.away and seat.unseen_away and seat.conn is None:
            seat.unseen_away = False
            await self._commit("away", {"seat": index, "name": seat.name})

    async def _grace_over(self, index: int) -> None:
        self._timers.pop(f"grace-{index}", None)
        seat = self.seats[index]
        if not seat.away or seat.conn is not None or seat.bot_playing:
            return
        if f"away-{index}" in self._timers:  # a grace shorter than the wait: away first
            self._cancel(f"away-{index}")
            await self._tell_away(index)
        seat.unseen_away = False  # gone for good: what follows tells the others
        if self.status == TableStatus.PLAYING:
            seat.bot_playing = True
            await self._commit("bot_playing", {"seat": index, "name": seat.name})
        elif self.status == TableStatus.WAITING:
            await self._emptied(index, seat.name)
        elif self.status == TableStatus.FINISHED:
            self._departed(index)

    def _departed(self, index: int) -> None:
        """The person left this finished game (or did not come back in the grace period):
        a "play again" still waiting for their answer takes it as a no."""
        self.departed.add(index)
        person = self.seats[index].user
        if self.rematch is not None and person:
            self.services.rematch_left(self.rematch, person)

    async def adopt(self, old: str, identity: Identity) -> bool:
        """A guest became an account: their seat (and hosting) moves to the account."""
        index = self.seat_of(old)
        if index is None:
            return False
        if self.seat_of(identity.id) is not None:
            # The account sits here already: the guest's seat has no one now (its pages
            # are the account's and watch on), so it is left, as if the guest had left.
            await self.forsaken(old)
            return False
        seat, host = self.seats[index], self.host
        before = (seat.user, seat.name, seat.account)
        name = self._name_here(identity.name, index)
        seat.user, seat.name, seat.account = identity.id, name, identity.account_id
        if host == old:
            self.host = identity.id
        try:
            await self._commit("renamed", {"seat": index, "name": name})
        except ProtocolError:
            (seat.user, seat.name, seat.account), self.host = before, host
            raise
        if old in self.invited:
            self.invited.add(identity.id)
        return True

    def _check_manager(self, conn: Endpoint) -> None:
        identity = conn.identity
        if self.kind == TableKind.RANKED:
            raise ProtocolError("forbidden", "ranked tables are for people only: no bots")
        if self.kind == TableKind.PRIVATE and identity.id != self.host:
            raise ProtocolError("forbidden", "only the host of a private table manages its bots")
        if self.kind == TableKind.CASUAL and self.seat_of(identity.id) is None:
            raise ProtocolError("forbidden", "sit at the table first")

    async def add_bot(self, conn: Endpoint, wanted: int | None, level: str | None) -> int:
        """Put a bot in an empty seat (private: the host; casual: anyone seated)."""
        self._check_manager(conn)
        if self.status != TableStatus.WAITING:
            raise ProtocolError("bad_state", "bots can be added only before the game starts")
        chosen = check_level(level) if level else self.bot_level
        index = self._free_seat(wanted, person=False)
        self.count_seat_change(conn)
        self.seats[index] = Seat(bot=chosen, name=bot_name(s.name for s in self.seats))
        try:
            name = self.seats[index].name
            await self._commit("bot_seated", {"seat": index, "level": chosen, "name": name})
        except ProtocolError:
            self.seats[index] = Seat()
            raise
        await self._after_seating()
        return index

    async def remove_bot(self, conn: Endpoint, index: int) -> None:
        self._check_manager(conn)
        if self.status != TableStatus.WAITING:
            raise ProtocolError("bad_state", "bots can be removed only before the game starts")
        self._check_seat_number(index)
        if self.seats[index].kind != SeatKind.BOT:
            raise ProtocolError("bad_seat", f"there is no bot at seat {index}")
        self.count_seat_change(conn)
        bot = self.seats[index]
        self.seats[index] = Seat()
        try:
            await self._commit("stood", {"seat": index, "name": bot.name, "bot": True})
        except ProtocolError:
            self.seats[index] = bot
            raise

    async def remove_player(self, conn: Endpoint, index: int) -> None:
        """The host of a private table takes a person off it before the game (one who
        came by a passed-on invite, say): the seat is free, and they may not come back."""
        if self.kind != TableKind.PRIVATE or conn.identity.id != self.host:
            raise ProtocolError("forbidden", "only the host of a private table takes people off it")
        if self.status != TableStatus.WAITING:
            raise ProtocolError("bad_state", "people can be taken off only before the game starts")
        self._check_seat_number(index)
        seat = self.seats[index]
        if seat.kind != SeatKind.HUMAN or seat.user is None:
            raise ProtocolError("bad_seat", f"no person sits at seat {index}")
        if seat.user == self.host:
            raise ProtocolError("bad_seat", "the host cannot take themselves off: leave instead")
        self.count_seat_change(conn)
        person = seat.user
        self.seats[index] = Seat()
        self.barred.add(person)
        data = {"seat": index, "name": seat.name, "removed": True, "user": person}
        try:
            await self._commit("stood", data)
        except ProtocolError:
            self.seats[index] = seat
            self.barred.discard(person)
            raise
        for timer in (f"grace-{index}", f"away-{index}"):
            self._cancel(timer)
        for other in [c for c in self.watchers if c.identity.id == person]:
            self._unwatch(other)

    def _check_not_barred(self, person: str) -> None:
        if person in self.barred:
            raise ProtocolError(
                "taken_off", "the host took you off this table: it is not open to you"
            )

    def _check_bot_game(self) -> None:
        if any(seat.bot or seat.empty for seat in self.seats):
            self.services.check_bot_game()

    def _fill_with_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.empty:
                self.seats[i] = Seat(bot=self.bot_level, name=bot_name(s.name for s in self.seats))

    async def _fill_timeout(self) -> None:
        self._timers.pop("fill", None)
        if (
            self.status == TableStatus.WAITING
            and self.humans() > 0
            and self.kind == TableKind.CASUAL
        ):
            try:
                self._check_bot_game()
            except ProtocolError:  # no room for another bot game: wait for people
                self._later("fill", self.settings.fill_seconds, self._fill_timeout)
                return
            self._fill_with_bots()
            await self._start_game()


def _seat_in_use(index: int, table_id: str) -> ProtocolError:
    return ProtocolError(
        "seat_in_use",
        f"your seat {index} at table {table_id} is already connected from another "
        'window or device; close that one first, or join with "take_over": true',
    )
