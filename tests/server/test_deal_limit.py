"""A deal-limited game says how many deals are left (``info.deals_left``, the deal in
progress among them), with the start and with each deal's end, so a player sees "Deal 2 / 8"
without counting; a game without a limit, or one that is over, has none."""

from __future__ import annotations

import random
from typing import Any

from server_helpers import Client, ThreadServer, seat_clients


def _event(m: dict[str, Any]) -> dict[str, Any]:
    return m.get("event", {}) if m["type"] == "event" else {}


def _play_until_deal_over(ann: Client, table: str, rng: random.Random) -> dict[str, Any]:
    """Ann plays random legal moves (the bots play theirs) until a hand is scored."""
    while True:
        if ann.my_turn(table):
            state = ann.view(table).state
            ann.send(type="act", table=table, action=rng.choice(state["legal"]))  # type: ignore[index]
        message = ann.recv()
        if _event(message).get("deal_over"):
            return message


def _started(live: ThreadServer, options: dict[str, Any]) -> tuple[str, Client, dict[str, Any]]:
    table, (ann,) = seat_clients(
        live.base, ["Ann"], turn_seconds=0, summary_seconds=0, options=options
    )
    ann.send(type="start", table=table)
    started = ann.until(lambda m: _event(m).get("kind") == "started")
    return table, ann, started


def test_each_deals_end_says_how_many_deals_are_left(live: ThreadServer) -> None:
    table, ann, started = _started(live, {"deal_limit": 2, "target": 0})
    assert started["info"]["deals_left"] == 2
    rng = random.Random(5)
    first = _play_until_deal_over(ann, table, rng)
    assert not first["event"].get("game_over") and first["info"]["deals_left"] == 1
    while True:  # the last deal, and a tie for first plays on a deal at a time
        over = _play_until_deal_over(ann, table, rng)
        if over["event"].get("game_over"):
            assert "deals_left" not in over["info"], over["info"]
            # the game-over box says the deals ended it, as for a time limit
            assert over["info"]["ended_on_deals"] is True and "ended_on_time" not in over["info"]
            break
        scores = over["event"]["deal_over"]["score"]
        assert scores.count(max(scores)) > 1 and over["info"]["deals_left"] == 0
    ann.close()


def test_a_game_to_a_target_alone_has_no_count_of_deals(live: ThreadServer) -> None:
    table, ann, started = _started(live, {"target": 5})
    assert "deals_left" not in started["info"]
    over = _play_until_deal_over(ann, table, random.Random(2))
    # no deal limit: a deal's end (short of the game's) carries no info
    assert not over["event"].get("game_over") and "info" not in over
    ann.close()
