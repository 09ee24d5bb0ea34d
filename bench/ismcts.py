"""Levels of this project against OpenSpiel's ISMCTS: duplicate games to 10, real score.

Each deal is played in OpenSpiel's ``euchre`` (Standard rules, stick the dealer; its
returns are the hand's points, zero-sum), and the hands are chained into games to 10 with
the dealer rotating: the driver keeps the score, and our bot sees it in its view, as at a
table. A unit is a duplicate pair of games dealt from one seed, our level in seats 0 and 2
and then in 1 and 3, so every deal is played by both sides (games end at different
deals, so the pair's hand counts may differ). Every level named in ``--levels`` plays the
same units, so the difference between them is paired by game. A fresh bot plays each
game and learns what it can within it.

OpenSpiel's seats are ``pyspiel.ISMCTSBot`` with a ``RandomRolloutEvaluator``, UCT
constant 2, ``--simulations`` (1,000) and the max-visit final policy. ISMCTS builds its
determinizations itself, from its own seat's information (OpenSpiel's
``ResampleFromInfostate``), and plays for the hand's points: it knows nothing of the
score. Our bot's seats see only their view: the driver replays the OpenSpiel history so
far into this project's engine and hands the bot ``state.view(seat)``.

OpenSpiel orders the steps differently from the engine: a call is made first and the
maker says "alone" or "partner" after the dealer's discard, and the dealer always picks
up after a first-round call. The driver folds the alone decision into the call when it
replays (our bot announces alone with its call, and the answer is kept for OpenSpiel's
later question); when an OpenSpiel maker partnered with the dealer goes alone, the
engine's dealer sits out without picking up (docs/rules.md T-29: the same play).

Reported per level: points per hand (our side's minus theirs) with its standard error
(each pair of games one sample) and 95% interval, games won, and who made trump: how many
hands each side called, what they scored on them, and what the same contracts would have
scored played double-dummy (every hand seen, from the first lead: how well the two sides
played the hands, and how many calls could not have been made); then each level's paired
difference from the first.

    .venv/bin/pip install -e '.[bench]'                 # open-spiel==2.0.2
    .venv/bin/python bench/ismcts.py --games 50 --levels hard,medium
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from dataclasses import dataclass
from typing import Any

import pyspiel

from euchre.bots import make_bot
from euchre.bots.base import Bot
from euchre.bots.knowledge import Knowledge
from euchre.bots.search import BID_MARGIN, SearchBot, result_points
from euchre.bots.solver import Solver
from euchre.bots.world import World
from euchre.engine import GameState, preset
from euchre.engine import actions as A
from euchre.engine.cards import card
from euchre.engine.deal import deck_from_hands
from euchre.engine.phases import Phase

PASS, CALL_BASE, ALONE, PARTNER = 24, 25, 29, 30
OS_SUITS = "cdhs"  # OpenSpiel's suit order for cards (id = rank * 4 + suit) and calls
ENGINE_SUIT = {"c": 0, "d": 1, "s": 2, "h": 3}


def engine_card(os_card: int) -> int:
    rank, suit = divmod(os_card, 4)
    return card(rank + 2, ENGINE_SUIT[OS_SUITS[suit]])


def os_card(c: int) -> int:
    suit, rank = divmod(c, 8)
    return (rank - 2) * 4 + OS_SUITS.index("cdsh"[suit])


@dataclass
class Deal:
    dealer: int
    order: list[int]  # the 21 OpenSpiel card ids as dealt (the last is the turn-up)


def hands_of(deal: Deal) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in range(4)]
    for k, c in enumerate(deal.order[:20]):
        hands[(deal.dealer + k) % 4].append(c)
    return hands


class Replay:
    """The engine's view of an OpenSpiel deal in progress."""

    def __init__(self, deal: Deal, scores: tuple[int, int] = (0, 0)) -> None:
        self.deal = deal
        self.scores = scores
        self.history: list[tuple[int, int]] = []  # (player, OpenSpiel action)
        self.alone: dict[int, bool] = {}  # maker -> announced alone

    def state(self) -> GameState:
        deal = self.deal
        hands = [[engine_card(c) for c in h] for h in hands_of(deal)]
        upcard = engine_card(deal.order[20])
        used = set(deal.order)
        rest = [engine_card(c) for c in range(24) if c not in used]
        deck = deck_from_hands(hands, deal.dealer, upcard, rest)
        game = GameState(
            preset("standard"), dealer=deal.dealer, decks=[deck], seed=1, scores=self.scores
        )
        maker = next((p for p, a in self.history if CALL_BASE <= a < ALONE), -1)
        alone = self.alone.get(maker, False)
        for player, action in self.history:
            text = self._engine_action(game, player, action, alone)
            if text is not None:
                game.apply(text, seat=player)
        return game

    @staticmethod
    def _engine_action(game: GameState, player: int, action: int, alone: bool) -> str | None:
        if action in (ALONE, PARTNER):
            return None
        if action == PASS:
            return "pass"
        if CALL_BASE <= action < ALONE:
            suit = "cdhs"[action - CALL_BASE]
            first_round = game.phase.name == "BID_R1"
            word = "order" if first_round else f"call {suit}"
            return word + (" alone" if alone else "")
        c = engine_card(action)
        if game.phase.name == "DEALER_DISCARD":
            return f"discard {card_text(c)}"
        if game.phase.name != "PLAY" or game.current_player != player:
            return None  # the dealer's discard while sitting out (partner alone)
        return f"play {card_text(c)}"


