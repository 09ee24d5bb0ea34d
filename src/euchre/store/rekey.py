"""Recompute every account's name key (migrations ``0003``, ``0007``, ``0009``,
``0012``, ``0013`` and ``0014`` run it when the rule for look-alike names changes)."""

from __future__ import annotations

import sqlalchemy as sa

from .names import skeleton

KEY_LENGTH = 40  # the users.name_key column


def rekey_accounts(bind: sa.Connection) -> None:
    """Each account's key becomes its name's skeleton. When two existing names now share
    one, the older account keeps it and the newer one's key gets ``#<id>``: both accounts
    stay, and the newer one still logs in by its exact name."""
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String))
    rows = bind.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all()
    keys: dict[int, str] = {}
    used: set[str] = set()
    for user_id, name in rows:
        key = skeleton(name)[:KEY_LENGTH]
        if key in used:
            key = f"{key[:30]}#{user_id}"
        used.add(key)
        keys[user_id] = key
    # Through temporary keys first: a new key may be another row's old one.
    update = sa.text("UPDATE users SET name_key = :key WHERE id = :id")
    for user_id in keys:
        bind.execute(update, {"key": f"#tmp#{user_id}", "id": user_id})
    for user_id, key in keys.items():
        bind.execute(update, {"key": key, "id": user_id})
