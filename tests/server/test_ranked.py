"""Ranked play: accounts only, standard rules, no bots at the start, team ratings that move
the right way for both partners, a leaderboard in rating order that survives a restart."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce
from server_helpers import Client, ThreadServer, play_random
from social_helpers import (
    account_clients,
    database_url,
    ranked_table,
    ratings_by_name,
    social_settings,
    wait_processed,
)
from typer.testing import CliRunner

from euchre.cli import app as cli_app
from euchre.engine import GameState, preset
from euchre.server.results import Player, Ratings, side_ranks
from euchre.store.accounts import STAT_COLUMNS

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_a_guest_is_refused_a_ranked_seat_with_a_clear_error(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "g.db")) as live:
        guest = Client(live.base, "Gus")
        for message in (
            {"type": "create", "kind": "ranked"},
            {"type": "quick_play", "ranked": True},
        ):
            answer = guest.expect_error("account_required", **message)
            assert answer["message"] == "ranked play needs an account: register or log in"
        (ann,) = account_clients(live.base, ["Ann"])
        table = ann.request(type="create", kind="ranked")["table"]
        refusal = guest.expect_error("account_required", type="sit", table=table)
        assert "register or log in" in refusal["message"]
        watching = guest.request(type="join", table=table)  # watching is allowed
        assert watching["you"]["seat"] is None
        ann.expect_error("bad_options", type="create", kind="ranked", preset="long")
        ann.expect_error(
            "bad_options", type="create", kind="ranked", options={"farmers_hand": True}
        )
        for slow in ({"turn_seconds": 300}, {"bot_level": "easy"}, {"summary_seconds": 30}):
            refusal = ann.expect_error("bad_options", type="create", kind="ranked", **slow)
            assert "ranked tables play with the server's settings" in refusal["message"]
        ann.expect_error("forbidden", type="add_bot", table=table, seat=1)
        ann.expect_error("bad_state", type="start", table=table)  # never bots at the start
        guest.close()
        ann.close()


def test_players_arriving_at_once_in_the_ranked_queue_share_one_table(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "once.db")) as live:
        clients = account_clients(live.base, NAMES)
        lobby = live.server.lobby
        opening = lobby.open_table

        async def slow_database(*args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(0.3)  # storing a new table takes a while
            return await opening(*args, **kwargs)

        lobby.open_table = slow_database  # type: ignore[method-assign]
        for client in clients:  # all four asks reach the server before any is answered
            client.send(type="quick_play", ranked=True, ref="rq")
        answers = [c.until(lambda m: m.get("ref") == "rq") for c in clients]
        assert {a["type"] for a in answers} == {"table"}
        assert len({a["table"] for a in answers}) == 1
        started = clients[0].until(lambda m: m.get("event", {}).get("kind") == "started")
        assert started["info"]["kind"] == "ranked"
        for client in clients:
            client.close()


def test_ranked_quick_play_fills_a_table_with_accounts_and_starts(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "q.db")) as live:
        clients = account_clients(live.base, ["Ann", "Bob", "Cat"])
        tables = {
            c.request(type="quick_play", preset="cutthroat", ranked=True)["table"] for c in clients
        }
        assert len(tables) == 1
        table = tables.pop()
        started = clients[0].until(lambda m: m.get("event", {}).get("kind") == "started")
        seats = started["info"]["seats"]
        assert [s["type"] for s in seats] == ["human"] * 3 and all(s["account"] for s in seats)
        assert started["info"]["kind"] == "ranked" and started["info"]["players"] == 3
        play_random(clients, table, random.Random(3))
        summary = wait_processed(live.base, table)
        assert summary["rated"] and summary["mode"] == "cutthroat"
        board = httpx.get(live.base + "/api/leaderboard", params={"mode": "cutthroat"}).json()
        assert {e["name"] for e in board["entries"]} == {"Ann", "Bob", "Cat"}
        assert ratings_by_name(live.base) == {}  # partnership ratings are separate
        for client in clients:
            client.close()


def test_a_ranked_game_everyone_left_is_finished_by_bots_and_rated(tmp_path: Path) -> None:
    """Bots stop in a game no person is connected to, but not in a ranked one: it stayed
    playing for ever, unrated, and counted against its creator's open tables."""
    settings = social_settings(tmp_path / "left.db", unattended_seconds=0.2)
    with ThreadServer(settings) as live:
        clients = account_clients(live.base, ["Ann", "Bob", "Cat"])
        table = next(
            iter(
                {
                    c.request(type="quick_play", preset="cutthroat", ranked=True)["table"]
                    for c in clients
                }
            )
        )
        clients[0].until(lambda m: m.get("event", {}).get("kind") == "started")
        play_random(clients, table, random.Random(4), stop=lambda s: s["deal"] >= 1)
        for client in clients:
            client.request(type="leave", table=table)
            client.close()
        summary = wait_processed(live.base, table, timeout=60)
        assert summary["rated"] and summary["kind"] == "ranked"
        assert {p["name"] for p in summary["players"]} == {"Ann", "Bob", "Cat"}
        board = httpx.get(live.base + "/api/leaderboard", params={"mode": "cutthroat"}).json()
        assert {e["name"] for e in board["entries"]} == {"Ann", "Bob", "Cat"}


