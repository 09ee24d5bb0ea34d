"""Friends on phones share the invite through the phone's share sheet, not only by copying."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import FAKE_SHARE, PHONE, create_private_table, enter_name, host_on_a_phone


def test_the_host_shares_the_invite_link_from_a_phone(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    link = host_on_a_phone(page, "Sharer", FAKE_SHARE)
    share = page.locator("#share-invite")
    share.scroll_into_view_if_needed()
    expect(share).to_be_visible()
    box = share.bounding_box()
    assert box is not None and box["height"] >= 44, box  # a finger's size
    share.tap()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == link
    assert "/#/join/" in shared["url"]


def test_without_a_share_sheet_the_copy_button_is_the_way(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    enter_name(page, "Copier")
    create_private_table(page, start_with_bots=False)
    expect(page.locator("#invite-link")).to_be_attached()
    expect(page.locator("#share-invite")).to_have_count(0)
    expect(page.locator(".invite [data-cmd=copy]")).to_be_visible()
