"""Every fact of a hint's reason is true of the position, checked on seeded random
positions of many variants: worked out again here from the view with the rules alone
(not with the coach's own helpers), and consistent with the numbers shown."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bot_helpers import VARIANTS

from euchre.bots.coach import hint
from euchre.bots.coach_values import Hint, clearly_better, shown_points, shown_win
from euchre.bots.medium import MediumBot
from euchre.engine import GameState
from euchre.engine import actions as A
from euchre.engine.cards import JACK, JOKER, NO_TRUMP, SUIT_NAMES, make_deck, rank_of, suit_of
from euchre.engine.phases import Phase
from euchre.engine.rules import POWER, trick_winner_index
from euchre.engine.views import View

CHECKED = (
    "standard",
    "british",
    "british-blind",
    "british-hearts",
    "defend-best",
    "canadian-lead",
    "farmers-super",
    "no-trump-minimum",
    "partner-alone",
    "forfeit",
    "cutthroat",
    "two-player",
)


def is_trump(card: int, trump: int) -> bool:
    if card == JOKER:
        return True
    return suit_of(card) == trump or (rank_of(card) == JACK and suit_of(card) == trump ^ 2)


def suit_in_play(card: int, trump: int | None) -> int:
    if trump is not None and trump != NO_TRUMP and is_trump(card, trump):
        return trump
    return suit_of(card)


def dealer_takes_upcard(view: View, action: str) -> bool:
    """Whether taking ``action`` puts the turn-up in the dealer's hand."""
    if view.phase == Phase.JOKER_NAME:
        return True
    if view.phase != Phase.BID_R1 or not action.startswith("order"):
        return False
    seat = view.seat
    assert seat is not None
    canadian = view.variant.canadian_loner and view.players == 4
    partner_of_dealer = view.players == 4 and seat == (view.dealer + 2) % 4
    return not (partner_of_dealer and (action == "order alone" or canadian))


def hand_for(view: View, action: str) -> set[int]:
    """The seat's cards once ``action`` is taken (the dealer's order picks the turn-up up)."""
    hand = set(view.hand)
    if view.seat == view.dealer and dealer_takes_upcard(view, action):
        hand.add(view.upcard)
    return hand


def tricks_of(view: View) -> list[list[tuple[int, int]]]:
    plays = view.played_cards()
    size = len(view.active)
    return [plays[i : i + size] for i in range(0, len(plays), size)]


def out_of_play(view: View, action: str) -> set[int]:
    """Cards the seat knows can no longer be played: earlier tricks, its own discard, the
    turned-down turn-up (or one the dealer never takes)."""
    gone = {c for trick in tricks_of(view) if len(trick) == len(view.active) for _, c in trick}
    gone |= {a - A.DISCARD_BASE for s, a in view.history if s == view.seat and A.is_discard(a)}
    taken = view.upcard_state == "taken" or dealer_takes_upcard(view, action)
    if view.upcard_state in ("down", "out") or (view.phase == Phase.BID_R1 and not taken):
        gone.add(view.upcard)
    gone |= set(view.under_shown)
    return gone


def trump_named(view: View, action: str) -> int | None:
    aid = A.parse_action(action)
    if aid in (A.ORDER, A.ORDER_ALONE):
        return 3 if view.upcard == JOKER else suit_of(view.upcard)
    if A.CALL_BASE <= aid < A.CALL_BASE + 10:
        return (aid - A.CALL_BASE) // 2
    return view.trump


def assert_percent(percent: object, share: float) -> None:
    """A share told in percent: 0 and 100 ("none", "every one") only when it is exactly."""
    assert isinstance(percent, int) and abs(percent - 100 * share) < 1
    assert (percent == 0) == (share == 0) and (percent == 100) == (share == 1)


