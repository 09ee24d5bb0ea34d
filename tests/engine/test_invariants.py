"""Property-based invariants over whole random games, every preset and many options.

Each example draws a preset, an overlay of options, a seed and a random action policy,
then plays the whole game, checking after every action: cards conserved, follow suit,
trick winners, turn order, scoring, dealer rotation, game end, views and illegal actions.

The oracle below (deck, dealing packets, effective suit, card order, legal cards, trick
winner, scoring, game end) is written from docs/rules.md on purpose and never calls the engine's
own rules tables. The engine is only asked for its state, its legal actions and its views.

Scale the example counts with ``EUCHRE_FUZZ_SCALE`` (e.g. 10 for a long local run).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre.engine import (
    GameState,
    GoUnder,
    IllegalActionError,
    JokerUpcard,
    LonerLead,
    Phase,
    Variant,
    preset,
)
from euchre.engine import actions as A
from euchre.engine.actions import parse_action
from euchre.engine.deal import DealRecord
from euchre.engine.observations import observation

SCALE = float(os.environ.get("EUCHRE_FUZZ_SCALE", "1"))
PRESET_NAMES = ("standard", "classic", "british", "long", "cutthroat", "two-player")

# ----------------------------------------------------------------------------- oracle

JOKER = 32
JACK_RANK = 4  # rank index of the jack (7=0 ... A=7)
NT = 4
SAME_COLOUR = {0: 2, 2: 0, 1: 3, 3: 1}  # clubs-spades, diamonds-hearts
RANK_CHARS = "789TJQKA"
SUIT_CHARS = "cdsh"
NINE_OR_TEN = (2, 3)  # rank indices of 9 and 10


def text_of(c: int) -> str:
    return "B" if c == JOKER else RANK_CHARS[c % 8] + SUIT_CHARS[c // 8]


def ref_deck(v: Variant) -> list[int]:
    """The cards of the variant's deck (docs/rules.md §2.2): printed min rank up to the ace."""
    lowest = v.min_rank - 7
    deck = [suit * 8 + r for suit in range(4) for r in range(lowest, 8)]
    return [*deck, JOKER] if v.joker else deck


_PACKETS = {  # docs/rules.md §2.3: (offset from the dealer's left, count) in dealing order
    4: ((0, 3), (1, 2), (2, 3), (3, 2), (0, 2), (1, 3), (2, 2), (3, 3)),
    3: ((0, 3), (1, 2), (2, 3), (0, 2), (1, 3), (2, 2)),
    2: ((0, 3), (1, 3), (0, 2), (1, 2)),
}


def ref_deal(deck: bytes, dealer: int, n: int) -> list[int]:
    """Hand masks by seat for a deck, dealt in packets from the dealer's left."""
    hands = [0] * n
    top = 0
    for offset, count in _PACKETS[n]:
        seat = (dealer + 1 + offset) % n
        for c in deck[top : top + count]:
            hands[seat] |= 1 << c
        top += count
    return hands


def ref_suit(c: int, trump: int) -> int:
    """Effective suit (docs/rules.md §2.9)."""
    if c == JOKER:
        return trump
    if trump != NT and c % 8 == JACK_RANK and c // 8 == SAME_COLOUR[trump]:
        return trump
    return c // 8


def ref_strength(c: int, trump: int) -> int:
    """Order inside a card's effective suit (docs/rules.md §2.9): Joker > right > left > A > 7."""
    if trump != NT:
        if c == JOKER:
            return 30
        if c == trump * 8 + JACK_RANK:
            return 29
        if c == SAME_COLOUR[trump] * 8 + JACK_RANK:
            return 28
    return c % 8


def ref_trick_winner(cards: list[int], trump: int) -> int:
    """Index of the winning card (docs/rules.md §2.11): highest trump, else highest led card."""
    led = ref_suit(cards[0], trump)

    def key(i: int) -> tuple[int, int]:
        suit = ref_suit(cards[i], trump)
        if trump != NT and suit == trump:
            return 2, ref_strength(cards[i], trump)
        if suit == led:
            return 1, ref_strength(cards[i], trump)
        return 0, 0

    return max(range(len(cards)), key=key)


def ref_legal(hand: list[int], trick: list[int], trump: int) -> set[int]:
    """Cards that may be played (docs/rules.md §2.10)."""
    if not trick:
        return set(hand)
    led = ref_suit(trick[0], trump)
    follow = {c for c in hand if ref_suit(c, trump) == led}
    return follow or set(hand)


def ref_points(
    v: Variant, maker: int, alone: bool, lone_defender: int | None, made: int
) -> list[int]:
    """Points per side for a played hand (docs/rules.md §2.12 with §4.4; §3.5; §3.6)."""
    n = v.players
    if n == 3:
        if made >= 3:
            return [(3 if made == 5 else 1) if s == maker else 0 for s in range(3)]
        award = 4 if v.super_euchre and made == 0 else 2
        return [0 if s == maker else award for s in range(3)]
    makers = maker % 2 if n == 4 else maker
    points = [0, 0]
    lone_made_short = alone and v.alone_must_take_5 and made < 5
    if made >= 3 and not lone_made_short:
        march = (v.loner_march_points if alone else 2) if n == 4 else 2
        points[makers] = march if made == 5 else 1
        return points
    award = 2
    if v.super_euchre and made == 0:
        award = 4
    if n == 4 and alone:
        award = max(award, v.lone_euchre_points)
    if n == 4 and lone_defender is not None:
        award = max(award, 4)
    points[1 - makers] = award
    return points


