"""The table protocol's client messages, validated at the edge (docs/protocol.md).

Every client message is a JSON object with a ``type``; anything else gets an ``error``
message naming what was wrong. Validation is strict: no extra fields, no type coercion.
The ``ref`` of a message that fails is still echoed when it can be read
(:func:`reference`).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from euchre.engine.quoting import quoted

from .wire import NotJson, parse_json

TableId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
# As people type and paste them: any case, with or without the dash, spaces around groups.
InviteCode = Annotated[str, Field(pattern=r"^[A-Za-z0-9_ -]{1,32}$")]
MAX_REF_CHARS = 64
MAX_REF = 2**53 - 1  # the largest whole number every JSON reader (JavaScript's) keeps exact
Ref = (
    Annotated[str, Field(max_length=MAX_REF_CHARS)]
    | Annotated[int, Field(ge=-MAX_REF, le=MAX_REF)]
    | None
)
REF_RULE = (
    f"a string of at most {MAX_REF_CHARS} characters, or a whole number from "
    f"-{MAX_REF} to {MAX_REF}"
)
# Any whole number: the table answers ``bad_seat`` for a seat it does not have.
Seat = int
Version = Annotated[int, Field(ge=0)]


def _unsigned(seconds: float) -> float:
    return seconds + 0.0  # -0.0 is 0.0 (it was echoed back as -0.0)


TurnSeconds = Annotated[float, Field(ge=0, le=600, allow_inf_nan=False), AfterValidator(_unsigned)]
SummarySeconds = Annotated[
    float, Field(ge=0, le=30, allow_inf_nan=False), AfterValidator(_unsigned)
]
Level = Annotated[str, Field(min_length=1, max_length=32)]


class ProtocolError(Exception):
    """A request the server refuses; ``code`` is machine-readable, the message is for people."""

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after  # seconds until the same request may succeed


def no_table(table_id: str) -> ProtocolError:
    """A table this request cannot reach: one that closed, never was, or is private and
    asked for without its invite read alike (none of them tells that the others exist)."""
    message = f"no table {table_id}: it has closed, the id is mistyped, or it is private"
    return ProtocolError("not_found", f"{message} (its invite opens it)")


class ClientMessage(BaseModel):
    """Fields every client message may carry."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ref: Ref = None  # echoed in the answer (and in an error), to match answers to requests


class TableRequest(ClientMessage):
    """A request of one table, named by its id."""

    table: TableId


class Ping(ClientMessage):
    type: Literal["ping"]


class LobbyRequest(ClientMessage):
    type: Literal["lobby"]
    subscribe: bool = True


class Create(ClientMessage):
    type: Literal["create"]
    preset: Annotated[str, Field(min_length=1, max_length=40)] = "standard"
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    kind: Literal["casual", "private", "ranked"] = "casual"
    turn_seconds: TurnSeconds | None = None
    summary_seconds: SummarySeconds | None = None
    bot_level: Level | None = None
    sit: bool = True
    hints: bool | None = None  # the coach may be asked (default: yes, except ranked)


class QuickPlay(ClientMessage):
    type: Literal["quick_play"]
    preset: Annotated[str, Field(min_length=1, max_length=40)] = "standard"
    ranked: bool = False


class Join(ClientMessage):
    type: Literal["join"]
    table: TableId | None = None
    invite: InviteCode | None = None
    since: Version | None = None
    take_over: bool = False  # play here: your seat's other window or device lets it go


class Resync(TableRequest):
    type: Literal["resync"]
    since: Version | None = None


class Sit(TableRequest):
    type: Literal["sit"]
    seat: Seat | None = None


class Stand(TableRequest):
    type: Literal["stand"]


class Leave(TableRequest):
    type: Literal["leave"]


class AddBot(TableRequest):
    type: Literal["add_bot"]
    seat: Seat | None = None
    level: Level | None = None


class RemoveBot(TableRequest):
    type: Literal["remove_bot"]
    seat: Seat


class RemovePlayer(TableRequest):
    """The host of a private table takes a person off it before the game."""

    type: Literal["remove_player"]
    seat: Seat


class Move(TableRequest):
    """Move to another (empty) seat before the game starts."""

    type: Literal["move"]
    seat: Seat


class Swap(TableRequest):
    """The host swaps two seats (whoever sits there) before the game starts."""

    type: Literal["swap"]
    seats: Annotated[list[Seat], Field(min_length=2, max_length=2)]


class Start(TableRequest):
    type: Literal["start"]


class Continue(TableRequest):
    type: Literal["continue"]


class PlayAgain(TableRequest):
    type: Literal["play_again"]


class Decline(TableRequest):
    type: Literal["decline"]


class Act(TableRequest):
    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=64)]
    version: Version | None = None


