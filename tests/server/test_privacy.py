"""A finished private game stays private: a stranger asking for its record, replay,
summary or a player's history gets nothing; its players and the invite's holders do."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import REVIEW_SECONDS, Client, ThreadServer
from social_helpers import register, social_settings, wait_processed

GAME_PATHS = ("/api/games/{}", "/api/games/{}/egn", "/api/games/{}/replay", "/api/games/{}/summary")


def bot_game(client: Client, kind: str) -> tuple[str, str | None]:
    """A game of ``kind`` the client plays through a bot; (its id, its invite code)."""
    timer = {"turn_seconds": 0} if kind == "private" else {}  # no timer: private tables only
    created = client.request(type="create", kind=kind, preset="standard", sit=False, **timer)
    table = created["table"]
    client.until(lambda m: m["type"] == "table" and m["table"] == table)
    assert client.request(type="sit", table=table, seat=0)["you"]["seat"] == 0
    for seat in (1, 2, 3):
        client.send(type="add_bot", table=table, seat=seat, level="random")
    client.send(type="start", table=table)
    client.until(lambda m: m.get("event", {}).get("kind") == "started")
    client.send(type="stand", table=table)
    client.until(lambda m: "game_over" in m.get("event", {}), timeout=60)
    return str(table), created.get("invite")


def statuses(base: str, game: str, **cookies: str) -> list[int]:
    with httpx.Client(base_url=base, cookies=cookies) as http:
        return [http.get(path.format(game)).status_code for path in GAME_PATHS]


def test_a_finished_private_game_is_only_for_its_players(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "priv.db")) as live:
        base = live.base
        ann = register(base, "Ann")
        bob = register(base, "Bob")
        player = Client(base, "Ann", ann["session"])
        private, invite = bot_game(player, "private")
        casual, _ = bot_game(player, "casual")
        player.close()
        wait_processed(base, private, cookies={"euchre_session": ann["session"]})
        assert invite
        # Strangers, with and without a session, and a wrong invite code.
        assert statuses(base, private) == [404] * 4
        assert statuses(base, private, euchre_session=bob["session"]) == [404] * 4
        wrong = httpx.get(base + f"/api/games/{private}/replay", params={"invite": "nope"})
        assert wrong.status_code == 404
        # The player, and whoever holds the invite.
        assert statuses(base, private, euchre_session=ann["session"]) == [200] * 4
        for typed in (invite, invite.lower().replace("-", " ")):  # as typed from a message
            shared = httpx.get(base + f"/api/games/{private}/replay", params={"invite": typed})
            assert shared.status_code == 200 and shared.json()["game"] == private
            assert "you" not in shared.json()  # whoever holds the invite played no seat
        assert statuses(base, casual) == [200] * 4  # other games stay public
        # Reviews: a stranger is told a private game does not exist, a public one is not theirs.
        bobs = {"euchre_session": bob["session"]}
        hidden = httpx.get(
            f"{base}/api/games/{private}/review", cookies=bobs, timeout=REVIEW_SECONDS
        )
        assert (hidden.status_code, hidden.json()["code"]) == (404, "not_found")
        public = httpx.get(
            f"{base}/api/games/{casual}/review", cookies=bobs, timeout=REVIEW_SECONDS
        )
        assert (public.status_code, public.json()["code"]) == (403, "forbidden")
        # One who holds the invite (a spectator, say) is told why, as at a public game.
        shared = httpx.get(
            f"{base}/api/games/{private}/review", cookies=bobs, params={"invite": invite}
        )
        assert (shared.status_code, shared.json()["code"]) == (403, "forbidden")

        def listed(**cookies: str) -> tuple[list[str], int]:
            history = httpx.get(base + "/api/players/ann/games", cookies=cookies).json()
            profile = httpx.get(base + "/api/players/ann", cookies=cookies).json()
            return sorted(g["game"] for g in history["games"]), profile["games"]

        assert listed() == ([casual], 1)
        assert listed(euchre_session=bob["session"]) == ([casual], 1)
        assert listed(euchre_session=ann["session"]) == (sorted([casual, private]), 2)


def test_a_private_game_in_play_is_the_same_404_to_strangers_everywhere(tmp_path: Path) -> None:
    """The review answered strangers 409 (not finished) where the summary answered 404,
    telling them that the private game exists."""
    with ThreadServer(social_settings(tmp_path / "playing.db")) as live:
        base = live.base
        ann = register(base, "Ann")
        bob = register(base, "Bob")
        player = Client(base, "Ann", ann["session"])
        created = player.request(type="create", kind="private", turn_seconds=0)
        table, invite = created["table"], created["invite"]
        player.until(lambda m: m["type"] == "table" and m["table"] == table)
        player.send(type="start", table=table)
        player.until(lambda m: m.get("event", {}).get("kind") == "started")
        stranger = {"euchre_session": bob["session"]}
        for path in ("review", "summary"):
            answer = httpx.get(f"{base}/api/games/{table}/{path}", cookies=stranger)
            unknown = httpx.get(f"{base}/api/games/nope/{path}", cookies=stranger)
            assert (answer.status_code, answer.json()["code"]) == (404, "not_found"), path
            assert answer.json()["detail"] == unknown.json()["detail"].replace("nope", table)
        own = {"euchre_session": ann["session"]}
        invited = httpx.get(
            f"{base}/api/games/{table}/review", cookies=stranger, params={"invite": invite}
        )
        assert (invited.status_code, invited.json()["code"]) == (409, "not_finished")
        mine = httpx.get(f"{base}/api/games/{table}/review", cookies=own, timeout=REVIEW_SECONDS)
        assert (mine.status_code, mine.json()["code"]) == (409, "not_finished")  # its player
        # over the socket too: the private table reads as one that closed or never was
        watcher = Client(base, "Bob", bob["session"])
        hidden = watcher.expect_error("not_found", type="join", table=table)["message"]
        unknown = watcher.expect_error("not_found", type="join", table="nope1234")["message"]
        assert hidden == unknown.replace("nope1234", table)
        shown = httpx.get(f"{base}/api/tables/{table}", cookies=stranger).json()["detail"]
        assert shown == hidden
        watcher.close()
        player.close()
