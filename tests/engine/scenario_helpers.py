"""Helpers for the RULES.md §6 scenario tests: decks with chosen hands, driving a deal.

Tests import this module by name (``from scenario_helpers import ...``): pytest puts
``tests/engine`` on ``sys.path`` because the test folders are not packages.
Four-player roles follow RULES.md §6 (dealer at seat 0): ``D``, ``L``, ``P``, ``R``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from euchre.engine import GameState, IllegalActionError, Phase, Variant, preset
from euchre.engine import actions as A
from euchre.engine.cards import CARD_TEXT, JOKER, card_list, make_deck, parse_card, suit_of
from euchre.engine.deal import DealRecord, deck_from_hands
from euchre.engine.rules import trick_winner_index
from euchre.engine.steps import Step

D, L, P, R = 0, 1, 2, 3
TEAM_A, TEAM_B = 0, 1  # team A = {D, P}, team B = {L, R}
N = 1  # two-player non-dealer (the dealer is seat 0)
M = 2  # Cutthroat: the player right of the dealer

CLUBS, DIAMONDS, SPADES, HEARTS, NO_TRUMP = range(5)
SUIT_OF_LETTER = {"c": CLUBS, "d": DIAMONDS, "s": SPADES, "h": HEARTS, "n": NO_TRUMP}


def cards(text: str) -> list[int]:
    """Card ids from text such as ``"9d Kd Ad"`` (``10`` or ``T``; ``JK`` is the Joker)."""
    return [parse_card(t) for t in text.split()]


def card(text: str) -> int:
    return parse_card(text)


def names(ids: Sequence[int]) -> list[str]:
    return [CARD_TEXT[c] for c in ids]


def hand_set(state: GameState, seat: int) -> set[int]:
    return set(card_list(state.hands[seat]))


def card_actions(verb: str, text: str) -> list[str]:
    """``("play", "9d Kd")`` -> ``["play 9d", "play Kd"]`` (legal-action texts)."""
    return [f"{verb} {CARD_TEXT[c]}" for c in cards(text)]


def plays(text: str) -> list[str]:
    return card_actions("play", text)


def build_deck(
    variant: Variant,
    hands: Mapping[int, str],
    *,
    upcard: str | None = None,
    dealer: int = 0,
    avoid_suit: int | None = None,
) -> list[int]:
    """A deck that deals ``hands`` (seat -> cards text) with ``upcard`` turned.

    Seats not given get the lowest unused cards in deck order; without ``upcard`` the
    turn-up is the first unused card whose suit is not ``avoid_suit`` (never the Joker).
    """
    given = {seat: cards(text) for seat, text in hands.items()}
    used = [c for hand in given.values() for c in hand]
    assert len(used) == len(set(used)), f"a card is dealt twice: {names(used)}"
    full = make_deck(variant.min_rank - 7, variant.joker)
    spare = [c for c in full if c not in used]
    if upcard is None:
        up = next(c for c in spare if c != JOKER and suit_of(c) != avoid_suit)
    else:
        up = card(upcard)
        assert up in spare, f"the turn-up {upcard} is also in a hand"
    spare.remove(up)
    dealt = []
    for seat in range(variant.players):
        if seat not in given:
            given[seat], spare = spare[:5], spare[5:]
        assert len(given[seat]) == 5, f"seat {seat} needs 5 cards"
        dealt.append(given[seat])
    return deck_from_hands(dealt, dealer, up, spare)


def new_game(
    hands: Mapping[int, str],
    *,
    variant: Variant | None = None,
    upcard: str | None = None,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    avoid_suit: int | None = None,
    seed: int = 7,
) -> GameState:
    """A game whose first deal gives ``hands``; later deals come from ``seed``."""
    v = variant or preset("standard")
    deck = build_deck(v, hands, upcard=upcard, dealer=dealer, avoid_suit=avoid_suit)
    return GameState(v, dealer=dealer, seed=seed, scores=scores, decks=[deck])


def act(state: GameState, seat: int, action: str) -> None:
    """``seat`` takes ``action``; the engine checks it is that seat's turn."""
    state.apply(action, seat=seat)


def pass_round(state: GameState, until: int | None = None) -> None:
    """Everyone passes in the current bidding round (stopping when ``until`` is to act)."""
    phase = state.phase
    assert phase in (Phase.BID_R1, Phase.BID_R2)
    while state.phase == phase and state.current_player != until:
        act(state, state.turn, "pass")


def order_up(state: GameState, maker: int, *, alone: bool = False) -> None:
    """Round 1: pass round to ``maker``, who orders up (the dealer then has to discard)."""
    pass_round(state, until=maker)
    act(state, maker, "order alone" if alone else "order")


def name_trump(state: GameState, maker: int, suit: str, *, alone: bool = False) -> None:
    """Everyone passes round 1; in round 2 ``maker`` names ``suit`` (a letter; ``n`` no trump)."""
    pass_round(state)
    assert state.phase == Phase.BID_R2
    pass_round(state, until=maker)
    act(state, maker, f"call {suit}" + (" alone" if alone else ""))


def discard(state: GameState, text: str) -> None:
    act(state, state.dealer, f"discard {text}")