class HintRequest(TableRequest):
    type: Literal["hint"]


class ReviewRequest(TableRequest):
    type: Literal["review"]
    deal: Annotated[int, Field(ge=0, le=10_000)]


_PERSON_ID = re.compile(r"u_[1-9][0-9]{0,17}|g_[0-9a-f]{16}")


def _person_id(text: str) -> str:
    if not _PERSON_ID.fullmatch(text):
        raise ValueError(
            "not a person's id: an account is u_<number> and a guest g_<16 hex digits>,"
            " as chat lines and seats name them"
        )
    return text


PersonId = Annotated[str, Field(max_length=64), AfterValidator(_person_id)]
# One to unmute: any id once stored (a list kept before ids were checked may hold others).
StoredPersonId = Annotated[str, Field(min_length=1, max_length=64)]


class Chat(TableRequest):
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=2000)] | None = None
    preset: Annotated[str, Field(min_length=1, max_length=32)] | None = None


class ChatSettings(ClientMessage):
    type: Literal["chat_settings"]
    enabled: bool | None = None


class Mute(ClientMessage):
    type: Literal["mute"]
    user: PersonId


class Unmute(ClientMessage):
    type: Literal["unmute"]
    user: StoredPersonId


class ChatLog(TableRequest):
    type: Literal["chat_log"]


AnyMessage = (
    Ping
    | LobbyRequest
    | Create
    | QuickPlay
    | Join
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
    | Continue
    | PlayAgain
    | Decline
    | HintRequest
    | ReviewRequest
    | Chat
    | ChatSettings
    | Mute
    | Unmute
    | ChatLog
)

MESSAGE_TYPES: dict[str, type[ClientMessage]] = {
    "ping": Ping,
    "lobby": LobbyRequest,
    "create": Create,
    "quick_play": QuickPlay,
    "join": Join,
    "resync": Resync,
    "sit": Sit,
    "stand": Stand,
    "leave": Leave,
    "add_bot": AddBot,
    "remove_bot": RemoveBot,
    "remove_player": RemovePlayer,
    "move": Move,
    "swap": Swap,
    "start": Start,
    "act": Act,
    "continue": Continue,
    "play_again": PlayAgain,
    "decline": Decline,
    "hint": HintRequest,
    "review": ReviewRequest,
    "chat": Chat,
    "chat_settings": ChatSettings,
    "mute": Mute,
    "unmute": Unmute,
    "chat_log": ChatLog,
}


def parse_message(text: str) -> ClientMessage:
    """A validated client message, or :class:`ProtocolError` saying what is wrong."""
    try:
        raw = parse_json(text)
    except NotJson as exc:
        raise ProtocolError("bad_json", f"the message is not taken: {exc}") from None
    if not isinstance(raw, dict):
        raise ProtocolError("bad_message", 'a message is a JSON object with a "type" field')
    if "type" not in raw:
        known = ", ".join(MESSAGE_TYPES)
        raise ProtocolError("bad_message", f'a message needs a "type" field: one of {known}')
    kind = raw["type"]
    if not isinstance(kind, str):
        known = ", ".join(MESSAGE_TYPES)
        raise ProtocolError("bad_message", f'field "type" is a string, one of {known}')
    model = MESSAGE_TYPES.get(kind)
    if model is None:
        known = ", ".join(MESSAGE_TYPES)
        shown = quoted(kind)
        raise ProtocolError("unknown_type", f"unknown message type {shown}: use one of {known}")
    try:
        return model.model_validate(raw, strict=True)
    except ValidationError as exc:
        raise ProtocolError("bad_message", f"{kind}: {_describe(exc)}") from None


def _describe(exc: ValidationError) -> str:
    by_field: dict[str, list[str]] = {}
    for err in exc.errors(include_url=False):
        where = str(err["loc"][0]) if err["loc"] else "message"
        by_field.setdefault(where, []).append(err["msg"])
    if "ref" in by_field:
        by_field["ref"] = [f"must be {REF_RULE}"]
    # each said once: two items of a list wrong the same way read "…, or …" twice over
    problems = [
        f"field {quoted(name)}: {', or '.join(dict.fromkeys(msgs))}"
        for name, msgs in by_field.items()
    ]
    return "; ".join(problems[:3])


def reference(raw: str) -> str | int | None:
    """The ``ref`` of a message that failed validation, when one can be read."""
    try:
        found = parse_json(raw)
    except NotJson:
        return None
    ref = found.get("ref") if isinstance(found, dict) else None
    if isinstance(ref, str):
        return ref if len(ref) <= MAX_REF_CHARS else None
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref if -MAX_REF <= ref <= MAX_REF else None
    return None


def error(code: str, message: str, ref: str | int | None = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` message."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    out.update(extra)
    return out
