"""The game state machine: deals, bidding, play, scoring and the match around them.

``GameState`` runs a whole game (a match to the target) for any variant. It deals by
itself from its random source (``seed`` for reproducible games, a cryptographically
secure source otherwise, or explicit ``decks``), stops whenever a player must decide,
and checks every action: ``legal_actions()`` lists them, ``apply()`` performs one or
raises ``IllegalActionError`` and leaves the state unchanged.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from operator import sub
from typing import TypeVar

from . import actions as A
from .cards import (
    CARD_COUNT,
    HEARTS,
    JACK,
    JOKER,
    NO_TRUMP,
    SUITS,
    card,
    card_list,
    cards_in,
    make_deck,
    parse_card,
    rank_of,
    same_colour,
    suit_of,
)
from .deal import DealRecord, deal_hands, upcard_index
from .explain import explain_illegal, explain_not_an_action
from .match import carried_scores, plays_match
from .phases import PHASE_DESCRIPTIONS, Phase
from .rules import (
    EFFECTIVE_SUIT,
    SUIT_MASK,
    is_ace,
    is_face,
    is_nine_or_ten,
    partner,
    trick_winner_index,
)
from .steps import (
    Contract,
    DealEnd,
    GameOver,
    Outcome,
    Step,
    Trick,
    new_end,
    new_step,
    new_summary,
    new_trick,
    plain_step,
)
from .variants import GoUnder, JokerUpcard, LonerLead, Variant
from .views import View, view_of, views_of


class IllegalActionError(ValueError):
    """An action that is not allowed now; the state is unchanged."""

    def __init__(self, message: str, *, seat: int | None, action: str, legal: list[str]) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action
        self.legal = legal


UpcardState = str  # "up", "taken", "down", "out"


class GameState:
    """A whole game of Euchre under one variant."""

    __slots__ = (
        "_deals_before",
        "_decks",
        "_rng",
        "active",
        "alone",
        "bid_index",
        "dealer",
        "deals",
        "game_over",
        "hands",
        "kitty",
        "lone_defender",
        "maker",
        "mcevoy_carried",
        "mcevoy_used",
        "n",
        "pending",
        "phase",
        "record",
        "scores",
        "time_up",
        "time_up_deal",
        "trick",
        "tricks_played",
        "tricks_won",
        "trump",
        "turn",
        "turned_down",
        "under_claim",
        "upcard",
        "upcard_state",
        "variant",
        "winner",
    )
    variant: Variant
    n: int
    phase: Phase
    turn: int
    dealer: int
    scores: list[int]
    hands: list[int]
    kitty: int
    upcard: int
    upcard_state: UpcardState
    trump: int
    turned_down: int | None  # the suit turned down in round 1 (None: not turned down)
    maker: int | None  # None until trump is made
    alone: bool
    lone_defender: int | None
    active: int
    trick: list[int]
    tricks_won: list[int]
    tricks_played: int
    pending: tuple[int, ...]  # seats still to be offered the current choice, in order
    bid_index: int
    under_claim: int | None  # the seat going under (None: nobody)
    record: DealRecord
    deals: list[DealRecord]
    mcevoy_used: int  # a bit a seat: it has thrown in its McEvoy hand in this match
    mcevoy_carried: int  # mcevoy_used as the game started (earlier games of the match)
    game_over: bool  # an attribute, not a property: bots and playouts ask after every action
    time_up: bool
    time_up_deal: int | None  # the number of the deal in progress when the time ran out
    winner: int | None  # the winning side, once the game is over

    def __init__(
        self,
        variant: Variant | None = None,
        *,
        dealer: int | None = None,
        seed: int | None = None,
        scores: Sequence[int] | None = None,
        decks: Iterable[Sequence[int | str]] | None = None,
        rng: random.Random | None = None,
        deals_played: int = 0,
        mcevoy_used: int = 0,
    ) -> None:
        """Start a game and deal its first hand.

        ``seed`` makes every shuffle reproducible; without it the shuffle uses the
        operating system's secure random source. ``decks`` supplies the decks of the
        first deals (card ids or text, index 0 on top); ``dealer`` is chosen at random
        when not given. A game taken up part way (a record replayed deal by deal) starts
        with ``scores``, the ``deals_played`` that count towards a deal limit and the
        seats that have thrown in a McEvoy hand (``mcevoy_used``, a bit a seat: once a
        match, so a match's later game starts with those of its earlier games).
        """
        self.variant = v = variant or Variant()
        self.n = v.players
        if rng is None:
            rng = random.SystemRandom() if seed is None else random.Random(seed)
        self._rng = rng
        self._decks: Iterator[Sequence[int | str]] | None = iter(decks) if decks else None
        self.scores = list(scores) if scores is not None else [0] * v.sides
        if len(self.scores) != v.sides:
            raise ValueError(f"scores need {v.sides} numbers for {v.name}")
        self.dealer = rng.randrange(self.n) if dealer is None else dealer % self.n
        self.deals: list[DealRecord] = []
        self.mcevoy_used = self.mcevoy_carried = mcevoy_used
        self._deals_before = deals_played
        self.time_up = False
        self.time_up_deal = None
        self.winner = None
        self.game_over = False
        self._start_deal()

    # ------------------------------------------------------------------ public API

    @property
    def current_player(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        return None if self.phase == Phase.GAME_OVER else self.turn

    def legal_actions(self) -> list[str]:
        """The actions the current player may take, as protocol text."""
        if self.phase is _PHASE_PLAY:
            return _cards_as(_PLAY_TEXT, self._play_mask())
        return [A.action_text(a) for a in self.legal_ids()]

    def apply(self, action: str | int, seat: int | None = None) -> Step:
        """Perform ``action`` (text or id) for the current player and return what happened.

        With ``seat`` given, the action is refused unless that seat is to act.
        """
        if seat is not None and seat != self.current_player:
            raise self._illegal(seat, _text_of(action), self._not_your_turn(seat))
        # The usual case first: an action exactly as legal_actions() or legal_ids() gives it.
        aid = A.ACTION_IDS.get(action) if isinstance(action, str) else action
        if aid is None or not self._is_legal(aid):
            aid = self._checked_id(action)
        return self.apply_id(aid)

    def _checked_id(self, action: str | int) -> int:
        """``action`` parsed and normalised, if legal; else IllegalActionError saying why."""
        text = _text_of(action)
        try:
            aid = A.parse_action(action) if isinstance(action, str) else _known_id(action)
        except A.ActionError as exc:
            words = explain_not_an_action(self, text, exc.reason)
            raise self._illegal(self.current_player, text, words) from None
        aid = self._normalise(aid)
        if not self._is_legal(aid):
            raise self._illegal(self.current_player, text, self._explain(aid))
        return aid

    def _is_legal(self, aid: int) -> bool:
        if self.phase is _PHASE_PLAY:
            c = aid - A.PLAY_BASE
            return 0 <= c < CARD_COUNT and bool(self._play_mask() >> c & 1)
        return aid in self.legal_ids()

    @property
    def log(self) -> tuple[Step, ...]:
        """The steps of the current deal so far."""
        return self.record.steps

    def signal_time_up(self) -> None:
        """A timed game's clock has run out: the game ends after the current hand.

        See docs/rules.md, option time_limit_minutes.
        """
        if not self.time_up:
            self.time_up, self.time_up_deal = True, self.record.number

    @property
    def tie_break(self) -> bool:
        """A hand dealt after the time ran out, because players were tied for first."""
        deal = self.time_up_deal
        return deal is not None and not self.game_over and self.record.number > deal

    @property
    def deals_counted(self) -> int:
        """The deals that count towards ``deal_limit`` (docs/rules.md): scored, thrown in
        after everyone passed, or forfeited; a deal voided before the bidding does not."""
        played = sum(1 for d in self.deals if d.outcome is not None and d.outcome.counts)
        return self._deals_before + played

    @property
    def ended_on_time(self) -> bool:
        """The game was ended by its time limit, not by a side reaching the target."""
        return self.game_over and self.time_up and not self._target_reached()

    @property
    def ended_on_deals(self) -> bool:
        """The game was ended by its deal limit, not by a side reaching the target (nor by
        the time limit, which a game may have besides)."""
        limit = self.variant.deal_limit
        if not self.game_over or self.time_up or not limit or self._target_reached():
            return False
        return self.deals_counted >= limit

    def _target_reached(self) -> bool:
        target = self.variant.target
        return bool(target) and max(self.scores) >= target

    def hand_of(self, seat: int) -> list[int]:
        return card_list(self.hands[seat])

    def side_of(self, seat: int) -> int:
        """Index into ``scores`` for a seat (a team of two in partnership games)."""
        return seat % 2 if self.n == 4 else seat

    def partner_of(self, seat: int) -> int | None:
        return partner(seat) if self.n == 4 else None

    @property
    def trick_seats(self) -> list[int]:
        """Who played each card of the trick in progress (the latest steps of the log)."""
        played = len(self.trick)
        return [step.seat for step in self.record.steps[-played:]] if played else []

    def is_active(self, seat: int) -> bool:
        return bool(self.active >> seat & 1)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now (None: a spectator)."""
        return view_of(self, seat)

    def views(self, seats: Sequence[int | None]) -> list[View]:
        """:meth:`view` for each of ``seats``, made together."""
        return views_of(self, seats)

    def clone(self) -> GameState:
        """An independent copy (the random source is copied too)."""
        other = object.__new__(GameState)
        for name in GameState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.scores = self.scores[:]
        other.trick = self.trick[:]
        other.tricks_won = self.tricks_won[:]
        other.deals = [*self.deals[:-1], _copy_record(self.record)]
        other.record = other.deals[-1]
        if not isinstance(self._rng, random.SystemRandom):
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        if self._decks is not None:
            # An iterator cannot be shared: each copy gets its own over the decks still unused.
            unused = list(self._decks)
            self._decks, other._decks = iter(unused), iter(unused)
        return other

    def next_game(self) -> GameState:
        """The next game of a match (docs/rules.md #laps): with laps, the winner's points
        above the target carried, and the McEvoy hands thrown in stay used. (A match's
        games and rubber: ``match.Match``.)"""
        if not self.game_over or self.winner is None:
            raise ValueError("the game is not over yet")
        carried = carried_scores(self.variant, self.scores, self.winner)
        return GameState(
            self.variant,
            dealer=(self.dealer + 1) % self.n,
            scores=carried,
            rng=self._rng,
            mcevoy_used=self.mcevoy_used if plays_match(self.variant) else 0,
        )

    # ------------------------------------------------------------------ dealing

    def _next_deck(self) -> list[int]:
        v = self.variant
        if self._decks is not None:
            supplied = next(self._decks, None)
            if supplied is not None:
                deck = [c if isinstance(c, int) else parse_card(c) for c in supplied]
                _check_deck(deck, v)
                return deck
            self._decks = None
        deck = list(_fresh_deck(v.min_rank - 7, v.joker))
        self._rng.shuffle(deck)
        return deck

    def _start_deal(self) -> None:
        deck = self._next_deck()
        n = self.n
        self.record = DealRecord(len(self.deals), self.dealer, bytes(deck), tuple(self.scores))
        self.deals.append(self.record)
        self.hands = deal_hands(deck, self.dealer, n)
        up = upcard_index(n)
        self.upcard = deck[up]
        self.kitty = sum(1 << c for c in deck[up:])
        self.upcard_state = "up"
        self.trump = NO_TRUMP
        self.turned_down = None
        self.maker = None
        self.alone = False
        self.lone_defender = None
        self.active = (1 << n) - 1
        self.trick = []
        self.tricks_won = [0] * n
        self.tricks_played = 0
        self.under_claim = None
        self.pending = ()
        self.bid_index = 0
        if self.variant.farmers_hand:
            farmers = tuple(seat for seat, hand in enumerate(self.hands) if _farmers(hand))
            if farmers:
                self._end_deal(Outcome.FARMERS, rotate=False, farmers=farmers)
                return
        self._offer_go_under()

    def _next_pending(self) -> int:
        seat, self.pending = self.pending[0], self.pending[1:]
        return seat

    def _seat_at(self, offset: int) -> int:
        return (self.dealer + 1 + offset) % self.n

    def _in_order_from_left(self) -> list[int]:
        return [self._seat_at(i) for i in range(self.n)]

    def _offer_go_under(self) -> None:
        if self.variant.go_under != GoUnder.OFF:
            self.pending = tuple(s for s in self._in_order_from_left() if self._under_choices(s))
            if self.pending:
                self.phase, self.turn = Phase.GO_UNDER, self._next_pending()
                return
        self._offer_throw_in()

    def _under_choices(self, seat: int) -> list[int]:
        low = [c for c in cards_in(self.hands[seat]) if is_nine_or_ten(c)]
        if self.variant.go_under == GoUnder.CLEAN:
            groups = [[c for c in low if rank_of(c) == r] for r in {rank_of(c) for c in low}]
        else:
            groups = [low]
        return sorted(
            {A.under_id(sum(1 << c for c in trio)) for g in groups for trio in combinations(g, 3)}
        )

    def _finish_go_under(self) -> None:
        seat = self.under_claim
        if seat is not None:
            shown = self.record.under_mask
            up = upcard_index(self.n)
            received = sum(1 << c for c in self.record.deck[up + 1 : up + 4])
            self.hands[seat] = self.hands[seat] ^ shown | received
            self.kitty = self.kitty ^ received | shown
        self._offer_throw_in()

    def _offer_throw_in(self) -> None:
        if self.variant.throw_in_hands:
            self.pending = tuple(s for s in self._in_order_from_left() if self._may_throw_in(s))
            if self.pending:
                self.phase, self.turn = Phase.THROW_IN_CLAIM, self._next_pending()
                return
        self._begin_bidding()

    def _may_throw_in(self, seat: int) -> bool:
        hand = card_list(self.hands[seat])
        kinds = self.variant.throw_in_hands
        low = sum(1 for c in hand if is_nine_or_ten(c))
        if low == len(hand) and (
            "nines_tens" in kinds or ("mcevoy" in kinds and not self.mcevoy_used >> seat & 1)
        ):
            return True
        no_face = not any(is_face(c) or c == JOKER for c in hand)
        if "ace_no_face" in kinds and no_face and any(map(is_ace, hand)):
            return True
        jacks = sum(1 for c in hand if rank_of(c) == JACK)
        return "jack_nothing" in kinds and jacks == 1 and low == len(hand) - 1

    def _begin_bidding(self) -> None:
        if self.upcard == JOKER and self.variant.joker_upcard_rule != JokerUpcard.FIXED_HEARTS:
            self.phase, self.turn = Phase.JOKER_NAME, self.dealer
            return
        self.phase, self.bid_index, self.turn = Phase.BID_R1, 0, self._seat_at(0)

    @property
    def upcard_suit(self) -> int:
        """The suit the turn-up proposes (hearts for a Joker under FIXED_HEARTS)."""
        return HEARTS if self.upcard == JOKER else suit_of(self.upcard)

    # ------------------------------------------------------------------ legal actions

    def legal_ids(self) -> list[int]:
        """Legal action ids for the current player."""
        phase = self.phase
        if phase is _PHASE_PLAY:
            return _cards_as(_PLAY_IDS, self._play_mask())
        handler = _LEGAL[phase]
        return handler(self)

    def _play_mask(self) -> int:
        """The cards the player to act may play (docs/rules.md §2.10)."""
        hand: int = self.hands[self.turn]
        trick = self.trick
        if not trick:
            return hand
        trump = self.trump
        return hand & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][trick[0]]] or hand

    def _legal_bid_r1(self) -> list[int]:
        seat = self.turn
        out = [A.PASS]
        if not self._may_make(seat, self.upcard_suit, first_round=True):
            return out
        if self._forced_alone(seat):
            return [A.PASS, A.ORDER_ALONE]
        out.append(A.ORDER)
        if self.variant.alone_possible:
            out.append(A.ORDER_ALONE)
        return out

    def _legal_bid_r2(self) -> list[int]:
        v = self.variant
        seat = self.turn
        stuck = seat == self.dealer and v.stick_the_dealer
        suits = [
            s
            for s in SUITS
            if s != self.turned_down or (stuck and v.stuck_dealer_may_name_turned_down)
        ]
        allowed = [s for s in suits if self._may_make(seat, s, first_round=False)]
        if stuck and not allowed:
            allowed = [s for s in SUITS if s != self.turned_down]
        if v.no_trump:
            allowed.append(NO_TRUMP)
        out = [] if stuck else [A.PASS]
        for s in allowed:
            out.append(A.call_id(s, False))
            if v.alone_possible:
                out.append(A.call_id(s, True))
        if stuck and v.stuck_dealer_may_forfeit:
            out.append(A.FORFEIT)
        return out

    def _legal_joker_name(self) -> list[int]:
        alone = self.variant.alone_possible
        return [A.call_id(s, a) for s in SUITS for a in ((False, True) if alone else (False,))]

    def _legal_dealer_discard(self) -> list[int]:
        hand = self.hands[self.turn]
        if not self.variant.dealer_may_discard_upcard:
            hand &= ~(1 << self.upcard)
        out = [A.DISCARD_BASE + c for c in cards_in(hand)]
        if self._dealer_may_decline():
            out.insert(0, A.PASS)
        return out

    def _legal_best_discard(self) -> list[int]:
        return [A.DISCARD_BASE + c for c in cards_in(self.hands[self.turn])]

    def _legal_give(self) -> list[int]:
        return [A.GIVE_BASE + c for c in cards_in(self.hands[self.turn])]

    def _legal_under(self) -> list[int]:
        return [A.PASS, *self._under_choices(self.turn)]

    def _legal_offer(self, accept: int) -> list[int]:
        return [A.PASS, accept]

    def _may_make(self, seat: int, suit: int, *, first_round: bool) -> bool:
        """Minimum-trump rule (docs/rules.md): hold a natural trump of ``suit``."""
        if not self.variant.minimum_trump:
            return True
        hand = self.hands[seat]
        if first_round and seat == self.dealer and self.variant.min_trump_dealer_counts_upcard:
            hand |= 1 << self.upcard
        natural = 0xFF << (8 * suit)
        return bool(hand & natural)

    def _forced_alone(self, seat: int) -> bool:
        """Canadian loner (always on in British): the dealer's partner orders only alone."""
        return self.variant.canadian_loner and self.n == 4 and seat == partner(self.dealer)

    def _dealer_may_decline(self) -> bool:
        v = self.variant
        return (
            self.n == 2
            and self.maker != self.dealer
            and not v.two_player_dealer_must_take
            and self.upcard_state == "taken"
        )

    # ------------------------------------------------------------------ applying

    def _normalise(self, aid: int) -> int:
        if aid == A.ORDER and self.phase == Phase.BID_R1 and self._forced_alone(self.turn):
            return A.ORDER_ALONE
        return aid

    def apply_id(self, aid: int) -> Step:
        """Fast path for an action id already known to be legal (bots, playouts)."""
        phase = self.phase
        seat = self.turn
        record = self.record
        if phase is _PHASE_PLAY:
            c = aid - A.PLAY_BASE
            trick = self._play(seat, c)
            step = _PLAY_STEPS[seat][c]
            if trick is not None:
                end = None if record.result is None else self._deal_end(record)
                step = new_step(seat, step.action, phase, trick, None, end)
            record.steps += (step,)
            return step
        _APPLY[phase](self, seat, aid)
        step = plain_step(seat, aid, phase)
        if aid in _CONTRACT_ACTIONS and self.maker is not None and record is self.record:
            step = _with_contract(step, self._contract())
        if record is not self.record or self.game_over:
            step = self._followed(step, record)
        record.steps += (step,)
        return step

    def _contract(self) -> Contract:
        """The contract as it stands (shared: contracts are immutable and few)."""
        assert self.maker is not None
        key = (self.maker, self.trump, self.alone, self.lone_defender)
        found = _CONTRACTS.get(key)
        if found is None:
            found = _CONTRACTS[key] = Contract(*key)
        return found

    def _followed(self, step: Step, record: DealRecord) -> Step:
        """``step`` with the deals it ended, the next dealer and the game's end."""
        end = self._deal_end(record)
        if end is None:
            return step
        return Step(step.seat, step.action, step.phase, step.trick, step.contract, end)

    def _deal_end(self, record: DealRecord) -> DealEnd | None:
        """What followed the end of ``record``'s deal (None while it goes on)."""
        if record.result is None:
            return None
        ended = [d.result for d in self.deals[record.number :] if d.result is not None]
        over = None if self.winner is None else GameOver(self.winner, tuple(self.scores))
        next_dealer = None if self.game_over else self.dealer
        return new_end(tuple(ended), next_dealer, over)

    def _apply_go_under(self, seat: int, aid: int) -> None:
        if aid != A.PASS:
            if self.under_claim is not None:
                self._end_deal(Outcome.MISDEAL, rotate=False)
                return
            self.under_claim = seat
            self.record.under_mask = aid ^ A.UNDER_FLAG
        if self.pending:
            self.turn = self._next_pending()
        else:
            self._finish_go_under()

    def _apply_throw_in(self, seat: int, aid: int) -> None:
        if aid == A.REDEAL:
            if all(is_nine_or_ten(c) for c in cards_in(self.hands[seat])):
                self.mcevoy_used |= 1 << seat
            self._end_deal(Outcome.REDEAL, rotate=False)
        elif self.pending:
            self.turn = self._next_pending()
        else:
            self._begin_bidding()

    def _apply_joker_name(self, seat: int, aid: int) -> None:
        suit, alone = divmod(aid - A.CALL_BASE, 2)
        self._make_trump(seat, suit, bool(alone))
        self._pick_up()

    def _apply_bid_r1(self, seat: int, aid: int) -> None:
        if aid == A.PASS:
            self.bid_index += 1
            if self.bid_index == self.n:
                self.phase, self.bid_index = Phase.BID_R2, 0
                self.turned_down = self.upcard_suit
                self.upcard_state = "down"
            self.turn = self._seat_at(self.bid_index)
            return
        self._make_trump(seat, self.upcard_suit, aid == A.ORDER_ALONE)
        if not self._offer_take_alone(seat):
            self._pick_up()

    def _apply_bid_r2(self, seat: int, aid: int) -> None:
        if aid == A.PASS:
            self.bid_index += 1
            if self.bid_index == self.n:
                self._end_deal(Outcome.THROW_IN, rotate=not self.variant.throw_in_same_dealer)
            else:
                self.turn = self._seat_at(self.bid_index)
            return
        if aid == A.FORFEIT:
            for side in range(len(self.scores)):
                if side != self.side_of(seat):
                    self.scores[side] += 1
            self._end_deal(Outcome.FORFEIT, rotate=True)
            return
        suit, alone = divmod(aid - A.CALL_BASE, 2)
        self._make_trump(seat, suit, bool(alone))
        if not self._offer_take_alone(seat):
            self._after_discard()

    def _make_trump(self, seat: int, suit: int, alone: bool) -> None:
        self.trump, self.maker, self.alone = suit, seat, alone
        if alone:
            self.active &= ~(1 << partner(seat))

    def _offer_take_alone(self, maker: int) -> bool:
        """The maker's partner, if still to bid this round, may take the hand alone.

        See docs/rules.md, option maker_partner_may_go_alone.
        """
        v = self.variant
        if not (v.maker_partner_may_go_alone and v.alone_possible and not self.alone):
            return False
        taker = partner(maker)
        if (taker - self.dealer - 1) % 4 < self.bid_index:
            return False
        self.phase, self.turn = Phase.TAKE_ALONE, taker
        return True

    def _apply_take_alone(self, seat: int, aid: int) -> None:
        if aid == A.TAKE_ALONE:
            self.active &= ~(1 << self.maker_seat)
            self.maker, self.alone = seat, True
        if self.turned_down is None:
            self._pick_up()
        else:
            self._after_discard()

    def _pick_up(self) -> None:
        """The dealer takes the turn-up (or the Joker) unless sitting out (docs/rules.md §2.5)."""
        dealer = self.dealer
        if not self.active >> dealer & 1:
            self.upcard_state = "out"
            self._after_discard()
            return
        self._take_upcard()
        self.phase, self.turn = Phase.DEALER_DISCARD, dealer

    def _take_upcard(self) -> None:
        self.hands[self.dealer] |= 1 << self.upcard
        self.kitty &= ~(1 << self.upcard)
        self.upcard_state = "taken"

    def _apply_dealer_discard(self, seat: int, aid: int) -> None:
        if aid == A.PASS:  # two-player: the dealer declines the exchange
            self.hands[seat] &= ~(1 << self.upcard)
            self.kitty |= 1 << self.upcard
            self.upcard_state = "out"
        else:
            c = aid - A.DISCARD_BASE
            self.hands[seat] &= ~(1 << c)
            self.kitty |= 1 << c
        self._after_discard()

    def _after_discard(self) -> None:
        v = self.variant
        if v.defend_alone and self.alone and self.n == 4:
            maker = self.maker_seat
            self.pending = ((maker + 1) % 4, (maker + 3) % 4)
            self.phase, self.turn = Phase.DEFEND_ALONE, self._next_pending()
            return
        self._offer_best()

    def _apply_defend_alone(self, seat: int, aid: int) -> None:
        if aid == A.DEFEND_ALONE:
            self.lone_defender = seat
            self.active &= ~(1 << partner(seat))
            self.pending = ()
        if self.pending:
            self.turn = self._next_pending()
        else:
            self._offer_best()

    def _offer_best(self) -> None:
        if self.variant.call_for_best and self.n == 4 and self.alone:
            loners = [self.maker_seat]
            if self.lone_defender is not None:
                loners.append(self.lone_defender)
            self.pending = tuple(loners)
            self._next_best_offer()
        else:
            self._start_play()

    def _next_best_offer(self) -> None:
        if self.pending:
            self.phase, self.turn = Phase.CALL_FOR_BEST, self._next_pending()
        else:
            self._start_play()

    def _apply_call_for_best(self, seat: int, aid: int) -> None:
        if aid == A.CALL_FOR_BEST:
            if dealer_picks_up_for_best(self.variant, self.dealer, seat, self.upcard_state):
                self._take_upcard()  # six cards to choose the gift from; no discard follows
            self.phase, self.turn = Phase.GIVE_BEST, partner(seat)
        else:
            self._next_best_offer()

    def _apply_give(self, seat: int, aid: int) -> None:
        c = aid - A.GIVE_BASE
        receiver = partner(seat)
        self.hands[seat] &= ~(1 << c)
        self.hands[receiver] |= 1 << c
        self.phase, self.turn = Phase.BEST_DISCARD, receiver

    def _apply_best_discard(self, seat: int, aid: int) -> None:
        c = aid - A.DISCARD_BASE
        self.hands[seat] &= ~(1 << c)
        self.kitty |= 1 << c
        self._next_best_offer()

    # ------------------------------------------------------------------ play

    def first_leader(self) -> int:
        """Who leads the first trick (docs/rules.md §2.11 and option loner_lead)."""
        if self.n == 4 and self.alone and self.variant.loner_lead == LonerLead.LEFT_OF_LONER:
            return self._next_active(self.maker_seat)
        return self._next_active(self.dealer)

    def _next_active(self, seat: int) -> int:
        return _NEXT_ACTIVE[self.active][seat]

    def _start_play(self) -> None:
        self.phase, self.turn = Phase.PLAY, self.first_leader()

    def _play(self, seat: int, c: int) -> Trick | None:
        """Play card ``c``; the trick it completes, if it completes one."""
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trick.append(c)
        active = self.active
        if len(trick) < active.bit_count():
            self.turn = _NEXT_ACTIVE[active][seat]
            return None
        seats = _TRICK_SEATS[active][seat]
        winner = seats[trick_winner_index(trick, self.trump)]
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        done = new_trick(self.tricks_played, seats, bytes(trick), winner)
        self.trick = []
        if self.tricks_played == 5:
            self._score()
        else:
            self.turn = winner
        return done

    # ------------------------------------------------------------------ scoring

    @property
    def maker_seat(self) -> int:
        """The maker, once trump is made (the play and the scoring ask; an error before)."""
        if self.maker is None:
            raise ValueError("trump is not made yet")
        return self.maker

    def makers_tricks(self) -> int:
        maker = self.maker_seat
        if self.n == 4:
            return self.tricks_won[maker] + self.tricks_won[partner(maker)]
        return self.tricks_won[maker]

    def hand_points(self) -> list[int]:
        """Points each side scores for the hand just played (docs/rules.md §2.12, §3.5, §3.6)."""
        return _SCORING[self.n](self, self.makers_tricks())

    def _score(self) -> None:
        for side, p in enumerate(self.hand_points()):
            self.scores[side] += p
        self._end_deal(Outcome.SCORED, rotate=True)

    def _end_deal(self, outcome: Outcome, *, rotate: bool, farmers: tuple[int, ...] = ()) -> None:
        record = self.record
        contract: Contract | None = None
        tricks: tuple[int, ...] = ()
        if self.maker is not None:
            contract = self._contract()
            tricks = self._tricks_by_side()
        scores = tuple(self.scores)
        points = tuple(map(sub, scores, record.scores_before))
        record.result = new_summary(
            record.number, record.dealer, outcome, points, scores, tricks, contract, farmers
        )
        if self._game_ends():
            self.phase, self.turn, self.game_over = Phase.GAME_OVER, -1, True
            self.winner = self.scores.index(max(self.scores))
            return
        if rotate:
            self.dealer = (self.dealer + 1) % self.n
        self._start_deal()

    def _tricks_by_side(self) -> tuple[int, ...]:
        won = self.tricks_won
        if self.n == 4:  # partnerships: seats 0 and 2, 1 and 3 (side_of)
            return (won[0] + won[2], won[1] + won[3])
        return tuple(won)

    def _game_ends(self) -> bool:
        v = self.variant
        top = max(self.scores)
        if self.scores.count(top) > 1:
            return False  # no tie for first: play on (docs/rules.md §2.13)
        if v.target and top >= v.target:
            return True
        if self.time_up:
            return True
        return bool(v.deal_limit) and self.deals_counted >= v.deal_limit

    # ------------------------------------------------------------------ errors

    def _illegal(self, seat: int | None, text: str, message: str) -> IllegalActionError:
        return IllegalActionError(message, seat=seat, action=text, legal=self.legal_actions())

    def _not_your_turn(self, seat: int) -> str:
        if self.game_over:
            return "the game is over: no more actions"
        return (
            f"not your turn: seat {self.turn} is to act in {PHASE_DESCRIPTIONS[self.phase]}"
            f" (you are seat {seat})"
        )

    def _explain(self, aid: int) -> str:
        return explain_illegal(self, aid)


