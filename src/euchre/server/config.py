"""Server settings: environment variables with defaults that work on a laptop.

Every setting has an ``EUCHRE_`` environment variable (``EUCHRE_DATABASE_URL``,
``EUCHRE_FILL_SECONDS``...); ``euchre serve`` options override them.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./euchre.db"
LOG_LEVELS = ("debug", "info", "warning", "error")
DATABASE_SCHEMES = ("sqlite", "postgresql", "postgres")
REDIS_SCHEMES = ("redis", "rediss", "unix")
# Counts and times the server cannot run with at 0 (every other number may be 0).
AT_LEAST_ONE = frozenset(
    {
        "port", "max_message_bytes", "max_frame_bytes", "rate_per_second", "rate_burst",
        "outgoing_queue", "event_buffer", "lease_seconds", "relay_timeout", "max_body_bytes",
        "argon2_time_cost", "argon2_memory_kib", "argon2_parallelism", "replay_workers",
        "replay_max_bytes", "replay_max_deals", "chat_max_chars", "header_timeout",
        "body_timeout", "max_header_bytes", "max_websockets", "seat_changes_per_minute",
        "invite_lookups_per_address", "websocket_opens_per_minute",
    }
)  # fmt: skip
FRACTIONS = frozenset({"provisional_influence", "repeat_decay"})


class SettingError(ValueError):
    """A setting the server cannot run with; the message names its variable and what it takes."""


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told; times are in seconds."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = DEFAULT_DATABASE_URL
    redis_url: str = ""  # empty: the in-process event bus
    secret: str = ""  # empty: a secret generated once and kept in the database
    fill_seconds: float = 15.0  # wait before bots fill a quick-play table
    grace_seconds: float = 60.0  # a disconnected player's seat is kept this long
    # The others hear that a player is away once they have been gone this long: a connection
    # lost and found again at once is no news (and, in a loop, stored two rows each time).
    away_seconds: float = 3.0
    turn_seconds: float = 30.0  # default turn timer (0: off, private tables only)
    summary_seconds: float = 3.0  # default pause after each hand, for its summary (0: none)
    rematch_seconds: float = 30.0  # how long "play again" waits for the others' answers
    min_turn_seconds: float = 5.0  # shortest turn timer a table may choose
    bot_level: str = ""  # empty: the best level registered from PREFERRED_BOT_LEVELS
    bot_delay: float = 0.6  # a bot's pause before it acts, so people can follow
    trick_pause: float = 1.0  # ... and this much more to lead a trick: the last stays in sight
    bot_budget: float = 2.0  # most time a bot may think before medium's choice is played
    bot_think: float = 0.5  # the most a bot thinks per decision, whatever the budget left
    bot_workers: int = 0  # bot worker processes (0: one per core, at a lower priority)
    bot_nice: int = 5  # the workers' lower priority, so people's tables keep their CPU
    # Review each person's decisions as soon as a deal ends (off: when first asked, then
    # stored; precomputing every hand of every person cost 0.9 ms of server CPU per action).
    reviews_after_hand: bool = False
    max_message_bytes: int = 4096  # larger frames get an error and are ignored
    max_frame_bytes: int = 65536  # larger frames close the connection (1009)
    rate_per_second: float = 40.0  # messages a client may send per second, on average
    rate_burst: float = 80.0  # ... and in a burst
    outgoing_queue: int = 512  # messages waiting for a slow client before it is dropped
    event_buffer: int = 128  # events kept per table for reconnects
    finished_ttl: float = 300.0  # how long a finished table stays in memory
    log_level: str = "info"
    log_json: bool = True
    ws_deflate: bool = True
    instance: str = ""  # name of this instance on the bus (default: host:port)
    # Several instances (with Redis): docs/operations.md.
    lease_seconds: float = 6.0  # a table's owner must renew its claim within this time
    relay_timeout: float = 10.0  # longest wait for another instance to answer a request
    # Accounts (docs/protocol.md, section 11).
    allowed_origins: str = ""  # other origins whose pages may open the websocket (comma list)
    # Security (docs/security.md).
    public_origin: str = ""  # the origin people open, https://euchre.example (empty: loopback)
    trusted_proxies: str = ""  # proxies whose X-Forwarded-For is read (comma list, CIDR ok)
    max_body_bytes: int = 16384  # largest JSON request body (EGN uploads have their own)
    api_docs: bool = False  # serve the browsable API docs at /api/docs
    metrics_token: str = ""  # /metrics needs "Authorization: Bearer <token>" (empty: loopback)
    cookie_secure: bool = False  # mark session cookies Secure (also set on https requests)
    argon2_time_cost: int = 3  # argon2id parameters; a changed value rehashes at next login
    argon2_memory_kib: int = 65536
    argon2_parallelism: int = 4
    login_name_failures: int = 5  # failed logins per (account name, address) in the window
    login_name_slow_after: int = 50  # attempts per name (all addresses) before they are slowed
    login_name_delay_seconds: float = 2.0  # ... to one at a time, each this long
    login_address_attempts: int = 30  # login attempts per address in the window
    login_window_seconds: float = 300.0
    register_per_address: int = 5  # accounts registered per address ...
    register_window_seconds: float = 3600.0  # ... in this window
    guests_per_address: int = 30  # guest sessions made per address ...
    guests_window_seconds: float = 3600.0  # ... in this window
    # Chat and ratings.
    chat_max_chars: int = 200
    chat_messages: int = 5  # messages a person may send per chat_seconds
    chat_seconds: float = 10.0
    provisional_games: int = 10  # ratings are provisional until this many ranked games ...
    provisional_opponents: int = 3  # ... against this many distinct established opponents
    # Load limits (docs/operations.md, "Limits").
    replay_workers: int = 1  # processes computing replays (started on first use)
    replay_max_bytes: int = 1024 * 1024  # largest EGN upload
    replay_max_deals: int = 500  # most deals in a replayed record (bounds the answer too)
    replay_per_address: int = 30  # replays per address in the window ...
    replay_per_session: int = 20  # ... and per session
    replay_window_seconds: float = 60.0
    invite_lookups_per_address: int = 60  # invite previews an address may look up a minute
    tables_per_person: int = 5  # open tables one person may have created ...
    tables_per_address: int = 20  # ... and one address
    waiting_per_person: int = 3  # of those, still waiting for players
    waiting_per_address: int = 10
    tables_opened_per_person: int = 20  # new tables one person may open in the window ...
    tables_opened_per_address: int = 60  # ... and one address
    tables_opened_window_seconds: float = 600.0
    seats_per_person: int = 6  # open tables one person may sit at
    # Seat changes stored before a game (sit, move, swap, add or remove a bot) per person a
    # minute, on each instance: in a loop each was a row kept for ever.
    seat_changes_per_minute: int = 30
    spectators_per_table: int = 50  # people watching one table without a seat (0: no cap)
    max_bot_games: int = 100  # running games with a bot seat, per instance
    unseated_seconds: float = 600.0  # a waiting table nobody sits at closes after this
    # A private table not yet started keeps the seats of its people who are away (a host
    # on a phone sending the invite from a messaging app) this long, rather than the grace.
    waiting_table_seconds: float = 900.0
    unattended_seconds: float = 60.0  # bots stop once no person has been connected this long
    # a game no person has been connected to this long closes, unfinished (0: never)
    abandoned_seconds: float = 24 * 3600.0
    stall_timeouts: int = 2  # turns in a row the timer moves for a person before a bot plays
    header_timeout: float = 10.0  # a request's headers must arrive within this time
    body_timeout: float = 30.0  # ... and a request's body (any endpoint) within this
    keep_alive_seconds: int = 5  # an idle keep-alive connection is closed after this
    max_header_bytes: int = 16384  # largest request head (h11)
    sockets_per_address: int = 64  # open sockets (HTTP and websockets) per client address
    max_sockets: int = 0  # open sockets in all (0: the open-file limit less 100)
    websockets_per_address: int = 32  # websocket connections per client address
    websocket_opens_per_minute: int = 120  # websockets an address may open a minute
    max_websockets: int = 10_000  # websocket connections in all (more: close 1013)
    # Addresses the per-address limits leave out (comma list): by default loopback, where a
    # reverse proxy on the same machine connects from. Total limits still apply.
    address_limit_exempt: str = "127.0.0.1,::1"
    provisional_influence: float = 0.25  # share of an established rating's change when
    # anyone else at the table is provisional
    repeat_decay: float = 0.5  # the change is multiplied by this per earlier ranked game
    repeat_window_seconds: float = 7 * 24 * 3600.0  # ... the same two accounts shared in this

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed (None values are ignored)."""
        return dataclasses.replace(self, **{k: v for k, v in changes.items() if v is not None})


