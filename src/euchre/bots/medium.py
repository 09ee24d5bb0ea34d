"""The ``medium`` level: a heuristic player built on common Euchre strategy.

Bidding values a call by the side's expected tricks (:mod:`euchre.bots.evaluate`: effective
trumps, bowers, off-suit aces, voids, the seat and who picks up the turn-up) and compares
the chances of a euchre, a made call and a march by what they are worth for the *match*
(:mod:`euchre.bots.match`). It goes alone only with a path to five tricks.

Play keeps track of the cards played, the seven (or so) effective trumps still unseen,
the kitty that never comes into play, and which seat showed out of which suit. Makers draw
trump before cashing side winners; the maker's partner keeps a small trump to ruff;
defenders cash aces and lead trump only with a reason; second and later hands win as
cheaply as is safe, do not overtake a partner who is winning safely, and throw the least
useful card otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.engine import actions as A
from euchre.engine.cards import NO_TRUMP, SUITS, cards_in
from euchre.engine.phases import Phase
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK
from euchre.engine.views import View

from .bidding import call_chances, pass_points
from .evaluate import after_pickup, best_discard, hand_points, hand_tricks, sure_tricks
from .knowledge import Knowledge, knowledge_of, upcard_suit
from .match import side_of, spread_utility, utility

RULED_OUT = -1e9  # the value of a bid ``medium`` never makes (below any match value)
_TRUMP_KEY = 1000
_LED_KEY = 500


class MediumBot:
    """Heuristic bidding by match value, card play by counting and inference."""

    def __init__(self, *, pass_bias: float = 0.0) -> None:
        self.pass_bias = pass_bias

    def decide(self, view: View, rng: random.Random) -> str:
        return A.action_text(self.decide_id(view, rng))

    def decide_id(self, view: View, rng: random.Random) -> int:
        """The chosen action as an engine action id."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        know = knowledge_of(view)
        if view.phase == Phase.PLAY:
            return A.play_id(choose_card(know))
        return self.bid(know, legal)

    # ------------------------------------------------------------------ bidding

    def bid(self, know: Knowledge, legal: Sequence[int]) -> int:
        phase = know.view.phase
        if phase in (Phase.BID_R1, Phase.BID_R2, Phase.JOKER_NAME, Phase.TAKE_ALONE):
            return self._call(know, legal)
        if phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD):
            return discard_choice(know, legal)
        if phase == Phase.GIVE_BEST:
            return A.give_id(best_gift(know.hand, know.trump))
        if phase == Phase.DEFEND_ALONE:
            return A.DEFEND_ALONE if defends_alone(know.hand, know.trump, know.deck) else A.PASS
        if phase == Phase.CALL_FOR_BEST:
            return A.CALL_FOR_BEST
        if phase == Phase.THROW_IN_CLAIM:
            return A.REDEAL
        if phase == Phase.GO_UNDER:
            return max(legal)  # any trio of nines/tens beats keeping them
        return legal[0]

    def _call(self, know: Knowledge, legal: Sequence[int]) -> int:
        """Choose among pass, calls and loners by expected match value."""
        base = self.pass_value(know)
        best, best_value = A.PASS, base
        if A.PASS not in legal:
            best, best_value = -1, RULED_OUT
        for aid in legal:
            if aid == A.PASS:
                continue
            value = self.action_value(know, aid)
            if value > best_value + 1e-9:  # ties keep the earlier, safer action
                best, best_value = aid, value
        return best

    def pass_value(self, know: Knowledge) -> float:
        """Value of passing: the match as it stands plus the points the side can expect
        when this seat passes (from the calibrated model)."""
        view = know.view
        variant = view.variant
        side = side_of(variant, know.seat)
        if view.phase not in (Phase.BID_R1, Phase.BID_R2):
            return utility(variant, view.scores, side, (0,) * len(view.scores)) + self.pass_bias
        suits = [s for s in SUITS if s != view.turned_down]
        expected = pass_points(know, suits, view.phase == Phase.BID_R1)
        return spread_utility(variant, view.scores, side, expected) + self.pass_bias

    def action_value(self, know: Knowledge, aid: int) -> float:
        """Expected match value of a bidding action other than pass; a loner without a
        path to five tricks is ruled out (``RULED_OUT``) whatever the model says."""
        if aid != A.FORFEIT and know.view.variant.players == 4:
            suit, alone, first_round = _call_meaning(know, aid)
            if alone and not lone_path(know, suit, first_round):
                return RULED_OUT
        return self.model_value(know, aid)

    def model_value(self, know: Knowledge, aid: int) -> float:
        """The calibrated model's expected match value of a bidding action other than
        pass (a loner's too, path or not: the coach shows it)."""
        view = know.view
        variant = view.variant
        side = side_of(variant, know.seat)
        if aid == A.FORFEIT:
            points = tuple(0 if s == side else 1 for s in range(len(view.scores)))
            return utility(variant, view.scores, side, points)
        suit, alone, first_round = _call_meaning(know, aid)
        odds = call_chances(know, suit, alone=alone, first_round=first_round)
        value = 0.0
        for p, result in ((odds.euchre, "euchre"), (odds.made, "made"), (odds.march, "march")):
            points = hand_points(variant, side, alone, result)
            value += p * utility(variant, view.scores, side, points)
        return value


