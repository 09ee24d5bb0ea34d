"""A game with no target (a deal limit or a time limit decides it) said "Game to 0", its
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


def test_a_game_to_a_target_keeps_it_on_the_felt_and_the_board(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    open_started_table(page, "standard", {"target": 5})
    expect(page.locator(".felt-target")).to_have_text("Game to 5")
    expect(page.locator(".score-board h2")).to_have_text("Score (game to 5)")
    expect(page.locator(".score-board .score-bar")).to_have_count(2)
