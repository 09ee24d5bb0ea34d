"""Storage: migrations on SQLite and PostgreSQL, the repository, exact rebuilding of games."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from server_helpers import postgres_database
from sqlalchemy import insert, text
from typer.testing import CliRunner

from euchre.cli import app
from euchre.engine import GameState, preset
from euchre.server.table import TIME_UP, deck_text, replay_game
from euchre.server.table.rebuild import rebuild
from euchre.store import (
    Repository,
    StoredAction,
    StoredEvent,
    current_revision,
    head_revision,
    make_engine,
)
from euchre.store import repo as store_repo
from euchre.store import upgrade as upgrade_db
from euchre.store.db import sqlite_file_writer
from euchre.store.models import GameAction, GameDeck, GameEvent
from euchre.store.repo import GameRow, utcnow


def test_db_upgrade_command_creates_every_table(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    result = CliRunner().invoke(app, ["db", "upgrade", "--db", f"sqlite:///{path}"])
    assert result.exit_code == 0, result.output
    assert f"database at revision {head_revision()}" in result.output
    with sqlite3.connect(path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {
        "users",
        "games",
        "game_decks",
        "game_actions",
        "game_events",
        "server_secrets",
    } <= names
    again = CliRunner().invoke(app, ["db", "upgrade", "--db", f"sqlite:///{path}"])
    assert again.exit_code == 0, again.output


def sample_row(game_id: str) -> dict[str, object]:
    return {
        "kind": "casual",
        "status": "playing",
        "invite": None,
        "host": None,
        "variant_name": "standard",
        "options": {},
        "settings": {"preset": "standard"},
        "seats": [{"user": "g_1", "name": "Ann", "account": None, "bot": None}],
        "version": 1,
        "created_at": utcnow(),
        "first_dealer": 2,
    }


async def repository_round_trip(url: str) -> None:
    engine = make_engine(url)
    assert await current_revision(engine) is None
    assert await upgrade_db(engine) == head_revision()
    repo = Repository(engine)
    repo.start()
    await repo.create_game("t1", sample_row("t1"))
    writes = [
        repo.save("t1", {"version": 2 + i}, actions=[StoredAction(i + 1, i % 4, "pass", "player")])
        for i in range(40)
    ]
    await asyncio.gather(*writes)
    await repo.save("t1", {"version": 50}, decks=[(0, "9c Tc"), (1, "Jd Qd")])
    assert repo.writes == 42 and repo.commits < 42  # group commit: many writes per commit
    loaded = await repo.load_open()
    assert [r.id for r in loaded] == ["t1"]
    row = loaded[0]
    assert row.version == 50 and row.first_dealer == 2 and row.decks == ["9c Tc", "Jd Qd"]
    assert [a.seq for a in row.actions] == list(range(1, 41))
    assert row.created_at.tzinfo is not None
    with pytest.raises(RuntimeError):  # a duplicate action is refused, and only that write
        await repo.save("t1", {}, actions=[StoredAction(1, 0, "pass", "player")])
    await repo.save("t1", {}, actions=[StoredAction(41, 0, "pass", "bot", version=60)])
    reloaded = await repo.load_game("t1")
    assert reloaded is not None and reloaded.version == 60  # an action row carries it
    assert reloaded.events == []
    seated = StoredEvent(61, "seated", {"seat": 1, "name": "Bea"})
    await asyncio.gather(
        repo.save("t1", {"version": 62}, events=[StoredEvent(62, "away", {"seat": 1})]),
        repo.save("t1", {"version": 61}, events=[seated]),
    )
    reloaded = await repo.load_game("t1")
    assert reloaded is not None and reloaded.events == [
        seated,
        StoredEvent(62, "away", {"seat": 1}),
    ]
    with pytest.raises(RuntimeError):  # a second event of the same version is refused
        await repo.save("t1", {}, events=[StoredEvent(61, "stood", {"seat": 1})])
    first, second = await repo.secret("session"), await repo.secret("session")
    assert first == second and len(first) > 40
    assert not await repo.user_exists(1)
    await repo.close()
    await engine.dispose()


def test_repository_on_sqlite(tmp_path: Path) -> None:
    asyncio.run(repository_round_trip(f"sqlite:///{tmp_path / 'r.db'}"))


def test_the_sqlite_writer_stores_rows_as_sqlalchemy_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an SQLite file the writer thread inserts actions, decks and events through the
    driver; what lands must be exactly what SQLAlchemy's own inserts store (times, JSON)."""
    moment = datetime(2026, 12, 2, 3, 4, 5, 678901, tzinfo=UTC)
    monkeypatch.setattr(store_repo, "utcnow", lambda: moment)
    path = tmp_path / "w.db"

    async def write_both() -> None:
        engine = make_engine(f"sqlite:///{path}")
        await upgrade_db(engine)
        repo = Repository(engine)
        repo.start()
        for game_id in ("raw", "core"):
            await repo.create_game(game_id, sample_row(game_id))
        event = StoredEvent(2, "seated", {"seat": 1, "name": "Bea é"})
        await repo.save(
            "raw",
            {},
            decks=[(0, "9c Tc")],
            actions=[StoredAction(1, 3, "pass", "bot", 2)],
            events=[event],
            epoch=0,
        )
        async with engine.begin() as conn:  # the same rows through SQLAlchemy Core
            await conn.execute(insert(GameDeck), [{"game_id": "core", "deal": 0, "deck": "9c Tc"}])
            await conn.execute(
                insert(GameAction),
                [
                    {
                        "game_id": "core",
                        "seq": 1,
                        "seat": 3,
                        "action": "pass",
                        "by": "bot",
                        "version": 2,
                        "at": moment,
                    }
                ],
            )
            await conn.execute(
                insert(GameEvent),
                [
                    {
                        "game_id": "core",
                        "version": 2,
                        "kind": "seated",
                        "data": event.data,
                        "at": moment,
                    }
                ],
            )
        loaded = await repo.load_game("raw")
        assert loaded is not None and loaded.events == [event] and loaded.decks == ["9c Tc"]
        assert loaded.actions == [StoredAction(1, 3, "pass", "bot", 2)]
        await repo.close()
        await engine.dispose()

    asyncio.run(write_both())
    with sqlite3.connect(path) as conn:
        for table in ("game_decks", "game_actions", "game_events"):
            rows = conn.execute(f"SELECT * FROM {table} ORDER BY game_id").fetchall()
            core, raw = ([v for v in row if v not in ("core", "raw")] for row in rows)
            assert raw == core, table
            types = conn.execute(f"SELECT typeof(game_id) FROM {table}").fetchall()
            assert types == [("text",), ("text",)]


