"""Hints at a table: the coach's values for one's own turn, computed in the bot worker;
refused for another seat, out of turn, at ranked tables and where the table said no."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any, cast

import httpx
import pytest
from act_helpers import act_problems
from server_helpers import TIMEOUT, Client, ThreadServer, ask_hint, play_random, seat_clients

from euchre.engine import GameState, preset
from euchre.engine.views import View
from euchre.server.botplay import BotPool, WorkerLateError
from euchre.server.coaching import HintMemo, hint_seed, hint_view, hints_allowed
from euchre.server.metrics import Metrics
from euchre.server.protocol import ProtocolError


def until_my_turn(client: Client, table: str, *others: Client) -> None:
    """Random play (by everyone given) until seat 0, the first client's, is to act."""
    play_random([client, *others], table, random.Random(1), stop=lambda s: s["to_act"] == 0)


def test_a_player_gets_a_hint_for_their_turn(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
    ann.send(type="start", table=table)
    until_my_turn(ann, table)
    legal = ann.view(table).state["legal"]  # type: ignore[index]
    answer = ask_hint(ann, table)
    assert answer["type"] == "hint", answer
    assert answer["seat"] == 0 and answer["recommended"] in legal
    assert sorted(v["action"] for v in answer["values"]) == sorted(legal)
    assert answer["values"][0]["action"] == answer["recommended"]
    assert list(answer["acts"]) == legal  # each action it names has its object, once
    assert [p for text, act in answer["acts"].items() for p in act_problems(text, act)] == []
    assert answer["reason"] and answer["version"] == ann.view(table).version
    assert answer["phase"] == ann.view(table).state["phase"]  # type: ignore[index]
    again = ask_hint(ann, table)
    assert {k: v for k, v in again.items() if k != "ref"} == {
        k: v for k, v in answer.items() if k != "ref"
    }  # the same point of the game gives the same hint
    ann.close()


def _hints_computed(live: ThreadServer) -> float:
    text = httpx.get(live.base + "/metrics", timeout=10).text
    return float(
        next(x for x in text.splitlines() if x.startswith("euchre_coach_hints_total")).split()[-1]
    )


def test_asking_again_and_again_at_one_turn_computes_the_hint_once(live: ThreadServer) -> None:
    # The coach's worker also thinks for other tables' bots: a client repeating its ask
    # must not keep it busy.
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
    ann.send(type="start", table=table)
    until_my_turn(ann, table)
    before = _hints_computed(live)
    refs = [f"many-{i}" for i in range(5)]
    for ref in refs:  # all sent before the first answer comes
        ann.send(type="hint", table=table, ref=ref)
    answers = [ann.until(lambda m, r=ref: m.get("ref") == r, timeout=TIMEOUT * 8) for ref in refs]
    assert {a["type"] for a in answers} == {"hint"}, answers
    assert all(a["values"] == answers[0]["values"] for a in answers)
    again = ask_hint(ann, table)  # and after the answer, still the same turn
    assert again["values"] == answers[0]["values"]
    assert _hints_computed(live) == before + 1
    play_random([ann], table, random.Random(2), stop=lambda s: s["to_act"] != 0)
    until_my_turn(ann, table)  # the next turn of hers is a new decision: a new hint
    assert ask_hint(ann, table)["type"] == "hint"
    assert _hints_computed(live) == before + 2
    ann.close()


class _CountingPool:
    """Stands in for the bot pool: counts the hints it is asked for; may fail or wait."""

    def __init__(self) -> None:
        self.asked: list[View] = []
        self.fail_next = False
        self.release = asyncio.Event()

    async def run(self, table: str, timeout: float, job: Any, view: View, seed: int) -> Any:
        self.asked.append(view)
        await self.release.wait()
        if self.fail_next:
            self.fail_next = False
            raise WorkerLateError("busy")
        return {"recommended": view.legal_texts()[0], "seed": seed}


@pytest.mark.anyio
async def test_a_hint_is_computed_once_per_view_and_again_after_a_failure() -> None:
    pool = _CountingPool()
    memo = HintMemo(cast(BotPool, pool), Metrics(), "t1")
    state = GameState(preset("standard"), seed=3)
    first = state.view(state.current_player)
    asks = [asyncio.create_task(memo.hint(first)) for _ in range(3)]
    await asyncio.sleep(0)
    asks[0].cancel()  # one asker leaving does not cancel the others' answer
    pool.release.set()
    answers = await asyncio.gather(*asks[1:])
    assert len(pool.asked) == 1 and answers[0] == answers[1]
    assert await memo.hint(first) == answers[0] and len(pool.asked) == 1  # later: kept

    state.apply(state.view(state.current_player).legal_texts()[0])
    second = state.view(state.current_player)
    pool.fail_next = True
    with pytest.raises(WorkerLateError):
        await memo.hint(second)  # a new view: computed anew (and it failed) ...
    assert await memo.hint(second) == {
        "recommended": second.legal_texts()[0],
        "seed": hint_seed("t1", second),
    }  # ... so the next ask tries again
    assert pool.asked == [first, second, second]


def test_hints_are_refused_to_a_spectator_and_out_of_turn(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
    eve = Client(live.base, "Eve")
    eve.send(type="join", invite=ann.view(table).invite)
    eve.until(lambda m: m["type"] == "table")
    ann.send(type="start", table=table)
    until_my_turn(ann, table, bob)
    eve.expect_error("not_seated", type="hint", table=table)
    error = bob.expect_error("not_your_turn", type="hint", table=table)
    assert "your turn" in error["message"]
    # Ann's other connection, which does not hold her seat, is not the seat's either.
    elsewhere = Client(live.base, "Ann", token=ann.token)
    error = elsewhere.expect_error("not_seated", type="hint", table=table)
    assert "played from another connection" in error["message"]
    for client in (ann, bob, eve, elsewhere):
        client.close()


def test_a_table_may_switch_hints_off(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0, hints=False)
    assert ann.view(table).info["hints"] is False  # type: ignore[index]
    ann.send(type="start", table=table)
    until_my_turn(ann, table)
    error = ann.expect_error("forbidden", type="hint", table=table)
    assert "switched off" in error["message"]
    ann.close()


def test_ranked_tables_have_no_hints(live: ThreadServer) -> None:
    ann = Client(live.base, "Ann")
    error = ann.expect_error("bad_options", type="create", kind="ranked", hints=True)
    assert "ranked tables have no hints" in error["message"]
    ann.close()


def test_a_ranked_table_refuses_a_hint_before_anything_else() -> None:
    ranked = SimpleNamespace(kind="ranked", hints=True)
    with pytest.raises(ProtocolError) as caught:
        hint_view(ranked, Client.__new__(Client))  # type: ignore[arg-type]
    assert caught.value.code == "forbidden" and "ranked" in caught.value.message
    assert hints_allowed("ranked", None) is False
    assert hints_allowed("casual", None) is True and hints_allowed("private", False) is False
