"""``euchre serve``, ``euchre db upgrade`` and ``euchre db copy``, for the command line.

Heavy imports (uvicorn, FastAPI, SQLAlchemy) happen inside the commands, so other
commands start quickly.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from .config import SettingError, Settings, check, from_env, setting_named


def register(app: typer.Typer) -> None:
    """Add the server commands to the ``euchre`` command line."""
    app.command()(serve)
    db = typer.Typer(help="Database maintenance.", no_args_is_help=True)
    db.command("upgrade")(db_upgrade)
    db.command("copy")(db_copy)
    app.add_typer(db, name="db")


def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on [127.0.0.1].")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on [8000].")] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            "--db",
            help="Database URL [sqlite:///./euchre.db]; or EUCHRE_DATABASE_URL.",
        ),
    ] = None,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL for the event bus (several instances).")
    ] = None,
    fill_seconds: Annotated[
        float | None, typer.Option(help="Seconds before bots fill a quick-play table [15].")
    ] = None,
    grace_seconds: Annotated[
        float | None, typer.Option(help="Seconds a disconnected player keeps the seat [60].")
    ] = None,
    turn_seconds: Annotated[float | None, typer.Option(help="Default turn timer [30].")] = None,
    bot_level: Annotated[str | None, typer.Option(help="Default bot level.")] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before acting [0.6].")
    ] = None,
    log_level: Annotated[str | None, typer.Option(help="debug, info, warning, error.")] = None,
) -> None:
    """Run the game server (open the address it prints in a browser)."""
    options = {
        "host": ("--host", host),
        "port": ("--port", port),
        "database_url": ("--database", database),
        "redis_url": ("--redis", redis),
        "fill_seconds": ("--fill-seconds", fill_seconds),
        "grace_seconds": ("--grace-seconds", grace_seconds),
        "turn_seconds": ("--turn-seconds", turn_seconds),
        "bot_level": ("--bot-level", bot_level),
        "bot_delay": ("--bot-delay", bot_delay),
        "log_level": ("--log-level", log_level),
    }
    given = {field: value for field, (_, value) in options.items() if value is not None}
    try:
        settings = check(
            from_env().replace(**given),
            given_as={field: options[field][0] for field in given},
        )
        _check_bot_level(settings.bot_level, "--bot-level" if bot_level else "")
    except ValueError as exc:  # a SettingError, or a value of the wrong kind
        typer.echo(f"error: {exc} (docs/operations.md, Every setting)", err=True)
        raise typer.Exit(2) from None
    run_server(settings)


def _check_bot_level(level: str, option: str) -> None:
    """``SettingError`` for a bot level no bot is registered under (bots load only here)."""
    from .botplay import default_level
    from .protocol import ProtocolError

    try:
        default_level(level)
    except ProtocolError as exc:
        raise SettingError(f"{setting_named('bot_level', level, option)}: {exc.message}") from None


def run_server(settings: Settings) -> None:
    """Serve until interrupted (SIGINT/SIGTERM shut down gracefully)."""
    import uvicorn

    from . import logs
    from .app import create_app
    from .guard import UVICORN_OPTIONS
    from .serving import uvicorn_options

    logs.configure(settings.log_level, settings.log_json)
    typer.echo(
        f"Euchre server: open http://{settings.host}:{settings.port}/ in a browser", err=True
    )
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        timeout_graceful_shutdown=10,
        **uvicorn_options(settings),
        **UVICORN_OPTIONS,
    )


def db_upgrade(
    database: Annotated[
        str | None,
        typer.Option("--database", "--db", help="Database URL (default: EUCHRE_DATABASE_URL)."),
    ] = None,
    revision: Annotated[str, typer.Option(help="Target revision.")] = "head",
) -> None:
    """Create or upgrade the database tables (Alembic migrations)."""
    from euchre.store import upgrade_url

    url = database or from_env().database_url
    reached = asyncio.run(upgrade_url(url, revision))
    typer.echo(f"database at revision {reached}")


def db_copy(
    source: Annotated[
        str, typer.Option("--from", help="The database to copy (sqlite:///./euchre.db).")
    ],
    target: Annotated[str, typer.Option("--to", help="A new, empty database (postgresql://...).")],
) -> None:
    """Copy every row into a new, empty database (SQLite to PostgreSQL): stop the server
    first."""
    from euchre.store.copy import CopyError, copy_database

    try:
        copied = asyncio.run(copy_database(source, target))
    except CopyError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    for table, rows in copied.items():
        typer.echo(f"{table}: {rows} rows")