def test_the_sqlite_writer_recovers_after_the_file_was_locked(tmp_path: Path) -> None:
    """The writer thread keeps its connection: a write refused because another process
    held the file's write lock past the busy timeout fails alone, and the next writes land."""
    path = tmp_path / "locked.db"

    async def lock_then_write() -> list[int]:
        engine = make_engine(f"sqlite:///{path}")
        await upgrade_db(engine)
        repo = Repository(engine)
        repo.start()
        await repo.create_game("t", sample_row("t"))
        await repo.save("t", {}, actions=[StoredAction(1, 0, "pass", "player", 2)], epoch=0)
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(RuntimeError, match="refused the write"):
            await repo.save("t", {}, actions=[StoredAction(2, 0, "pass", "player", 3)], epoch=0)
        blocker.execute("ROLLBACK")
        blocker.close()
        for seq in (2, 3):
            action = StoredAction(seq, 0, "pass", "player", seq + 1)
            await repo.save("t", {}, actions=[action], epoch=0)
        loaded = await repo.load_game("t")
        await repo.close()
        await engine.dispose()
        assert loaded is not None
        return [a.seq for a in loaded.actions]

    assert asyncio.run(lock_then_write()) == [1, 2, 3]


def test_repository_on_postgresql() -> None:
    with postgres_database() as url:
        asyncio.run(repository_round_trip(url))


def stored_game(
    variant_name: str, seed: int, cut: int, **options: object
) -> tuple[GameState, GameRow]:
    """A game played at random for ``cut`` actions and stored as a table stores it."""
    variant = preset(variant_name, **options)
    state = GameState(variant, seed=seed)
    rng = random.Random(seed)
    row = GameRow(
        id="x",
        kind="casual",
        status="playing",
        invite=None,
        host=None,
        variant_name=variant.name,
        options=variant.options(),
        settings={},
        seats=[],
        first_dealer=state.deals[0].dealer,
        version=0,
        scores=None,
        winner=None,
        record=None,
        created_at=utcnow(),
        started_at=utcnow(),
        finished_at=None,
    )
    seq = 0
    while not state.game_over and seq < cut:
        if seq == cut // 2 and variant.timed:
            state.signal_time_up()
            seq += 1
            row.actions.append(StoredAction(seq, -1, TIME_UP, "clock"))
            continue
        step = state.apply(rng.choice(state.legal_actions()))
        seq += 1
        row.actions.append(StoredAction(seq, step.seat, step.action.text, "player"))
    row.decks = [deck_text(d.deck) for d in state.deals]
    return state, row


