"""A spectator on a phone (390x664): the felt has no hand at its foot, and the line that
says whose turn it is sat on the felt's border; it stands clear of it."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import (
    PHONE,
    PHONE_LANDSCAPE,
    GamePage,
    LiveServer,
    create_private_table,
    enter_name,
)

# The felt's inside foot: its box's, less its wooden border.
INNER_BOTTOM = """el => el.getBoundingClientRect().bottom
    - parseFloat(getComputedStyle(el).borderBottomWidth)"""


def watching(new_page: PageFactory, server: LiveServer, viewport: dict[str, int]) -> Page:
    """A spectator's page (at ``viewport``) of a game a host on a phone plays with bots,
    once it says whose turn it is."""
    host = new_page(server=server, viewport=PHONE, touch=True)
    enter_name(host, "Hana")
    create_private_table(host, start_with_bots=True)
    invite = host.locator("#invite-link").input_value()
    watcher = new_page(server=server, viewport=viewport, touch=True)
    enter_name(watcher, "Wim")
    watcher.goto(invite)
    GamePage(watcher).wait_table()
    expect(watcher.locator(".table-page")).to_have_attribute("data-seat", "")
    expect(watcher.locator("#prompt")).to_contain_text("Waiting for")
    return watcher


def test_a_spectators_turn_line_stands_clear_of_the_felts_edge(
    new_page: PageFactory, slow_bots: LiveServer
) -> None:
    watcher = watching(new_page, slow_bots, PHONE)
    prompt = watcher.locator("#prompt")
    expect(watcher.locator(".hand .card")).to_have_count(0)
    felt = watcher.locator(".felt").evaluate(INNER_BOTTOM)
    line = prompt.bounding_box()
    assert line is not None and felt - (line["y"] + line["height"]) >= 8, (felt, line)
    assert felt <= PHONE["height"]


def test_a_spectator_on_a_phone_on_its_side_sees_the_seats_across_the_felt(
    new_page: PageFactory, slow_bots: LiveServer
) -> None:
    """The column a player's bids and hand take was kept for a spectator too: the seats sat
    in the felt's left two thirds, the turn line alone in the right third."""
    watcher = watching(new_page, slow_bots, PHONE_LANDSCAPE)
    felt = watcher.locator(".felt").bounding_box()
    right = watcher.locator(".seat.pos-right").bounding_box()
    prompt = watcher.locator("#prompt").bounding_box()
    assert felt and right and prompt
    assert felt["x"] + felt["width"] - (right["x"] + right["width"]) < 0.1 * felt["width"]
    assert prompt["y"] + prompt["height"] <= min(
        felt["y"] + felt["height"], PHONE_LANDSCAPE["height"]
    )
