"""Table chat: opt-in, short, rate-limited, with mutes and a separate spectators' channel.

Chat is off until a person turns it on (kept with the account, or for the session of a
guest). Only people with chat on send and receive (those with it off are told that a line
was written, nothing of it); the players' channel reaches the
seated players and the spectators' channel the spectators, never each other. A muted
person's lines are not delivered to whoever muted them. Every line is stored with the
game before it is delivered. Lines are plain text: clients must show them as text,
never as HTML (the server does not escape them).
"""

from __future__ import annotations

import logging
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from euchre.store.accounts import AccountStore
from euchre.store.names import BLANK_LETTERS, flag_tag_positions
from euchre.store.repo import FencedError, as_utc, utcnow

from .addresses import limit_key
from .auth import SESSION_MAX_AGE, Identity
from .config import Settings
from .connection import Connection, Endpoint
from .limits import Attempts, Limiter, MemoryLimiter, RedisLimiter
from .protocol import ProtocolError
from .quotas import exempt_addresses
from .wire import dumps, parse_json

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("euchre.chat")

# Preset phrases: clients show them in the reader's language by their key.
PRESETS = {
    "hello": "Hello",
    "good_luck": "Good luck",
    "nice_hand": "Nice hand",
    "well_played": "Well played",
    "thanks": "Thanks",
    "sorry": "Sorry",
    "oops": "Oops",
    "good_game": "Good game",
}
PrefsChanged = Callable[["Identity", "Prefs"], Awaitable[None]]
MAX_MUTED = 100
# Changes of one person's chat settings (each a database write) per minute: enough for a
# person muting a few players, not for a script toggling a mute to load the database
# every table writes to.
PREF_CHANGES = 20
PREF_SECONDS = 60.0
# Lines one address may send, as many as this many people may: a family at one table
# behind one router chats freely, a script's guests do not multiply its rate.
ADDRESS_PEOPLE = 3
RECENT = 50  # lines kept per table and channel for chat_log
GUESTS_KEPT = 50_000


@dataclass(slots=True)
class Prefs:
    """One person's chat setting and the people they muted (identity ids)."""

    enabled: bool = False
    muted: set[str] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {"enabled": self.enabled, "muted": sorted(self.muted), "presets": PRESETS}


# Combining marks kept in a row on one character: enough for any script's accents and
# stacked vowels (and an emoji's variation selector), not for a tower of marks ("Zalgo")
# drawn over the lines above and below it.
MAX_MARKS = 4


# Zero-width joiner and non-joiner: they join or part letters (Persian, Indic scripts) and
# emoji (a family); anywhere else they would only hide text.
JOINERS = frozenset("\u200c\u200d")


def _shows(ch: str) -> bool:
    """A letter, mark, digit or symbol that is drawn (an emoji, its modifier)."""
    return unicodedata.category(ch)[0] in "LMNS" and ch not in BLANK_LETTERS


def clean_text(raw: str) -> str:
    """A chat line as it is kept and shown: composed (NFC); control and format characters,
    line and paragraph separators (they break a line, so a line could show a second one
    that reads as another person's) and letters that show nothing become spaces, but for a
    joiner (``JOINERS``) between two characters that show and the tags of a subdivision
    flag; past ``MAX_MARKS`` combining marks in a row the rest are dropped; surrounding
    space is dropped."""
    text = unicodedata.normalize("NFC", raw)
    flags = flag_tag_positions(text)
    kept: list[str] = []
    marks = 0
    for at, ch in enumerate(text):
        category = unicodedata.category(ch)
        marks = marks + 1 if category[0] == "M" else 0
        if marks > MAX_MARKS:
            continue
        if at in flags or (ch in JOINERS and _joins(kept, text[at + 1 : at + 2])):
            kept.append(ch)
            continue
        blank = category[0] == "C" or category in ("Zl", "Zp") or ch in BLANK_LETTERS
        kept.append(" " if blank else ch)
    return "".join(kept).strip()


def _joins(kept: list[str], following: str) -> bool:
    """Whether a joiner stands between two characters that show; what follows it is not a
    mark, so joiners cannot carry a tower of marks on past ``MAX_MARKS``."""
    return (
        bool(kept)
        and _shows(kept[-1])
        and bool(following)
        and _shows(following)
        and unicodedata.category(following)[0] != "M"
    )


def unread_notice(line: Mapping[str, Any]) -> dict[str, Any]:
    """What a person at the table with chat off is told of a line: that one was written
    in their channel (so that a friend's "brb" is not lost on them) and its number, not who
    wrote it or what."""
    return {
        "type": "chat_unread",
        "table": line["table"],
        "channel": line["channel"],
        "id": line["id"],  # the line's number: a notice relayed twice is one line
    }


def channel_of(seat: int | None) -> str:
    return "spectators" if seat is None else "players"