def dealer_picks_up_for_best(
    variant: Variant, dealer: int, caller: int, upcard: UpcardState
) -> bool:
    """Whether ``caller``'s call for best makes the dealer take the turn-up first: with
    option call_for_best_dealer_picks_up, when the caller is the dealer's partner and the
    dealer, sitting out, left the turn-up on the kitty (``upcard`` "out": the partner went
    alone in round 1). See docs/rules.md, option call_for_best_dealer_picks_up."""
    return (
        variant.call_for_best_dealer_picks_up
        and upcard == "out"
        and variant.players == 4
        and caller == partner(dealer)
    )


def _id_text(aid: int) -> str:
    """The text of an action id; an id that names no action is shown as its number."""
    try:
        return A.action_text(aid)
    except (KeyError, IndexError):
        return str(aid)


def _text_of(action: str | int) -> str:
    return action if isinstance(action, str) else _id_text(action)


def _known_id(aid: int) -> int:
    if _id_text(aid) == str(aid):
        raise A.ActionError(f"{aid} is not an action id: send one of the legal actions")
    return aid


def _copy_record(r: DealRecord) -> DealRecord:
    return dataclasses.replace(r)


# The actions that make or change the contract (a pass declines an offer to change it).
_CONTRACT_ACTIONS = frozenset(
    [A.ORDER, A.ORDER_ALONE, A.TAKE_ALONE, A.DEFEND_ALONE]
    + [A.call_id(suit, alone) for suit in range(5) for alone in (False, True)]
)
_CONTRACTS: dict[tuple[int, int, bool, int | None], Contract] = {}
_CONTRACT_STEPS: dict[tuple[int, int, int, int, int, bool, int | None], Step] = {}


