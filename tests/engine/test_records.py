"""EGN records: real games replay to their outcome, export round-trips, corrupt records fail."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from egn_oracle import score_deal

from euchre.engine import GameState, card_text, effective_suit, preset
from euchre.engine.actions import PLAY_BASE, is_play
from euchre.engine.cards import make_deck, parse_card
from euchre.engine.deal import deck_from_hands
from euchre.engine.records import (
    RecordError,
    ReplayError,
    bot_seats,
    export_egn,
    load_egn,
    player_names,
    replay,
    replay_cli,
    ruleset_of,
    variant_of,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
SCHEMA = json.loads((EXAMPLES / "egn-schema-v1.json").read_text())

# Final score of each real game: the game ends exactly at its last deal.
REAL_OUTCOMES = {
    "Another_fun_euchre_.egn": [0, 2],
    "Epic_Comeback.egn": [11, 9],
    "Euchre_com_July_5th_Pairs_Finals_Annotated.egn": [9, 10],
    "Masters_of_the_Euchreverse_Week_1_Game_1.egn": [3, 11],
    "Masters_of_the_Euchreverse_Week_1_Game_3.egn": [10, 5],
    "Masters_of_the_Euchreverse_Week_1_Game_5.egn": [5, 10],
    "Masters_of_the_Euchreverse_Week_1_Game_6.egn": [11, 6],
    "Me_and_Bears.egn": [10, 9],
    "Me_and_Mike_Mike_Mike.egn": [11, 2],
    "Quite_the_Hustle_Annotated.egn": [10, 7],
    "Six_Points_in_Two_Hands.egn": [10, 9],
    "VWEC_Finals.egn": [8, 10],
}


def test_every_example_file_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.egn")) == sorted(REAL_OUTCOMES)


@pytest.mark.parametrize("name", sorted(REAL_OUTCOMES))
def test_real_game_replays_to_its_outcome(name: str) -> None:
    record = load_egn((EXAMPLES / name).read_text())
    result = replay(record)
    assert result.score == REAL_OUTCOMES[name]
    oracle = [score_deal(d, record["metadata"]["ruleset"]["loner_lead"]) for d in record["deals"]]
    assert [d.points for d in result.deals] == oracle
    ended = max(result.score) >= 10
    assert result.game_over == ended
    before_last = result.deals[-2].score if len(result.deals) > 1 else result.initial_score
    assert max(before_last) < 10, "the game must not have ended before its last deal"


def test_a_record_as_other_tools_save_it_replays_the_same() -> None:
    """A byte order mark first (Windows editors write one) and whole numbers written as
    10.0 (as some JSON writers do) are the same record."""
    name = sorted(REAL_OUTCOMES)[0]
    text = (EXAMPLES / name).read_text()
    record = load_egn(text)
    record["metadata"]["ruleset"]["winning_score"] = 10.0
    saved = "\ufeff" + json.dumps(record)
    assert replay(load_egn(saved)).score == REAL_OUTCOMES[name]
    record["metadata"]["ruleset"]["winning_score"] = 10.5  # not a whole number: refused
    with pytest.raises(RecordError, match="whole number"):
        replay(load_egn(json.dumps(record)))


def _random_game(variant_name: str, seed: int, **options: Any) -> GameState:
    rng = random.Random(seed)
    state = GameState(preset(variant_name, **options), seed=seed)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_replay_agrees_with_independent_scorer_on_thousands_of_hands() -> None:
    hands = 0
    for seed in range(260):
        state = _random_game("standard", seed)
        record = export_egn(state)
        result = replay(record)
        expected = [list(d.points) for d in state.deals]
        assert [d.points for d in result.deals] == expected
        assert [score_deal(d) for d in record["deals"]] == expected
        assert result.score == state.scores and result.winner == state.winner
        hands += len(state.deals)
    assert hands >= 2000


def test_bots_seats_are_written_as_player_objects_that_say_so() -> None:
    """A bot's seat: an EGN player object whose id is the bot's level from the source
    "bot"; read back as the name and as a bot's seat, and replayed as before."""
    game = _random_game("standard", 3)
    when = datetime(2026, 12, 6, 9, 5)
    record = export_egn(game, players=["Ann", "Olga", "Bo", "Leo"], date=when, bots={1: "hard"})
    jsonschema.validate(record, SCHEMA)
    metadata = record["metadata"]
    assert metadata["date"] == "2026-12-06T09:05"
    assert metadata["players"][:2] == [
        "Ann",
        {"name": "Olga", "playerIds": [{"id": "hard", "source": "bot"}]},
    ]
    assert player_names(metadata, game.variant) == ["Ann", "Olga", "Bo", "Leo"]
    assert bot_seats(metadata) == [False, True, False, False]
    assert bot_seats({"players": ["Ann", {"name": "Olga"}, "Bo", "Leo"]}) == [False] * 4
    assert replay(record).score == game.scores


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("standard", {}),
        ("classic", {}),
        ("long", {"loner_lead": "LEFT_OF_LONER"}),
        ("british", {}),
        ("two-player", {}),
        ("standard", {"defend_alone": True, "call_for_best": True}),
        ("standard", {"farmers_hand": True, "no_trump": True, "canadian_loner": True}),
        ("standard", {"go_under": "clean", "lone_euchre_points": 4}),
        # a deal limit beside the default target: num_deals alone (both keys were written,
        # which the schema's "not both" refuses)
        ("standard", {"deal_limit": 6}),
    ],
)
def test_expressible_rule_sets_validate_against_egn_schema(
    name: str, options: dict[str, Any]
) -> None:
    for seed in range(5):
        game = _random_game(name, seed, **options)
        record = export_egn(game, players=["A", "B", "C", "D"])
        jsonschema.validate(record, SCHEMA)
        read = variant_of(record["metadata"]["ruleset"])  # how the game ends, read back
        assert (read.target, read.deal_limit) == (game.variant.target, game.variant.deal_limit)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("standard", {}),
        ("classic", {"farmers_hand": True}),
        ("british", {"joker_upcard_rule": "dealer_names_blind"}),
        ("cutthroat", {"super_euchre": True}),
        ("two-player", {"stick_the_dealer": False}),
        ("standard", {"defend_alone": True, "call_for_best": True, "alone_must_take_5": True}),
        ("standard", {"go_under": "mixed", "throw_in_hands": "nines_tens,ace_no_face"}),
        ("standard", {"maker_partner_may_go_alone": True, "minimum_trump": True}),
        ("standard", {"stuck_dealer_may_forfeit": True, "no_trump": True}),
        # Games that end after a number of deals, not at a score (with redeals among them).
        ("standard", {"deal_limit": 3, "target": 0}),
        ("classic", {"deal_limit": 4, "farmers_hand": True}),
        ("cutthroat", {"deal_limit": 2, "throw_in_hands": "nines_tens"}),
    ],
)
def test_export_import_replays_identically(name: str, options: dict[str, Any]) -> None:
    for seed in range(12):
        state = _random_game(name, seed, **options)
        result = replay(json.loads(json.dumps(export_egn(state))))
        assert [d.points for d in result.deals] == [list(d.points) for d in state.deals]
        assert [d.outcome for d in result.deals] == [d.outcome for d in state.deals]
        assert result.score == state.scores
        assert (result.game_over, result.winner) == (True, state.winner)
        assert not result.warnings


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("standard", {}),
        ("british", {}),  # a rule set named "british" must not be rebuilt from defaults
        ("british", {"joker_upcard_rule": "dealer_names_blind"}),
        ("cutthroat", {"super_euchre": True}),
        ("two-player", {"stick_the_dealer": False}),
        ("standard", {"stuck_dealer_may_forfeit": True, "no_trump": True}),
    ],
)
def test_records_without_player_cards_replay_to_the_same_scores(
    name: str, options: dict[str, Any]
) -> None:
    for seed in range(8):
        state = _random_game(name, seed, **options)
        record = json.loads(json.dumps(export_egn(state)))
        for deal in record["deals"]:
            del deal["initialState"]["playerCards"]
        result = replay(record)
        assert [d.points for d in result.deals] == [list(d.points) for d in state.deals]
        assert (result.score, result.winner) == (state.scores, state.winner)