def side_of(seat: int, n: int) -> int:
    return seat % 2 if n == 4 else seat


def is_farmers(hand: int) -> bool:
    return sum(1 for c in cards(hand) if c != JOKER and c % 8 in NINE_OR_TEN) >= 4


def cards(mask: int) -> list[int]:
    return [c for c in range(33) if mask >> c & 1]


_CARD_OF = {base + c: c for base in (A.PLAY_BASE, A.DISCARD_BASE, A.GIVE_BASE) for c in range(33)}


def card_of(aid: int) -> int:
    """The card a play/discard/give id carries, or -1."""
    return _CARD_OF.get(aid, -1)


def next_active(seat: int, n: int, inactive: set[int]) -> int:
    s = (seat + 1) % n
    while s in inactive:
        s = (s + 1) % n
    return s


def inactive_seats(state: GameState) -> set[int]:
    """Who sits out, from the maker, alone flag and lone defender (docs/rules.md §2.8, §4.3)."""
    out: set[int] = set()
    if state.variant.players == 4 and state.maker is not None and state.alone:
        out.add((state.maker + 2) % 4)
    if state.variant.players == 4 and state.lone_defender is not None:
        out.add((state.lone_defender + 2) % 4)
    return out


def record_fields(record: DealRecord) -> tuple[Any, ...]:
    values = (getattr(record, f.name) for f in dataclasses.fields(record))
    return tuple(bytes(v) if isinstance(v, bytearray) else v for v in values)


def snapshot(state: GameState) -> list[tuple[str, Any]]:
    """Everything a state holds, by value, to prove a refused action changed nothing."""
    out: list[tuple[str, Any]] = []
    for name in GameState.__slots__:
        value: Any = getattr(state, name, None)
        if name == "_rng":
            value = value.getstate() if hasattr(value, "getstate") else id(value)
        elif name == "_decks":
            value = value is None
        elif name == "deals":
            value = [record_fields(d) for d in value]
        elif name == "record":
            value = record_fields(value)
        elif isinstance(value, list):
            value = tuple(value)
        out.append((name, value))
    return out


# ----------------------------------------------------------------------------- checker

BIDDING = (Phase.BID_R1, Phase.BID_R2)
NO_TRUMP_CALLS = (A.call_id(NT, False), A.call_id(NT, True))
JUNK = (
    "",
    "   ",
    "xyzzy",
    "play",
    "discard",
    "give",
    "call",
    "call x",
    "call hearts please",
    "order please",
    "pass pass",
    "play Jc Jd",
    "play 1h",
    "play Zz",
    "under 9c 9d",
    "under 9c 9d 9c",
    "42",
    "order order",
    "defend",
    "take",
    "play B B",
)