def check_team_moves(before: dict[str, float], after: dict[str, float], winners: set[str]) -> None:
    for name in NAMES:
        if name in winners:
            assert after[name] > before[name], (name, before, after)
        else:
            assert after[name] < before[name], (name, before, after)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_ratings_after_ranked_games_leaderboard_and_restart(kind: str, tmp_path: Path) -> None:
    with database_url(kind, tmp_path) as url:
        settings = social_settings(tmp_path / "x.db", database_url=url)
        with ThreadServer(settings) as live:
            base = live.base
            clients = account_clients(base, NAMES)
            before = dict.fromkeys(NAMES, 0.0)  # a new player's displayed rating
            for game in range(2):
                table = ranked_table(clients)
                rng = random.Random(10 + game)
                if game == 1:
                    # Dan leaves mid-game: a bot finishes his seat, his team takes the result.
                    play_random(clients, table, rng, stop=lambda s: s["deal"] >= 1)
                    clients[3].close()
                    clients[0].until(lambda m: m.get("event", {}).get("kind") == "bot_playing")
                    play_random(clients[:3], table, rng)
                else:
                    play_random(clients, table, rng)
                summary = wait_processed(base, table)
                assert summary["rated"] and summary["kind"] == "ranked"
                winners = {p["name"] for p in summary["players"] if p["won"]}
                assert len(winners) == 2 and winners in ({"Ann", "Cat"}, {"Bob", "Dan"})
                after = ratings_by_name(base)
                check_team_moves(before, after, winners)
                for player in summary["players"]:
                    assert player["rating_before"] == pytest.approx(before[player["name"]])
                    assert player["rating_after"] == pytest.approx(after[player["name"]])
                before = after
            board = httpx.get(base + "/api/leaderboard").json()
            ratings = [e["rating"] for e in board["entries"]]
            assert ratings == sorted(ratings, reverse=True) and board["total"] == 4
            assert [e["rank"] for e in board["entries"]] == [1, 2, 3, 4]
            assert all(e["provisional"] and e["games"] == 2 for e in board["entries"])
            history = httpx.get(base + "/api/players/dan/ratings").json()
            assert [p["rating"] for p in history["points"]][-1] == before["Dan"]
            assert len(history["points"]) == 2
            established = httpx.get(base + "/api/leaderboard", params={"established": True})
            assert established.json()["entries"] == []
            for client in clients[:3]:
                client.close()
        with ThreadServer(settings) as again:
            assert httpx.get(again.base + "/api/leaderboard").json() == board
            profile = httpx.get(again.base + "/api/players/ANN").json()
            assert profile["ratings"][0]["rating"] == before["Ann"]
            assert profile["ratings"][0]["games"] == 2


