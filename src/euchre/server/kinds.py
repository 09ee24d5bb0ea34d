"""Names for a table's kind, a table's status and a seat's kind (one value each, on the
wire and in the store as their lower-case text)."""

from __future__ import annotations

from enum import StrEnum


class TableKind(StrEnum):
    CASUAL = "casual"  # open to anyone; quick play fills with bots
    PRIVATE = "private"  # reached by its invite; the host manages it
    RANKED = "ranked"  # people only, rated


class TableStatus(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"
    EMPTY = "empty"