def lone_path(know: Knowledge, suit: int, first_round: bool) -> bool:
    """Whether the hand (after the dealer's pickup) has a path to five tricks: at most one
    card that is not a sure winner."""
    view = know.view
    hand = know.hand
    up = view.upcard
    if first_round and know.seat == view.dealer and not hand >> up & 1:
        hand = after_pickup(hand, up, suit, know.deck, view.variant.dealer_may_discard_upcard)
    return sure_tricks(hand, suit, know.deck) >= 4


def _call_meaning(know: Knowledge, aid: int) -> tuple[int, bool, bool]:
    """(trump suit, alone, whether the turn-up goes to the dealer) for a calling action
    (every call when a loner is offered is one)."""
    view = know.view
    offered = view.phase == Phase.TAKE_ALONE
    if aid in (A.ORDER, A.ORDER_ALONE):
        return upcard_suit(view), offered or aid == A.ORDER_ALONE, True
    if aid == A.TAKE_ALONE:
        trump = view.trump if view.trump is not None else upcard_suit(view)
        return trump, True, know.call_round == 1
    suit, alone = divmod(aid - A.CALL_BASE, 2)
    return suit, offered or bool(alone), view.phase == Phase.JOKER_NAME


def discard_choice(know: Knowledge, legal: Sequence[int]) -> int:
    """The dealer's (or a lone player's) discard; two-player: whether to take the turn-up."""
    view = know.view
    trump = know.trump
    allowed = 0
    for aid in legal:
        if A.is_discard(aid):
            allowed |= 1 << (aid - A.DISCARD_BASE)
    c = best_discard(know.hand, trump, know.deck, forbidden=know.hand & ~allowed)
    if A.PASS in legal:
        keep = hand_tricks(know.hand & ~(1 << view.upcard), trump, know.deck)
        take = hand_tricks(know.hand & ~(1 << c), trump, know.deck)
        if keep >= take:
            return A.PASS
    return A.discard_id(c)


def best_gift(hand: int, trump: int) -> int:
    """The card of ``hand`` to pass a lone partner: the best trump, else the best ace."""
    power = POWER[trump]
    trumps = hand & SUIT_MASK[trump][trump] if trump != NO_TRUMP else 0
    pool = trumps or hand
    return max(cards_in(pool), key=lambda c: power[c])


def defends_alone(hand: int, trump: int, deck: int) -> bool:
    """Whether a defender with ``hand`` accepts the offer to defend alone."""
    return hand_tricks(hand, trump, deck) >= 3.4


# ---------------------------------------------------------------------- card play


def choose_card(know: Knowledge) -> int:
    """The card to play now."""
    led = know.led_card()
    legal = _legal(know, led)
    if len(legal) == 1:
        return legal[0]
    if led < 0:
        return choose_lead(know, legal)
    return choose_follow(know, legal)


def _legal(know: Knowledge, led: int) -> list[int]:
    return [a - A.PLAY_BASE for a in know.view.legal if A.is_play(a)] or list(cards_in(know.hand))


def key_of(c: int, led_suit: int, trump: int) -> int:
    """Trick-winning strength of ``c`` in a trick led in ``led_suit``."""
    s = EFFECTIVE_SUIT[trump][c]
    if s == trump and trump != NO_TRUMP:
        return _TRUMP_KEY + POWER[trump][c]
    if s == led_suit:
        return _LED_KEY + POWER[trump][c]
    return 0


def _unseen_above(know: Knowledge, c: int) -> int:
    """Unseen cards of ``c``'s effective suit that rank above it."""
    trump = know.trump
    suit = EFFECTIVE_SUIT[trump][c]
    power = POWER[trump]
    mask = know.unseen() & SUIT_MASK[trump][suit]
    return sum(1 << d for d in cards_in(mask) if power[d] > power[c])


