"""The host of a private table closes the tab before the start: the friends seated there
are told so and may start the game themselves (they read "The host starts the game", with
no way to start it, for the quarter of an hour the host's seat was kept)."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from seated_clients import sit_in_the_last_seat
from server_helpers import seat_clients
from web_helpers import PHONE, LiveServer, enter_name


def test_with_the_host_gone_a_seated_friend_may_start(
    new_page: PageFactory, live: LiveServer
) -> None:
    table, clients = seat_clients(live.base, ["Hana"])
    page = new_page(viewport=PHONE)
    enter_name(page, "Bo")
    sit_in_the_last_seat(page, clients, table)
    expect(page.locator("#start-game")).to_have_count(0)
    expect(page.get_by_text("You are seated. The host starts the game.")).to_be_visible()
    clients[0].close()
    expect(page.get_by_text("The host has gone: anyone seated may start the game.")).to_be_visible()
    page.locator("#start-game").click()
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
