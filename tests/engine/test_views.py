"""Views: what each seat is shown of actions taken in the open."""

from __future__ import annotations

import random

import pytest

from euchre.engine import PRESETS, GameState, action_text, parse_card, preset
from euchre.engine.deal import deck_from_hands


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_each_go_under_claim_shows_its_own_cards_in_the_history() -> None:
    hands = [
        _cards("Ac Kc Qc Jc As"),  # dealer, seat 0
        _cards("9c 9d 9h Ad Kd"),  # L claims three nines
        _cards("Tc Td Th Ah Kh"),  # P claims three tens
        _cards("Qd Jd Qh Jh Ks"),
    ]
    deck = deck_from_hands(hands, 0, parse_card("Qs"), _cards("Js Ts 9s"))
    state = GameState(preset("standard", go_under="clean"), dealer=0, seed=1, decks=[deck])
    state.apply("under 9c 9d 9h", seat=1)
    view_before = state.view(3)
    assert view_before.history_texts() == [(1, "under 9c 9d 9h")]
    state.apply("under Tc Td Th", seat=2)
    voided = state.deals[0]
    assert voided.outcome == "misdeal"
    claims = [(seat, action_text(a)) for seat, a in voided.actions()]
    assert claims == [(1, "under 9c 9d 9h"), (2, "under Tc Td Th")]
    assert state.dealer == 0, "a misdeal is redealt by the same dealer"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_views_made_together_are_each_seats_own_view(name: str) -> None:
    """A table makes every seat's view of a moment at once: each must be exactly the view
    that seat gets alone (its hand, its legal actions, discards it may not see hidden)."""
    rng = random.Random(name)
    secrets_seen = 0
    for seed in range(4):
        state = GameState(preset(name), seed=seed)
        while not state.game_over:
            seats: list[int | None] = [None, *range(state.n)]
            rng.shuffle(seats)
            views = state.views(seats)
            assert views == [state.view(seat) for seat in seats]
            for seat, view in zip(seats, views, strict=True):
                shown = [(st.seat, st.seen_by(seat).action.id) for st in state.record.steps]
                assert list(view.history) == shown
            secrets_seen += any(step.action.secret for step in state.record.steps)
            state.apply(rng.choice(state.legal_actions()))
    assert secrets_seen > 0  # the games had discards to hide
