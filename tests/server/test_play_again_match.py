"""Play again continues a match where the rules ask for one (laps, slam, rubber): the next
game starts from the carried score, the table's info carries the match, a restart keeps
both, and the game's record starts from the carried score and replays to its outcome."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
from server_helpers import Client, ThreadServer, fast_settings, play_random, seat_clients

from euchre.engine import Match, preset
from euchre.engine.records import replay, replay_cli
from euchre.server.auth import COOKIE_NAME
from euchre.server.matches import info_json

MATCH_RULES = {"target": 1, "laps": True, "rubber": True}
MOST_GAMES = 12  # games played looking for a carried score and a decided rubber


def _started(ann: Client, table: str) -> None:
    ann.until(
        lambda m: m["type"] == "event" and m["table"] == table and m["event"]["kind"] == "started"
    )


def _finish(ann: Client, table: str, rng: random.Random) -> dict[str, Any]:
    """Ann plays the game out (the bots play theirs); the finished table's info."""
    play_random([ann], table, rng)
    info = ann.request(type="join", table=table)["info"]
    assert info["status"] == "finished"
    return dict(info)


def _play_again(ann: Client, table: str) -> str:
    snapshot = ann.request(type="play_again", table=table)
    assert snapshot["type"] == "table", snapshot
    new = str(snapshot["table"])
    if ann.view(new).state is None:
        _started(ann, new)
    return new


def _expected_next(finished: dict[str, Any], final_score: list[int]) -> dict[str, Any]:
    """What the match of the game after ``finished`` must look like."""
    match = finished["match"]
    if match["decided"]:
        return {"game": 1, "games": [0, 0], "start": [0, 0]}
    winner = max(range(len(final_score)), key=final_score.__getitem__)
    start = [0] * len(final_score)
    start[winner] = max(0, final_score[winner] - MATCH_RULES["target"])
    return {"game": match["game"] + 1, "games": match["games"], "start": start}


def _until_still(ann: Client, table: str) -> None:
    """Until it is Ann's turn or the game is over (a partner alone plays a deal without her)."""

    def still(_: object = None) -> bool:
        state = ann.view(table).state
        return state is not None and (state["winner"] is not None or ann.my_turn(table))

    if not still():
        ann.until(still)


def _egn(base: str, ann: Client, table: str) -> dict[str, Any]:
    answer = httpx.get(f"{base}/api/games/{table}/egn", cookies={COOKIE_NAME: ann.token})
    assert answer.status_code == 200, answer.text
    record: dict[str, Any] = answer.json()
    return record


def test_play_again_continues_the_match_through_a_restart(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "match.db", grace_seconds=60)
    rng = random.Random(5)
    carried_game_checked = False
    with ThreadServer(settings) as first:
        table, (ann,) = seat_clients(first.base, ["Ann"], turn_seconds=0, options=MATCH_RULES)
        first_info = ann.view(table).info
        assert first_info is not None
        assert first_info["match"] == {
            "game": 1,
            "start": [0, 0],
            "games": [0, 0],
            "tally": [0, 0],
            "best_of": 3,
            "decided": False,
            "rubber_winner": None,
            "laps": True,
            "slam": False,
        }
        ann.send(type="start", table=table)
        _started(ann, table)
        for _ in range(MOST_GAMES):
            finished = _finish(ann, table, rng)
            final_score = ann.request(type="join", table=table)["state"]["score"]
            if finished["match"]["decided"]:
                winner = finished["match"]["rubber_winner"]
                assert finished["match"]["games"][winner] == 2
                assert finished["match"]["tally"][winner] == 4  # the rubber bonus of 2
            expected = _expected_next(finished, final_score)
            table = _play_again(ann, table)
            match = ann.view(table).info["match"]  # type: ignore[index]
            assert {k: match[k] for k in expected} == expected
            assert match["decided"] is False
            if any(expected["start"]) and not carried_game_checked:
                started_score = ann.request(type="join", table=table)["state"]["score"]
                assert started_score[0] >= expected["start"][0]
                carried_game_checked = True
                break
        assert carried_game_checked, "no game ended above the target in the games played"
        _until_still(ann, table)  # the bots wait for Ann now: nothing moves until the restart
        before = ann.request(type="join", table=table)
        ann.close()

    with ThreadServer(settings) as second:  # a restart: the table is rebuilt from the store
        back = Client(second.base, "Ann", token=ann.token)
        again = back.request(type="join", table=table)
        assert again["info"]["match"] == before["info"]["match"]
        assert again["state"]["score"] == before["state"]["score"]
        finished = _finish(back, table, rng)
        assert finished["match"]["game"] == before["info"]["match"]["game"]
        final_score = back.request(type="join", table=table)["state"]["score"]
        record = _egn(second.base, back, table)
        assert record["metadata"]["initialScore"] == before["info"]["match"]["start"]
        assert record["metadata"]["ruleset"]["laps"] is True
        assert record["metadata"]["ruleset"]["rubber"] is True
        result = replay(record)
        assert list(result.score) == final_score
        path = tmp_path / "second-game.egn"
        path.write_text(json.dumps(record))
        code, out = replay_cli(str(path))  # what `euchre replay FILE` prints
        assert code == 0, out
        assert json.loads(out)["score"] == final_score
        assert json.loads(out)["initialScore"] == before["info"]["match"]["start"]
        # On to the end of a rubber. A rubber decided before the restart does not count:
        # the game played since began a new match, and play again after it continues that.
        for _ in range(MOST_GAMES):
            if finished["match"]["decided"]:
                break
            final_score = back.request(type="join", table=table)["state"]["score"]
            expected = _expected_next(finished, final_score)
            table = _play_again(back, table)
            match = back.view(table).info["match"]  # type: ignore[index]
            assert {k: match[k] for k in expected} == expected
            finished = _finish(back, table, rng)
        assert finished["match"]["decided"]
        table = _play_again(back, table)  # after the rubber: a new match
        assert back.view(table).info["match"]["game"] == 1  # type: ignore[index]
        assert back.view(table).info["match"]["games"] == [0, 0]  # type: ignore[index]
        back.close()


def test_a_table_without_match_rules_shows_no_match(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(live.base, ["Ann"], options={"target": 5})
    assert "match" not in ann.view(table).info  # type: ignore[operator]
    ann.close()


def test_points_below_two_are_refused_at_a_server_table(live: ThreadServer) -> None:
    ann = Client(live.base, "Ann")
    for option in ("lone_euchre_points", "loner_march_points"):
        for value in (0, 1, 21):
            refused = ann.expect_error(
                "bad_variant", type="create", kind="private", options={option: value}
            )
            assert f"option {option} must be between 2 and 20" in refused["message"]
        created = ann.request(type="create", kind="private", options={option: 2})
        assert created["type"] == "created", created
    ann.close()


def test_a_cutthroat_rubber_may_take_four_games() -> None:
    """Three players may win a game each: the fourth decides (it was called best of three)."""
    for name, most in (("cutthroat", 4), ("standard", 3), ("two-player", 3)):
        rules = preset(name, rubber=True)
        assert info_json(rules, Match.new(rules), None)["best_of"] == most
        games = Match.new(rules)
        for side in [*range(rules.sides), 0]:  # one game each, then one more
            assert not games.decided
            games = games.after(rules, [10 if s == side else 0 for s in range(rules.sides)], side)
        assert games.decided and games.played == most
