"""Accounts: registration, login with rate limits, server-side sessions, revocation.

Passwords are hashed with argon2id (argon2-cffi) off the event loop; a stored hash made
with other parameters is replaced at the next successful login. A login creates a
random session id: the cookie carries it signed, the database keeps only its SHA-256
digest, so logging out (or changing the password, or deleting the account) revokes it
at once, and the server closes the websockets that were opened with it.

A guest who registers or logs in keeps their seats: the tables of every instance move
the seats (and the open connections) from the guest identity to the account.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from euchre.store.accounts import AccountStore, NameTakenError, UserRow
from euchre.store.names import skeleton
from euchre.store.rekey import KEY_LENGTH as NAME_KEY_LENGTH
from euchre.store.repo import utcnow

from .addresses import limit_key
from .auth import (
    SESSION_MAX_AGE,
    Identity,
    account_identity,
    chosen_name,
    clean_name,
    name_refusal,
)
from .bus import Bus, RedisBus
from .chat import Chat, Prefs
from .config import Settings
from .limits import (
    Attempts,
    Limiter,
    MemoryLimiter,
    OneAtATime,
    RedisLimiter,
    deployment_namespace,
)
from .protocol import error
from .quotas import exempt_addresses
from .strength import weakness
from .turns import Turns

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

    from euchre.store import Repository

    from .auth import Sessions
    from .connection import Connection
    from .lobby import Lobby
    from .results import Results


class AccountsHost(Protocol):
    """What the accounts reach of the running server (``app.Server``)."""

    settings: Settings
    instance: str
    engine: AsyncEngine
    store: Repository
    bus: Bus
    sessions: Sessions
    chat: Chat
    lobby: Lobby
    connections: set[Connection]
    results: Results

    def background(self, task: asyncio.Future[Any]) -> None: ...


log = logging.getLogger("euchre.accounts")

ACCOUNTS_CHANNEL = "accounts"
# Password hashes computed at once (each uses a core for a few tens of milliseconds).
HASHES_AT_ONCE = 2
T = TypeVar("T")
CLOSE_SESSION_ENDED = 4401


def end_session(conn: Connection) -> None:
    """Tell a connection its session has ended, and close it."""
    conn.send(error("session_ended", "your session has ended (logged out): log in again"))
    conn.finish(CLOSE_SESSION_ENDED)


class AccountError(Exception):
    """A refused account request: an HTTP status, a machine-readable code and a message."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        fields: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}
        self.fields = fields or {}  # more of the answer's body, beside detail and code


def name_key(name: str) -> str:
    """The form of a name that must be unique: its look-alike skeleton (``names``)."""
    return skeleton(name)


def lookup_key(name: str) -> str | None:
    """The key to look an account up by, or None when no account can have this name."""
    try:
        key = name_key(clean_name(name))
    except ValueError:
        return None
    return key if len(key) <= NAME_KEY_LENGTH else None


async def check_password(password: str, name: str) -> None:
    """Refuse a weak new password (422, saying why and what would be accepted); zxcvbn
    is pure Python and takes milliseconds, so it runs in a worker thread."""
    found = await asyncio.to_thread(weakness, password, name)
    if found is not None:
        raise AccountError(422, found.code, found.message)


def digest(session_id: str) -> str:
    """What the database keeps of a session id."""
    return hashlib.sha256(session_id.encode()).hexdigest()


class Passwords:
    """argon2id hashing with the configured parameters, in worker threads, taken in turns:
    one hash at a time per asker (an address, or an account), so that many guesses from a
    few addresses queue behind each other and not in front of everyone else's login."""

    def __init__(self, settings: Settings) -> None:
        self.hasher = PasswordHasher(
            time_cost=settings.argon2_time_cost,
            memory_cost=settings.argon2_memory_kib,
            parallelism=settings.argon2_parallelism,
        )
        self._dummy: str | None = None
        self._at_once = asyncio.Semaphore(HASHES_AT_ONCE)
        self._askers = Turns()

    @contextlib.asynccontextmanager
    async def _turn(self, asker: str) -> AsyncIterator[None]:
        async with self._askers.of(asker), self._at_once:
            yield

    async def _run(self, asker: str, job: Callable[..., T], *args: Any) -> T:
        async with self._turn(asker):
            return await asyncio.to_thread(job, *args)

    async def hash(self, password: str, asker: str) -> str:
        return await self._run(asker, self.hasher.hash, password)

    async def verify(
        self, stored: str | None, password: str, asker: str
    ) -> tuple[bool, str | None]:
        """(whether the password matches, a new hash when the parameters changed)."""
        if not stored:
            # An unknown name costs as much as a wrong password: names cannot be probed.
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_hex(8), asker)
            stored, password = self._dummy, password + "\0"
        try:
            await self._run(asker, self.hasher.verify, stored, password)
        except (VerificationError, InvalidHashError):
            return False, None
        if self.hasher.check_needs_rehash(stored):
            return True, await self.hash(password, asker)
        return True, None