def _with_contract(step: Step, contract: Contract) -> Step:
    """``step`` with the contract it made (shared, like plain steps: a deal keeps it)."""
    c = contract
    key = (step.seat, step.action.id, step.phase, c.maker, c.trump, c.alone, c.lone_defender)
    found = _CONTRACT_STEPS.get(key)
    if found is None:
        found = _CONTRACT_STEPS[key] = Step(step.seat, step.action, step.phase, contract=c)
    return found


def _farmers(hand: int) -> bool:
    return sum(1 for c in cards_in(hand) if is_nine_or_ten(c)) >= 4


def _check_deck(deck: list[int], v: Variant) -> None:
    expected = sorted(make_deck(v.min_rank - 7, v.joker))
    if sorted(deck) != expected:
        raise ValueError(f"a deck for {v.name} must hold each of its {v.deck_size} cards once")


def _score_partnership(state: GameState, made: int) -> list[int]:
    v = state.variant
    points = [0, 0]
    makers = state.maker_seat % 2
    alone = state.alone
    if made >= 3 and not (alone and v.alone_must_take_5 and made < 5):
        points[makers] = (v.loner_march_points if alone else 2) if made == 5 else 1
        return points
    award = 2
    if v.super_euchre and made == 0:
        award = 4
    if alone:
        award = max(award, v.lone_euchre_points)
    if state.lone_defender is not None:
        award = max(award, 4)
    points[1 - makers] = award
    return points


