"""The phases of a deal."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    GO_UNDER = 1
    THROW_IN_CLAIM = 2
    JOKER_NAME = 3
    BID_R1 = 4
    TAKE_ALONE = 5
    BID_R2 = 6
    DEALER_DISCARD = 7
    DEFEND_ALONE = 8
    CALL_FOR_BEST = 9
    GIVE_BEST = 10
    BEST_DISCARD = 11
    PLAY = 12
    GAME_OVER = 13


PHASE_DESCRIPTIONS = {
    Phase.GO_UNDER: "the offer to go under (farmer's exchange)",
    Phase.THROW_IN_CLAIM: "the offer to throw in a weak hand",
    Phase.JOKER_NAME: "the dealer naming trump for the turned-up Joker",
    Phase.BID_R1: "bidding round 1",
    Phase.TAKE_ALONE: "the offer to take the hand alone",
    Phase.BID_R2: "bidding round 2",
    Phase.DEALER_DISCARD: "the dealer's discard",
    Phase.DEFEND_ALONE: "the offer to defend alone",
    Phase.CALL_FOR_BEST: "the offer to call for the partner's best card",
    Phase.GIVE_BEST: "the partner giving a card",
    Phase.BEST_DISCARD: "the lone player's discard",
    Phase.PLAY: "the play",
    Phase.GAME_OVER: "the end of the game",
}
