"""Per-player statistics of one finished game, counted from its deal records.

A hand counts for its maker (made, euchred, march, loner tried and made) and for every
seat of the defending side (a euchre as defender). Only scored deals count as hands:
throw-ins, redeals and misdeals have no maker. ``points`` are all the points the
player's side scored in the game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from euchre.engine import GameState, Variant
from euchre.engine.deal import DealRecord
from euchre.engine.steps import Outcome
from euchre.store.accounts import STAT_COLUMNS

MODES = {4: "partnership", 3: "cutthroat", 2: "two-player"}


def mode_of(variant: Variant) -> str:
    """The mode a game's ratings and statistics belong to: partnership, cutthroat, two-player."""
    return MODES[variant.players]


@dataclass(slots=True)
class SeatStats:
    """One seat's counts in one game."""

    side: int
    won: bool = False
    points: int = 0
    hands: int = 0  # scored deals played
    maker_hands: int = 0
    made: int = 0
    euchred: int = 0
    marches: int = 0
    loners_tried: int = 0
    loners_made: int = 0
    defender_euchres: int = 0

    def counts(self) -> dict[str, int]:
        found = asdict(self)
        return {name: int(found[name]) for name in STAT_COLUMNS}


def game_stats(state: GameState) -> list[SeatStats]:
    """Statistics of every seat of a game (finished or not: the deals played so far)."""
    seats = [SeatStats(side=state.side_of(s)) for s in range(state.variant.players)]
    for record in state.deals:
        for seat in seats:
            if record.points:
                seat.points += record.points[seat.side]
        if record.outcome == Outcome.SCORED and record.maker is not None:
            _count_deal(state, record, record.maker, seats)
    for seat in seats:
        seat.won = state.game_over and state.winner == seat.side
    return seats


def _count_deal(state: GameState, record: DealRecord, maker: int, seats: list[SeatStats]) -> None:
    maker_side = state.side_of(maker)
    made = record.points[maker_side] > 0
    euchred = any(p > 0 for side, p in enumerate(record.points) if side != maker_side)
    march = record.tricks[maker_side] == sum(record.tricks)
    for index, seat in enumerate(seats):
        seat.hands += 1
        if index == record.maker:
            seat.maker_hands += 1
            seat.made += made
            seat.euchred += euchred
            seat.marches += made and march
            seat.loners_tried += record.alone
            seat.loners_made += record.alone and made
        elif seat.side != maker_side and euchred:
            seat.defender_euchres += 1


__all__ = ["MODES", "SeatStats", "game_stats", "mode_of"]
