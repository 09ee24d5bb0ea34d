"""The host of a private table takes a stranger off it on a phone: "Take off" on their
seat asks first, "Keep" leaves them, "Yes, take Eve off" frees the seat; Eve's page
says why the table is gone, and her invite no longer lets her in."""

from __future__ import annotations

from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, LiveServer, create_private_table, enter_name


def test_the_host_takes_a_stranger_off_after_saying_yes(
    new_page: PageFactory, live: LiveServer
) -> None:
    host = new_page(viewport=PHONE, touch=True)
    enter_name(host, "Ann")
    create_private_table(host, start_with_bots=False)
    code = host.locator("#invite-code-text").inner_text()
    eve = new_page(viewport=PHONE, touch=True)
    enter_name(eve, "Eve")
    eve.goto(f"/#/join/{code}")
    eve.locator(".sit-here").first.tap()
    expect(eve.locator(".seat.me")).to_have_count(1)
    seat = eve.locator(".seat.me").get_attribute("data-seat")
    # Eve sees no such button; the host sees it on Eve's seat only
    expect(eve.locator('[data-cmd="take-off"]')).to_have_count(0)
    take_off = host.get_by_role("button", name="Take Eve off the table (they cannot come back)")
    expect(take_off).to_have_count(1)
    expect(host.locator(f'.seat[data-seat="{seat}"] [data-cmd="take-off"]')).to_have_count(1)
    take_off.tap()
    keep = host.get_by_role("button", name="Keep")
    expect(host.get_by_role("button", name="Yes, take Eve off")).to_be_focused()
    assert_accessible(host, "the host asked whether to take Eve off")
    keep.tap()  # changed her mind: Eve stays
    expect(take_off).to_be_focused()
    expect(eve.locator(".seat.me")).to_have_count(1)
    take_off.tap()
    host.get_by_role("button", name="Yes, take Eve off").tap()
    expect(
        host.locator(f'.seat[data-seat="{seat}"] .sit-here, .seat[data-seat="{seat}"] .add-bot')
    ).not_to_have_count(0)
    expect(host.locator("#game-log")).to_contain_text("The host took Eve off the table.")
    # Eve is told, and her invite does not bring her back
    expect(eve.get_by_role("heading", name="You were taken off this table")).to_be_visible()
    expect(eve.locator("#table-error")).to_contain_text("The host took you off this table")
    eve.goto(f"/#/join/{code}")
    expect(eve.get_by_text("The host took you off this table", exact=False)).to_be_visible()
