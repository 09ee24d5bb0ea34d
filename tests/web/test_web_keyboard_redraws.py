"""Parts of pages drawn afresh while a keyboard user is on them keep that user's focus: the
lobby's open tables at every lobby update, the chat when a line is sent or a player muted,
the leaderboard when its data comes or its mode changes. Before, each re-drawing threw the
focused control away and focus fell to <body> (Tab started over at the top of the page).
The player under test uses the keyboard only; the others set the scene with the mouse."""

from __future__ import annotations

import re

from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import LiveServer, enter_name


def tab_to(page: Page, selector: str, most: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def name_by_keyboard(page: Page, name: str) -> None:
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    expect(page.locator("#guest-name")).to_be_focused()
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.connection === 'connected'")


def open_casual_table(page: Page, name: str) -> None:
    """``name`` opens a casual table (listed in the lobby) that waits for players."""
    enter_name(page, name)
    page.click("#create-table")
    page.wait_for_selector(".table-page")


def test_a_lobby_update_leaves_focus_on_the_table_row(
    new_page: PageFactory, live: LiveServer
) -> None:
    ann = new_page()
    name_by_keyboard(ann, "Ann")
    open_casual_table(new_page(), "Bob")
    row = ann.locator(".table-row", has_text="Bob")
    expect(row).to_have_count(1)
    tab_to(ann, ".table-row button")
    table = ann.evaluate("document.activeElement.closest('.table-row').dataset.table")
    rows = ann.locator(".table-row").count()
    open_casual_table(new_page(), "Cy")  # the lobby's list is drawn again for Ann
    expect(ann.locator(".table-row")).to_have_count(rows + 1)
    mine = ann.locator(f'.table-row[data-table="{table}"]')
    # (the table may have filled with bots and started meanwhile: then a bot's seat is offered)
    sit = mine.get_by_role("button", name=re.compile("^(Sit down|Take a bot's seat)$"))
    expect(sit).to_be_focused()
    ann.keyboard.press("Tab")  # and Tab goes on from there, not from the top of the page
    expect(mine.get_by_role("link", name="Watch")).to_be_focused()


def test_chat_by_keyboard_keeps_focus_through_a_phrase_a_mute_and_an_unmute(
    new_page: PageFactory, live: LiveServer
) -> None:
    kim = new_page()
    name_by_keyboard(kim, "Kim")
    tab_to(kim, 'input[name="kind"]')
    kim.keyboard.press("ArrowDown")  # private
    tab_to(kim, "#create-table")
    kim.keyboard.press("Enter")
    kim.wait_for_selector(".table-page")
    zed = new_page()
    enter_name(zed, "Zed")
    zed.goto("/" + kim.input_value("#invite-link").split("/", 3)[3])  # the link's #/join/...
    zed.locator(".sit-here").first.click()
    expect(kim.locator(".seat", has_text="Zed")).to_have_count(1)
    zed.click("#chat-enabled")
    expect(zed.locator("#chat-input")).to_be_enabled()

    tab_to(kim, "#chat-enabled")
    kim.keyboard.press("Space")
    expect(kim.locator("#chat-input")).to_be_enabled()
    tab_to(kim, ".chat-preset")
    kim.keyboard.press("Enter")
    expect(kim.locator(".chat-line", has_text="Kim (you): Hello")).to_have_count(1)
    expect(kim.locator(".chat-preset").first).to_be_focused()

    zed.fill("#chat-input", "hi there")
    zed.press("#chat-input", "Enter")
    expect(kim.locator(".chat-line", has_text="hi there")).to_have_count(1)
    # the field is emptied when the server has taken the line: typing before that is lost
    expect(zed.locator(".chat-line", has_text="hi there")).to_have_count(1)
    expect(zed.locator("#chat-input")).to_have_value("")
    expect(zed.locator("#chat-input")).to_be_enabled()
    zed.fill("#chat-input", "and again")
    zed.press("#chat-input", "Enter")
    # one "Mute Zed", on Zed's latest line (one on every line filled a phone's screen)
    again = kim.locator(".chat-line", has_text="and again")
    expect(again.get_by_role("button", name="Mute Zed")).to_have_count(1)
    expect(kim.get_by_role("button", name="Mute Zed")).to_have_count(1)
    expect(kim.locator(".chat-preset").first).to_be_focused()  # a line coming in moves nothing
    kim.keyboard.press("Shift+Tab")
    expect(kim.get_by_role("button", name="Mute Zed")).to_be_focused()
    kim.keyboard.press("Enter")
    expect(kim.locator(".chat-line", has_text="Zed")).to_have_count(0)
    expect(kim.get_by_role("button", name="Unmute Zed")).to_be_focused()  # to undo it at once
    kim.keyboard.press("Enter")
    expect(kim.get_by_role("button", name="Unmute Zed")).to_have_count(0)
    expect(kim.locator("#chat-input")).to_be_focused()


def test_the_leaderboard_keeps_focus_on_its_heading_and_its_choices(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    name_by_keyboard(page, "Lea")
    expect(page.locator("#quick-play")).to_be_focused()
    for _ in range(20):  # back up from "Play now" into the top bar's links
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.getAttribute('href') === '#/leaderboard'"):
            break
    page.keyboard.press("Enter")
    expect(page.locator("#leaderboard-empty, #leaderboard-table").first).to_be_visible()
    expect(page.locator("#leaderboard-title")).to_be_focused()  # still, once the board came
    tab_to(page, "#leaderboard-mode")
    # the new mode's board answered before the next key (CI: the Tab went while it redrew)
    with page.expect_response(lambda answer: "api/leaderboard" in answer.url):
        page.keyboard.press("ArrowDown")
    expect(page.locator("#leaderboard-mode")).not_to_have_value("partnership")
    expect(page.locator("#leaderboard-empty, #leaderboard-table").first).to_be_visible()
    expect(page.locator("#leaderboard-mode")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(page.locator("#leaderboard-established")).to_be_checked()
    expect(page.locator("#leaderboard-empty, #leaderboard-table").first).to_be_visible()
    expect(page.locator("#leaderboard-established")).to_be_focused()
