"""What the play so far says about the hidden hands, as weights on sampled deals.

Bidding is read by :func:`euchre.bots.bidding.bid_likelihood`. In the play, the clearest
sign is a trick that an opponent was winning when a seat played last to it: a sensible
player wins such a trick when it can, so a seat that did not is unlikely to have held a
card that would have won (a higher card of the suit led, or when void a trump good
enough). :class:`PlayEvidence` collects these tricks once per decision; weighing a deal
is then one mask test per trick.

:class:`ChoiceEvidence` reads every card the other seats played as a sensible player's
choice: for a sampled deal it rebuilds what that seat saw when it played (its hand in that
deal, the play so far) and asks ``medium``'s card play what it would have played. A deal
in which the seat would have played otherwise is less likely. Against ``medium`` this is
its exact play; a stronger or looser player is read with more doubt.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.engine import actions as A
from euchre.engine.cards import NO_TRUMP, card_list
from euchre.engine.phases import Phase
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK, legal_mask, trick_winner_index
from euchre.engine.steps import seen_history
from euchre.engine.views import View

from .knowledge import Knowledge, knowledge_of
from .medium import choose_card
from .opponents import DealKey, remember
from .world import World

DOUBT = 0.12  # weight of a deal in which the seat could have won and did not
# How often a seat is taken to play medium's card before any of its deals is seen to the
# end (the doubts they give: about 0.4 for opponents, 0.3 for the partner), and how many
# plays that guess weighs against what is seen.
OPPONENT_PRIOR_AGREEMENT = 0.62
PARTNER_PRIOR_AGREEMENT = 0.69
PRIOR_PLAYS = 10
MIN_CHOICE_DOUBT = 0.15
_CHOICE_MEMORY = 40  # deals remembered


@dataclass(frozen=True, slots=True)
class Missed:
    """A trick the seat played last to, lost to an opponent, while ``winners`` would have won."""

    seat: int
    winners: int
    later: int  # cards the seat played after this trick (still in its hand then)


class PlayEvidence:
    """Tricks a seat let an opponent win as the last to play."""

    def __init__(self, know: Knowledge, loose: float = 0.0) -> None:
        """``loose``: the chance that the opponents play at random (their misses then
        say little)."""
        self.missed = _missed_tricks(know)
        opponent_doubt = DOUBT + (1.0 - DOUBT) * loose
        self.doubt = [
            DOUBT if know.same_side(s, know.seat) else opponent_doubt for s in range(know.n)
        ]

    def weight(self, world: World) -> float:
        w = 1.0
        for m in self.missed:
            if (world.hands[m.seat] | m.later) & m.winners:
                w *= self.doubt[m.seat]
        return w


def _missed_tricks(know: Knowledge) -> list[Missed]:
    view = know.view
    trump = know.trump
    per_trick = len(view.active)
    plays = [(s, a - A.PLAY_BASE) for s, a in view.history if A.is_play(a)]
    out = []
    for start in range(0, len(plays) - per_trick + 1, per_trick):
        trick = plays[start : start + per_trick]
        seat, card = trick[-1]
        if seat == know.seat:
            continue
        win_seat, win_card = _winner(trick[:-1], trump)
        if know.same_side(win_seat, seat) or _beats(card, win_card, trick[0][1], trump):
            continue
        winners = _winning_cards(trick[0][1], win_card, card, trump, know.deck)
        if winners:
            out.append(Missed(seat, winners, _cards_of(seat, plays[start + per_trick :])))
    return out


def _cards_of(seat: int, plays: Sequence[tuple[int, int]]) -> int:
    """The mask of the cards ``seat`` played among ``plays`` (seat, card)."""
    mask = 0
    for s, c in plays:
        if s == seat:
            mask |= 1 << c
    return mask


def _key(c: int, led: int, trump: int) -> int:
    suit = EFFECTIVE_SUIT[trump][c]
    if trump != NO_TRUMP and suit == trump:
        return 1000 + POWER[trump][c]
    if suit == EFFECTIVE_SUIT[trump][led]:
        return 500 + POWER[trump][c]
    return 0


def _winner(cards: list[tuple[int, int]], trump: int) -> tuple[int, int]:
    led = cards[0][1]
    return max(cards, key=lambda sc: _key(sc[1], led, trump))


def _beats(c: int, best: int, led: int, trump: int) -> bool:
    return _key(c, led, trump) > _key(best, led, trump)


def _winning_cards(led: int, best: int, played: int, trump: int, deck: int) -> int:
    """Cards that would have won instead of ``played``: if the seat followed suit, higher
    cards of the suit led; if it was void, trumps above the best card."""
    eff = EFFECTIVE_SUIT[trump]
    led_suit = eff[led]
    target = _key(best, led, trump)
    if eff[played] == led_suit:
        pool = SUIT_MASK[trump][led_suit] & deck
    elif trump != NO_TRUMP:
        pool = SUIT_MASK[trump][trump] & deck
    else:
        return 0
    out = 0
    for c in range(33):
        if pool >> c & 1 and _key(c, led, trump) > target:
            out |= 1 << c
    return out


class ChoiceRecord:
    """How often the partner's and the opponents' plays were the cards ``medium`` would
    have played, over the last deals this bot saw played out. At the bot's last card every
    seat that has played its own last card has shown its whole hand, so each of its plays
    can be checked exactly; the agreement rate gives the doubt :class:`ChoiceEvidence`
    reads that side's plays with."""

    def __init__(self) -> None:
        # deal -> (partner agreements, partner choices, opponent agreements, opponent choices)
        self._deals: OrderedDict[DealKey, tuple[int, int, int, int]] = OrderedDict()

    def observe(self, view: View) -> None:
        """Take in the plays of ``view`` if it is this seat's last card of the deal."""
        if view.seat is None or view.phase != Phase.PLAY or len(view.hand) != 1:
            return
        know = knowledge_of(view)
        counts = [0, 0, 0, 0]
        for play in _past_plays(know):
            if know.hand_sizes[play.seat] != 0:
                continue  # its last card is still hidden
            agreed = medium_agrees(know, play, play.later)
            if agreed is None:
                continue
            side = 0 if know.same_side(play.seat, know.seat) else 2
            counts[side] += agreed
            counts[side + 1] += 1
        fact = (counts[0], counts[1], counts[2], counts[3])
        remember(self._deals, DealKey.of(view), fact, _CHOICE_MEMORY)

    def doubt(self, know: Knowledge, loose: float = 0.0) -> list[float]:
        """Per seat, the weight of a deal in which it would have played otherwise; the
        opponents' also fades to 1 with ``loose``, the chance that they bid at random."""
        totals = [sum(deal[i] for deal in self._deals.values()) for i in range(4)]
        partner = _doubt(totals[0], totals[1], PARTNER_PRIOR_AGREEMENT)
        opponent = _doubt(totals[2], totals[3], OPPONENT_PRIOR_AGREEMENT)
        opponent += (1.0 - opponent) * loose
        return [partner if know.same_side(s, know.seat) else opponent for s in range(know.n)]


