"""Each page is named in the tab's title (many tabs, a screen reader's list of windows), in
the player's language, and "Skip to content" moves focus to the page without changing the
address (the hash router knows no page "#main")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import (
    LiveServer,
    account_server,
    create_private_table,
    enter_name,
    register,
)


@pytest.fixture(scope="module")
def accounts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with account_server(tmp_path_factory, "web-page-names") as server:
        yield server


def test_every_page_is_named_in_the_title(new_page: PageFactory, accounts: LiveServer) -> None:
    page = new_page(server=accounts)
    page.goto("/")
    expect(page).to_have_title("Lobby – Euchre")
    register(page, "Ann")
    for address, title in [
        ("#/help", "Help – Euchre"),
        ("#/replay", "Replay – Euchre"),
        ("#/leaderboard", "Leaderboard – Euchre"),
        ("#/account", "Your account – Euchre"),
        ("#/account/settings", "Account settings – Euchre"),
        ("#/profile/Ann", "Profile of Ann – Euchre"),
        ("#/nowhere", "Page not found – Euchre"),
        ("#/", "Lobby – Euchre"),
    ]:
        page.evaluate(f"location.hash = '{address}'")
        expect(page).to_have_title(title)
    create_private_table(page, start_with_bots=False)
    heading = page.locator("#table-title").inner_text()
    assert heading.startswith("Table")
    expect(page).to_have_title(f"{heading} – Euchre")

    # in the player's language, at once
    page.evaluate("window.euchre.i18n.load('de')")
    heading = page.locator("#table-title").inner_text()
    assert heading.startswith("Tisch")
    expect(page).to_have_title(f"{heading} – Euchre")
    page.evaluate("location.hash = '#/help'")
    expect(page).to_have_title("Hilfe – Euchre")
    page.evaluate("window.euchre.i18n.load('nl')")
    expect(page).to_have_title("Hulp – Euchre")
    page.evaluate("location.hash = '#/profile/Ann'")
    expect(page).to_have_title("Profiel van Ann – Euchre")


@pytest.mark.parametrize("where", ["lobby", "table"])
def test_skip_to_content_by_keyboard_keeps_the_page(
    new_page: PageFactory, live: LiveServer, where: str
) -> None:
    page = new_page()
    enter_name(page, "Skipper")
    if where == "table":  # waiting: a first turn's focus on the bids is not this test's
        create_private_table(page, start_with_bots=False)
    page.wait_for_function("document.body.dataset.booted === 'true'")
    address = page.evaluate("location.hash")
    heading = page.locator("#main h1").first
    expect(heading).to_be_visible()
    skip = page.locator(".skip-link")
    skip.focus()  # the first stop of the page's Tab order
    assert skip.bounding_box()["x"] >= 0  # shown while focused
    page.keyboard.press("Enter")
    # focus on the page's heading; the same address and the same page (no "Page not found")
    expect(heading).to_be_focused()
    assert page.evaluate("location.hash") == address
    expect(page.locator(".not-found")).to_have_count(0)
    expect(heading).to_be_visible()
    # the next Tab goes on inside the page, not back to the top bar
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('main').contains(document.activeElement)")
