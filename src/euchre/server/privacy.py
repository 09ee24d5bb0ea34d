"""Who may look at a finished game: anyone for casual and ranked games; for a private
game only its players, its host, and whoever holds its invite code."""

from __future__ import annotations

import hmac

from euchre.store.repo import GameRow

from .auth import Identity
from .kinds import TableKind
from .lookback import normal_invite


def was_seated(row: GameRow, identity: Identity) -> bool:
    for raw in row.seats:
        if not isinstance(raw, dict):
            continue
        if raw.get("user") == identity.id:
            return True
        if identity.account_id is not None and raw.get("account") == identity.account_id:
            return True
    return False


def may_view(row: GameRow, identity: Identity | None, invite: str | None) -> bool:
    """Whether this person (None: no session) may see this game's record and summary."""
    if row.kind != TableKind.PRIVATE:
        return True
    code = normal_invite(invite) if invite else None
    if code and row.invite and hmac.compare_digest(code.encode(), row.invite.encode()):
        return True
    if identity is None:
        return False
    return identity.id == row.host or was_seated(row, identity)


def private_history_visible(identity: Identity | None, owner_id: int) -> bool:
    """A player's private games are listed in their history to themselves only."""
    return identity is not None and identity.account_id == owner_id


__all__ = ["may_view", "private_history_visible", "was_seated"]