@pytest.mark.parametrize(
    ("variant_name", "options"),
    [
        ("standard", {}),
        ("british", {}),
        ("cutthroat", {}),
        ("two-player", {}),
        ("standard", {"defend_alone": True, "call_for_best": True, "farmers_hand": True}),
        ("standard", {"go_under": "mixed", "throw_in_hands": ["nines_tens", "mcevoy"]}),
        ("standard", {"no_trump": True, "maker_partner_may_go_alone": True, "min_rank": 7}),
        ("standard", {"time_limit_minutes": 20}),
    ],
)
@pytest.mark.parametrize("cut", [7, 61, 10_000])
def test_a_stored_game_is_rebuilt_exactly(
    variant_name: str, options: dict[str, object], cut: int
) -> None:
    for seed in range(3):
        original, row = stored_game(variant_name, seed, cut, **options)
        rebuilt = replay_game(preset(variant_name, **options), row)
        for seat in [None, *range(original.n)]:
            assert rebuilt.view(seat) == original.view(seat)
        assert rebuilt.scores == original.scores
        assert rebuilt.time_up == original.time_up
        assert [d.steps for d in rebuilt.deals] == [d.steps for d in original.deals]
        assert rebuilt.game_over == original.game_over


def test_the_rebuilt_log_holds_the_stored_events_among_the_actions() -> None:
    _, row = stored_game("standard", 1, 7)
    versions = [10, 11, 13, 14, 15, 16, 17]  # someone was away at 12
    row.actions = [replace(a, version=v) for a, v in zip(row.actions, versions, strict=True)]
    # A table stored before events were kept: the start is told again, before the actions.
    old = rebuild(preset("standard"), row)
    assert [(e[0], e[1]) for e in old.events] == [(9, "started")] + [
        (v, "action") for v in versions
    ]
    row.events = [
        StoredEvent(1, "seated", {"seat": 0, "name": "Ann"}),
        StoredEvent(8, "started", {"dealer": row.first_dealer, "redeals": []}),
        StoredEvent(12, "away", {"seat": 0, "name": "Ann"}),
    ]
    kinds = [(e[0], e[1]) for e in rebuild(preset("standard"), row).events]
    assert kinds == [
        (1, "seated"),
        (8, "started"),
        (10, "action"),
        (11, "action"),
        (12, "away"),
    ] + [(v, "action") for v in versions[2:]]


async def schema_differences(url: str) -> list[object]:
    """What the migrations build that the models do not say, or the other way round."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from euchre.store.models import Base

    engine = make_engine(url)
    await upgrade_db(engine)
    async with engine.connect() as conn:
        found: list[object] = await conn.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
        )
    await engine.dispose()
    return found


def test_the_migrations_build_exactly_the_models_on_sqlite(tmp_path: Path) -> None:
    assert asyncio.run(schema_differences(f"sqlite:///{tmp_path / 'm.db'}")) == []


def test_the_migrations_build_exactly_the_models_on_postgresql() -> None:
    with postgres_database() as url:
        assert asyncio.run(schema_differences(url)) == []


async def revision_of(url: str) -> str | None:
    engine = make_engine(url)
    try:
        return await current_revision(engine)
    finally:
        await engine.dispose()


def test_instances_starting_at_once_migrate_an_empty_postgresql_database_once() -> None:
    """Instances started together on a new database all find it empty and upgrade it: one
    migrates, the others wait for it and then find nothing left to do (none fails). Three
    processes at once, twice over: without the lock, one of them nearly always failed on a
    duplicate ``alembic_version``."""
    command = [sys.executable, "-m", "euchre", "db", "upgrade", "--database"]
    for _ in range(2):
        with postgres_database() as url:
            runs = [
                subprocess.Popen([*command, url], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                for _ in range(3)
            ]
            outputs = [run.communicate(timeout=120)[0].decode() for run in runs]
            assert [run.returncode for run in runs] == [0, 0, 0], outputs
            assert asyncio.run(revision_of(url)) == head_revision()


def test_an_sqlite_commit_is_on_the_disk_before_it_returns(tmp_path: Path) -> None:
    """WAL with ``synchronous=FULL`` on both the server's connections and its writer's: an
    event already sent survives a power cut, not only a killed process."""
    engine = make_engine(f"sqlite:///{tmp_path / 'sync.db'}")

    async def pragmas() -> tuple[str, int]:
        async with engine.connect() as conn:
            journal = (await conn.execute(text("PRAGMA journal_mode"))).scalar_one()
            sync = (await conn.execute(text("PRAGMA synchronous"))).scalar_one()
        await engine.dispose()
        return str(journal), int(sync)

    assert asyncio.run(pragmas()) == ("wal", 2)  # 2: FULL
    writer = sqlite_file_writer(engine)
    assert writer is not None
    with writer.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar_one() == 2
    writer.dispose()
