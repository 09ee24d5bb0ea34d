"""A name may be very wide (24 x U+FDFA, one of the widest characters): wherever a name
shows (the seats, the score board, the chat, the lobby's list) it is cut with an ellipsis,
and the page stays as wide as a phone's screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import PHONE, PHONE_LANDSCAPE, enter_name, wait_connected

# U+FDFA is one of the widest characters where a font has it (this test's browser has
# none: it draws boxes), so 24 bold capital Ws stand in for a name as wide as a screen.
WIDE = {"fdfa": "\ufdfa" * 24, "w": "W" * 24}

CREATE_CASUAL = """async () => {
    const net = window.euchre.net;
    const made = await net.request({type: 'create', kind: 'casual', preset: 'standard',
                                    options: {}, turn_seconds: 600});
    await net.request({type: 'start', table: made.table});
    window.euchre.go('#/table/' + made.table);
    return made.table;
}"""

# Each name shown: [its right edge, the viewport width, its text-overflow, whether it is cut].
NAMES_CUT = """(selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el.getBoundingClientRect().right, window.innerWidth,
                  getComputedStyle(el).textOverflow, el.scrollWidth > el.clientWidth])"""


def names_fit(page: Page, selector: str, cut_off: bool = False) -> None:
    shown = page.evaluate(NAMES_CUT, selector)
    assert shown, f"no {selector} shown"
    for right, width, overflow, cut in shown:
        assert right <= width + 1, (selector, right, width)
        assert overflow == "ellipsis" and cut >= cut_off, (selector, overflow, cut)


def page_fits(page: Page) -> None:
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], wide


@pytest.mark.parametrize("wide", list(WIDE))
@pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
def test_a_very_wide_name_is_cut_with_an_ellipsis(
    new_page: PageFactory, size: dict[str, int], wide: str, tmp_path: Path
) -> None:
    name = WIDE[wide]
    host = new_page(viewport=size)
    enter_name(host, name)
    host.evaluate(CREATE_CASUAL)
    host.wait_for_selector(".table-page[data-status=playing]")
    host.locator("#chat-enabled").check()
    host.fill("#chat-input", "hi")
    host.click("#chat-send")
    expect(host.locator(".chat-line", has_text="hi")).to_have_count(1)
    for selector in (".seat.me .name", ".score-board tr.mine th .pname", ".chat-line .chat-from"):
        names_fit(host, selector, cut_off=wide == "w")  # no font here draws U+FDFA wide
    page_fits(host)
    host.screenshot(path=str(tmp_path / "table.png"), full_page=True)

    watcher = new_page(viewport=size)
    enter_name(watcher, "Wim")
    wait_connected(watcher)
    row = watcher.locator(".table-row", has=watcher.locator(".seat-chip", has_text=name))
    expect(row).to_have_count(1)
    row.scroll_into_view_if_needed()
    names_fit(watcher, ".seat-chip.human")
    page_fits(watcher)
    watcher.screenshot(path=str(tmp_path / "lobby.png"))
