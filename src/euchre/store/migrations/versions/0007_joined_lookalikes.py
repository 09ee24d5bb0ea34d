"""Look-alike names: the confusables table's overlapping rows are joined
(``euchre.store.names``), so every account's name key is computed again; where two
existing names now share a key, the newer account's key gets ``#<id>``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from euchre.store.rekey import rekey_accounts

    rekey_accounts(op.get_bind())


def downgrade() -> None:
    pass  # the joined keys stay: the older rule cannot be recomputed from here
