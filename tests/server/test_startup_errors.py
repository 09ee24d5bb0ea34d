"""A server that cannot reach its database or its Redis stops at start and says so in one
log line naming the service (password hidden) and the cause, before the traceback."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from server_helpers import ProcessServer, free_port, postgres_admin_url

from euchre.store import make_engine, upgrade_url


def failed_start(env: dict[str, str], tmp_path: Path) -> list[str]:
    """Start a server that must fail; the messages it logged at level error."""
    log = tmp_path / "server.log"
    server = ProcessServer({**env, "EUCHRE_TEST_LOG": str(log), "EUCHRE_LOG_JSON": "1"})
    with pytest.raises(RuntimeError, match="exited"):
        server.start()
    errors = []
    for line in log.read_text().splitlines():
        if line.startswith("{"):
            entry = json.loads(line)
            if entry["level"] == "error":
                errors.append(str(entry["message"]))
    return errors


def test_redis_down_at_start_is_named_in_one_line(tmp_path: Path) -> None:
    dead = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    env = {"EUCHRE_DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}", "EUCHRE_REDIS_URL": dead}
    errors = failed_start(env, tmp_path)
    assert errors[0].startswith(f"cannot start: Redis at {dead} does not answer: "), errors


def test_a_database_that_cannot_be_opened_is_named_without_its_password(
    tmp_path: Path,
) -> None:
    admin = postgres_admin_url()
    if admin is None:
        pytest.skip("PostgreSQL is not running on 127.0.0.1:5432 (needed for this test)")
    user = admin.split("://", 1)[1].split("@", 1)[0]
    missing = f"postgresql://{user}:hunter2@127.0.0.1:5432/euchre_no_such_database"
    errors = failed_start({"EUCHRE_DATABASE_URL": missing}, tmp_path)
    shown = "postgresql://***@127.0.0.1:5432/euchre_no_such_database"
    assert errors[0].startswith(f"cannot start: the database {shown} cannot be used: "), errors
    assert "euchre_no_such_database" in errors[0] and "does not exist" in errors[0]
    assert not any("hunter2" in e for e in errors)


@pytest.mark.parametrize("url", ["mysql://root@127.0.0.1/test", "mongodb://db/euchre", "euchre.db"])
def test_a_database_this_server_does_not_run_on_is_refused_saying_which_it_does(
    url: str,
) -> None:
    with pytest.raises(ValueError, match="must be sqlite:///PATH or postgresql://") as refused:
        make_engine(url)
    assert "root@" not in str(refused.value)  # a URL's user and password are not repeated


def test_a_database_at_an_older_revision_is_refused_naming_the_upgrade_for_it(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    asyncio.run(upgrade_url(url, "0010"))
    errors = failed_start({"EUCHRE_DATABASE_URL": url}, tmp_path)
    # The command must name this database: a bare `euchre db upgrade` upgrades the default one.
    assert errors[0].endswith(f"run `euchre db upgrade --database {url}`"), errors
    assert "is at revision 0010" in errors[0], errors


def test_a_second_server_on_the_same_sqlite_file_is_refused(tmp_path: Path) -> None:
    """A second server on one SQLite file took every table over at its start: the first
    one's players lost their games. It is refused, naming the first; once that one has
    stopped (killed, even), a server starts there again with the games."""
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    first = ProcessServer({"EUCHRE_DATABASE_URL": url}).start()
    try:
        errors = failed_start({"EUCHRE_DATABASE_URL": url}, tmp_path)
        assert first.proc is not None
        pid = first.proc.pid
        assert errors[0].startswith(f"cannot start: another server (pid {pid}) "), errors
        assert "is running on " in errors[0] and "docs/operations.md" in errors[0], errors
        assert httpx.get(first.base + "/healthz").status_code == 200  # the first runs on
    finally:
        first.kill()
    again = ProcessServer({"EUCHRE_DATABASE_URL": url}).start()  # healthy, or it raises
    again.kill()
