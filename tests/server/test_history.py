"""History, replays and statistics: finished games in their players' history, EGN downloads
that `euchre replay` accepts, face-up replays, uploads, and statistics that add up."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
from replay_helpers import follow
from server_helpers import REVIEW_SECONDS, TIMEOUT, Client, ThreadServer, fast_settings
from social_helpers import database_url, register, social_settings, wait_processed

from euchre.engine.records import load_egn, replay

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
# A batch of games, each played by bots (one of them sitting in for the account).
BATCH = [("standard", 0), ("standard", 1), ("standard", 3), ("cutthroat", 2), ("two-player", 1)]


def bot_game(client: Client, preset: str, seat: int) -> str:
    """A private game where the account holds ``seat`` and a bot plays it for them."""
    created = client.request(
        type="create", kind="private", preset=preset, turn_seconds=0, sit=False
    )
    table = created["table"]
    client.until(lambda m: m["type"] == "table" and m["table"] == table)
    assert client.request(type="sit", table=table, seat=seat)["you"]["seat"] == seat
    players = client.view(table).info["players"]  # type: ignore[index]
    for other in range(players):
        if other != seat:
            client.send(type="add_bot", table=table, seat=other, level="random")
    client.send(type="start", table=table)
    client.until(lambda m: m.get("event", {}).get("kind") == "started")
    client.send(type="stand", table=table)  # a bot plays the account's seat to the end
    client.until(lambda m: "game_over" in m.get("event", {}), timeout=60)
    return str(table)


def expected_stats(record: dict[str, Any], seat: int) -> Counter[str]:
    """The account's statistics computed independently, from the EGN replay."""
    result = replay(record)
    players = result.variant.players
    side = seat % 2 if players == 4 else seat
    found: Counter[str] = Counter(games=1, wins=int(result.winner == side))
    for deal in result.deals:
        found["points"] += deal.points[side]
        if deal.outcome != "scored" or deal.maker is None:
            continue
        found["hands"] += 1
        maker_side = deal.maker % 2 if players == 4 else deal.maker
        made = deal.points[maker_side] > 0
        euchred = any(p > 0 for s, p in enumerate(deal.points) if s != maker_side)
        if deal.maker == seat:
            found["maker_hands"] += 1
            found["made"] += made
            found["euchred"] += euchred
            found["marches"] += made and deal.tricks[maker_side] == sum(deal.tricks)
            found["loners_tried"] += deal.alone
            found["loners_made"] += deal.alone and made
        elif side != maker_side and euchred:
            found["defender_euchres"] += 1
    return found


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_history_statistics_and_egn_downloads_over_a_batch_of_games(
    kind: str, tmp_path: Path
) -> None:
    with (
        database_url(kind, tmp_path) as url,
        ThreadServer(social_settings(tmp_path / "h.db", database_url=url)) as live,
    ):
        base = live.base
        token = register(base, "Ann")["session"]
        ann = Client(base, "Ann", token)
        mine = {"euchre_session": token}  # private games: for their players only
        games = [(bot_game(ann, preset, seat), preset, seat) for preset, seat in BATCH]
        expected: dict[str, Counter[str]] = {}
        modes = {"standard": "partnership", "cutthroat": "cutthroat", "two-player": "two-player"}
        for table, preset, seat in games:
            summary = wait_processed(base, table, cookies=mine)
            assert summary["processed"] and not summary["rated"]  # private: no rating
            assert summary["players"][seat]["account"] == "Ann"
            download = httpx.get(f"{base}/api/games/{table}/egn", timeout=TIMEOUT, cookies=mine)
            assert download.status_code == 200
            assert "attachment" in download.headers["content-disposition"]
            record = download.json()
            # EGN's schema: a date and time ("format": "date-time", or this pattern)
            assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", record["metadata"]["date"])
            expected.setdefault(modes[preset], Counter()).update(expected_stats(record, seat))
            path = tmp_path / f"{table}.egn"
            path.write_text(download.text)
            cli = subprocess.run(
                [sys.executable, "-m", "euchre", "replay", str(path)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert cli.returncode == 0, cli.stdout + cli.stderr
            assert (
                json.loads(cli.stdout)["score"]
                == summary["score"]
                == record["metadata"]["finalScore"]
            )
        history = httpx.get(
            base + "/api/players/ann/games", params={"limit": 3}, cookies=mine
        ).json()
        assert history["total"] == len(BATCH) and len(history["games"]) == 3
        page = httpx.get(base + "/api/players/ann/games", params={"offset": 3}, cookies=mine).json()
        listed = [g["game"] for g in history["games"] + page["games"]]
        assert sorted(listed) == sorted(t for t, _, _ in games)
        assert [g["game"] for g in history["games"]] == [t for t, _, _ in games][::-1][:3]
        for game in history["games"] + page["games"]:  # Ann's seat is hers, a bot played it
            assert game["bots"] == [seat != game["seat"] for seat in range(len(game["players"]))]
        recent = httpx.get(base + "/api/replays/recent", cookies=mine).json()["mine"]
        assert {g["id"]: g["bots"] for g in recent} == {
            g["game"]: g["bots"] for g in history["games"] + page["games"]
        }
        profile = httpx.get(base + "/api/players/Ann", cookies=mine).json()
        assert profile["games"] == len(BATCH) and profile["ratings"] == []
        stats = {s.pop("mode"): Counter(s) for s in profile["stats"]}
        assert stats.keys() == expected.keys()
        for mode, counts in expected.items():
            assert +stats[mode] == +counts, mode
        assert sum(s["games"] for s in stats.values()) == len(BATCH)
        ann.close()


def test_replays_show_every_card_bid_by_bid_and_trick_by_trick(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "r.db")) as live:
        base = live.base
        token = register(base, "Ann")["session"]
        ann = Client(base, "Ann", token)
        table = bot_game(ann, "standard", 0)
        mine = {"euchre_session": token}  # a private game: for its players only
        record = httpx.get(f"{base}/api/games/{table}", cookies=mine).json()
        data = httpx.get(f"{base}/api/games/{table}/replay", cookies=mine).json()
        assert data["game"] == table and data["final_score"] == record["metadata"]["finalScore"]
        assert data["players"][0] == "Ann" and data["hands_known"] is True
        # The bots' seats say so, in the record (EGN player objects) and the replay: the
        # names bots play under are free for people too.
        bot = {"name": data["players"][1], "playerIds": [{"id": "random", "source": "bot"}]}
        assert record["metadata"]["players"][:2] == ["Ann", bot]
        assert data["bots"] == [False, True, True, True]
        assert len(data["deals"]) == len(record["deals"])
        for deal, raw in zip(data["deals"], record["deals"], strict=True):
            dealt = raw["initialState"]["playerCards"]
            assert [sorted(h) for h in deal["hands"]] == [sorted(h) for h in dealt]
            assert deal["upcard"] == raw["initialState"]["upCard"]
            plays = [s for s in deal["steps"] if s[1].startswith("play ")]
            tricks = [c for p in raw["phases"] if p["type"] == "TRICK_PLAY" for c in p["tricks"]]
            assert [s[1][5:] for s in plays] == [c for t in tricks for c in t]
            ends = [s for s in plays if len(s) > 2 and "trick_winner" in s[2]]
            assert len(ends) == len(tricks)
            played = 0
            for index, (_seat, action, seen) in enumerate(follow(deal, data["acts"])):
                held = sum(len(h) for h in seen.hands)
                assert index > 0 or held in (20, 21)  # the first step: the pick-up, perhaps
                if action.startswith("play "):
                    played += 1
                    assert held + played == 20  # every hand face up, all the way through
        uploaded = httpx.post(f"{base}/api/replays", json=record).json()
        assert uploaded["deals"] == data["deals"] and uploaded["game"] is None
        stranger = httpx.get(f"{base}/api/games/{table}/replay")
        assert stranger.status_code == 404 and "deals" not in stranger.text
        # the player's seat, for the board to face them at once; no seat, no "you"
        assert data["you"] == 0 and "you" not in uploaded
        across = bot_game(ann, "standard", 2)
        assert httpx.get(f"{base}/api/games/{across}/replay", cookies=mine).json()["you"] == 2
        ann.close()


def test_uploads_are_checked_completely(live: ThreadServer) -> None:
    base = live.base
    example = (EXAMPLES / "Epic_Comeback.egn").read_text()
    answer = httpx.post(
        f"{base}/api/replays", content=example, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 200
    assert answer.json()["final_score"] == replay(load_egn(example)).score == [11, 9]
    assert answer.json()["hands_known"] is False
    not_json = httpx.post(f"{base}/api/replays", content=b"{nope")
    assert not_json.status_code == 422 and not_json.json()["code"] == "bad_record"
    nested = httpx.post(f"{base}/api/replays", content="[" * 5000 + "]" * 5000)
    assert nested.status_code == 422 and "nests arrays and objects too deeply" in nested.text
    not_egn = httpx.post(f"{base}/api/replays", json={"fileType": "something else"})
    assert not_egn.status_code == 422 and "Euchre Game Notation" in not_egn.json()["detail"]
    record = json.loads(example)
    first_trick = record["deals"][0]["phases"][-1]["tricks"][0]
    first_trick[1] = first_trick[0]  # the same card twice
    illegal = httpx.post(f"{base}/api/replays", json=record)
    assert illegal.status_code == 422 and illegal.json()["code"] == "illegal_record"
    refused = illegal.json()
    assert refused["detail"].startswith("deal 0, seat ") and "already played" in refused["detail"]
    assert (refused["record"]["deal"], refused["record"]["rule"]) == (
        0,
        f"{first_trick[0]} was already played",
    )
    assert refused["record"]["error"] == refused["detail"]
    huge = httpx.post(f"{base}/api/replays", content=b" " * (3 * 1024 * 1024))
    assert huge.status_code == 413


@pytest.mark.parametrize("path", ["/api/games/{}", "/api/games/{}/egn", "/api/games/{}/replay"])
def test_unfinished_and_unknown_games(tmp_path: Path, path: str) -> None:
    # Bots must not fill the casual table before the first request (a loaded machine is slow).
    with ThreadServer(fast_settings(tmp_path / "euchre.db", fill_seconds=60)) as live:
        _unfinished_and_unknown_games(live, path)


def _unfinished_and_unknown_games(live: ThreadServer, path: str) -> None:
    ann = Client(live.base, "Ann")
    table = ann.request(type="create", kind="casual", turn_seconds=30)["table"]
    assert httpx.get(live.base + path.format(table)).status_code == 404  # not started
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    unfinished = httpx.get(live.base + path.format(table))
    assert unfinished.status_code == 409 and unfinished.json()["code"] == "not_finished"
    unknown = httpx.get(live.base + path.format("nope"))
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    summary = httpx.get(f"{live.base}/api/games/{table}/summary").json()
    assert summary["status"] == "playing" and summary["processed"] is False
    ann.close()


def test_every_http_refusal_names_its_code(live: ThreadServer) -> None:
    """protocol.md: every refusal is {"detail", "code"}."""
    base = live.base
    refusals = {
        "/api/tables/nope": (404, "not_found"),
        "/api/games/nope/review": (401, "no_session"),
        "/api/session": (401, "no_session"),
        "/api/games/nope/summary": (404, "not_found"),
    }
    for path, (status, code) in refusals.items():
        answer = httpx.get(base + path)
        assert (answer.status_code, answer.json().get("code")) == (status, code), path
        assert answer.json()["detail"], path
    ann = Client(base, "Ann")
    table = ann.request(type="create", kind="private", turn_seconds=0)["table"]
    ann.until(lambda m: m["type"] == "table" and m["table"] == table)
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    mine = {"euchre_session": ann.token}
    review = httpx.get(f"{base}/api/games/{table}/review", cookies=mine, timeout=REVIEW_SECONDS)
    assert (review.status_code, review.json()["code"]) == (409, "not_finished")
    playing = httpx.get(f"{base}/api/games/{table}/summary", cookies=mine)  # its player
    assert playing.status_code == 200 and playing.json()["status"] == "playing"
    stranger = httpx.get(f"{base}/api/games/{table}/summary")  # private: not for others
    assert (stranger.status_code, stranger.json()["code"]) == (404, "not_found")
    ann.close()


def test_a_finished_game_left_unprocessed_is_processed_at_the_next_start(tmp_path: Path) -> None:
    path = tmp_path / "u.db"
    with ThreadServer(social_settings(path)) as live:
        token = register(live.base, "Ann")["session"]
        ann = Client(live.base, "Ann", token)
        table = bot_game(ann, "standard", 2)
        wait_processed(live.base, table, cookies={"euchre_session": token})
        ann.close()
    # As if the server had died between the last action and writing the results.
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM game_players")
        conn.execute("DELETE FROM game_results")
    with ThreadServer(social_settings(path)) as again:
        summary = wait_processed(again.base, table, cookies={"euchre_session": token})
        assert summary["players"][2]["account"] == "Ann"
        history = httpx.get(
            again.base + "/api/players/Ann/games", cookies={"euchre_session": token}
        ).json()
        assert [g["game"] for g in history["games"]] == [table]
