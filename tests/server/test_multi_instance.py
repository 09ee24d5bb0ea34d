"""Several server processes on one PostgreSQL database and one Redis act as one server.

A table is owned by one instance; clients of the other instance reach it through Redis.
Four players split across two real ``euchre serve`` processes play whole games, a
spectator of the other instance sees only public information, errors reach the right
client, and when the owner is killed or shut down the other instance takes the game over.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    REDIS_URL,
    Client,
    ProcessServer,
    play_random,
    postgres_database,
    redis_available,
    settle,
)

from euchre.engine.records import replay

pytestmark = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running on 127.0.0.1:6379 (needed for this test)"
)

NAMES = ["Ann", "Bob", "Cat", "Dan"]
LEASE_SECONDS = "1.0"


def instance_env(url: str, name: str, tmp_path: Path, lease: str) -> dict[str, str]:
    return {
        "EUCHRE_DATABASE_URL": url,
        "EUCHRE_REDIS_URL": REDIS_URL,
        "EUCHRE_INSTANCE": name,
        "EUCHRE_LEASE_SECONDS": lease,
        "EUCHRE_RELAY_TIMEOUT": "10",
        "EUCHRE_GRACE_SECONDS": "120",
        "EUCHRE_FILL_SECONDS": "120",
        "EUCHRE_TURN_SECONDS": "600",
        "EUCHRE_BOT_DELAY": "0",
        "EUCHRE_TRICK_PAUSE": "0",
        "EUCHRE_BOT_LEVEL": "random",
        "EUCHRE_RATE_PER_SECOND": "100000",
        "EUCHRE_RATE_BURST": "100000",
        "EUCHRE_LOG_LEVEL": "info",
        "EUCHRE_TEST_LOG": str(tmp_path / f"server-{name}.log"),
    }


@contextmanager
def two_instances(
    tmp_path: Path, lease: str = LEASE_SECONDS, **env: str
) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    """Instances ``a`` and ``b`` on a fresh PostgreSQL database and the local Redis."""
    with postgres_database() as url:
        a = ProcessServer({**instance_env(url, "a", tmp_path, lease), **env}).start()  # the schema
        try:
            b = ProcessServer({**instance_env(url, "b", tmp_path, lease), **env}).start()
            try:
                yield a, b
            finally:
                b.kill()
        finally:
            a.kill()


def split_table(a: ProcessServer, b: ProcessServer, **create: Any) -> tuple[str, list[Client]]:
    """A private table created on ``a`` by Ann; Bob and Dan (on ``b``) and Cat (on ``a``)
    join by invite and sit at seats 1 to 3."""
    bases = [a.base, b.base, a.base, b.base]
    clients = [Client(base, name) for base, name in zip(bases, NAMES, strict=True)]
    created = clients[0].request(type="create", kind="private", turn_seconds=0, **create)
    assert created["type"] == "created", created
    table, invite = created["table"], created["invite"]
    clients[0].until(lambda m: m["type"] == "table" and m["table"] == table)
    for seat, client in enumerate(clients[1:], start=1):
        joined = request_again_while_moving(client, type="join", invite=invite)
        assert joined["type"] == "table" and joined["table"] == table, joined
        seated = request_again_while_moving(client, type="sit", table=table, seat=seat)
        assert seated["type"] == "table" and seated["you"]["seat"] == seat, seated
    return table, clients


def request_again_while_moving(client: Client, **message: Any) -> dict[str, Any]:
    """The answer to ``message``, asked again while the table is between owners (on a
    busy machine an owner's one-second lease can run out): "unavailable ... try again"."""
    deadline = time.monotonic() + 15
    while True:
        answer = client.request(**message)
        if answer.get("code") != "unavailable" or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


def own_turn(clients: list[Client], table: str) -> Client:
    settle(clients, table)
    found = next((c for c in clients if c.my_turn(table)), None)
    assert found is not None
    return found


def illegal_action(state: dict[str, Any]) -> str:
    """An action the rules do not allow now (a held card that may not be played, or a
    bid outside the bidding)."""
    legal = set(state["legal"])
    for card in state["hand"]:
        if f"play {card}" not in legal and state["phase"] == "play":
            return f"play {card}"
    return "order" if state["phase"] == "play" else "play " + state["hand"][0]


def check_public_only(spectator: Client, table: str) -> None:
    """Everything the spectator received about the table is public."""
    seen = [m for m in spectator.received if m.get("table") == table]
    assert seen
    for message in seen:
        state = message.get("state")
        if state is not None:
            assert state["hand"] == [] and state["legal"] == [] and state["seat"] is None
            discards = [h for h in state["history"] if h["action"].startswith("discard")]
            assert all(h["action"] == "discard" for h in discards), discards
        event = message.get("event") or {}
        if str(event.get("action", "")).startswith("discard"):
            assert event["action"] == "discard", event


def test_players_on_two_instances_play_a_whole_game(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        table, clients = split_table(a, b, options={"target": 5})
        ann, bob, _cat, dan = clients
        eve = Client(b.base, "Eve")
        eve.request(type="join", invite=clients[0].view(table).invite)
        assert eve.view(table).seat is None
        for server in (a, b):  # a private table is not shown over HTTP, on any instance
            assert httpx.get(f"{server.base}/api/tables/{table}", timeout=10).status_code == 404

        ann.send(type="start", table=table)
        ann.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "started")
        version = settle([*clients, eve], table)
        assert version > 0

        # An action out of turn from a client of b: the usual error, nothing changes.
        waiting = next(c for c in (bob, dan) if not c.my_turn(table))
        waiting.expect_error("not_your_turn", type="act", table=table, action="pass")
        actor = own_turn(clients, table)
        state = actor.view(table).state
        assert state is not None
        actor.expect_error("illegal", type="act", table=table, action=illegal_action(state))
        actor.expect_error("stale", type="act", table=table, action=state["legal"][0], version=0)
        again = actor.request(type="resync", table=table, since=version)
        assert again["version"] == version and again["missed"] == []
        assert again["state"] == state

        # Chat crosses instances, each channel to its own people.
        for client in (ann, bob, eve):
            assert client.request(type="chat_settings", enabled=True)["enabled"] is True
        said = bob.request(type="chat", table=table, text="hello from b")
        assert said["type"] == "chat" and said["channel"] == "players", said
        heard = ann.until(lambda m: m["type"] == "chat")
        assert heard["text"] == "hello from b" and heard["from"]["seat"] == 1
        history = ann.request(type="chat_log", table=table)
        assert [m["text"] for m in history["messages"]] == ["hello from b"]
        spectators = eve.request(type="chat_log", table=table)
        assert spectators["channel"] == "spectators" and spectators["messages"] == []

        play_random(clients, table, random.Random(11))
        final = settle([*clients, eve], table)
        state = ann.view(table).state
        assert state is not None and state["winner"] is not None and max(state["score"]) >= 5
        for client in (bob, dan, eve):
            assert client.view(table).version == final
            assert client.view(table).state["score"] == state["score"]  # type: ignore[index]
        check_public_only(eve, table)
        assert not any(m["type"] == "chat" for m in eve.received)
        player = {"euchre_session": ann.token}  # a private game: for its players
        record = httpx.get(f"{b.base}/api/games/{table}", timeout=10, cookies=player).json()
        assert list(replay(record).score) == state["score"]
        for client in [*clients, eve]:
            client.close()


def mid_hand(state: dict[str, Any]) -> bool:
    return state["phase"] == "play" and len(state["trick"]) == 2 and state["deal"] != 0


def finish_through(
    survivor: ProcessServer,
    table: str,
    lost: list[Client],
    kept: list[Client],
    version: int,
    before: dict[str, Any],
    rng: random.Random,
) -> None:
    """The clients of the instance that went away rejoin through ``survivor`` with their
    last version and find the same hand, trick and score (every accepted action is
    there); the game is played to its end and its stored record replays to the score."""
    moved = [Client(survivor.base, c.name, c.token) for c in lost]
    for client in moved:
        answer = client.request(type="join", table=table, since=version)
        assert answer["type"] == "table", answer
        assert answer["state"] == before[client.name]
        assert answer["you"]["seat"] == NAMES.index(client.name)
    players = sorted([*moved, *kept], key=lambda c: NAMES.index(c.name))
    settle(players, table)
    play_random(players, table, rng)
    state = players[0].view(table).state
    assert state is not None and state["winner"] is not None
    player = {"euchre_session": players[0].token}  # a private game: for its players
    record = httpx.get(f"{survivor.base}/api/games/{table}", timeout=10, cookies=player).json()
    assert list(replay(record).score) == state["score"]
    for client in players:
        client.close()


def test_killing_the_owner_hands_the_game_to_the_other_instance(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        table, clients = split_table(a, b)
        clients[0].send(type="start", table=table)
        rng = random.Random(5)
        play_random(clients, table, rng, stop=mid_hand)
        version = settle(clients, table)
        before = {c.name: c.view(table).state for c in clients}

        a.kill()  # SIGKILL: the owner of the table is gone without a word
        on_a = [clients[0], clients[2]]
        on_b = [clients[1], clients[3]]
        for client in on_a:
            client.close()
        # The clients of b watched through a: b takes the table over and they get it again.
        for client in on_b:
            snapshot = client.until(lambda m: m["type"] == "table" and m["table"] == table)
            assert snapshot["state"] == before[client.name]
        finish_through(b, table, on_a, on_b, version, before, rng)


def test_an_action_sent_as_the_owner_is_killed_is_kept_or_refused_never_lost(
    tmp_path: Path,
) -> None:
    """Bob (through ``b``) acts at the moment ``a``, the owner, is killed. An accepted
    action is in the game taken over; one answered ``unavailable`` may have been stored
    before the owner died (the snapshot tells him which), but nothing else moved."""
    with two_instances(tmp_path) as (a, b):
        table, clients = split_table(a, b)
        clients[0].send(type="start", table=table)
        play_random(clients, table, random.Random(4), stop=lambda state: state["to_act"] == 1)
        settle(clients, table)
        bob = clients[1]
        view = bob.view(table)
        assert view.state is not None and bob.my_turn(table)
        sent, before = view.state["legal"][0], view.version
        bob.send(type="act", table=table, action=sent, version=before, ref="last")
        a.kill()
        answer = bob.until(lambda m: m.get("ref") == "last")
        taken = bob.until(lambda m: m["type"] == "table" and m["table"] == table)
        kept = taken["version"] == before + 1 and taken["state"]["history"][-1]["action"] == sent
        if answer["type"] == "error":
            assert answer["code"] == "unavailable", answer
            assert kept or taken["version"] == before, taken
        else:
            assert kept, taken
        for client in clients:
            client.close()


def test_shutting_the_owner_down_hands_the_game_over_at_once(tmp_path: Path) -> None:
    # Leases of a minute: the table moves long before the owner's lease could have run
    # out (each wait below gives up after 15 s), and before b's own lease round (every
    # 20 s) would find it; only the owner's letting it go explains the move.
    with two_instances(tmp_path, lease="60") as (a, b):
        table, clients = split_table(a, b)
        clients[0].send(type="start", table=table)
        rng = random.Random(8)
        play_random(clients, table, rng, stop=mid_hand)
        settle(clients, table)
        before = {c.name: c.view(table).state for c in clients}

        assert a.terminate() in (0, -15)  # SIGTERM: a graceful shutdown
        assert '"server stopped"' in (tmp_path / "server-a.log").read_text()
        on_a = [clients[0], clients[2]]
        on_b = [clients[1], clients[3]]
        for client in on_a:
            client.close()
        # b owns the table now: its clients watching it get it again, unchanged.
        for client in on_b:
            snapshot = client.until(lambda m: m["type"] == "table" and m["table"] == table)
            assert snapshot["state"] == before[client.name]
        assert httpx.get(f"{b.base}/healthz", timeout=10).json()["tables"] == 1

        version = settle(on_b, table)
        finish_through(b, table, on_a, on_b, version, before, rng)


def test_killing_the_other_instance_frees_its_players_seats(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        table, clients = split_table(a, b)
        clients[0].send(type="start", table=table)
        rng = random.Random(3)
        play_random(clients, table, rng, max_actions=6)
        version = settle(clients, table)
        before = {c.name: c.view(table).state for c in clients}

        b.kill()  # the players of b lose their connection; a still owns the table
        on_b = [clients[1], clients[3]]
        for client in on_b:
            client.close()
        away = clients[0].until(lambda m: m["type"] == "event" and m["event"]["kind"] == "away")
        assert away["event"]["seat"] in (1, 3)
        finish_through(a, table, on_b, [clients[0], clients[2]], version, before, rng)


def test_quick_play_seats_clients_of_both_instances_at_one_table(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        ann = Client(a.base, "Ann")
        first = ann.request(type="quick_play", preset="standard")
        assert first["type"] == "table", first
        table = first["table"]
        deadline = time.monotonic() + 10
        while not any(t["id"] == table for t in httpx.get(b.base + "/api/tables").json()["tables"]):
            assert time.monotonic() < deadline, "instance b never listed the table"
            time.sleep(0.05)
        bob = Client(b.base, "Bob")
        second = bob.request(type="quick_play", preset="standard")
        assert second["type"] == "table" and second["table"] == table, second
        assert second["you"]["seat"] == 1
        seated = ann.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "seated")
        assert seated["event"]["name"] == "Bob"
        # Either instance describes the table, as its owner a does.
        shown = [httpx.get(f"{s.base}/api/tables/{table}", timeout=10) for s in (a, b)]
        assert [r.status_code for r in shown] == [200, 200]
        assert shown[1].json() == shown[0].json()
        assert shown[1].json()["version"] == ann.view(table).version
        assert [seat["name"] for seat in shown[1].json()["seats"][:2]] == ["Ann", "Bob"]
        for server in (a, b):
            assert httpx.get(f"{server.base}/api/tables/nosuchtable", timeout=10).status_code == 404
        left = bob.request(type="leave", table=table)
        assert left == {"type": "left", "table": table, "ref": left["ref"]}
        stood = ann.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "stood")
        assert stood["event"]["seat"] == 1
        bob.expect_error("not_seated", type="act", table=table, action="pass")
        bob.expect_error("not_found", type="join", table="nosuchtable")
        ann.close()
        bob.close()


def listed(server: ProcessServer, table: str) -> dict[str, Any] | None:
    found = httpx.get(server.base + "/api/tables", timeout=10).json()["tables"]
    return next((t for t in found if t["id"] == table), None)


def wait_listed(
    server: ProcessServer, table: str, test: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The table's line in the server's lobby once it passes ``test``."""
    deadline = time.monotonic() + 15
    while True:
        line = listed(server, table)
        if line is not None and test(line):
            return line
        assert time.monotonic() < deadline, f"{server.base} never listed {table} so: {line}"
        time.sleep(0.05)


def seat_names(server: ProcessServer, table: str) -> list[str]:
    info = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
    return [seat["name"] for seat in info["seats"] if seat["type"] == "human"]


def test_quick_play_gives_a_person_their_seat_on_another_instance(tmp_path: Path) -> None:
    with two_instances(tmp_path) as (a, b):
        ann = Client(a.base, "Ann")
        table = ann.request(type="quick_play", preset="standard")["table"]
        # b has a waiting table of the same rules with room: quick play there must not
        # give Ann a second seat at it.
        bob = Client(b.base, "Bob")
        created = bob.request(type="create", kind="casual", preset="standard")
        assert created["type"] == "created", created
        other = created["table"]
        bob.until(lambda m: m["type"] == "table" and m["table"] == other)
        line = wait_listed(b, table, lambda line: line["seats"][0]["name"] == "Ann")
        assert "people" not in line  # who sits where travels between instances only

        # Ann's first window still holds her seat: refused, as on one instance.
        twin = Client(b.base, "Ann", ann.token)
        twin.expect_error("seat_in_use", type="quick_play", preset="standard")
        assert seat_names(b, other) == ["Bob"]

        ann.close()  # her seat waits for her (the grace period)
        wait_listed(b, table, lambda line: not line["seats"][0]["connected"])
        again = twin.request(type="quick_play", preset="standard")
        assert again["type"] == "table" and again["table"] == table, again
        assert again["you"]["seat"] == 0
        assert seat_names(b, other) == ["Bob"]
        assert seat_names(a, table) == ["Ann"]
        # Asking again while she waits answers with the same table.
        assert twin.request(type="quick_play", preset="standard")["table"] == table
        twin.close()
        bob.close()


def test_a_player_of_a_stalled_instance_takes_the_seat_back_through_another(
    tmp_path: Path,
) -> None:
    """An instance that stalls (stopped, not dead: still subscribed to Redis) holds its
    players' seats only until its heartbeat runs out; then they come back elsewhere."""
    with two_instances(tmp_path) as (a, b):
        table, clients = split_table(a, b)  # a owns the table; Bob sits through b
        bob = clients[1]
        assert b.proc is not None
        b.proc.send_signal(signal.SIGSTOP)
        try:
            again = Client(a.base, "Bob", bob.token)  # Bob reloads, and reaches a
            deadline = time.monotonic() + 30
            while True:
                answer = again.request(type="join", table=table)
                if answer["type"] == "table" or time.monotonic() > deadline:
                    break
                assert answer["code"] == "seat_in_use", answer  # b holds it, for now
                time.sleep(0.5)
            assert answer["type"] == "table" and answer["you"]["seat"] == 1, answer
            again.close()
        finally:
            b.proc.send_signal(signal.SIGCONT)
        for client in clients:
            client.close()


def test_ranked_askers_at_the_same_moment_on_two_instances_are_paired(tmp_path: Path) -> None:
    """Two accounts ask the two-player ranked queue at the same moment, one through each
    instance (four times over): they take turns across the instances, so they sit at one
    table that starts (each instance opening a table of its own before the other's was
    listed left ranked players, who get no bots, waiting for ever)."""
    from social_helpers import register

    # a lease of its own: at 1 s a loaded machine (CI) let an instance's leases lapse
    # between renewals, and a move was refused as "moving to another server"
    with two_instances(tmp_path, "5.0", EUCHRE_REGISTER_PER_ADDRESS="100") as (a, b):
        for round_ in range(4):
            pair = []
            for server in (a, b):
                name = f"Queue{round_}{server.port}"
                pair.append(Client(server.base, name, register(server.base, name)["session"]))
            for client in pair:  # both at once: neither waits for an answer first
                client.send(type="quick_play", preset="two-player", ranked=True, ref="q")
            answers = [client.until(lambda m: m.get("ref") == "q") for client in pair]
            assert [m["type"] for m in answers] == ["table", "table"], answers
            assert answers[0]["table"] == answers[1]["table"], answers
            table = answers[0]["table"]
            for client in pair:
                client.until(lambda m, t=table: m.get("table") == t and _started(m))
                client.request(type="leave", table=table)
                client.close()


def _started(message: dict[str, Any]) -> bool:
    return message["type"] == "event" and message["event"]["kind"] == "started"
