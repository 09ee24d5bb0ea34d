"""What every HTTP request passes before an endpoint sees it, and what every answer carries.

- Request bodies are limited per endpoint: a ``Content-Length`` over the limit is refused
  with 413 before anything is read, and a streamed body is counted as it arrives. Every
  body must arrive within ``body_timeout`` of the request's start (408): the header
  timeout ends with the head, and a JSON body sent a byte every few seconds held its
  socket and its task for hours.
- State-changing requests (POST, PUT, PATCH, DELETE) from a browser page of another
  origin are refused with 403: the ``Origin`` (or, without it, ``Sec-Fetch-Site``) must
  be the server's public origin, so no other site can act with a visitor's cookie. A
  request with more than one ``Origin`` is refused (403) whatever its method: browsers
  send one, and checking only the first let a second pass unseen.
- ``HEAD`` on the API (``/api/...``, ``/healthz``, ``/metrics``) is answered as ``GET``
  without the body (FastAPI's routes answered it 404); the client files answer it
  themselves.
- Answers carry a Content-Security-Policy (scripts and styles from this origin only, no
  framing), ``nosniff``, a Referrer-Policy; uvicorn runs without its ``server`` banner
  and without reading forwarding headers itself (see ``addresses``).
- A request that does not match its schema gets the fields and messages only, never the
  input it sent (passwords included).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, Response
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from euchre.engine.quoting import why_not_json

from .addresses import is_loopback, parse_proxies
from .config import Settings

if TYPE_CHECKING:
    from .parts import ServerParts

log = logging.getLogger("euchre.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# How uvicorn must run this app: forwarding headers are read by the app, from the
# proxies it is told to trust, never by uvicorn from loopback; and no server banner.
UVICORN_OPTIONS: dict[str, Any] = {"proxy_headers": False, "server_header": False}

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
API_PATHS = ("/api/", "/healthz", "/metrics")  # what the app's routes serve (HEAD as GET)
UPLOAD_PATH = "/api/replays"  # EGN records: up to the replay_max_bytes setting

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        # Inline style attributes (a score bar's width) cannot run script.
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# The API docs page (only with EUCHRE_API_DOCS, a development aid) is FastAPI's: Swagger
# UI from a CDN, started by an inline script.
DOCS_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'",
        "style-src 'self' https://cdn.jsdelivr.net",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "frame-ancestors 'none'",
    ]
)
DOCS_PATH = "/api/docs"
COMMON_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SECURITY_HEADERS = [(b"content-security-policy", CONTENT_SECURITY_POLICY.encode()), *COMMON_HEADERS]
DOCS_HEADERS = [(b"content-security-policy", DOCS_POLICY.encode()), *COMMON_HEADERS]


@functools.lru_cache(maxsize=16)
def public_origins(settings: Settings) -> frozenset[str]:
    """The origins whose pages may act with the cookie: ``public_origin`` (and
    ``allowed_origins``) when set, else this server's port on the loopback names."""
    configured = [settings.public_origin, *settings.allowed_origins.split(",")]
    found = {o.strip().rstrip("/").lower() for o in configured if o.strip()}
    if not settings.public_origin.strip():
        hosts = {settings.host, "127.0.0.1", "localhost", "[::1]"} - {"0.0.0.0", "::", ""}
        for host in hosts:
            for scheme in ("http", "https"):
                found.add(f"{scheme}://{host}:{settings.port}".lower())
    return frozenset(found)


def same_origin(origin: str, allowed: frozenset[str]) -> bool:
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and origin.strip().rstrip("/").lower() in allowed


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def origins_sent(scope: Scope) -> int:
    return sum(1 for key, _value in scope.get("headers", []) if key == b"origin")


def cross_site(scope: Scope, allowed: frozenset[str]) -> bool:
    """Whether a request was sent by a page of another origin."""
    origin = _header(scope, b"origin")
    if origin is not None:
        return origin == "null" or not same_origin(origin, allowed)
    fetch_site = _header(scope, b"sec-fetch-site")
    return fetch_site is not None and fetch_site not in ("same-origin", "none")


class BodyTooLargeError(Exception):
    """A streamed body grew past its endpoint's limit."""


class BodyTooSlowError(Exception):
    """A body still not in whole when its time ran out."""


def _refusal(code: str, detail: str) -> bytes:
    return json.dumps({"detail": detail, "code": code}).encode()


