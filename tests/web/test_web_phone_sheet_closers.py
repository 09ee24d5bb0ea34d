"""The closers of what opens over the table on a touch screen: the coach's hint (its "x")
and the felt's score sheet and last trick (their "Close") were 40 and 41 px high on a phone,
upright and on its side, because coach.css and lookback.css come after app.css and their
own 40 px undid its 44 px for a fingertip."""

from __future__ import annotations

import pytest
from conftest import PageFactory
from phases import reach
from playwright.sync_api import Page, expect
from web_helpers import PHONE, PHONE_LANDSCAPE, create_private_table, enter_name

TABLET_LANDSCAPE = {"width": 1024, "height": 768}  # as wide as a desktop, held in the hands
SIZES = pytest.mark.parametrize(
    "viewport", [PHONE, PHONE_LANDSCAPE, TABLET_LANDSCAPE], ids=["portrait", "landscape", "tablet"]
)
FINGERTIP = 44


def _inside(page: Page, region: str) -> list[str]:
    """The buttons inside ``region`` (a CSS selector) less than ``FINGERTIP`` px a side."""
    small: list[str] = page.locator(region).evaluate(
        """(region, minimum) => [...region.querySelectorAll('button, a[href], summary, select')]
            .map(el => [el, el.getBoundingClientRect()])
            .filter(([, box]) => box.width && (box.width < minimum || box.height < minimum))
            .map(([el, box]) => `${el.className} ${box.width}x${box.height}`)""",
        FINGERTIP,
    )
    return small


@SIZES
def test_the_hint_and_the_sheets_close_with_a_44_px_button(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Fingertip")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")

    page.locator("#hint-button").tap()
    closer = page.locator("#hint-panel .coach-close")
    expect(closer).to_be_visible()
    assert _inside(page, "#hint-panel") == []
    closer.tap()
    expect(closer).to_be_hidden()

    page.locator("#felt-score-sheet").tap()
    close = page.locator(".look-sheet:not([hidden]) .look-close")
    expect(close).to_be_visible()
    assert _inside(page, ".look-sheet:not([hidden])") == []
    close.tap()
    expect(close).to_be_hidden()


@SIZES
def test_a_sheet_opens_over_the_table_without_moving_the_page(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    """The score sheet opened from the felt is drawn over the table, its title in view,
    and leaves the page where it was (the top bar and the felt stay on the screen)."""
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Stay")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    # the felt as the player sees it (reaching the phase by clicks may have left the page
    # scrolled part way down, and the tap would scroll the felt's button back into view)
    page.evaluate("window.scrollTo(0, 0)")
    before = page.evaluate("scrollY")
    page.locator("#felt-score-sheet").tap()
    title = page.locator("#score-sheet-title")
    expect(title).to_be_focused()
    expect(title).to_be_in_viewport()
    assert page.evaluate("scrollY") == before
    # over the table, as a phone's (a tablet on its side had it in the side column, below
    # the screen's foot)
    sheet = page.locator(".look-sheet:not([hidden])")
    assert sheet.evaluate("(e) => getComputedStyle(e).position") == "fixed"
    expect(sheet).to_be_in_viewport(ratio=1)