def test_team_ratings_credit_both_partners_and_follow_places() -> None:
    state = GameState(preset("standard"), seed=1)
    rng = random.Random(1)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    players = [Player(seat, 100 + seat, f"P{seat}") for seat in range(4)]
    ratings = Ratings()
    before = {p.account: ratings.default(p.account, "partnership") for p in players}
    after = ratings.rate(state, players, before, "partnership")
    winners = [p.account for p in players if state.side_of(p.seat) == state.winner]
    losers = [p.account for p in players if p.account not in winners]
    first, second = after[winners[0]], after[winners[1]]
    assert (first.mu, first.sigma, first.games, first.wins) == (second.mu, second.sigma, 1, 1)
    assert after[losers[0]].games == 1 and after[losers[0]].wins == 0
    assert all(after[w].ordinal > 0 > after[lo].ordinal for w in winners for lo in losers)
    # The same update as openskill's own for two teams of two.
    model = PlackettLuce()
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]])
    assert after[winners[0]].mu == pytest.approx(expected[0][0].mu)
    assert after[losers[0]].mu == pytest.approx(expected[1][0].mu)


def test_side_ranks_put_the_winner_first_then_by_score() -> None:
    state = GameState(preset("cutthroat"), seed=2)
    state.scores, state.winner = [5, 11, 7], 1
    assert side_ranks(state) == [2, 0, 1]
    state.scores, state.winner = [9, 9, 12], 2
    assert side_ranks(state) == [1, 1, 0]


def rating_points(base: str, name: str) -> list[dict[str, float]]:
    return list(httpx.get(f"{base}/api/players/{name}/ratings").json()["points"])


def test_new_accounts_and_repeated_pairings_move_ratings_less(tmp_path: Path) -> None:
    settings = social_settings(
        tmp_path / "farm.db",
        provisional_games=1,
        provisional_opponents=2,  # Ann's first game (against Cat and Dan) establishes her
        provisional_influence=0.25,
        repeat_decay=0.5,
    )
    model = PlackettLuce()
    with ThreadServer(settings) as live:
        base = live.base
        ann, bob, cat, dan, eve, fay = account_clients(
            base, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
        )
        first = ranked_table([ann, cat, bob, dan])  # Ann and Bob partners; all new: full moves
        play_random([ann, cat, bob, dan], first, random.Random(21))
        wait_processed(base, first)

        def new() -> Any:
            return model.rating()  # one object per player: openskill updates them in place

        won, lost = (team[0] for team in model.rate([[new(), new()], [new(), new()]]))
        for name in ("Ann", "Bob", "Cat", "Dan"):
            (point,) = rating_points(base, name)
            assert point["mu"] == pytest.approx((won if point["won"] else lost).mu, abs=1e-3)
        # Ann and Bob (established now, and partners before) against two new accounts.
        second = ranked_table([ann, eve, bob, fay])
        play_random([ann, eve, bob, fay], second, random.Random(22))
        summary = wait_processed(base, second)
        ann_before, ann_after = rating_points(base, "Ann")
        (eve_after,) = rating_points(base, "Eve")
        a = model.rating(mu=ann_before["mu"], sigma=ann_before["sigma"])
        b = model.rating(mu=ann_before["mu"], sigma=ann_before["sigma"])  # Bob's is the same
        ranks = [0.0, 1.0] if summary["winner"] == 0 else [1.0, 0.0]
        raw = model.rate([[a, b], [new(), new()]], ranks=ranks)
        a = model.rating(mu=ann_before["mu"], sigma=ann_before["sigma"])
        # Ann: a quarter (new opponents) of a half (Bob again) of openskill's change.
        expected_ann = a.mu + 0.125 * (raw[0][0].mu - a.mu)
        assert ann_after["mu"] == pytest.approx(expected_ann, abs=1e-3)
        assert abs(ann_after["mu"] - a.mu) < abs(raw[0][0].mu - a.mu) / 4
        # Eve, new and never paired before, moves as openskill moves her.
        assert eve_after["mu"] == pytest.approx(raw[1][0].mu, abs=1e-3)
        for client in (ann, bob, cat, dan, eve, fay):
            client.close()