class Guard:
    """The ASGI middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.default_limit = settings.max_body_bytes
        self.upload_limit = settings.replay_max_bytes
        self.body_timeout = settings.body_timeout
        self.origins = public_origins(settings)
        self.docs = settings.api_docs

    def limit_of(self, path: str) -> int:
        return self.upload_limit if path == UPLOAD_PATH else self.default_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refused(scope)
        if refusal is not None:
            await _answer(send, *refusal)
            return
        body = _CountedBody(receive, scope["path"], self.limit_of(scope["path"]), self.body_timeout)
        docs = self.docs and scope["path"] == DOCS_PATH
        headers = DOCS_HEADERS if docs else SECURITY_HEADERS

        async def send_guarded(message: Message) -> None:
            if body.refusal is not None:
                # Whatever the endpoint made of the cut body (FastAPI answers 400), the
                # client is told the real reason, once.
                if message["type"] == "http.response.start":
                    await _answer(send, *body.refusal)
                return
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *headers]
            await send(message)

        try:
            await self.app(scope, body.receive, send_guarded)
        except (BodyTooLargeError, BodyTooSlowError):
            await send_guarded({"type": "http.response.start", "status": 400, "headers": []})

    def _refused(self, scope: Scope) -> tuple[int, bytes] | None:
        if origins_sent(scope) > 1:
            detail = "refused: the request has more than one Origin header"
            return 403, _refusal("cross_origin", detail)
        if scope["method"] in UNSAFE_METHODS and cross_site(scope, self.origins):
            detail = "refused: this request came from a page of another site"
            return 403, _refusal("cross_origin", detail)
        length = _header(scope, b"content-length")
        limit = self.limit_of(scope["path"])
        if length is not None and (not length.isdigit() or int(length) > limit):
            return _too_large(limit, scope["path"])
        return None


class HeadAsGet:
    """``HEAD`` on the API answered as ``GET`` without the body: FastAPI's routes take
    GET only, and the client files' mount behind them answered 404. Outermost, so the
    headers are the GET's as sent (compressed: the compressed ``Content-Length``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        if not scope["path"].startswith(API_PATHS):
            await self.app(scope, receive, send)  # the client files answer HEAD themselves
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


def _too_large(limit: int, path: str) -> tuple[int, bytes]:
    if path == UPLOAD_PATH:  # in the words the upload's endpoint uses, as it arrives
        detail = f"a record is at most {limit} bytes"
    else:
        detail = f"the request body is too large: at most {limit} bytes here"
    return 413, _refusal("too_large", detail)


class _CountedBody:
    """A request's ``receive``, counting the body's bytes against a limit and its time
    against a deadline (the wait for the client's disconnect afterwards has none)."""

    def __init__(self, receive: Receive, path: str, limit: int, seconds: float) -> None:
        self._receive = receive
        self.path = path
        self.limit = limit
        self.seconds = seconds
        self._deadline = asyncio.get_running_loop().time() + seconds
        self.seen = 0
        self.complete = False
        self.refusal: tuple[int, bytes] | None = None

    async def receive(self) -> Message:
        if self.complete:
            return await self._receive()
        try:
            async with asyncio.timeout_at(self._deadline):
                message = await self._receive()
        except TimeoutError:
            self.refusal = _too_slow(self.seconds)
            raise BodyTooSlowError from None
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            self.complete = not message.get("more_body", False)
            if self.seen > self.limit:
                self.refusal = _too_large(self.limit, self.path)
                raise BodyTooLargeError
        return message


def _too_slow(seconds: float) -> tuple[int, bytes]:
    detail = f"the request body did not arrive in time: it must arrive within {seconds:g} s"
    return 408, _refusal("too_slow", detail)


async def _answer(send: Send, status: int, body: bytes) -> None:
    """A refusal that ends the connection: the request's body may still be on its way
    unread, and on a kept-alive connection it was taken for the next request's head."""
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *SECURITY_HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def metrics_allowed(settings: Settings, request: Request) -> bool:
    """``/metrics`` answers the operator's token, or (without one) loopback clients
    whose request came through no proxy."""
    if settings.metrics_token:
        return request.headers.get("authorization") == f"Bearer {settings.metrics_token}"
    forwarded = "x-forwarded-for" in request.headers or "forwarded" in request.headers
    host = request.client.host if request.client else ""
    return is_loopback(host) and not forwarded