def _score_cutthroat(state: GameState, made: int) -> list[int]:
    points = [0, 0, 0]
    maker = state.maker_seat
    if made >= 3:
        points[maker] = 3 if made == 5 else 1
        return points
    award = 4 if state.variant.super_euchre and made == 0 else 2
    return [0 if s == maker else award for s in range(3)]


def _score_two_player(state: GameState, made: int) -> list[int]:
    points = [0, 0]
    maker = state.maker_seat
    if made >= 3:
        points[maker] = 2 if made == 5 else 1
    else:
        points[1 - maker] = 4 if state.variant.super_euchre and made == 0 else 2
    return points


_T = TypeVar("_T")
_PHASE_PLAY = Phase.PLAY  # the state holds Phase members: tested by identity, the cheapest test
_DECKS: dict[tuple[int, bool], tuple[int, ...]] = {}
# _PLAY_STEPS[seat][card]: the step of a card played that completes no trick.
_PLAY_STEPS: tuple[tuple[Step, ...], ...] = tuple(
    tuple(plain_step(seat, A.PLAY_BASE + c, Phase.PLAY) for c in range(CARD_COUNT))
    for seat in range(4)
)


def _round_from(active: int, seat: int) -> tuple[int, ...]:
    """The active seats (a mask) after ``seat`` round the table, ending with ``seat`` if it
    is active. The mask alone gives the order for any number of players: seats a game
    does not have are never active."""
    return tuple(s % 4 for s in range(seat + 1, seat + 5) if active >> (s % 4) & 1)


