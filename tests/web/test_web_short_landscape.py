"""Short screens on their side (a phone at 667 x 375; a 1280 x 800 screen at 200 % zoom,
640 x 400) in English, German and Dutch: the top bar keeps to one row, and at the first bid
the bids and every card of the hand are whole on the screen and on the felt (which clips
what overhangs it)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from conftest import PageFactory
from phases import reach
from playwright.sync_api import Page, expect
from web_helpers import (
    LiveServer,
    account_server,
    create_private_table,
    enter_name,
    open_settings,
    register,
)

SHORT = {"667x375": {"width": 667, "height": 375}, "640x400": {"width": 640, "height": 400}}
LOCALES = {"en": "en-GB", "de": "de-DE", "nl": "nl-NL"}
LOGOUT = {"en": "Log out", "de": "Abmelden", "nl": "Uitloggen"}

CUT = """() => {
    const felt = document.querySelector('.felt').getBoundingClientRect();
    const bottom = Math.min(innerHeight, felt.bottom);
    return [...document.querySelectorAll('.hand-card, .bid-buttons button')]
        .map(e => [e.dataset.card || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, r]) => r.top < felt.top - 0.5 || r.bottom > bottom + 0.5
            || r.left < felt.left - 0.5 || r.right > felt.right + 0.5)
        .map(([name, r]) => `${name}: ${Math.round(r.top)}..${Math.round(r.bottom)}`
            + ` (felt ${Math.round(felt.top)}..${Math.round(bottom)})`);
}"""


def _first_bid_is_whole(page: Page, size: str, lang: str) -> None:
    """At a new table's first bid: the top bar one row, the bids and the hand whole."""
    game = create_private_table(page, start_with_bots=True)
    state = reach(game, "bid_r1")
    assert page.evaluate("document.documentElement.lang") == lang
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 44, (size, lang, bar)
    assert page.locator(".bid-buttons button").count() >= 2
    assert page.locator(".hand-card").count() == 5
    assert page.evaluate(CUT) == [], (size, lang, state["upcard"], state["dealer"] == state["seat"])


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("size", sorted(SHORT))
def test_the_first_bid_is_whole_on_a_short_screen_on_its_side(
    new_page: PageFactory, live: LiveServer, size: str, lang: str
) -> None:
    page = new_page(viewport=SHORT[size], locale=LOCALES[lang])
    enter_name(page, "Wilhelmina")  # a long name in the seat and the score
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 44, (size, lang, bar)  # one row of 40 px
    _first_bid_is_whole(page, size, lang)


@pytest.fixture(scope="module")
def accounts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with account_server(tmp_path_factory, "web-short-accounts") as server:
        yield server


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("size", sorted(SHORT))
def test_a_logged_in_players_first_bid_is_whole_on_a_short_screen_on_its_side(
    new_page: PageFactory, accounts: LiveServer, size: str, lang: str
) -> None:
    """An account's top bar (name, account settings, log out) keeps to one row too."""
    page = new_page(viewport=SHORT[size], locale=LOCALES[lang], server=accounts)
    name = f"WilhelminaVanDer{lang.title()}{size[:3]}"  # a long name beside the tools
    register(page, name)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 44, (size, lang, bar)  # one row of 40 px
    # logging out is still there, by name, and leads out of the account
    logout = page.get_by_role("button", name=LOGOUT[lang])
    _first_bid_is_whole(page, size, lang)
    if shots := os.environ.get("EUCHRE_SHOTS"):
        page.screenshot(path=f"{shots}/account-bid-{size}-{lang}.png")
    # Log out still works from here (by keyboard)
    if logout.is_hidden():
        open_settings(page)
        if shots := os.environ.get("EUCHRE_SHOTS"):
            page.screenshot(path=f"{shots}/account-menu-{size}-{lang}.png")
    logout.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#login-link")).to_be_visible()