class GameChecker:
    """Plays one game with a random policy and checks every invariant on the way."""

    def __init__(self, state: GameState, rng: random.Random, pass_bias: float) -> None:
        self.s = state
        self.v = state.variant
        self.n = state.variant.players
        self.rng = rng
        self.pass_bias = pass_bias
        self.deck_mask = sum(1 << c for c in ref_deck(self.v))
        self.time_up = False
        self.counted_deals = 0
        self.steps = 0
        self.tricks_seen = 0
        self.deals_seen = 0
        assert not state.game_over
        self._finish_deals(state.deals[:-1])
        self._start_deal()

    # -- per deal bookkeeping

    def _start_deal(self) -> None:
        s = self.s
        rec = s.record
        self.rec = rec
        self.known = [0] * self.n
        self.tricks = [0] * self.n
        self.played: list[int] = []
        self.plays_by = [0] * self.n
        self.discards: list[int] = []
        self.log: list[tuple[int, int]] = []
        self.histories: dict[int | None, list[tuple[int, int]]] = {
            viewer: [] for viewer in [None, *range(self.n)]
        }
        self.r1_moves = 0
        self.r2_moves = 0
        self.deals_seen += 1
        assert sorted(rec.deck) == ref_deck(self.v), "the deck must hold each card once"
        assert rec.steps == ()
        assert s.hands == ref_deal(rec.deck, rec.dealer, self.n), "hands must follow rules.md §2.3"
        assert s.upcard == rec.deck[5 * self.n], "the turn-up is deck[5 * players]"
        assert s.dealer == rec.dealer
        assert tuple(s.scores) == tuple(rec.scores_before)
        if self.v.farmers_hand:
            assert not any(is_farmers(h) for h in s.hands), "a farmer's hand must be redealt"

    def _finish_deals(self, finished: list[DealRecord]) -> None:
        """Check deals that ended: points, rotation, game end after each."""
        s = self.s
        for i, rec in enumerate(finished):
            after = [b + p for b, p in zip(rec.scores_before, rec.points, strict=True)]
            assert all(p >= 0 for p in rec.points), "scores only grow"
            hands = ref_deal(rec.deck, rec.dealer, self.n)
            if rec.outcome == "farmers":
                assert self.v.farmers_hand and any(is_farmers(h) for h in hands)
            if rec.outcome not in ("farmers", "misdeal", "redeal"):
                self.counted_deals += 1
            if rec.outcome in ("throw-in", "farmers", "misdeal", "redeal"):
                assert not any(rec.points), f"{rec.outcome} scores nothing"
            if rec.outcome == "throw-in":
                self._check_throw_in(rec)
            if rec.outcome == "misdeal":
                claims = [a for _, a in rec.actions() if a & A.UNDER_FLAG]
                assert len(claims) == 2, "a misdeal needs two players going under"
            if rec.outcome == "redeal":
                assert rec.actions()[-1][1] == A.REDEAL and self.v.throw_in_hands
            if rec.outcome == "forfeit":
                assert self.v.stuck_dealer_may_forfeit
                loser = side_of(rec.dealer, self.n)
                assert list(rec.points) == [0 if k == loser else 1 for k in range(len(after))]
            last = i == len(finished) - 1
            expect_over = self._game_should_end(after)
            if last and s.game_over:
                assert expect_over, f"game ended at {after} but the rules say play on"
                assert list(s.scores) == after
                assert s.deals_counted == self.counted_deals
                target_met = bool(self.v.target) and max(after) >= self.v.target
                assert s.ended_on_time == (self.time_up and not target_met)
                by_deals = bool(self.v.deal_limit) and not self.time_up and not target_met
                assert s.ended_on_deals == by_deals, (after, self.counted_deals)
                assert s.winner == after.index(max(after))
                assert s.current_player is None
                assert s.legal_ids() == []
            else:
                assert not expect_over, f"scores {after}: the game should have ended"
                nxt = s.deals[s.deals.index(rec) + 1]
                assert list(nxt.scores_before) == after
                assert nxt.dealer == self._next_dealer(rec)

    def _check_throw_in(self, rec: DealRecord) -> None:
        log = rec.actions()
        passes = sum(1 for _, a in log if a == A.PASS)
        assert all(a == A.PASS or a & A.UNDER_FLAG for _, a in log), "a throw-in is all passes"
        assert passes >= 2 * self.n
        assert not self.v.stick_the_dealer, "stick the dealer prevents throw-ins"

    def _next_dealer(self, rec: DealRecord) -> int:
        d = rec.dealer
        if rec.outcome in ("farmers", "misdeal", "redeal"):
            return d
        if rec.outcome == "throw-in" and self.v.throw_in_same_dealer:
            return d
        return (d + 1) % self.n

    def _game_should_end(self, scores: list[int]) -> bool:
        top = max(scores)
        if scores.count(top) > 1:
            return False
        if self.v.target and top >= self.v.target:
            return True
        limit = self.v.deal_limit
        return self.time_up or bool(limit and self.counted_deals >= limit)

    # -- checks on the state before each action

    def check_state(self) -> None:
        s = self.s
        assert s.current_player == s.turn
        for seat in range(self.n):
            self.known[seat] |= s.hands[seat]
        self._check_conservation()
        self._check_phase_rules()
        self._check_views()

    def _check_conservation(self) -> None:
        s = self.s
        seen = 0
        total = 0
        for h in s.hands:
            assert not h & seen, "a card in two hands"
            seen |= h
            total += h.bit_count()
        assert not s.kitty & seen, "a card both in a hand and in the kitty"
        seen |= s.kitty
        total += s.kitty.bit_count()
        for c in self.played:
            assert not seen >> c & 1, f"played card {text_of(c)} is still held"
            seen |= 1 << c
            total += 1
        for c in self.discards:
            if not seen >> c & 1:
                seen |= 1 << c
                total += 1
            assert not any(h >> c & 1 for h in s.hands), "a discarded card is still held"
        assert seen == self.deck_mask, "cards lost or invented"
        assert total == self.deck_mask.bit_count(), "a card counted twice"
        assert len(set(self.played)) == len(self.played)

    def _check_phase_rules(self) -> None:
        s = self.s
        phase = s.phase
        legal = s.legal_ids()
        assert legal, "a player to act must have a legal action"
        assert len(set(legal)) == len(legal)
        if phase == Phase.PLAY:
            self._check_play_state(legal)
        elif phase == Phase.BID_R1:
            assert s.turn == (s.dealer + 1 + self.r1_moves) % self.n, "round 1 goes clockwise"
            self._check_bid_r1(legal)
        elif phase == Phase.BID_R2:
            assert s.turn == (s.dealer + 1 + self.r2_moves) % self.n, "round 2 goes clockwise"
            self._check_bid_r2(legal)
        elif phase in _OFFER_CHECKS:
            _OFFER_CHECKS[phase](self, legal)
        elif phase == Phase.DEALER_DISCARD:
            assert s.turn == s.dealer
            assert s.hands[s.turn].bit_count() == 6
            discards = {card_of(a) for a in legal if a != A.PASS}
            if not self.v.dealer_may_discard_upcard:
                assert s.upcard not in discards, "the dealer may not bury the turn-up"
            assert discards <= set(cards(s.hands[s.turn]))

    def _check_go_under(self, legal: list[int]) -> None:
        s = self.s
        assert legal[0] == A.PASS and self.v.go_under != GoUnder.OFF
        for aid in legal[1:]:
            shown = cards(aid ^ A.UNDER_FLAG)
            assert aid & A.UNDER_FLAG and len(shown) == 3
            assert all(s.hands[s.turn] >> c & 1 and c % 8 in NINE_OR_TEN for c in shown)
            if self.v.go_under == GoUnder.CLEAN:
                assert len({c % 8 for c in shown}) == 1, "clean: three 9s or three 10s"

    def _check_lone_offers(self, legal: list[int]) -> None:
        s, v = self.s, self.v
        assert self.n == 4 and s.alone, "lone options exist only against or for a loner"
        if s.phase == Phase.DEFEND_ALONE:
            assert v.defend_alone and legal == [A.PASS, A.DEFEND_ALONE]
            assert s.turn in ((s.maker + 1) % 4, (s.maker + 3) % 4)
            assert s.lone_defender is None
        elif s.phase == Phase.CALL_FOR_BEST:
            assert v.call_for_best and legal == [A.PASS, A.CALL_FOR_BEST]
            assert s.turn == s.maker or (s.lone_defender is not None and s.turn == s.lone_defender)
        elif s.phase == Phase.GIVE_BEST:
            loners = [s.maker] + ([s.lone_defender] if s.lone_defender is not None else [])
            assert s.turn in [(seat + 2) % 4 for seat in loners]
            assert {card_of(a) for a in legal} == set(cards(s.hands[s.turn]))
            six = self._dealer_took_up_to_give()
            assert s.hands[s.turn].bit_count() == (6 if six else 5), "the giver's hand size"
            if six:
                assert s.hands[s.turn] >> s.upcard & 1, "the dealer gives from the six"
        elif s.phase == Phase.BEST_DISCARD:
            assert s.hands[s.turn].bit_count() == 6, "the lone player holds six before discarding"

    def _dealer_took_up_to_give(self) -> bool:
        """call_for_best_dealer_picks_up: the dealer, sitting out beside a partner who went
        alone in round 1 (no pick-up then), holds the turn-up as a sixth card to give."""
        s = self.s
        dealer_discarded = any(
            seat == s.dealer and A.DISCARD_BASE <= aid < A.PLAY_BASE for seat, aid in self.log
        )
        return (
            self.v.call_for_best_dealer_picks_up
            and s.turn == s.dealer
            and s.maker == (s.dealer + 2) % 4
            and self.r2_moves == 0
            and not dealer_discarded
        )

    def _check_play_state(self, legal: list[int]) -> None:
        s = self.s
        inactive = inactive_seats(s)
        active = [seat for seat in range(self.n) if seat not in inactive]
        assert s.active == sum(1 << seat for seat in active), "wrong seats sit out"
        assert s.turn in active
        assert s.trump != NT or self.v.no_trump
        trick = list(s.trick)
        if trick:
            assert s.turn == next_active(s.trick_seats[-1], self.n, inactive)
        elif sum(self.tricks) == 0:
            assert s.turn == self._first_leader(inactive), "wrong first leader"
        for seat in active:
            expect = 5 - self.plays_by[seat]
            assert s.hands[seat].bit_count() == expect, f"seat {seat} holds a wrong count"
        hand = cards(s.hands[s.turn])
        expect_legal = ref_legal(hand, trick, s.trump)
        assert {card_of(a) for a in legal} == expect_legal, "legal plays differ from rules.md §2.10"
        assert all(A.PLAY_BASE <= a < A.PLAY_BASE + 33 for a in legal)

    def _first_leader(self, inactive: set[int]) -> int:
        s = self.s
        if self.n == 2:
            return 1 - s.dealer
        if self.n == 4 and s.alone and self.v.loner_lead == LonerLead.LEFT_OF_LONER:
            return next_active(s.maker, self.n, inactive)
        return next_active(s.dealer, self.n, inactive)

    def _check_bid_r1(self, legal: list[int]) -> None:
        s, v = self.s, self.v
        assert A.PASS in legal
        assert set(legal) <= {A.PASS, A.ORDER, A.ORDER_ALONE}
        if A.ORDER_ALONE in legal:
            assert self.n == 4 and v.allow_alone, "going alone exists only with partners"
        forced = v.canadian_loner and self.n == 4 and s.turn == (s.dealer + 2) % 4
        if forced:
            assert A.ORDER not in legal, "Canadian loner: the dealer's partner orders alone"
        if v.minimum_trump and len(legal) > 1:
            natural = 0xFF << (8 * (3 if s.upcard == JOKER else s.upcard // 8))
            hand = s.hands[s.turn]
            if s.turn == s.dealer and v.min_trump_dealer_counts_upcard:
                hand |= 1 << s.upcard
            assert hand & natural, "minimum trump: ordering needs a natural trump"

    def _check_bid_r2(self, legal: list[int]) -> None:
        s, v = self.s, self.v
        stuck = s.turn == s.dealer and v.stick_the_dealer
        assert (A.PASS in legal) != stuck, "only the stuck dealer may not pass"
        calls = [a for a in legal if A.CALL_BASE <= a < A.CALL_BASE + 10]
        suits = {(a - A.CALL_BASE) // 2 for a in calls}
        if not (stuck and v.stuck_dealer_may_name_turned_down):
            assert s.turned_down not in suits, "the turned-down suit may not be named"
        assert (NT in suits) == v.no_trump
        if any((a - A.CALL_BASE) % 2 for a in calls):
            assert self.n == 4 and v.allow_alone
        if v.minimum_trump and not stuck:
            for suit in suits - {NT}:
                assert s.hands[s.turn] & (0xFF << (8 * suit)), "minimum trump in round 2"

    def _check_views(self) -> None:
        s = self.s
        assert self.rec.actions() == self.log, "the deal's log misses an action"
        public = 1 << s.upcard | self.rec.under_mask
        for c in self.played:
            public |= 1 << c
        # A blind-named Joker hides the dealer's hand from the deal's start until trump is
        # named; an offer to go under or throw in before that shows it to the dealer only
        # while the dealer answers it.
        before_naming = s.phase == Phase.JOKER_NAME or (
            s.phase in (Phase.GO_UNDER, Phase.THROW_IN_CLAIM) and s.turn != s.dealer
        )
        blind = (
            before_naming
            and s.upcard == JOKER
            and self.v.joker_upcard_rule == JokerUpcard.DEALER_NAMES_BLIND
        )
        trick = tuple(zip(s.trick_seats, s.trick, strict=True))
        under = tuple(cards(self.rec.under_mask))
        for seat in [None, *range(self.n)]:
            view = s.view(seat)
            hidden_hand = seat is None or (blind and seat == s.dealer)
            own = () if hidden_hand else tuple(cards(s.hands[seat]))
            assert tuple(sorted(view.hand)) == own, f"seat {seat} sees a wrong hand"
            assert view.history == tuple(self.histories[seat]), f"seat {seat}: wrong history"
            assert view.trick == trick
            assert view.upcard == s.upcard
            assert tuple(sorted(view.under_shown)) == under
            if seat is not None and seat == s.turn:
                assert view.legal == tuple(s.legal_ids())
                knowable = public | (0 if hidden_hand else self.known[seat])
                for c in map(card_of, view.legal):
                    assert c < 0 or knowable >> c & 1, f"seat {seat} may not know {text_of(c)}"
            else:
                assert view.legal == ()
            assert view.to_act == s.current_player
            assert view.scores == tuple(s.scores)
            if s.maker is None:
                assert view.trump is None and view.maker is None
        if self.rng.random() < 0.1:
            self._check_observation(public, blind)

    def _record_history(self, who: int, logged: int) -> None:
        """What each viewer should see of an action (docs/rules.md §2.15: discards and gifts)."""
        c = card_of(logged)
        for viewer, history in self.histories.items():
            seen = logged
            if A.DISCARD_BASE <= logged < A.DISCARD_BASE + 33 and viewer != who:
                seen = A.HIDDEN_DISCARD
            elif A.GIVE_BASE <= logged < A.GIVE_BASE + 33 and viewer not in (who, (who + 2) % 4):
                seen = A.HIDDEN_GIVE
            if seen == logged and c >= 0 and not A.PLAY_BASE <= logged < A.PLAY_BASE + 33:
                assert viewer is not None and self.known[viewer] >> c & 1
            history.append((who, seen))

    def _check_observation(self, public: int, blind: bool) -> None:
        s = self.s
        for seat in [None, *range(self.n)]:
            obs = observation(s.view(seat))
            knowable = public
            if seat is not None and not (blind and seat == s.dealer):
                knowable |= self.known[seat]
            texts = [*obs["hand"], *(t["card"] for t in obs["trick"])]
            texts += [
                h["action"].split()[1]
                for h in obs["history"]
                if h["action"].split()[0] in ("play", "discard", "give")
                and len(h["action"].split()) == 2
            ]
            allowed = {text_of(c) for c in cards(knowable)}
            for t in texts:
                assert t in allowed, f"observation for seat {seat} shows {t}"

    # -- illegal actions

    def probe_illegal(self) -> None:
        """Refused actions raise IllegalActionError and change nothing."""
        s = self.s
        before = snapshot(s)
        for action, seat in self._illegal_candidates():
            with pytest.raises(IllegalActionError):
                s.apply(action, seat=seat)
        assert snapshot(s) == before, "a refused action changed the state"

    def _illegal_candidates(self) -> Iterator[tuple[str | int, int | None]]:
        s, rng = self.s, self.rng
        legal = s.legal_ids()
        yield rng.choice(JUNK), None
        yield self._random_text(legal), None
        held = s.hands[s.turn] if not s.game_over else 0
        outside = [c for c in cards(self.deck_mask) if not held >> c & 1]
        c = rng.choice(outside)
        for verb in ("play", "discard", "give"):
            yield f"{verb} {text_of(c)}", None
        if s.phase == Phase.PLAY and s.trick:
            hand = cards(held)
            for c in set(hand) - ref_legal(hand, list(s.trick), s.trump):
                yield f"play {text_of(c)}", None  # a renege
        others = [seat for seat in range(self.n) if seat != s.current_player]
        if legal:
            yield A.action_text(rng.choice(legal)), rng.choice(others)
        accepted = {*legal, A.ORDER} if A.ORDER_ALONE in legal else set(legal)  # T-30
        universe = [a for a in range(0, 170) if a not in accepted]
        yield rng.choice(universe), None
        yield rng.choice((-1, -7, 999, 10**6, A.UNDER_FLAG | 7, -(2**50))), None

    def _random_text(self, legal: list[int]) -> str:
        alphabet = "abcdhnoprsluJQKAT9 0B"
        while True:
            text = "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(1, 12)))
            try:
                aid = parse_action(text)
            except ValueError:
                return text
            forced = aid == A.ORDER and A.ORDER_ALONE in legal
            if aid not in legal and not forced:
                return text

    # -- one step

    def choose(self) -> int:
        s, rng = self.s, self.rng
        legal = s.legal_ids()
        if A.PASS in legal and len(legal) > 1 and self.pass_bias >= 0:
            bias = self.pass_bias if s.phase in BIDDING else 0.5
            if rng.random() < bias:
                return A.PASS
            no_trump = [a for a in legal if a in NO_TRUMP_CALLS]
            if no_trump and rng.random() < 0.3:
                return rng.choice(no_trump)
            return rng.choice([a for a in legal if a != A.PASS])
        return rng.choice(legal)

    def step(self, aid: int) -> None:
        s = self.s
        phase, seat = s.phase, s.turn
        before_scores = list(s.scores)
        trick, trick_seats = list(s.trick), list(s.trick_seats)
        maker, alone, lone_defender, trump = s.maker, s.alone, s.lone_defender, s.trump
        active_count = s.active.bit_count()
        deals_before = len(s.deals)
        if self.rng.random() < 0.5:
            s.apply(A.action_text(aid), seat=seat)
        else:
            s.apply_id(aid)
        self.steps += 1
        assert all(a >= b for a, b in zip(s.scores, before_scores, strict=True)), "scores fell"
        self._note(phase, seat, aid)
        ended = len(s.deals) > deals_before or s.game_over
        if phase == Phase.PLAY and len(trick) + 1 == active_count:
            cards_ = [*trick, aid - A.PLAY_BASE]
            winner = [*trick_seats, seat][ref_trick_winner(cards_, trump)]
            self.tricks[winner] += 1
            self.tricks_seen += 1
            if not ended:
                assert s.tricks_won == self.tricks, "the trick went to the wrong seat"
                assert s.turn == winner and not s.trick, "the trick winner leads next"
        if not ended:
            assert s.record is self.rec
            return
        finished = s.deals[deals_before - 1 :] if s.game_over else s.deals[deals_before - 1 : -1]
        first = finished[0]
        assert first is self.rec
        if first.outcome == "scored":
            assert sum(self.tricks) == 5, "a scored hand has five tricks"
            made = self.tricks[maker] + (self.tricks[(maker + 2) % 4] if self.n == 4 else 0)
            expect = ref_points(self.v, maker, alone, lone_defender, made)
            assert list(first.points) == expect, f"hand worth {expect}, scored {first.points}"
            by_side = [0] * len(s.scores)
            for seat, won in enumerate(self.tricks):
                by_side[side_of(seat, self.n)] += won
            assert list(getattr(first, "tricks", by_side)) == by_side
        else:
            assert phase != Phase.PLAY
        self._finish_deals(finished)
        if not s.game_over:
            self._start_deal()

    def _note(self, phase: Phase, seat: int, aid: int) -> None:
        logged = aid
        self.log.append((seat, logged))
        for other in range(self.n):
            self.known[other] |= self.s.hands[other] if self.s.record is self.rec else 0
        self._record_history(seat, logged)
        if phase == Phase.BID_R1:
            self.r1_moves += 1
        elif phase == Phase.BID_R2:
            self.r2_moves += 1
        elif phase == Phase.PLAY:
            self.played.append(aid - A.PLAY_BASE)
            self.plays_by[seat] += 1
        elif phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD) and aid != A.PASS:
            self.discards.append(aid - A.DISCARD_BASE)

    def play(self, time_up_at: int = -1, probe_rate: float = 0.1, max_steps: int = 20_000) -> None:
        s = self.s
        while not s.game_over:
            assert self.steps < max_steps, "the game does not end"
            if self.steps == time_up_at:
                s.signal_time_up()
                self.time_up = True
            self.check_state()
            if self.rng.random() < probe_rate:
                self.probe_illegal()
            self.step(self.choose())
        self.probe_illegal()


_OFFER_CHECKS = {
    Phase.GO_UNDER: GameChecker._check_go_under,
    Phase.DEFEND_ALONE: GameChecker._check_lone_offers,
    Phase.CALL_FOR_BEST: GameChecker._check_lone_offers,
    Phase.GIVE_BEST: GameChecker._check_lone_offers,
    Phase.BEST_DISCARD: GameChecker._check_lone_offers,
}

# ----------------------------------------------------------------------------- strategies

SIMPLE_OPTIONS = (
    "defend_alone",
    "call_for_best",
    "farmers_hand",
    "no_trump",
    "minimum_trump",
    "super_euchre",
    "canadian_loner",
    "maker_partner_may_go_alone",
    "dealer_may_discard_upcard",
    "laps",
    "alone_must_take_5",
    "stuck_dealer_may_name_turned_down",
    "stuck_dealer_may_forfeit",
    "min_trump_dealer_counts_upcard",
    "throw_in_same_dealer",
    "two_player_dealer_must_take",
    "call_for_best_dealer_picks_up",
)
SPECIAL_OPTIONS = (
    "no_stick",
    "left_of_loner",
    "go_under",
    "timed",
    "lone_euchre_4",
    "joker_rule",
    "other_deck",
    "joker",
    "target",
    "deal_limit",
    "throw_in_hands",
)
OTHER_DECKS = {4: (8, 7), 3: (9,), 2: (7,)}


@st.composite
def variants(draw: st.DrawFn) -> tuple[Variant, bool]:
    """A preset with a random overlay of options; also whether the clock will run out."""
    name = draw(st.sampled_from(PRESET_NAMES))
    base = preset(name)
    chosen = draw(st.sets(st.sampled_from(SIMPLE_OPTIONS + SPECIAL_OPTIONS), max_size=7))
    options: dict[str, Any] = {k: True for k in chosen if k in SIMPLE_OPTIONS}
    if "no_stick" in chosen:
        options["stick_the_dealer"] = False
    if "left_of_loner" in chosen:
        options["loner_lead"] = LonerLead.LEFT_OF_LONER
    if "go_under" in chosen:
        options["go_under"] = draw(st.sampled_from([GoUnder.CLEAN, GoUnder.MIXED]))
    if "timed" in chosen:
        options["time_limit_minutes"] = 30
    if "lone_euchre_4" in chosen:
        options["lone_euchre_points"] = 4
    if "joker_rule" in chosen:
        options["joker_upcard_rule"] = draw(st.sampled_from(list(JokerUpcard)))
    if "other_deck" in chosen and not base.joker:
        options["min_rank"] = draw(st.sampled_from(OTHER_DECKS[base.players]))
    elif "joker" in chosen and base.players != 3:
        options["joker"] = True
    if "target" in chosen:
        options["target"] = draw(st.sampled_from([5, 7, 11]))
    if "deal_limit" in chosen:
        options["deal_limit"] = draw(st.integers(1, 8))
    if "throw_in_hands" in chosen:
        kinds = ("nines_tens", "mcevoy", "ace_no_face", "jack_nothing")
        options["throw_in_hands"] = frozenset(draw(st.sets(st.sampled_from(kinds), min_size=1)))
    if options.get("joker") or base.joker:
        options.pop("no_trump", None)
    return base.replace(**options), "timed" in chosen


def play_game(
    variant: Variant, seed: int, policy_seed: int, pass_bias: float, time_up_at: int
) -> GameChecker:
    state = GameState(variant, seed=seed)
    checker = GameChecker(state, random.Random(policy_seed), pass_bias)
    checker.play(time_up_at)
    return checker


PASS_BIASES = st.sampled_from([-1.0, 0.5, 0.75, 0.9])
SEEDS = st.integers(0, 2**32 - 1)


@settings(
    max_examples=max(1, int(700 * SCALE)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    setup=variants(),
    seed=SEEDS,
    policy_seed=SEEDS,
    pass_bias=PASS_BIASES,
    time_up_at=st.integers(0, 400),
)
def test_random_games_keep_every_invariant(
    setup: tuple[Variant, bool], seed: int, policy_seed: int, pass_bias: float, time_up_at: int
) -> None:
    variant, timed = setup
    checker = play_game(variant, seed, policy_seed, pass_bias, time_up_at if timed else -1)
    assert checker.s.game_over
    state = checker.s
    for _ in range(2 if variant.laps else 0):
        state = check_next_game(state)
        lap = GameChecker(state, checker.rng, pass_bias)
        lap.play()


def check_next_game(state: GameState) -> GameState:
    """Laps (docs/rules.md): the winner's excess over the target carries; the others start at 0."""
    v = state.variant
    winner, scores = state.winner, list(state.scores)
    following = state.next_game()
    expect = [max(0, scores[winner] - v.target) if k == winner else 0 for k in range(len(scores))]
    assert list(following.deals[0].scores_before) == expect
    assert following.deals[0].dealer == (state.dealer + 1) % v.players
    return following


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_plays_clean_games(name: str) -> None:
    """A fixed sweep per preset with defaults, so every preset is covered on every run."""
    games = max(1, int(30 * SCALE))
    for k in range(games):
        checker = play_game(
            preset(name),
            seed=k,
            policy_seed=1000 + k,
            pass_bias=(-1.0, 0.5, 0.8)[k % 3],
            time_up_at=-1,
        )
        assert checker.tricks_seen >= 5


def test_a_blind_named_joker_keeps_the_hand_hidden_while_others_answer_go_under() -> None:
    """Seed 527 turns up the Joker and offers another seat to go under first: the dealer,
    who names trump blind, must not see the hand while that seat answers (found by the
    random sweep above)."""
    variant = preset("british").replace(
        joker_upcard_rule=JokerUpcard.DEALER_NAMES_BLIND, go_under=GoUnder.CLEAN
    )
    state = GameState(variant, seed=527)
    assert state.phase == Phase.GO_UNDER and state.upcard == JOKER
    assert state.turn != state.dealer
    assert state.view(state.dealer).hand == ()
    assert state.view(state.turn).hand != ()
    checker = play_game(variant, seed=527, policy_seed=0, pass_bias=-1.0, time_up_at=-1)
    assert checker.s.game_over


@pytest.mark.parametrize("defend_alone", [False, True])
def test_call_for_best_with_the_dealers_pick_up_plays_clean_games(defend_alone: bool) -> None:
    """A fixed sweep where the dealer's partner often plays alone (canadian_loner), so the
    dealer's pick-up to give the best card (call_for_best_dealer_picks_up) comes up often."""
    variant = preset(
        "standard",
        call_for_best=True,
        call_for_best_dealer_picks_up=True,
        canadian_loner=True,
        defend_alone=defend_alone,
    )
    for k in range(max(1, int(20 * SCALE))):
        checker = play_game(variant, seed=k, policy_seed=2000 + k, pass_bias=0.5, time_up_at=-1)
        assert checker.s.game_over


# ----------------------------------------------------------------------------- clone, seeds


def run_policy(state: GameState, rng: random.Random, limit: int = 5_000) -> None:
    for _ in range(limit):
        if state.game_over:
            return
        legal = state.legal_ids()
        state.apply_id(legal[rng.randrange(len(legal))])


def game_record(state: GameState) -> list[tuple[Any, ...]]:
    return [record_fields(d) for d in state.deals] + [(tuple(state.scores), state.winner)]


@settings(max_examples=max(1, int(300 * SCALE)), deadline=None)
@given(setup=variants(), seed=SEEDS, policy_seed=SEEDS, cut=st.integers(0, 300))
def test_same_seed_same_game_and_clone_is_independent(
    setup: tuple[Variant, bool], seed: int, policy_seed: int, cut: int
) -> None:
    variant = setup[0]
    first = GameState(variant, seed=seed)
    run_policy(first, random.Random(policy_seed))
    second = GameState(variant, seed=seed)
    run_policy(second, random.Random(policy_seed))
    assert game_record(first) == game_record(second), "same seed and moves, same game"

    state = GameState(variant, seed=seed)
    rng = random.Random(policy_seed)
    run_policy(state, rng, limit=cut)
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before, "a clone starts equal to the original"
    run_policy(twin, random.Random(policy_seed + 1))
    assert snapshot(state) == before, "playing a clone changed the original"
    copy = state.clone()
    rng_state = rng.getstate()
    run_policy(state, rng)
    rng.setstate(rng_state)
    run_policy(copy, rng)
    assert game_record(copy) == game_record(state), "a clone continues exactly like the original"


def test_clone_with_supplied_decks_is_independent() -> None:
    v = preset("standard")
    rng = random.Random(5)
    decks = []
    for _ in range(3):
        deck = ref_deck(v)
        rng.shuffle(deck)
        decks.append(deck)
    state = GameState(v, dealer=0, decks=decks)
    twin = state.clone()
    run_policy(twin, random.Random(1), limit=400)
    run_policy(state, random.Random(2), limit=400)
    assert len(twin.deals) >= 3 and len(state.deals) >= 3
    for k in range(3):
        assert state.deals[k].deck == bytes(decks[k]), f"deal {k} of the original"
        assert twin.deals[k].deck == bytes(decks[k]), f"deal {k} of the clone"


def test_refused_actions_after_the_game_ends() -> None:
    state = GameState(preset("two-player"), seed=3)
    run_policy(state, random.Random(3))
    assert state.game_over
    before = snapshot(state)
    for action in ("pass", "play Jc", "order", 0, A.PLAY_BASE + 4):
        with pytest.raises(IllegalActionError):
            state.apply(action)
        with pytest.raises(IllegalActionError):
            state.apply(action, seat=0)
    assert snapshot(state) == before
