"""Who is connected: guests with a signed session cookie, and accounts.

A guest picks a name and gets a signed cookie; that is enough for casual and private
tables. Ranked tables need an account: an identity whose ``account_id`` names a row of
the ``users`` table. An account's cookie holds only a random session id (signed); the
session itself lives in the database (``euchre.server.accounts``), so it can be revoked.
"""

from __future__ import annotations

import functools
import re
import secrets
import unicodedata
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

from euchre.store.names import SEPARATORS, invisible_characters, skeleton

from .protocol import ProtocolError

COOKIE_NAME = "euchre_session"
SESSION_MAX_AGE = 60 * 60 * 24 * 30
_NAME_FIRST = re.compile(r"\w")
_NAME_BASE = re.compile(r"[\w .'-]")
NAME_LETTERS = 24
# A name's characters in all, with its letters' marks: what the name columns hold.
NAME_CHARACTERS = 40
# Combining marks on one letter: enough for vowel signs, tone marks and accents (Burmese
# "Kyaw" has four on its first letter), not for a tower drawn over the rows around it.
NAME_MARKS = 4
_NAME_RULE = (
    f"a name is 1 to {NAME_LETTERS} letters, digits, spaces or . ' - _ "
    f"(a letter may carry up to {NAME_MARKS} accents or vowel signs) "
    "and starts with a letter or digit"
)
# Names that pose as the server or its staff: a person under one could pass their words
# off as the site's. Compared as skeletons (case, look-alikes) with separators dropped.
STAFF_WORDS = ("admin", "administrator", "moderator", "mod", "staff", "system", "server")
BOT_WORD = "bot"  # "Bot", "Hard Bot", "Bot 3": a bot's seat, as the tables name them
# Names run together from a bot's level and the word ("Hardbot"; "Robot" and "Talbot" are
# people's names).
BOT_LEVELS = ("easy", "medium", "hard", "random")


@dataclass(frozen=True, slots=True)
class Identity:
    """A connected person: a guest (``account_id`` None) or an account holder."""

    id: str
    name: str
    account_id: int | None = None
    session: str | None = None  # an account session's digest (to revoke its connections)

    @property
    def guest(self) -> bool:
        return self.account_id is None

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "guest": self.guest}


class AccountRequiredError(ProtocolError):
    """A guest tried something only accounts may do."""

    def __init__(self, what: str) -> None:
        super().__init__("account_required", f"{what} needs an account: register or log in")


def require_account(identity: Identity, what: str = "ranked play") -> int:
    """The account id, or :class:`AccountRequiredError` for a guest."""
    if identity.account_id is None:
        raise AccountRequiredError(what)
    return identity.account_id


def clean_name(raw: str) -> str:
    """A display name, or ``ValueError`` saying what names may be."""
    hidden = invisible_characters(raw)
    if hidden:
        raise ValueError(
            "a name may not hold invisible, control or text-direction characters "
            f"(found {', '.join(hidden[:3])})"
        )
    name = unicodedata.normalize("NFC", " ".join(raw.split()))
    if not _well_formed(name):
        raise ValueError(_NAME_RULE)
    return name


def _well_formed(name: str) -> bool:
    """Letters, digits, spaces and . ' - _ (``\\w`` leaves combining marks out), a letter,
    digit or _ first, each mark on a letter or digit and at most ``NAME_MARKS`` on one."""
    if not name or len(name) > NAME_CHARACTERS or not _NAME_FIRST.match(name[0]):
        return False
    bases = marks = 0
    previous = ""
    for ch in name:
        if unicodedata.category(ch)[0] == "M":
            marks += 1
            if marks > NAME_MARKS or not previous.isalnum():
                return False
        elif _NAME_BASE.match(ch):
            bases, marks, previous = bases + 1, 0, ch
        else:
            return False
    return bases <= NAME_LETTERS


class ReservedNameError(ValueError):
    """A well-formed name nobody may choose (``reserved_because`` says why)."""


def name_refusal(exc: ValueError) -> str:
    """The error code for a name ``chosen_name`` refused."""
    return "reserved_name" if isinstance(exc, ReservedNameError) else "bad_name"


def chosen_name(raw: str) -> str:
    """A name someone picks now (a guest's, an account's at registration): ``clean_name``
    and more, or ``ValueError`` naming the rule. Names chosen before these rules (an
    account called ``_x``) still log in, so lookups use ``clean_name`` alone."""
    name = clean_name(raw)
    if not (name[0].isalpha() or name[0].isdigit()):
        raise ValueError(_NAME_RULE)  # \w lets "_" start a name
    reserved = reserved_because(name)
    if reserved:
        raise ReservedNameError(f"{name!r} {reserved}: choose another name")
    return name


