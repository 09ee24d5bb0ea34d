"""The narration of a card played names its part once trump is made ("Ann plays Jack of
diamonds, left bower."), as the card's own label does, in English, German and Dutch: a
player who hears the table (a screen reader, the log) learns that a jack was a bower.

The part is that of the deal the card was played in: the last card of a deal is told
after the state has moved on to the next deal (its trump not made yet), and a log read on
arriving, or events missed while away, hold the plays of earlier deals under other trumps.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageFactory
from playwright.sync_api import Page
from web_helpers import NARRATION_PAGE, LiveServer

# describeEvent and dealTrumps with a stand-in for the table page (what narration.js asks).
WORDS = (
    """async ([events, state]) => {
    const { describeEvent, dealTrumps } = await import('./narration.js');
"""
    + NARRATION_PAGE
    + """
    const live = events.map((e) => describeEvent(page, e, state));
    const trumps = dealTrumps(events, state);
    const read = events.map((e, i) => describeEvent(page, e, state, null, trumps[i]));
    return { live, read };
}"""
)


def play(seat: int, card: str, **more: Any) -> dict[str, Any]:
    return {
        "kind": "action",
        "seat": seat,
        "act": {"kind": "play", "card": card},
        "phase": "play",
        **more,
    }


def deal_over(number: int, trump: str) -> dict[str, Any]:
    return {
        "deal": number,
        "outcome": "scored",
        "maker": 0,
        "trump": trump,
        "points": [1, 0],
        "score": [1, 0],
        "tricks": [3, 2],
    }


def _booted(new_page: PageFactory, locale: str) -> Page:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    return page


@pytest.mark.parametrize(
    ("locale", "left", "trump"),
    [
        ("en-GB", "Ann plays Jack of diamonds, left bower.", "Bob plays Nine of hearts, trump."),
        ("de-DE", "Ann spielt Karo-Bube, linker Bube.", "Bob spielt Herz-Neun, Trumpf."),
        ("nl-NL", "Ann speelt Ruiten boer, linkerboer.", "Bob speelt Harten negen, troef."),
    ],
)
def test_a_card_played_is_told_with_its_part(
    new_page: PageFactory, live: LiveServer, locale: str, left: str, trump: str
) -> None:
    page = _booted(new_page, locale)
    state = {"trump": "h", "phase": "play", "deal": 0}
    found = page.evaluate(WORDS, [[play(0, "Jd"), play(1, "9h"), play(2, "As")], state])
    assert found["live"][:2] == [left, trump], found
    assert "," not in found["live"][2]  # a card of no part is named alone


def test_no_part_before_trump_or_without_one(new_page: PageFactory, live: LiveServer) -> None:
    page = _booted(new_page, "en-GB")
    found = page.evaluate(WORDS, [[play(0, "Jd")], {"trump": "n", "phase": "play"}])
    assert found["live"] == ["Ann plays Jack of diamonds."]


def test_the_last_card_of_a_deal_is_told_under_that_deals_trump(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = _booted(new_page, "en-GB")
    next_deal = {"trump": None, "phase": "bid_r1", "deal": 1}
    last = play(3, "Jc", deal_over=deal_over(0, "s"))
    found = page.evaluate(WORDS, [[last], next_deal])
    assert found["live"][0].startswith("Dee plays Jack of clubs, left bower."), found


def test_a_log_read_after_the_fact_tells_each_deal_under_its_own_trump(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = _booted(new_page, "en-GB")
    log = [
        play(0, "Jd"),  # deal 0: hearts
        play(1, "Jh", deal_over=deal_over(0, "h")),
        play(2, "Jh"),  # deal 1: clubs
        play(3, "Js", deal_over=deal_over(1, "c")),
        play(0, "Jh"),  # deal 2, still going: diamonds
    ]
    found = page.evaluate(WORDS, [log, {"trump": "d", "phase": "play", "deal": 2}])
    told = [words.split(".")[0] for words in found["read"]]
    assert told == [
        "Ann plays Jack of diamonds, left bower",
        "Bob plays Jack of hearts, right bower",
        "Cy plays Jack of hearts",
        "Dee plays Jack of spades, left bower",
        "Ann plays Jack of hearts, left bower",
    ], told
