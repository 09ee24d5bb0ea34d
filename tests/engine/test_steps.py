"""Steps: every applied action returns an immutable record of what happened, the deal's log
is the list of them, and ``Step.seen_by`` is the one rule of who may see what."""

from __future__ import annotations

import dataclasses
import random

import pytest

from euchre.engine import GameState, IllegalActionError, preset
from euchre.engine import actions as A
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import CARD_TEXT, parse_card
from euchre.engine.deal import deck_from_hands
from euchre.engine.phases import Phase
from euchre.engine.rules import trick_winner_index
from euchre.engine.steps import Outcome, Step, Trick, new_step, new_trick, seen_history
from euchre.engine.variants import PRESETS

RULE_SETS = {
    **{name: preset(name) for name in PRESETS},
    "defend-best": preset("standard", defend_alone=True, call_for_best=True),
    "under-farmers": preset("standard", go_under="mixed", farmers_hand=True),
    "forfeit": preset("standard", stuck_dealer_may_forfeit=True, no_trump=True),
    "partner-alone": preset("standard", maker_partner_may_go_alone=True),
    "throw-ins": preset("classic", throw_in_hands="nines_tens"),
}


def _cards(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def _random_game(name: str, seed: int) -> tuple[GameState, list[tuple[Step, int]]]:
    """A game to its end; each step returned with the number of the deal it belongs to."""
    state = GameState(RULE_SETS[name], seed=seed)
    chooser = random.Random(seed)
    steps = []
    while not state.game_over:
        legal = state.legal_actions()
        deal = state.record.number
        choice = "pass" if "pass" in legal and chooser.random() < 0.5 else chooser.choice(legal)
        steps.append((state.apply(choice), deal))
    return state, steps


def test_an_action_is_one_value_with_its_id_and_its_text() -> None:
    for text in ("pass", "order alone", "call h alone", "call n", "play Jd", "give 9s"):
        action = Action.parse(text)
        assert action.text == text and Action.of(action.id) is action
        assert A.parse_action(text) == action.id
    assert Action.parse("  PLAY   jd ").text == "play Jd"
    played = Action.parse("play Jd")
    assert played.kind == ActionKind.PLAY and played.card == parse_card("Jd")
    called = Action.parse("call h alone")
    assert (called.kind, called.suit, called.alone, called.makes_trump) == (
        ActionKind.CALL,
        3,
        True,
        True,
    )
    under = Action.parse("under 9c 9d 9h")
    assert under.kind == ActionKind.UNDER and under.shown == tuple(_cards("9c 9d 9h"))
    with pytest.raises(A.ActionError, match="is not an action"):
        Action.parse("play")


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("fly", ""),
        ("play ZZ", " ('ZZ' is not a card)"),
        ("play", " (play takes one card, e.g. play Jd)"),
        ("call x", " ('x' is not a suit: c, d, h or s (n for no trump, where the rules allow it))"),
        ("under 9c 9d Zz", " ('Zz' is not a card)"),
    ],
)
def test_text_that_is_no_action_is_refused_with_the_legal_actions(text: str, wrong: str) -> None:
    state = GameState(preset("standard"), seed=1, dealer=1)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(text, seat=2)
    assert str(refused.value) == (
        f"{text!r} is not an action{wrong}: now (bidding round 1) seat 2 may pass, order "
        "or order alone"
    )
    assert refused.value.legal == ["pass", "order", "order alone"]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_log_holds_exactly_the_steps_apply_returned(name: str) -> None:
    for seed in (1, 2):
        state, steps = _random_game(name, seed)
        logged = [(step, deal.number) for deal in state.deals for step in deal.steps]
        assert logged == steps
        assert state.log == state.record.steps
        for step, _ in steps:
            with pytest.raises(dataclasses.FrozenInstanceError):
                step.seat = 0  # type: ignore[misc]


def test_the_engines_quicker_makers_make_the_same_frozen_objects() -> None:
    trick = new_trick(1, bytes((1, 2, 3, 0)), bytes(_cards("9c Tc Jc Qc")), 0)
    assert type(trick) is Trick and trick == Trick(1, bytes((1, 2, 3, 0)), trick.cards, 0)
    action = Action.parse("play Qc")
    step = new_step(0, action, Phase.PLAY, trick, None, None)
    assert type(step) is Step and step == Step(0, action, Phase.PLAY, trick)
    assert hash(step) == hash(Step(0, action, Phase.PLAY, trick)) and repr(step).startswith("Step(")
    with pytest.raises(dataclasses.FrozenInstanceError):
        trick.number = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.seat = 1  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_completed_trick_names_its_cards_and_winner(name: str) -> None:
    state, _ = _random_game(name, 3)
    variant = state.variant
    for deal in state.deals:
        plays = [s for s in deal.steps if s.phase == Phase.PLAY]
        tricks = [s.trick for s in plays if s.trick is not None]
        if deal.outcome == Outcome.SCORED:
            assert [t.number for t in tricks] == [1, 2, 3, 4, 5]
        size = len(tricks[0].cards) if tricks else variant.players
        assert len(plays) == size * len(tricks)
        for k, trick in enumerate(tricks):
            group = plays[k * size : (k + 1) * size]
            assert trick.plays == tuple((s.seat, s.action.card) for s in group)
            assert group[-1].trick is trick and all(s.trick is None for s in group[:-1])
            assert deal.trump is not None
            index = trick_winner_index(list(trick.cards), deal.trump)
            assert trick.winner == trick.seats[index]
            assert trick.winning_card == trick.cards[index]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_contract_is_announced_when_made_or_changed(name: str) -> None:
    state, _ = _random_game(name, 4)
    for deal in state.deals:
        contracts = [s.contract for s in deal.steps if s.contract is not None]
        if deal.maker is None:
            assert contracts == []
            continue
        assert contracts[-1] == deal.contract
        first = next(s for s in deal.steps if s.contract is not None)
        assert first.action.makes_trump and first.contract is not None
        assert first.contract.maker == first.seat


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_step_that_ends_a_deal_carries_its_result(name: str) -> None:
    state, steps = _random_game(name, 5)
    enders = [step for step, _ in steps if step.end is not None]
    acted = [d for d in state.deals if d.steps]
    assert len(enders) == len(acted)
    for deal, step in zip(acted, enders, strict=True):
        assert deal.steps[-1] is step
        assert step.end is not None and step.end.deals[0] is deal.result
        redealt = step.end.deals[1:]
        assert all(d.outcome == Outcome.FARMERS for d in redealt)
        following = state.deals[deal.number + 1 :][: len(redealt)]
        assert [d.result for d in following] == list(redealt)
        if step.end.game_over is None:
            assert step.end.next_dealer == state.deals[deal.number + 1 + len(redealt)].dealer
    last = enders[-1]
    assert last.game_over is not None and last.end is not None and last.end.next_dealer is None
    assert (last.game_over.winner, last.game_over.scores) == (state.winner, tuple(state.scores))


