"""The Euchre rules engine (standard library only).

Start a game with ``GameState(preset("standard"), seed=1)``; ask ``legal_actions()``,
``apply("order")`` and read ``view(seat)`` for what a seat may know.
"""

from .actions import ActionError, action_text, parse_action
from .cards import CardError, card_text, parse_card
from .match import Match, plays_match
from .phases import Phase
from .rules import display_sorted, effective_suit, legal_mask, trick_winner_index
from .state import GameState, IllegalActionError
from .variants import PRESETS, GoUnder, JokerUpcard, LonerLead, Variant, VariantError, preset

__all__ = [
    "PRESETS",
    "ActionError",
    "CardError",
    "GameState",
    "GoUnder",
    "IllegalActionError",
    "JokerUpcard",
    "LonerLead",
    "Match",
    "Phase",
    "Variant",
    "VariantError",
    "action_text",
    "card_text",
    "display_sorted",
    "effective_suit",
    "legal_mask",
    "parse_action",
    "parse_card",
    "plays_match",
    "preset",
    "trick_winner_index",
]
