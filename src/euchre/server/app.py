"""The ASGI application: HTTP endpoints, the ``/ws`` table protocol and the server's life.

``create_app(settings)`` builds everything; the lifespan opens the database (upgrading an
empty one), restores unfinished tables, and on shutdown lets tables finish their writes
before the database is closed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import WebSocketRoute

from euchre.bots import levels
from euchre.engine.variants import OPTION_NAMES
from euchre.store import Repository, current_revision, head_revision, make_engine, upgrade
from euchre.store.db import DatabaseInUseError, FileLock, is_sqlite, lock_sqlite_file

from . import api, gctune, guard, recent, review_api
from .accounts import AccountError, Accounts
from .addresses import limit_key
from .api_models import Body, problems
from .auth import COOKIE_NAME, Identity, Sessions, chosen_name, name_refusal, new_guest
from .botplay import BotPool, default_level
from .bus import Bus, RedisBus, make_bus
from .chat import Chat
from .config import Settings, from_env
from .connection import Connection
from .gateway import CLOSE_SHUTTING_DOWN, no_such_websocket, websocket_endpoint
from .kinds import TableStatus
from .limits import Budgets, MemoryLimiter, deployment_namespace
from .lobby import Lobby, invite_preview, no_invite
from .metrics import Metrics
from .privacy import may_view
from .protocol import ProtocolError, no_table
from .replay_worker import ReplayWorkers
from .results import FinishedGame, Results
from .reviews import Reviews
from .static import ClientFiles
from .table import Services, Table
from .table_setup import presets_json

log = logging.getLogger("euchre.server")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class StartupError(RuntimeError):
    """The server cannot start; the message tells the operator what to fix."""


class DatabaseOutOfDateError(StartupError):
    """The database has tables from an older (or newer) schema."""


class Server:
    """Everything one running server holds; built by :func:`create_app`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.instance = settings.instance or f"{settings.host}:{settings.port}"
        self.metrics = Metrics()
        self.file_lock: FileLock | None = None  # an SQLite file: one server at a time
        self.gc_pauses = gctune.PauseRecorder(self.metrics.registry)
        self.engine = make_engine(settings.database_url)
        self.store = Repository(self.engine)
        self.bus: Bus = make_bus(settings.redis_url)
        self.bots = BotPool(
            settings.bot_budget,
            workers=settings.bot_workers,
            nice=settings.bot_nice,
            metrics=self.metrics,
            think=settings.bot_think,
        )
        self.reviews = Reviews(self.store, self.engine, self.bots)
        self.sessions = Sessions(settings.secret or "unset")
        self.connections: set[Connection] = set()
        self.closing = False
        self._background: set[asyncio.Future[Any]] = set()
        self.accounts = Accounts(self)
        self.chat = Chat(settings, self.accounts.store, self.accounts.publish_prefs)
        self.results = Results(self.store, self.accounts.store, settings)
        self.replays = ReplayWorkers(settings)
        # Invite previews per address a minute: codes were guessed at 500 a second.
        self.invite_lookups = MemoryLimiter(settings.invite_lookups_per_address, 60.0)
        # Each person's message budget, kept over reconnects; websockets opened per
        # address a minute (each handshake costs the server ~20 messages' work).
        self.budgets = Budgets(settings.rate_per_second, settings.rate_burst)
        self.websocket_opens = MemoryLimiter(settings.websocket_opens_per_minute, 60.0)
        self.recent = recent.RecentCache(self.store)
        self.services = Services(
            settings=settings,
            store=self.store,
            bots=self.bots,
            metrics=self.metrics,
            bots_default=default_level(settings.bot_level),
            changed=_ignore,
            removed=_ignore,
            user_exists=self.store.user_exists,
            finished=self._finished,
            reviews=self.reviews,
        )
        self.lobby = Lobby(self.services, self.bus, self.instance, self.chat)

    def _finished(self, table: Table) -> None:
        """A table's game is over and stored: its results, from the game in memory."""
        self.recent.forget()
        state = table.state
        if state is None:
            self.results.note(table.id)
            return
        seats = [seat.stored() for seat in table.seats]
        game = FinishedGame(table.id, table.kind, seats, table.variant, state, table.finished_at)
        self.results.note(table.id, game)

    def background(self, task: asyncio.Future[Any]) -> None:
        """Keep a task alive until it is done (awaited on shutdown)."""
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def open(self) -> None:
        """Database (upgraded when empty), secret, bus, and the restored tables."""
        try:
            self.file_lock = lock_sqlite_file(self.settings.database_url)
        except DatabaseInUseError as exc:
            raise StartupError(str(exc)) from None
        try:
            await self._open()
        except BaseException:
            self._unlock()
            raise

    async def _open(self) -> None:
        database, redis = self.settings.database_url, self.settings.redis_url
        with _explained(f"the database {_safe_url(database)} cannot be used"):
            await prepare_database(self)
        self.store.start()
        if not self.settings.secret:
            self.sessions = Sessions(await self.store.secret("session"))
        with _explained(f"Redis at {_safe_url(redis)} does not answer"):
            await self.bus.start()
        await self.accounts.start()
        if isinstance(self.bus, RedisBus):
            namespace = await deployment_namespace(self.store)
            self.replays.share_limits(self.bus.client, namespace)
            self.chat.share_limits(self.bus.client, namespace)
        await self.results.start()
        self.bots.warm()
        await self.lobby.start()
        gctune.settle()
        gctune.tune()
        self.gc_pauses.start()
        log.info(
            "server ready",
            extra={"instance": self.instance, "database": _safe_url(self.settings.database_url)},
        )

    async def close(self) -> None:
        """Stop accepting, let tables finish writing, close connections and the database."""
        self.closing = True
        await self.lobby.stop()
        if self._background:
            await asyncio.wait(list(self._background), timeout=5)
        await self.results.close()
        await self.replays.close()
        for conn in list(self.connections):
            conn.finish(CLOSE_SHUTTING_DOWN)
        if self.connections:
            await asyncio.wait(
                [asyncio.create_task(c.wait_closed()) for c in self.connections], timeout=5
            )
        self.bots.close()
        await self.store.close()
        await self.bus.close()
        await self.engine.dispose()
        self._unlock()
        self.gc_pauses.close()
        log.info("server stopped", extra={"instance": self.instance})

    def _unlock(self) -> None:
        if self.file_lock is not None:
            self.file_lock.release()
            self.file_lock = None

    def tables_by_status(self) -> dict[str, int]:
        listed = (TableStatus.WAITING, TableStatus.PLAYING, TableStatus.FINISHED)
        counts: dict[str, int] = dict.fromkeys(listed, 0)
        for table in self.lobby.tables.values():
            counts[table.status] = counts.get(table.status, 0) + 1
        return counts


