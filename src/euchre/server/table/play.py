"""The game: starting it, the players' actions (applied, stored, published), the game
clock, the end of the game, and the coach's hints and reviews."""

from __future__ import annotations

import time
from typing import Any

from euchre.engine import GameState, IllegalActionError
from euchre.engine.actions import Action
from euchre.engine.explain import explain_illegal
from euchre.engine.records import export_egn
from euchre.engine.steps import Step
from euchre.store import StoredAction
from euchre.store.repo import utcnow

from .. import coaching
from ..connection import Endpoint
from ..kinds import TableKind, TableStatus
from ..lookback import Pause, trick_seen
from ..protocol import ProtocolError
from ..reviews import answer_review, review_request
from .parts import TIME_UP, deck_text, log
from .rebuild import action_data, before_last_step, redeals
from .reseat import Reseating


def exact_action(state: GameState, text: str) -> None:
    """Only the ``legal`` list's spelling of an action is taken: another spelling of a legal
    action is ``illegal``, naming the one spelling; one of an action not allowed now is
    ``illegal`` with what is allowed. A text that is no action at all is left to the
    engine, which says what is allowed."""
    try:
        action = Action.parse(text)
    except ValueError:
        return
    if action.text == text:  # the one spelling: the engine takes it, or says why not
        return
    if action.text in state.legal_actions():
        raise ProtocolError(
            "illegal",
            f"{text[:64]!r} is not how actions are written: send {action.text!r}, exactly as "
            "your state's legal list writes it",
        )
    raise ProtocolError("illegal", _not_allowed_words(state, text[:64], action))


def _not_allowed_words(state: GameState, text: str, action: Action) -> str:
    reason = explain_illegal(state, action.id)
    general = f"{action.text!r} is not allowed now "
    if reason.startswith(general):  # it names the phase and lists what is allowed
        return f"{text!r} is not allowed now {reason.removeprefix(general)}"
    return f"{text!r} is not allowed now: {reason}; legal now: {', '.join(state.legal_actions())}"


