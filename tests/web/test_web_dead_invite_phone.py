"""A friend opening an invite whose table is gone is told what to do about it."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, enter_name


def test_a_dead_invite_says_to_ask_for_a_new_one(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    enter_name(page, "Latecomer", url="/#/join/ZZZZ-ZZZZ")
    error = page.locator("#table-error")
    expect(error).to_contain_text("ZZZZ-ZZZZ")
    expect(error).to_contain_text("ask whoever invited you for a new invite")
    expect(page.locator("#main a.button[href='#/']")).to_be_visible()
