"""axe-core finds nothing serious or critical on any page (the table's phases are scanned
in test_web_table_layout, a replay and the game's end in test_web_game); a new player's
focus goes from the name straight to "Play now"."""

from __future__ import annotations

import pytest
from axe import assert_accessible, violations
from conftest import PageFactory
from phases import SIZES
from playwright.sync_api import Page, expect
from web_helpers import LiveServer, create_private_table, enter_name

PAGES = {
    "help": ("#/help", "#help-title, .help h1"),
    "rules": ("#/help/order", ".card-order .card"),
    "replays": ("#/replay", ".replay h1"),
    "account": ("#/account", "#register-name"),
    "leaderboard": ("#/leaderboard", "main h1"),
    "profile": ("#/profile/nobody-here", "main h1"),
}


def _booted(page: Page) -> None:
    page.wait_for_function("document.body.dataset.booted === 'true'")


def test_the_lobby_before_and_after_the_name(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page(viewport=SIZES["phone"])
    page.goto("/")
    _booted(page)
    expect(page.locator("#guest-name")).to_be_focused()
    assert_accessible(page, "the lobby, asking for a name")
    page.keyboard.type("Mo")
    page.keyboard.press("Enter")
    expect(page.locator("#quick-play")).to_be_focused()
    expect(page.locator(".table-list, #open-tables").first).to_be_visible()
    assert_accessible(page, "the lobby")
    page.focus("#settings-button")
    page.keyboard.press("Enter")  # the gear opens the menu by keyboard too, focus inside it
    expect(page.locator("#settings-panel")).to_be_visible()
    expect(page.locator("#settings-button")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#language")).to_be_focused()
    assert_accessible(page, "the lobby with the settings menu open")
    page.mouse.click(5, 600)  # a click elsewhere closes it
    expect(page.locator("#settings-panel")).to_be_hidden()
    expect(page.locator("#settings-button")).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_page_passes_axe(new_page: PageFactory, live: LiveServer, name: str) -> None:
    address, ready = PAGES[name]
    page = new_page()
    enter_name(page, "Ned")
    page.goto(f"/{address}")
    _booted(page)
    page.wait_for_selector(ready)
    assert_accessible(page, f"the {name} page")
    page.set_viewport_size(SIZES["phone"])
    assert_accessible(page, f"the {name} page on a phone")


def test_a_table_waiting_for_players_passes_axe(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page(viewport=SIZES["phone"])
    enter_name(page, "Oli")
    game = create_private_table(page, start_with_bots=False)
    assert game.attr("status") == "waiting"
    expect(page.locator("#start-game")).to_be_visible()
    assert_accessible(page, "a table waiting for players")


def test_the_scan_catches_what_the_issue_found(new_page: PageFactory, live: LiveServer) -> None:
    """The mistakes issue 15 reported, on a page of their own: each one fails the scan."""
    page = new_page()
    page.set_content(
        """<!doctype html><html lang="en"><head><title>t</title></head><body><main>
        <h1>Page</h1>
        <a href="#/" aria-label="Lobby">Euchre</a>
        <div aria-label="A trick"><span></span></div>
        <div style="height: 40px; overflow-y: auto"><p>1</p><p>2</p><p>3</p><p>4</p></div>
        </main></body></html>"""
    )
    found = {v["id"] for v in violations(page)}
    assert {"label-content-name-mismatch", "aria-prohibited-attr"} <= found, found
    assert "scrollable-region-focusable" in found, found


def test_the_scan_fails_on_twin_regions_and_a_skipped_heading(
    new_page: PageFactory, live: LiveServer
) -> None:
    """Moderate findings that still fail: the hand summary named "Hand 3" beside the side
    panel's "Hand 3", and the replay's seats (h3) straight under its h1."""
    page = new_page()
    page.set_content(
        """<!doctype html><html lang="en"><head><title>t</title></head><body><main>
        <h1>Replay</h1><h3>Kay</h3>
        <section aria-label="Hand 3"><p>a</p></section>
        <section aria-label="Hand 3"><p>b</p></section>
        </main></body></html>"""
    )
    found = {v["id"] for v in violations(page)}
    assert {"landmark-unique", "heading-order"} <= found, found
