"""What the play so far says about the hidden hands, as weights on sampled deals.

Bidding is read by :func:`euchre.bots.bidding.bid_likelihood`. In the play, the clearest
sign is a trick that an opponent was winning when a seat played last to it: a sensible
player wins such a trick when it can, so a seat that did not is unlikely to have held a
card that would have won (a higher card of the suit led, or when void a trump good
enough). :class:`PlayEvidence` collects these tricks once per decision; weighing a deal
is then one mask test per trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.engine import actions as A
from euchre.engine.cards import NO_TRUMP
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK

from .knowledge import Knowledge
from .resample import World

DOUBT = 0.12  # weight of a deal in which the seat could have won and did not


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
        later = 0
        for s, c in plays[start + per_trick :]:
            if s == seat:
                later |= 1 << c
        if winners:
            out.append(Missed(seat, winners, later))
    return out


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
