"""A phone player at the table, on a touch screen upright (390x664) and on its side
(844x390): the score sheet, the last trick, the hand review, standing up, the rematch,
names written right to left."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from conftest import PageFactory
from playwright.sync_api import Locator, Page, expect
from web_helpers import PHONE, PHONE_LANDSCAPE, GamePage, create_private_table, enter_name

SIZES = pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])

# Each word of each cell: how many lines its letters take (a word broken mid-word takes two).
BROKEN_WORDS = """sel => [...document.querySelectorAll(sel)].flatMap(cell => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const broken = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('.visually-hidden, .suit-name')) continue;
        for (const m of node.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            if (tops.size > 1) broken.push(m[0]);
        }
    }
    return broken;
})"""


def shot(what: Page | Locator, name: str) -> None:
    """A screenshot to look at, where EUCHRE_SHOTS names a folder for them."""
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        what.screenshot(path=f"{folder}/{name}.png")


def phone(new_page: PageFactory, viewport: dict[str, int], name: str) -> Page:
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, name)
    return page


def a_game_with_scored_hands(page: Page, hands: int = 1) -> GamePage:
    """A private table with three bots, played until ``hands`` hands are on the score sheet."""
    game = create_private_table(page, start_with_bots=True)
    game.play_until(f"Number(t.dataset.deal) >= {hands}")
    return game


def no_page_scroll_sideways(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert width <= 0, f"the page is {width} px wider than the phone"


@SIZES
def test_the_score_sheet_fits_a_phone_without_breaking_words(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = phone(new_page, viewport, "Gerda")
    a_game_with_scored_hands(page)
    page.locator("#score-sheet-button, #score-sheet-box summary").first.tap()
    sheet = page.locator("#score-sheet")
    expect(sheet).to_be_visible()
    sheet.scroll_into_view_if_needed()
    shot(sheet, f"score-sheet-{viewport['width']}")

    assert page.evaluate(BROKEN_WORDS, "#score-sheet th, #score-sheet td") == []
    # the sheet fits: nothing scrolls sideways, neither the page nor the sheet
    assert page.evaluate(
        "document.querySelector('.score-sheet-wrap').scrollWidth"
        " <= document.querySelector('.score-sheet-wrap').clientWidth"
    )
    no_page_scroll_sideways(page)
    headers = sheet.locator("thead th")
    assert not [h for h in headers.all_inner_texts() if ":" in h]
    # the numbers' order: the player's side (seat 1, side 1) first
    expect(headers.nth(4)).to_contain_text("us – them")
    expect(headers.nth(5)).to_contain_text("us – them")
    # screen readers hear the full words of the short headers
    expect(headers.nth(0).locator(".visually-hidden")).to_have_text("Hand")
    expect(headers.nth(5).locator(".visually-hidden")).to_have_text("Points")


HAND_IN_VIEW = """() => {
    const hand = document.querySelector('.hand');
    const r = hand.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1;
}"""


def trick_cards(page: Page) -> list[dict[str, Any]]:
    """The last trick's cards: each one's seat, its place (pos-*) and its box."""
    return list(
        page.locator("#last-trick li").evaluate_all(
            """els => els.map(e => {
                const r = e.getBoundingClientRect();
                return {seat: Number(e.dataset.seat), pos: e.className.match(/pos-(\\w+)/)[1],
                        top: r.top, bottom: r.bottom, left: r.left, right: r.right};
            })"""
        )
    )


# How many lines each of the left and right players' lines of the last trick takes.
SIDE_LINES = """() => [...document.querySelectorAll(
        '#last-trick li.pos-left .trick-line, #last-trick li.pos-right .trick-line')]
    .map((line) => {
        const range = document.createRange();
        range.selectNodeContents(line);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    })"""


@SIZES
def test_the_last_trick_and_the_score_sheet_open_over_the_table(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = phone(new_page, viewport, "Amy")
    game = a_game_with_scored_hands(page)
    game.play_until("t.dataset.phase === 'play' && !!document.querySelector('.trick-card')")
    game.wait_my_turn_or("false")
    page.evaluate("document.querySelector('.felt').scrollIntoView({block: 'end'})")
    assert page.evaluate(HAND_IN_VIEW)
    scroll = page.evaluate("window.scrollY")

    page.evaluate("document.querySelector('#last-trick-button').click()")  # below the table
    panel = page.locator("#last-trick")
    expect(panel).to_be_visible()
    expect(page.locator("#last-trick-title")).to_be_focused()
    # over the table: the page did not scroll away from the hand, the sheet is in view
    assert page.evaluate("window.scrollY") == scroll
    box = panel.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1
    # the cards lie where their players sit (seat 1, this player's, at the bottom; a
    # player alone has no partner's card), as the felt draws a trick
    cards = trick_cards(page)
    assert len(cards) in (3, 4)
    where = dict(enumerate(["bottom", "left", "top", "right"]))
    assert all(c["pos"] == where[c["seat"]] for c in cards), cards
    at = {c["pos"]: c for c in cards}
    if "top" in at and "bottom" in at:
        assert at["top"]["bottom"] <= at["bottom"]["top"] + 1
    if "left" in at and "right" in at:
        assert at["left"]["right"] <= at["right"]["left"] + 1
    # the side players' lines get the width beside the cross (the long line of the top or
    # the bottom card squeezed them to a word a line: six lines at 390 px)
    assert all(lines <= 3 for lines in page.evaluate(SIDE_LINES)), page.evaluate(SIDE_LINES)
    shot(page, f"last-trick-{viewport['width']}")

    # a tap outside closes it, and plays no card
    version = game.version()
    above = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert box["y"] - 8 > above, "no table left in view above the sheet"
    page.touchscreen.tap(20, box["y"] - 8)
    expect(panel).to_have_count(0)
    assert game.version() == version
    expect(page.locator("#last-trick-button")).to_be_focused()

    # the score sheet: the same sheet; Escape closes it and gives focus back
    page.evaluate("document.querySelector('#score-sheet-button').click()")
    sheet = page.locator("#score-sheet-box")
    expect(sheet).to_be_visible()
    expect(page.locator("#score-sheet-title")).to_be_focused()
    assert page.evaluate("window.scrollY") == scroll
    shot(page, f"score-sheet-over-{viewport['width']}")
    # what is under it is out of Tab's reach
    assert page.evaluate("document.querySelector('.hand').closest('[inert]') !== null")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(page.locator("#score-sheet-button")).to_be_focused()
    assert page.evaluate("document.querySelector('.hand').closest('[inert]') === null")
    # and its Close button
    page.evaluate("document.querySelector('#score-sheet-button').click()")
    sheet.get_by_role("button", name="Close").tap()
    expect(sheet).to_be_hidden()


def invite_url(page: Page) -> str:
    return f"/#/join/{page.locator('#invite-code-text').inner_text()}"


@SIZES
def test_standing_up_at_a_private_table_asks_first_and_says_a_bot_plays(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = phone(new_page, viewport, "Amy")
    game = create_private_table(page, start_with_bots=True)
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    page.locator("#stand-up").tap()
    question = page.locator("#stand-confirm")
    expect(question).to_be_visible()
    expect(question).to_contain_text("A bot will play your seat")
    expect(page.locator("#stand-yes")).to_be_focused()
    shot(page.locator(".table-actions"), f"stand-confirm-{viewport['width']}")
    assert game.attr("seat") == "0"  # nothing happened yet
    page.locator("#stand-no").tap()
    expect(question).to_have_count(0)
    expect(page.locator("#stand-up")).to_be_focused()
    assert game.attr("seat") == "0"
    page.locator("#stand-up").tap()
    page.locator("#stand-yes").tap()
    expect(page.locator(".table-page")).to_have_attribute("data-seat", "")
    expect(question).to_have_count(0)


@SIZES
def test_the_invite_hides_the_chat_and_the_start_brings_the_table_into_view(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    host = phone(new_page, viewport, "Amy")
    create_private_table(host, start_with_bots=False)
    friend = new_page(viewport=viewport, touch=True)
    friend.goto(invite_url(host))
    expect(friend.locator("#guest-name")).to_be_visible()
    # the invite's name form: no unrelated, disabled "Table chat" under it
    expect(friend.locator("#chat-panel")).to_be_hidden()
    shot(friend, f"invite-{viewport['width']}")
    friend.fill("#guest-name", "Ben")
    friend.locator("form.name-form button[type=submit]").tap()
    friend.get_by_role("button", name="Sit here").first.tap()
    expect(friend.locator(".table-page")).to_have_attribute("data-seat", re.compile(r"\d"))
    expect(friend.locator("#chat-panel")).to_be_visible()
    # Ben reads the chat, far below the table; Amy starts the game
    friend.locator("#chat-panel").scroll_into_view_if_needed()
    friend.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert friend.evaluate("document.querySelector('.felt').getBoundingClientRect().bottom") < 0
    host.locator("#start-game").tap()
    expect(friend.locator(".table-page")).to_have_attribute("data-status", "playing")
    friend.wait_for_function(
        "() => { const r = document.querySelector('.felt').getBoundingClientRect();"
        " return r.top >= -1 && r.bottom <= window.innerHeight + 1; }"
    )
    shot(friend, f"started-{viewport['width']}")


HEBREW = "דנה"  # Dana, written right to left


@SIZES
def test_a_right_to_left_name_is_isolated_in_seats_sentences_and_chat(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    host = phone(new_page, viewport, "Amy")
    create_private_table(host, start_with_bots=False)
    friend = phone(new_page, viewport, HEBREW)
    friend.goto(invite_url(host))
    friend.get_by_role("button", name="Sit here").first.tap()
    # the seat label: the name is an element of its own, its direction its own
    seat = host.locator(".seat .name", has_text=HEBREW)
    expect(seat).to_have_attribute("dir", "auto")
    # a sentence: the name between U+2068 and U+2069, the words round it left to right
    expect(host.locator("#game-log li").last).to_have_text(f"\u2068{HEBREW}\u2069 sits down.")
    # a name written left to right is left as it was (the tests' texts stay as they were)
    host.locator("#start-game").tap()
    started = host.locator("#game-log li", has_text="The game starts.")
    expect(started).to_have_count(1)
    text = started.inner_text()
    assert ("\u2068" in text) == (HEBREW in text), text
    for page in (host, friend):
        if not page.locator("#chat-enabled").is_checked():
            page.locator("#chat-enabled").check()
    friend.fill("#chat-input", "שלום")
    friend.press("#chat-input", "Enter")
    line = host.locator(".chat-from", has_text=HEBREW)
    expect(line).to_have_attribute("dir", "auto")
    shot(host, f"rtl-{viewport['width']}")
