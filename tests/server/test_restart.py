"""Nothing lost: a server process killed with SIGKILL mid-hand resumes every game exactly."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from server_helpers import (
    Client,
    ProcessServer,
    play_random,
    postgres_database,
    seat_clients,
    settle,
)

from euchre.engine.records import replay

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'restart.db'}"
    else:
        with postgres_database() as url:
            yield url


def server_env(url: str, tmp_path: Path) -> dict[str, str]:
    return {
        "EUCHRE_DATABASE_URL": url,
        "EUCHRE_GRACE_SECONDS": "120",
        "EUCHRE_TURN_SECONDS": "600",
        "EUCHRE_BOT_DELAY": "0",
        "EUCHRE_TRICK_PAUSE": "0",
        "EUCHRE_BOT_LEVEL": "random",
        "EUCHRE_LOG_LEVEL": "info",
        "EUCHRE_TEST_LOG": str(tmp_path / "server.log"),
    }


def mid_hand(state: dict[str, object]) -> bool:
    trick = state["trick"]
    return (
        state["phase"] == "play"
        and isinstance(trick, list)
        and len(trick) == 2
        and (state["deal"] != 0)
    )


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_sigkill_mid_hand_then_restart_resumes_the_same_game(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        env = server_env(url, tmp_path)
        first = ProcessServer(env).start()
        try:
            table, clients = seat_clients(first.base, NAMES, turn_seconds=0)
            clients[0].send(type="start", table=table)
            rng = random.Random(7)
            play_random(clients, table, rng, stop=mid_hand)
            version = settle(clients, table)
            before = {c.name: c.view(table).state for c in clients}
            tokens = [c.token for c in clients]
        finally:
            first.kill()  # SIGKILL: no shutdown code runs
        for client in clients:
            client.close()

        second = ProcessServer(env, port=first.port).start()
        try:
            again = [
                Client(second.base, name, token) for name, token in zip(NAMES, tokens, strict=False)
            ]
            for client in again:
                answer = client.request(type="join", table=table, since=version)
                assert answer["type"] == "table", answer
                assert answer["version"] >= version
                resumed = answer["state"]
                assert resumed == before[client.name]  # the same hand, trick, history, score
                if answer["version"] == version:
                    assert answer["missed"] == []
            settle(again, table)
            play_random(again, table, rng)
            final = again[0].view(table).state
            assert final is not None and final["winner"] is not None
            player = {"euchre_session": again[0].token}  # a private game: for its players
            record = httpx.get(f"{second.base}/api/games/{table}", cookies=player).json()
            assert list(replay(record).score) == final["score"]
            for client in again:
                client.close()
        finally:
            second.kill()


def test_sigterm_shuts_down_gracefully(tmp_path: Path) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'term.db'}", tmp_path)
    server = ProcessServer(env).start()
    try:
        table, clients = seat_clients(server.base, NAMES[:2], turn_seconds=0)
        code = server.terminate()
    finally:
        server.kill()
    # uvicorn re-raises the signal after its graceful shutdown has finished.
    assert code in (0, -15)
    log = (tmp_path / "server.log").read_text()
    assert '"server stopped"' in log and "Application shutdown complete" in log
    for client in clients:
        client.close()
    again = ProcessServer(env).start()
    try:
        ann = Client(again.base, "Ann", clients[0].token)
        snapshot = ann.request(type="join", table=table)
        assert [s["name"] for s in snapshot["info"]["seats"][:2]] == ["Ann", "Bob"]
        ann.close()
    finally:
        again.kill()


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_the_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    server = ProcessServer(server_env(f"sqlite:///{tmp_path / 'w.db'}", tmp_path)).start()
    try:
        example = Path(__file__).resolve().parents[1] / "data" / "egn" / "Epic_Comeback.egn"
        replayed = httpx.post(f"{server.base}/api/replays", content=example.read_bytes())
        assert replayed.status_code == 200, replayed.text  # a replay worker
        table, (ann,) = seat_clients(server.base, ["Ann"], turn_seconds=0)
        for seat in (1, 2, 3):
            ann.request(type="add_bot", table=table, seat=seat, level="medium")
        ann.send(type="start", table=table)
        play_random([ann], table, random.Random(3), stop=lambda s: s["deal"] >= 1)  # bot workers
        assert server.proc is not None
        workers = children_of(server.proc.pid)
        assert len(workers) >= 2, workers
        ann.close()
    finally:
        server.kill()  # SIGKILL: the workers are not told
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.2)
    left = [w for w in workers if Path(f"/proc/{w}").exists()]
    for pid in left:
        os.kill(pid, 9)
    assert not left, f"workers still running after the server was killed: {left}"


def test_a_finished_table_comes_back_after_a_restart_for_play_again(tmp_path: Path) -> None:
    """A player who was away when the game ended finds the final table after a restart,
    for as long as a finished table is kept (``finished_ttl``), and may play again."""
    env = server_env(f"sqlite:///{tmp_path / 'done.db'}", tmp_path)
    first = ProcessServer(env).start()
    try:
        table, (ann,) = seat_clients(first.base, ["Ann"], turn_seconds=0, options={"target": 1})
        ann.send(type="start", table=table)
        play_random([ann], table, random.Random(2))
        final = ann.view(table).state
        assert final is not None and final["winner"] is not None
        token = ann.token
        ann.close()
    finally:
        first.kill()
    second = ProcessServer(env, port=first.port).start()
    try:
        back = Client(second.base, "Ann", token)
        snapshot = back.request(type="join", table=table)
        assert snapshot["type"] == "table", snapshot
        assert snapshot["info"]["status"] == "finished"
        assert snapshot["state"]["score"] == final["score"]
        again = back.request(type="play_again", table=table)
        assert again["type"] == "table" and again["table"] != table, again
        back.close()
    finally:
        second.kill()
    expired = ProcessServer({**env, "EUCHRE_FINISHED_TTL": "0"}, port=first.port).start()
    try:
        late = Client(expired.base, "Ann", token)
        late.expect_error("not_found", type="join", table=table)  # kept no longer than that
        late.close()
    finally:
        expired.kill()


def test_bots_play_on_when_their_person_rejoins_after_a_sigkill(tmp_path: Path) -> None:
    """Killed at a bot's turn, the server stored Ann as present (nothing ran to mark her
    away); reloaded, its bots wait for a person, and Ann opening the table again is that
    person: the bot moves (it did not, and the game stood still for ever)."""
    env = server_env(f"sqlite:///{tmp_path / 'bots.db'}", tmp_path)
    first = ProcessServer({**env, "EUCHRE_BOT_DELAY": "3600"}).start()  # bots hold their turn
    try:
        ann = Client(first.base, "Ann")
        table = ann.request(type="create", kind="private", turn_seconds=0)["table"]
        ann.send(type="start", table=table)
        ann.until(lambda m: m.get("event", {}).get("kind") == "started")
        if ann.my_turn(table):
            view = ann.view(table)
            assert view.state is not None
            ann.send(type="act", table=table, action="pass", version=view.version)
            ann.sync_to(table, view.version + 1)
        state = ann.view(table).state
        assert state is not None and state["to_act"] != 0  # a bot's turn, for an hour
        version = ann.view(table).version
    finally:
        first.kill()  # SIGKILL: Ann is still seated and present in the store
    ann.close()

    second = ProcessServer(env, port=first.port).start()
    try:
        back = Client(second.base, "Ann", ann.token)
        answer = back.request(type="join", table=table, since=version)
        assert answer["type"] == "table", answer
        back.sync_to(table, version + 1)  # a bot moved
        back.close()
    finally:
        second.kill()
