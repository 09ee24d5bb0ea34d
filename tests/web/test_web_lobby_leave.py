"""Leaving one of one's tables from the lobby: a player who went back to the lobby
without leaving held the table (a game of bots, kept a day) and, at the limit of open
tables, was told to "finish or leave one first" with no way to leave but to open each.
"Your tables" leaves them, after a question that says what becomes of the game."""

from __future__ import annotations

import os

import pytest
from axe import assert_accessible
from conftest import LiveServer, PageFactory
from playwright.sync_api import Page, expect
from seated_clients import Client  # the server tests' websocket client
from web_helpers import PHONE, GamePage, create_private_table, enter_name, leave_game


def _open_table(page: Page, start_now: bool) -> str:
    """A private table of ``page``'s (a casual one fills with bots after a wait), its id."""
    return create_private_table(page, start_with_bots=start_now).attr("table")


def test_a_game_of_bots_is_left_from_the_lobby_after_a_question(
    new_page: PageFactory,
) -> None:
    page = new_page(viewport=PHONE)
    enter_name(page, "Lark")
    playing = _open_table(page, start_now=True)
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    page.goto("/#/")
    waiting = _open_table(page, start_now=False)
    page.goto("/#/")
    rows = page.locator("#your-tables li.table-row")
    expect(rows).to_have_count(2)

    leave = page.locator(f"#leave-{playing}")
    leave.scroll_into_view_if_needed()
    box = leave.bounding_box()
    assert box and box["height"] >= 40  # a finger's target on a phone
    leave.click()
    question = page.locator(f"#leave-question-{playing}")
    expect(question).to_have_text("Leave this game? Only bots play it with you, so it ends.")
    expect(page.locator(f"#leave-yes-{playing}")).to_be_focused()
    assert_accessible(page, "leaving a table from the lobby, asked")
    if shots := os.environ.get("EUCHRE_SHOTS"):
        page.locator("#your-tables").screenshot(path=f"{shots}/lobby-leave-phone.png")
    page.keyboard.press("Escape")  # kept: nothing sent, the focus back on its button
    expect(question).to_have_count(0)
    expect(leave).to_be_focused()
    expect(rows).to_have_count(2)

    leave.click()
    page.locator(f"#leave-yes-{playing}").click()
    expect(page.locator(".toast")).to_contain_text("You left the table.")
    expect(rows).to_have_count(1)
    expect(page.locator("#yours-title")).to_be_focused()
    # the game closed: its address says so, and it is not among the open tables
    gone = page.request.get(f"api/tables/{playing}")
    assert gone.status == 404, gone.status

    page.locator(f"#leave-{waiting}").click()
    expect(page.locator(f"#leave-question-{waiting}")).to_have_text(
        "Give up your seat at this table?"
    )
    page.locator(f"#leave-yes-{waiting}").click()
    expect(page.locator("#your-tables")).to_have_count(0)
    expect(page.locator("#lobby-title")).to_be_focused()


def test_the_question_says_a_bot_plays_on_where_people_play(new_page: PageFactory) -> None:
    """At a game with another person the seat goes to a bot; the other plays on."""
    host = new_page()
    enter_name(host, "Moss")
    table = _open_table(host, start_now=False)
    code = host.locator("#invite-code-text").inner_text()
    guest = new_page(viewport=PHONE)
    enter_name(guest, "Nell", f"/#/join/{code}")
    GamePage(guest).wait_table()
    guest.locator("[data-cmd=sit][data-target]").first.click()
    expect(host.locator(".seat").filter(has_text="Nell")).to_have_count(1)
    host.locator("#start-game").click()  # bots take the other seats
    expect(guest.locator(".table-page")).to_have_attribute("data-status", "playing")
    guest.goto("/#/")
    guest.locator(f"#leave-{table}").click()
    expect(guest.locator(f"#leave-question-{table}")).to_have_text(
        "Leave this game? A bot plays your seat to its end."
    )
    guest.locator(f"#leave-yes-{table}").click()
    expect(guest.locator("#your-tables")).to_have_count(0)
    expect(host.locator(".seat").filter(has_text="Nell")).to_contain_text("a bot plays")
    expect(host.locator(".table-page")).to_have_attribute("data-status", "playing")


@pytest.mark.parametrize(
    ("locale", "full", "fast"),
    [
        (
            "en-GB",
            "You have as many tables open as allowed: finish one, or leave one under"
            " “Your tables” in the lobby.",
            "You opened many tables in a short time: try again in 13 seconds.",
        ),
        (
            "de-DE",
            "Du hast so viele Tische offen wie erlaubt: Beende einen, oder verlasse einen"
            " unter „Deine Tische“ in der Lobby.",
            "Du hast in kurzer Zeit viele Tische eröffnet: Versuche es in 13 Sekunden wieder.",
        ),
    ],
)
def test_too_many_tables_says_where_to_leave_one_or_how_long_to_wait(
    new_page: PageFactory, locale: str, full: str, fast: str
) -> None:
    """The refusal said "finish or leave one first" also when the tables had been opened
    too fast (the server's answer then says how long to wait)."""
    page = new_page(locale=locale)
    enter_name(page, "Quill")
    server_words = "limit reached: at most 5 open tables created by one person"
    page.evaluate(
        "m => window.euchre.showError({type: 'error', code: 'too_many_tables', message: m})",
        server_words,
    )
    expect(page.locator(".toast-error").last).to_have_text(full)
    page.evaluate(
        "() => window.euchre.showError({type: 'error', code: 'too_many_tables',"
        " message: 'limit reached', retry_after: 12.2})"
    )
    expect(page.locator(".toast-error").last).to_have_text(fast)


def test_a_game_under_way_offers_a_bots_seat_in_those_words(
    new_page: PageFactory, live: LiveServer
) -> None:
    """ "Sit down" at a game under way put a player in a bot's seat mid-hand, unwarned."""
    ann = Client(live.base, "Ann")
    table = ann.request(type="create", kind="casual")["table"]
    ann.request(type="add_bot", table=table, seat=1)
    ann.request(type="add_bot", table=table, seat=2)
    ann.request(type="add_bot", table=table, seat=3)
    ann.request(type="start", table=table)
    page = new_page(viewport=PHONE)
    enter_name(page, "Wren")
    take = page.locator(f'#open-tables li.table-row[data-table="{table}"] button.primary')
    expect(take).to_have_text("Take a bot's seat")
    take.click()
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    expect(page.locator(".seat.me")).to_contain_text("Wren")
    # both leave: the game closes, and other tests' lobbies on this server never list it
    leave_game(page)
    ann.request(type="leave", table=table)
    ann.close()
    expect(page.locator(f'#open-tables li.table-row[data-table="{table}"]')).to_have_count(0)
