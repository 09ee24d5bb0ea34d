"""What a phone player's probe found, on a touch screen upright (390x664) and on its side
(844x390): the rules promised a turn timer that did not run (a person alone with bots has
no clock), the first legal card wore a focus ring after a reload that read as a selected
card, 40 px tap targets in the bar and the side panel, two primary buttons at the end of a
game and its score in seat order, the table's title a row of its own under the bar on a
short screen on its side, and the "go alone" tick over its "G"."""

from __future__ import annotations

import os
import re

import pytest
from conftest import PageFactory
from phases import reach
from playwright.sync_api import Page, expect
from test_web_phone import SMALL_TARGETS
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, create_private_table, enter_name

SIZES = pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])


def _shot(page: Page, name: str, viewport: dict[str, int]) -> None:
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}-{viewport['width']}x{viewport['height']}.png")


def test_alone_with_bots_the_rules_promise_no_clock(new_page: PageFactory) -> None:
    """The server runs no turn clock for a person alone with bots (docs/protocol.md): the
    table's rules say so instead of "Turn timer: 30 seconds", and no timer shows."""
    page = new_page(viewport=PHONE, touch=True)
    enter_name(page, "Solo")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    assert page.evaluate("window.euchre.current.info.turn_clock") is False
    page.locator(".rules summary").tap()
    rule = page.locator("#rules-timer")
    expect(rule).to_contain_text("30 seconds while two or more people play")
    expect(rule).to_contain_text("No clock runs now")
    expect(page.locator(".felt .timer:visible")).to_have_count(0)
    _shot(page, "rules-no-clock", PHONE)


CARD_RING = """() => {
    const el = document.activeElement;
    if (!el || !el.classList.contains('hand-card')) return null;
    const style = getComputedStyle(el);
    return {outline: style.outlineStyle, shadow: style.boxShadow};
}"""


@SIZES
def test_a_reload_on_a_touch_screen_rings_no_card(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    """Focus goes to the first legal card for keyboard users; on a touch screen it shows no
    ring there (it looked like a selected card), until a key moves about the page."""
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Reloader")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "play")
    page.reload()
    game.wait_table()
    game.wait_my_turn_or("false")
    page.wait_for_function("document.activeElement?.classList.contains('hand-card')")
    ring = page.evaluate(CARD_RING)
    assert ring is not None and ring["outline"] == "none", ring
    assert "0px 0px 0px 8px" not in ring["shadow"], ring  # the focus ring's wide band
    _shot(page, "reload-no-ring", viewport)
    page.keyboard.press("ArrowRight")  # a keyboard user: the ring is back
    page.wait_for_function("document.documentElement.dataset.input === 'keyboard'")
    ring = page.evaluate(CARD_RING)
    assert ring is not None and ring["outline"] == "solid", ring


@SIZES
def test_every_tap_target_at_a_waiting_table_is_44_px_on_a_touch_screen(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    """The bar's links, "Log in / register", the gear, "Add bot" and the side panel's
    summaries were 40 px: a fingertip wants 44."""
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Thumb")
    create_private_table(page, start_with_bots=False)
    expect(page.locator(".add-bot").first).to_be_visible()
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert page.evaluate(SMALL_TARGETS, 44) == []
    for what in (".nav a", "#settings-button", ".add-bot", ".side details > summary"):
        box = page.locator(what).first.bounding_box()
        assert box is not None and box["height"] >= 44, (what, box)
    _shot(page, "waiting-44px", viewport)


def test_the_bar_and_the_title_are_one_slim_row_on_a_phone_on_its_side(
    new_page: PageFactory,
) -> None:
    """At 844x390 the bar, the links and the table's title took 77 px above the felt: the
    title now sits in the bar's free room, the links still there to tap."""
    page = new_page(viewport=PHONE_LANDSCAPE, touch=True)
    enter_name(page, "Sideways")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.locator(".topbar").bounding_box()
    title = page.locator("#table-title").bounding_box()
    felt = page.locator(".felt").bounding_box()
    assert bar is not None and title is not None and felt is not None
    bar_foot = bar["y"] + bar["height"]
    assert title["y"] >= bar["y"] and title["y"] + title["height"] <= bar_foot, (bar, title)
    assert felt["y"] <= bar["height"] + 12, (bar, felt)
    for link in page.locator(".nav a").all():
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= bar["height"] + 0.5
        at = link.evaluate(
            "a => { const r = a.getBoundingClientRect();"
            " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
            " return hit?.closest('a') === a; }"
        )
        assert at, link.text_content()  # the title covers no link
    _shot(page, "slim-bar", PHONE_LANDSCAPE)


@SIZES
def test_the_go_alone_tick_keeps_clear_of_its_words(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Ticker")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    toggle = page.locator("#go-alone")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    gap = toggle.evaluate(
        """b => {
            const text = [...b.childNodes].find(n => n.nodeType === Node.TEXT_NODE);
            const range = document.createRange();
            range.selectNodeContents(text);
            const words = range.getBoundingClientRect();
            const tick = getComputedStyle(b, '::before');
            const box = b.getBoundingClientRect();
            const tickRight = box.left + parseFloat(getComputedStyle(b).borderLeftWidth)
                + parseFloat(tick.left) + parseFloat(tick.width);
            return words.left - tickRight;
        }"""
    )
    assert gap >= 1, gap
    _shot(page, "go-alone-tick", viewport)


PRIMARY = re.compile(r"\bprimary\b")
GAME_OVER = "!!document.querySelector('#game-over')"


def test_the_end_of_a_game_has_one_primary_button_and_the_winners_score_first(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    page = new_page(viewport=PHONE, touch=True, server=easy_bots)
    enter_name(page, "Ender")
    if page.locator("#opt-target").is_hidden():
        page.locator(".more-options summary").tap()
    page.select_option("#opt-target", "5")  # a short game
    game = create_private_table(page, start_with_bots=True)
    game.play_until(GAME_OVER, max_moves=400)
    expect(page.locator("#play-again")).to_have_class(PRIMARY)
    expect(page.locator("#back-to-lobby")).not_to_have_class(PRIMARY)
    assert page.locator("#game-over .primary").count() == 1
    state = page.evaluate("window.euchre.current.state")
    winner, score = state["winner"], state["score"]
    others = [points for side, points in enumerate(score) if side != winner]
    wanted = " – ".join(str(p) for p in [score[winner], *others])
    expect(page.locator("#game-over p").first).to_contain_text(f"win the game {wanted}.")
    _shot(page, "game-over", PHONE)