@pytest.mark.parametrize("actions_before_time_up", [0, 30, 75])
def test_a_timed_game_replays_to_its_end_when_its_record_says_it_ended(
    actions_before_time_up: int,
) -> None:
    rng = random.Random(actions_before_time_up)
    state = GameState(preset("standard", time_limit_minutes=30), seed=3)
    for _ in range(actions_before_time_up):
        state.apply(rng.choice(state.legal_actions()))
    state.signal_time_up()
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(export_egn(state)))
    result = replay(record)
    assert (result.game_over, result.winner, result.score) == (True, state.winner, state.scores)
    # The same deals without the final score: a game whose time had not yet run out.
    del record["metadata"]["finalScore"]
    unfinished = replay(record)
    assert max(state.scores) < 10 and not unfinished.game_over and unfinished.winner is None


def test_a_timed_game_without_a_target_replays_past_ten_points() -> None:
    """Target 0 in a timed game means no target: its record must not end at 10."""
    rng = random.Random(4)
    state = GameState(preset("standard", time_limit_minutes=30, target=0), seed=4)
    while max(state.scores) < 12:
        state.apply(rng.choice(state.legal_actions()))
    state.signal_time_up()
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(export_egn(state)))
    assert record["metadata"]["ruleset"]["winning_score"] == 0
    result = replay(record)
    assert (result.game_over, result.winner, result.score) == (True, state.winner, state.scores)
    assert result.warnings == [] and result.variant.target == 0