def card_text(c: int) -> str:
    from euchre.engine.cards import CARD_TEXT

    return CARD_TEXT[c]


def os_action(text: str, game: GameState) -> int:
    words = text.split()
    if words[0] == "pass":
        return PASS
    if words[0] == "order":
        up = game.upcard
        return CALL_BASE + OS_SUITS.index("cdsh"[up // 8])
    if words[0] == "call":
        return CALL_BASE + OS_SUITS.index(words[1])
    from euchre.engine.cards import parse_card

    return os_card(parse_card(words[1]))


@dataclass
class Opponent:
    """OpenSpiel's ISMCTS as the other side."""

    simulations: int
    uct: float = 2.0

    def bot(self, seed: int) -> Any:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        return pyspiel.ISMCTSBot(
            seed,
            evaluator,
            self.uct,
            self.simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )


@dataclass(frozen=True)
class Contract:
    """How one hand went: who made trump, and what perfect play of the hands would have
    given the makers (a measure of how well each side played them)."""

    ours: bool  # our side made trump
    alone: bool
    double_dummy: int  # the makers' tricks with every hand seen, from the first lead
    points: float  # our side's points minus theirs
    double_dummy_points: int  # the same, had the hand been played double-dummy


def contract_of(replay: Replay, ours: tuple[int, ...], points: float) -> Contract | None:
    """The hand's contract, its makers' double-dummy tricks taken at the first lead (None:
    no one made trump)."""
    history = replay.history
    for k in range(len(history) + 1):
        prefix = Replay(replay.deal, replay.scores)
        prefix.history, prefix.alone = history[:k], replay.alone
        game = prefix.state()
        if game.phase != Phase.PLAY or game.maker_seat is None:
            continue
        maker = game.maker_seat
        makers = sum(1 << s for s in range(4) if (s - maker) % 2 == 0)
        active = [s for s in range(4) if game.is_active(s)]
        leader = game.current_player
        assert leader is not None
        tricks = Solver(game.trump, active, makers, 4).tricks(game.hands, leader)
        by_side = result_points(game.variant, maker, game.alone, None, tricks)
        side = ours[0] % 2
        perfect = by_side[side] - by_side[1 - side]
        return Contract(maker % 2 == side, game.alone, tricks, points, perfect)
    return None


def play_deal(
    deal: Deal,
    ours: tuple[int, ...],
    bot: Bot,
    seed: int,
    opponent: Opponent,
    scores: tuple[int, int] = (0, 0),
) -> tuple[list[float], Contract | None]:
    """One OpenSpiel hand at the game score ``scores`` (by side, seat 0's first);
    returns the hand's points by seat, and its contract."""
    game = pyspiel.load_game("euchre")
    state = game.new_initial_state()
    state.apply_action(deal.dealer)
    for c in deal.order:
        state.apply_action(c)
    ismcts = opponent.bot(seed)
    replay = Replay(deal, scores)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if player in ours:
            action = _our_action(state, replay, player, bot, rng, legal)
        else:
            action = ismcts.step(state)
        if action in (ALONE, PARTNER):
            maker = next(p for p, a in replay.history if CALL_BASE <= a < ALONE)
            replay.alone[maker] = action == ALONE
        replay.history.append((player, action))
        state.apply_action(action)
    returns = list(state.returns())
    return returns, contract_of(replay, ours, returns[ours[0]])


def _our_action(
    state: Any, replay: Replay, player: int, bot: Bot, rng: random.Random, legal: list[int]
) -> int:
    if set(legal) == {ALONE, PARTNER}:
        return ALONE if replay.alone.get(player, False) else PARTNER
    game = replay.state()
    if game.current_player != player:
        # The engine skips this step (the dealer sits out): any legal card will do.
        return legal[0]
    if isinstance(bot, Oracle):
        bot.truth = true_world(game)
    text = bot.decide(game.view(player), rng)
    if text.endswith(" alone"):
        replay.alone[player] = True
    action = os_action(text, game)
    if action not in legal:
        raise RuntimeError(f"mapped {text!r} to {action}, not legal in OpenSpiel: {legal}")
    return action


class Oracle(SearchBot):
    """A ceiling, not a fair player: ``hard``'s search run on the real deal instead of
    sampled ones. It bids by simulating every legal bid on the real hands (the rest of
    the bidding by ``medium``, the play solved double-dummy) and plays and discards
    double-dummy on the real hands (``--levels oracle``). ``oracle-bids`` sees the real
    deal only to bid and discard and plays as ``hard``; ``oracle-play`` bids and discards
    as ``hard`` and sees the real deal only to play: together they split the ceiling
    between the bidding and the play."""

    def __init__(self, bids: bool = True, play: bool = True) -> None:
        super().__init__(bid_margin=math.inf if bids else BID_MARGIN, adapt=not (bids and play))
        self.sees_bids, self.sees_play = bids, play
        self.truth: World | None = None

    def _worlds(
        self, know: Knowledge, rng: random.Random, count: int, deadline: float | None
    ) -> list[World]:
        playing = know.view.phase == Phase.PLAY
        if (self.sees_play if playing else self.sees_bids) and self.truth is not None:
            return [self.truth]
        return super()._worlds(know, rng, count, deadline)


def true_world(game: GameState) -> World:
    """The real deal of ``game``: every hand, and the cards neither held nor played."""
    held = 0
    for hand in game.hands:
        held |= hand
    played = 0
    for _, aid in game.view(0).history:
        if A.is_play(aid):
            played |= 1 << (aid - A.PLAY_BASE)
    deck = 0
    for c in range(24):
        deck |= 1 << engine_card(c)
    return World(tuple(game.hands), deck & ~held & ~played)


ORACLES = {
    "oracle": Oracle,
    "oracle-bids": lambda: Oracle(play=False),
    "oracle-play": lambda: Oracle(bids=False),
}


def make_level(level: str) -> Bot:
    oracle = ORACLES.get(level)
    return oracle() if oracle is not None else make_bot(level)


TARGET = 10
MAX_DEALS = 200


@dataclass
class GameResult:
    diff: float  # our side's points minus theirs, over the game's hands
    hands: int
    won: bool
    contracts: list[Contract]


def deal_at(seed: int, unit: int, number: int) -> Deal:
    """The ``number``-th deal of a unit's games (the same in both games of the pair)."""
    rng = random.Random(f"ismcts-games:{seed}:{unit}:{number}")
    cards = list(range(24))
    rng.shuffle(cards)
    first_dealer = random.Random(f"ismcts-games:{seed}:{unit}").randrange(4)
    return Deal((first_dealer + number) % 4, cards[:21])


def play_game(
    seed: int, unit: int, ours: tuple[int, ...], level: str, opponent: Opponent
) -> GameResult:
    """One game to 10 points with the real score: ``level`` (a fresh bot, which learns
    within the game) in the seats ``ours`` against ISMCTS."""
    bot = make_level(level)
    side = ours[0] % 2
    scores = [0, 0]
    diff = 0.0
    number = 0
    contracts = []
    while max(scores) < TARGET and number < MAX_DEALS:
        deal = deal_at(seed, unit, number)
        hand_seed = random.Random(f"ismcts-hand:{seed}:{unit}:{side}:{number}").getrandbits(31)
        returns, contract = play_deal(deal, ours, bot, hand_seed, opponent, (scores[0], scores[1]))
        if contract is not None:
            contracts.append(contract)
        for team in (0, 1):
            scores[team] += int(max(0.0, returns[team]))
        # OpenSpiel's returns are zero-sum: the makers' points for one side, the same
        # negated for the other, so our seat's return is already ours minus theirs.
        diff += returns[ours[0]]
        number += 1
    return GameResult(diff, number, scores[side] > scores[1 - side], contracts)


Row = tuple[float, int, int]  # a unit's points diff, hands and games won


def _unit(args: tuple[int, int, tuple[str, ...], int]) -> list[tuple[Row, list[Contract]]]:
    """A duplicate pair of games for each level: its row and its hands' contracts."""
    seed, unit, levels, simulations = args
    opponent = Opponent(simulations)
    out = []
    for level in levels:
        games = [play_game(seed, unit, ours, level, opponent) for ours in ((0, 2), (1, 3))]
        row = (sum(g.diff for g in games), sum(g.hands for g in games), sum(g.won for g in games))
        out.append((row, [c for g in games for c in g.contracts]))
    return out


def contracts_line(contracts: list[Contract]) -> str:
    """Who made trump, and how the makers did against perfect play of the same hands."""
    ours = [c for c in contracts if c.ours]
    theirs = [c for c in contracts if not c.ours]

    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else float("nan")

    return (
        f"our side made trump in {len(ours)} of {len(contracts)} hands"
        f" ({sum(c.alone for c in ours)} alone): {mean([c.points for c in ours]):+.3f} a hand"
        f" (played double-dummy {mean([c.double_dummy_points for c in ours]):+.3f}),"
        f" euchred {sum(c.points < 0 for c in ours)} (double-dummy"
        f" {sum(c.double_dummy < 3 for c in ours)}); theirs {len(theirs)}:"
        f" {mean([c.points for c in theirs]):+.3f} a hand to us"
        f" (double-dummy {mean([c.double_dummy_points for c in theirs]):+.3f})"
    )


@dataclass
class Summary:
    mean: float  # points per hand
    se: float
    hands: int
    win_rate: float


def summarise(rows: list[Row]) -> Summary:
    """Points per hand as a ratio over the units (each unit one sample), with its
    standard error by the delta method."""
    n = len(rows)
    hands = sum(h for _, h, _ in rows)
    mean = sum(d for d, _, _ in rows) / hands
    per_unit = hands / n
    residuals = [(d - mean * h) / per_unit for d, h, _ in rows]
    se = math.sqrt(sum(r * r for r in residuals) / (n * (n - 1))) if n > 1 else float("nan")
    return Summary(mean, se, hands, sum(w for _, _, w in rows) / (2 * n))


def difference_se(a: list[Row], b: list[Row]) -> float:
    """Standard error of (a's points per hand - b's), paired by unit."""
    n = len(a)
    sa, sb = summarise(a), summarise(b)
    ha, hb = sa.hands / n, sb.hands / n
    residuals = [
        (da - sa.mean * xa) / ha - (db - sb.mean * xb) / hb
        for (da, xa, _), (db, xb, _) in zip(a, b, strict=True)
    ]
    return math.sqrt(sum(r * r for r in residuals) / (n * (n - 1))) if n > 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Levels against OpenSpiel's ISMCTS in duplicate games to 10."
    )
    parser.add_argument("--levels", default="hard,medium", help="comma-separated, same deals")
    parser.add_argument("--games", type=int, default=50, help="duplicate pairs of games")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    levels = tuple(x.strip() for x in args.levels.split(",") if x.strip())
    start = time.time()
    work = [(args.seed, i, levels, args.simulations) for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(_unit, work, chunksize=1)
    per_level = {level: [r[k][0] for r in results] for k, level in enumerate(levels)}
    contracts = {level: [c for r in results for c in r[k][1]] for k, level in enumerate(levels)}
    print(
        f"vs OpenSpiel ISMCTS ({args.simulations} simulations, random rollouts, UCT 2,"
        f" max visit), {args.games} duplicate pairs of games to {TARGET}, seed {args.seed}:"
    )
    for level, rows in per_level.items():
        s = summarise(rows)
        print(
            f"  {level:8} {s.mean:+.3f} ± {s.se:.3f} points per hand over {s.hands} hands,"
            f" 95% interval {s.mean - 1.96 * s.se:+.3f} to {s.mean + 1.96 * s.se:+.3f};"
            f" games won {100 * s.win_rate:.1f}%"
        )
        print(f"           {contracts_line(contracts[level])}")
    first = levels[0]
    for level in levels[1:]:
        a, b = per_level[first], per_level[level]
        gap = summarise(a).mean - summarise(b).mean
        print(f"  {first} - {level}: {gap:+.3f} ± {difference_se(a, b):.3f} (paired by game)")
    print(f"  {time.time() - start:.0f}s with {args.jobs} processes")


if __name__ == "__main__":
    main()
