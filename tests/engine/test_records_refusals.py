"""What a record may hold besides its play: scores a game can start from, one name per
seat, and refusals that quote the input cut short (docs/records.md)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from euchre.engine import GameState, preset
from euchre.engine.records import (
    RecordError,
    ReplayError,
    export_egn,
    load_egn,
    replay,
    replay_cli,
)

EXAMPLE = load_egn(
    (Path(__file__).resolve().parents[1] / "data" / "egn" / "Epic_Comeback.egn").read_text()
)
EXAMPLE_SCORE = replay(EXAMPLE).score
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


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (_set("deals.0.phases.1.tricks.0.1", None), "deal 0: null is not a card: a card is text"),
        (_set("deals.0.phases.1.tricks.0.1", 9), "deal 0: 9 is not a card"),
        (_set("deals.0.phases.0.calls.0", None), "deal 0: null is not a call: a call is text"),
        (_set("deals.0.phases.0.calls.0", False), "deal 0: false is not a call"),
        (_set("deals.0.phases.0.discard", False), "deal 0: false is not a card"),
        (_set("deals.0.phases.0.discard", ""), "deal 0: '' is not a card"),
    ],
)
def test_a_card_or_call_that_is_not_text_is_named_as_written(edit: Edit, words: str) -> None:
    """A null card was refused as "'None' is not a card", a word the record never held."""
    refusal = _refusal(edit)
    assert words in refusal and "None" not in refusal, refusal


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


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("R", "'R' is not a card (EGN's bower by its part, which this reader does not take"),
        ("Xx", "'Xx' is not a card (EGN's unknown card: a record with hidden cards cannot"),
        ("Jt", "'Jt' is not a card (a suit named by its part, which this reader does not"),
    ],
)
def test_egns_shorthands_this_reader_does_not_take_are_named(card: str, words: str) -> None:
    """EGN's schema allows R and L for the bowers, Xx for an unknown card and suits named by
    their part; refused as "not a card", a converter could not tell a typo from them."""
    with pytest.raises(RecordError, match="not a card") as refused:
        replay(_record(_set("deals.0.initialState.upCard", card)))
    assert words in str(refused.value)


def test_deal_numbers_run_in_the_order_played() -> None:
    """Messages name deals by their numbers: a number repeated (or going back) pointed a
    refusal at the wrong deal, and a warning at the whole game."""
    assert "does not come after 2, the deal before's" in _refusal(_set("deals.3.dealNumber", 0))
    assert "does not come after 0" in _refusal(_set("deals.1.dealNumber", 0))

    # numbered from 1, or with gaps (deals thrown in and left out): read as they are
    def odd(record: dict[str, Any]) -> None:
        for i, deal in enumerate(record["deals"]):
            deal["dealNumber"] = 2 * i + 1

    renumbered = _record(odd)
    assert replay(load_egn(json.dumps(renumbered))).score == EXAMPLE_SCORE


@pytest.mark.parametrize("version", ["2.0", "1", 1.4, "v1.4"])
def test_a_version_this_reader_does_not_take_is_refused(version: Any) -> None:
    words = _refusal(_set("version", version))
    assert "is not one this reader takes: EGN 1.x (it writes 1.4)" in words


def test_a_record_of_another_1x_version_or_none_is_read() -> None:
    for version in ("1.2", "1.6", "1.4.1"):
        assert replay(_record(_set("version", version))).score == EXAMPLE_SCORE
    unversioned = _record(lambda r: r.pop("version"))
    assert replay(load_egn(json.dumps(unversioned))).score == EXAMPLE_SCORE


def test_a_card_dealt_twice_is_named_with_its_seats() -> None:
    from euchre.engine import GameState, preset
    from euchre.engine.records import ReplayError, export_egn

    state = GameState(preset("standard"), seed=5)
    record = export_egn(state)
    hands = record["deals"][0]["initialState"]["playerCards"]
    taken = hands[0][0]
    hands[2][1] = taken
    with pytest.raises(ReplayError) as twice:
        replay(load_egn(json.dumps(record)))
    assert str(twice.value) == f"deal 0, seat 2: dealt {taken} as was seat 0: a card is dealt once"
    hands[2][1] = record["deals"][0]["initialState"]["upCard"]
    with pytest.raises(ReplayError) as upcard:
        replay(load_egn(json.dumps(record)))
    assert str(upcard.value).endswith(", the turn-up: a card is dealt once")
    assert str(upcard.value).startswith("deal 0, seat 2: dealt ")


def test_deals_after_the_game_ended_are_still_dealt_in_turn() -> None:
    """A deal recorded after the game ended is replayed with a warning; one dealt by the
    wrong seat was let through there, though refused anywhere else in the game."""
    last = EXAMPLE["deals"][-1]
    dealer = last["initialState"]["dealer"]

    def one_more(by: int) -> Edit:
        def edit(record: dict[str, Any]) -> None:
            extra = copy.deepcopy(record["deals"][0])
            extra["dealNumber"] = last["dealNumber"] + 1
            extra["initialState"]["dealer"] = by
            extra["phases"] = []  # dealt, and not played
            record["deals"].append(extra)
            record["metadata"].pop("finalScore", None)

        return edit

    passed = f"seat {dealer} deals, but .* passed to seat {(dealer + 1) % 4}"
    with pytest.raises(ValueError, match=passed):
        replay(load_egn(json.dumps(_record(one_more(dealer)))))
    after = replay(load_egn(json.dumps(_record(one_more((dealer + 1) % 4)))))
    assert any("played after the game ended" in w for w in after.warnings), after.warnings


def test_a_card_played_twice_is_told_so_with_the_hands_as_without() -> None:
    """A record with the hands dealt said "Ah is not in your hand: play one of ..." of a
    card played a second time, where one without them says it was already played."""
    import random

    from euchre.engine import GameState, preset
    from euchre.engine.records import ReplayError, export_egn

    state = GameState(preset("standard"), seed=8)
    chooser = random.Random(8)
    while len(state.deals) == 1 and not state.game_over:
        state.apply(chooser.choice(state.legal_actions()))
    record = export_egn(state)
    first = next(d for d in record["deals"] if len(d["phases"]) == 2)
    tricks = first["phases"][1]["tricks"]
    again = tricks[0][0]
    tricks[1][0] = again  # led again at the next trick
    with pytest.raises(ReplayError) as twice:
        replay(load_egn(json.dumps(record)))
    assert str(twice.value).endswith(f"'play {again}': {again} was already played"), twice.value


def _random_record(seed: int, **options: Any) -> dict[str, Any]:
    rng = random.Random(seed)
    state = GameState(preset("standard", **options), seed=seed)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    return export_egn(state)


def _refused_with(record: dict[str, Any]) -> str:
    with pytest.raises(ReplayError) as refused:
        replay(load_egn(json.dumps(record)))
    return str(refused.value)


def _bidding(deal: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in deal["phases"] if p["type"] == "EUCHRE_BIDDING")


def test_a_seat_defending_alone_needs_the_rule_and_a_lone_maker() -> None:
    """``aloneDefender`` beside a partnership was read as nothing at all (the record
    replayed), and without the rule the replay blamed a card not in a hand."""
    record = _random_record(3, defend_alone=True)
    played = [d for d in record["deals"] if d.get("outcome", "scored") == "scored"]
    partnership = next(d for d in played if not _bidding(d).get("isAlone"))
    _bidding(partnership)["aloneDefender"] = (partnership["initialState"]["dealer"] + 1) % 4
    words = _refused_with(record)
    assert "the maker did not go alone: only a lone maker is defended alone" in words, words

    record = _random_record(3, defend_alone=True)
    for deal in record["deals"]:
        _bidding(deal)["aloneDefender"] = -1
    lone = next((d for d in record["deals"] if _bidding(d).get("isAlone")), None)
    assert lone is not None
    _bidding(lone)["aloneDefender"] = 0
    record["metadata"]["ruleset"]["defend_alone"] = False
    words = _refused_with(record)
    assert "these rules do not allow defending alone (defend_alone is off)" in words, words


def test_a_deal_a_farmers_hand_voids_is_refused_naming_the_hand() -> None:
    """A record played under rules with the farmer's hand, where a hand is one: the refusal
    said only that the bidding was over after 0 calls."""
    for seed in range(200):
        record = _random_record(seed)
        deal = next((d for d in record["deals"] if _farmers(d)), None)
        if deal is not None:
            break
    else:
        pytest.fail("no farmer's hand dealt in 200 games")
    record["metadata"]["ruleset"]["farmers"] = True
    words = _refused_with(record)
    assert "is a farmer's hand: under these rules (farmers) the deal is thrown in" in words


def _farmers(deal: dict[str, Any]) -> bool:
    """Whether a seat holds four or five nines and tens (docs/rules.md)."""
    hands = deal["initialState"]["playerCards"]
    return any(sum(card[0] in "9T" for card in hand) >= 4 for hand in hands)
