"""Play again: a finished game's people and bots at a new table with the same rules (and,
where the rules ask for a match, the next game of the match: docs/rules.md #laps).

The asker sits at once; the other people are asked (a "rematch" event at the old table
names the new one) and may decline; bots take the seats of those who decline or do not
answer in time (``Settings.rematch_seconds``). The old table's actor decides the new
table's id, so two people asking at once end up at the same new table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kinds import TableKind
from .protocol import ProtocolError
from .table import TableSpec
from .table_commands import Sit, perform

if TYPE_CHECKING:
    from .connection import Connection
    from .lobby import Lobby


async def play_again(lobby: Lobby, conn: Connection, table_id: str, ref: str | int | None) -> None:
    """Seat the asker at the finished game's rematch (opening it first if need be)."""
    old = lobby.visible(table_id, conn)
    if old.rematch is None:
        lobby.quotas.check_create(conn)  # the new table is the asker's, within their limits
    index, seats, new_id, fresh = await old.call(old.rematch_plan, conn)
    if not fresh:
        table = lobby.tables.get(new_id)
        if table is None:
            raise ProtocolError("unavailable", "the new table is being opened: try again")
        await table.call(perform, table, conn, Sit(index, False, ref))
        return
    host = conn.identity.id if old.kind == TableKind.PRIVATE else None
    spec = TableSpec(
        old.kind,
        old.variant,
        old.preset,
        old.turn_seconds,
        old.bot_level,
        host=host,
        summary_seconds=old.summary_seconds,
        hints=old.hints,
        match=old.next_match(),
    )
    with lobby.quotas.opening_table(new_id, conn):
        table = await lobby.new_table(spec, new_id)
    gone = (old.id, list(old.rematch_bots))
    await table.call(table.open_rematch, conn, index, seats, ref, gone)
    await old.call(old.announce_rematch, table.id, conn.identity.name)


__all__ = ["play_again"]
