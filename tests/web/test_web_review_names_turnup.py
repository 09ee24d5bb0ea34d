"""The hand review names an order as the hint did, with its turn-up ("Order up 9♠", "Pick
up 9♠"), not a bare "Order up" beside the turn-up it shows: a learner compares the two."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageFactory
from phases import SIZES, SUMMARY
from playwright.sync_api import expect
from web_helpers import GamePage, LiveServer, enter_name, fast_settings, running_server

COACH_WAIT = 120_000  # the coach is quick, but a loaded machine may hold its worker back
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
ORDERS = ("Order up", "Pick up")


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Tables pause 30 s after each hand, so that the review opens from its summary."""
    db = Path(tmp_path_factory.mktemp("web-review-turnup")) / "euchre.db"
    with running_server(fast_settings(db, summary_seconds=30.0, bot_level="easy")) as server:
        yield server


def _short(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SUITS[card[1]]


def _play_ordering_up(game: GamePage) -> None:
    """Play the hand to its summary, ordering up whenever the player may: the player bids
    first once in every four hands, so an order of theirs comes up within four."""
    order = game.page.locator('.bid-buttons button[data-action="order"]')
    while game.wait_my_turn_or(SUMMARY) != "other":
        if order.count():
            before = game.version()
            order.click()
            game.wait_version_above(before)
        else:
            game.act_by_click()


def test_the_review_names_an_order_with_its_turn_up(
    new_page: PageFactory, paused: LiveServer
) -> None:
    page = new_page(viewport=SIZES["phone"], server=paused, touch=True)
    enter_name(page, "Ines")
    page.check('input[name="kind"][value="private"]')
    page.check("#create-start-now")
    page.click("#create-table")
    game = GamePage(page)
    game.wait_table()
    named = 0
    for _ in range(4):  # a hand where someone ordered before the player's turn has no bid
        _play_ordering_up(game)
        page.locator("#summary-review").tap()
        page.wait_for_selector("#review-summary", timeout=COACH_WAIT)
        for item in page.locator("#review-decisions li").all():
            upcards = item.locator(".coach-upcard .card").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
            text = item.inner_text()
            if not upcards or not any(words in text for words in ORDERS):
                continue
            for line in text.splitlines():
                for words in ORDERS:
                    if words in line:
                        assert f"{words} {_short(upcards[0])}" in line, line
            named += 1
        if named:
            return
        page.locator("[data-cmd=close-review] >> nth=0").tap()
        expect(page.locator("#review-panel")).to_have_count(0)
        page.locator("#summary-continue").tap()
    raise AssertionError("no bid of the player's named an order in four hands")
