"""The replay viewer on a phone upright (390x664) and on its side (844x390), by touch: the
page never scrolls sideways, the cards are big enough to read, and the step and hand
buttons are 44 px tap targets on the screen, the steps without scrolling."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, PHONE_LANDSCAPE

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
SIZES = pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
STEPS = ["#replay-first", "#replay-back", "#replay-next", "#replay-last"]
HANDS = ["#replay-prev-hand", "#replay-next-hand"]
SMALLEST_CARD = 34  # px wide: a card's corner still reads at arm's length
# Each of the buttons whose arrow stands on another line than the word beside it.
ARROW_LINES = """selectors => selectors.filter((selector) => {
    const text = [...document.querySelector(selector).childNodes]
        .find((node) => node.nodeType === Node.TEXT_NODE && /[◀▶«»]/.test(node.data));
    if (!text) return false;
    const top = (at) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return Math.round(range.getBoundingClientRect().top);
    };
    const arrow = text.data.search(/[◀▶«»]/);
    const word = arrow === 0 ? 2 : arrow - 2;  // past the space between them
    return top(arrow) !== top(word);
})"""


@SIZES
def test_a_replay_fits_a_phone_with_readable_cards_and_44_px_controls(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, touch=True)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")  # long names
    expect(page.locator("#replay-board")).to_be_visible()
    while page.locator("#replay-trick li").count() < 4:  # the first trick in full
        page.locator("#replay-next").tap()
    page.evaluate("window.scrollTo(0, 0)")
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page scrolls {wide} px sideways"
    for selector in STEPS + HANDS:
        box = page.locator(selector).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, (selector, box)
    for selector in STEPS:  # the steps sit at the foot of the screen, always
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    widths = page.locator(".replay-seat .card, #replay-trick .card").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= SMALLEST_CARD, widths
    # an arrow never wraps onto a line of its own ("Next hand" over "▶")
    assert page.evaluate(ARROW_LINES, STEPS + HANDS) == []
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/replay-phone-{viewport['width']}.png")
    page.locator("#replay-back").tap()
    expect(page.locator("#replay-trick li")).to_have_count(3)


@pytest.mark.parametrize(
    ("locale", "width", "first", "last"),
    [
        ("en-GB", 390, "Start", "End"),
        ("de-DE", 360, "Anfang", "Ende"),
        ("nl-NL", 320, "Begin", "Einde"),
    ],
)
def test_an_opened_replay_shows_every_hand_above_the_steps_on_a_phone(
    new_page: PageFactory, locale: str, width: int, first: str, last: str
) -> None:
    """Upright, the page's menu and title left the lower seats under the steps (two rows
    of them) until one scrolled: an opened game is scrolled to its hand picker, and the
    steps take one row, the ends' words shown as arrows alone but still read out."""
    page = new_page(viewport={"width": width, "height": PHONE["height"]}, locale=locale, touch=True)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
    expect(page.locator("#replay-board")).to_be_visible()
    while page.locator("#replay-trick li").count() < 3:
        page.locator("#replay-next").tap()
    steps = page.locator(".replay-steps").bounding_box()
    assert steps is not None and steps["height"] <= 60, steps  # one row of 44 px buttons
    boxes = [page.locator(s).bounding_box() for s in [*STEPS, "#replay-position"]]
    middles = [box["y"] + box["height"] / 2 for box in boxes if box]
    assert len(middles) == 5 and max(middles) - min(middles) <= 2, middles
    for part in page.locator(".replay-deals, .replay-seat .card, #replay-trick").all():
        box = part.bounding_box()
        assert box is not None and box["y"] >= 0, part
        assert box["y"] + box["height"] <= steps["y"] + 0.5, ("under the steps", box, steps)
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page scrolls {wide} px sideways"
    expect(page.locator("#replay-first")).to_have_accessible_name(first)
    expect(page.locator("#replay-last")).to_have_accessible_name(last)
    expect(page.locator("#replay-position")).to_contain_text("6 / 23")  # the bids, then three cards


SEAT_TO_ACT = """() => {
    const seat = document.querySelector('.replay-seat.to-act');
    const steps = document.querySelector('.replay-steps').getBoundingClientRect();
    const centre = document.querySelector('.replay-centre').getBoundingClientRect();
    if (!seat) return null;
    const box = seat.getBoundingClientRect();
    return {under: box.bottom - steps.top, centreTop: centre.top};
}"""


def test_the_seat_to_act_comes_up_from_under_the_steps(new_page: PageFactory) -> None:
    """Opened from a game's end at the top of the page, the lower seats lay under the
    sticky steps: the highlighted seat to play was hidden with its cards."""
    page = new_page(viewport=PHONE, touch=True)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
    expect(page.locator("#replay-board")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")  # as a page opened from elsewhere may stand
    seen = 0
    for _ in range(12):
        page.locator("#replay-next").tap()
        where = page.evaluate(SEAT_TO_ACT)
        if where is None:
            continue
        seen += 1
        assert where["under"] <= 0, ("the seat to act is under the steps", where)
        assert where["centreTop"] >= 0, ("the step's words went off the top", where)
    assert seen >= 8
