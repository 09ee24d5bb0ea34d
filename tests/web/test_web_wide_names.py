"""A name may be very wide (24 x U+FDFA, one of the widest characters, or 24 Ws): with
such names in all four seats, every view a player sees (the lobby, the table before the
game and in each phase, the chat, the hand's summary, the score sheet, the game's end, the
replay) stays as wide as a phone's screen, the score sheet whole, not scrolled sideways,
and each name is cut with an ellipsis, its whole text kept as a tooltip."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import Page, expect
from seated_clients import OVER, STATE, SUMMARY, play_until, sit_in_the_last_seat
from server_helpers import Client, seat_clients
from web_helpers import (
    PHONE,
    PHONE_LANDSCAPE,
    LiveServer,
    enter_name,
    fast_settings,
    running_server,
)

# Headless Chromium here has no font with U+FDFA (it draws boxes), so 24 capital Ws stand
# in for a name as wide as a screen.
WIDE = {"fdfa": "\ufdfa" * 24, "w": "W" * 24}

# Whatever reaches past the screen's right edge: the page's width, and each element.
OVERFLOW = """() => {
    const width = window.innerWidth;
    // inside a box that scrolls sideways (the score sheet's) or clips, nothing leaves the page
    const scrolled = (el) => !!el && el !== document.body
        && (getComputedStyle(el).overflowX !== 'visible' || scrolled(el.parentElement));
    const past = [...document.querySelectorAll('body *')]
        .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > width + 1
                 && !scrolled(el.parentElement))
        .map((el) => `${el.tagName}.${el.className} ${el.getBoundingClientRect().right}`);
    return [document.documentElement.scrollWidth, width, past.slice(0, 5)];
}"""

# Each name shown in its place: [its text-overflow, its title, its text].
NAMES = """() => [...document.querySelectorAll('.pname')]
    .filter((el) => el.getClientRects().length)
    .map((el) => [getComputedStyle(el).textOverflow, el.title, el.textContent])"""


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Tables pause 30 s after each hand, so the hand's summary stays to be looked at."""
    db = Path(tmp_path_factory.mktemp("web-wide")) / "euchre.db"
    with running_server(fast_settings(db, summary_seconds=30.0)) as server:
        yield server


def fits(page: Page, where: str, shots: Path) -> None:
    """Nothing reaches past the screen's right edge (a picture of it in ``shots``)."""
    page.screenshot(path=str(shots / f"{where}.png"))
    wide, width, past = page.evaluate(OVERFLOW)
    assert wide <= width and not past, (where, wide, width, past)


def names_cut(page: Page, name: str) -> None:
    shown = page.evaluate(NAMES)
    assert shown, "no names shown"
    for overflow, title, text in shown:
        if name in text:
            assert overflow == "ellipsis" and name in title, (overflow, title, text)


@pytest.mark.parametrize("wide", list(WIDE))
@pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
def test_very_wide_names_in_every_seat_keep_every_view_on_the_screen(
    new_page: PageFactory, paused: LiveServer, size: dict[str, int], wide: str, tmp_path: Path
) -> None:
    name = WIDE[wide]
    # to 10: a hand scores 2 at most without a loner (the clients never go alone), so a hand's
    # summary comes before the game's end (to 5, CI once played three hands before the page's
    # seat led a trick, and the third ended the game: no summary to wait for); two deals (and
    # a tie-break hand at a tie) end it, its header's deal count shown as well
    options = {"target": 10, "deal_limit": 2}
    table, clients = seat_clients(paused.base, [name] * 3, turn_seconds=0, options=options)
    listed = Client(paused.base, name)
    listed.request(type="create", kind="casual", preset="standard", options={}, turn_seconds=600)
    page = new_page(viewport=size, server=paused)
    enter_name(page, name)
    expect(page.locator(".seat-chip", has_text=name).first).to_be_visible()
    fits(page, "lobby", tmp_path)
    sit_in_the_last_seat(page, clients, table)
    fits(page, "waiting", tmp_path)
    page.locator("#chat-enabled").check()
    for client in clients:
        client.request(type="chat_settings", enabled=True)
        client.request(type="chat", table=table, text="hello")
    page.fill("#chat-input", "hi")
    page.click("#chat-send")
    expect(page.locator(".chat-line")).to_have_count(4)
    fits(page, "chat", tmp_path)
    clients[0].request(type="start", table=table)
    play_until(clients, table, page, f"{STATE}?.phase.startsWith('bid')")
    fits(page, "bidding", tmp_path)
    play_until(clients, table, page, f"{STATE}?.phase === 'play' && {STATE}.to_act === 3")
    fits(page, "play", tmp_path)
    names_cut(page, name)
    play_until(clients, table, page, SUMMARY)
    fits(page, "summary", tmp_path)
    page.locator("#score-sheet-button").click()
    fits(page, "sheet", tmp_path)
    sheet = page.locator("#score-sheet-box .score-sheet-wrap")  # whole, not scrolled sideways
    assert sheet.evaluate("(el) => el.scrollWidth - el.clientWidth") <= 0
    page.locator("#score-sheet-box").get_by_role("button", name="Close").click()
    expect(page.locator("#score-sheet-box")).to_be_hidden()
    play_until(clients, table, page, OVER)
    fits(page, "over", tmp_path)
    names_cut(page, name)
    page.click("#watch-replay")
    page.wait_for_selector("section.replay")
    fits(page, "replay", tmp_path)
    for client in [*clients, listed]:
        client.close()