def check_fact(view: View, found: Hint, fact: dict[str, object]) -> None:
    best, values = found.values[0], found.values
    action = best.action
    kind = fact["kind"]
    trump = trump_named(view, action)
    if action == "pass" and view.phase in (Phase.BID_R1, Phase.BID_R2):
        # a pass is told the trumps it would hold in the suit the runner-up makes trump
        trump = trump_named(view, values[1].action)
    card = A.action_card(A.parse_action(action))
    trick = [c for _, c in view.trick]
    seat = view.seat
    assert seat is not None
    if kind == "forced":
        assert len(view.legal) == 1
        if view.phase != Phase.PLAY:
            assert "why" not in fact
        elif len(view.hand) == 1:
            assert fact["why"] == "last"
        else:  # the only card of the suit led
            led = suit_in_play(trick[0], view.trump)
            assert fact["why"] == "follow" and suit_in_play(card, view.trump) == led
            assert fact["suit"] == ("trumps" if led == view.trump else SUIT_NAMES[led])
    elif kind == "margin" and fact["next"] == "pass" != values[1].action:
        # a call beaten only by the same call's other form: how much it beats passing too
        assert A.Action.of(A.parse_action(action)).makes_trump and fact["best"] == action
        passing = next(v for v in values if v.action == "pass")
        assert clearly_better(best, passing)
        assert fact["gap"] == round(best.value - passing.value, 3)
    elif kind in ("margin", "close"):
        assert fact["best"] == action and fact["next"] == values[1].action
        assert fact["gap"] == round(best.value - values[1].value, 3)
        if best.points is not None and values[1].points is not None:
            diff = shown_points(best.points) - shown_points(values[1].points)
            assert fact["points"] == shown_points(diff)
        if best.win is not None and values[1].win is not None:
            assert fact["win"] == shown_win(shown_win(best.win) - shown_win(values[1].win))
        if kind == "margin":
            assert clearly_better(best, values[1])
        else:
            assert fact["rule"] == found.rule.value
    elif kind == "trumps":
        assert trump is not None and trump != NO_TRUMP
        assert not trick, "the trumps held are no reason for a card that follows"
        # a pass is told the trumps of the call it passes up (the dealer's with the turn-up)
        bidding = view.phase in (Phase.BID_R1, Phase.BID_R2)
        weighed = values[1].action if action == "pass" and bidding else action
        held = [c for c in hand_for(view, weighed) if is_trump(c, trump)]
        left = [c for c in held if c != JOKER and rank_of(c) == JACK and suit_of(c) == trump ^ 2]
        assert fact["suit"] == SUIT_NAMES[trump]
        assert fact["count"] == len(held), (sorted(hand_for(view, weighed)), held)
        assert fact["left_bower"] == bool(left)
        assert fact["named"] == (view.trump is not None)
        # the dealer's count has the turn-up it would pick up, and says so
        assert fact.get("turn_up", False) == bool(hand_for(view, weighed) - set(view.hand))
    elif kind == "boss_trump":
        assert trump is not None and trump != NO_TRUMP
        boss = A.parse_action(f"play {fact['card']}") - A.PLAY_BASE
        assert boss in hand_for(view, action) and is_trump(boss, trump)
        deck = make_deck(view.variant.min_rank - 7, view.variant.joker)
        higher = [c for c in deck if is_trump(c, trump) and POWER[trump][c] > POWER[trump][boss]]
        assert set(higher) <= out_of_play(view, action), (fact, higher)
        assert fact["trump"] == "cdsh"[trump]  # the suit it is the boss of, while bidding too
        # in the play, said only of the card played, and never for a pass: else it argues
        # for another action
        assert view.phase != Phase.PLAY or boss == card, (fact, card)
        assert action != "pass", fact
    elif kind == "void":
        assert view.phase == Phase.PLAY and card is not None and not trick
        suit = suit_in_play(card, view.trump)
        assert fact["suits"] == ["trumps" if suit == view.trump else SUIT_NAMES[suit]]
        shown_out = fact["seat"]
        assert isinstance(shown_out, int) and shown_out != seat
        assert shown_out_of(view, shown_out, suit)
        assert fact["partner"] == (view.players == 4 and shown_out == (seat + 2) % 4)
        if suit == view.trump or view.trump == NO_TRUMP:
            assert "can_trump" not in fact
        else:  # it may trump the card led unless it has shown out of trumps too
            assert fact["can_trump"] == (not shown_out_of(view, shown_out, view.trump))
            # an opponent who may trump the lead is a warning, never told as a reason
            assert not fact["can_trump"] or fact["partner"] or view.players == 3
    elif kind == "lead_trump":
        assert view.phase == Phase.PLAY and card is not None and not trick
        assert view.trump is not None and is_trump(card, view.trump)
        maker = view.maker
        assert fact["maker"] == ("you" if maker == seat else "partner")
        assert maker == seat or (view.players == 4 and maker == (seat + 2) % 4)
        opponents = [s for s in view.active if s not in (seat, maker, (seat + 2) % 4)]
        assert not all(shown_out_of(view, s, view.trump) for s in opponents)
    elif kind == "make_void":
        assert card is not None and view.trump is not None and view.trump != NO_TRUMP
        if fact.get("play"):  # a card thrown off: it does not follow the suit led
            assert view.phase == Phase.PLAY and trick
            assert suit_in_play(card, view.trump) != suit_in_play(trick[0], view.trump)
        else:
            assert view.phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD)
        kept = [c for c in view.hand if c != card]
        suit = suit_in_play(card, view.trump)
        assert fact["card"] == A.action_text(A.PLAY_BASE + card)[5:]
        assert fact["suit"] == SUIT_NAMES[suit]
        assert suit != view.trump and all(suit_in_play(c, view.trump) != suit for c in kept)
        assert any(is_trump(c, view.trump) for c in kept)
    elif kind == "turn_up" and fact.get("partner"):  # an order up while the partner deals
        assert view.phase == Phase.BID_R1 and A.Action.of(A.parse_action(action)).makes_trump
        assert view.players == 4 and fact["dealer"] == view.dealer == (seat + 2) % 4
        assert fact["card"] == A.action_text(A.PLAY_BASE + view.upcard)[5:]
        assert dealer_takes_upcard(view, action)
    elif kind == "turn_up":
        assert action == "pass" and view.phase == Phase.BID_R1 and "order" in view.legal_texts()
        assert fact["card"] == A.action_text(A.PLAY_BASE + view.upcard)[5:]
        assert fact["trump"] == "cdsh"[3 if view.upcard == JOKER else suit_of(view.upcard)]
        assert fact["dealer"] == view.dealer != seat
        assert view.players != 4 or (view.dealer - seat) % 2 == 1  # an opponent
        assert fact.get("may", False) == (view.players == 2)  # who may decline it
        assert dealer_takes_upcard(view, "order")
    elif kind == "call_risk":  # the call a pass passes up, euchred often enough to say
        runner_up = values[1]
        assert action == "pass" and fact["next"] == runner_up.action
        assert A.Action.of(A.parse_action(runner_up.action)).makes_trump
        assert runner_up.euchred is not None and runner_up.euchred >= 0.25
        assert_percent(fact["euchred_percent"], runner_up.euchred)
        assert fact.get("alone", False) == (view.players != 4)
    elif kind == "defend":
        assert action == "pass" and view.phase == Phase.BID_R1 and "order" in view.legal_texts()
        assert view.players != 4 or (view.dealer - seat) % 2 == 1  # an opponent deals
        assert view.dealer != seat
        suit = trump_named(view, "order")
        assert suit is not None and fact["suit"] == SUIT_NAMES[suit]
        held = [c for c in view.hand if is_trump(c, suit)]
        assert fact["count"] == len(held) >= fact["least"] == 3
    elif kind == "sure_winner":
        assert view.phase == Phase.PLAY and card is not None and view.trump is not None
        assert fact["card"] == A.action_text(A.PLAY_BASE + card)[5:]
        assert len(trick) < len(view.active) - 1  # players still to play
        deck = make_deck(view.variant.min_rank - 7, view.variant.joker)
        seen = set(view.hand) | out_of_play(view, action) | set(trick)
        for other in set(deck) - seen:  # whoever plays it next cannot take the trick
            assert trick_winner_index([*trick, card, other], view.trump) == len(trick), other
    elif kind == "boss_card":
        assert view.phase == Phase.PLAY and card is not None and view.trump is not None
        assert not trick and fact["card"] == A.action_text(A.PLAY_BASE + card)[5:]
        assert suit_in_play(card, view.trump) != view.trump  # a plain card led
        deck = make_deck(view.variant.min_rank - 7, view.variant.joker)
        seen = set(view.hand) | out_of_play(view, action)
        for other in set(deck) - seen:  # only a trump beats it
            if trick_winner_index([card, other], view.trump) == 1:
                assert suit_in_play(other, view.trump) == view.trump, other
    elif kind == "last_to_play":
        assert len(trick) == len(view.active) - 1
    elif kind in ("take_trick", "overtrump", "trump_in"):
        assert card is not None and fact["card"] == A.action_text(A.PLAY_BASE + card)[5:]
        assert view.trump is not None
        assert trick_winner_index([*trick, card], view.trump) == len(trick)
        # "takes the trick" only when no one plays after the seat
        assert fact["last"] == (len(trick) == len(view.active) - 1)
        # never a reason to take a trick the partner is winning
        winner = view.trick[trick_winner_index(trick, view.trump)][0] if trick else None
        assert view.players != 4 or winner != (seat + 2) % 4
        if kind != "take_trick":
            led = suit_in_play(trick[0], view.trump)
            assert is_trump(card, view.trump) and led != view.trump
            on_table = [c for c in trick if is_trump(c, view.trump)]
            assert bool(on_table) == (kind == "overtrump")
    elif kind == "partner_winning":
        assert view.trump is not None and card is not None
        winner = view.trick[trick_winner_index(trick, view.trump)][0]
        assert view.players == 4 and winner == (seat + 2) % 4
        assert trick_winner_index([*trick, card], view.trump) != len(trick)
    elif kind == "cannot_take":
        assert view.trump is not None
        for aid in view.legal:
            own = A.action_card(aid)
            assert own is not None
            assert trick_winner_index([*trick, own], view.trump) != len(trick)
    elif kind == "loner":
        assert "alone" in action and best.march is not None
        assert_percent(fact["march_percent"], best.march)
    elif kind == "euchre_risk":
        assert A.Action.of(A.parse_action(action)).makes_trump and best.euchred is not None
        assert_percent(fact["euchred_percent"], best.euchred)
    elif kind == "score":
        side = seat % 2 if view.players == 4 else seat
        mine, theirs = view.scores[side], view.scores[1 - side]
        assert (fact["ours"], fact["theirs"]) == (mine, theirs)
        target = view.variant.target
        if fact["side"] == "ours":
            assert mine == target - 1
            assert A.Action.of(A.parse_action(action)).makes_trump and "alone" not in action
            assert any("alone" in a for a in view.legal_texts())  # "no need" where one may
        else:  # said while bidding, not again with every card
            assert theirs == target - 1
            card_phases = (Phase.PLAY, Phase.DEALER_DISCARD, Phase.BEST_DISCARD, Phase.GIVE_BEST)
            assert view.phase not in card_phases, view.phase
            assert fact.get("one", False) == (view.players == 2)  # a lone opponent
    else:
        raise AssertionError(f"a fact this test does not check: {kind}")


