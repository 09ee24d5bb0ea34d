"""The create form offers an option that means something only beside another (the
dealer's pick-up with call for best, the stuck dealer's choices with stick the dealer) only
while that other is set, as the server takes them: a host could tick one alone, and the
table then listed a house rule that changed nothing."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import LiveServer, create_private_table, enter_name


def test_an_option_shows_only_beside_the_option_it_needs(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    enter_name(page, "Hattie")
    page.click(".more-options summary")
    picks_up = page.locator("#opt-call_for_best_dealer_picks_up")
    expect(picks_up).to_have_count(0)
    page.check("#opt-call_for_best")
    expect(page.locator("#opt-call_for_best")).to_be_focused()  # the form redrew around it
    picks_up.check()
    expect(page.locator("#opt-joker_upcard_rule")).to_have_count(0)
    page.check("#opt-joker")
    expect(page.locator("#opt-joker_upcard_rule")).to_be_visible()
    page.uncheck("#opt-joker")
    # Stick the dealer (Standard's) offers the stuck dealer's choices, not the redeal's.
    expect(page.locator("#opt-stuck_dealer_may_forfeit")).to_be_visible()
    expect(page.locator("#opt-throw_in_same_dealer")).to_have_count(0)
    page.uncheck("#opt-stick_the_dealer")
    expect(page.locator("#opt-stuck_dealer_may_forfeit")).to_have_count(0)
    expect(page.locator("#opt-throw_in_same_dealer")).to_be_visible()
    page.check("#opt-stick_the_dealer")
    # Call for best taken back after the pick-up was ticked: the table has neither.
    page.uncheck("#opt-call_for_best")
    expect(picks_up).to_have_count(0)
    expect(page.locator("#opt-call_for_best")).to_be_focused()
    create_private_table(page, start_with_bots=False)
    assert page.evaluate("window.euchre.current.info.house_rules") == {}


def test_the_option_and_the_one_it_needs_make_a_table_together(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    enter_name(page, "Ike")
    page.click(".more-options summary")
    page.check("#opt-call_for_best")
    page.check("#opt-call_for_best_dealer_picks_up")
    create_private_table(page, start_with_bots=False)
    rules = page.evaluate("window.euchre.current.info.house_rules")
    assert rules == {"call_for_best": True, "call_for_best_dealer_picks_up": True}
