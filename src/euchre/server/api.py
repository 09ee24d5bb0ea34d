"""HTTP endpoints for accounts, profiles, the leaderboard, history, replays and chat settings.

Every page of the browser client is backed by these (OpenAPI at ``/api/openapi.json``,
browsable at ``/api/docs``; docs/protocol.md section 11 explains them with examples).
Refusals carry ``{"detail": "<for people>", "code": "<for programs>"}``.
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Path, Query, Request, Response
from fastapi.responses import JSONResponse

from euchre.store.accounts import STAT_COLUMNS, RatingRow
from euchre.store.repo import GameRow, as_utc, utcnow

from .accounts import AccountError, LoggedIn, lookup_key
from .addresses import limit_key
from .api_models import (
    AccountInfo,
    ChatPreferences,
    Credentials,
    EstablishedRule,
    GamePlayerInfo,
    GameSummary,
    History,
    HistoryEntry,
    Leaderboard,
    LeaderboardEntry,
    Mode,
    Ok,
    PasswordChange,
    PasswordCheck,
    Preferences,
    Profile,
    RatingHistory,
    RatingInfo,
    RatingPoint,
    Replay,
    SessionInfo,
    StatsInfo,
    problems,
)
from .auth import COOKIE_NAME, SESSION_MAX_AGE, Identity, clean_name
from .chat import PRESETS
from .kinds import TableStatus
from .privacy import may_view, private_history_visible
from .protocol import ProtocolError
from .replay_worker import ReplayRefusal
from .stats import MODES
from .table import restored_seat, stored_players

if TYPE_CHECKING:
    from .parts import ServerParts

PlayerName = Annotated[str, Path(max_length=64, description="a player's name (any case)")]
Invite = Annotated[
    str | None,
    Query(max_length=32, description="a private game's invite code (its players need none)"),
]
InviteCode = Annotated[
    str,
    Path(
        pattern=r"^[A-Za-z0-9 _-]{1,32}$",
        description="a private table's invite code (letters and digits, any case, dash or not)",
    ),
]
GameId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="a game's (its table's) id")
]


# ---------------------------------------------------------------------- helpers


def _rating(row: RatingRow) -> RatingInfo:
    return RatingInfo(
        mode=row.mode,  # type: ignore[arg-type]
        rating=round(row.ordinal, 2),
        mu=round(row.mu, 4),
        sigma=round(row.sigma, 4),
        games=row.games,
        wins=row.wins,
        provisional=not row.established,
    )


def problem(status: int, code: str, detail: str) -> AccountError:
    """A refusal answered as ``{"detail", "code"}`` with its HTTP status."""
    return AccountError(status, code, detail)


def set_cookie(server: ServerParts, request: Request, response: Response, token: str) -> None:
    """The session cookie: Secure when configured or when the request came over https
    (directly, or through a trusted proxy's X-Forwarded-Proto)."""
    secure = server.settings.cookie_secure or request.url.scheme == "https"
    response.set_cookie(
        COOKIE_NAME,
        token,
        max_age=SESSION_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )


async def identity_of(server: ServerParts, request: Request) -> Identity | None:
    """The guest or account of the request's session cookie."""
    return await server.accounts.identify(request.cookies.get(COOKIE_NAME))


async def guest_of(server: ServerParts, request: Request) -> Identity | None:
    """The guest of the request's cookie, whose seats a login or registration takes over:
    none for a token revoked by a logout (the seats must not go to whoever kept it)."""
    identity = await identity_of(server, request)
    return identity if identity is not None and identity.guest else None


async def account_of(server: ServerParts, request: Request) -> Identity:
    identity = await identity_of(server, request)
    if identity is None or identity.account_id is None:
        raise problem(401, "no_account", "log in first")
    return identity


def _address(request: Request) -> str:
    """The key a request's address is limited under (IPv6 per /64)."""
    return limit_key(request.client.host) if request.client else "unknown"


async def _player(server: ServerParts, name: str) -> Any:
    key = lookup_key(name)
    user = None if key is None else await server.accounts.store.user_named(key, clean_name(name))
    if user is None:
        raise problem(404, "not_found", f"no player named {name[:64]!r}")
    return user


def _stats(rows: list[dict[str, Any]]) -> list[StatsInfo]:
    return [StatsInfo(**r) for r in rows if r["mode"] in MODES.values()]


# ---------------------------------------------------------------------- routes


def register(app: FastAPI, server: ServerParts) -> None:
    """Add the accounts, players, games and replays endpoints."""

    @app.exception_handler(AccountError)
    async def account_error(_request: Request, exc: AccountError) -> JSONResponse:
        body = {"detail": exc.message, "code": exc.code, **exc.fields}
        return JSONResponse(body, status_code=exc.status, headers=exc.headers)

    _account_routes(app, server)
    _player_routes(app, server)
    _game_routes(app, server)


async def _session_info(
    server: ServerParts, identity: Identity, token: str | None = None
) -> SessionInfo:
    prefs = await server.chat.load(identity)
    return SessionInfo(
        id=identity.id,
        name=identity.name,
        guest=identity.guest,
        chat=prefs.enabled,
        session=token,
    )


def _account_routes(app: FastAPI, server: ServerParts) -> None:
    async def logged_in(request: Request, response: Response, made: LoggedIn) -> SessionInfo:
        previous = await identity_of(server, request)
        if previous is not None and previous.session not in (None, made.identity.session):
            await server.accounts.logout(previous)  # the cookie it was in is replaced
        set_cookie(server, request, response, made.token)
        info = await _session_info(server, made.identity, made.token)
        info.adopted = made.adopted
        return info

    @app.post(
        "/api/accounts",
        status_code=201,
        response_model=SessionInfo,
        responses=problems(409, 422, 429),
        tags=["accounts"],
    )
    async def register_account(
        body: Credentials, request: Request, response: Response
    ) -> SessionInfo:
        """Register an account and log in. Names are unique ignoring case; passwords are
        8 to 128 characters. A guest's seats and chat setting move to the new account."""
        guest = await guest_of(server, request)
        address = _address(request)
        made = await server.accounts.register(body.name, body.password, address, guest)
        return await logged_in(request, response, made)

    @app.post(
        "/api/login",
        response_model=SessionInfo,
        responses=problems(401, 422, 429),
        tags=["accounts"],
    )
    async def login(body: Credentials, request: Request, response: Response) -> SessionInfo:
        """Log in (401 wrong name or password; 429 after too many failures for the name,
        or too many attempts from the address). A guest's seats move to the account."""
        guest = await guest_of(server, request)
        made = await server.accounts.login(body.name, body.password, _address(request), guest)
        return await logged_in(request, response, made)

    @app.post("/api/logout", response_model=Ok, tags=["accounts"])
    async def logout(request: Request, response: Response) -> Ok:
        """End the session: it is revoked on the server and its websockets are closed."""
        identity = await identity_of(server, request)
        if identity is not None:
            await server.accounts.logout(identity)
        response.delete_cookie(COOKIE_NAME, path="/")
        return Ok()

    @app.get("/api/account", response_model=AccountInfo, responses=problems(401), tags=["accounts"])
    async def account(request: Request) -> AccountInfo:
        """The logged-in account with its ratings and statistics."""
        identity = await account_of(server, request)
        store = server.accounts.store
        user = await store.user_by_id(identity.account_id or 0)
        if user is None:
            raise problem(401, "no_account", "log in first")
        return AccountInfo(
            id=identity.id,
            name=user.name,
            created_at=user.created_at,
            chat=user.chat_enabled,
            muted=sorted(user.muted),
            ratings=[_rating(r) for r in await store.ratings_of(user.id)],
            stats=_stats(await store.stats_of(user.id)),
        )

    @app.post(
        "/api/account/password",
        response_model=Ok,
        responses=problems(401, 403, 422, 429),
        tags=["accounts"],
    )
    async def change_password(body: PasswordChange, request: Request) -> Ok:
        """Change the password; every other session of the account is logged out."""
        identity = await account_of(server, request)
        address = _address(request)
        await server.accounts.change_password(identity, body.password, body.new_password, address)
        return Ok()

    @app.delete(
        "/api/account",
        response_model=Ok,
        responses=problems(401, 403, 422, 429),
        tags=["accounts"],
    )
    async def delete_account(body: PasswordCheck, request: Request, response: Response) -> Ok:
        """Delete the account (needs the password). Its finished games stay in other
        players' histories under the name it had; its ratings and sessions are gone."""
        identity = await account_of(server, request)
        await server.accounts.delete(identity, body.password, _address(request))
        response.delete_cookie(COOKIE_NAME, path="/")
        return Ok()

    @app.get("/api/preferences", response_model=Preferences, responses=problems(401), tags=["chat"])
    async def preferences(request: Request) -> Preferences:
        """Chat on or off and the muted people, for a guest's session or an account."""
        identity = await identity_of(server, request)
        if identity is None:
            raise problem(401, "no_session", "no session: POST /api/session first")
        prefs = await server.chat.load(identity)
        return Preferences(chat=prefs.enabled, muted=sorted(prefs.muted), presets=PRESETS)

    @app.put(
        "/api/preferences",
        response_model=Preferences,
        responses=problems(400, 401, 422, 429),
        tags=["chat"],
    )
    async def set_preferences(body: ChatPreferences, request: Request) -> Preferences:
        """Turn chat on or off, or replace the list of muted people."""
        identity = await identity_of(server, request)
        if identity is None:
            raise problem(401, "no_session", "no session: POST /api/session first")
        try:
            prefs = await server.chat.update(identity, enabled=body.chat, muted=body.muted)
        except ProtocolError as exc:
            if exc.code != "rate_limited":
                raise problem(400, exc.code, exc.message) from exc
            wait = str(math.ceil(exc.retry_after or 1))
            raise AccountError(429, exc.code, exc.message, {"Retry-After": wait}) from exc
        return Preferences(chat=prefs.enabled, muted=sorted(prefs.muted), presets=PRESETS)


def _player_routes(app: FastAPI, server: ServerParts) -> None:
    store = server.accounts.store

    @app.get(
        "/api/players/{name}",
        response_model=Profile,
        responses=problems(404, 422),
        tags=["players"],
    )
    async def profile(name: PlayerName, request: Request) -> Profile:
        """A player's profile: ratings per mode and statistics per mode."""
        user = await _player(server, name)
        private = private_history_visible(await identity_of(server, request), user.id)
        total, _ = await store.games_of(user.id, 0, 0, private)
        return Profile(
            name=user.name,
            created_at=user.created_at,
            games=total,
            ratings=[_rating(r) for r in await store.ratings_of(user.id)],
            stats=_stats(await store.stats_of(user.id)),
        )

    @app.get(
        "/api/players/{name}/games",
        response_model=History,
        responses=problems(404, 422),
        tags=["players"],
    )
    async def history(
        name: PlayerName,
        request: Request,
        limit: Annotated[int, Query(ge=1, le=100)] = 20,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> History:
        """A player's finished games, newest first (private ones only to the player)."""
        user = await _player(server, name)
        private = private_history_visible(await identity_of(server, request), user.id)
        total, rows = await store.games_of(user.id, limit, offset, private)
        return History(name=user.name, total=total, offset=offset, games=[_entry(r) for r in rows])

    @app.get(
        "/api/players/{name}/ratings",
        response_model=RatingHistory,
        responses=problems(404, 422),
        tags=["players"],
    )
    async def rating_history(
        name: PlayerName,
        mode: Mode = "partnership",
        limit: Annotated[int, Query(ge=1, le=1000)] = 200,
    ) -> RatingHistory:
        """A player's rating after each ranked game of a mode, oldest first."""
        user = await _player(server, name)
        points = await store.rating_history(user.id, mode, limit)
        return RatingHistory(
            name=user.name,
            mode=mode,
            points=[
                RatingPoint(
                    game=p["game_id"],
                    rating=round(p["ordinal"], 2),
                    before=round(p["before"], 2),
                    mu=round(p["mu"], 4),
                    sigma=round(p["sigma"], 4),
                    won=bool(p["won"]),
                    at=p["at"],
                )
                for p in points
            ],
        )

    @app.get(
        "/api/leaderboard", response_model=Leaderboard, responses=problems(422), tags=["players"]
    )
    async def leaderboard(
        mode: Mode = "partnership",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
        established: bool = False,
    ) -> Leaderboard:
        """Players of a mode ordered by displayed rating (``established``: only those past
        the provisional games, against enough distinct established opponents)."""
        total, rows = await store.leaderboard(mode, limit, offset, established)
        entries = [
            LeaderboardEntry(
                rank=offset + i + 1,
                name=name,
                **_rating(r).model_dump(exclude={"mode"}),
            )
            for i, (name, r) in enumerate(rows)
        ]
        rule = EstablishedRule(
            games=server.settings.provisional_games,
            opponents=server.settings.provisional_opponents,
        )
        return Leaderboard(
            mode=mode, total=total, offset=offset, entries=entries, established_rule=rule
        )


def _entry(row: Any) -> HistoryEntry:
    m = row._mapping
    seats = m["game_seats"] if isinstance(m["game_seats"], list) else []
    settings = m["game_settings"] if isinstance(m["game_settings"], dict) else {}
    before, after = m["rating_before"], m["rating_after"]
    return HistoryEntry(
        game=m["game_id"],
        finished_at=as_utc(m["finished_at"]) or utcnow(),
        kind=m["kind"],
        preset=str(settings.get("preset", m["variant_name"])),
        mode=m["mode"],
        seat=m["seat"],
        side=m["side"],
        won=m["won"],
        points=m["points"],
        score=list(m["game_scores"] or []),
        **stored_players(seats),
        rating_before=None if before is None else round(before, 2),
        rating_after=None if after is None else round(after, 2),
    )


def _game_routes(app: FastAPI, server: ServerParts) -> None:
    async def finished_game(game_id: str, viewer: Identity | None, invite: str | None) -> GameRow:
        """A finished game the viewer may see, with its record."""
        row = await server.store.load_game(game_id)
        if row is None or row.status in (TableStatus.WAITING, TableStatus.CLOSED):
            raise problem(404, "not_found", f"no game {game_id}")
        if not may_view(row, viewer, invite):
            raise problem(404, "not_found", f"no game {game_id}")  # private: not for strangers
        if row.status != TableStatus.FINISHED or row.record is None:
            raise problem(409, "not_finished", "the game is still being played")
        return row

    @app.get("/api/games/{game_id}/egn", responses=problems(404, 409, 422, 429), tags=["games"])
    async def egn(game_id: GameId, request: Request, invite: Invite = None) -> JSONResponse:
        """A finished game's record as an EGN file (a download)."""
        viewer = await admit_replay(server, request)
        row = await finished_game(game_id, viewer, invite)
        return JSONResponse(
            row.record,
            headers={"Content-Disposition": f'attachment; filename="euchre-{game_id}.egn.json"'},
        )

    @app.get(
        "/api/games/{game_id}/replay",
        response_model=Replay,
        responses=problems(404, 409, 422, 429, 503),
        tags=["games"],
    )
    async def replay(game_id: GameId, request: Request, invite: Invite = None) -> Response:
        """A finished game, every hand face up, bid by bid and trick by trick (a private
        game: for its players, or with its ``invite`` code)."""
        viewer = await admit_replay(server, request)
        row = await finished_game(game_id, viewer, invite)
        assert row.record is not None  # finished_game's promise
        answer = await _replayed(server, row.record, game_id, _asker(server, request, viewer))
        seat = _seat_of(row, viewer)
        if seat is None:
            return answer
        # the viewer's seat, for the board to face them from the first step (the review
        # that also says it can take a while): spliced in, the worker's bytes kept
        spliced = b'{"you": %d, ' % seat + bytes(answer.body)[1:]
        return Response(spliced, media_type="application/json")

    @app.get(
        "/api/games/{game_id}/summary",
        response_model=GameSummary,
        responses=problems(404, 422),
        tags=["games"],
    )
    async def summary(game_id: GameId, request: Request, invite: Invite = None) -> GameSummary:
        """A game's players, score and outcome, with each account's statistics and rating
        change once the results are written."""
        row = await server.store.load_game(game_id)
        identity = await identity_of(server, request)
        hidden = row is not None and not may_view(row, identity, invite)
        if row is None or hidden or row.status in (TableStatus.WAITING, TableStatus.CLOSED):
            raise problem(404, "not_found", f"no game {game_id}")
        return await _summary(server, row)

    @app.post(
        "/api/replays",
        response_model=Replay,
        responses=problems(408, 413, 422, 429, 503),
        tags=["games"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "description": "an EGN record (Euchre Game Notation, JSON), at most 1 MiB "
                "and 500 deals (the replay_max_bytes and replay_max_deals settings)",
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
    )
    async def upload(request: Request) -> Response:
        """View an uploaded EGN record: it is checked completely (structure and rules) and
        answered as a replay; nothing is stored. Limits: ``replay_max_bytes`` (413
        ``too_large``), ``replay_max_deals`` (413 ``too_many_deals``), a rate per address
        and per session (429), replays at once (503)."""
        asker = _asker(server, request, await admit_replay(server, request))
        limits = server.replays.limits
        body = await _body(request, limits.max_bytes, server.settings.body_timeout)
        return await _replayed(server, body, None, asker)


async def admit_replay(server: ServerParts, request: Request) -> Identity | None:
    """Count a replay, or a whole record read, against the asker's rate (429 past it):
    each rebuilds or writes a whole game, the largest 500 deals. The rate per session is
    the valid session's: a cookie's mere presence proves nothing. Returns the asker (None:
    no valid session), whom the caller checks no more."""
    identity = await identity_of(server, request)
    try:
        await server.replays.admit(_host(request), identity.id if identity else None)
    except ReplayRefusal as exc:
        raise _refused(exc) from None
    return identity


def _host(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _asker(server: ServerParts, request: Request, identity: Identity | None) -> str:
    """Whose replay it is: each asker has one computed at a time."""
    return server.replays.asker(_host(request), identity.id if identity else None)


def _seat_of(row: GameRow, viewer: Identity | None) -> int | None:
    """The seat ``viewer`` played at the game (their first), if any."""
    if viewer is None:
        return None
    for seat, held in enumerate(row.seats):
        if isinstance(held, dict) and held.get("user") == viewer.id:
            return seat
    return None


async def _replayed(
    server: ServerParts, payload: bytes | dict[str, Any], game_id: str | None, asker: str
) -> Response:
    """The replay computed off the event loop (a stored game's with ``game_id``), sent as
    the worker wrote it."""
    try:
        answer = await server.replays.run(payload, game_id, asker)
    except ReplayRefusal as exc:
        if game_id is not None and exc.status == 422:
            exc = ReplayRefusal(409, exc.code, exc.message, where=exc.where)
        raise _refused(exc) from None
    return Response(answer, media_type="application/json")


def _refused(exc: ReplayRefusal) -> AccountError:
    headers = {"Retry-After": str(max(1, round(exc.retry_after)))} if exc.retry_after else None
    fields = {"record": exc.where} if exc.where else None
    return AccountError(exc.status, exc.code, exc.message, headers, fields)


async def _body(request: Request, limit: int, seconds: float) -> bytes:
    """The upload, at most ``limit`` bytes arriving within ``seconds`` (a body sent a
    byte at a time would hold its socket and its buffer for ever)."""
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise problem(413, "too_large", f"a record is at most {limit} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise problem(408, "too_slow", f"the upload must arrive within {seconds:g} s") from None
    return b"".join(chunks)


async def _summary(server: ServerParts, row: Any) -> GameSummary:
    from .results import variant_of_row
    from .stats import mode_of

    variant = variant_of_row(row)
    # The result first: once it is there, so are the players (one transaction wrote both).
    rated = await server.accounts.store.result_of(row.id)
    accounts = {p["seat"]: p for p in await server.accounts.store.game_players(row.id)}
    players = []
    for index, raw in enumerate(row.seats):
        seat = raw if isinstance(raw, dict) else {}
        kind = restored_seat(raw).kind
        side = index % 2 if variant.players == 4 else index
        found = accounts.get(index)
        winner = row.winner
        players.append(
            GamePlayerInfo(
                seat=index,
                name=str(seat.get("name", "")),
                type=kind,
                account=None if found is None else found["account"],
                side=side,
                won=None if winner is None else winner == side,
                stats=None if found is None else {c: int(found[c]) for c in STAT_COLUMNS},
                rating_before=_round(found, "rating_before"),
                rating_after=_round(found, "rating_after"),
            )
        )
    return GameSummary(
        id=row.id,
        kind=row.kind,
        status=row.status,
        preset=str(row.settings.get("preset", row.variant_name)),
        mode=mode_of(variant),  # type: ignore[arg-type]
        players=players,
        score=row.scores,
        winner=row.winner,
        created_at=row.created_at,
        finished_at=row.finished_at,
        processed=rated is not None,
        rated=bool(rated),
    )


def _round(found: dict[str, Any] | None, key: str) -> float | None:
    value = None if found is None else found.get(key)
    return None if value is None else round(float(value), 2)


__all__ = ["identity_of", "register", "set_cookie"]
