"""Look-alike names: the separators between a name's words (spaces, ``. ' - _``) are no
part of its key (``euchre.store.names``): ``Harold.`` and ``Har old`` are ``Harold``. Every
account's name key is computed again; where two existing names now share a key, the newer
account's key gets ``#<id>`` and it still logs in by its own name.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from euchre.store.rekey import rekey_accounts

    rekey_accounts(op.get_bind())


def downgrade() -> None:
    pass  # the keys stay: the older rule cannot be recomputed from here
