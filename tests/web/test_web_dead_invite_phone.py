"""A friend opening an invite reads who invites them, and to which rules, before choosing
a name; one whose table is gone is told so at once, and what to do about it, in their
language."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, create_private_table, enter_name


def test_a_dead_invite_says_to_ask_for_a_new_one_before_any_name(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    page.goto("/#/join/ZZZZ-ZZZZ")
    error = page.locator("#table-error")
    expect(error).to_contain_text("ZZZZ-ZZZZ")
    expect(error).to_contain_text("ask whoever invited you for a new invite.")
    expect(page.locator("#guest-name")).to_have_count(0)
    expect(page.locator("#main a.button[href='#/']")).to_be_visible()


def test_a_dead_invite_is_told_in_german_too(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True, locale="de-DE")
    page.goto("/#/join/ZZZZ-ZZZZ")
    expect(page.locator("#table-error")).to_contain_text("Diese Einladung führt zu keinem Tisch")


def test_a_named_friend_whose_invite_died_is_told_in_dutch(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True, locale="nl-NL")
    enter_name(page, "Laat")
    page.goto("/#/join/ZZZZ-ZZZZ")
    expect(page.locator("#table-error")).to_contain_text("Deze uitnodiging leidt naar geen tafel")


def test_a_private_tables_own_address_says_to_open_the_invite(new_page: PageFactory) -> None:
    """A friend given the host's address bar (#/table/<id>), not the invite link, read "No
    table ..." as if it did not exist. They are told it may be private and to open the
    invite link (nothing says whether this one is: a stranger learns nothing)."""
    host = new_page()
    enter_name(host, "Hostess")
    game = create_private_table(host, start_with_bots=False)
    table = game.attr("table")
    friend = new_page(viewport=PHONE, touch=True)
    enter_name(friend, "Friend")
    friend.goto(f"/#/table/{table}")
    error = friend.locator("#table-error")
    expect(error).to_contain_text("it may have ended, or it is private")
    expect(error).to_contain_text("open the invite link they shared with you")
    friend.goto("/#/table/NoSuchTable")  # a table that never was: the same words
    expect(error).to_contain_text("it may have ended, or it is private")


def test_the_invite_names_the_host_and_the_rules(new_page: PageFactory) -> None:
    host = new_page()
    enter_name(host, "Hostess")
    create_private_table(host, start_with_bots=False)
    link = host.input_value("#invite-link")
    friend = new_page(viewport=PHONE, touch=True)
    friend.goto(link)
    expect(friend.locator("#name-intro")).to_have_text(
        "Hostess invites you to a private Euchre table (Standard). Choose a name to join."
    )
    friend.fill("#guest-name", "Friend")
    friend.click("form.name-form button[type=submit]")
    expect(friend.locator(".table-page")).to_be_visible()
    expect(friend.locator("#invite-rules")).to_have_count(0)  # no house rules: no list


def test_the_invite_lists_the_house_rules_it_would_play(new_page: PageFactory) -> None:
    """The invite said only "(Standard, house rules)": which rules, the friend learnt once
    seated. Each is listed under the first words, in the friend's language."""
    host = new_page()
    enter_name(host, "Hostess")
    host.click(".more-options summary")
    host.check("#opt-farmers_hand")
    host.check("#opt-call_for_best")
    create_private_table(host, start_with_bots=False)
    link = host.input_value("#invite-link")
    friend = new_page(viewport=PHONE, touch=True, locale="de-DE")
    friend.goto(link)
    expect(friend.locator("#name-intro")).to_contain_text("(Standard, Hausregeln)")
    rules = friend.locator("#invite-rules li")
    expect(rules).to_have_count(2)
    expect(friend.locator("#invite-rules-title")).to_have_text(
        "Hausregeln (abweichend von Standard)"
    )
    expect(rules.first).to_contain_text(": an")  # "Farmer's hand"-like words, then "on"
    expect(friend.locator("#guest-name")).to_be_focused()
    assert friend.evaluate("document.documentElement.scrollWidth <= innerWidth")
