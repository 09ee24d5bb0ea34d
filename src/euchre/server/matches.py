"""A table's match (laps, slam, rubber: docs/rules.md #matches-laps-slam-rubber): stored
with the table's settings, read back after a restart, and shown in the table's info.

A table whose rules ask for a match keeps the :class:`Match` as it stood before its game
(a new one for a table opened from the lobby); "play again" opens the next table with
the match after this game, or a new match once the rubber is decided.
"""

from __future__ import annotations

from typing import Any

from euchre.engine import GameState, Match, Variant, plays_match
from euchre.engine.match import RUBBER_GAMES
from euchre.store import GameRow

STORED_KEY = "match"  # in the table's stored settings


def match_for(variant: Variant, match: Match | None) -> Match | None:
    """The match a new table under ``variant`` plays in: ``match`` when given, a new one
    when the rules ask for a match, else none."""
    if not plays_match(variant):
        return None
    return match if match is not None else Match.new(variant)


def stored_json(match: Match) -> dict[str, Any]:
    """The match before a table's game, as stored with the table's settings."""
    return {
        "games": list(match.games),
        "played": match.played,
        "carried": list(match.carried),
        "mcevoy_used": match.mcevoy_used,
    }


def from_stored(variant: Variant, raw: Any) -> Match | None:
    """The match a stored table plays in (a table stored without one: a new match, when its
    rules ask for one)."""
    if not plays_match(variant):
        return None
    if not isinstance(raw, dict):
        return Match.new(variant)
    return Match(
        games=tuple(int(x) for x in raw.get("games", ())) or (0,) * variant.sides,
        played=int(raw.get("played", 0)),
        carried=tuple(int(x) for x in raw.get("carried", ())) or (0,) * variant.sides,
        mcevoy_used=int(raw.get("mcevoy_used", 0)),
    )


def stored_match(variant: Variant, row: GameRow) -> Match | None:
    return from_stored(variant, row.settings.get(STORED_KEY))


def game_start(variant: Variant, row: GameRow) -> tuple[tuple[int, ...] | None, int]:
    """Where a stored table's game started: its scores (None: 0 each) and the seats that
    had thrown in their McEvoy hand in earlier games of its match (a bit a seat)."""
    match = stored_match(variant, row)
    return (None, 0) if match is None else (match.carried, match.mcevoy_used)


def after_game(variant: Variant, match: Match, state: GameState | None) -> Match:
    """The match once ``state``'s game is over (as it was before, while it is not)."""
    if state is None or not state.game_over or state.winner is None:
        return match
    return match.after(variant, state.scores, state.winner, state.mcevoy_used)


def info_json(variant: Variant, before: Match, state: GameState | None) -> dict[str, Any]:
    """The match as the table's info shows it: this table's game number, the score it
    started from, the games credited so far (this game's included once it is over), the
    tally, and for a rubber its length and, once decided, its winner."""
    now = after_game(variant, before, state)
    return {
        "game": before.game_number,
        "start": list(before.carried),
        "games": list(now.games),
        "tally": list(now.tally()),
        # every side one game short of the rubber, then one more game
        "best_of": variant.sides * (RUBBER_GAMES - 1) + 1 if variant.rubber else None,
        "decided": now.decided,
        "rubber_winner": now.rubber_winner,
        "laps": variant.laps,
        "slam": variant.slam,
    }
