"""What a record may hold besides its play: scores a game can start from, one name per
seat, and refusals that quote the input cut short (docs/records.md)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from euchre.engine.records import RecordError, load_egn, replay, replay_cli

EXAMPLE = load_egn(
    (Path(__file__).resolve().parents[1] / "data" / "egn" / "Epic_Comeback.egn").read_text()
)
HUGE = "Z" * 900_000
Edit = Callable[[dict[str, Any]], None]


def _record(edit: Edit) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE)
    edit(record)
    return record


def _refusal(edit: Edit) -> str:
    """The message a record changed by ``edit`` is refused with, loaded as text."""
    with pytest.raises(RecordError) as refused:
        replay(load_egn(json.dumps(_record(edit))))
    return str(refused.value)


def _set(path: str, value: Any) -> Edit:
    """Set a field: ``metadata.initialScore``, ``deals.0.phases.0.calls.0``, ..."""

    def edit(record: dict[str, Any]) -> None:
        *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = record
        for key in parents:
            target = target[key]
        target[last] = value

    return edit


@pytest.mark.parametrize("score", [[2**70, 0], [0, -1], [10, 0], [0, 10**4000]])
def test_an_initial_score_outside_the_rules_is_refused(score: list[int]) -> None:
    words = _refusal(_set("metadata.initialScore", score))
    assert '"initialScore" must list 2 whole numbers from 0 to 9 (a side at 10 has won)' in words
    assert len(words) < 200


def test_an_initial_score_below_the_target_is_replayed() -> None:
    assert replay(_record(_set("metadata.initialScore", [9, 9]))).initial_score == [9, 9]

    def longer_game(record: dict[str, Any]) -> None:
        record["metadata"]["ruleset"]["winning_score"] = 15
        record["metadata"]["initialScore"] = [14, 0]

    assert replay(_record(longer_game)).initial_score == [14, 0]
    assert "from 0 to 14 (a side at 15 has won)" in _refusal(
        lambda r: (longer_game(r), _set("metadata.initialScore", [15, 0])(r))
    )


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["a"] * 100_000, "must name the 4 players of this game, seat 0 first (found 100000"),
        (["Ann", "Bob", "Cy"], "(found 3 entries)"),
        ("Ann, Bob, Cy, Di", "must name the 4 players"),
        (["Ann", "Bob", "Cy", "D" * 65], "the name of seat 3 must be text of at most 64"),
        (["Ann", "Bob", 7, "Di"], "the name of seat 2 must be text"),
        (["Ann", {"name": HUGE}, "Cy", "Di"], "the name of seat 1 must be text"),
    ],
)
def test_players_must_name_each_seat_once(players: Any, words: str) -> None:
    refusal = _refusal(_set("metadata.players", players))
    assert words in refusal and len(refusal) < 300


def test_players_may_be_player_objects_or_left_out() -> None:
    """EGN's player objects name a player with ``name`` (and ids from other sites)."""
    named = [{"name": "Ann", "playerIds": [{"id": "a1", "source": "site"}]}, "Bob", "Cy", "Di"]
    for players in (named, [], None):
        assert replay(_record(_set("metadata.players", players))).score == [11, 9]


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (_set("deals.0.phases.0.calls.0", HUGE), "unknown call 'ZZZZ"),
        (_set("deals.0.initialState.upCard", HUGE), "is not a card"),
        (_set("deals.0.phases.0.type", HUGE), "unknown phase type 'ZZZZ"),
        (_set("deals.0.phases.0.isAlone", HUGE), "isAlone must be true or false"),
        (_set("deals.0.phases.0.calls", {HUGE: HUGE}), "expected a list"),
        (_set("deals.0.phases.0.aloneDefender", HUGE), "aloneDefender must be a seat"),
        (_set("deals.0.dealNumber", HUGE), '"dealNumber" must be a whole number'),
        (_set("metadata.ruleset.std", HUGE), 'ruleset "std" must be true or false'),
        (_set("metadata.ruleset.loner_lead", HUGE), "loner_lead takes one of"),
        (_set(f"metadata.ruleset.{HUGE}", 1), "unknown option ZZZZ"),
        (_set("metadata.ruleset.winning_score", "Z" * 50), 'found "ZZZZ'),
    ],
)
def test_a_refusal_quotes_the_input_cut_short(edit: Edit, words: str) -> None:
    refusal = _refusal(edit)
    assert words in refusal
    assert "Z" * 41 not in refusal and "…" in refusal


def test_seats_written_as_other_tools_write_them_are_read() -> None:
    """2.0 or "2" for a seat, null for none, as some tools write them."""
    for seat in (-1, "-1", -1.0, None):
        record = _record(_set("deals.0.phases.0.aloneDefender", seat))
        assert replay(record).score == [11, 9]
    assert "found 4" in _refusal(_set("deals.0.phases.0.aloneDefender", 4))


def test_the_command_line_refuses_a_huge_value_in_a_line(tmp_path: Path) -> None:
    path = tmp_path / "huge.egn"
    path.write_text(json.dumps(_record(_set("deals.0.phases.0.calls.0", HUGE))))
    code, out = replay_cli(str(path))
    assert code == 2 and len(out) < 200
