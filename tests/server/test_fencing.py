"""Fencing: a table's writes carry its owner's epoch and the database refuses an older
one, in the same statement as the write, so a stalled owner that wakes up after a
takeover changes nothing (on SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
from social_helpers import database_url
from test_store import sample_row

from euchre.store import FencedError, Repository, StoredAction, make_engine
from euchre.store import upgrade as upgrade_db
from euchre.store.accounts import AccountStore


async def fenced_writes(url: str) -> None:
    engine = make_engine(url)
    await upgrade_db(engine)
    old, new = Repository(engine), Repository(engine)  # two owners, one after the other
    old.start()
    new.start()
    try:
        await old.create_game("t1", sample_row("t1"))
        await old.save(
            "t1", {"version": 2}, actions=[StoredAction(1, 0, "pass", "player", 2)], epoch=0
        )
        assert await new.take_ownership("t1") == 1  # the takeover
        assert await new.take_ownership("missing") is None
        with pytest.raises(FencedError):  # the old owner wakes up and writes on
            await old.save(
                "t1",
                {"version": 3, "status": "finished"},
                decks=[(1, "9c Tc")],
                actions=[StoredAction(2, 1, "order", "player", 3)],
                epoch=0,
            )
        row = await new.load_game("t1")
        assert row is not None and row.epoch == 1 and row.status == "playing"
        assert [a.action for a in row.actions] == ["pass"] and row.decks == []
        # The new owner writes the same step; in one batch with a stale write, its own lands.
        stale = new.save("t1", {"scores": [9, 9]}, epoch=0)  # queued together
        mine = new.save(
            "t1", {"version": 3}, actions=[StoredAction(2, 1, "call h", "player", 3)], epoch=1
        )
        results = await asyncio.gather(stale, mine, return_exceptions=True)
        assert isinstance(results[0], FencedError) and results[1] is None
        row = await new.load_game("t1")
        assert row is not None and [a.action for a in row.actions] == ["pass", "call h"]
        assert row.scores is None
    finally:
        await old.close()
        await new.close()
        await engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_write_with_an_older_epoch_lands_nowhere(kind: str, tmp_path: Path) -> None:
    with database_url(kind, tmp_path) as url:
        asyncio.run(fenced_writes(url))


async def fenced_chat(url: str) -> None:
    """A stale owner, paused past its lease, stored a chat line and sent it to the table's
    old watchers after another instance had taken the table: chat is fenced too."""
    engine = make_engine(url)
    await upgrade_db(engine)
    owner = Repository(engine)
    owner.start()
    chat = AccountStore(engine)
    line = {
        "game_id": "t1",
        "channel": "players",
        "sender": "g_ann",
        "user_id": None,
        "name": "Ann",
        "text": "hello",
        "preset": None,
        "at": datetime.now(UTC),
    }
    try:
        await owner.create_game("t1", sample_row("t1"))
        await chat.add_chat(line, epoch=0)
        assert await owner.take_ownership("t1") == 1
        with pytest.raises(FencedError):
            await chat.add_chat({**line, "text": "from the stale owner"}, epoch=0)
        await chat.add_chat({**line, "text": "from the new owner"}, epoch=1)
        said = [m["text"] for m in await chat.chat_lines("t1")]
        assert said == ["hello", "from the new owner"]
    finally:
        await owner.close()
        await engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_chat_line_with_an_older_epoch_is_not_stored(kind: str, tmp_path: Path) -> None:
    with database_url(kind, tmp_path) as url:
        asyncio.run(fenced_chat(url))
