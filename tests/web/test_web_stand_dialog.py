"""The "Stand up?" question is a dialog: focus goes into it and stays there while it shows,
Escape closes it like "Stay seated", and focus goes back to the Stand up button."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, create_private_table, enter_name


def test_escape_closes_the_stand_up_question_and_focus_comes_back(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    enter_name(page, "Amy")
    game = create_private_table(page, start_with_bots=True)
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    page.locator("#stand-up").tap()
    question = page.get_by_role("alertdialog", name="Stand up?")
    expect(question).to_be_visible()
    expect(page.locator("#stand-up")).to_have_attribute("aria-controls", "stand-confirm")
    expect(page.locator("#stand-yes")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#stand-no")).to_be_focused()
    page.keyboard.press("Tab")  # Tab stays in the question
    expect(page.locator("#stand-yes")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#stand-no")).to_be_focused()
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    expect(page.locator("#stand-up")).to_be_focused()
    expect(page.locator("#stand-up")).not_to_have_attribute("aria-expanded", "true")
    assert game.attr("seat") == "0"  # still seated
