"""The fast playout path must play exactly the Standard rules that GameState plays."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from euchre.engine import GameState, Phase, preset
from euchre.engine.actions import (
    DISCARD_BASE,
    ORDER,
    ORDER_ALONE,
    PASS,
    PLAY_BASE,
    action_text,
    call_id,
    is_play,
)
from euchre.engine.cards import card_list, mask_of, parse_card
from euchre.engine.deal import deck_from_hands
from euchre.engine.playout import (
    DECK,
    FULL_DECK_MASK,
    NO_SEAT,
    Log,
    Outcome,
    deal,
    play_random,
    random_hand,
    random_tricks,
    score,
)
from euchre.engine.rules import trick_winner_index

HEARTS = 3


def cards(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


def tricks_by_seat(actions: list[tuple[int, int]], trump: int, per_trick: int) -> list[int]:
    """Tricks won by seat, worked out from a deal's log with the rules module."""
    plays = [(seat, aid - PLAY_BASE) for seat, aid in actions if is_play(aid)]
    taken = [0, 0, 0, 0]
    for start in range(0, len(plays), per_trick):
        trick = plays[start : start + per_trick]
        best = trick_winner_index([c for _, c in trick], trump)
        taken[trick[best][0]] += 1
    return taken


class Reluctant(random.Random):
    """A random source whose first ``passes`` decisions draw 0: the first option, which
    is a pass while bidding. Uniform bidding almost never passes eight times running;
    this reaches the stuck dealer and thrown-in hands."""

    def __init__(self, seed: int, passes: int) -> None:
        super().__init__(seed)
        self.passes = passes

    def getrandbits(self, k: int, /) -> int:
        if k == 8 and self.passes > 0:
            self.passes -= 1
            return 0
        return super().getrandbits(k)


class Replay:
    """One fast-path hand replayed through GameState's public API, step by step."""

    def __init__(self, seed: int, stick_the_dealer: bool) -> None:
        rng = Reluctant(seed, passes=seed % 9)
        self.dealer = seed % 4
        self.hands, self.upcard, self.kitty = deal(rng)
        self.log: Log = []
        self.outcome: Outcome = play_random(
            list(self.hands),
            self.upcard,
            self.dealer,
            rng,
            stick_the_dealer=stick_the_dealer,
            log=self.log,
        )
        deck = deck_from_hands(
            [card_list(h) for h in self.hands],
            self.dealer,
            self.upcard,
            card_list(self.kitty),
        )
        variant = preset("standard" if stick_the_dealer else "classic")
        self.state = GameState(variant, dealer=self.dealer, decks=[deck], seed=seed)
        self.contract: tuple[int, int, bool, int] | None = None

    def run(self) -> None:
        state = self.state
        for seat, aid, options in self.log:
            assert state.deals[-1] is state.deals[0], "GameState ended the deal early"
            assert state.turn == seat
            assert tuple(state.legal_ids()) == options
            assert action_text(aid) in state.legal_actions()
            if state.phase == Phase.PLAY and self.contract is None:
                self.contract = (state.maker, state.trump, state.alone, state.active)
            state.apply(action_text(aid), seat=seat)
        assert len(state.deals) == 2, "GameState expected more decisions than the fast path"


@pytest.mark.parametrize("stick_the_dealer", [True, False])
def test_fast_path_agrees_with_game_state(stick_the_dealer: bool) -> None:
    seen: Counter[str] = Counter()
    for seed in range(1500):
        replay = Replay(seed, stick_the_dealer)
        replay.run()
        record = replay.state.deals[0]
        outcome = replay.outcome
        assert [(s, a) for s, a, _ in replay.log] == record.actions()
        assert record.points == outcome.points
        if outcome.maker < 0:
            assert record.outcome == "throw-in"
            assert not stick_the_dealer
            seen["throw-in"] += 1
            continue
        assert record.outcome == "scored"
        assert replay.contract is not None
        maker, trump, alone, active = replay.contract
        assert (outcome.maker, outcome.trump, outcome.alone) == (maker, trump, alone)
        per_trick = active.bit_count()
        assert list(outcome.tricks) == tricks_by_seat(record.actions(), trump, per_trick)
        assert sum(outcome.tricks) == 5
        seen["alone" if alone else "partners"] += 1
        seen[f"points {max(outcome.points)}"] += 1
        if outcome.maker == replay.dealer and any(a == ORDER for _, a, _ in replay.log):
            seen["dealer orders"] += 1
        if alone and (maker + 2) % 4 == replay.dealer:
            seen["dealer sits out"] += 1
        if any(len(options) == 6 for _, _, options in replay.log):
            seen["stuck dealer"] += 1
    # The comparison only counts if the seeds reached every kind of hand.
    kinds = ["alone", "partners", "points 1", "points 2", "points 4", "dealer sits out"]
    kinds += ["dealer orders"]
    kinds += ["stuck dealer"] if stick_the_dealer else ["throw-in"]
    for kind in kinds:
        assert seen[kind] > 0, kind
    assert seen["stuck dealer" if not stick_the_dealer else "throw-in"] == 0