def two_player_game(base: str, first: Client, second: Client, seed: int) -> dict[str, Any]:
    table = ranked_table([first, second], preset="two-player")
    play_random([first, second], table, random.Random(seed))
    return wait_processed(base, table)


def standing(base: str, name: str) -> dict[str, Any]:
    (rating,) = httpx.get(f"{base}/api/players/{name}").json()["ratings"]
    return dict(rating)


def test_puppets_that_play_only_each_other_stay_provisional(tmp_path: Path) -> None:
    """Two fresh accounts played their provisional games against each other, became
    established, and then a farmer's wins over them counted in full. Only opponents who
    were established when they played establish a player now."""
    settings = social_settings(
        tmp_path / "puppets.db",
        provisional_games=2,
        provisional_opponents=2,
        provisional_influence=0.25,
        repeat_decay=1.0,
    )
    model = PlackettLuce()
    with ThreadServer(settings) as live:
        base = live.base
        ann, bob, cat, pup, pet = account_clients(base, ["Ann", "Bob", "Cat", "Pup", "Pet"])
        # Nobody is established yet, so any opponents count: Ann, Bob and Cat each meet two.
        for seed, (first, second) in enumerate([(ann, bob), (bob, cat), (cat, ann)]):
            two_player_game(base, first, second, seed)
        assert not any(standing(base, n)["provisional"] for n in ("Ann", "Bob", "Cat"))
        # The puppets play each other more than enough games: still provisional.
        for seed in range(3):
            two_player_game(base, pup, pet, 10 + seed)
        for name in ("Pup", "Pet"):
            assert standing(base, name)["games"] == 3 and standing(base, name)["provisional"]
        board = httpx.get(base + "/api/leaderboard", params={"mode": "two-player"}).json()
        assert {e["name"] for e in board["entries"] if not e["provisional"]} == {
            "Ann",
            "Bob",
            "Cat",
        }
        established = httpx.get(
            base + "/api/leaderboard", params={"mode": "two-player", "established": True}
        ).json()
        assert {e["name"] for e in established["entries"]} == {"Ann", "Bob", "Cat"}
        assert established["total"] == 3
        # So Ann's game against a puppet moves her a quarter of openskill's way.
        before = standing(base, "Ann")
        pup_before = standing(base, "Pup")
        summary = two_player_game(base, ann, pup, 20)
        after = standing(base, "Ann")
        ranks = [0.0, 1.0] if summary["winner"] == 0 else [1.0, 0.0]
        raw = model.rate(
            [
                [model.rating(mu=before["mu"], sigma=before["sigma"])],
                [model.rating(mu=pup_before["mu"], sigma=pup_before["sigma"])],
            ],
            ranks=ranks,
        )
        assert after["mu"] - before["mu"] == pytest.approx(
            0.25 * (raw[0][0].mu - before["mu"]), abs=1e-3
        )
        # A puppet that meets two established people is established.
        two_player_game(base, pup, bob, 21)
        assert not standing(base, "Pup")["provisional"]
        assert standing(base, "Pet")["provisional"]
        for client in (ann, bob, cat, pup, pet):
            client.close()