def is_boss(know: Knowledge, c: int) -> bool:
    """No card still unseen ranks above ``c`` in its suit."""
    return _unseen_above(know, c) == 0


def _trumps_unseen(know: Knowledge) -> int:
    if know.trump == NO_TRUMP:
        return 0
    return know.unseen() & SUIT_MASK[know.trump][know.trump]


def _opponents(know: Knowledge) -> list[int]:
    return [s for s in know.active if not know.same_side(s, know.seat)]


def _partner_active(know: Knowledge) -> int | None:
    p = know.partner(know.seat)
    return p if p is not None and p in know.active else None


def _on_makers(know: Knowledge) -> bool:
    maker = know.maker
    return maker is not None and know.same_side(know.seat, maker)


def _may_hold_suit(know: Knowledge, seat: int, suit: int) -> bool:
    return not know.voids[seat] >> suit & 1


def _can_ruff(know: Knowledge, seat: int, suit: int) -> bool:
    """Whether ``seat`` is known void in ``suit`` and may still hold a trump."""
    trump = know.trump
    if trump == NO_TRUMP or suit == trump:
        return False
    return (
        bool(know.voids[seat] >> suit & 1)
        and _may_hold_suit(know, seat, trump)
        and bool(_trumps_unseen(know))
    )


def choose_lead(know: Knowledge, legal: list[int]) -> int:
    trump = know.trump
    power = POWER[trump]
    trumps = [c for c in legal if trump != NO_TRUMP and EFFECTIVE_SUIT[trump][c] == trump]
    side = [c for c in legal if c not in trumps]
    outstanding = _trumps_unseen(know)
    if _on_makers(know):
        choice = _makers_lead(know, trumps, side, outstanding)
    else:
        choice = _defenders_lead(know, trumps, side, outstanding)
    if choice is not None:
        return choice
    pool = side or trumps
    return min(pool, key=lambda c: power[c] + (100 if is_boss(know, c) else 0))


def _makers_lead(
    know: Knowledge, trumps: list[int], side: list[int], outstanding: int
) -> int | None:
    trump = know.trump
    power = POWER[trump]
    i_made = know.maker == know.seat
    if trumps and outstanding:
        top = max(trumps, key=lambda c: power[c])
        if is_boss(know, top) and (i_made or len(trumps) >= 2 or know.view.alone):
            return top
        if i_made and len(trumps) >= 3:
            return min(trumps, key=lambda c: power[c])
        if not i_made and len(trumps) >= 2:
            return top
    cash = _safe_cash(know, side)
    if cash is not None and (not outstanding or not trumps or len(trumps) >= 2):
        return cash
    if trumps and not side:
        return max(trumps, key=lambda c: power[c])
    if trumps and not outstanding:
        return max(trumps, key=lambda c: power[c])
    if cash is not None:
        return cash
    return _low_from_short(know, side) if side else None


def _defenders_lead(
    know: Knowledge, trumps: list[int], side: list[int], outstanding: int
) -> int | None:
    trump = know.trump
    power = POWER[trump]
    cash = _safe_cash(know, side)
    if cash is not None:
        return cash
    if trumps and len(trumps) >= 3 and is_boss(know, max(trumps, key=lambda c: power[c])):
        return max(trumps, key=lambda c: power[c])
    partner = _partner_active(know)
    if partner is not None and side:
        back = _partners_suit(know, partner, side)
        if back is not None:
            return back
    if side:
        return _low_from_short(know, side)
    return None


def _safe_cash(know: Knowledge, side: list[int]) -> int | None:
    """A boss side-suit card that no opponent is known to ruff."""
    trump = know.trump
    for c in sorted(side, key=lambda c: -POWER[trump][c]):
        if not is_boss(know, c):
            continue
        suit = EFFECTIVE_SUIT[trump][c]
        if any(_can_ruff(know, o, suit) for o in _opponents(know)):
            continue
        return c
    return None


def _partners_suit(know: Knowledge, partner: int, side: list[int]) -> int | None:
    """Lead back the suit the partner led earlier (read the partner's plays)."""
    trump = know.trump
    led_by_partner = set()
    view = know.view
    per_trick = len(view.active)
    count = 0
    for seat, aid in view.history:
        if not A.is_play(aid):
            continue
        if count == 0 and seat == partner:
            led_by_partner.add(EFFECTIVE_SUIT[trump][aid - A.PLAY_BASE])
        count = (count + 1) % per_trick
    options = [c for c in side if EFFECTIVE_SUIT[trump][c] in led_by_partner]
    if not options:
        return None
    return min(options, key=lambda c: POWER[trump][c])


