"""A phone player's fingers and eyes, upright (390x664) and on its side (844x390): what
they tap during a deal (the bids, "go alone", the hint) is 44 px high or more, every text
on the felt is 12 px or more, and the bids and the hand are still whole on the screen."""

from __future__ import annotations

import os

import pytest
from conftest import PageFactory
from phases import reach
from playwright.sync_api import Page
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, create_private_table, enter_name

SIZES = pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
FINGER = 44  # px: a fingertip's target
SMALLEST_TEXT = 12  # px

LOW_TARGETS = """min => [...document.querySelectorAll(
        '.felt .bid-buttons button, .felt #go-alone, .felt #hint-button')]
    .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
    .filter(([, r]) => r.height > 0 && r.height < min)
    .map(([name, r]) => `${name}: ${Math.round(r.height)} px high`)"""

SMALL_TEXT = """min => {
    const found = new Set();
    const walker = document.createTreeWalker(document.querySelector('.felt'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const hidden = el.closest('.visually-hidden') || !el.getClientRects().length;
        if (!node.data.trim() || hidden) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < min) found.add(`${node.data.trim()} (${el.className}): ${size} px`);
    }
    return [...found];
}"""

NOT_WHOLE = """() => [...document.querySelectorAll(
        '.hand-card, .felt .bid-buttons button, .felt #go-alone')]
    .map(e => [e.dataset.card || e.textContent.trim(), e.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
    .map(([name, r]) => `${name}: ${Math.round(r.top)}..${Math.round(r.bottom)}`)"""


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png")


def check(page: Page, moment: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    shot(page, f"fingers-{moment}")
    assert page.evaluate(LOW_TARGETS, FINGER) == [], moment
    assert page.evaluate(SMALL_TEXT, SMALLEST_TEXT) == [], moment
    assert page.evaluate(NOT_WHOLE) == [], moment


@SIZES
def test_a_phone_players_taps_and_reading_during_a_deal(
    new_page: PageFactory, easy_bots: LiveServer, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, touch=True, server=easy_bots)
    enter_name(page, "Maximiliane")  # a long name on the felt
    game = create_private_table(page, start_with_bots=True)
    size = f"{viewport['width']}x{viewport['height']}"
    for phase in ("bid_r1", "bid_r2", "play"):
        reach(game, phase, timeout=30_000)
        check(page, f"{phase}-{size}")
