"""The replay answer: compact (hands once per deal, each step once) yet complete: a client
that follows the steps as docs/protocol.md says sees exactly what the engine saw, in every
preset and in the rules that move cards between hands; and its size is bounded."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from act_helpers import act_problems
from replay_helpers import follow

from euchre.engine import GameState, Variant, preset
from euchre.engine.cards import CARD_TEXT, TRUMP_LETTERS, card_list
from euchre.engine.deal import DealRecord
from euchre.engine.records import export_egn
from euchre.engine.rules import display_sorted
from euchre.engine.steps import Contract
from euchre.server.api_models import Replay, ReplayNews
from euchre.server.replay_job import compute
from euchre.server.replays import replay_data

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
BOUND = 3.0  # the answer of a record holding its deals, against the record (compact JSON),
# leaving out the table of action objects: one per distinct action, whatever the game's length
BOUND_WITHOUT_HANDS = 3.5  # a record without playerCards: the answer adds the hands

VARIANTS = {
    "standard": preset("standard"),
    "british": preset("british"),
    "cutthroat": preset("cutthroat"),
    "two-player": preset("two-player"),
    "moving cards": preset(
        "standard", call_for_best=True, defend_alone=True, go_under="mixed", farmers_hand=True
    ),
}


def random_game(variant: Variant, seed: int) -> GameState:
    rng = random.Random(seed)
    state = GameState(variant, dealer=seed % variant.players, seed=seed)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def compact(record: dict[str, Any]) -> bytes:
    return json.dumps(record, separators=(",", ":")).encode()


@pytest.mark.parametrize("name", VARIANTS)
def test_following_the_steps_shows_what_the_engine_saw(name: str) -> None:
    variant = VARIANTS[name]
    for seed in range(4):
        game = random_game(variant, seed)
        answer = replay_data(export_egn(game))
        assert answer["hands_known"] is True
        assert len(answer["deals"]) == len(game.deals)
        for deal, record in zip(answer["deals"], game.deals, strict=True):
            check_deal(variant, deal, record, answer["acts"])


def check_deal(
    variant: Variant, deal: dict[str, Any], record: DealRecord, acts: dict[str, Any]
) -> None:
    """Every step of the answer against the game's own log, played again on its deck."""
    state = GameState(variant, dealer=record.dealer, scores=list(record.scores_before),
                      decks=[list(record.deck)])  # fmt: skip
    assert deal["hands"] == [_shown(h, 4) for h in record.hands(variant.players)]
    assert len(deal["steps"]) == len(record.steps)
    contract: Contract | None = None  # the latest the log's steps made
    for (seat, action, seen), step in zip(follow(deal, acts), record.steps, strict=True):
        assert (seat, action) == (step.seat, step.action.text)
        done = state.apply(action, seat=seat)
        assert seen.phase == step.phase.name.lower()
        if done.trick is not None:
            assert seen.trick_winner == done.trick.winner
            assert seen.trick == [(s, CARD_TEXT[c]) for s, c in done.trick.plays]
        if step.end is not None:
            break  # the state is the next deal's
        assert seen.hands == [_shown(card_list(m), state.trump) for m in state.hands]
        assert seen.tricks_won == state.tricks_won
        assert seen.upcard == state.upcard_state
        assert seen.sitting_out == [s for s in range(state.n) if not state.active >> s & 1]
        if step.contract is not None:
            contract = step.contract
        if contract is None:
            assert seen.contract is None
        else:
            assert seen.contract is not None
            assert (seen.contract["maker"], seen.contract["trump"], seen.contract["alone"]) == (
                contract.maker,
                TRUMP_LETTERS[contract.trump],
                contract.alone,
            )
    if record.steps and record.steps[-1].deal_over is not None:
        summary = record.steps[-1].deal_over
        assert deal["result"]["points"] == list(summary.points)
        assert deal["result"]["score"] == list(summary.scores)


def _shown(cards: list[int], trump: int) -> list[str]:
    return [CARD_TEXT[c] for c in display_sorted(cards, trump)]


def test_every_hand_stays_face_up_to_the_last_card() -> None:
    answer = replay_data(export_egn(random_game(preset("standard"), 7)))
    for deal in answer["deals"]:
        held = sum(len(h) for h in deal["hands"])
        assert held == 20 and len(deal["kitty"]) == 4 - 1  # the turn-up is not in the kitty
        played = 0
        for _seat, action, seen in follow(deal, answer["acts"]):
            played += action.startswith("play ")
            # The dealer's pick-up and discard, and a partner sitting out, keep the count.
            assert sum(len(h) for h in seen.hands) + played in (20, 21), (action, seen)


def without_acts(answer: bytes) -> int:
    """The answer's size without its table of action objects."""
    data = json.loads(answer)
    return len(answer) - len(b',"acts":') - len(compact(data["acts"]))


@pytest.mark.parametrize("name", VARIANTS)
def test_an_answer_is_at_most_three_times_its_record(name: str) -> None:
    for seed in range(3):
        record = compact(export_egn(random_game(VARIANTS[name], seed)))
        answer = compute(record, None, 500)
        size = without_acts(answer)
        assert size <= BOUND * len(record), (seed, size / len(record))


@pytest.mark.parametrize("name", VARIANTS)
def test_each_action_of_the_steps_has_its_object_once(name: str) -> None:
    answer = replay_data(export_egn(random_game(VARIANTS[name], 3)))
    texts = {step[1] for deal in answer["deals"] for step in deal["steps"]}
    assert set(answer["acts"]) == texts  # every action the steps name, and no other
    for text, act in answer["acts"].items():
        assert act_problems(text, act) == []  # face up: every card is given


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.egn")), ids=lambda p: p.stem)
def test_a_record_without_hands_is_answered_within_its_bound(path: Path) -> None:
    record = json.loads(path.read_text())
    answer = compute(compact(record), None, 500)
    data = json.loads(answer)
    assert data["hands_known"] is ("playerCards" in record["deals"][0]["initialState"])
    bound = BOUND if data["hands_known"] else BOUND_WITHOUT_HANDS
    assert without_acts(answer) <= bound * len(compact(record))
    assert set(data["acts"]) == {step[1] for deal in data["deals"] for step in deal["steps"]}
    if not data["hands_known"]:
        assert all(d["kitty"] is None for d in data["deals"])  # made up: not given


def test_the_answer_is_what_the_api_documents() -> None:
    answer = json.loads(
        compute(compact(export_egn(random_game(VARIANTS["moving cards"], 1))), None, 500)
    )
    Replay.model_validate(answer)  # the model the OpenAPI document is made from
    # every field but the asker's seat, which the endpoint adds for a player of the game
    assert set(answer) == set(Replay.model_fields) - {"you"}
    documented = set(ReplayNews.model_fields)
    for deal in answer["deals"]:
        for step in deal["steps"]:
            assert len(step) in (2, 3) and (len(step) == 2 or set(step[2]) <= documented)