def test_a_farmers_hand_redealt_after_an_action_is_in_that_actions_step() -> None:
    hands = [
        _cards("Ac Kc Qc Jc Ad"),
        _cards("Kd Qd Jd Td Ah"),
        _cards("Kh Qh Jh Th As"),
        _cards("9c Tc 9d 9h 9s"),  # four or more 9s and 10s: a farmer's hand
    ]
    voided = deck_from_hands(hands, 0, parse_card("Ks"), _cards("Qs Js Ts"))
    first = GameState(preset("standard"), dealer=3, seed=3).deals[0].deck
    ordinary = GameState(preset("standard"), dealer=0, seed=4).deals[0].deck
    variant = preset("standard", farmers_hand=True)
    decks = [list(first), voided, list(ordinary)]
    state = GameState(variant, dealer=3, decks=decks)
    assert state.deals[0].outcome is None, "the first deck must be playable"
    chooser = random.Random(1)
    step = state.apply(chooser.choice(state.legal_actions()))
    while state.record.number == 0:
        step = state.apply(chooser.choice(state.legal_actions()))
    assert step.end is not None
    ended, *redealt = step.end.deals
    assert ended.number == 0 and ended.outcome == Outcome.SCORED
    assert [(d.number, d.outcome, d.points) for d in redealt] == [(1, Outcome.FARMERS, (0, 0))]
    assert ended.farmers == () and redealt[0].farmers == (3,)  # the seat that held it
    assert step.end.next_dealer == state.dealer == redealt[0].dealer == 0
    assert state.record.number == 2 and state.log == ()


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_seen_by_hides_discards_and_gifts_and_nothing_else(name: str) -> None:
    state, steps = _random_game(name, 6)
    viewers: list[int | None] = [None, *range(state.variant.players)]
    for step, _ in steps:
        for viewer in viewers:
            seen = step.seen_by(viewer)
            action = step.action
            hide = (
                action.card is not None
                and viewer != step.seat
                and (
                    action.kind == ActionKind.DISCARD
                    or (action.kind == ActionKind.GIVE and viewer != (step.seat + 2) % 4)
                )
            )
            if hide:
                assert seen.action.hidden and seen.action.card is None
                assert seen.action.text == action.text.split()[0]
                assert dataclasses.replace(seen, action=action) == step
            else:
                assert seen is step


def test_seen_by_for_every_viewer_of_a_discard_and_a_gift() -> None:
    discard = Step(0, Action.of(A.discard_id(5)), Phase.DEALER_DISCARD)
    give = Step(1, Action.of(A.give_id(5)), Phase.GIVE_BEST)
    play = Step(2, Action.of(A.play_id(5)), Phase.PLAY)
    assert discard.seen_by(0).action.text == "discard " + CARD_TEXT[5]
    assert [discard.seen_by(v).action.text for v in (1, 2, 3, None)] == ["discard"] * 4
    assert [give.seen_by(v).action.text for v in (1, 3)] == ["give " + CARD_TEXT[5]] * 2
    assert [give.seen_by(v).action.text for v in (0, 2, None)] == ["give"] * 3
    assert all(play.seen_by(v) is play for v in (0, 1, 2, 3, None))
    history = [(0, A.discard_id(5)), (1, A.give_id(5)), (2, A.play_id(5))]
    assert seen_history(history, 3) == (
        (0, A.HIDDEN_DISCARD),
        (1, A.give_id(5)),
        (2, A.play_id(5)),
    )


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_view_history_is_the_log_as_its_seat_sees_it(name: str) -> None:
    state = GameState(RULE_SETS[name], seed=7)
    chooser = random.Random(7)
    while not state.game_over:
        for viewer in [None, *range(state.variant.players)]:
            expected = tuple((s.seat, s.seen_by(viewer).action.id) for s in state.log)
            assert state.view(viewer).history == expected
        state.apply(chooser.choice(state.legal_actions()))
