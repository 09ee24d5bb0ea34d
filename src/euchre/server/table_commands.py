"""What a client asks of a table, as typed values.

The gateway builds one command from each validated wire message; the lobby carries it to
the table's owner (over the bus as JSON when another instance plays the table) and
:func:`perform` runs it in the table's actor, calling the table's public method for it.
Chat requests go to the chat with the table instead (:data:`ChatCommand`).
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .protocol import ProtocolError

if TYPE_CHECKING:
    from .connection import Endpoint
    from .table import Table

Ref = str | int | None


@dataclass(frozen=True, slots=True)
class Join:
    """Watch the table, taking back one's own seat (``invited``: came by its invite;
    ``take_over``: from another window or device of the person that holds it now)."""

    since: int | None = None
    invited: bool = False
    ref: Ref = None
    take_over: bool = False


@dataclass(frozen=True, slots=True)
class Resync:
    since: int | None = None
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Sit:
    seat: int | None = None
    invited: bool = False
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Stand:
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Leave:
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class AddBot:
    seat: int | None = None
    level: str | None = None
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class RemoveBot:
    seat: int
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    seat: int
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Move:
    """Move to another seat before the game (``seat``: the empty seat to move to)."""

    seat: int
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Swap:
    """The host swaps two seats before the game."""

    first: int
    second: int
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Start:
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Act:
    action: str
    version: int | None = None
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Proceed:
    """Done with the hand summary (the wire's ``continue``)."""

    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Decline:
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Hint:
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Review:
    deal: int
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class PlayAgain:
    """Play this finished game again (run by the lobby where the game is played, as it
    opens the new table: ``euchre.server.rematch``)."""

    ref: Ref = None


@dataclass(frozen=True, slots=True)
class Disconnected:
    """The client's connection is gone (not a client request: the gateway's cleanup)."""


@dataclass(frozen=True, slots=True)
class Say:
    """A chat line at the table: typed ``text`` or a ``preset``."""

    text: str | None = None
    preset: str | None = None
    ref: Ref = None


@dataclass(frozen=True, slots=True)
class ReadChat:
    """The recent chat lines of the asker's channel at the table."""

    ref: Ref = None


TableCommand = (
    Join
    | Resync
    | Sit
    | Stand
    | Leave
    | AddBot
    | RemoveBot
    | RemovePlayer
    | Move
    | Swap
    | Start
    | Act
    | Proceed
    | Decline
    | Hint
    | Review
    | Disconnected
)
ChatCommand = Say | ReadChat
Command = TableCommand | ChatCommand | PlayAgain

# Commands whose answer is the event they cause: the asker's copy carries the ``ref``.
ANSWERED_BY_EVENT = (Stand, AddBot, RemoveBot, RemovePlayer, Move, Swap, Start, Act)

_Sent = TypeVar("_Sent")

_BY_NAME: dict[str, type[Command]] = {cls.__name__: cls for cls in typing.get_args(Command)}


async def perform(table: Table, conn: Endpoint, command: TableCommand) -> Any:
    """Run ``command`` for ``conn`` at ``table`` (in the table's actor)."""
    if isinstance(command, ANSWERED_BY_EVENT) and command.ref is not None:
        with table.answering(conn, command.ref):
            return await _call(table, conn, command)
    return await _call(table, conn, command)


async def _call(table: Table, conn: Endpoint, command: TableCommand) -> Any:
    match command:
        case Join(since=since, invited=invited, ref=ref, take_over=take_over):
            return await table.join(conn, since, invited, ref, take_over)
        case Resync(since=since, ref=ref):
            return await table.resync(conn, since, ref)
        case Sit(seat=seat, invited=invited, ref=ref):
            return await table.sit(conn, seat, invited, ref)
        case Stand():
            return await table.stand(conn)
        case Leave():
            return await table.leave(conn)
        case AddBot(seat=seat, level=level):
            return await table.add_bot(conn, seat, level)
        case RemoveBot(seat=seat):
            return await table.remove_bot(conn, seat)
        case RemovePlayer(seat=seat):
            return await table.remove_player(conn, seat)
        case Move(seat=seat):
            return await table.move(conn, seat)
        case Swap(first=first, second=second):
            return await table.swap(conn, first, second)
        case Start():
            return await table.start(conn)
        case Act(action=action, version=version):
            return await table.act(conn, action, version)
        case Proceed():
            return await table.proceed(conn)
        case Decline():
            return await table.decline(conn)
        case Hint(ref=ref):
            return await table.hint(conn, ref)
        case Review(deal=deal, ref=ref):
            return await table.review(conn, deal, ref)
        case Disconnected():
            return await table.disconnected(conn)


def to_json(command: Command) -> dict[str, Any]:
    """The command as JSON, for another instance (:func:`from_json` reads it back)."""
    return {"command": type(command).__name__, **dataclasses.asdict(command)}


def from_json(raw: dict[str, Any]) -> Command:
    """A command another instance sent; ``bad_message`` for anything else."""
    return _decoded(raw, "command", _BY_NAME)


def _decoded(raw: dict[str, Any], tag: str, kinds: dict[str, type[_Sent]]) -> _Sent:
    """The message another instance sent, named by its ``tag`` field among ``kinds``."""
    fields = dict(raw)
    kind = kinds.get(str(fields.pop(tag, "")))
    if kind is None:
        what = "table command" if tag == "command" else f"table {tag}"
        raise ProtocolError("bad_message", f"no {what} {raw.get(tag)!r}")
    try:
        return kind(**fields)
    except TypeError:
        raise ProtocolError("bad_message", f"malformed {kind.__name__} {tag}") from None


# ---------------------------------------------------------------------- news between tables


@dataclass(frozen=True, slots=True)
class RematchNews:
    """To a finished game: bots took these seats at its rematch (all so far), ``people``
    sit at its seats (by id, None for a bot or an empty seat), or the rematch closed
    before its game began."""

    rematch: str
    bots: list[int]
    closed: bool = False
    people: list[str | None] = dataclasses.field(default_factory=list)


@dataclass(frozen=True, slots=True)
class RematchLeft:
    """To a rematch: this person left the finished game it waits for (a no)."""

    person: str


News = RematchNews | RematchLeft

_NEWS_BY_NAME: dict[str, type[News]] = {cls.__name__: cls for cls in typing.get_args(News)}


async def tell(table: Table, news: News) -> None:
    """Give ``news`` of another table to ``table`` (in its actor)."""
    match news:
        case RematchNews(rematch=rematch, bots=bots, closed=closed, people=people):
            await table.rematch_changed(rematch, list(bots), closed, list(people))
        case RematchLeft(person=person):
            await table.withdraw(person)


def news_to_json(news: News) -> dict[str, Any]:
    return {"news": type(news).__name__, **dataclasses.asdict(news)}


def news_from_json(raw: dict[str, Any]) -> News:
    """News another instance sent; ``bad_message`` for anything else."""
    return _decoded(raw, "news", _NEWS_BY_NAME)