def install(app: FastAPI, server: ServerParts) -> None:
    """Add the guard (and, with trusted proxies, reading their headers) to the app."""
    settings = server.settings
    local = is_loopback(settings.host) or settings.host == "localhost"
    if not settings.public_origin.strip() and not local:
        log.warning(
            "EUCHRE_PUBLIC_ORIGIN is not set: pages opened under any name but "
            "127.0.0.1 or localhost cannot log in, post or connect with their cookie; "
            "set it to the address people open (https://euchre.example)",
            extra={"host": settings.host},
        )
    if settings.public_origin.strip() and not settings.metrics_token:
        log.warning(
            "EUCHRE_METRICS_TOKEN is not set: /metrics answers any request from this "
            "machine without a proxy header, and a reverse proxy here that adds none "
            "(nginx's plain proxy_pass) passes everyone's; set a token for the scraper",
            extra={"public_origin": settings.public_origin},
        )
    app.add_middleware(Guard, settings=settings)
    proxies = parse_proxies(settings.trusted_proxies)
    if proxies:
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=proxies)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        sent_as = request.headers.get("content-type", "")
        return _invalid_request([_field_error(e, sent_as) for e in exc.errors()])

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 400 and exc.detail == _UNPARSED:
            # FastAPI's answer when json.loads fails otherwise than JSONDecodeError
            # (too deep, not UTF-8, a number too long): say which, as for other bad bodies.
            reason = why_not_json(exc.__cause__ or ValueError("unreadable"))
            return _invalid_request([_body_error(reason)])
        if exc.status_code in (404, 405) and exc.detail in _ROUTING_WORDS:
            return _no_route(request, exc)
        return await http_exception_handler(request, exc)


# Starlette's words for an address no route answers, or a method it does not take.
_ROUTING_WORDS = ("Not Found", "Method Not Allowed")


def _no_route(request: Request, exc: HTTPException) -> JSONResponse:
    """No route answers this address, or not this method: said with a code, as every
    other refusal is."""
    path = request.url.path[:200]
    if exc.status_code == 404:
        body = {"detail": f"nothing at {path}: docs/protocol.md lists the addresses"}
        body["code"] = "not_found"
    else:
        allowed = _methods_at(request) or (exc.headers or {}).get("Allow", "")
        body = {"detail": f"{request.method} is not taken at {path} (allowed: {allowed})"}
        body["code"] = "method_not_allowed"
        return JSONResponse(body, status_code=exc.status_code, headers={"Allow": allowed})
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


_METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def _methods_at(request: Request) -> str:
    """Every method some route takes at this address (Starlette's Allow names only the
    first route's: "GET, HEAD" where POST and DELETE answer too)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        regex = getattr(route, "path_regex", None)
        if regex is not None and regex.match(request.url.path) and getattr(route, "methods", None):
            methods |= route.methods
    if "GET" in methods:
        methods.add("HEAD")  # answered as GET (HeadAsGet)
    known = {method: at for at, method in enumerate(_METHOD_ORDER)}
    return ", ".join(sorted(methods, key=lambda m: (known.get(m, len(known)), m)))


_UNPARSED = "There was an error parsing the body"


def _invalid_request(fields: list[dict[str, Any]]) -> JSONResponse:
    return JSONResponse({"detail": fields, "code": "invalid_request"}, status_code=422)


# pydantic's types for a body that is not an object at all
_NOT_AN_OBJECT = ("model_attributes_type", "dict_type", "model_type")


def _field_error(e: Any, sent_as: str) -> dict[str, Any]:
    loc, msg = list(e.get("loc", ())), str(e.get("msg", ""))
    if e.get("type") in _NOT_AN_OBJECT and loc == ["body"]:
        msg = _not_an_object(sent_as, e.get("input"))
    if e.get("type") == "json_invalid" and loc[:1] == ["body"]:
        msg = _body_error(f"it is not valid JSON ({e.get('ctx', {}).get('error', msg)})")["msg"]
    if e.get("type") == "extra_forbidden":
        msg = f"no field {loc[-1]!r} here: docs/protocol.md lists the fields this body takes"
    return {"loc": loc, "msg": msg, "type": e.get("type")}


def _not_an_object(sent_as: str, body: Any) -> str:
    media = sent_as.split(";")[0].strip().lower()
    if media != "application/json" and not media.endswith("+json"):
        came = f"it came as {media[:100]!r}" if media else "it came without one"
        return f"the body must be a JSON object sent with Content-Type: application/json ({came})"
    return f"the body must be a JSON object ({{...}}), not {_json_kind(body)}"


def _json_kind(value: Any) -> str:
    kinds = {list: "a list", str: "a string", bool: "true or false", type(None): "null"}
    return kinds.get(type(value), "a number")


def _body_error(reason: str) -> dict[str, Any]:
    return {"loc": ["body"], "msg": f"the body is not taken: {reason}", "type": "json_invalid"}