def test_ruleset_round_trip_keeps_every_option() -> None:
    variant = preset(
        "standard",
        defend_alone=True,
        super_euchre=True,
        target=7,
        joker_upcard_rule="fixed_hearts",
        throw_in_hands="mcevoy",
    )
    back = variant_of(ruleset_of(variant))
    assert back.replace(dealer_may_discard_upcard=False) == variant


def test_standard_ruleset_uses_egn_keys_only() -> None:
    assert ruleset_of(preset("standard")) == {
        "std": True,
        "canadian": False,
        "loner_lead": "LEFT_OF_DEALER",
    }


# ---------------------------------------------------------------- corrupt records


def _first_deal_record(seed: int, want: Any) -> dict[str, Any]:
    """A one-deal standard record (with playerCards) for which ``want(record)`` holds."""
    for s in range(seed, seed + 500):
        state = _random_game("standard", s)
        record = export_egn(state)
        for deal in record["deals"]:
            if want(deal):
                record["deals"] = [deal]
                record["metadata"].pop("finalScore", None)
                return record
    raise AssertionError("no such deal found")


def _has_play(deal: dict[str, Any]) -> bool:
    return any(p["type"] == "TRICK_PLAY" for p in deal["phases"])


def _tricks(deal: dict[str, Any]) -> list[list[str]]:
    phase = next(p for p in deal["phases"] if p["type"] == "TRICK_PLAY")
    tricks: list[list[str]] = phase["tricks"]
    return tricks


def _replay_error(record: dict[str, Any]) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        replay(record)
    return info.value


def test_card_not_held_is_rejected() -> None:
    record = _first_deal_record(1, _has_play)
    deal = record["deals"][0]
    held = {c for hand in deal["initialState"]["playerCards"] for c in hand}
    outsider = next(
        c
        for c in ["9c", "Tc", "Jc", "Qc", "Kc", "Ac", "9d", "Td", "Jd", "Qd"]
        if c not in held and c != deal["initialState"]["upCard"]
    )
    _tricks(deal)[0][0] = outsider
    error = _replay_error(record)
    assert error.deal == 0 and error.action == f"play {outsider}"
    assert "not in your hand" in error.rule


def _swap_for_revoke(state: GameState, record: dict[str, Any]) -> tuple[int, int, str] | None:
    """Swap two cards of one seat so that it fails to follow suit while holding the suit.

    Returns (deal index, seat, card now played off-suit)."""
    for index, deal in enumerate(state.deals):
        if deal.alone or deal.trump < 0 or deal.outcome != "scored":
            continue
        plays = [(seat, a - PLAY_BASE) for seat, a in deal.actions() if is_play(a)]
        tricks = [plays[i : i + 4] for i in range(0, 20, 4)]
        for t, trick in enumerate(tricks[:-1]):
            led = effective_suit(trick[0][1], deal.trump)
            for pos in range(1, 4):
                seat, followed = trick[pos]
                if effective_suit(followed, deal.trump) != led:
                    continue
                for u in range(t + 1, 5):
                    for q, (other_seat, other) in enumerate(tricks[u]):
                        if other_seat == seat and effective_suit(other, deal.trump) != led:
                            cards = _tricks(record["deals"][index])
                            cards[t][pos], cards[u][q] = cards[u][q], cards[t][pos]
                            return index, seat, card_text(other)
    return None


