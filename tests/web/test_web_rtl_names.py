"""A name written right to left (Hebrew "דנה", Arabic "سارا") goes into sentences and lists
between Unicode's first strong isolate and its pop (U+2068, U+2069), each name on its own:
isolated whole, "דנה and Bob" read "Bob and דנה", "דנה (left)" read "(left) דנה", and
"דנה and Bob: 6" put the score before the names. Labels and lines put together outside the
translations (a seat's label, a replay's players and score) isolate them too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from seated_clients import OVER, SUMMARY, play_until, sit_in_the_last_seat
from server_helpers import seat_clients
from web_helpers import (
    PHONE,
    PHONE_LANDSCAPE,
    LiveServer,
    enter_name,
    fast_settings,
    running_server,
)

DANA, SARA = "\u05d3\u05e0\u05d4", "\u0633\u0627\u0631\u0627"


def iso(name: str) -> str:
    return f"\u2068{name}\u2069"


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Tables pause 30 s after each hand, so the hand's summary stays to be read."""
    db = Path(tmp_path_factory.mktemp("web-rtl")) / "euchre.db"
    with running_server(fast_settings(db, summary_seconds=30.0)) as server:
        yield server


@pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
def test_right_to_left_names_are_isolated_one_by_one_in_sentences(
    new_page: PageFactory, paused: LiveServer, size: dict[str, int], tmp_path: Path
) -> None:
    # seats 0 and 2 (Dana, Bob) against 1 and 3 (Sara, the page's Ann)
    table, clients = seat_clients(
        paused.base, [DANA, SARA, "Bob"], turn_seconds=0, options={"target": 5}
    )
    page = new_page(viewport=size, server=paused)
    enter_name(page, "Ann")
    sit_in_the_last_seat(page, clients, table)
    page.locator("#chat-enabled").check()
    for client in clients:
        client.request(type="chat_settings", enabled=True)
    clients[0].request(type="chat", table=table, text="shalom")
    mute = page.locator(".chat-line", has_text="shalom").locator(".chat-mute")
    expect(mute).to_have_text(f"Mute {iso(f'{iso(DANA)} (on your left)')}")
    expect(page.locator(".chat-line .chat-from[dir=auto]", has_text=DANA)).to_have_count(1)

    partner = page.locator('.seat[data-seat="1"]')  # a label built outside the translations
    expect(partner).to_have_attribute("aria-label", f"{iso(SARA)}, partner")

    clients[0].request(type="start", table=table)
    play_until(clients, table, page, SUMMARY)
    page.screenshot(path=str(tmp_path / "summary.png"))
    board = page.locator(".score-board .pname").first
    expect(board).to_have_text(f"{iso(DANA)} and Bob")
    assert board.evaluate("(el) => getComputedStyle(el).direction") == "ltr"
    words = page.locator("#hand-summary").inner_text()
    assert f"{iso(DANA)} and Bob" in words or f"{iso(SARA)} and Ann" in words, words
    play_until(clients, table, page, OVER)
    page.screenshot(path=str(tmp_path / "over.png"))
    scores = page.locator("#game-over > ul > li").all_inner_texts()
    assert scores[0].startswith(f"{iso(f'{iso(DANA)} and Bob')}: "), scores
    assert scores[1].startswith(f"{iso(f'{iso(SARA)} and Ann')}: "), scores
    over = page.locator("#game-over-result").inner_text()
    assert f"{iso(DANA)} and Bob" in over or f"{iso(SARA)} and Ann" in over, over
    page.click("#watch-replay")
    players = page.locator("#replay-summary p").first
    expect(players).to_contain_text(f"1. {iso(DANA)} · 2. {iso(SARA)} · 3. Bob · 4. Ann")
    expect(page.locator("#replay-score")).to_contain_text(f"{iso(DANA)} and Bob ")
    seat_name = page.locator('.replay-seat[data-seat="0"] h3 > span[dir=auto]')
    expect(seat_name).to_have_text(DANA)  # a dealer's or maker's chip stays after the name
    for client in clients:
        client.close()
