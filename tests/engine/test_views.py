"""Views: what each seat is shown of actions taken in the open."""

from __future__ import annotations

from euchre.engine import GameState, action_text, parse_card, preset
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
