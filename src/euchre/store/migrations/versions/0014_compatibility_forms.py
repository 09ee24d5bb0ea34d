"""Look-alike names: compatibility forms are folded before case (``euchre.store.names``),
so a mathematical ``𝗈`` is ``o`` and meets ``O``, and small capitals read as their letters:
``T𝗈m`` and ``Bᴀʀʙ`` are ``Tom`` and ``Barb``. Every account's name key is computed again;
where two existing names now share a key, the newer account's key gets ``#<id>`` and it
still logs in by its own name.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06
"""

from __future__ import annotations

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from euchre.store.rekey import rekey_accounts

    rekey_accounts(op.get_bind())


def downgrade() -> None:
    pass  # the keys stay: the older rule cannot be recomputed from here
