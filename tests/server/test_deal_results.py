"""A deal's result as the server sends it (``deal_over``, ``redeals``, the score sheet):
a farmer's hand names the seats that held one (docs/protocol.md)."""

from __future__ import annotations

from euchre.engine import GameState, preset
from euchre.engine.cards import parse_card
from euchre.engine.deal import deck_from_hands
from euchre.server.render import summary_json
from euchre.server.table.rebuild import redeals


def _cards(text: str) -> list[int]:
    return [parse_card(card) for card in text.split()]


def test_a_farmers_hand_redealt_at_the_start_names_whose_it_was() -> None:
    hands = [
        _cards("Ac Kc Qc Jc Ad"),
        _cards("9c Tc 9d 9h 9s"),  # four or more 9s and 10s: a farmer's hand
        _cards("Kh Qh Jh Th As"),
        _cards("Kd Qd Jd Td Ah"),
    ]
    voided = deck_from_hands(hands, 0, parse_card("Ks"), _cards("Qs Js Ts"))
    ordinary = GameState(preset("standard"), dealer=0, seed=4).deals[0].deck
    state = GameState(preset("standard", farmers_hand=True), dealer=0, decks=[voided, ordinary])
    [told] = redeals(state)
    assert (told["outcome"], told["farmers"], told["dealer"]) == ("farmers", [1], 0)
    assert state.deals[1].result is None  # the deal dealt again is being played


def test_a_played_deal_has_no_farmers() -> None:
    state = GameState(preset("standard"), dealer=0, seed=2)
    while state.deals[0].result is None:
        state.apply(state.legal_actions()[0])
    told = summary_json(state.deals[0].result)
    assert told["outcome"] in ("scored", "throw-in") and "farmers" not in told