def test_revoke_is_rejected_with_player_cards() -> None:
    for seed in range(50):
        state = _random_game("standard", seed)
        record = export_egn(state)
        found = _swap_for_revoke(state, record)
        if found is None:
            continue
        index, seat, card = found
        error = _replay_error(record)
        assert (error.deal, error.seat, error.action) == (index, seat, f"play {card}")
        assert error.rule.startswith("must follow")
        return
    raise AssertionError("no revoke could be constructed")


def test_revoke_is_detected_without_player_cards() -> None:
    record = load_egn((EXAMPLES / "Six_Points_in_Two_Hands.egn").read_text())
    record["deals"] = record["deals"][1:]
    tricks = _tricks(record["deals"][0])
    # Seat 0 follows spades with Js in trick 4 and shows Ks in trick 5; play Qc there instead.
    assert tricks[2][2] == "Qc" and tricks[3][2] == "Js"
    tricks[2][2], tricks[3][2] = "Js", "Qc"
    error = _replay_error(record)
    assert (error.deal, error.seat, error.action) == (1, 0, "play Qc")
    assert error.rule.startswith("must follow spades")


def test_turned_down_suit_named_in_round_two_is_rejected() -> None:
    record = _first_deal_record(3, lambda d: len(d["phases"][0]["calls"]) > 4)
    deal = record["deals"][0]
    calls = deal["phases"][0]["calls"]
    index = len(calls) - 1
    calls[index] = deal["initialState"]["upCard"][1]
    error = _replay_error(record)
    assert "turned down" in error.rule
    assert error.seat == (deal["initialState"]["dealer"] + 1 + index) % 4


def test_stuck_dealer_passing_is_rejected() -> None:
    record = _first_deal_record(3, lambda d: True)
    deal = record["deals"][0]
    deal["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8}]
    error = _replay_error(record)
    assert "stuck" in error.rule
    assert error.seat == deal["initialState"]["dealer"] and error.action == "pass"


def test_throw_in_is_legal_without_stick_the_dealer() -> None:
    record = _first_deal_record(3, lambda d: True)
    record["metadata"]["ruleset"]["std"] = False
    deal = record["deals"][0]
    deal["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8}]
    result = replay(record)
    assert result.deals[0].outcome == "throw-in" and result.deals[0].points == [0, 0]


def test_card_played_twice_is_rejected_without_player_cards() -> None:
    record = _first_deal_record(5, _has_play)
    deal = record["deals"][0]
    del deal["initialState"]["playerCards"]
    tricks = _tricks(deal)
    tricks[1][0] = tricks[0][0]
    error = _replay_error(record)
    assert error.deal == 0
    assert "already played" in error.rule or "not in your hand" in error.rule


def test_a_record_that_stops_in_a_deal_says_so() -> None:
    record = _first_deal_record(5, _has_play)
    deal = record["deals"][0]
    _tricks(deal).pop()  # four tricks of five
    result = replay(record)
    last = result.deals[0]
    assert (last.outcome, last.points, sum(last.tricks)) == ("incomplete", [0, 0], 4)
    assert last.trump is not None and last.maker is not None  # the contract made so far
    assert result.warnings == ["deal 0 is unfinished: the record stops during it"]


def test_a_record_that_stops_in_the_bidding_names_no_trump_yet() -> None:
    """Cut short after one pass: nobody has made trump ("n", no trump, was reported, and
    the score sheet read "No trump" at a table without the rule)."""
    record = _first_deal_record(5, _has_play)
    deal = record["deals"][0]
    deal["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"]}]
    last = replay(record).deals[0]
    assert (last.outcome, last.trump, last.maker, last.tricks) == ("incomplete", None, None, [])
    assert last.to_json()["trump"] is None


def test_a_deal_by_the_wrong_dealer_is_rejected() -> None:
    record = load_egn((EXAMPLES / "Masters_of_the_Euchreverse_Week_1_Game_1.egn").read_text())
    for deal in record["deals"]:
        deal["initialState"]["dealer"] = 0  # seat 0 deals every hand
    error = _replay_error(record)
    assert error.deal == 1
    assert "seat 0 deals" in error.rule and "passed to seat 1" in error.rule