# Tables by the active seats (a mask) and a seat, shared by every game.
# _NEXT_ACTIVE[active][seat]: the next active seat after seat (-1 when none is active).
_NEXT_ACTIVE: tuple[tuple[int, ...], ...] = tuple(
    tuple((*_round_from(active, seat), -1)[0] for seat in range(4)) for active in range(16)
)
# _TRICK_SEATS[active][last]: who played a trick, in order, that ``last`` completed.
_TRICK_SEATS: tuple[tuple[bytes, ...], ...] = tuple(
    tuple(bytes(_round_from(active, last)) for last in range(4)) for active in range(16)
)


_BySuit = tuple[tuple[tuple[_T, ...], ...], ...]


def _by_suit(table: Sequence[_T]) -> _BySuit[_T]:
    """``table`` (by card) split by suit: for each suit, the entries of each byte of a mask
    of that suit's cards (8 bits a suit), then the Joker's (bit 32)."""
    suits = tuple(
        tuple(tuple(table[8 * suit + r] for r in range(8) if bits >> r & 1) for bits in range(256))
        for suit in range(4)
    )
    return (*suits, ((), (table[JOKER],)))


def _cards_as(by_suit: _BySuit[_T], mask: int) -> list[_T]:
    """The entries of the cards in ``mask``, in card order: a look-up a suit costs less
    than a loop over the bits on this hot path."""
    clubs, diamonds, spades, hearts, joker = by_suit
    return [
        *clubs[mask & 255],
        *diamonds[mask >> 8 & 255],
        *spades[mask >> 16 & 255],
        *hearts[mask >> 24 & 255],
        *joker[mask >> 32],
    ]