def test_deal_is_a_partition_of_the_deck() -> None:
    rng = random.Random(7)
    for _ in range(500):
        hands, upcard, kitty = deal(rng)
        assert [h.bit_count() for h in hands] == [5, 5, 5, 5]
        assert kitty.bit_count() == 3
        everything = hands[0] | hands[1] | hands[2] | hands[3] | 1 << upcard | kitty
        assert everything == FULL_DECK_MASK
        assert sum(h.bit_count() for h in hands) + 4 == len(DECK)


def test_deal_spreads_cards_evenly() -> None:
    rng = random.Random(11)
    upcards: Counter[int] = Counter()
    first_seat: Counter[int] = Counter()
    deals = 24_000
    for _ in range(deals):
        hands, upcard, _ = deal(rng)
        upcards[upcard] += 1
        first_seat.update(card_list(hands[0]))
    assert set(upcards) == set(DECK)
    assert all(800 < n < 1200 for n in upcards.values())  # 1000 expected
    assert all(4600 < n < 5400 for n in first_seat.values())  # 5000 expected


def test_same_seed_same_hand() -> None:
    first = [random_hand(random.Random(5), d) for d in range(4)]
    again = [random_hand(random.Random(5), d) for d in range(4)]
    assert first == again


def test_random_hands_score_standard_points() -> None:
    rng = random.Random(3)
    allowed = {(1, 0), (2, 0), (4, 0), (0, 1), (0, 2), (0, 4)}
    results = Counter(random_hand(rng, n % 4) for n in range(3000))
    assert set(results) == allowed
    thrown = Counter(random_hand(rng, n % 4, stick_the_dealer=False) for n in range(3000))
    assert set(thrown) == allowed  # a throw-in is about 1 in 28,000 with uniform bids
    for seed in range(20):
        assert random_hand(Reluctant(seed, 8), seed % 4, stick_the_dealer=False) == (0, 0)
        assert random_hand(Reluctant(seed, 8), seed % 4) in allowed


def test_score_table() -> None:
    for maker in range(4):
        makers, defenders = maker % 2, 1 - maker % 2
        for alone in (False, True):
            for made in range(6):
                points = score(maker, alone, made)
                if made == 5:
                    expected = {makers: 4 if alone else 2, defenders: 0}
                elif made >= 3:
                    expected = {makers: 1, defenders: 0}
                else:
                    expected = {makers: 0, defenders: 2}
                assert points == (expected[0], expected[1])


def test_left_bower_must_follow_trump() -> None:
    # Hearts are trump: the Jack of diamonds is a heart, so seat 1 must play it on a
    # heart lead, and it beats the ace.
    for seed in range(40):
        hands = [cards("Ah Kh"), cards("Jd Qd"), cards("Qs 9c"), cards("9h Ac")]
        log: Log = []
        taken = random_tricks(hands, HEARTS, 0, random.Random(seed), log=log)
        assert log[1] == (1, PLAY_BASE + parse_card("Jd"), (PLAY_BASE + parse_card("Jd"),))
        assert log[3] == (3, PLAY_BASE + parse_card("9h"), (PLAY_BASE + parse_card("9h"),))
        assert log[2][2] == tuple(PLAY_BASE + c for c in sorted(map(parse_card, ["9c", "Qs"])))
        assert taken[1] >= 1
        assert sum(taken) == 2
        assert hands == [0, 0, 0, 0]


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    # A diamond lead with hearts trump: the Jack of diamonds is no diamond, so seat 1
    # (Jd and a spade) may play either card; a diamond holder must follow.
    options_seen = set()
    for seed in range(40):
        hands = [cards("Ad Kd"), cards("Jd 9s"), cards("9d Ts"), cards("Qc Kc")]
        log: Log = []
        random_tricks(hands, HEARTS, 0, random.Random(seed), log=log)
        options_seen.add(log[1][2])
        assert log[2][2] == (PLAY_BASE + parse_card("9d"),)
    assert options_seen == {tuple(sorted(PLAY_BASE + parse_card(t) for t in ("Jd", "9s")))}