def test_the_established_migration_judges_existing_ratings_by_their_opponents(
    tmp_path: Path,
) -> None:
    """Migration 0010: 10 games against 3 distinct opponents establish a rating; a pair of
    puppets established by their game count alone before it is provisional again."""
    path = tmp_path / "before.db"
    upgraded = CliRunner().invoke(cli_app, ["db", "upgrade", "--db", f"sqlite:///{path}"])
    assert upgraded.exit_code == 0, upgraded.output
    names = ["Ann", "Bob", "Cat", "Dan", "Pup", "Pet"]
    # Ann plays Bob, Cat and Dan four times each; the puppets play each other twelve times.
    pairings = [(1, 2 + n % 3) for n in range(12)] + [(5, 6)] * 12
    stats = ", ".join(STAT_COLUMNS)
    with sqlite3.connect(path) as conn:
        for user, name in enumerate(names, start=1):
            conn.execute(
                "INSERT INTO users (id, name, name_key, created_at, chat_enabled)"
                " VALUES (?, ?, ?, '2026-01-01', 0)",
                (user, name, name.lower()),
            )
        games: dict[int, int] = {}
        for number, pair in enumerate(pairings):
            game = f"g{number}"
            conn.execute(
                "INSERT INTO games (id, kind, status, variant_name, options, settings, seats,"
                " version, created_at) VALUES (?, 'ranked', 'finished', 'two-player', '{}',"
                " '{}', '[]', 0, '2026-01-01')",
                (game,),
            )
            for side, user in enumerate(pair):
                games[user] = games.get(user, 0) + 1
                conn.execute(
                    f"INSERT INTO game_players (game_id, seat, user_id, name, mode, kind, side,"
                    f" won, finished_at, {stats}) VALUES (?, ?, ?, ?, 'two-player', 'ranked',"
                    f" ?, 0, '2026-01-01', {', '.join('0' for _ in STAT_COLUMNS)})",
                    (game, side, user, names[user - 1], side),
                )
                conn.execute(
                    "INSERT INTO rating_history (user_id, mode, game_id, mu, sigma, ordinal,"
                    " before, won, at) VALUES (?, 'two-player', ?, 25, 8, 1, 0, 0, '2026-01-01')",
                    (user, game),
                )
        for user, count in games.items():
            conn.execute(
                "INSERT INTO ratings (user_id, mode, mu, sigma, ordinal, games, wins, updated_at)"
                " VALUES (?, 'two-player', 25, 8, 1, ?, 0, '2026-01-01')",
                (user, count),
            )
        for table in ("ratings", "rating_history"):  # as they were before 0010
            conn.execute(f"ALTER TABLE {table} DROP COLUMN established")
        for column in ("opened_by", "opened_from"):  # and before 0011
            conn.execute(f"DROP INDEX ix_games_{column}")
            conn.execute(f"ALTER TABLE games DROP COLUMN {column}")
        conn.execute("UPDATE alembic_version SET version_num = '0009'")
    again = CliRunner().invoke(cli_app, ["db", "upgrade", "--db", f"sqlite:///{path}"])
    assert again.exit_code == 0, again.output
    with sqlite3.connect(path) as conn:
        established = dict(conn.execute("SELECT user_id, established FROM ratings"))
        history = conn.execute(
            "SELECT established FROM rating_history WHERE user_id = 1 ORDER BY id"
        ).fetchall()
    assert established == {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}  # Bob, Cat, Dan: 4 games
    assert [e for (e,) in history] == [0] * 10 + [1, 1]  # Ann had 10 games before these


def test_the_leaderboard_says_what_established_takes_as_the_server_is_set(tmp_path: Path) -> None:
    """The leaderboard's "established" choice said "10 or more games" whatever the server
    was set to, and left out the established opponents: the board now says both."""
    settings = social_settings(tmp_path / "rule.db", provisional_games=7, provisional_opponents=4)
    with ThreadServer(settings) as live:
        for established in (False, True):
            board = httpx.get(
                live.base + "/api/leaderboard", params={"established": established}
            ).json()
            assert board["established_rule"] == {"games": 7, "opponents": 4}