def _low_from_short(know: Knowledge, cards: list[int]) -> int:
    """The lowest card of the shortest side suit, avoiding suits opponents can ruff."""
    trump = know.trump
    eff = EFFECTIVE_SUIT[trump]
    opponents = _opponents(know)

    def rank(c: int) -> tuple[int, int, int]:
        suit = eff[c]
        ruffed = any(_can_ruff(know, o, suit) for o in opponents)
        length = sum(1 for d in cards if eff[d] == suit)
        return (int(ruffed), length, POWER[trump][c])

    return min(cards, key=rank)


def _trick_state(know: Knowledge) -> tuple[int, int, int]:
    """(led effective suit, winning seat, winning key) of the trick in progress."""
    trump = know.trump
    trick = know.view.trick
    led = EFFECTIVE_SUIT[trump][trick[0][1]]
    win_seat, win_key = -1, -1
    for seat, c in trick:
        k = key_of(c, led, trump)
        if k > win_key:
            win_seat, win_key = seat, k
    return led, win_seat, win_key


def _still_to_play(know: Knowledge) -> list[int]:
    """Seats after this one in the current trick."""
    active = know.active
    played = len(know.view.trick) + 1
    i = active.index(know.seat)
    return [active[(i + j) % len(active)] for j in range(1, len(active) - played + 1)]


def _threatened(know: Knowledge, key: int, led: int, later: list[int]) -> bool:
    """Whether a later opponent might beat a card of trick strength ``key``."""
    trump = know.trump
    unseen = know.unseen()
    led_cards = unseen & SUIT_MASK[trump][led]
    higher_led = any(key_of(d, led, trump) > key for d in cards_in(led_cards))
    ruff_possible = trump != NO_TRUMP and led != trump
    higher_trump = ruff_possible and any(
        key_of(d, led, trump) > key for d in cards_in(unseen & SUIT_MASK[trump][trump])
    )
    for seat in later:
        if know.same_side(seat, know.seat):
            continue
        if higher_led and _may_hold_suit(know, seat, led):
            return True
        if not higher_trump or not _may_hold_suit(know, seat, trump):
            continue
        if know.voids[seat] >> led & 1 or led_cards.bit_count() <= 1:
            return True
    return False


def _suit_exhausted_for(know: Knowledge, suit: int) -> bool:
    """Few cards of ``suit`` remain unseen, so a later hand is likely void."""
    unseen = know.unseen() & SUIT_MASK[know.trump][suit]
    return unseen.bit_count() <= 1


def choose_follow(know: Knowledge, legal: list[int]) -> int:
    trump = know.trump
    led, win_seat, win_key = _trick_state(know)
    later = _still_to_play(know)
    winners = [c for c in legal if key_of(c, led, trump) > win_key]
    if know.same_side(win_seat, know.seat):
        if not _threatened(know, win_key, led, later):
            return throw_card(know, legal)
        safe = [c for c in winners if not _threatened(know, key_of(c, led, trump), led, later)]
        following = [c for c in safe if EFFECTIVE_SUIT[trump][c] == led]
        if following and led != trump:
            return min(following, key=lambda c: key_of(c, led, trump))
        return throw_card(know, legal)
    if not winners:
        return throw_card(know, legal)
    if not later or all(know.same_side(s, know.seat) for s in later):
        return min(winners, key=lambda c: key_of(c, led, trump))
    safe = [c for c in winners if not _threatened(know, key_of(c, led, trump), led, later)]
    if safe:
        return min(safe, key=lambda c: key_of(c, led, trump))
    partner_after = any(know.same_side(s, know.seat) for s in later)
    follows_suit = EFFECTIVE_SUIT[trump][winners[0]] == led
    if partner_after and follows_suit and led != trump:
        return throw_card(know, legal)
    if follows_suit:
        return max(winners, key=lambda c: key_of(c, led, trump))
    return min(winners, key=lambda c: key_of(c, led, trump))


def throw_card(know: Knowledge, legal: list[int]) -> int:
    """The least useful legal card: low, from a short side suit, never a needed trump."""
    trump = know.trump
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump]
    hand = know.hand

    def keep_value(c: int) -> float:
        suit = eff[c]
        value = float(power[c])
        if trump != NO_TRUMP and suit == trump:
            value += 200
        elif is_boss(know, c):
            value += 60
        length = (hand & SUIT_MASK[trump][suit]).bit_count()
        if suit != trump and length == 1:
            value -= 3
        return value

    return min(legal, key=keep_value)