def test_a_mcevoy_hand_is_thrown_in_once_a_game_in_a_replay_too() -> None:
    """A seat throws in an all-nines-and-tens hand once; dealt the same hand again, it
    must play it, so a record of a second throw-in is refused."""
    variant = preset("standard", throw_in_hands="mcevoy")
    dealt = ("Ac Kc Qc Jc Ad", "9c Tc 9d 9s 9h", "Kd Jh Qh Kh Ah", "Qd Js Qs Ks As")
    hands = [[parse_card(c) for c in hand.split()] for hand in dealt]
    taken = {c for hand in hands for c in hand}
    upcard = parse_card("Td")
    rest = [c for c in make_deck(2, False) if c not in taken and c != upcard]
    deck = deck_from_hands(hands, 0, upcard, rest)
    state = GameState(variant, dealer=0, decks=[deck, deck])
    assert state.current_player == 1 and "redeal" in state.legal_actions()
    state.apply("redeal")
    assert "redeal" not in state.legal_actions()  # the same hand again: no second offer
    record = export_egn(state)
    first = record["deals"][0]
    record["deals"] = [first, {**copy.deepcopy(first), "dealNumber": 1}, copy.deepcopy(first)]
    record["deals"][2]["dealNumber"] = 2
    error = _replay_error(record)
    assert error.deal == 1


def test_deal_after_game_over_is_reported_but_scored() -> None:
    state = _random_game("standard", 11)
    record = export_egn(state)
    # a deal of the same game by the seat the deal passed to next: four deals back
    extra = copy.deepcopy(record["deals"][-4])
    extra["dealNumber"] = record["deals"][-1]["dealNumber"] + 1
    record["deals"].append(extra)
    result = replay(record)
    assert result.game_over and result.winner == state.winner
    assert "after the game ended" in result.warnings[0]
    extra = result.deals[-1].points
    assert result.score == [a + b for a, b in zip(state.scores, extra, strict=True)]


