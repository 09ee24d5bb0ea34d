"""Opening tables and leaving them in a loop: a waiting table closes when its only person
leaves, so the caps on open tables never bit, yet each round stored a table (1,600 in
20 s from four addresses). New tables are limited per person and per address in a
window, whether they are still open or not."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from server_helpers import Client, ThreadServer, fast_settings


def stored_games(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


def open_and_leave(client: Client, preset: str) -> None:
    table = client.request(type="quick_play", preset=preset)
    assert table["type"] == "table", table
    assert client.request(type="leave", table=table["table"])["type"] == "left"


def test_opening_and_leaving_tables_in_a_loop_is_limited(tmp_path: Path) -> None:
    db = tmp_path / "churn.db"
    settings = fast_settings(
        db, tables_opened_per_person=4, tables_opened_per_address=6, address_limit_exempt=""
    )
    with ThreadServer(settings) as live:
        ann = Client(live.base, "Ann")
        for preset in ("standard", "british", "standard", "cutthroat"):
            open_and_leave(ann, preset)
        assert stored_games(db) == 4
        for request in ({"type": "quick_play"}, {"type": "create", "kind": "private"}):
            refused = ann.expect_error("too_many_tables", **request)
            assert "at most 4 new tables opened by one person in 10 minutes" in refused["message"]
            assert 0 < refused["retry_after"] <= 600
        # The address's other people share its limit.
        bob = Client(live.base, "Bob")
        open_and_leave(bob, "standard")
        open_and_leave(bob, "two-player")
        refused = bob.expect_error("too_many_tables", type="quick_play", preset="classic")
        assert "at most 6 new tables opened by one address" in refused["message"]
        assert stored_games(db) == 6
        ann.close()
        bob.close()