def _convert(kind: type[Any], text: str) -> Any:
    if kind is bool:
        return text.strip().lower() in ("1", "true", "yes", "on")
    return kind(text)


_KINDS: dict[str, type[Any]] = {"str": str, "int": int, "float": float, "bool": bool}
_KIND_WORDS = {int: "a whole number", float: "a number"}


def from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from ``EUCHRE_*`` environment variables over the defaults."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    for field in dataclasses.fields(Settings):
        raw = env.get("EUCHRE_" + field.name.upper())
        if raw is not None and raw != "":
            kind = _KINDS[str(field.type)]
            try:
                values[field.name] = _convert(kind, raw)
            except ValueError:
                raise ValueError(
                    f"EUCHRE_{field.name.upper()}={raw!r}: expected {_KIND_WORDS[kind]}"
                ) from None
    return check(Settings(**values))


def check(settings: Settings, given_as: Mapping[str, str] | None = None) -> Settings:
    """The settings, if every value is one the server can run with; else ``SettingError``.

    ``given_as`` names the command-line option a field's value came from, so the message
    names what the operator typed rather than the variable it overrides.
    """
    for field in dataclasses.fields(Settings):
        value = getattr(settings, field.name)
        problem = _problem(field.name, value)
        if problem:
            option = (given_as or {}).get(field.name, "")
            raise SettingError(f"{setting_named(field.name, value, option)}: {problem}")
    return settings