def _name_taken(name: str) -> AccountError:
    return AccountError(
        409,
        "name_taken",
        f"the name {name!r} is taken: names ignore case and the spaces and . ' - _ between "
        "words, accents, and look-alike letters (Cyrillic or full-width ones, 0 for O, "
        "rn for m, vv for w) count as the same",
    )


def _pair(key: str, address: str) -> str:
    return f"{key}\n{address}"


KNOWN_ADDRESSES = 100_000  # (name, address) pairs remembered as their owner's
SLOW_LANE_WAITING = 3  # attempts that may wait behind the one in a name's slow lane
# Shown after the name of a guest whose name an account took later ("Ann (guest)").
GUEST_MARK = "guest"


def _too_many(wait: float, what: str = "attempts") -> AccountError:
    seconds = int(wait) + 1
    return AccountError(
        429,
        "too_many_attempts",
        f"too many {what}: try again in {seconds} s",
        {"Retry-After": str(seconds)},
    )


@dataclass(frozen=True, slots=True)
class LoggedIn:
    """A new session: the account, its identity and the cookie value."""

    user: UserRow
    identity: Identity
    token: str
    adopted: list[str]


class Accounts:
    """The accounts of one server: sessions, logins, and what changes with them."""

    def __init__(self, server: AccountsHost) -> None:
        self.server = server
        self.settings = server.settings
        self.store = AccountStore(server.engine)
        self.passwords = Passwords(server.settings)
        settings = server.settings
        window = settings.login_window_seconds
        # Failed logins per (name, address): one address cannot lock the name elsewhere.
        self.by_pair: Limiter = MemoryLimiter(settings.login_name_failures, window)
        # Attempts per name from every address: past this, attempts are slowed, not refused.
        self.by_name: Limiter = MemoryLimiter(settings.login_name_slow_after, window)
        self.by_address: Limiter = MemoryLimiter(settings.login_address_attempts, window)
        self.registrations: Limiter = MemoryLimiter(
            settings.register_per_address, settings.register_window_seconds
        )
        # Each guest may store chat preferences for its 30 days: new ones are counted.
        self.guests: Limiter = MemoryLimiter(
            settings.guests_per_address, settings.guests_window_seconds
        )
        self.exempt = exempt_addresses(settings)
        self._slowed = OneAtATime()  # a name's slow lane
        # (name, address) pairs that logged in: the owner's own addresses, let past the
        # slow lane of a name under attack (the most recent, on this instance).
        self._known: OrderedDict[tuple[str, str], None] = OrderedDict()

    async def start(self) -> None:
        """Listen for account changes of other instances; forget expired sessions. With
        Redis, count login attempts there, so every instance shares one limit."""
        bus = self.server.bus
        if isinstance(bus, RedisBus):
            await self._share_limits(bus)
        await bus.subscribe(ACCOUNTS_CHANNEL, self._on_bus)
        purged = await self.store.purge_sessions()
        if purged:
            log.info("expired sessions deleted", extra={"sessions": purged})

    async def _share_limits(self, bus: RedisBus) -> None:
        namespace = await deployment_namespace(self.server.store)
        prefix, settings = f"euchre:{namespace}:attempts:", self.settings
        window = settings.login_window_seconds
        self.by_pair = RedisLimiter(
            bus.client, prefix + "pair:", settings.login_name_failures, window
        )
        self.by_name = RedisLimiter(
            bus.client, prefix + "name:", settings.login_name_slow_after, window
        )
        self.by_address = RedisLimiter(
            bus.client, prefix + "address:", settings.login_address_attempts, window
        )
        self.registrations = RedisLimiter(
            bus.client,
            prefix + "register:",
            settings.register_per_address,
            settings.register_window_seconds,
        )
        self.guests = RedisLimiter(
            bus.client,
            prefix + "guest:",
            settings.guests_per_address,
            settings.guests_window_seconds,
        )

    # ------------------------------------------------------------------ sessions

    async def identify(self, token: str | None) -> Identity | None:
        """The guest or the account a session token stands for (None: no valid session)."""
        sessions = self.server.sessions
        guest = sessions.read(token)
        if guest is not None:
            return None if await self.store.guest_revoked(guest.id) else await self._told(guest)
        session_id = sessions.session_id(token)
        if session_id is None:
            return None
        key = digest(session_id)
        user = await self.store.session_user(key)
        return None if user is None else account_identity(user.id, user.name, key)

    async def _told(self, guest: Identity) -> Identity:
        """A guest whose name an account took after the guest's token was made plays on
        (the token is theirs for its 30 days), but shown as a guest, so that no one
        takes them for the account."""
        key = lookup_key(guest.name)
        if key is None or await self.store.user_by_key(key) is None:
            return guest
        return dataclasses.replace(guest, name=f"{guest.name} ({GUEST_MARK})")

    async def _new_session(self, user: UserRow, guest: Identity | None) -> LoggedIn:
        session_id = secrets.token_urlsafe(32)
        key = digest(session_id)
        expires = utcnow() + timedelta(seconds=SESSION_MAX_AGE)
        await self.store.add_session(key, user.id, expires)
        identity = account_identity(user.id, user.name, key)
        adopted = await self.adopt(guest, identity) if guest is not None else []
        if guest is not None:
            self.server.results.note_adopted(guest.id, user.id, identity.id)
        token = self.server.sessions.sign_session(session_id)
        return LoggedIn(user, identity, token, adopted)

    async def logout(self, identity: Identity) -> None:
        """End a session: it is deleted (a guest's token is refused from now on) and its
        websockets are closed."""
        if identity.guest:
            expires = utcnow() + timedelta(seconds=SESSION_MAX_AGE)
            await self.store.revoke_guest(identity.id, expires)
            self._close_guests({identity.id})
            await self._publish({"revoke_guest": identity.id})
            return
        if identity.session is None:
            return
        await self.store.drop_session(identity.session)
        await self.revoke([identity.session])

    async def check_guest_name(self, name: str) -> None:
        """A guest may not play under a registered account's name (or a look-alike)."""
        key = lookup_key(name)
        if key is not None and await self.store.user_by_key(key) is not None:
            raise AccountError(
                409,
                "name_taken",
                f"{name!r} is a registered account's name (or looks like one): "
                "log in if it is yours, or choose another name",
            )

    # ------------------------------------------------------------------ requests

    async def register(
        self, name: str, password: str, address: str, guest: Identity | None
    ) -> LoggedIn:
        """A new account (logged in); a guest's seats and chat setting come along.
        Registrations count against the address's login attempts (hashing is costly)."""
        try:
            shown = chosen_name(name)
        except ValueError as exc:
            raise AccountError(422, name_refusal(exc), str(exc)) from None
        if len(name_key(shown)) > NAME_KEY_LENGTH:
            raise AccountError(422, "bad_name", "this name is too long once normalised")
        await self._take(self.by_address, address)  # judging and hashing cost CPU
        await check_password(password, shown)
        if await self.store.user_by_key(name_key(shown)) is not None:
            raise _name_taken(shown)  # before the registration limit: it was not used
        await self._take(self.registrations, address, "registrations")
        hashed = await self.passwords.hash(password, address)
        chat = guest is not None and self.server.chat.prefs_of(guest.id).enabled
        try:
            user = await self.store.create_user(shown, name_key(shown), hashed, chat)
        except NameTakenError:
            raise _name_taken(shown) from None
        log.info("account registered", extra={"account": user.id})
        return await self._new_session(user, guest)

    async def login(
        self, name: str, password: str, address: str, guest: Identity | None
    ) -> LoggedIn:
        """Check a name and password. Every check takes its slot before the password is
        verified (one atomic step per limit), so concurrent guesses cannot overrun a limit:
        failures per (name, address), attempts per address, and past a higher number of
        attempts per name from everywhere, one slowed attempt at a time for that name."""
        key = lookup_key(name)
        if key is not None:
            await self._take(self.by_pair, _pair(key, address))
        await self._take(self.by_address, address)
        if key is None:
            await self.passwords.verify(None, password, address)
            raise AccountError(401, "bad_login", "wrong name or password")
        if await self.by_name.take(key) > 0 and (key, address) not in self._known:
            async with self._slow_lane(key):
                await asyncio.sleep(self.settings.login_name_delay_seconds)
                user, rehashed = await self._verify(key, name, password, address)
        else:
            user, rehashed = await self._verify(key, name, password, address)
        await self.by_pair.clear(_pair(key, address))
        self._remember(key, address)
        if rehashed is not None:
            await self.store.set_password_hash(user.id, rehashed)
            log.info("password rehashed", extra={"account": user.id})
        return await self._new_session(user, guest)

    async def _verify(
        self, key: str, name: str, password: str, address: str
    ) -> tuple[UserRow, str | None]:
        user = await self.store.user_named(key, clean_name(name))
        stored = user.password_hash if user else None
        ok, rehashed = await self.passwords.verify(stored, password, address)
        if user is None or not ok:
            raise AccountError(401, "bad_login", "wrong name or password")
        return user, rehashed

    def _remember(self, key: str, address: str) -> None:
        self._known[(key, address)] = None
        self._known.move_to_end((key, address))
        while len(self._known) > KNOWN_ADDRESSES:
            self._known.popitem(last=False)

    @contextlib.asynccontextmanager
    async def _slow_lane(self, key: str) -> AsyncIterator[None]:
        """One attempt at a time for a name under attack (on this instance), and only a few
        waiting: past them an attempt is refused at once, so no attempt (the owner's from a
        new address included) waits long behind a queue of guesses."""
        waiting = self._slowed.waiting(key)
        if waiting > SLOW_LANE_WAITING:
            raise _too_many(self.settings.login_name_delay_seconds * waiting)
        async with self._slowed.turn(key):
            yield

    async def admit_guest(self, host: str) -> None:
        """Count a new guest session from ``host`` (429 past ``guests_per_address`` in the
        window; exempt addresses are not counted)."""
        if host and host not in self.exempt:
            await self._take(self.guests, limit_key(host), "guest sessions")

    async def _take(self, limiter: Limiter, key: str, what: str = "attempts") -> None:
        wait = await limiter.take(key)
        if wait > 0:
            raise _too_many(wait, what)

    async def _check_password(self, identity: Identity, password: str, address: str) -> UserRow:
        """The account's row, if ``password`` is its password. Each check counts against
        the address's login attempts, the right password too: it costs the same hashing,
        and changing a password back and forth in a loop slowed everyone's logins."""
        account = identity.account_id
        user = None if account is None else await self.store.user_by_id(account)
        if user is None:
            raise AccountError(401, "no_account", "log in first")
        slot = _pair(name_key(user.name), "session")
        await self._take(self.by_pair, slot)
        await self._take(self.by_address, address)
        ok, _ = await self.passwords.verify(user.password_hash, password, f"account {user.id}")
        if not ok:
            raise AccountError(403, "bad_password", "the password is wrong")
        await self.by_pair.clear(slot)
        return user

    async def change_password(
        self, identity: Identity, password: str, new_password: str, address: str
    ) -> None:
        """A new password; every other session of the account is revoked."""
        user = await self._check_password(identity, password, address)
        if new_password == password:  # told only to one who knows the password
            raise AccountError(
                422,
                "same_password",
                "the new password is the current one: choose a different password",
            )
        await check_password(new_password, user.name)
        hashed = await self.passwords.hash(new_password, f"account {user.id}")
        await self.store.set_password_hash(user.id, hashed)
        revoked = await self.store.drop_sessions(user.id, keep=identity.session)
        await self.revoke(revoked)

    async def delete(self, identity: Identity, password: str, address: str) -> None:
        """Delete the account (its finished games stay, without the link to it)."""
        user = await self._check_password(identity, password, address)
        revoked = await self.store.delete_user(user.id)
        log.info("account deleted", extra={"account": user.id})
        await self.revoke(revoked)
        # Its games in play go on without it (a bot plays the seat), and one no other
        # person plays closes: it was kept and reloaded after every restart for ever.
        await self._forsake_here(identity.id)
        await self._publish({"deleted": identity.id})

    async def _forsake_here(self, person: str) -> None:
        for table in list(self.server.lobby.tables.values()):
            if table.seat_of(person) is None:
                continue
            try:
                await table.call(table.forsaken, person)
            except Exception:
                log.exception("could not free a deleted account's seat", extra={"table": table.id})

    # ------------------------------------------------------------------ across instances

    async def revoke(self, digests: list[str]) -> None:
        """Close the connections of revoked sessions, here and on every instance."""
        if not digests:
            return
        self._close_sessions(set(digests))
        await self._publish({"revoke": digests})

    def _close_sessions(self, digests: set[str]) -> None:
        self._close_where(lambda identity: identity.session in digests)

    def _close_guests(self, guest_ids: set[str]) -> None:
        self._close_where(lambda identity: identity.guest and identity.id in guest_ids)

    def _close_where(self, ended: Callable[[Identity], bool]) -> None:
        for conn in list(self.server.connections):
            if ended(conn.identity):
                end_session(conn)

    async def adopt(self, guest: Identity, identity: Identity) -> list[str]:
        """Move a guest's seats and connections to an account; returns the tables moved."""
        moved = await self._adopt_here(guest.id, identity)
        await self._publish(
            {
                "adopt": guest.id,
                "account": identity.account_id,
                "name": identity.name,
                "session": identity.session,
            }
        )
        return moved

    async def _adopt_here(self, guest_id: str, identity: Identity) -> list[str]:
        server = self.server
        # Before any wait: a logout sent right after this adoption must find them.
        for conn in list(server.connections):
            if conn.identity.id == guest_id:
                conn.identity = identity
                conn.send({"type": "session", "you": identity.to_json()})
        await server.chat.moved(guest_id, identity)
        moved = []
        for table in list(server.lobby.tables.values()):
            if table.seat_of(guest_id) is None:
                continue
            try:
                if await table.call(table.adopt, guest_id, identity):
                    moved.append(table.id)
            except Exception:
                log.exception("could not move a seat", extra={"table": table.id})
        return moved

    async def publish_prefs(self, identity: Identity, prefs: Prefs) -> None:
        """Tell the other instances a person's chat preferences changed."""
        await self._publish(
            {"prefs": identity.id, "chat": prefs.enabled, "muted": sorted(prefs.muted)}
        )

    async def _publish(self, message: dict[str, Any]) -> None:
        try:
            await self.server.bus.publish(
                ACCOUNTS_CHANNEL, {**message, "instance": self.server.instance}
            )
        except Exception:
            log.exception("could not publish an account change")

    def _on_bus(self, _channel: str, message: dict[str, Any]) -> None:
        if message.get("instance") == self.server.instance:
            return
        revoked = message.get("revoke")
        if isinstance(revoked, list):
            self._close_sessions({str(d) for d in revoked})
        revoked_guest = message.get("revoke_guest")
        if isinstance(revoked_guest, str):
            self._close_guests({revoked_guest})
        guest, account, name = message.get("adopt"), message.get("account"), message.get("name")
        if isinstance(guest, str) and isinstance(account, int) and isinstance(name, str):
            # The guest's connections here now stand for the account's new session, so
            # that its logout, a new password or the account's deletion ends them too.
            session = message.get("session")
            identity = account_identity(
                account, name, session if isinstance(session, str) else None
            )
            task = asyncio.ensure_future(self._adopt_here(guest, identity))
            self.server.background(task)
        prefs = message.get("prefs")
        if isinstance(prefs, str):
            self.server.chat.remote_prefs(prefs, message)
        deleted = message.get("deleted")
        if isinstance(deleted, str):
            self.server.background(asyncio.ensure_future(self._forsake_here(deleted)))


__all__ = [
    "AccountError",
    "Accounts",
    "Attempts",
    "LoggedIn",
    "Passwords",
    "check_password",
    "digest",
    "lookup_key",
    "name_key",
]
