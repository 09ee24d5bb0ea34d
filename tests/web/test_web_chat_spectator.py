"""A spectator's chat is the spectators' own (docs/protocol.md, "chat"): the panel says so
once, plainly, in the reader's language, and stops saying it when they sit down."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import GamePage, LiveServer, create_private_table, enter_name

APART = {
    "en-GB": ("Spectators' chat", "you chat with the other spectators only"),
    "de-DE": ("Chat der Zuschauer", "nur mit den anderen Zuschauern"),
    "nl-NL": ("Chat van de toeschouwers", "alleen met de andere toeschouwers"),
}


def test_a_spectator_is_told_the_players_chat_is_kept_apart(
    new_page: PageFactory, slow_bots: LiveServer
) -> None:
    host = new_page(server=slow_bots)
    enter_name(host, "Hana")
    create_private_table(host, start_with_bots=True)
    expect(host.locator("#chat-title")).to_have_text("Table chat")
    expect(host.locator("#chat-apart")).to_have_count(0)
    invite = host.locator("#invite-link").input_value()  # a private table: by its invite
    for locale, (title, words) in APART.items():
        watcher = new_page(server=slow_bots, locale=locale)
        enter_name(watcher, f"Wim{locale[:2]}")
        watcher.goto(invite)
        GamePage(watcher).wait_table()
        expect(watcher.locator("#chat-title")).to_have_text(title)
        expect(watcher.locator("#chat-apart")).to_contain_text(words)
        watcher.locator("#chat-enabled").check()  # still said once, chat on or off
        expect(watcher.locator("#chat-input")).to_be_enabled()
        expect(watcher.locator("#chat-apart")).to_have_count(1)
    host.click("#stand-up")  # the host, standing, watches too; seated again, plays
    host.click("#stand-yes")
    expect(host.locator("#chat-apart")).to_contain_text(APART["en-GB"][1])
    host.click("text=Take my seat back")
    expect(host.locator(".table-page")).to_have_attribute("data-seat", "0")
    expect(host.locator("#chat-apart")).to_have_count(0)
    expect(host.locator("#chat-title")).to_have_text("Table chat")


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    expect(page.locator("#chat-lines .chat-text", has_text=text)).to_have_count(1)


def test_taking_a_seat_shows_the_players_chat_not_the_spectators(new_page: PageFactory) -> None:
    """A spectator who sits down reads what the players read: the players' lines, and no
    longer the spectators' lines (a line said on the rail is not one the table heard)."""
    host = new_page()
    enter_name(host, "Hana")
    create_private_table(host, start_with_bots=False)
    host.locator("#chat-enabled").check()
    expect(host.locator("#chat-input")).to_be_enabled()
    invite = host.locator("#invite-link").input_value()
    watcher = new_page()
    enter_name(watcher, "Wim")
    watcher.goto(invite)
    GamePage(watcher).wait_table()
    watcher.locator("#chat-enabled").check()
    expect(watcher.locator("#chat-input")).to_be_enabled()
    say(host, "said at the table")
    say(watcher, "said on the rail")
    expect(watcher.locator("#chat-lines")).not_to_contain_text("said at the table")

    watcher.click('.seat[data-seat="1"] button.sit-here')
    expect(watcher.locator(".table-page")).to_have_attribute("data-seat", "1")
    expect(watcher.locator("#chat-title")).to_have_text("Table chat")
    expect(watcher.locator("#chat-lines")).to_contain_text("said at the table")
    expect(watcher.locator("#chat-lines")).not_to_contain_text("said on the rail")
    say(watcher, "now seated")
    expect(host.locator("#chat-lines")).to_contain_text("now seated")

    watcher.click("#stand-up")  # and back on the rail (not asked first while waiting)
    expect(watcher.locator("#chat-title")).to_have_text("Spectators' chat")
    expect(watcher.locator("#chat-lines")).to_contain_text("said on the rail")
    expect(watcher.locator("#chat-lines")).not_to_contain_text("said at the table")
