"""Look-alike names: a letter that looks like two (``m`` and ``rn``, ``w`` and ``vv``,
``d`` and ``cl``) now counts as the same name (``euchre.store.names``), so every account's
name key is computed again; where two existing names now share a key (``Tom`` and
``Torn``), the newer account's key gets ``#<id>``.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from euchre.store.rekey import rekey_accounts

    rekey_accounts(op.get_bind())


def downgrade() -> None:
    pass  # the keys stay: the older rule cannot be recomputed from here