class Chat:
    """Every person's chat preferences on this instance, and the lines said at its tables."""

    def __init__(
        self, settings: Settings, store: AccountStore, changed: PrefsChanged | None = None
    ) -> None:
        self.settings = settings
        self.store = store
        self._changed = changed  # tells the other instances
        self._accounts: dict[str, Prefs] = {}  # accounts with an open connection here
        self._open: dict[str, int] = {}
        self._guests: OrderedDict[str, Prefs] = OrderedDict()  # a guest's session is its id
        most, window = settings.chat_messages, settings.chat_seconds
        self._by_person: Limiter = MemoryLimiter(most, window)
        self._by_address: Limiter = MemoryLimiter(most * ADDRESS_PEOPLE, window)
        self._changes = Attempts(PREF_CHANGES, PREF_SECONDS)
        self._recent: dict[tuple[str, str], deque[dict[str, Any]]] = {}
        self.tables: Mapping[str, Table] = {}  # the lobby's, to forget tables that are gone

    # ------------------------------------------------------------------ preferences

    async def attach(self, conn: Connection) -> Prefs:
        """Load the person's preferences for a new connection."""
        identity = conn.identity
        self._open[identity.id] = self._open.get(identity.id, 0) + 1
        if identity.account_id is not None and identity.id not in self._accounts:
            user = await self.store.user_by_id(identity.account_id)
            prefs = Prefs()
            if user is not None:
                prefs = Prefs(user.chat_enabled, set(user.muted))
            self._accounts.setdefault(identity.id, prefs)
        elif identity.account_id is None and identity.id not in self._guests:
            await self._load_guest(identity.id)
        return self.prefs_of(identity.id)

    async def _load_guest(self, ident: str) -> None:
        """A guest's stored preferences (a restart, or another instance, kept them)."""
        stored = await self.store.guest_prefs(ident)
        if stored is not None and ident not in self._guests:
            enabled, muted = stored
            self._guests[ident] = Prefs(enabled, set(muted))

    def detach(self, conn: Connection) -> None:
        ident = conn.identity.id
        left = self._open.get(ident, 0) - 1
        if left > 0:
            self._open[ident] = left
            return
        self._open.pop(ident, None)
        self._accounts.pop(ident, None)

    def prefs_of(self, ident: str) -> Prefs:
        found = self._accounts.get(ident)
        if found is not None:
            return found
        if ident.startswith("u_"):
            return Prefs()  # an account with no connection here: loaded on connect
        guest = self._guests.get(ident)
        if guest is None:
            guest = self._guests[ident] = Prefs()
            while len(self._guests) > GUESTS_KEPT:
                self._guests.popitem(last=False)
        self._guests.move_to_end(ident)
        return guest

    async def load(self, identity: Identity) -> Prefs:
        """Preferences of a person (from the database for an account not connected here,
        or a guest this instance has not seen)."""
        if identity.account_id is None:
            if identity.id not in self._guests:
                await self._load_guest(identity.id)
            return self.prefs_of(identity.id)
        if identity.id in self._accounts:
            return self.prefs_of(identity.id)
        user = await self.store.user_by_id(identity.account_id)
        return Prefs() if user is None else Prefs(user.chat_enabled, set(user.muted))

    async def update(
        self, identity: Identity, enabled: bool | None = None, muted: Iterable[str] | None = None
    ) -> Prefs:
        """Change and keep a person's preferences (the account's row, or the session's);
        a change to what they are already is no change, and is not written."""
        prefs = await self.load(identity)
        new_enabled = prefs.enabled if enabled is None else enabled
        chosen = prefs.muted if muted is None else {m for m in muted if m and m != identity.id}
        if len(chosen) > MAX_MUTED:
            raise ProtocolError("bad_options", f"at most {MAX_MUTED} people can be muted")
        if (new_enabled, chosen) == (prefs.enabled, prefs.muted):
            return prefs
        now = time.monotonic()
        wait = self._changes.wait(identity.id, now)
        if wait > 0:
            raise ProtocolError(
                "rate_limited",
                f"chat settings change at most {PREF_CHANGES} times a minute: "
                f"wait {max(wait, 0.1):.1f} s",
                retry_after=wait,
            )
        self._changes.add(identity.id, now)
        prefs.enabled, prefs.muted = new_enabled, chosen
        if identity.account_id is not None:
            await self.store.set_preferences(
                identity.account_id, prefs.enabled, sorted(prefs.muted)
            )
        else:
            until = utcnow() + timedelta(seconds=SESSION_MAX_AGE)
            await self.store.set_guest_prefs(identity.id, prefs.enabled, sorted(prefs.muted), until)
        if self._changed is not None:
            await self._changed(identity, prefs)
        return prefs

    async def mute(self, identity: Identity, other: str, on: bool) -> Prefs:
        prefs = await self.load(identity)
        chosen = set(prefs.muted)
        if on:
            chosen.add(other)
        else:
            chosen.discard(other)
        return await self.update(identity, muted=chosen)

    async def moved(self, guest_id: str, identity: Identity) -> None:
        """A guest became an account: the guest's connections count for the account, whose
        stored switch wins (a new account was made with the guest's); mutes are merged."""
        guest = self._guests.pop(guest_id, None)
        opened = self._open.pop(guest_id, 0)
        if not opened and guest is None:
            return
        prefs = await self.load(identity)
        if opened:
            self._open[identity.id] = self._open.get(identity.id, 0) + opened
            self._accounts.setdefault(identity.id, prefs)
        if guest is not None and not guest.muted <= prefs.muted:
            await self.update(identity, muted=prefs.muted | guest.muted)

    def remote_prefs(self, ident: str, message: dict[str, Any]) -> None:
        """Another instance changed a person's preferences."""
        prefs = self._accounts.get(ident) or self._guests.get(ident)
        if prefs is None:
            return
        enabled, muted = message.get("chat"), message.get("muted")
        if isinstance(enabled, bool):
            prefs.enabled = enabled
        if isinstance(muted, list):
            prefs.muted = {str(m) for m in muted}

    # ------------------------------------------------------------------ lines

    def share_limits(self, redis: Any, namespace: str) -> None:
        """Count the lines in Redis: a table's owner counts the lines said at its tables,
        so with counts of its own a person chatting at tables of two owners had two rates."""
        settings, prefix = self.settings, f"euchre:{namespace}:chat:"
        most, window = settings.chat_messages, settings.chat_seconds
        self._by_person = RedisLimiter(redis, prefix + "person:", most, window)
        self._by_address = RedisLimiter(redis, prefix + "address:", most * ADDRESS_PEOPLE, window)

    def _rates(self, conn: Endpoint) -> list[tuple[Limiter, str, int, str]]:
        """The person's window, and their address's: guests made by one address (30 an
        hour) each had a rate of their own, so a script flooded a table's channel under
        new names faster than anyone could mute them."""
        most = self.settings.chat_messages
        rates: list[tuple[Limiter, str, int, str]] = [(self._by_person, conn.identity.id, most, "")]
        address = conn.address
        if address and address not in exempt_addresses(self.settings):
            key = limit_key(address)
            rates.append((self._by_address, key, most * ADDRESS_PEOPLE, " from one address"))
        return rates

    async def _count_line(self, conn: Endpoint) -> None:
        """Count a line in every window, or refuse it: every window is checked before
        any counts it, so a line refused by one window counts in none."""
        rates = self._rates(conn)
        for limiter, key, most, whose in rates:
            self._refuse_past(await limiter.wait(key), most, whose)
        for limiter, key, most, whose in rates:
            self._refuse_past(await limiter.take(key), most, whose)

    def _refuse_past(self, wait: float, most: int, whose: str) -> None:
        if wait > 0:
            window = self.settings.chat_seconds
            raise ProtocolError(
                "chat_rate_limited",
                f"at most {most} messages in {window:g} s{whose}: wait {max(wait, 0.1):.1f} s",
            )

    def _text(self, text: str | None, preset: str | None) -> str:
        if (text is None) == (preset is None):
            raise ProtocolError("bad_message", 'chat: give either "text" or "preset"')
        if preset is not None:
            if preset not in PRESETS:
                raise ProtocolError(
                    "bad_preset", f"unknown preset {preset!r}: use one of {', '.join(PRESETS)}"
                )
            return PRESETS[preset]
        cleaned = clean_text(text or "")
        if not cleaned:
            raise ProtocolError("chat_empty", "the message is empty")
        limit = self.settings.chat_max_chars
        if len(cleaned) > limit:
            raise ProtocolError(
                "chat_too_long",
                f"a message is at most {limit} characters (this one has {len(cleaned)})",
            )
        return cleaned

    async def say(
        self,
        conn: Endpoint,
        table: Table,
        text: str | None,
        preset: str | None,
        ref: str | int | None,
    ) -> None:
        """Store a line and deliver it to the sender's channel at the table."""
        identity = conn.identity
        if not self._prefs_for(conn).enabled:
            raise ProtocolError(
                "chat_off", "your chat is off: turn it on (chat_settings) to send and receive"
            )
        if conn not in table.watchers:
            raise ProtocolError("not_watching", f"join table {table.id} first")
        body = self._text(text, preset)
        await self._count_line(conn)
        seat = table.watchers[conn]
        channel = channel_of(seat)
        at = utcnow()
        moving = ProtocolError(
            "unavailable", f"table {table.id} is moving to another server: try again"
        )
        if not table.services.owned():
            raise moving
        values = {
            "game_id": table.id,
            "channel": channel,
            "sender": identity.id,
            "user_id": identity.account_id,
            "name": identity.name,
            "text": body,
            "preset": preset,
            "at": at,
        }
        try:  # fenced as the table's own writes are: a stale owner stores and sends nothing
            line_id = await self.store.add_chat(values, epoch=table.epoch)
        except FencedError:
            table.services.lost(table.whole)
            raise moving from None
        line: dict[str, Any] = {
            "type": "chat",
            "table": table.id,
            "channel": channel,
            "id": line_id,
            "from": {"id": identity.id, "name": identity.name, "seat": seat},
            "text": body,
            "preset": preset,
            "time": at.isoformat(),
        }
        recent = await self._recent_lines(table, channel)
        if all(kept["id"] != line_id for kept in recent):  # not read back from the store
            recent.append(line)
        self._deliver(table, line, conn, ref)

    async def _recent_lines(self, table: Table, channel: str) -> deque[dict[str, Any]]:
        """The channel's recent lines, read from the store the first time they are asked
        for here (after a restart or a takeover, the log was empty)."""
        key = (table.id, channel)
        if key not in self._recent:
            if len(self._recent) > 2 * len(self.tables) + 100:
                for gone in [k for k in self._recent if k[0] not in self.tables]:
                    del self._recent[gone]
            stored = await self.store.recent_chat(table.id, channel, RECENT)
            lines = (_stored_line(table, row) for row in stored)
            self._recent.setdefault(key, deque(lines, maxlen=RECENT))
        return self._recent[key]

    def _deliver(
        self, table: Table, line: dict[str, Any], sender: Endpoint, ref: str | int | None
    ) -> None:
        channel, author = line["channel"], line["from"]["id"]
        for conn, seat in list(table.watchers.items()):
            if conn is sender:
                conn.send({**line, "ref": ref} if ref is not None else line)
            elif channel_of(seat) != channel:
                continue
            elif self._receives(conn, author):
                conn.send(line)
            elif self.misses(conn.identity.id, author):
                conn.send(unread_notice(line))

    def _receives(self, conn: Endpoint, author: str) -> bool:
        if conn.relayed:
            return True  # the instance holding the socket applies the reader's preferences
        return self.receives(conn.identity.id, author)

    def receives(self, reader: str, author: str) -> bool:
        """Whether a person reads lines by ``author`` (chat on, author not muted)."""
        prefs = self.prefs_of(reader)
        return prefs.enabled and author not in prefs.muted

    def misses(self, reader: str, author: str) -> bool:
        """Whether a line by ``author`` is one ``reader`` would read with chat on (it is
        off): they are told a line was written (``chat_unread``), nothing of it."""
        prefs = self.prefs_of(reader)
        return not prefs.enabled and author not in prefs.muted

    def text_for(self, reader: str, author: str, text: str) -> str | None:
        """What a reader connected here gets of a line relayed from the table's instance
        (``text``, the line's JSON): the line, the notice that one was written, or nothing
        (the author is muted)."""
        if self.receives(reader, author):
            return text
        if self.misses(reader, author):
            return dumps(unread_notice(parse_json(text)))
        return None

    def _prefs_for(self, conn: Endpoint) -> Prefs:
        # A person connected to another instance sends their preferences with the request.
        return conn.chat if isinstance(conn.chat, Prefs) else self.prefs_of(conn.identity.id)

    async def log(self, conn: Endpoint, table: Table) -> dict[str, Any]:
        """The recent lines of the connection's channel at a table (mutes applied)."""
        if not self._prefs_for(conn).enabled:
            raise ProtocolError(
                "chat_off", "your chat is off: turn it on (chat_settings) to send and receive"
            )
        if conn not in table.watchers:
            raise ProtocolError("not_watching", f"join table {table.id} first")
        channel = channel_of(table.watchers[conn])
        muted = self._prefs_for(conn).muted
        recent = await self._recent_lines(table, channel)
        lines = [m for m in recent if m["from"]["id"] not in muted]
        return {"type": "chat_log", "table": table.id, "channel": channel, "messages": lines}


def _stored_line(table: Table, row: Mapping[str, Any]) -> dict[str, Any]:
    """A stored line as it was sent (the seat: the sender's now, as the store has none)."""
    sender = str(row["sender"])
    seat = table.seat_of(sender) if row["channel"] == channel_of(0) else None
    return {
        "type": "chat",
        "table": table.id,
        "channel": row["channel"],
        "id": int(row["id"]),
        "from": {"id": sender, "name": row["name"], "seat": seat},
        "text": row["text"],
        "preset": row["preset"],
        "time": (as_utc(row["at"]) or utcnow()).isoformat(),
    }


__all__ = ["PRESETS", "Chat", "Prefs", "channel_of", "clean_text"]