def test_lone_hand_skips_the_partner() -> None:
    for seed in range(40):
        hands = [
            cards("Ah Kh Qh Jh Th"),
            cards("9c Tc Jc Qc Kc"),
            cards("9s Ts Js Qs Ks"),
            cards("9d Td Qd Kd Ad"),
        ]
        log: Log = []
        taken = random_tricks(hands, HEARTS, 1, random.Random(seed), out=2, log=log)
        assert len(log) == 15
        assert all(seat != 2 for seat, _, _ in log)
        assert hands[2] == cards("9s Ts Js Qs Ks")
        # Every trick goes to the loner: each of their cards is a trump.
        assert taken == [5, 0, 0, 0]
        assert [seat for seat, _, _ in log[:3]] == [1, 3, 0]


def test_played_out_lone_hands_never_show_the_partner() -> None:
    lone = 0
    for seed in range(600):
        rng = random.Random(seed)
        hands, upcard, _ = deal(rng)
        log: Log = []
        outcome = play_random(list(hands), upcard, seed % 4, rng, log=log)
        if outcome.alone:
            lone += 1
            partner = (outcome.maker + 2) % 4
            assert all(seat != partner for seat, aid, _ in log if is_play(aid))
            assert sum(1 for _, aid, _ in log if is_play(aid)) == 15
            assert outcome.tricks[partner] == 0
    assert lone > 50


def test_dealer_discard_never_offers_the_turn_up() -> None:
    discards = 0
    for seed in range(600):
        rng = random.Random(seed)
        dealer = seed % 4
        hands, upcard, _ = deal(rng)
        log: Log = []
        play_random(list(hands), upcard, dealer, rng, log=log)
        for seat, aid, options in log:
            if DISCARD_BASE <= aid < PLAY_BASE:
                discards += 1
                assert seat == dealer
                assert DISCARD_BASE + upcard not in options
                assert options == tuple(DISCARD_BASE + c for c in card_list(hands[dealer]))
                assert aid - DISCARD_BASE != upcard
                # The turn-up stays in the dealer's hand and is played later.
                assert (dealer, PLAY_BASE + upcard) in [(s, a) for s, a, _ in log]
    assert discards > 100


def test_no_pickup_when_the_dealer_sits_out_or_trump_is_named() -> None:
    for seed in range(600):
        rng = random.Random(seed)
        dealer = seed % 4
        hands, upcard, _ = deal(rng)
        log: Log = []
        outcome = play_random(list(hands), upcard, dealer, rng, log=log)
        ordered = any(a in (ORDER, ORDER_ALONE) for _, a, _ in log)
        sits_out = outcome.alone and (outcome.maker + 2) % 4 == dealer
        discarded = any(DISCARD_BASE <= a < PLAY_BASE for _, a, _ in log)
        assert discarded == (ordered and not sits_out)
        if not discarded:
            assert all(a != PLAY_BASE + upcard for _, a, _ in log)


def test_stuck_dealer_must_name_a_suit() -> None:
    stuck = 0
    for seed in range(800):
        rng = Reluctant(seed, passes=seed % 9)
        dealer = seed % 4
        hands, upcard, _ = deal(rng)
        log: Log = []
        play_random(list(hands), upcard, dealer, rng, log=log)
        if len(log) >= 8 and log[7][0] == dealer and log[3][1] == PASS and log[6][1] == PASS:
            stuck += 1
            options = log[7][2]
            turned_down = upcard >> 3
            assert PASS not in options
            assert options == tuple(
                call_id(s, a) for s in range(4) if s != turned_down for a in (False, True)
            )
    assert stuck > 0


def test_follow_suit_options_are_the_led_suit_when_held() -> None:
    rng = random.Random(21)
    for _ in range(300):
        hands = list(deal(rng).hands)
        trump = rng.randrange(4)
        log: Log = []
        random_tricks(hands, trump, rng.randrange(4), rng, out=NO_SEAT, log=log)
        assert len(log) == 20
        assert [PLAY_BASE <= a < PLAY_BASE + 33 for _, a, _ in log] == [True] * 20
        assert all(a in options for _, a, options in log)
