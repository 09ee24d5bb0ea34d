"""How loosely, and how cautiously, the other seats bid, learnt from what this bot saw.

Experts size up their opponents: a pair that orders up on nothing and goes alone on
a whim is worth letting call. The model compares two explanations of every bid the
opponents made in the deals this bot saw: a *sensible* bidder (call rates measured from
``medium`` in self-play: it orders a quarter of the time in the first round, rarely
alone) and a *random* one (every legal bid equally likely). Bayes' rule over the last
deals gives the chance that the opponents bid at random; the search bot lets that
chance shape its bidding simulations and how much it reads into their bids.
:class:`CallRecord` fits each side's calling style (how far from the calibrated model
it calls) to the bids whose hands it has seen played out.

Only four-player partnership bidding is modelled; elsewhere the chance stays at the
prior. The evidence comes from views only, so the model is as honest as the bot.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import NamedTuple, TypeVar

from euchre.engine import actions as A
from euchre.engine.phases import Phase
from euchre.engine.views import View

from .bidding import SENSIBLE, CallStyle, bid_margin, bidding_turns, random_bid_options
from .knowledge import Knowledge, knowledge_of

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


# ---------------------------------------------------------------------- calling style

# The styles tried when fitting (caution in points, temperature in points), and the prior
# over them: most players bid close to the model, and a few calls should not move it far.
_CAUTIONS = tuple(x / 10 for x in range(-15, 31))
_TEMPERATURES = (0.2, 0.4, 0.8, 1.6)
_CAUTION_PRIOR_SD = 0.6
_TEMPERATURE_PRIOR = {0.2: 0.2, 0.4: 0.4, 0.8: 0.25, 1.6: 0.15}
_STYLE_MEMORY = 40  # deals remembered


class CallRecord:
    """How cautiously each side calls trump, fitted to the bids whose hands this bot saw.

    At the bot's last card of a deal, every seat that has played its own last card has
    shown its whole hand; for each of its bids where it could pass the record keeps the
    margin the calibrated model gives that hand (:func:`~euchre.bots.bidding.bid_margin`)
    and whether it called. A side's style (:class:`~euchre.bots.bidding.CallStyle`) is
    the most probable caution and temperature given those bids, over the last deals; a
    side not yet seen bids like the model. ``medium`` is read as a caution near 0; a
    player who passes hands the model would call (OpenSpiel's ISMCTS does, more often
    than not) is read as cautious, and its passes then say less about its hand.
    """

    def __init__(self, memory: int = _STYLE_MEMORY) -> None:
        self._memory = memory
        # deal -> per side (0: this bot's, 1: the opponents'), (margin, called) per bid
        self._deals: OrderedDict[DealKey, tuple[tuple[tuple[float, bool], ...], ...]] = (
            OrderedDict()
        )
        self._fitted: dict[int, CallStyle] = {}

    def observe(self, view: View) -> None:
        """Take in the bids of ``view`` if it is this seat's last card of the deal."""
        if view.seat is None or view.variant.players != 4:
            return
        if view.phase != Phase.PLAY or len(view.hand) != 1:
            return
        know = knowledge_of(view)
        seen: tuple[list[tuple[float, bool]], list[tuple[float, bool]]] = ([], [])
        for seat, aid, first_round, may_pass in bidding_turns(view):
            if seat == view.seat or not may_pass or not _hand_shown(know, seat):
                continue
            margin = bid_margin(know, seat, know.played_by[seat], aid, first_round)
            if margin is not None:
                side = 0 if know.same_side(seat, view.seat) else 1
                seen[side].append((margin, aid != A.PASS))
        key = DealKey.of(view)
        if key not in self._deals:
            self._fitted.clear()
        remember(self._deals, key, (tuple(seen[0]), tuple(seen[1])), self._memory)

    def styles(self, know: Knowledge) -> list[CallStyle]:
        """Each seat's fitted style (this bot's own seat: the model's)."""
        by_side = [self.style(0), self.style(1)]
        return [
            SENSIBLE if s == know.seat else by_side[0 if know.same_side(s, know.seat) else 1]
            for s in range(know.n)
        ]

    def style(self, side: int) -> CallStyle:
        """The fitted style of a side (0: this bot's partner, 1: the opponents)."""
        found = self._fitted.get(side)
        if found is None:
            bids = [bid for deal in self._deals.values() for bid in deal[side]]
            found = self._fitted[side] = fit_style(bids)
        return found


def fit_style(bids: list[tuple[float, bool]]) -> CallStyle:
    """The most probable style (on the grid, with the prior) for (margin, called) bids."""
    if not bids:
        return SENSIBLE
    best, best_score = SENSIBLE, -math.inf
    for temperature in _TEMPERATURES:
        prior_t = math.log(_TEMPERATURE_PRIOR[temperature])
        for caution in _CAUTIONS:
            style = CallStyle(caution, temperature)
            score = prior_t - 0.5 * (caution / _CAUTION_PRIOR_SD) ** 2
            for margin, called in bids:
                p = style.call_probability(margin)
                score += math.log(p if called else 1.0 - p)
            if score > best_score:
                best, best_score = style, score
    return best


def _hand_shown(know: Knowledge, seat: int) -> bool:
    """Whether every card ``seat`` bid with has been played: it has played five cards and,
    as the dealer, did not take the turn-up (its discard would be unknown)."""
    if know.hand_sizes[seat] != 0 or bin(know.played_by[seat]).count("1") != 5:
        return False
    view = know.view
    return not (seat == view.dealer and view.upcard_state == "taken")