# What being last to play leads to: the card takes the trick, the partner has it, or no
# card can.
PLAY_KINDS = (
    "take_trick",
    "overtrump",
    "trump_in",
    "sure_winner",
    "boss_card",
    "partner_winning",
    "cannot_take",
)


def shown_out_of(view: View, player: int, suit: int) -> bool:
    """Whether ``player`` failed to follow ``suit`` led in a trick of the deal so far."""
    return any(
        suit_in_play(t[0][1], view.trump) == suit
        and any(s == player and suit_in_play(c, view.trump) != suit for s, c in t)
        for t in tricks_of(view)
    )


def positions(name: str, games: int) -> Iterator[View]:
    """Views of seeded games of ``name``, from random scores, where a choice is open;
    the seats mostly play as ``medium`` does, sometimes at random."""
    variant = VARIANTS[name]
    for number in range(games):
        rng = random.Random(f"{name}:{number}")
        near = variant.target - 1
        scores = tuple(rng.choice([0, 4, near - 1, near]) for _ in range(2))
        state = GameState(variant, seed=number, scores=scores if variant.players != 3 else None)
        while not state.game_over and len(state.deals) < 3:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if len(view.legal) > 1 or rng.random() < 0.1:
                yield view
            if rng.random() < 0.2:
                action = rng.choice(view.legal_texts())
            else:
                action = MediumBot().decide(view, rng)
            state.apply(action, seat=seat)


@pytest.mark.parametrize("name", CHECKED)
def test_every_fact_of_a_reason_is_true_of_the_position(name: str) -> None:
    checked = 0
    for number, view in enumerate(positions(name, 3)):
        if number % 3:
            continue
        found = hint(view, number, worlds=3)
        assert found.recommended == found.values[0].action
        rivals = [v for v in found.values if v.value > found.values[0].value]
        assert all(v.action in found.tied for v in rivals)
        for fact in found.to_json()["facts"]:
            check_fact(view, found, fact)
        kinds = [f.kind for f in found.facts]
        if "last_to_play" in kinds:  # said with what it means here, never alone
            assert set(kinds) & set(PLAY_KINDS), found.reason
        checked += 1
    assert checked >= 10
