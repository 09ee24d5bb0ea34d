"""Who is connected: guests with a signed session cookie, and accounts.

A guest picks a name and gets a signed cookie; that is enough for casual and private
tables. Ranked tables need an account: an identity whose ``account_id`` names a row of
the ``users`` table. An account's cookie holds only a random session id (signed); the
session itself lives in the database (``euchre.server.accounts``), so it can be revoked.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

from euchre.store.names import invisible_characters

from .protocol import ProtocolError

COOKIE_NAME = "euchre_session"
SESSION_MAX_AGE = 60 * 60 * 24 * 30
_NAME = re.compile(r"^[\w][\w .'-]{0,23}$")


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
    name = " ".join(raw.split())
    if not _NAME.match(name):
        raise ValueError(
            "a name is 1 to 24 letters, digits, spaces or . ' - _ and starts with a letter or digit"
        )
    return name


def new_guest(name: str) -> Identity:
    """A fresh guest identity for a (checked) name."""
    return Identity(id="g_" + secrets.token_hex(8), name=clean_name(name))


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
