"""`euchre db copy`: a server that outgrew its SQLite file moves to PostgreSQL with
everything (accounts and their sessions, finished games), and the copy goes on numbering
rows after the copied ones."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import httpx
from server_helpers import Client, ThreadServer, fast_settings, play_random, postgres_database
from social_helpers import register


def db_copy(source: str, target: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "euchre", "db", "copy", "--from", source, "--to", target]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_a_sqlite_server_moves_to_postgresql_with_everything(tmp_path: Path) -> None:
    db = tmp_path / "small.db"
    with ThreadServer(fast_settings(db)) as live:
        session = register(live.base, "Ann")["session"]
        ann = Client(live.base, "Ann", session)
        table = ann.request(type="create", kind="private", options={"target": 1})["table"]
        ann.until(lambda m: m["type"] == "table" and m["table"] == table)
        ann.send(type="start", table=table)
        play_random([ann], table, random.Random(4))
        final = ann.view(table).state
        assert final is not None and final["winner"] is not None
        waiting = ann.request(type="create", kind="private")["table"]  # still open
        ann.close()

    with postgres_database() as url:
        copied = db_copy(f"sqlite:///{db}", url)
        assert copied.returncode == 0, copied.stderr
        assert "users: 1 rows" in copied.stdout and "games: 2 rows" in copied.stdout

        with ThreadServer(fast_settings(db).replace(database_url=url)) as moved:
            cookies = {"euchre_session": session}  # signed with the copied secret
            account = httpx.get(f"{moved.base}/api/account", cookies=cookies)
            assert account.status_code == 200 and account.json()["name"] == "Ann", account.text
            record = httpx.get(f"{moved.base}/api/games/{table}", cookies=cookies)
            assert record.status_code == 200, record.text
            register(moved.base, "Bob")  # a new account gets the next number, not Ann's
            back = Client(moved.base, "Ann", session)
            reopened = back.request(type="join", table=waiting)
            assert reopened["type"] == "table" and reopened["you"]["seat"] == 0, reopened
            back.close()

        again = db_copy(f"sqlite:///{db}", url)
        assert again.returncode == 1
        assert "the target database holds data already" in again.stderr
