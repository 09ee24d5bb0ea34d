"""On a phone, upright (390x664) and on its side (844x390), "Last trick" and the score
sheet are at hand during play: two 44 px buttons on the felt beside the player's own seat,
on screen without scrolling, in the lower half (the thumb's reach), over nothing the player
must see or tap (the hand, the bids, a seat); they open their sheets and take focus back."""

from __future__ import annotations

import os

import pytest
from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import PHONE, PHONE_LANDSCAPE, GamePage, create_private_table, enter_name

SIZES = pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
BUTTONS = ("#felt-last-trick", "#felt-score-sheet")
KEEP_CLEAR = ".dock .hand, .dock .bid-buttons, .dock .prompt, .seat, .felt-score, .felt-contract"

PLACES = """([sel, clear]) => {
    const box = (e) => {
        const r = e.getBoundingClientRect();
        return {l: r.left, t: r.top, r: r.right, b: r.bottom};
    };
    const b = box(document.querySelector(sel));
    const over = [...document.querySelectorAll(clear)].filter(e => {
        const o = box(e);
        return o.r > o.l && b.l < o.r && o.l < b.r && b.t < o.b && o.t < b.b;
    }).map(e => e.className);
    return {...b, w: b.r - b.l, h: b.b - b.t, over, vw: innerWidth, vh: innerHeight};
}"""


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png")


def check_at_hand(page: Page) -> None:
    # The page as the player holds it at their turn: at its top, the felt filling the
    # screen below the bars (a test's clicks may have scrolled it to reach a card).
    page.evaluate("window.scrollTo(0, 0)")
    for sel in BUTTONS:
        place = page.evaluate(PLACES, [sel, KEEP_CLEAR])
        assert place["w"] >= 44 and place["h"] >= 44, (sel, place)
        assert place["l"] >= 0 and place["r"] <= place["vw"], (sel, place)
        assert place["vh"] / 2 <= place["t"] and place["b"] <= place["vh"], (sel, place)
        assert place["over"] == [], (sel, place)


@SIZES
def test_last_trick_and_the_score_sheet_are_in_thumb_reach_during_play(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Amy")
    game = create_private_table(page, start_with_bots=True)
    game.wait_my_turn_or("false")  # the first bid
    check_at_hand(page)
    game.play_until(
        "t.dataset.myTurn === 'true' && !!document.querySelector('.hand-card.legal')"
        " && document.querySelectorAll('.trick-card').length > 0"
        " || Number(t.dataset.deal) >= 1 && t.dataset.myTurn === 'true'"
        " && !!document.querySelector('.hand-card.legal')"
    )
    check_at_hand(page)
    shot(page, f"look-reach-{viewport['width']}")
    page.locator("#felt-score-sheet").tap()
    expect(page.locator("#score-sheet-box")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#score-sheet-box")).to_be_hidden()
    expect(page.locator("#felt-score-sheet")).to_be_focused()
    if page.locator("#felt-last-trick").is_enabled():
        page.locator("#felt-last-trick").tap()
        expect(page.locator("#last-trick")).to_be_visible()
        shot(page, f"look-reach-last-trick-{viewport['width']}")
        page.locator("#last-trick .look-close").tap()
        expect(page.locator("#last-trick")).to_have_count(0)
    assert GamePage(page).attr("status") == "playing"


def test_the_felts_buttons_stay_readable_under_a_mouse(new_page: PageFactory) -> None:
    """A narrow window has them too: under the mouse each took every button's light hover,
    its white word on it all but gone (axe: contrast 1.86)."""
    page = new_page(viewport=PHONE)
    enter_name(page, "Amy")
    game = create_private_table(page, start_with_bots=True)
    game.wait_my_turn_or("false")  # the first bid: the table waits for Amy
    page.evaluate("window.scrollTo(0, 0)")
    for sel in BUTTONS:
        if page.locator(sel).is_enabled():
            page.hover(sel)
            assert_accessible(page, f"{sel} under the mouse")