# ---------------------------------------------------------------- not EGN at all


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "nests arrays and objects too deeply"),
        ('{"deals": [' + "9" * 5000 + "]}", "a number of more than 4300 digits"),
        ("[1, 2]", "JSON object"),
        ('{"fileType": "PGN", "deals": []}', "fileType"),
        ('{"fileType": "Euchre Game Notation", "metadata": {}}', "deals"),
    ],
)
def test_not_egn_raises_record_error(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        load_egn(text)


def test_unknown_card_is_a_record_error() -> None:
    record = _first_deal_record(2, _has_play)
    _tricks(record["deals"][0])[0][0] = "Zz"
    with pytest.raises(RecordError, match="not a card"):
        replay(record)


def test_player_cards_that_do_not_hold_every_hand_are_a_record_error() -> None:
    """A record that gives playerCards is checked against them: a short or long hand, or
    a missing one, is refused rather than quietly replayed from the play instead."""
    record = _first_deal_record(2, _has_play)
    hands = record["deals"][0]["initialState"]["playerCards"]
    hands[3].append(hands[0].pop())  # four cards for seat 0, six for seat 3
    with pytest.raises(RecordError, match=r"playerCards must hold the 4 hands of 5 cards"):
        replay(record)
    record["deals"][0]["initialState"]["playerCards"] = hands[:3]
    with pytest.raises(RecordError, match="found hands of 4, 5, 5 cards"):
        replay(record)
    del record["deals"][0]["initialState"]["playerCards"]  # unknown hands: rebuilt
    assert replay(record).deals


@pytest.mark.parametrize("wrong", ["false", "no", 1, 0])
def test_is_alone_must_be_true_or_false(wrong: Any) -> None:
    record = _first_deal_record(2, _has_play)
    bidding = record["deals"][0]["phases"][0]
    bidding["isAlone"] = wrong
    with pytest.raises(RecordError, match="isAlone must be true or false"):
        replay(record)


def test_a_deal_number_written_as_a_whole_float_is_read_as_the_number() -> None:
    """``0.0``, as some JSON writers put 0, was refused as no whole number; ``0.5`` still is."""
    record = export_egn(_random_game("standard", 4))
    for i, deal in enumerate(record["deals"]):
        deal["dealNumber"] = float(i)
    assert replay(load_egn(json.dumps(record))).deals
    record["deals"][0]["dealNumber"] = 0.5
    with pytest.raises(RecordError, match="dealNumber"):
        load_egn(json.dumps(record))


def test_replay_cli_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.egn"
    good.write_text(json.dumps(export_egn(_random_game("standard", 4))))
    code, out = replay_cli(str(good))
    assert code == 0 and "score" in json.loads(out)
    bad = _first_deal_record(3, lambda d: True)
    bad["deals"][0]["phases"] = [
        {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8}
    ]
    illegal = tmp_path / "illegal.egn"
    illegal.write_text(json.dumps(bad))
    code, out = replay_cli(str(illegal))
    assert code == 1 and json.loads(out)["deal"] == 0
    garbage = tmp_path / "garbage.egn"
    garbage.write_text("hello")
    code, out = replay_cli(str(garbage))
    assert code == 2 and "not valid JSON" in out
    deep = tmp_path / "deep.egn"  # a RecursionError's traceback and exit 1, before
    deep.write_text("[" * 100_000 + "]" * 100_000)
    code, out = replay_cli(str(deep))
    assert code == 2 and "too deeply" in out and len(out.splitlines()) == 1, out
    code, out = replay_cli(str(tmp_path / "missing.egn"))
    assert code == 2 and "cannot read" in out and "Errno" not in out
    unicode = tmp_path / "notepad-unicode.egn"  # UTF-16 with its byte order mark
    unicode.write_bytes((EXAMPLES / "Six_Points_in_Two_Hands.egn").read_text().encode("utf-16"))
    code, out = replay_cli(str(unicode))
    assert code == 0 and json.loads(out)["score"] == [10, 9]
    latin1 = tmp_path / "latin1.egn"
    latin1.write_bytes(b'{"fileType": "caf\xe9"}')
    code, out = replay_cli(str(latin1))
    assert code == 2 and "not text in UTF-8" in out and "codec" not in out, out


def test_replay_command_reads_stdin() -> None:
    text = (EXAMPLES / "Six_Points_in_Two_Hands.egn").read_text()
    done = subprocess.run(
        [sys.executable, "-m", "euchre", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == [10, 9]


# ---------------------------------------------------------------- data past the game


def test_a_trick_after_the_deal_ended_is_refused() -> None:
    """With playerCards the engine stops at the deal's end: a sixth trick must not be
    dropped unread."""
    record = _first_deal_record(5, _has_play)
    extra = _tricks(record["deals"][0])[0][:]
    _tricks(record["deals"][0]).append(extra)
    error = _replay_error(record)
    assert error.deal == 0
    assert f"{len(extra)} more: {' '.join(extra)}" in error.rule


@pytest.mark.parametrize("extra", [["9d", "Td", "Qd", "Kd"], ["9d"]])
def test_a_trick_past_the_end_holding_the_unnamed_discard_is_named_as_extra(
    extra: list[str],
) -> None:
    """The record names no discard and a sixth trick shows the dealer's: the replay
    inferred "pass" for the discard and was refused for a seat and an action the record
    never had; it names the cards past the deal's end, as for any other extra trick."""
    record = json.loads((EXAMPLES / "Epic_Comeback.egn").read_text())
    deal = record["deals"][0]
    assert "discard" not in json.dumps(deal).lower()  # the case: the discard is inferred
    _tricks(deal).append(extra)
    error = _replay_error(record)
    assert (error.deal, error.seat, error.action) == (0, None, "")
    assert error.rule == (
        f"the deal was over after 20 cards played, but the record has {len(extra)} more: "
        + " ".join(extra)
    )


def test_a_sixth_trick_of_unseen_cards_is_refused_without_player_cards() -> None:
    """Rebuilt hands hold five cards: a sixth trick is refused as cards left over, not
    put into a sixth card of a hand."""
    record = _first_deal_record(5, lambda d: _has_play(d) and len(_tricks(d)) == 5)
    deal = record["deals"][0]
    del deal["initialState"]["playerCards"]
    shown = {c for t in _tricks(deal) for c in t} | {deal["initialState"]["upCard"]}
    unseen = [card_text(c) for c in make_deck(2, False) if card_text(c) not in shown]
    _tricks(deal).append(unseen[:2])
    error = _replay_error(record)
    assert error.deal == 0
    assert f"the record has 2 more: {unseen[0]} {unseen[1]}" in error.rule


def test_a_pick_up_the_play_contradicts_is_refused_without_player_cards() -> None:
    """The dealer discarded one card and never played the turn-up: with six cards of the
    dealer's own the record is refused, naming them, rather than failing to deal."""

    def wanted(deal: dict[str, Any]) -> bool:
        full = _has_play(deal) and all(len(t) == 4 for t in _tricks(deal))
        return full and "discard" in deal["phases"][0]

    record = _first_deal_record(5, wanted)
    deal = record["deals"][0]
    del deal["initialState"]["playerCards"]
    shown = {c for t in _tricks(deal) for c in t} | {deal["initialState"]["upCard"]}
    unseen = [card_text(c) for c in make_deck(2, False) if card_text(c) not in shown]
    deal["initialState"]["upCard"] = next(c for c in unseen if c != deal["phases"][0]["discard"])
    error = _replay_error(record)
    assert error.deal == deal["dealNumber"]
    assert "with more than five cards of its own" in error.rule


def test_calls_after_the_bidding_ended_are_refused() -> None:
    record = _first_deal_record(5, _has_play)
    record["deals"][0]["phases"][0]["calls"] += ["Pass", "h"]
    for with_cards in (True, False):
        if not with_cards:
            del record["deals"][0]["initialState"]["playerCards"]
        error = _replay_error(record)
        assert error.deal == 0
        assert "the record has 2 more: Pass, h" in error.rule


def test_a_second_trick_play_phase_is_refused() -> None:
    record = _first_deal_record(5, _has_play)
    phases = record["deals"][0]["phases"]
    phases.append(copy.deepcopy(phases[-1]))
    with pytest.raises(RecordError, match="deal 0: a second TRICK_PLAY phase"):
        replay(record)


def test_a_final_score_the_deals_do_not_add_up_to_is_refused() -> None:
    state = _random_game("standard", 4)
    record = export_egn(state)
    assert replay(copy.deepcopy(record)).score == record["metadata"]["finalScore"]
    record["metadata"]["finalScore"] = [state.scores[0] - 1, state.scores[1]]
    error = _replay_error(record)
    stated, replayed = (
        "-".join(map(str, record["metadata"]["finalScore"])),
        "-".join(map(str, state.scores)),
    )
    assert f"metadata.finalScore is {stated}, but the deals score {replayed}" in error.rule
    assert error.deal == record["deals"][-1]["dealNumber"]
    record["metadata"]["finalScore"] = [-5, 3]  # "-5-3" read as a sum
    assert "metadata.finalScore is [-5, 3], but" in _replay_error(record).rule


@pytest.mark.parametrize(
    ("rules", "named"),
    [
        ({"std": False, "stick_the_dealer": True}, '"std" is false and "stick_the_dealer" is true'),
        ({"winning_score": 5, "target": 7}, '"winning_score" is 5 and "target" is 7'),
    ],
)
def test_a_rule_given_under_both_names_with_two_values_is_refused(
    rules: dict[str, Any], named: str
) -> None:
    record = _first_deal_record(2, _has_play)
    record["metadata"]["ruleset"].update(rules)
    with pytest.raises(RecordError, match=named):
        replay(record)


def test_a_rule_given_under_both_names_with_one_value_is_read() -> None:
    record = _first_deal_record(2, _has_play)
    record["metadata"]["ruleset"].update({"std": False, "stick_the_dealer": False})
    assert replay(record).variant.stick_the_dealer is False


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("std", "yes", 'ruleset "std" must be true or false in JSON, found "yes"'),
        ("std", "no", 'ruleset "std" must be true or false in JSON, found "no"'),
        ("canadian", 1, 'ruleset "canadian" must be true or false'),
        ("winning_score", "10", 'ruleset "winning_score" must be a whole number'),
        ("target", True, 'ruleset "target" must be a whole number'),
        ("loner_lead", 3, 'ruleset "loner_lead" must be a string'),
    ],
)
def test_ruleset_values_must_have_their_json_type(key: str, value: Any, words: str) -> None:
    record = _first_deal_record(2, _has_play)
    record["metadata"]["ruleset"][key] = value
    with pytest.raises(RecordError, match=words):
        replay(record)