def _doubt(agreed: int, choices: int, prior: float) -> float:
    """Likelihood ratio of another card to medium's for a seat that agrees at this rate
    (a choice is between about two and a half distinct cards)."""
    rate = (agreed + prior * PRIOR_PLAYS) / (choices + PRIOR_PLAYS)
    return min(1.0, max(MIN_CHOICE_DOUBT, (1.0 - rate) / (1.5 * rate)))


@dataclass(frozen=True, slots=True)
class PastPlay:
    """A card another seat played, with the public state of the deal at that moment."""

    seat: int
    card: int
    history: tuple[tuple[int, int], ...]  # the actions before it, as the seat saw them
    trick: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    later: int  # the cards the seat played from then on (all in its hand at the time)


class ChoiceEvidence:
    """The other seats' plays read as ``medium``'s choices (see the module's text)."""

    def __init__(
        self,
        know: Knowledge,
        doubt: Sequence[float],
        agreed: dict[tuple[int, int, int], bool] | None = None,
    ) -> None:
        """``doubt``: per seat, the weight of a deal in which it would have played
        otherwise (1: its plays say nothing). ``agreed``: answers already worked out in
        this deal, by (seat, card played, the hand then), kept by the
        caller from one decision to the next (a past play and its answer do not change)."""
        self.know = know
        self.doubt = doubt
        self.plays = [p for p in _past_plays(know) if doubt[p.seat] < 1.0]
        self._agreed = {} if agreed is None else agreed

    def weight(self, world: World) -> float:
        w = 1.0
        for play in self.plays:
            hand = world.hands[play.seat] | play.later
            key = (play.seat, play.card, hand)
            agreed = self._agreed.get(key)
            if agreed is None:  # a seat without a choice agrees
                agreed = medium_agrees(self.know, play, hand) is not False
                self._agreed[key] = agreed
            if not agreed:
                w *= self.doubt[play.seat]
        return w


def medium_agrees(know: Knowledge, play: PastPlay, hand: int) -> bool | None:
    """Whether ``medium`` holding ``hand`` would have played ``play.card`` (or a card
    touching it: the same to the play); None when the seat had no choice."""
    trump = know.trump
    led = play.trick[0][1] if play.trick else -1
    legal = card_list(legal_mask(hand, led, trump))
    if all(_touching(c, legal[0], hand, trump) for c in legal[1:]):
        return None
    then = dataclasses.replace(
        know.view,
        seat=play.seat,
        to_act=play.seat,
        phase=Phase.PLAY,
        hand=tuple(card_list(hand)),
        history=play.history,
        trick=play.trick,
        tricks_won=play.tricks_won,
        legal=tuple(A.play_id(c) for c in legal),
    )
    chosen = choose_card(knowledge_of(then))
    return chosen == play.card or _touching(chosen, play.card, hand, trump)


def _touching(a: int, b: int, hand: int, trump: int) -> bool:
    """Whether every card ranking between ``a`` and ``b`` of their suit is in ``hand``."""
    eff = EFFECTIVE_SUIT[trump]
    if eff[a] != eff[b]:
        return False
    power = POWER[trump]
    low, high = sorted((power[a], power[b]))
    between = [c for c in card_list(SUIT_MASK[trump][eff[a]]) if low < power[c] < high]
    return all(hand >> c & 1 for c in between)


def _past_plays(know: Knowledge) -> list[PastPlay]:
    """Every card of this deal played by another seat, in order."""
    history = know.view.history
    per_trick = len(know.view.active)
    won = [0] * know.n
    trick: list[tuple[int, int]] = []
    plays = [(i, s, a - A.PLAY_BASE) for i, (s, a) in enumerate(history) if A.is_play(a)]
    out = []
    for k, (i, seat, card) in enumerate(plays):
        if seat != know.seat:
            later = _cards_of(seat, [(s, c) for _, s, c in plays[k:]])
            seen = seen_history(history[:i], seat)
            out.append(PastPlay(seat, card, seen, tuple(trick), tuple(won), later))
        trick.append((seat, card))
        if len(trick) == per_trick:
            won[trick[trick_winner_index([c for _, c in trick], know.trump)][0]] += 1
            trick = []
    return out
