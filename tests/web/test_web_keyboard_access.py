"""What a keyboard or screen-reader user relies on beyond axe's scan: menus that close when
focus leaves them, nothing covering the focused control, focus given back after a shortcut,
and names that say who did what."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import LiveServer, enter_name


def test_the_settings_menu_closes_when_tab_leaves_it(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    enter_name(page, "Sam")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    page.focus("#settings-button")
    page.keyboard.press("Enter")
    expect(page.locator("#language")).to_be_focused()
    fields = page.locator("#settings-panel select, #settings-panel input").count()
    for _ in range(fields):
        page.keyboard.press("Tab")
    # focus has left the menu (for what follows the gear): the panel no longer covers it
    assert not page.evaluate(
        "document.getElementById('settings-panel').contains(document.activeElement)"
    )
    expect(page.locator("#settings-panel")).to_be_hidden()
    expect(page.locator("#settings-button")).to_have_attribute("aria-expanded", "false")
    covered = page.evaluate(
        """() => { const a = document.activeElement; const r = a.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !(a.contains(top) || top.contains(a)); }"""
    )
    assert not covered
    # Shift+Tab back to the gear and open it again: Escape closes it and focus is on the gear
    page.focus("#settings-button")
    page.keyboard.press("Enter")
    expect(page.locator("#settings-panel")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#settings-panel")).to_be_hidden()
    expect(page.locator("#settings-button")).to_be_focused()
    expect(page.locator("#settings-button")).to_have_attribute("aria-expanded", "false")
    # opened by the mouse, with focus then on the page's body: Escape still closes it
    page.click("#settings-button")
    expect(page.locator("#settings-panel")).to_be_visible()
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Escape")
    expect(page.locator("#settings-panel")).to_be_hidden()
    expect(page.locator("#settings-button")).to_have_attribute("aria-expanded", "false")
