"""A match: games played one after another under the same rules (docs/rules.md #laps,
#slam, #rubber).

Three options make a table's games belong together:

- ``laps``: the winner's points above the target start the next game;
- ``slam``: a game won before the opponents scored is credited as two games;
- ``rubber``: the first side credited with two games wins the rubber (best of three) and
  gets a bonus of 2 in the match's tally; the game after that starts a new match.

A side is a team in partnership games and a player in two- and three-player games (the
index into ``GameState.scores``). A :class:`Match` is a plain value: the games before the
one being played, made from the finished games with :meth:`Match.after`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .variants import Variant

RUBBER_GAMES = 2  # games that win a rubber: best of three
RUBBER_BONUS = 2  # added to the rubber winner's tally
SLAM_GAMES = 2  # games a slam is credited as


def plays_match(variant: Variant) -> bool:
    """Whether a table under these rules plays a match rather than single games."""
    return variant.laps or variant.slam or variant.rubber


def carried_scores(variant: Variant, scores: Sequence[int], winner: int) -> tuple[int, ...]:
    """The scores the next game starts from: with laps the winner's points above the
    target, everyone else 0 (without laps, all 0)."""
    carried = [0] * len(scores)
    if variant.laps:
        carried[winner] = max(0, scores[winner] - variant.target)
    return tuple(carried)


def games_credited(variant: Variant, scores: Sequence[int], winner: int) -> int:
    """The games a finished game counts for its winner: two for a slam (the winner
    reached the target while no opponent had scored), else one."""
    others = [score for side, score in enumerate(scores) if side != winner]
    reached = variant.target > 0 and scores[winner] >= variant.target
    slam = variant.slam and reached and all(score <= 0 for score in others)
    return SLAM_GAMES if slam else 1


@dataclass(frozen=True, slots=True)
class Match:
    """Where a match stands: the games credited to each side, the games played, the
    score the next game starts from, and the rubber's winner once it is decided."""

    games: tuple[int, ...]  # games credited to each side (a slam counts two)
    played: int = 0  # games finished in this match
    carried: tuple[int, ...] = ()  # the scores the next game starts from (laps)
    rubber_winner: int | None = None  # the side that won the rubber (rubber only)
    mcevoy_used: int = 0  # a bit a seat: it has thrown in its McEvoy hand (once a match)

    @classmethod
    def new(cls, variant: Variant) -> Match:
        """A match before its first game."""
        zeros = (0,) * variant.sides
        return cls(games=zeros, carried=zeros)

    @property
    def game_number(self) -> int:
        """The number of the next game (1 for the first)."""
        return self.played + 1

    @property
    def decided(self) -> bool:
        """Whether the rubber is won (a match without rubber never is)."""
        return self.rubber_winner is not None

    def tally(self) -> tuple[int, ...]:
        """Games credited per side, with the rubber bonus for the rubber's winner."""
        return tuple(
            games + (RUBBER_BONUS if side == self.rubber_winner else 0)
            for side, games in enumerate(self.games)
        )

    def after(
        self, variant: Variant, scores: Sequence[int], winner: int, mcevoy_used: int = 0
    ) -> Match:
        """The match once the next game has ended with ``scores``, won by ``winner``, and
        with the seats in ``mcevoy_used`` having thrown in their McEvoy hand (in it or
        before it)."""
        if self.decided:
            raise ValueError("the rubber is decided: a new match starts")
        games = list(self.games)
        games[winner] += games_credited(variant, scores, winner)
        won = variant.rubber and games[winner] >= RUBBER_GAMES
        return Match(
            games=tuple(games),
            played=self.played + 1,
            carried=(0,) * len(scores) if won else carried_scores(variant, scores, winner),
            rubber_winner=winner if won else None,
            mcevoy_used=self.mcevoy_used | mcevoy_used,
        )

    def following(self, variant: Variant) -> Match:
        """The match the next game belongs to: this one, or a new one once the rubber is
        decided."""
        return Match.new(variant) if self.decided else self
