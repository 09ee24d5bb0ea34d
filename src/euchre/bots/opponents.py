"""How loosely the opponents bid, learnt from what this bot has seen of them.

Experts size up their opponents: a pair that orders up on nothing and goes alone on
a whim is worth letting call. The model compares two explanations of every bid the
opponents made in the deals this bot saw: a *sensible* bidder (call rates measured from
``medium`` in self-play: it orders a quarter of the time in the first round, rarely
alone) and a *random* one (every legal bid equally likely). Bayes' rule over the last
deals gives the chance that the opponents bid at random; the search bot lets that
chance shape its bidding simulations and how much it reads into their bids.

Only four-player partnership bidding is modelled; elsewhere the chance stays at the
prior. The evidence comes from views only, so the model is as honest as the bot.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import NamedTuple, TypeVar

from euchre.engine import actions as A
from euchre.engine.views import View

from .bidding import bidding_turns, random_bid_options

# (pass, call, call alone) frequencies of a sensible bidder when passing is allowed,
# measured from ``medium`` in self-play (Standard rules, 300 games).
_SENSIBLE_ROUND_1 = (0.73, 0.245, 0.025)
_SENSIBLE_ROUND_2 = (0.27, 0.69, 0.04)
_PRIOR = 0.1
_MEMORY = 40  # deals remembered: newer opponents replace older ones
_MAX_LOG_ODDS = 12.0


class DealKey(NamedTuple):
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    upcard: int

    @classmethod
    def of(cls, view: View) -> DealKey:
        return cls(view.deal_number, view.dealer, view.scores, view.upcard)


Fact = TypeVar("Fact")


def remember(deals: OrderedDict[DealKey, Fact], key: DealKey, fact: Fact, size: int) -> None:
    """Keep ``fact`` for the deal ``key`` (replacing what an earlier view of it gave),
    forgetting the oldest deals beyond ``size``."""
    deals[key] = fact
    deals.move_to_end(key)
    while len(deals) > size:
        deals.popitem(last=False)


class OpponentModel:
    """The chance, from the bids seen so far, that this bot's opponents bid at random."""

    def __init__(self, prior: float = _PRIOR, memory: int = _MEMORY) -> None:
        self._prior_log_odds = math.log(prior / (1.0 - prior))
        self._memory = memory
        self._evidence: OrderedDict[DealKey, float] = OrderedDict()

    def observe(self, view: View) -> None:
        """Take in the opponents' bids in ``view`` (a later view of the same deal replaces
        an earlier one, so seeing a view twice changes nothing)."""
        if view.seat is None or view.variant.players != 4:
            return
        remember(self._evidence, DealKey.of(view), bid_evidence(view, view.seat), self._memory)

    def looseness(self) -> float:
        """Probability that the opponents bid at random rather than sensibly."""
        log_odds = self._prior_log_odds + sum(self._evidence.values())
        log_odds = max(-_MAX_LOG_ODDS, min(_MAX_LOG_ODDS, log_odds))
        return 1.0 / (1.0 + math.exp(-log_odds))


def bid_evidence(view: View, seat: int) -> float:
    """Log likelihood ratio, random over sensible, of the opponents' bids in ``view``."""
    total = 0.0
    for bidder, aid, first_round, may_pass in bidding_turns(view):
        if (bidder - seat) % 2 == 0 or not may_pass:
            continue
        kind = _kind(aid)
        sensible = (_SENSIBLE_ROUND_1 if first_round else _SENSIBLE_ROUND_2)[kind]
        total += math.log(_random_probability(view, first_round, kind) / sensible)
    return total


def _kind(aid: int) -> int:
    """0: a pass, 1: a call, 2: a call alone."""
    if aid == A.PASS:
        return 0
    return 2 if A.action_text(aid).endswith("alone") else 1


def _random_probability(view: View, first_round: bool, kind: int) -> float:
    """Chance that a uniformly random bidder makes a bid of this kind."""
    if kind == 2 and not view.variant.allow_alone:
        return 1e-6
    suits, options = random_bid_options(view.variant, first_round)
    return (1 if kind == 0 else suits) / options
