"""Screenshots for the README and docs/screenshots: lobby, table and bidding on a phone
(390 x 844) and a desktop (1440 x 900). The replay's are written by test_web_game."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    GamePage,
    LiveServer,
    create_private_table,
    enter_name,
)

SIZES = (("phone", PHONE), ("desktop", DESKTOP))
BIDDING = "t.dataset.myTurn === 'true' && t.dataset.phase.startsWith('bid')"
TRICK = (
    "t.dataset.myTurn === 'true' && t.dataset.phase === 'play' "
    "&& document.querySelectorAll('.trick-card').length >= 2"
)


def _shoot(page: Page, name: str) -> None:
    page.wait_for_selector(".trick.won", state="detached")  # the last trick has been collected
    for size_name, size in SIZES:
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        path = SCREENSHOTS / f"{name}-{size_name}.png"
        page.screenshot(path=path, animations="disabled")
        assert path.stat().st_size > 10_000


def test_screenshots_of_lobby_table_and_bidding(new_page: PageFactory, live: LiveServer) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    other = new_page()
    enter_name(other, "Nora")
    other.click("#quick-play")
    GamePage(other).wait_table()

    page = new_page()
    enter_name(page, "Alex")
    expect(page.locator(".table-row").first).to_be_visible()
    expect(page.locator("#open-tables")).to_contain_text("Nora")
    _shoot(page, "lobby")

    game = create_private_table(page, start_with_bots=True)
    game.play_until(BIDDING)
    expect(page.locator(".bid-buttons button").first).to_be_visible()
    _shoot(page, "bidding")

    game.play_until(TRICK)
    _shoot(page, "table")
