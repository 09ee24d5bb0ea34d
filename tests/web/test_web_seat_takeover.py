"""A phone back on the network takes its seat over from its old socket, which the server
still holds open; a second tab is told the table is open elsewhere and may play here.

The network is cut as in test_web_flaky_network, and the page's close of its dead socket
never reaches the server either (as when a phone loses its network): the server keeps
the old socket until its keepalive notices, long after the page has reconnected.
"""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import Page, expect
from test_web_flaky_network import (
    NOTICED_MS,
    Network,
    _first_choice,
    _my_turn_at_a_table,
    _resumes_on_my_turn,
    _tap,
)
from web_helpers import PHONE, LiveServer, wait_connected

SCREENS = "/tmp/reseat_screens"


def test_a_phone_back_on_the_network_takes_its_seat_over(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE, touch=True)
    network = Network(page, keep_closes=True)
    game = _my_turn_at_a_table(page, "Pia")
    version = game.version()
    choice = _first_choice(page)

    network.cut_all()
    _tap(page, choice)
    page.wait_for_function("document.body.dataset.reconnects === '1'", timeout=NOTICED_MS)
    wait_connected(page)
    expect(page.locator(".table-page")).to_be_visible()
    expect(page.locator("#table-error")).to_have_count(0)
    _resumes_on_my_turn(game, live, version)
    page.screenshot(path=f"{SCREENS}/takeover-phone.png")


def _second_tab(page: Page) -> Page:
    tab = page.context.new_page()
    tab.set_viewport_size(PHONE)
    tab.goto(page.url)
    return tab


def test_a_second_tab_is_told_the_table_is_open_elsewhere_and_may_play_here(
    new_page: PageFactory, live: LiveServer
) -> None:
    first = new_page(viewport=PHONE, touch=True)
    game = _my_turn_at_a_table(first, "Quin")
    table = game.attr("table")

    second = _second_tab(first)
    heading = second.locator("h1")
    expect(heading).to_have_text("This table is open in another tab or device")
    expect(second.locator("#table-error")).to_contain_text("another browser tab")
    expect(second.locator("#table-error")).not_to_contain_text(table)  # no developer words
    expect(second.locator("#chat-panel")).to_be_hidden()
    play_here = second.locator("#play-here")
    expect(play_here).to_be_visible()
    second.screenshot(path=f"{SCREENS}/elsewhere-phone.png")

    play_here.click()
    expect(second.locator(".table-page")).to_have_attribute("data-seat", "0")
    expect(second.locator("#chat-panel")).to_be_visible()
    # The first tab lost the seat: it says so, and does not take it back by itself.
    expect(first.locator("#play-here")).to_be_visible()
    expect(first.locator("#chat-panel")).to_be_hidden()
    expect(second.locator(".table-page")).to_have_attribute("data-seat", "0")
    wait_connected(second)
    second.close()