def _ignore(_table: Table) -> None:
    return None


async def prepare_database(server: Server) -> None:
    """Upgrade an empty database; refuse one at another revision (say how to upgrade)."""
    found = await current_revision(server.engine)
    head = head_revision()
    if found is None:
        log.info("empty database: creating the tables")
        await upgrade(server.engine)
    elif found != head:
        raise DatabaseOutOfDateError(
            f"the database is at revision {found}, this server needs {head}: "
            f"run `euchre db upgrade --database {_safe_url(server.settings.database_url)}`"
        )


@contextmanager
def _explained(problem: str) -> Iterator[None]:
    """A failure to start, told in one line that names the service and the cause."""
    try:
        yield
    except StartupError:
        raise
    except Exception as exc:
        raise StartupError(f"{problem}: {type(exc).__name__}: {exc}") from exc


def _safe_url(url: str) -> str:
    if is_sqlite(url) or "@" not in url:
        return url
    scheme, rest = url.split("://", 1)
    return f"{scheme}://***@{rest.split('@', 1)[1]}"


class GuestRequest(Body):
    """``POST /api/session``: the name a guest plays under."""

    # The name's rules (bad_name, saying what is allowed) are checked by the server, an
    # empty one too; the length bound only keeps absurd bodies out.
    name: str = Field(max_length=256)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server as an ASGI application (settings from the environment when not given)."""
    server = Server(settings or from_env())

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        try:
            await server.open()
        except StartupError as exc:
            log.error(f"cannot start: {exc}")  # one line before the traceback
            raise
        try:
            yield
        finally:
            await server.close()

    app = FastAPI(
        title="Euchre",
        lifespan=lifespan,
        docs_url="/api/docs" if server.settings.api_docs else None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.server = server
    guard.install(app, server)
    _routes(app, server)
    app.router.routes.append(WebSocketRoute("/ws", websocket_endpoint))
    app.router.routes.append(WebSocketRoute("/{path:path}", no_such_websocket))
    app.mount("/", ClientFiles(WEB_DIR), name="web")  # the browser client
    app.add_middleware(GZipMiddleware, minimum_size=500)  # static files and JSON
    app.add_middleware(guard.HeadAsGet)  # outermost: the GET's headers, compressed or not
    return app


def _routes(app: FastAPI, server: Server) -> None:
    @app.get("/healthz", responses=problems(503))
    async def healthz() -> JSONResponse:
        ok = await server.store.ping() and not server.closing
        body = {
            "status": "ok" if ok else "unavailable",
            "database": ok,
            "tables": len(server.lobby.tables),
            "connections": len(server.connections),
            "instance": server.instance,
        }
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.get("/metrics", responses={200: {"content": {"text/plain": {}}}, **problems(403)})
    async def metrics(request: Request) -> Response:
        if not guard.metrics_allowed(server.settings, request):
            raise api.problem(403, "forbidden", "metrics need the operator's token")
        for status, count in server.tables_by_status().items():
            server.metrics.tables.labels(status).set(count)
        return Response(server.metrics.render(), media_type=server.metrics.content_type)

    async def admit_guest(identity: Identity, request: Request) -> None:
        """A guest's name may not be an account's, and an address makes so many an hour."""
        await server.accounts.check_guest_name(identity.name)
        await server.accounts.admit_guest(request.client.host if request.client else "")

    def guest_session(identity: Identity, request: Request, response: Response) -> dict[str, Any]:
        """The guest's session in the cookie and the answer."""
        token = server.sessions.sign(identity)
        api.set_cookie(server, request, response, token)
        return {**identity.to_json(), "session": token}

    @app.post("/api/session", tags=["accounts"], responses=problems(409, 422, 429))
    async def new_session(
        body: GuestRequest, request: Request, response: Response
    ) -> dict[str, Any]:
        """Play as a guest under a name (an account's session in the cookie is ended);
        429 past ``guests_per_address`` new guests from one address in the window."""
        try:
            identity = new_guest(body.name)
        except ValueError as exc:
            raise AccountError(422, name_refusal(exc), str(exc)) from None
        await admit_guest(identity, request)
        previous = await api.identity_of(server, request)
        if previous is not None and not previous.guest:
            await server.accounts.logout(previous)
        return guest_session(identity, request, response)

    @app.patch("/api/session", tags=["accounts"], responses=problems(401, 409, 422, 429))
    async def rename_guest(
        body: GuestRequest, request: Request, response: Response
    ) -> dict[str, Any]:
        """A guest's new name, the guest kept: their seats and tables stay theirs (a new
        guest left them to bots); tables show the name from their next sitting down. An
        account keeps the name it was registered with (409 ``account_name``)."""
        previous = await api.identity_of(server, request)
        if previous is None:
            raise api.problem(401, "no_session", "no session: POST /api/session first")
        if not previous.guest:
            message = "an account keeps the name it was registered with"
            raise AccountError(409, "account_name", message)
        try:
            identity = dataclasses.replace(previous, name=chosen_name(body.name))
        except ValueError as exc:
            raise AccountError(422, name_refusal(exc), str(exc)) from None
        await admit_guest(identity, request)
        return guest_session(identity, request, response)

    @app.get("/api/session", tags=["accounts"], responses=problems(401))
    async def get_session(request: Request, optional: bool = False) -> dict[str, Any] | None:
        """Who the session cookie belongs to: a guest or an account (401: none; with
        ``?optional=true``, null: a first visit asks without an error in its console)."""
        identity = await api.identity_of(server, request)
        if identity is None and optional:
            return None
        if identity is None:
            raise api.problem(401, "no_session", "no session: POST /api/session first")
        prefs = await server.chat.load(identity)
        return {**identity.to_json(), "chat": prefs.enabled}

    @app.delete("/api/session", tags=["accounts"])
    async def end_session(request: Request, response: Response) -> dict[str, Any]:
        """Forget the session (an account's is revoked, as with /api/logout)."""
        identity = await api.identity_of(server, request)
        if identity is not None:
            await server.accounts.logout(identity)
        response.delete_cookie(COOKIE_NAME, path="/")
        return {"ok": True}

    _table_routes(app, server)
    recent.register(app, server)  # before api's routes: /api/replays/recent is a GET of its own
    api.register(app, server)
    review_api.register(app, server)


