"""A McEvoy hand is thrown in once a match (docs/rules.md #throw_in_hands): a table keeps
the seats that used theirs with its match, and every replay of a later game of the match
(a restart, a taken-back action, a hand review) starts from them."""

from __future__ import annotations

from euchre.bots import resident
from euchre.engine import GameState, Match, preset
from euchre.engine.cards import make_deck, parse_card
from euchre.engine.deal import deck_from_hands
from euchre.engine.phases import Phase
from euchre.server.matches import STORED_KEY, after_game, from_stored, stored_json
from euchre.server.reviews import GameLog
from euchre.server.table import deck_text, replay_game
from euchre.server.table.rebuild import before_last_step
from euchre.store.repo import GameRow, StoredAction, utcnow

RULES = preset("standard", laps=True, throw_in_hands="mcevoy")
SEAT = 1  # dealt all nines and tens: a McEvoy hand
ACTIONS = 6  # stored actions of the second game


def _mcevoy_deck() -> list[int]:
    dealt = ("Ac Kc Qc Jc Ad", "9c Tc 9d 9s 9h", "Kd Jh Qh Kh Ah", "Qd Js Qs Ks As")
    hands = [[parse_card(c) for c in hand.split()] for hand in dealt]
    taken = {c for hand in hands for c in hand}
    upcard = parse_card("Td")
    rest = [c for c in make_deck(2, False) if c not in taken and c != upcard]
    return deck_from_hands(hands, 0, upcard, rest)


def _first_game() -> GameState:
    """The match's first game: the seat throws in its McEvoy hand, then all is played out."""
    state = GameState(RULES, dealer=0, decks=[_mcevoy_deck()], seed=4)
    state.apply("redeal")
    while not state.game_over:
        state.apply(state.legal_actions()[0])
    return state


def _second_game(match: Match) -> tuple[GameState, GameRow]:
    """The match's next game, dealt the seat the same hand, a few actions in, stored as a
    table stores it."""
    state = GameState(
        RULES, dealer=0, decks=[_mcevoy_deck()], scores=match.carried, seed=5,
        mcevoy_used=match.mcevoy_used,
    )  # fmt: skip
    row = GameRow(
        id="second",
        kind="casual",
        status="playing",
        invite=None,
        host=None,
        variant_name=RULES.name,
        options=RULES.options(),
        settings={STORED_KEY: stored_json(match)},
        seats=[],
        first_dealer=0,
        version=0,
        scores=None,
        winner=None,
        record=None,
        created_at=utcnow(),
        started_at=utcnow(),
        finished_at=None,
    )
    for seq in range(1, ACTIONS + 1):
        step = state.apply(state.legal_actions()[0])
        row.actions.append(StoredAction(seq, step.seat, step.action.text, "player", seq))
    row.decks = [deck_text(d.deck) for d in state.deals]
    return state, row


def _match_after_the_first_game() -> Match:
    first = _first_game()
    match = after_game(RULES, Match.new(RULES), first)
    assert match.mcevoy_used == 1 << SEAT
    return match


def test_the_match_keeps_who_threw_in_a_mcevoy_hand() -> None:
    match = _match_after_the_first_game()
    assert from_stored(RULES, stored_json(match)) == match
    older = {k: v for k, v in stored_json(match).items() if k != "mcevoy_used"}
    assert from_stored(RULES, older) == Match(match.games, match.played, match.carried)


def test_the_seat_is_not_asked_again_in_the_matchs_next_game() -> None:
    state, _ = _second_game(_match_after_the_first_game())
    first = state.deals[0].steps[0]
    assert first.seat == SEAT and first.phase == Phase.BID_R1


def test_a_restart_and_a_taken_back_action_replay_the_next_game_as_it_was() -> None:
    original, row = _second_game(_match_after_the_first_game())
    rebuilt = replay_game(RULES, row)
    assert rebuilt.mcevoy_used == original.mcevoy_used == 1 << SEAT
    assert [d.steps for d in rebuilt.deals] == [d.steps for d in original.deals]
    assert rebuilt.view(SEAT) == original.view(SEAT)
    back = before_last_step(original)
    assert back.deals[0].steps == original.deals[0].steps[:-1]
    assert back.phase == original.deals[0].steps[-1].phase


def test_a_review_of_the_next_game_sees_the_seat_bid_not_throw_in() -> None:
    _, row = _second_game(_match_after_the_first_game())
    where = resident.positions_json(*GameLog.of(row).replay(0, SEAT))
    assert where[0]["phase"] == "bid_r1"