def reserved_because(name: str) -> str | None:
    """Why nobody may choose ``name``, or None: it reads as the server's staff or as a bot
    (a word "bot"). The bots' own names (Olga, Leo) stay free: people have them too, and a
    bot's seat is marked as a bot's wherever it is shown. A number after such a name
    ("Admin1", "Bot42") changes nothing."""
    numbered = _TRAILING_NUMBER.sub("", name)
    return _reserved(name) or (_reserved(numbered) if numbered else None)


_TRAILING_NUMBER = re.compile(r"[\s.'_-]*\d+$")


def _reserved(name: str) -> str | None:
    words = [_loose(part) for word in SEPARATORS.split(name) for part in _camel_parts(word)]
    whole = "".join(words)
    if whole in _staff_skeletons():
        return "looks like the name of the server or its staff"
    if _loose(BOT_WORD) in words or whole == _loose(BOT_WORD) or _bot_skeletons() & set(words):
        return 'holds the word "bot", which marks the server\'s bots'
    return None


# Digits written for the letters they look like ("Syst3m", "St4ff"); the skeleton already
# reads 0 as o and 1 as l or i. Then letters the skeleton keeps apart from o and b (an o
# with a stroke or a bar, Cherokee NA, Georgian ON; a sharp s, a b with a stroke, Cyrillic
# BE), which in a short word read as them: "Bøt", "ᏴᎾᎢ" and "ƀot" were guests' names.
_DIGIT_LETTERS = str.maketrans("34578", "easTB")
_LOOSE_LETTERS = str.maketrans("øØɵƟөӨꝋꝊᎾꮎᝪოßƀɃБ", "o" * 12 + "b" * 4)


def _camel_parts(word: str) -> list[str]:
    """``word`` cut where a small letter meets a capital ("HardBot": Hard, Bot)."""
    parts, start = [], 0
    for at in range(1, len(word)):
        if word[at - 1].islower() and word[at].isupper():
            parts.append(word[start:at])
            start = at
    return [*parts, word[start:]] if word else []


def _loose(word: str) -> str:
    """``word`` read loosely, for the reserved words only (a person's own name keeps its
    accents in any script ("Bót"), digits as the letters they stand for, then its skeleton
    (which reads small capitals as letters: "ᴀdmin")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return skeleton(bare.translate(_DIGIT_LETTERS).translate(_LOOSE_LETTERS))


@functools.cache
def _staff_skeletons() -> frozenset[str]:
    return frozenset(_loose(word) for word in STAFF_WORDS)


@functools.cache
def _bot_skeletons() -> frozenset[str]:
    return frozenset(_loose(level + BOT_WORD) for level in BOT_LEVELS)


def new_guest(name: str) -> Identity:
    """A fresh guest identity for a name chosen now (checked: ``chosen_name``)."""
    return Identity(id="g_" + secrets.token_hex(8), name=chosen_name(name))


def account_identity(account_id: int, name: str, session: str | None = None) -> Identity:
    """The identity of a logged-in account."""
    return Identity(id=f"u_{account_id}", name=name, account_id=account_id, session=session)


ACCOUNT_TOKEN = "s"


class Sessions:
    """Signs identities into cookie values and reads them back."""

    def __init__(self, secret: str) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt="euchre-session")

    def sign(self, identity: Identity) -> str:
        """A guest's token (accounts get :meth:`sign_session` tokens instead)."""
        return self._signer.dumps([identity.id, identity.name, identity.account_id])

    def sign_session(self, session_id: str) -> str:
        """An account's token: the random id of its server-side session."""
        return self._signer.dumps([ACCOUNT_TOKEN, session_id])

    def _load(self, token: str | None) -> object:
        if not token:
            return None
        try:
            return self._signer.loads(token, max_age=SESSION_MAX_AGE)
        except BadSignature:
            return None

    def read(self, token: str | None) -> Identity | None:
        """The guest in a session token, or None when missing, forged, expired or an account's."""
        return _identity(self._load(token))

    def session_id(self, token: str | None) -> str | None:
        """The account session id in a token (None for guests and bad tokens)."""
        raw = self._load(token)
        if isinstance(raw, list) and len(raw) == 2 and raw[0] == ACCOUNT_TOKEN:
            found = raw[1]
            return found if isinstance(found, str) and 0 < len(found) <= 128 else None
        return None


def _identity(raw: object) -> Identity | None:
    if not isinstance(raw, list) or len(raw) != 3:
        return None
    ident, name, account = raw
    if not isinstance(ident, str) or not isinstance(name, str):
        return None
    if account is not None:  # accounts are only ever read from a server-side session
        return None
    return Identity(ident, name)