def _table_routes(app: FastAPI, server: Server) -> None:
    @app.get("/api/tables")
    async def tables() -> Response:
        text = f'{{"tables":{server.lobby.listing_json()}}}'
        return Response(text, media_type="application/json")

    @app.get("/api/tables/{table_id}", responses=problems(404, 422, 503))
    async def table(table_id: api.GameId) -> dict[str, Any]:
        """A public table's info and version, on any instance (404: none, or private)."""
        try:
            found = await server.lobby.describe(table_id)
        except ProtocolError as exc:  # its owner did not answer, or it is moving
            raise api.problem(503, "unavailable", exc.message) from None
        if found is None:
            raise api.problem(404, "not_found", no_table(table_id).message)
        return found

    @app.get("/api/invites/{code}", responses=problems(404, 422, 429))
    async def invite(code: api.InviteCode, request: Request) -> dict[str, Any]:
        """Who invites, to which rules: what a friend opening an invite link reads before
        choosing a name (404: the invite leads to no table; 429: too many looked up from
        the address, with ``Retry-After``)."""
        host = request.client.host if request.client else "unknown"
        if host not in server.replays.exempt:
            wait = await server.invite_lookups.take(limit_key(host))
            if wait > 0:
                seconds = max(1, math.ceil(wait))
                most = server.settings.invite_lookups_per_address
                message = f"at most {most} invites a minute from one address: wait {seconds} s"
                raise AccountError(429, "rate_limited", message, {"Retry-After": str(seconds)})
        try:
            table_id = await server.lobby.invite_table(code)
            glance = await server.store.invite_glance(table_id)
            if glance is None:  # the table went while it was looked up
                raise no_invite(code)
        except ProtocolError as exc:
            raise api.problem(404, exc.code, exc.message) from None
        return invite_preview(glance)

    @app.get("/api/games/{game_id}", responses=problems(404, 409, 422, 429))
    async def game(
        game_id: api.GameId, request: Request, invite: api.Invite = None
    ) -> dict[str, Any]:
        viewer = await api.admit_replay(server, request)
        row = await server.store.load_game(game_id[:32])
        if (
            row is None
            or row.status in (TableStatus.WAITING, TableStatus.CLOSED)
            or not may_view(row, viewer, invite)
        ):
            raise api.problem(404, "not_found", f"no game {game_id}")
        if row.status != TableStatus.FINISHED or row.record is None:
            raise api.problem(409, "not_finished", "the game is still being played")
        return row.record

    @app.get("/api/presets")
    async def presets() -> dict[str, Any]:
        return {
            "presets": presets_json(),
            "options": sorted(OPTION_NAMES),
            "bot_levels": levels(),
            "bot_default": server.lobby.bots_default,
        }
