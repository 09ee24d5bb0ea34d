"""``hard`` (or any level) against OpenSpiel's ISMCTS, duplicate, in OpenSpiel's own euchre.

The deal is played in OpenSpiel's ``euchre`` (Standard rules, stick the dealer, one hand
per game; its returns are the hand's points). Every deal is played twice with the
partnerships swapped. OpenSpiel's seats are ``pyspiel.ISMCTSBot`` with a
``RandomRolloutEvaluator``, UCT constant 2, 1,000 simulations and the max-visit final
policy. Our bot's seats see only their view: the driver replays the OpenSpiel history so
far into this project's engine and hands the bot ``state.view(seat)``.

OpenSpiel orders the steps differently from the engine: a call is made first and the
maker says "alone" or "partner" after the dealer's discard, and the dealer always picks
up after a first-round call. The driver folds the alone decision into the call when it
replays (our bot announces alone with its call, and the answer is kept for OpenSpiel's
later question); when an OpenSpiel maker partnered with the dealer goes alone, the
engine's dealer sits out without picking up (docs/rules.md T-29: the same play).

    .venv/bin/pip install -e '.[bench]'                 # open-spiel==2.0.2
    .venv/bin/python bench/ismcts.py --deals 2000 --level hard
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
from euchre.engine import GameState, preset
from euchre.engine.cards import card
from euchre.engine.deal import deck_from_hands

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


def random_deal(rng: random.Random) -> Deal:
    cards = list(range(24))
    rng.shuffle(cards)
    return Deal(rng.randrange(4), cards[:21])


def hands_of(deal: Deal) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in range(4)]
    for k, c in enumerate(deal.order[:20]):
        hands[(deal.dealer + k) % 4].append(c)
    return hands


class Replay:
    """The engine's view of an OpenSpiel deal in progress."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.history: list[tuple[int, int]] = []  # (player, OpenSpiel action)
        self.alone: dict[int, bool] = {}  # maker -> announced alone

    def state(self) -> GameState:
        deal = self.deal
        hands = [[engine_card(c) for c in h] for h in hands_of(deal)]
        upcard = engine_card(deal.order[20])
        used = set(deal.order)
        rest = [engine_card(c) for c in range(24) if c not in used]
        deck = deck_from_hands(hands, deal.dealer, upcard, rest)
        game = GameState(preset("standard"), dealer=deal.dealer, decks=[deck], seed=1)
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


def play_deal(deal: Deal, ours: tuple[int, ...], bot: Bot, seed: int, level: str) -> list[float]:
    """One OpenSpiel hand; returns the points by seat and records decision times."""
    game = pyspiel.load_game("euchre")
    state = game.new_initial_state()
    state.apply_action(deal.dealer)
    for c in deal.order:
        state.apply_action(c)
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    ismcts = pyspiel.ISMCTSBot(
        seed,
        evaluator,
        2.0,
        1000,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )
    replay = Replay(deal)
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
    return list(state.returns())


def _our_action(
    state: Any, replay: Replay, player: int, bot: Bot, rng: random.Random, legal: list[int]
) -> int:
    if set(legal) == {ALONE, PARTNER}:
        return ALONE if replay.alone.get(player, False) else PARTNER
    game = replay.state()
    if game.current_player != player:
        # The engine skips this step (the dealer sits out): any legal card will do.
        return legal[0]
    text = bot.decide(game.view(player), rng)
    if text.endswith(" alone"):
        replay.alone[player] = True
    action = os_action(text, game)
    if action not in legal:
        raise RuntimeError(f"mapped {text!r} to {action}, not legal in OpenSpiel: {legal}")
    return action


def _unit(args: tuple[int, int, str]) -> tuple[float, int]:
    seed, index, level = args
    rng = random.Random(f"ismcts:{seed}:{index}")
    deal = random_deal(rng)
    bot = make_bot(level)
    diff = 0.0
    for ours in ((0, 2), (1, 3)):
        returns = play_deal(deal, ours, bot, rng.getrandbits(31), level)
        diff += returns[ours[0]] - returns[(ours[0] + 1) % 4]
    return diff, 2


def main() -> None:
    parser = argparse.ArgumentParser(description="A level against OpenSpiel's ISMCTS.")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--deals", type=int, default=200, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    start = time.time()
    work = [(args.seed, i, args.level) for i in range(args.deals)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(_unit, work, chunksize=4)
    diffs = [d / 2 for d, _ in results]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    se = math.sqrt(var / len(diffs))
    hands = sum(h for _, h in results)
    print(
        f"{args.level} vs OpenSpiel ISMCTS (1000 simulations, random rollouts, UCT 2, max visit):"
        f" {mean:+.3f} ± {se:.3f} points per hand over {hands} hands"
        f" ({len(diffs)} deals, each twice), 95% interval {mean - 1.96 * se:+.3f}"
        f" to {mean + 1.96 * se:+.3f}; {time.time() - start:.0f}s"
    )


if __name__ == "__main__":
    main()
