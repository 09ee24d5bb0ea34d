"""Whole games through a real server: four people over websockets, spectators, records."""

from __future__ import annotations

import random

import httpx
from server_helpers import Client, ThreadServer, play_random, seat_clients, settle

from euchre.engine.records import replay


def test_four_clients_play_a_whole_game_to_ten(live: ThreadServer) -> None:
    table, clients = seat_clients(live.base, ["Ann", "Bob", "Cat", "Dan"], turn_seconds=0)
    watcher = Client(live.base, "Eve")
    watcher.send(type="join", invite=clients[0].view(table).invite)
    joined = watcher.until(lambda m: m["type"] == "table")
    assert joined["you"]["seat"] is None
    clients[0].send(type="start", table=table)
    actions = play_random([*clients, watcher], table, random.Random(4))
    top = settle([*clients, watcher], table)
    final = clients[0].view(table).state
    assert final is not None and final["winner"] is not None
    assert max(final["score"]) >= 10
    assert actions > 20
    for client in [*clients, watcher]:
        assert client.view(table).version == top
        assert client.view(table).state["score"] == final["score"]  # type: ignore[index]
        versions = [e["version"] for e in client.view(table).events]
        assert versions == sorted(versions) and len(set(versions)) == len(versions)
    player = {"euchre_session": clients[0].token}  # a private game: for its players
    record = httpx.get(f"{live.base}/api/games/{table}", cookies=player).json()
    result = replay(record)
    assert list(result.score) == final["score"]
    assert record["metadata"]["players"] == ["Ann", "Bob", "Cat", "Dan"]
    for client in [*clients, watcher]:
        client.close()


def test_spectators_never_see_a_hand(live: ThreadServer) -> None:
    table, clients = seat_clients(live.base, ["Ann", "Bob", "Cat", "Dan"], turn_seconds=0)
    watcher = Client(live.base, "Eve")
    watcher.send(type="join", invite=clients[0].view(table).invite)
    watcher.until(lambda m: m["type"] == "table")
    clients[0].send(type="start", table=table)
    play_random([*clients, watcher], table, random.Random(5), max_actions=30)
    settle([*clients, watcher], table)
    spectator_states = [m["state"] for m in watcher.received if m.get("state")]
    assert spectator_states
    assert all(s["hand"] == [] and s["legal"] == [] for s in spectator_states)
    player_states = [m["state"] for m in clients[0].received if m.get("state")]
    assert any(s["hand"] for s in player_states)
    # Everyone hears how many cards each seat holds (the card backs), the same for all.
    for s in player_states:
        assert s["hand_sizes"][0] == len(s["hand"]), s
    by_version = {
        m["version"]: m["state"]["hand_sizes"] for m in watcher.received if m.get("state")
    }
    for m in clients[0].received:
        if m.get("state") and m["version"] in by_version:
            assert m["state"]["hand_sizes"] == by_version[m["version"]]
    for client in [*clients, watcher]:
        client.close()
