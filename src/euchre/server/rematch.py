"""Play again: a finished game's people and bots at a new table with the same rules (and,
where the rules ask for a match, the next game of the match: docs/rules.md #laps).

The asker sits at once; the other people are asked (a "rematch" event at the old table
names the new one) and may decline; bots take the seats of those who decline or do not
answer in time (``Settings.rematch_seconds``). The old table's actor decides the new
table's id, so two people asking at once end up at the same new table. With several
instances the request runs where the finished game is played, which opens the new table
there; the rematch and the finished game tell each other their news wherever each is
played (``Lobby.tell``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from .kinds import TableKind
from .protocol import ProtocolError
from .table import Table, TableSpec
from .table_commands import PlayAgain, Ref, Sit, perform

if TYPE_CHECKING:
    from .connection import Connection, Endpoint
    from .lobby import Lobby

# Where the asker is to sit, when the new table is played elsewhere: (table id, seat).
Place = tuple[str, int]
# Seconds one who asks while another opens the new table waits for it (a busy database).
OPENING_WAIT = 10.0


async def play_again(lobby: Lobby, conn: Connection, table_id: str, ref: Ref) -> None:
    """Seat the asker at the finished game's rematch (opening it first if need be)."""
    place = await lobby.run(conn, table_id, PlayAgain(ref))
    if place is not None:
        new_id, index = place
        await lobby.run(conn, str(new_id), Sit(int(index), False, ref))


async def play_again_here(lobby: Lobby, conn: Endpoint, old: Table, ref: Ref) -> Place | None:
    """At the finished game's instance: seat the asker at its rematch, opening it here
    first if need be; a rematch already played elsewhere gives where to sit instead."""
    if old.rematch is None:
        # may they at all (a waiting table was answered with the creator's table quota),
        # then the new table is the asker's, within their limits
        await old.call(old.check_rematch, conn)
        await lobby.quotas.check_create(conn)
    index, seats, new_id, fresh = await old.call(old.rematch_plan, conn)
    if not fresh:
        opening = lobby.rematches_opening.get(new_id)
        if opening is not None:  # asked at the same moment as the one opening it: wait
            try:
                await asyncio.wait_for(opening.wait(), OPENING_WAIT)
            except TimeoutError:
                raise ProtocolError(
                    "unavailable", "the new table is being opened: try again"
                ) from None
        table = lobby.tables.get(new_id)
        if table is not None:
            await table.call(perform, table, conn, Sit(index, False, ref))
            return None
        return new_id, index
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
    opened = lobby.rematches_opening[new_id] = asyncio.Event()
    try:
        async with lobby.quotas.opening_table(new_id, conn) as creator:
            table = await lobby.new_table(spec, new_id, creator)
        gone = (old.id, list(old.rematch_bots))
        # the others' seats are kept for them before anyone waiting sits down
        await table.call(table.open_rematch, conn, index, seats, ref, gone, set(old.barred))
    finally:
        opened.set()
        del lobby.rematches_opening[new_id]
    await old.call(old.announce_rematch, table.id, conn.identity.name)
    return None


__all__ = ["play_again", "play_again_here"]
