"""Calibrate the bidding model (src/euchre/bots/bidding_table.py) by simulation.

For many Standard deals the bidding is played by the ``medium`` bot; at every turn each
choice open to the bidder (pass, order / name each suit, and alone when the hand is
strong) is played out to the end of the deal by ``medium`` from a copy of the state. Each
branch gives one sample: the features of the call (:func:`euchre.bots.bidding.features`)
with whether the makers took three tricks and five, or, for a pass, the points the
bidder's side won minus those it lost. Logistic and least-squares fits of these samples
are written to ``bidding_table.py``. Repeating the run lets the continuation use the
newly fitted bidding.

    .venv/bin/python bench/calibrate.py --deals 20000 --write

numpy is needed (it comes with the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from euchre.bots.bidding import features, pass_features
from euchre.bots.evaluate import hand_tricks
from euchre.bots.knowledge import knowledge_of, upcard_suit
from euchre.bots.medium import MediumBot
from euchre.engine import GameState, preset
from euchre.engine import actions as A
from euchre.engine.cards import SUITS
from euchre.engine.phases import Phase

TABLE = Path(__file__).resolve().parent.parent / "src" / "euchre" / "bots" / "bidding_table.py"
ALONE_FLOOR = 2.6
Sample = tuple[str, list[float], float, float]


def playout(state: GameState, aid: int, bot: MediumBot, rng: random.Random) -> tuple[int, ...]:
    """Points by side of the deal after ``aid`` is taken in a copy of ``state``."""
    game = state.clone()
    deals = len(game.deals)
    game.apply_id(aid)
    while len(game.deals) == deals and not game.game_over:
        seat = game.current_player
        assert seat is not None
        game.apply_id(bot.decide_id(game.view(seat), rng))
    return game.deals[deals - 1].points


def deal_samples(seed: int) -> list[Sample]:
    variant = preset("standard")
    state = GameState(variant, seed=seed, dealer=seed % 4)
    bot = MediumBot()
    rng = random.Random(seed)
    out: list[Sample] = []
    while state.phase in (Phase.BID_R1, Phase.BID_R2):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        know = knowledge_of(view)
        first = state.phase == Phase.BID_R1
        legal = state.legal_ids()
        suits = [upcard_suit(view)] if first else [s for s in SUITS if s != view.turned_down]
        side = seat % 2
        if A.PASS in legal:
            points = playout(state, A.PASS, bot, rng)
            x = pass_features(know, know.hand, suits, first)
            out.append(("pass", x, points[side] - points[1 - side], 0.0))
        for suit in suits:
            x = features(know, know.hand, suit, first_round=first)
            for alone in (False, True):
                aid = (A.ORDER_ALONE if alone else A.ORDER) if first else A.call_id(suit, alone)
                if aid not in legal:
                    continue
                if alone and hand_tricks(know.hand, suit, know.deck) < ALONE_FLOOR:
                    continue
                points = playout(state, aid, bot, rng)
                made = float(points[side] > 0)
                march = float(points[side] >= 2)
                out.append(("alone" if alone else "call", x, made, march))
        action = bot.decide_id(view, rng)
        state.apply_id(action)
        if action != A.PASS:
            break
    return out


def _chunk(seeds: list[int]) -> list[Sample]:
    out: list[Sample] = []
    for seed in seeds:
        out.extend(deal_samples(seed))
    return out


def collect(deals: int, seed: int, jobs: int) -> list[Sample]:
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [seeds[i : i + 200] for i in range(0, len(seeds), 200)]
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.map(_chunk, chunks)
    return [s for part in parts for s in part]


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Newton's method for L2-regularised logistic regression."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x.T * (p * (1 - p))) @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def fit_linear(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    return np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)


def fit(samples: list[Sample]) -> dict[str, Any]:
    tables: dict[str, Any] = {}
    for kind, make_name, march_name in (
        ("call", "MAKE", "MARCH"),
        ("alone", "ALONE_MAKE", "ALONE_MARCH"),
    ):
        rows = [s for s in samples if s[0] == kind]
        x = np.array([s[1] for s in rows])
        tables[make_name] = fit_logistic(x, np.array([s[2] for s in rows]))
        tables[march_name] = fit_logistic(x, np.array([s[3] for s in rows]))
        tables[f"{kind}_n"] = len(rows)
    rows = [s for s in samples if s[0] == "pass"]
    x = np.array([s[1] for s in rows])
    y = np.array([s[2] for s in rows])
    tables["PASS_POINTS"] = fit_linear(x, y)
    tables["pass_n"] = len(rows)
    resid = y - x @ tables["PASS_POINTS"]
    tables["pass_rmse"] = float(np.sqrt(np.mean(resid**2)))
    return tables


def write_table(tables: dict[str, Any], deals: int, seed: int) -> None:
    lines = [
        '"""Weights of the bidding model (:mod:`euchre.bots.bidding`), written by',
        f"bench/calibrate.py from {deals} Standard deals (seed {seed}): "
        f"{tables['call_n']} calls, {tables['alone_n']} loners, {tables['pass_n']} passes",
        'played out by the medium bot."""',
        "",
    ]
    for name in ("MAKE", "MARCH", "ALONE_MAKE", "ALONE_MARCH", "PASS_POINTS"):
        values = [f"{v:.4f}" for v in tables[name]]
        lines.append(f"{name}: tuple[float, ...] = (")
        for i in range(0, len(values), 8):
            lines.append("    " + ", ".join(values[i : i + 8]) + ",")
        lines.append(")")
    TABLE.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--write", action="store_true", help="write bidding_table.py")
    args = parser.parse_args()
    start = time.time()
    samples = collect(args.deals, args.seed, args.jobs)
    tables = fit(samples)
    print(f"{len(samples)} samples in {time.time() - start:.0f}s")
    for name in ("call_n", "alone_n", "pass_n", "pass_rmse"):
        print(name, tables[name])
    if args.write:
        write_table(tables, args.deals, args.seed)
        print(f"wrote {TABLE}")


if __name__ == "__main__":
    main()
