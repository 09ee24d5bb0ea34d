"""Every level plays every variant legally, seeing only its seat's view."""

from __future__ import annotations

import random

import pytest
from bot_helpers import VARIANTS, deal, play

from euchre.bots import Bot, levels, make_bot
from euchre.bots.base import UnknownLevelError
from euchre.bots.evaluate import best_discard
from euchre.bots.opponents import OpponentModel
from euchre.bots.search import SearchBot
from euchre.engine import GameState, Phase, preset
from euchre.engine.cards import make_deck, parse_card, suit_of


def test_levels_are_registered() -> None:
    assert levels()[:4] == ["random", "easy", "medium", "hard"]
    with pytest.raises(UnknownLevelError, match="medium"):
        make_bot("grandmaster")


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_whole_game(level: str, name: str) -> None:
    variant = VARIANTS[name]
    state = GameState(variant, seed=len(name))
    bots = {s: make_bot(level) for s in range(variant.players)}
    play(state, bots, seed=1)
    assert state.game_over
    assert max(state.scores) >= variant.target


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_hard_plays_every_variant(name: str) -> None:
    """The search bot in one seat (random elsewhere) through a few deals."""
    variant = VARIANTS[name]
    state = GameState(variant, seed=5)
    bots = {s: make_bot("hard" if s == 0 else "random") for s in range(variant.players)}
    play(state, bots, seed=5, until=lambda g: len(g.deals) > 2)
    assert len(state.deals) > 2 or state.game_over


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_hard_plays_every_variant_against_loose_opponents(name: str) -> None:
    """The search bot convinced from the start that its opponents bid at random (its
    simulations then let them bid and play at random), in two seats, through a few deals."""
    variant = VARIANTS[name]
    state = GameState(variant, seed=6)
    bots: dict[int, Bot] = {s: make_bot("random") for s in range(variant.players)}
    for seat in (0, 2) if variant.players == 4 else (0,):
        loose = SearchBot(play_worlds=8, discard_worlds=4, bid_worlds=8)
        loose.opponents = OpponentModel(prior=0.99)
        bots[seat] = loose
    play(state, bots, seed=6, until=lambda g: len(g.deals) > 2)
    assert len(state.deals) > 2 or state.game_over


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_gives_from_the_dealers_pick_up_and_plays_on(level: str) -> None:
    """call_for_best_dealer_picks_up: the dealer, sitting out, holds six cards (the turn-up
    taken) to give the lone partner the best; each level gives, discards and plays legally."""
    hands = {0: "Ac As Ks Qd 9d", 2: "Jh Jd Ah Kh 9c"}
    state = deal(hands, "Th", variant=VARIANTS["best-pickup"])
    for seat, action in [(1, "pass"), (2, "order alone"), (2, "call for best")]:
        state.apply(action, seat=seat)
    assert state.current_player == 0 and len(state.view(0).hand) == 6
    bots = {s: make_bot(level) for s in range(4)}
    play(state, bots, seed=3, until=lambda g: len(g.deals) > 1)
    first = state.deals[0]
    assert first.outcome == "scored"
    assert [s.seat for s in first.steps if s.phase == Phase.GIVE_BEST] == [0]
    assert [s.seat for s in first.steps if s.phase == Phase.BEST_DISCARD] == [2]


def test_bots_refuse_when_not_their_turn() -> None:
    state = GameState(preset("standard"), seed=1)
    idle = (state.current_player + 1) % 4
    for level in ("random", "easy", "medium", "hard"):
        with pytest.raises(ValueError, match="not its turn"):
            make_bot(level).decide(state.view(idle), random.Random(0))


def test_forced_actions_are_answered_at_once() -> None:
    """One legal action: every level returns it (the last card of a deal, say)."""
    state = GameState(preset("standard"), seed=3)
    bots = {s: make_bot("medium") for s in range(4)}
    play(state, bots, until=lambda g: g.phase == Phase.PLAY and len(g.legal_ids()) == 1)
    view = state.view(state.current_player)
    for level in ("random", "easy", "medium", "hard"):
        assert make_bot(level).decide(view, random.Random(0)) == view.legal_texts()[0]


def test_the_dealers_discard_among_equals_leaves_a_suit_empty_to_trump() -> None:
    """Spades trump, the dealer holds the 9♠, four hearts and the Q♣: throwing the 9♥ or
    the Q♣ costs no trick, and the teacher's discard is the Q♣ (clubs can then be trumped);
    the coach called the 9♥ "the usual choice"."""
    deck = sum(1 << c for c in make_deck())
    hand = sum(1 << parse_card(t) for t in ["9s", "Qh", "Jh", "Th", "9h", "Qc"])
    spades = suit_of(parse_card("9s"))
    assert best_discard(hand, spades, deck) == parse_card("Qc")
    # With no trump kept, no suit can be trumped: the lowest card goes.
    plain = sum(1 << parse_card(t) for t in ["Ah", "Qh", "Jh", "Th", "9h", "Qc"])
    assert best_discard(plain, spades, deck) == parse_card("9h")
