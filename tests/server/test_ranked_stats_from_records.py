"""A player's statistics, history and leaderboard line are what the stored game records
say happened: several ranked games with the partners changing, each game's EGN download
replayed with ``euchre replay``, the counts made again from its deals and compared with
every place the server shows them."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from server_helpers import Client, ThreadServer, play_random
from social_helpers import account_clients, ranked_table, social_settings, wait_processed
from typer.testing import CliRunner

from euchre.cli import app as cli_app

NAMES = ["Ann", "Bob", "Cat", "Dan"]
# Seat orders: seats 0 and 2 are partners, so each pairing of partners comes up once.
SEATINGS = [
    ["Ann", "Bob", "Cat", "Dan"],
    ["Ann", "Cat", "Bob", "Dan"],
    ["Dan", "Ann", "Bob", "Cat"],
]


def replayed(record: dict[str, Any]) -> dict[str, Any]:
    """``euchre replay -`` on a record: it must accept it (exit 0)."""
    result = CliRunner().invoke(cli_app, ["replay", "-"], input=json.dumps(record))
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


def counts_of(replay: dict[str, Any], seats: list[str]) -> dict[str, Counter[str]]:
    """Each player's counts, from the deals of a replayed record (team = seat % 2)."""
    found = {name: Counter[str]() for name in seats}
    for deal in replay["deals"]:
        for seat, name in enumerate(seats):
            found[name]["points"] += deal["points"][seat % 2]
        if deal["outcome"] != "scored":
            continue
        maker, alone = deal["maker"], bool(deal["alone"])
        made = deal["points"][maker % 2] > 0
        for seat, name in enumerate(seats):
            mine = found[name]
            mine["hands"] += 1
            if seat == maker:
                mine["maker_hands"] += 1
                mine["made"] += made
                mine["euchred"] += not made
                mine["marches"] += made and deal["tricks"][maker % 2] == 5
                mine["loners_tried"] += alone
                mine["loners_made"] += alone and made
            elif seat % 2 != maker % 2 and not made:
                mine["defender_euchres"] += 1
    return found


def play(base: str, clients: dict[str, Client], seats: list[str], seed: int) -> str:
    order = [clients[name] for name in seats]
    table = ranked_table(order)
    play_random(order, table, random.Random(seed))
    return table


def test_statistics_history_and_leaderboard_match_the_stored_records(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "records.db")) as live:
        base = live.base
        clients = dict(zip(NAMES, account_clients(base, NAMES), strict=True))
        totals = {name: Counter[str]() for name in NAMES}
        results: dict[str, dict[str, bool]] = {}
        for seed, seats in enumerate(SEATINGS):
            table = play(base, clients, seats, 40 + seed)
            summary = wait_processed(base, table)
            record = httpx.get(f"{base}/api/games/{table}/egn").json()
            assert record["metadata"]["players"] == seats
            replay = replayed(record)
            assert replay["score"] == summary["score"] and replay["winner"] == summary["winner"]
            counted = counts_of(replay, seats)
            results[table] = {}
            for player in summary["players"]:
                name, won = player["name"], player["side"] == replay["winner"]
                assert player["won"] is won
                assert player["stats"] == {**dict.fromkeys(player["stats"], 0), **counted[name]}
                totals[name].update(counted[name], games=1, wins=int(won))
                results[table][name] = won
        board = httpx.get(f"{base}/api/leaderboard").json()["entries"]
        for name in NAMES:
            (stats,) = httpx.get(f"{base}/api/players/{name}").json()["stats"]
            assert stats == {**dict.fromkeys(stats, 0), **totals[name], "mode": "partnership"}
            history = httpx.get(f"{base}/api/players/{name}/games").json()
            assert history["total"] == len(SEATINGS)
            assert {g["game"]: g["won"] for g in history["games"]} == {
                table: won[name] for table, won in results.items()
            }
            # Each game's rating starts where the one before ended; the board shows the last.
            ratings = [(g["rating_before"], g["rating_after"]) for g in reversed(history["games"])]
            assert all(a[1] == b[0] for a, b in itertools.pairwise(ratings))
            (line,) = [e for e in board if e["name"] == name]
            assert (line["games"], line["wins"]) == (len(SEATINGS), totals[name]["wins"])
            assert line["rating"] == ratings[-1][1]
        assert [e["rating"] for e in board] == sorted((e["rating"] for e in board), reverse=True)
        for client in clients.values():
            client.close()
