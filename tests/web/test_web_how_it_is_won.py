"""What the table says of how a game is won and of a two-player dealer's choice. A game with
no target (a deal limit or a time limit decides it) said "Game to 0", its
scores "4 / 0", and every score bar stood full from the first point, as if all had won."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, open_started_table


def test_a_game_with_no_target_says_so_and_draws_no_bars(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    open_started_table(page, "standard", {"deal_limit": 3, "target": 0})
    expect(page.locator(".felt-target")).to_have_text("No target: highest score wins")
    board = page.locator(".score-board")
    expect(board.locator("h2")).to_have_text("Score (no target)")
    expect(board.locator("td.score")).to_have_count(2)
    assert "/" not in "".join(board.locator("td.score").all_inner_texts())
    expect(board.locator(".score-bar")).to_have_count(0)
    page.locator("#table-rules summary").click()
    expect(page.locator("#table-rules")).to_contain_text("No target: the highest score when")
    expect(page.locator("#table-rules")).not_to_contain_text("0 points")


def test_a_game_to_a_target_keeps_it_on_the_felt_and_the_board(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    open_started_table(page, "standard", {"target": 5})
    expect(page.locator(".felt-target")).to_have_text("Game to 5")
    expect(page.locator(".score-board h2")).to_have_text("Score (game to 5)")
    expect(page.locator(".score-board .score-bar")).to_have_count(2)


# A two-player dealer ordered up, at their turn to take the turn-up and discard, or leave it.
DEALER_MAY_LEAVE = (
    "t.dataset.phase === 'dealer_discard' && t.dataset.myTurn === 'true'"
    " && window.euchre.current.state.legal_acts.some((act) => act.kind === 'pass')"
)


def test_a_two_player_dealer_ordered_up_is_told_they_may_leave_the_turn_up(
    new_page: PageFactory,
) -> None:
    """The prompt said "not the 7♠ you picked up" while the dealer had picked nothing up
    and "Leave the turn-up" stood right above the hand."""
    page = new_page(viewport=PHONE)
    game, _, _ = open_started_table(page, "two-player", {"target": 15})
    game.play_until(DEALER_MAY_LEAVE)
    expect(page.locator("#prompt")).to_contain_text("discard a card, or leave the turn-up.")
    expect(page.locator("#prompt")).not_to_contain_text("you picked up")
