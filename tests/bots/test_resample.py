"""resample(view, rng): deals consistent with everything the seat has seen, nothing more."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from bot_helpers import VARIANTS, play, rebuild

from euchre.bots.knowledge import knowledge_of
from euchre.bots.medium import MediumBot
from euchre.bots.random import RandomBot
from euchre.bots.resample import InconsistentViewError, Sampler, resample, sample_worlds
from euchre.bots.world import World
from euchre.engine import GameState, Phase, preset
from euchre.engine.cards import cards_in, mask_of, parse_card
from euchre.engine.deal import deck_from_hands
from euchre.engine.rules import EFFECTIVE_SUIT
from euchre.engine.views import View


def _views_of_game(
    variant_name: str, seed: int, bot_level: str = "medium"
) -> list[tuple[GameState, View]]:
    """(state copy, view of the seat to act) at every decision of one game."""
    state = GameState(VARIANTS[variant_name], seed=seed)
    bot = MediumBot() if bot_level == "medium" else RandomBot()
    rng = random.Random(seed)
    out = []
    while not state.game_over and len(out) < 400:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        out.append((state.clone(), view))
        state.apply(bot.decide(view, rng), seat=seat)
    return out


def _check_world(state: GameState, view: View, world: World) -> None:
    know = knowledge_of(view)
    seat = know.seat
    assert world.hands[seat] == know.hand
    seen = 0
    for s, hand in enumerate(world.hands):
        assert hand & seen == 0, "a card dealt twice"
        seen |= hand
        if s != seat and s in view.active:
            assert hand.bit_count() == know.hand_sizes[s] == state.hands[s].bit_count()
            assert hand & know.played == 0
            for c in cards_in(hand):
                assert not know.voids[s] >> EFFECTIVE_SUIT[know.trump][c] & 1, "void broken"
    assert world.out & seen == 0
    assert (seen | world.out) & know.played == 0
    assert (seen | world.out | know.played) == know.deck
    up = view.upcard
    if view.upcard_state in ("up", "down", "out"):
        assert not seen >> up & 1, "the turn-up on the kitty was dealt to a hand"
    if view.upcard_state == "taken" and not know.played >> up & 1:
        dealer_keeps = not view.variant.dealer_may_discard_upcard and not know.upcard_maybe_out
        if dealer_keeps and view.dealer in view.active and view.dealer != seat:
            assert world.hands[view.dealer] >> up & 1


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_worlds_respect_everything_seen(name: str) -> None:
    rng = random.Random(7)
    for state, view in _views_of_game(name, seed=3)[::3]:
        for world in sample_worlds(view, rng, 3):
            _check_world(state, view, world)


def test_own_discard_is_never_dealt() -> None:
    for _, view in _views_of_game("standard", seed=11):
        if view.seat != view.dealer or view.phase != Phase.PLAY or view.upcard_state != "taken":
            continue
        know = knowledge_of(view)
        mine = [a for s, a in view.history if s == view.seat and 32 <= a < 65]
        assert mine, "the dealer's own discard is visible to the dealer"
        discard = mine[0] - 32
        assert know.known_out >> discard & 1
        for world in sample_worlds(view, random.Random(1), 20):
            assert not any(h >> discard & 1 for h in world.hands)
        return
    pytest.fail("no dealer decision after a pickup in this game")


def test_voids_shown_are_respected() -> None:
    found = 0
    for state, view in _views_of_game("standard", seed=5, bot_level="random"):
        know = knowledge_of(view)
        if not any(know.voids):
            continue
        found += 1
        for world in sample_worlds(view, random.Random(found), 10):
            _check_world(state, view, world)
    assert found, "random play shows some voids"


def test_the_true_deal_is_always_possible() -> None:
    """The sampler's count of consistent deals is positive at every decision (the real
    deal is one of them), and rebuilding a sampled world reproduces the view exactly."""
    rng = random.Random(2)
    for _, view in _views_of_game("standard", seed=9):
        world = resample(view, rng)
        again = rebuild(view, world, rng)
        assert again is not None
        assert again.view(view.seat) == dataclasses.replace(view, deal_number=0)


def _swapped_kitty(seed: int, seat: int) -> tuple[GameState, GameState]:
    """Two deals that differ only in cards the seat cannot see (kitty and another hand)."""
    first = GameState(preset("standard"), seed=seed, dealer=0)
    deck = list(first.record.deck)
    other = (seat + 1) % 4
    victim = next(i for i, c in enumerate(deck[:20]) if first.hands[other] >> c & 1)
    deck[victim], deck[22] = deck[22], deck[victim]
    return first, GameState(preset("standard"), dealer=0, decks=[deck], seed=seed)


def test_kitty_never_leaks() -> None:
    """Two states that differ only in the face-down kitty give the same samples."""
    first, second = _swapped_kitty(21, seat=1)
    assert first.hands != second.hands
    view = first.view(1)
    assert second.view(1) == view
    a = sample_worlds(view, random.Random(4), 5)
    b = sample_worlds(second.view(1), random.Random(4), 5)
    assert a == b


def test_uniform_without_constraints() -> None:
    """At the first bid, each unseen card lands in each place in proportion to its size."""
    state = GameState(preset("standard"), seed=4)
    view = state.view(state.current_player)
    sampler = Sampler(knowledge_of(view))
    rng = random.Random(0)
    target = next(iter(cards_in(knowledge_of(view).unseen())))
    places: Counter[int] = Counter()
    trials = 3000
    for _ in range(trials):
        world = sampler.sample(rng)
        holder = next((s for s, h in enumerate(world.hands) if h >> target & 1), -1)
        places[holder] += 1
    # 18 unseen cards: 5 in each of three hands, 3 face down in the kitty.
    for seat in range(4):
        if seat != view.seat:
            assert abs(places[seat] / trials - 5 / 18) < 0.04
    assert abs(places[-1] / trials - 3 / 18) < 0.04


def test_impossible_view_is_rejected() -> None:
    state = GameState(preset("standard"), seed=4)
    view = state.view(state.current_player)
    know = knowledge_of(view)
    others = [s for s in range(4) if s != view.seat]
    # Every other seat void in every suit: no deal fits.
    know.voids = [0b11111 if s in others else 0 for s in range(4)]
    with pytest.raises(InconsistentViewError):
        Sampler(know)


def test_spectator_view_has_nothing_to_resample() -> None:
    state = GameState(preset("standard"), seed=4)
    with pytest.raises(ValueError, match="spectator"):
        resample(state.view(None), random.Random(0))


def test_inference_prefers_deals_that_explain_the_bidding() -> None:
    """Once a seat has made trump, inferred worlds give it more trumps than uniform ones."""
    rng = random.Random(3)
    for seed in range(60):
        state = GameState(preset("standard"), seed=seed, dealer=0)
        play(state, {s: MediumBot() for s in range(4)}, until=lambda g: g.phase == Phase.PLAY)
        maker = state.maker
        if state.phase != Phase.PLAY or maker in (None, 0) or state.alone:
            continue
        view = state.view((maker + 1) % 4)
        trump = state.trump
        trumps = mask_of(c for c in range(33) if EFFECTIVE_SUIT[trump][c] == trump)
        unseen = knowledge_of(view).unseen()

        def mean_trumps(view: View, maker: int, mask: int, infer: bool) -> float:
            worlds = [resample(view, rng, infer=infer) for _ in range(150)]
            return sum((w.hands[maker] & mask).bit_count() for w in worlds) / 150

        mask = trumps & unseen
        assert mean_trumps(view, maker, mask, True) > mean_trumps(view, maker, mask, False) + 0.1
        return
    pytest.fail("no partnership call found")


def _dealer_gives_to_lone_partner(gift: str, lone_discard: str) -> GameState:
    """call_for_best_dealer_picks_up: P orders 10h alone and calls for best; the dealer
    (seat 0) takes the turn-up, gives ``gift``, and P discards ``lone_discard``."""
    variant = preset("standard", call_for_best=True, call_for_best_dealer_picks_up=True)
    hands = [
        [parse_card(c) for c in text.split()]
        for text in ("Ac As Ks Qd 9d", "9s Ts Qs Tc Qc", "Jh Jd Ah Kh 9c", "Kc Js Ad Td Kd")
    ]
    rest = [parse_card(c) for c in ("Qh", "9h", "Jc")]
    state = GameState(variant, dealer=0, decks=[deck_from_hands(hands, 0, parse_card("Th"), rest)])
    for seat, action in [(1, "pass"), (2, "order alone"), (2, "call for best")]:
        state.apply(action, seat=seat)
    state.apply(f"give {gift}", seat=0)
    state.apply(f"discard {lone_discard}", seat=2)
    return state


def _turn_up_places(state: GameState, seat: int, worlds: int = 300) -> Counter[int]:
    """Where the turn-up lies in worlds sampled for ``seat`` (-1: out of play)."""
    view = state.view(seat)
    up = view.upcard
    places: Counter[int] = Counter()
    for world in sample_worlds(view, random.Random(seat), worlds):
        _check_world(state, view, world)
        holders = [s for s, h in enumerate(world.hands) if h >> up & 1]
        assert len(holders) + (world.out >> up & 1) == 1, "the turn-up is in one place"
        places[holders[0] if holders else -1] += 1
    return places


def test_a_turn_up_given_unseen_may_be_in_the_lone_hand() -> None:
    """The dealer took the turn-up to give the best card: a defender, who did not see the
    gift, finds it in the lone player's hand in some worlds and out of play in others,
    never in the other defender's hand."""
    state = _dealer_gives_to_lone_partner("Th", "9c")
    for defender in (1, 3):
        places = _turn_up_places(state, defender)
        assert places[2] > 0 and places[-1] > 0
        assert set(places) == {2, -1}


def test_the_seats_that_saw_the_gift_place_the_turn_up() -> None:
    given = _dealer_gives_to_lone_partner("Th", "9c")
    assert _turn_up_places(given, 2) == Counter({2: 300}), "in the lone player's own hand"
    kept = _dealer_gives_to_lone_partner("Ac", "9c")
    assert _turn_up_places(kept, 2) == Counter({-1: 300}), "with the dealer, sitting out"