class Play(Reseating):
    """The game at the table."""

    async def start(self, conn: Endpoint) -> None:
        """Start the game now; empty seats get bots (not at ranked tables)."""
        identity = conn.identity
        if self.status != TableStatus.WAITING:
            raise ProtocolError("bad_state", f"the game has already {self._status_words()}")
        if identity.id != self.host and (self.host_here() or self.seat_of(identity.id) is None):
            raise ProtocolError("forbidden", "only the host starts the game")
        if self.kind == TableKind.RANKED and self.free_seats():
            raise ProtocolError("bad_state", "a ranked game starts when every seat is taken")
        if self.humans() == 0:
            raise ProtocolError(
                "bad_state", "no one sits at this table: sit first (bots take the empty seats)"
            )
        self._check_bot_game()
        self._fill_with_bots()
        await self._start_game()

    def _status_words(self) -> str:
        return "finished" if self.status == TableStatus.FINISHED else "started"

    async def _start_game(self) -> None:
        self._cancel("fill")
        match = self.match
        # no seed: the operating system's secure shuffle
        state = GameState(
            self.variant,
            scores=None if match is None else match.carried,
            mcevoy_used=0 if match is None else match.mcevoy_used,
        )
        self.state, self.status, self.started_at = state, TableStatus.PLAYING, utcnow()
        self.moved_at = time.monotonic()
        self.first_dealer = state.deals[0].dealer
        self.seq, self.decks_saved = 0, len(state.deals)
        decks = [(d.number, deck_text(d.deck)) for d in state.deals]
        values = {
            **self._game_values(),
            "first_dealer": self.first_dealer,
            "started_at": self.started_at,
            "scores": list(state.scores),
        }
        try:
            started = {"dealer": state.dealer, "redeals": redeals(state)}
            started["names"] = [seat.name for seat in self.seats]  # who plays (bots too)
            await self._commit("started", started, values=values, decks=decks)
        except ProtocolError:
            self.state, self.status, self.started_at = None, TableStatus.WAITING, None
            raise
        log.info("game started", extra={"table": self.id, "variant": self.variant.name})
        self._grace_from_start()
        self._schedule_game_clock()

    async def act(self, conn: Endpoint, action: str, expected: int | None) -> None:
        """A player's action for their own seat."""
        index = self._own_seat(conn)
        if self.seats[index].conn is not conn:
            raise ProtocolError("not_seated", "join the table with this connection first")
        if expected is not None and expected != self.version:
            raise ProtocolError(
                "stale", f"the table is at version {self.version}, not {expected}: resync"
            )
        pause = self.pause
        self.pause = None  # playing is continuing
        try:
            await self._play(index, action, "player")
        except ProtocolError:
            self.pause = pause
            raise
        seat = self.seats[index]
        seat.timeouts = 0
        if seat.bot_playing:  # they moved before the bot playing for them did: back
            await self._back_from_bot(index)

    async def _back_from_bot(self, index: int) -> None:
        """The seat is its person's again. Their action is stored and answered already: a
        failure to store the return is logged, never a second answer to the one request;
        the seat stays the bot's, as stored, and their next move tries again."""
        seat = self.seats[index]
        before = seat.bot_playing, seat.stalled
        seat.bot_playing = seat.stalled = False
        try:
            await self._commit("returned", {"seat": index, "name": seat.name})
        except ProtocolError as exc:
            seat.bot_playing, seat.stalled = before
            log.warning(
                "could not store a seat's return from its bot: %s",
                exc.message,
                extra={"table": self.id, "seat": index},
            )

    async def proceed(self, conn: Endpoint) -> None:
        """A person is done with the hand summary; when all are, the next deal goes on."""
        index = self._own_seat(conn)
        pause = self.pause
        if pause is None:  # ended already (its time ran out): no error, unless no deal is next
            self._playing_state()
            return
        user = self.seats[index].user
        if user is not None:
            pause.proceed(user)
        if pause.over():
            self.pause = None
            self._start_after_pause()

    async def _play(self, seat: int, action: str, by: str) -> None:
        started = time.perf_counter()
        state = self._playing_state()
        to_act = state.current_player
        if seat != to_act:
            raise ProtocolError("not_your_turn", self._turn_words(seat, to_act))
        if by == "player":  # bots and the clock write the one spelling
            exact_action(state, action)
        try:
            step = state.apply(action, seat=seat)
        except IllegalActionError as exc:
            raise ProtocolError("illegal", str(exc)) from None
        try:
            await self._commit_action(state, step, by)
        except BaseException:
            self.state = before_last_step(state)  # not stored, so not done
            raise
        self.moved_at = time.monotonic()
        self.services.metrics.actions.labels(by).inc()
        self.services.metrics.latency.observe(time.perf_counter() - started)

    def _playing_state(self) -> GameState:
        if self.status != TableStatus.PLAYING or self.state is None:
            words = {TableStatus.WAITING: "has not started", TableStatus.FINISHED: "is over"}.get(
                self.status, "closed"
            )
            raise ProtocolError("bad_state", f"the game at table {self.id} {words}")
        return self.state

    def _turn_words(self, seat: int, to_act: int | None) -> str:
        if to_act is None:
            return "the game is over"
        return f"it is seat {to_act}'s turn ({self.seats[to_act].name}), not seat {seat}'s"

    async def _commit_action(self, state: GameState, step: Step, by: str) -> None:
        decks = [(d.number, deck_text(d.deck)) for d in state.deals[self.decks_saved :]]
        stored = StoredAction(self.seq + 1, step.seat, step.action.text, by, self.version + 1)
        values: dict[str, Any] = {}
        if step.end is not None:
            values["scores"] = list(state.scores)
            if not state.game_over and self.summary_seconds > 0:
                self.pause = Pause.after_hand(self.summary_seconds, self._people_here())
        self.last_trick = trick_seen(step, state) or self.last_trick
        if state.game_over:
            values.update(self._finish_values(state))
            self.status, self.finished_at = TableStatus.FINISHED, values["finished_at"]
        try:
            await self._commit(
                "action",
                action_data(by, step, state),
                values=values,
                decks=decks,
                actions=[stored],
                step=step,
                # a deal-limited game's count of deals left moves with each deal's end
                with_info=state.game_over
                or (step.end is not None and bool(self.variant.deal_limit)),
            )
        except ProtocolError:
            self.status, self.finished_at, self.pause = TableStatus.PLAYING, None, None
            raise
        self.seq += 1
        self.decks_saved = len(state.deals)
        if step.end is not None:
            self._review_soon(step.end.deals[0].number)
        if state.game_over:
            self._game_finished()

    def _people_here(self) -> list[str]:
        return [s.user for s in self.seats if s.user and s.conn is not None and not s.bot_playing]

    def _finish_values(self, state: GameState) -> dict[str, Any]:
        finished = utcnow()
        names = [s.name for s in self.seats]
        try:
            bots = {seat: s.bot for seat, s in enumerate(self.seats) if s.bot and not s.user}
            record: dict[str, Any] | None = export_egn(
                state, players=names, game_id=self.id, date=finished, bots=bots
            )
        except Exception:  # the game is over all the same; its actions stay stored
            log.exception("could not export the record", extra={"table": self.id})
            record = None
        return {
            "status": TableStatus.FINISHED,
            "winner": state.winner,
            "finished_at": finished,
            "record": record,
        }

    def _game_finished(self) -> None:
        log.info("game finished", extra={"table": self.id})
        self.services.metrics.games_finished.inc()
        self.services.finished(self.whole)
        self._cancel("game-clock")
        self._later("expire", self.settings.finished_ttl, self._expire)

    def _schedule_game_clock(self) -> None:
        left = self.game_time_left()
        if left is not None:
            self._later("game-clock", left, self._time_up)

    async def _time_up(self) -> None:
        self._timers.pop("game-clock", None)
        state = self.state
        if self.status != TableStatus.PLAYING or state is None or state.time_up:
            return
        stored = StoredAction(self.seq + 1, -1, TIME_UP, "clock", self.version + 1)
        await self._commit("time_up", {}, actions=[stored])
        state.signal_time_up()  # after it is stored: a failed save leaves the game untimed
        self.seq += 1

    async def hint(self, conn: Endpoint, ref: str | int | None = None) -> None:
        """The coach's advice for the requester's turn, sent to them when it is ready."""
        view = coaching.hint_view(self.whole, conn)
        self._spawn(coaching.answer_hint(self.hints_memo, conn, view, self.version, ref))

    async def review(self, conn: Endpoint, deal: int, ref: str | int | None = None) -> None:
        """The coach's review of the requester's decisions in a finished deal."""
        reviews = self.services.reviews
        if reviews is None:
            raise ProtocolError("unavailable", "this server does not review hands")
        seat = review_request(self.whole, conn, deal)
        self._spawn(answer_review(reviews, self.id, conn, deal, seat, ref))

    def _review_soon(self, deal: int) -> None:
        reviews = self.services.reviews
        if reviews is None or not self.settings.reviews_after_hand:
            return
        if self.kind == TableKind.RANKED:
            return  # reviewed once the game is over, when asked
        people = {i: seat.user for i, seat in enumerate(self.seats) if seat.user}
        reviews.soon(self.id, deal, people)
