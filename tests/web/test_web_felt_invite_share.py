"""The invite button on the felt, a phone's most visible one, shares where the phone can and
otherwise copies, showing the link itself where copying is not allowed."""

from __future__ import annotations

from pathlib import Path

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import FAKE_SHARE, PHONE, host_on_a_phone

# A page on plain http, or a browser that refuses the page its clipboard.
NO_CLIPBOARD = """
Object.defineProperty(navigator, "clipboard", {
  value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
});
"""


def test_the_felt_invite_opens_the_share_sheet(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    link = host_on_a_phone(page, "Sharer", FAKE_SHARE)
    button = page.locator("#copy-invite-felt")
    expect(button).to_be_in_viewport(ratio=1)
    expect(button).to_have_accessible_name("Share the invite")
    button.tap()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == link


def test_where_copying_fails_the_felt_shows_the_link(new_page: PageFactory, tmp_path: Path) -> None:
    page = new_page(viewport=PHONE, touch=True)
    link = host_on_a_phone(page, "Copier", NO_CLIPBOARD)
    button = page.locator("#copy-invite-felt")
    expect(button).to_have_accessible_name("Copy the invite link")
    button.tap()
    notice = page.locator("#invite-copy-failed")
    expect(notice).to_be_in_viewport(ratio=1)
    expect(notice).to_contain_text("Could not copy the link. Copy it by hand:")
    shown = page.locator("#invite-link-felt")
    expect(shown).to_be_in_viewport(ratio=1)
    expect(shown).to_have_text(link)
    selected = "String(getSelection()) === document.getElementById('invite-link-felt').textContent"
    page.wait_for_function(selected)  # ready for the phone's own copy
    page.screenshot(path=str(tmp_path / "felt-invite-copy-failed.png"))
