"""Helpers for the bot tests: variants to cover, driving games, rebuilding states.

Imported by name (``from bot_helpers import ...``): the test folders are not packages.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from euchre.bots.base import Bot
from euchre.bots.knowledge import knowledge_of
from euchre.bots.world import World
from euchre.engine import GameState, Variant, preset
from euchre.engine import actions as A
from euchre.engine.cards import JOKER, card_list, cards_in, make_deck, parse_card
from euchre.engine.deal import deck_from_hands
from euchre.engine.rules import legal_mask, trick_winner_index
from euchre.engine.views import View

# Every player count, deck and rule option a bot must cope with (docs/rules.md §3, §4).
VARIANTS: dict[str, Variant] = {
    "standard": preset("standard"),
    "classic": preset("classic"),
    "british": preset("british"),
    "cutthroat": preset("cutthroat"),
    "cutthroat-24": preset("cutthroat", min_rank=9),
    "two-player": preset("two-player"),
    "two-player-joker": preset("two-player", joker=True),
    "two-player-32": preset("two-player", min_rank=7),
    "deck-32": preset("standard", min_rank=7),
    "deck-28-lone-4": preset("standard", min_rank=8, lone_euchre_points=4),
    "defend-best": preset("standard", defend_alone=True, call_for_best=True),
    "canadian-lead": preset("standard", canadian_loner=True, loner_lead="LEFT_OF_LONER"),
    # The dealer's partner alone in round 1 often (canadian_loner): the dealer's pick-up to
    # give the best card comes up.
    "best-pickup": preset(
        "standard", call_for_best=True, call_for_best_dealer_picks_up=True, canadian_loner=True
    ),
    "farmers-super": preset("standard", farmers_hand=True, super_euchre=True),
    "under-clean": preset("standard", go_under="clean"),
    "under-throw-in": preset(
        "classic", go_under="mixed", throw_in_hands="nines_tens,mcevoy,ace_no_face,jack_nothing"
    ),
    "no-trump-minimum": preset("standard", no_trump=True, minimum_trump=True),
    "partner-alone": preset(
        "standard",
        maker_partner_may_go_alone=True,
        dealer_may_discard_upcard=True,
        alone_must_take_5=True,
    ),
    "forfeit": preset(
        "standard", stuck_dealer_may_forfeit=True, stuck_dealer_may_name_turned_down=True
    ),
    "british-blind": preset(
        "british", joker_upcard_rule="dealer_names_blind", call_for_best=True, defend_alone=True
    ),
    "british-hearts": preset("british", joker_upcard_rule="fixed_hearts"),
}


def play(
    state: GameState,
    bots: Mapping[int, Bot],
    *,
    seed: int = 0,
    steps: int = 10_000,
    until: Callable[[GameState], bool] | None = None,
) -> int:
    """Let the bots act (through views only) until the game ends, ``until`` holds or
    ``steps`` actions; returns the number of actions taken."""
    rngs = {s: random.Random(f"{seed}:{s}") for s in bots}
    taken = 0
    while not state.game_over and taken < steps:
        if until is not None and until(state):
            break
        seat = state.current_player
        assert seat is not None
        action = bots[seat].decide(state.view(seat), rngs[seat])
        assert action in state.legal_actions(), (action, state.legal_actions())
        state.apply(action, seat=seat)
        taken += 1
    return taken


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def rebuild(view: View, world: World, rng: random.Random) -> GameState | None:
    """A Standard-rules state with the cards of ``world`` that shows ``view`` to its seat
    (None if the world cannot be replayed)."""
    know = knowledge_of(view)
    n = view.variant.players
    hands = [world.hands[s] | know.played_by[s] for s in range(n)]
    out = world.out
    discard = -1
    if view.upcard_state == "taken":
        dealer = view.dealer
        hands[dealer] &= ~(1 << view.upcard)
        if dealer == view.seat:
            discard = next(
                (
                    a - A.DISCARD_BASE
                    for s, a in view.history
                    if s == dealer and a >= A.DISCARD_BASE and a < A.DISCARD_BASE + 33
                ),
                -1,
            )
        else:
            pool = [c for c in cards_in(out) if c != view.upcard]
            discard = rng.choice(pool)
        if discard >= 0:
            hands[dealer] |= 1 << discard
            out &= ~(1 << discard)
    rest = [c for c in cards_in(out) if c != view.upcard]
    deck = deck_from_hands([card_list(h) for h in hands], view.dealer, view.upcard, rest)
    state = GameState(view.variant, dealer=view.dealer, scores=view.scores, decks=[deck], seed=1)
    for seat, aid in view.history:
        real = A.DISCARD_BASE + discard if aid == A.HIDDEN_DISCARD else aid
        if state.current_player != seat or real not in state.legal_ids():
            return None
        state.apply_id(real)
    return state


def deal(
    hands: Mapping[int, str],
    upcard: str,
    *,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
    variant: Variant | None = None,
) -> GameState:
    """A game (Standard unless ``variant``) whose first deal gives these hands (seat ->
    "Js Jc As Ah Kd") and turn-up; seats left out get the remaining cards."""
    from euchre.engine.cards import make_deck

    chosen = {s: cards(text) for s, text in hands.items()}
    up = parse_card(upcard)
    used = {c for h in chosen.values() for c in h} | {up}
    spare = [c for c in make_deck() if c not in used]
    by_seat = []
    for s in range(4):
        if s in chosen:
            by_seat.append(chosen[s])
        else:
            by_seat.append(spare[:5])
            spare = spare[5:]
    deck = deck_from_hands(by_seat, dealer, up, spare)
    rules = variant or preset("standard")
    return GameState(rules, dealer=dealer, decks=[deck], scores=scores, seed=1)


def hearts_led(*played: str) -> GameState:
    """A Standard deal with spades ordered up (the dealer, seat 0, discards 9s), seat 1
    leading Kh, and then these cards played (the first being that Kh)."""
    state = deal(
        {1: "Kh Js Qs Ts 9d", 2: "9h Jd Qd Ad Kc", 3: "Th 9c Tc Qc Ac", 0: "Qh Ah Kd Td 9s"},
        "Ks",
    )
    state.apply("order")
    state.apply("discard 9s")
    for card in played:
        state.apply(f"play {card}")
    return state


# Clubs are trump: seat 1 orders the Qc up to the dealer, seat 0, who discards the Ks.
CLUBS_HANDS = {1: "Jc 9h Th 9d Td", 2: "Qh Kh Ah Jh Qd", 3: "Kd Ad 9s Ts Qs", 0: "Js Ac Ks As Kc"}


def clubs_ordered(hands: dict[int, str] = CLUBS_HANDS, orderer: int = 1) -> GameState:
    state = deal(hands, "Qc")
    for seat in range(1, orderer):
        state.apply("pass", seat=seat)
    state.apply("order", seat=orderer)
    state.apply("discard Ks", seat=0)
    return state


def played(state: GameState, *cards: str) -> GameState:
    for card in cards:
        state.apply(f"play {card}")
    return state


# The Kd is turned down; seat 1 names clubs and leads; seats 2 and 0 hold no club.
NO_TRUMPS_LEFT = {
    1: "Jc Ac 9h 9d Td",
    2: "Qh Kh Ah Jh Qd",
    3: "Ad Kc Tc Qs 9c",
    0: "9s Ts Ks As Th",
}


def clubs_named_none_left() -> GameState:
    """The Kd turned down, seat 1 names clubs and leads the Jc: seats 2 and 0 show out."""
    state = deal(NO_TRUMPS_LEFT, "Kd")
    for _ in range(4):
        state.apply("pass")
    state.apply("call c", seat=1)
    return played(state, "Jc", "Qd", "Kc", "9s")


def dealer_to_discard() -> GameState:
    """Seat 1 orders the Qc up; the dealer, seat 0, holds the Td alone of its diamonds."""
    state = deal({1: "9h Th 9d Qd Qs", 0: "Ac Kc Td As Ks"}, "Qc")
    state.apply("order", seat=1)
    return state


def dealer_to_pick_up() -> GameState:
    """Three passes to the dealer, seat 0, who holds both black jacks under a Qc turn-up."""
    state = deal({0: "Jc Js Ac Kc 9h"}, "Qc")
    for _ in range(3):
        state.apply("pass")
    return state


Trick = list[tuple[int, int]]


def random_position(
    rng: random.Random, size: int
) -> tuple[list[int], int, Trick, int, list[int], int]:
    """A position in the play: hands of ``size`` cards by seat, whose turn it is, the trick
    in progress, trump (a suit, or no trump without the Joker), the seats that play and a
    mask of makers."""
    joker = rng.random() < 0.25
    deck = make_deck(2, joker)
    rng.shuffle(deck)
    active = rng.choice([[0, 1, 2, 3], [0, 1, 3], [1, 2, 3], [0, 2], [0, 1, 2]])
    hands = [0, 0, 0, 0]
    for i, s in enumerate(active):
        for c in deck[i * size : (i + 1) * size]:
            hands[s] |= 1 << c
    dealt = deck[: len(active) * size]
    trump = rng.randrange(4) if JOKER in dealt else rng.randrange(5)
    makers = sum(1 << s for s in active if s % 2 == rng.randrange(2)) or 1 << active[0]
    turn = rng.choice(active)
    trick: Trick = []
    nxt = {s: active[(i + 1) % len(active)] for i, s in enumerate(active)}
    for _ in range(rng.randrange(len(active))):
        led = trick[0][1] if trick else -1
        options = [c for c in range(33) if legal_mask(hands[turn], led, trump) >> c & 1]
        c = rng.choice(options)
        hands[turn] ^= 1 << c
        trick.append((turn, c))
        turn = nxt[turn]
    return hands, turn, trick, trump, active, makers


def play_card(
    hands: list[int], turn: int, trick: Trick, card: int, trump: int, active: list[int]
) -> tuple[list[int], int, Trick, int | None]:
    """The position once ``turn`` plays ``card``: the hands, who plays next, the trick in
    progress and, when the card completes the trick, its winner (who plays next)."""
    after = list(hands)
    after[turn] ^= 1 << card
    played = [*trick, (turn, card)]
    if len(played) == len(active):
        winner = played[trick_winner_index([x for _, x in played], trump)][0]
        return after, winner, [], winner
    return after, active[(active.index(turn) + 1) % len(active)], played, None


def legal_cards(hands: list[int], turn: int, trick: Trick, trump: int) -> list[int]:
    """The cards ``turn`` may play to ``trick``, lowest number first."""
    led = trick[0][1] if trick else -1
    legal = legal_mask(hands[turn], led, trump)
    return [c for c in range(33) if legal >> c & 1]


def seat_zero_views(ours: Bot, opponents: Bot, games: int, seed: int) -> list[View]:
    """The views seat 0 is shown at its decisions in Standard games of ``ours`` (seats 0
    and 2) against ``opponents`` (seats 1 and 3)."""
    bots = (ours, opponents)
    rng = random.Random(seed)
    seen: list[View] = []
    for number in range(games):
        state = GameState(preset("standard"), seed=seed * 100 + number)
        while not state.game_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if seat == 0:
                seen.append(view)
            state.apply(bots[seat % 2].decide(view, rng), seat=seat)
    return seen