def setting_named(name: str, value: object, option: str = "") -> str:
    """A setting's value as the operator gave it: ``--port 99999 (EUCHRE_PORT)`` or
    ``EUCHRE_PORT=99999``."""
    variable = f"EUCHRE_{name.upper()}"
    return f"{option} {value!r} ({variable})" if option else f"{variable}={value!r}"


def _problem(name: str, value: object) -> str:
    """What is wrong with one setting's value ('' when nothing)."""
    if isinstance(value, str):
        return _text_problem(name, value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    if not math.isfinite(value):
        return "must be a finite number"
    if name == "port" and value > 65535:
        return "must be a port, 1 to 65535"
    if name == "bot_nice" and value > 19:
        return "must be 0 to 19"
    if name in FRACTIONS and not 0 <= value <= 1:
        return "must be 0 to 1"
    least = 1 if name in AT_LEAST_ONE else 0
    return f"must be at least {least}" if value < least else ""


def _text_problem(name: str, value: str) -> str:
    if name == "log_level" and value.lower() not in LOG_LEVELS:
        return "must be one of " + ", ".join(LOG_LEVELS)
    if name == "database_url" and _scheme(value) not in DATABASE_SCHEMES:
        return "must be sqlite:///PATH or postgresql://USER@HOST/NAME"
    if name == "redis_url" and value and _scheme(value) not in REDIS_SCHEMES:
        return "must be empty (one instance) or redis://HOST:PORT/DB (rediss://, unix:// too)"
    if name in ("public_origin", "allowed_origins"):
        return _origins_problem(value)
    if name in ("trusted_proxies", "address_limit_exempt"):
        return _networks_problem(value)
    return ""


def _scheme(url: str) -> str:
    """``postgresql`` for ``postgresql+asyncpg://...`` ('' without a scheme)."""
    head, sep, _ = url.partition("://")
    return head.split("+", 1)[0].lower() if sep else ""


def _origins_problem(text: str) -> str:
    for origin in _entries(text):
        scheme, sep, host = origin.rstrip("/").partition("://")
        if scheme not in ("http", "https") or not sep or not host or "/" in host:
            return f"{origin!r} is not an origin: write it as https://HOST or https://HOST:PORT"
    return ""


def _networks_problem(text: str) -> str:
    for entry in _entries(text):
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            return f"{entry!r} is not an IP address or network (a comma list: 10.0.0.5,::1)"
    return ""


def _entries(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]
