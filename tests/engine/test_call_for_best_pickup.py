"""Option call_for_best_dealer_picks_up (docs/rules.md): the dealer, sitting out beside a
lone partner who calls for best after round 1, takes the turn-up and gives from six."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from scenario_helpers import (
    D,
    L,
    P,
    R,
    act,
    card,
    card_actions,
    cards,
    discard,
    hand_set,
    name_trump,
    new_game,
    order_up,
)

from euchre.engine import GameState, Phase, Variant, preset
from euchre.engine import actions as A
from euchre.engine.cards import card_list
from euchre.engine.observations import observation, view_from_observation
from euchre.engine.records import export_egn, replay, ruleset_of, variant_of
from euchre.engine.views import View

PICKUP = preset("standard", call_for_best=True, call_for_best_dealer_picks_up=True)
DEALER = "Ac As Ks Qd 9d"
PARTNER = "Jh Jd Ah Kh 9c"
UPCARD = "Th"


def _partner_alone(variant: Variant = PICKUP) -> GameState:
    """P orders the turn-up alone; P is now offered to call for best."""
    state = new_game({D: DEALER, P: PARTNER}, variant=variant, upcard=UPCARD)
    order_up(state, P, alone=True)
    assert (state.phase, state.current_player) == (Phase.CALL_FOR_BEST, P)
    assert state.upcard_state == "out", "no pick-up before the call (docs/rules.md §2.8)"
    assert hand_set(state, D) == set(cards(DEALER))
    return state


def _deck_conserved(state: GameState) -> None:
    played = [c for s in state.log if s.trick is not None for c in s.trick.cards]
    held = [c for h in state.hands for c in card_list(h)] + card_list(state.kitty)
    held += played + state.trick
    assert sorted(held) == sorted(state.record.deck), "each card is in one place"


def test_the_dealer_takes_the_turn_up_and_gives_from_six() -> None:
    state = _partner_alone()
    act(state, P, "call for best")
    assert (state.phase, state.current_player) == (Phase.GIVE_BEST, D)
    assert state.upcard_state == "taken"
    assert hand_set(state, D) == set(cards(DEALER + " " + UPCARD))
    assert not state.kitty >> card(UPCARD) & 1
    assert set(state.legal_actions()) == set(card_actions("give", DEALER + " " + UPCARD))
    _deck_conserved(state)
    act(state, D, f"give {UPCARD}")
    assert (state.phase, state.current_player) == (Phase.BEST_DISCARD, P)
    assert hand_set(state, P) == set(cards(PARTNER + " " + UPCARD))
    assert set(state.legal_actions()) == set(card_actions("discard", PARTNER + " " + UPCARD))
    act(state, P, "discard 9c")
    # No dealer's discard: the dealer's five left sit out with the dealer.
    assert hand_set(state, D) == set(cards(DEALER))
    assert hand_set(state, P) == set(cards("Jh Jd Ah Kh Th"))
    assert state.kitty >> card("9c") & 1
    assert (state.phase, state.current_player) == (Phase.PLAY, L)
    assert not state.is_active(D)
    assert not any(s.phase == Phase.DEALER_DISCARD for s in state.log)
    _deck_conserved(state)


def test_the_lone_player_may_discard_the_turn_up() -> None:
    state = _partner_alone()
    act(state, P, "call for best")
    act(state, D, f"give {UPCARD}")
    act(state, P, f"discard {UPCARD}")
    assert state.kitty >> card(UPCARD) & 1 and state.phase == Phase.PLAY
    _deck_conserved(state)


def test_the_dealer_may_give_one_of_the_five_dealt() -> None:
    state = _partner_alone()
    act(state, P, "call for best")
    act(state, D, "give Ac")
    act(state, P, "discard 9c")
    assert hand_set(state, D) == set(cards("As Ks Qd 9d " + UPCARD))
    assert hand_set(state, P) == set(cards("Jh Jd Ah Kh Ac"))


def test_who_sees_the_card_given_and_the_discard() -> None:
    state = _partner_alone()
    act(state, P, "call for best")
    give = state.apply(f"give {UPCARD}", seat=D)
    lone_discard = state.apply("discard Jd", seat=P)
    assert give.seen_by(D).action.text == give.seen_by(P).action.text == f"give {UPCARD}"
    for viewer in (L, R, None):
        assert give.seen_by(viewer).action.id == A.HIDDEN_GIVE
        assert lone_discard.seen_by(viewer).action.id == A.HIDDEN_DISCARD
    assert lone_discard.seen_by(P).action.text == "discard Jd"
    assert lone_discard.seen_by(D).action.id == A.HIDDEN_DISCARD
    # Everyone sees the pick-up itself: the turn-up is no longer on the kitty.
    for viewer in (D, L, P, R, None):
        assert state.view(viewer).upcard_state == "taken"
    assert state.view(L).hand_sizes == (5, 5, 5, 5)


def test_views_and_observations_while_the_dealer_holds_six() -> None:
    state = _partner_alone()
    act(state, P, "call for best")
    for seat in (D, L, P, R, None):
        assert state.view(seat).hand_sizes[D] == 6
    view = state.view(D)
    assert len(view.hand) == 6 and card(UPCARD) in view.hand
    assert view_from_observation(observation(view)) == _as_rebuilt(view)
    act(state, D, f"give {UPCARD}")
    view = state.view(P)
    assert len(view.hand) == 6
    assert view_from_observation(observation(view)) == _as_rebuilt(view)


def _as_rebuilt(view: View) -> View:
    """What an observation carries back of a view (no deal number, winner, hand sizes)."""
    return dataclasses.replace(view, deal_number=0, winner=None, hand_sizes=())


def test_declining_the_call_leaves_the_turn_up_out() -> None:
    state = _partner_alone()
    act(state, P, "pass")
    assert state.upcard_state == "out" and state.kitty >> card(UPCARD) & 1
    assert hand_set(state, D) == set(cards(DEALER))
    assert state.phase == Phase.PLAY


def test_without_the_option_the_dealer_gives_from_the_five_dealt() -> None:
    state = _partner_alone(preset("standard", call_for_best=True))
    act(state, P, "call for best")
    assert state.upcard_state == "out"
    assert set(state.legal_actions()) == set(card_actions("give", DEALER))


def test_a_dealer_who_plays_picks_up_and_discards_as_usual() -> None:
    state = new_game({D: DEALER, P: PARTNER}, variant=PICKUP, upcard=UPCARD)
    order_up(state, L, alone=True)
    assert state.phase == Phase.DEALER_DISCARD
    discard(state, "9d")
    act(state, L, "call for best")
    assert state.current_player == R and len(state.legal_actions()) == 5


def test_no_pick_up_in_round_two() -> None:
    state = new_game({D: DEALER, P: PARTNER}, variant=PICKUP, avoid_suit=3)
    name_trump(state, P, "h", alone=True)
    act(state, P, "call for best")
    assert state.upcard_state == "down"
    assert set(state.legal_actions()) == set(card_actions("give", DEALER))


def test_the_rule_set_round_trips_under_the_projects_own_name() -> None:
    ruleset = ruleset_of(PICKUP)
    assert ruleset["partners_best"] is True
    assert ruleset["call_for_best_dealer_picks_up"] is True
    assert variant_of(ruleset).replace(dealer_may_discard_upcard=False) == PICKUP


def test_a_record_with_the_turn_up_given_replays() -> None:
    state = _partner_alone()
    act(state, P, "call for best")
    act(state, D, f"give {UPCARD}")
    act(state, P, "discard 9c")
    rng = random.Random(5)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(export_egn(state)))
    bidding = record["deals"][0]["phases"][0]
    assert bidding["cardExchanges"] == [{"sender": D, "receiver": P, "cards": [UPCARD]}]
    assert "discard" not in bidding
    result = replay(record)
    assert [d.points for d in result.deals] == [list(d.points) for d in state.deals]
    assert result.score == state.scores and result.variant.call_for_best_dealer_picks_up
    # Without the option the same record is refused: the dealer never held the turn-up.
    del record["metadata"]["ruleset"]["call_for_best_dealer_picks_up"]
    with pytest.raises(ValueError, match="give Th"):
        replay(record)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_with_the_option_keep_every_card_once(seed: int) -> None:
    """Random play with canadian_loner (P's order is always alone) meets the pick-up often:
    the dealer holds six only while giving, every card is in one place, and the game
    exports and replays to the same scores."""
    variant = PICKUP.replace(canadian_loner=True, defend_alone=seed % 2 == 1)
    state = GameState(variant, seed=seed)
    rng = random.Random(seed)
    while not state.game_over:
        _deck_conserved(state)
        for seat in range(4):
            size = state.hands[seat].bit_count()
            giving = state.phase == Phase.GIVE_BEST and seat == state.turn == state.dealer
            discarding = state.phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD)
            assert size <= 5 or (size == 6 and (giving or discarding) and seat == state.turn)
        legal = state.legal_actions()
        state.apply("call for best" if "call for best" in legal else rng.choice(legal))
    result = replay(json.loads(json.dumps(export_egn(state))))
    assert result.score == state.scores and not result.warnings
