"""A competitive player's pages on a phone (390x664, a touch screen) in every language:
the leaderboard and the profile's ratings fit the screen with every column whole, a
player's name on the leaderboard is a fingertip's target, the rating chart's numbers are
as large as the rest of the page's smallest text, and a long leaderboard goes on past
its first page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import PageFactory
from playwright.sync_api import Browser, Page, expect
from web_helpers import (
    PHONE,
    PHONE_LANDSCAPE,
    LiveServer,
    account_server,
    leave_game,
    register,
)

NARROW_PHONE = {"width": 320, "height": 568}
FINGER = 44  # px
SMALLEST_TEXT = 12  # px
TOTAL = 120  # players on a long leaderboard
# Long names, as people have them: the longest a name may be is 24 characters.
NAMES = ("Wilhelmina Vandenberghe", "Maximiliane-Louise")
LANGUAGES = pytest.mark.parametrize("locale", ["en-GB", "de-DE", "nl-NL"])

OUT_OF_ITS_BOX = """selector => {
    const table = document.querySelector(selector);
    const box = table.parentElement;  // the scroller a wide table would scroll sideways in
    return { table: table.getBoundingClientRect().width, box: box.clientWidth,
             page: document.documentElement.scrollWidth, screen: innerWidth };
}"""

# How many lines the first word of each leaderboard name is drawn on (1: kept whole).
FIRST_WORD_LINES = """() => [...document.querySelectorAll('#leaderboard-table .pname')]
  .map((el) => {
    const text = el.firstChild;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, text.textContent.split(/[\\s-]/)[0].length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return [el.textContent, tops.size];
})"""

# Both players on the two-player leaderboard, as the page asks for it.
LISTED = """async names => {
    const answer = await fetch("api/leaderboard?mode=two-player&limit=50&offset=0");
    const listed = answer.ok ? (await answer.json()).entries.map((e) => e.name) : [];
    return names.every((name) => listed.includes(name));
}"""

# A chart's text is drawn in the chart's own units; on the screen it is that many px
# times the chart's scale (its width on the screen over its viewBox's width).
CHART_TEXT = """() => {
    const svg = document.querySelector('svg.rating-chart');
    const style = getComputedStyle(svg);
    const inside = svg.getBoundingClientRect().width
        - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
    const scale = inside / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')]
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
}"""


@pytest.fixture(scope="module")
def rated(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[LiveServer]:
    """A server where both NAMES have finished a ranked two-player game."""
    with account_server(tmp_path_factory, "web-ranked-phone") as server:
        contexts = [browser.new_context(base_url=server.url, bypass_csp=True) for _ in NAMES]
        pages = [context.new_page() for context in contexts]
        for page, name in zip(pages, NAMES, strict=True):
            register(page, name)
            page.select_option("#quick-preset", "two-player")
            expect(page.locator("#quick-preset")).to_have_value("two-player")
            page.click("#quick-ranked")
        for page in pages:
            expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
        for page in pages:  # the bots that take the seats finish the game at once
            leave_game(page)
        # polled from here: wait_for_function took the async function's promise for a true
        # value and went on at once, before the ratings were written
        deadline = time.monotonic() + 30
        while not pages[0].evaluate(LISTED, list(NAMES)):
            assert time.monotonic() < deadline, "the players never reached the leaderboard"
            time.sleep(0.2)
        for context in contexts:
            context.close()
        yield server


def open_page(page: Page, address: str, selector: str) -> None:
    page.goto(address)
    page.wait_for_function("document.body.dataset.booted === 'true'")
    expect(page.locator(selector)).to_be_visible()


def assert_fits(page: Page, selector: str) -> None:
    sizes = page.evaluate(OUT_OF_ITS_BOX, selector)
    assert sizes["table"] <= sizes["box"] + 0.5, sizes  # no column cut off at the edge
    assert sizes["page"] <= sizes["screen"], sizes


@LANGUAGES
def test_the_leaderboard_fits_a_phone_and_its_names_are_finger_sized(
    new_page: PageFactory, rated: LiveServer, locale: str
) -> None:
    page = new_page(server=rated, viewport=PHONE, locale=locale, touch=True)
    open_page(page, "/#/leaderboard/two-player", "#leaderboard-table")
    expect(page.locator("#leaderboard-table tbody tr")).to_have_count(2)
    assert_fits(page, "#leaderboard-table")
    for link in page.locator("#leaderboard-table tbody a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= FINGER, (link.inner_text(), box)
    # Squeezed by the Dutch headings a name was broken inside its first word ("Wilhel|mina")
    for name, lines in page.evaluate(FIRST_WORD_LINES):
        assert lines == 1, (name, locale)


@LANGUAGES
def test_the_leaderboard_fits_the_narrowest_phone(
    new_page: PageFactory, rated: LiveServer, locale: str
) -> None:
    """At 320 px the Dutch board's headings alone were wider than the screen: its last
    column ("Gewonnen") was off the edge, to be scrolled to sideways. A board that does not
    fit is stacked, a block per player, and is a table again when the screen is wider."""
    page = new_page(server=rated, viewport=NARROW_PHONE, locale=locale, touch=True)
    open_page(page, "/#/leaderboard/two-player", "#leaderboard-table")
    rows = page.locator("#leaderboard-table tbody tr")
    expect(rows).to_have_count(2)
    assert_fits(page, "#leaderboard-table")
    for cell in page.locator("#leaderboard-table tbody tr > *").all():
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= NARROW_PHONE["width"], box
    for link in page.locator("#leaderboard-table tbody a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= FINGER, (link.inner_text(), box)
    page.set_viewport_size(PHONE_LANDSCAPE)  # a wider screen: a table again
    expect(page.locator(".table-scroll.stacked")).to_have_count(0)
    assert_fits(page, "#leaderboard-table")


@LANGUAGES
def test_the_profile_ratings_and_chart_are_readable_on_a_phone(
    new_page: PageFactory, rated: LiveServer, locale: str
) -> None:
    page = new_page(server=rated, viewport=PHONE, locale=locale, touch=True)
    open_page(page, f"/#/profile/{NAMES[0]}", "svg.rating-chart circle >> nth=0")
    assert_fits(page, "#ratings-table")
    sizes = page.evaluate(CHART_TEXT)
    assert sizes and min(sizes) >= SMALLEST_TEXT, sizes


def test_the_chart_stays_readable_when_the_phone_turns_upright(
    new_page: PageFactory, rated: LiveServer
) -> None:
    """Opened on its side, the chart was drawn for 844 px; turned upright it must not
    shrink its numbers below the smallest text."""
    page = new_page(server=rated, viewport=PHONE_LANDSCAPE, touch=True)
    open_page(page, f"/#/profile/{NAMES[1]}", "svg.rating-chart circle >> nth=0")
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"() => Math.min(...({CHART_TEXT})()) >= {SMALLEST_TEXT}", polling=100)


def board_page(url: str) -> dict[str, Any]:
    """The server's answer for a leaderboard of TOTAL players, as ``url`` asks for it."""
    query = parse_qs(urlparse(url).query)
    offset, limit = int(query["offset"][0]) if "offset" in query else 0, int(query["limit"][0])
    ranks = range(offset + 1, min(TOTAL, offset + limit) + 1)
    entries = [
        {
            "rank": r,
            "name": f"Player{r}",
            "rating": 40.0 - r / 10,
            "mu": 25.0,
            "sigma": 8.0,
            "games": 12,
            "wins": 6,
            "provisional": False,
        }
        for r in ranks
    ]
    return {"mode": "partnership", "total": TOTAL, "offset": offset, "entries": entries}


def test_a_player_past_the_first_fifty_finds_their_place(new_page: PageFactory) -> None:
    """The leaderboard showed its first 50 players and no way on: rank 51 and below
    could not be seen."""
    page = new_page(viewport=PHONE, touch=True)
    page.route(
        "**/api/leaderboard?*", lambda route: route.fulfill(json=board_page(route.request.url))
    )
    open_page(page, "/#/leaderboard", "#leaderboard-table")
    rows = page.locator("#leaderboard-table tbody tr")
    expect(rows).to_have_count(50)
    page.click("#more-players")
    expect(rows).to_have_count(100)
    expect(rows.nth(50).locator("td").first).to_have_text("Player51")
    page.click("#more-players")
    expect(rows).to_have_count(TOTAL)
    expect(page.locator("#more-players")).to_have_count(0)
    page.select_option("#leaderboard-mode", "cutthroat")  # another board starts at the top
    expect(rows).to_have_count(50)