_PLAY_IDS = _by_suit(tuple(A.PLAY_BASE + c for c in range(CARD_COUNT)))
_PLAY_TEXT = _by_suit(tuple(A.action_text(A.PLAY_BASE + c) for c in range(CARD_COUNT)))


def _fresh_deck(min_rank_index: int, joker: bool) -> tuple[int, ...]:
    key = (min_rank_index, joker)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = tuple(make_deck(min_rank_index, joker))
    return deck


_SCORING = {4: _score_partnership, 3: _score_cutthroat, 2: _score_two_player}

_LEGAL: dict[Phase, Callable[[GameState], list[int]]] = {
    Phase.GO_UNDER: GameState._legal_under,
    Phase.THROW_IN_CLAIM: lambda s: s._legal_offer(A.REDEAL),
    Phase.JOKER_NAME: GameState._legal_joker_name,
    Phase.BID_R1: GameState._legal_bid_r1,
    Phase.TAKE_ALONE: lambda s: s._legal_offer(A.TAKE_ALONE),
    Phase.BID_R2: GameState._legal_bid_r2,
    Phase.DEALER_DISCARD: GameState._legal_dealer_discard,
    Phase.DEFEND_ALONE: lambda s: s._legal_offer(A.DEFEND_ALONE),
    Phase.CALL_FOR_BEST: lambda s: s._legal_offer(A.CALL_FOR_BEST),
    Phase.GIVE_BEST: GameState._legal_give,
    Phase.BEST_DISCARD: GameState._legal_best_discard,
    Phase.GAME_OVER: lambda s: [],
}

_APPLY: dict[Phase, Callable[[GameState, int, int], None]] = {
    Phase.GO_UNDER: GameState._apply_go_under,
    Phase.THROW_IN_CLAIM: GameState._apply_throw_in,
    Phase.JOKER_NAME: GameState._apply_joker_name,
    Phase.BID_R1: GameState._apply_bid_r1,
    Phase.TAKE_ALONE: GameState._apply_take_alone,
    Phase.BID_R2: GameState._apply_bid_r2,
    Phase.DEALER_DISCARD: GameState._apply_dealer_discard,
    Phase.DEFEND_ALONE: GameState._apply_defend_alone,
    Phase.CALL_FOR_BEST: GameState._apply_call_for_best,
    Phase.GIVE_BEST: GameState._apply_give,
    Phase.BEST_DISCARD: GameState._apply_best_discard,
}

__all__ = [
    "EFFECTIVE_SUIT",
    "SUIT_MASK",
    "GameState",
    "IllegalActionError",
    "Phase",
    "card",
    "dealer_picks_up_for_best",
    "same_colour",
]