def start_play(
    hands: Mapping[int, str],
    trump: str,
    *,
    maker: int = L,
    alone: bool = False,
    variant: Variant | None = None,
) -> GameState:
    """A game in the play phase: ``maker`` named ``trump`` in round 2 (no pickup)."""
    avoid = SUIT_OF_LETTER[trump] if trump != "n" else None
    state = new_game(hands, variant=variant, avoid_suit=avoid)
    name_trump(state, maker, trump, alone=alone)
    assert state.phase == Phase.PLAY
    return state


@dataclass(frozen=True)
class Snapshot:
    """Everything an illegal action must leave untouched."""

    phase: Phase
    turn: int | None
    legal: tuple[str, ...]
    hands: tuple[int, ...]
    kitty: int
    scores: tuple[int, ...]
    log: tuple[Step, ...]
    deals: int
    trick: tuple[int, ...]
    trump: int
    maker: int
    alone: bool
    active: int
    upcard_state: str


def snapshot(state: GameState) -> Snapshot:
    return Snapshot(
        state.phase,
        state.current_player,
        tuple(state.legal_actions()),
        tuple(state.hands),
        state.kitty,
        tuple(state.scores),
        tuple(state.record.steps),
        len(state.deals),
        tuple(state.trick),
        state.trump,
        state.maker,
        state.alone,
        state.active,
        state.upcard_state,
    )


def assert_rejected(
    state: GameState, action: str, *, seat: int | None = None, mentions: Sequence[str] = ()
) -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``mentions`` and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, seat=seat)
    error = info.value
    assert snapshot(state) == before
    assert error.legal == list(before.legal)
    assert error.action == action
    message = str(error)
    for text in mentions:
        assert text in message, f"{text!r} missing from {message!r}"
    return error


def play_trick(state: GameState, plays_by_seat: Mapping[int, str]) -> tuple[list[int], int]:
    """Each active seat plays its card when its turn comes; returns (play order, winner)."""
    before = state.tricks_won[:]
    record = state.record
    order: list[int] = []
    while len(order) < len(plays_by_seat):
        seat = state.turn
        order.append(seat)
        act(state, seat, f"play {plays_by_seat[seat]}")
    if state.record is record:
        won = [s for s in range(state.n) if state.tricks_won[s] > before[s]]
        assert len(won) == 1
        return order, won[0]
    return order, -1  # the deal ended with this trick


def played_tricks(record: DealRecord, players: int) -> list[list[tuple[int, int]]]:
    """(seat, card) pairs of each trick of a deal, from its log (needs all tricks complete)."""
    played = [(s, a - A.PLAY_BASE) for s, a in record.actions() if A.is_play(a)]
    per_trick = len(played) // 5
    assert per_trick * 5 == len(played) and 2 <= per_trick <= players
    return [played[i : i + per_trick] for i in range(0, len(played), per_trick)]


def trick_winners(record: DealRecord, players: int, trump: int) -> list[int]:
    """The winning seat of each trick of a finished deal."""
    winners = []
    for trick in played_tricks(record, players):
        index = trick_winner_index([c for _, c in trick], trump)
        winners.append(trick[index][0])
    return winners


def makers_of(state: GameState) -> set[int]:
    if state.n == 4:
        return {state.maker, (state.maker + 2) % 4}
    return {state.maker}


def play_hand(state: GameState, choose: Any = None) -> DealRecord:
    """Finish the deal's play (first legal card unless ``choose(state)`` says otherwise)."""
    assert state.phase == Phase.PLAY
    record = state.record
    while state.record is record and not state.game_over:
        action = choose(state) if choose else state.legal_actions()[0]
        act(state, state.turn, action)
    return record


def find_line(state: GameState, wanted: int) -> list[str]:
    """Legal plays finishing the deal with the makers winning exactly ``wanted`` tricks.

    A depth-first search over legal plays on clones; ``state`` itself is not changed.
    """
    assert state.phase == Phase.PLAY
    line = _search(state.clone(), wanted, makers_of(state), set())
    assert line is not None, f"no legal play gives the makers exactly {wanted} tricks"
    return [A.action_text(aid) for aid in line]


def play_for_makers_tricks(state: GameState, wanted: int) -> DealRecord:
    """Play the deal out (through ``apply``) so that the makers win exactly ``wanted`` tricks.

    Returns the finished deal's record.
    """
    record = state.record
    for text in find_line(state, wanted):
        act(state, state.turn, text)
    assert state.record is not record or state.game_over
    return record


def _search(state: GameState, wanted: int, makers: set[int], failed: set[Any]) -> list[int] | None:
    won = sum(state.tricks_won[s] for s in makers)
    lost = state.tricks_played - won
    if won > wanted or lost > 5 - wanted:
        return None
    key = (tuple(state.hands), tuple(state.trick), state.turn, won, lost)
    if key in failed:
        return None
    last_card = state.tricks_played == 4 and len(state.trick) == state.active.bit_count() - 1
    for aid in state.legal_ids():
        if last_card:
            seats = [*state.trick_seats, state.turn]
            winner = seats[trick_winner_index([*state.trick, aid - A.PLAY_BASE], state.trump)]
            if won + (winner in makers) == wanted:
                return [aid]
            continue
        child = state.clone()
        child.apply_id(aid)
        rest = _search(child, wanted, makers, failed)
        if rest is not None:
            return [aid, *rest]
    failed.add(key)
    return None
