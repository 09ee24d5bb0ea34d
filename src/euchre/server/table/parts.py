"""The values a table is made of: its services, seats, set-up and mail."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from euchre.engine import Match, Variant, VariantError, preset
from euchre.engine.cards import CARD_TEXT
from euchre.store import Repository

from ..botplay import BotPool
from ..config import Settings
from ..connection import Endpoint
from ..kinds import SeatKind, TableKind
from ..limits import Attempts
from ..metrics import Metrics
from ..reviews import Reviews

if TYPE_CHECKING:
    from . import Table

log = logging.getLogger("euchre.table")

MAX_INVITED = 256  # people kept per table as having used its invite
MAX_ARRIVALS = 24  # people a private table announces as having opened its invite
WATCHERS_DELAY = 0.5  # seconds: one message for a burst of spectators coming and going
TIME_UP = "time_up"  # the stored action that says a timed game's time ran out

Job = Callable[..., Awaitable[Any]]


@dataclass(slots=True)
class Services:
    """What a table needs from the server around it."""

    settings: Settings
    store: Repository
    bots: BotPool
    metrics: Metrics
    bots_default: str  # bot level when a table names none
    changed: Callable[[Table], None]  # the lobby's summary of a table changed
    removed: Callable[[Table], None]  # the table is gone from memory
    user_exists: Callable[[int], Awaitable[bool]]
    finished: Callable[[Table], None] = lambda _table: None  # the game is over (results)
    # Whether this instance surely still owns its tables (with Redis: its leases were
    # renewed recently enough); a change is refused rather than stored by a stale owner.
    owned: Callable[[], bool] = lambda: True
    # Raises when this instance may run no more games with bots (server/quotas.py).
    check_bot_game: Callable[[], None] = lambda: None
    # Another instance took the table over (a write was fenced off): drop it here.
    lost: Callable[[Table], None] = lambda _table: None
    reviews: Reviews | None = None  # the coach's hand reviews (None: not offered)
    # A "play again" table's bots took seats kept for people: tell the finished table.
    rematch_news: Callable[[Table], None] = lambda _table: None
    # (rematch table id, person) a person left the finished game the rematch waits for.
    rematch_left: Callable[[str, str], None] = lambda _table_id, _person: None
    # Each person's seat changes stored lately (``Seating.count_seat_change``).
    seat_changes: Attempts = field(init=False)

    def __post_init__(self) -> None:
        self.seat_changes = Attempts(self.settings.seat_changes_per_minute, 60.0)


@dataclass(slots=True)
class Seat:
    """A seat: empty, a bot, or a person (who may be away, with a bot playing for them)."""

    user: str | None = None
    name: str = ""
    account: int | None = None
    bot: str | None = None  # level of a bot seat (no person)
    conn: Endpoint | None = None
    away: bool = False
    bot_playing: bool = False
    # The person gave the seat up during the game (stand or leave): a bot plays it, and it
    # is no longer among their tables (server/quotas.py) until they take it back.
    left: bool = False
    # Turns in a row the turn timer moved for the person (a bot plays for them at
    # ``stall_timeouts``, until they take the seat back).
    timeouts: int = 0
    # The timer moved for them ``stall_timeouts`` times: a bot plays until they say they
    # are back (``sit``) or move; opening the table again (a reload, a reconnect, a restart
    # of the server) is not enough, as an idle tab does that by itself.
    stalled: bool = False
    # The first deal this person played from its start (a bot's seat taken over part way
    # through a game): the coach reviews no earlier deal of the seat for them, as it would
    # show what the bot held and discarded.
    since_deal: int = 0
    # Taken part way through a deal: the table's version then, and the steps of that deal
    # already taken. What came before (the discard of the one who sat here, a card they
    # were given) the person sees as a spectator does.
    since_version: int = 0
    since_step: int = 0
    # Away only as this instance brought the table back (a restart, a takeover): no one
    # was told, so the others see the person as connected, and their coming back is no news.
    unseen_away: bool = False

    @property
    def kind(self) -> SeatKind:
        return SeatKind.HUMAN if self.user else SeatKind.BOT if self.bot else SeatKind.EMPTY

    @property
    def empty(self) -> bool:
        return self.user is None and self.bot is None

    def stored(self) -> dict[str, Any]:
        stored = {"user": self.user, "name": self.name, "account": self.account, "bot": self.bot}
        if self.left:
            stored["left"] = True
        if self.stalled:
            stored["stalled"] = True
        if not self.since_deal:
            return stored
        since = {"since_version": self.since_version, "since_step": self.since_step}
        return {**stored, "since_deal": self.since_deal, **since}

    def public(self, index: int, host: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": index, "type": self.kind, "name": self.name}
        if self.bot:
            out["level"] = self.bot
        if self.user:
            out["account"] = self.account is not None
            out["connected"] = self.conn is not None or self.unseen_away
            out["bot_playing"] = self.bot_playing
            out["left"] = self.left
            out["host"] = self.user == host
        return out


def stored_players(seats: list[Any]) -> dict[str, Any]:
    """A stored game's ``players`` (names by seat) and ``bots`` (which seats bots held)."""
    stored = [s if isinstance(s, dict) else {} for s in seats]
    return {
        "players": [str(s.get("name", "")) for s in stored],
        "bots": [bool(s.get("bot")) and not s.get("user") for s in stored],
    }


def restored_seat(raw: Any) -> Seat:
    if not isinstance(raw, dict):
        return Seat()
    user, bot = raw.get("user"), raw.get("bot")
    left, stalled = bool(user) and bool(raw.get("left")), bool(user) and bool(raw.get("stalled"))
    return Seat(
        user=user,
        name=str(raw.get("name", "")),
        account=raw.get("account"),
        bot=bot,
        away=bool(user),
        bot_playing=left or stalled,
        left=left,
        stalled=stalled,
        since_deal=int(raw.get("since_deal") or 0),
        since_version=int(raw.get("since_version") or 0),
        since_step=int(raw.get("since_step") or 0),
    )


@dataclass(slots=True)
class TableSpec:
    """How a table is set up when it is created."""

    kind: TableKind
    variant: Variant
    preset: str
    turn_seconds: float
    bot_level: str
    host: str | None = None
    summary_seconds: float = 3.0  # the pause after each hand (0: none)
    hints: bool = True  # the coach may be asked (never at ranked tables)
    match: Match | None = None  # the match this game continues (laps, slam, rubber)


@dataclass(frozen=True, slots=True)
class Creator:
    """Who opened a table: the person, and the digest of the address their table limits
    count under ("": an address the limits leave out)."""

    person: str
    address: str


@dataclass(slots=True)
class Clock:
    seat: int
    seconds: float
    deadline: float
    # The game's last action when the clock started (``Table.moved_at``): until the next
    # one the turn is the same, and other events (away, back, chat...) keep its deadline.
    since: float = 0.0


@dataclass(frozen=True, slots=True)
class Direct:
    """The connection that asked for a change: it gets a snapshot instead of the event."""

    conn: Endpoint
    since: int | None
    ref: str | int | None


@dataclass(slots=True)
class Mail:
    job: Job
    args: tuple[Any, ...]
    future: asyncio.Future[Any] | None = None


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


def deck_text(deck: bytes | Sequence[int]) -> str:
    return " ".join(CARD_TEXT[c] for c in deck)


def house_rules(variant: Variant, preset_name: str) -> dict[str, Any]:
    """The options a table changed from its preset (from Standard, for a preset no longer
    known), as plain JSON values: what a player joining it must be told first."""
    try:
        base = preset(preset_name)
    except VariantError:
        base = Variant()
    return variant.changes_from(base)
