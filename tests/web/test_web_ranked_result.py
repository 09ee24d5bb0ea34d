"""A ranked game's end in the browser: the player's rating before and after (as the server
wrote it), whether it is still provisional, where ratings are explained, and the next
ranked game one tap away; a player who left the game finds their result there too."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import PHONE, GamePage, LiveServer, account_server, leave_game, register


@pytest.fixture(scope="module")
def accounts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with account_server(tmp_path_factory, "web-ranked-result") as server:
        yield server


def _ranked_two_player(page: Page) -> str:
    page.select_option("#quick-preset", "two-player")
    page.click("#quick-ranked")
    expect(page.locator(".table-page")).to_be_visible()
    return str(page.evaluate("window.euchre.current.tableId"))


def _change_text(player: dict[str, float]) -> str:
    before, after = player["rating_before"], player["rating_after"]
    change = round(after - before, 2)
    sign = "+" if change > 0 else ""
    return f"(Two players): {before:.2f} → {after:.2f} ({sign}{change:.2f})"


def test_the_game_over_box_says_the_rating_change_and_offers_the_next_ranked_game(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    ivy = new_page(server=accounts, viewport=PHONE)
    register(ivy, "Ivy")
    table = _ranked_two_player(ivy)
    # a two-player ranked table waits for one more: not "four players", nor the two it seats
    expect(ivy.locator(".table-page")).to_contain_text("Waiting for 1 more player with an account.")
    otto = new_page(server=accounts)
    register(otto, "Otto")
    assert _ranked_two_player(otto) == table
    expect(ivy.locator(".table-page")).to_have_attribute("data-status", "playing")
    # leaving asks first, and says the result still counts
    otto.click("#leave-table")
    expect(otto.locator("#stand-question")).to_have_text(
        "Leave this ranked game? A bot plays your seat to its end, and the result counts for you."
    )
    otto.click("#stand-yes")  # a bot plays on in Otto's seat; Otto still takes the result

    GamePage(ivy).play_until("!!document.querySelector('#game-over')", max_moves=600)
    line = ivy.locator("#rating-change")
    expect(line).to_contain_text("Your rating", timeout=40_000)
    summary = ivy.request.get(f"api/games/{table}/summary").json()
    assert summary["rated"] is True
    players = {p["account"]: p for p in summary["players"]}
    expect(line).to_have_text("Your rating " + _change_text(players["Ivy"]))
    expect(ivy.locator("#rating-scale")).to_contain_text("Everyone starts at 0.00;")
    # one ranked game against a newcomer establishes no one (the server's rule says how)
    expect(ivy.locator("#rating-provisional")).to_have_text(
        re.compile(r"^Your rating is still provisional: it is established after \d+ ranked game")
    )
    again = ivy.locator("#play-ranked-again")
    again.scroll_into_view_if_needed()
    expect(again).to_be_in_viewport(ratio=1)
    assert_accessible(ivy, "a ranked game's end on a phone")
    if shots := os.environ.get("EUCHRE_SHOTS"):
        ivy.locator("#game-over").screenshot(path=f"{shots}/ranked-game-over-phone.png")

    # Otto left before the end: back at the game, his own result is there
    otto.goto(f"/#/table/{table}")
    expect(otto.locator("#rating-change")).to_have_text(
        "Your rating " + _change_text(players["Otto"]), timeout=20_000
    )
    expect(otto.locator("#rating-provisional")).to_be_visible()

    # the scale is explained where the link leads
    ivy.locator("#ratings-explained").click()
    expect(ivy.locator("#help-ranked-title")).to_be_focused()
    expect(ivy.locator("#help-ranked")).to_contain_text("Everyone starts at 0.00.")

    # the leaderboard of the game's mode (it opened on Partnership, nobody there), and
    # the mode is remembered for the next time the leaderboard opens
    ivy.go_back()
    ivy.locator("#ranked-leaderboard").click()
    expect(ivy.locator("#leaderboard-mode")).to_have_value("two-player")
    expect(ivy.locator("#leaderboard-table")).to_contain_text("Ivy")
    ivy.goto("/#/")
    ivy.goto("/#/leaderboard")
    expect(ivy.locator("#leaderboard-mode")).to_have_value("two-player")

    # the next ranked game of the same rules, from the box
    ivy.goto(f"/#/table/{table}")
    again.click()
    expect(ivy).not_to_have_url(re.compile(table))
    expect(ivy.locator(".table-page")).to_have_attribute("data-status", "waiting")
    info = ivy.evaluate("window.euchre.current.info")
    assert (info["kind"], info["preset"]) == ("ranked", "two-player")
    ivy.click("#leave-table")  # the next test's players find a table of their own
    expect(ivy.locator("#quick-ranked")).to_be_visible()


def test_one_who_watched_a_ranked_game_is_shown_no_rating(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """A watcher's game over box has no rating line and no "Play ranked again": the game
    was not theirs."""
    ada = new_page(server=accounts)
    register(ada, "Ada")
    table = _ranked_two_player(ada)
    bo = new_page(server=accounts)
    register(bo, "Bo")
    assert _ranked_two_player(bo) == table
    for page in (ada, bo):
        leave_game(page)
    watcher = new_page(server=accounts)
    register(watcher, "Cleo")
    watcher.goto(f"/#/table/{table}")
    expect(watcher.locator("#game-over")).to_be_visible(timeout=40_000)
    expect(watcher.locator("#game-over-title")).to_have_text("Game over")
    watcher.wait_for_function(
        f"fetch('api/games/{table}/summary').then(r => r.json()).then(s => s.processed)"
    )
    expect(watcher.locator("#ranked-result")).to_have_count(0)
    expect(watcher.locator("#play-ranked-again")).to_have_count(0)
