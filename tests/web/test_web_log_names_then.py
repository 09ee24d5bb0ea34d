"""The game log read again after a reload names each seat as it was then: a person who
took a bot's seat part way through is not made the author of the bot's earlier bids (a
reloaded log gave them to whoever sits there now)."""

from __future__ import annotations

import re
import time

from conftest import PageFactory
from phases import reach
from playwright.sync_api import Locator, expect
from seated_clients import Client  # the server tests' client (seated_clients puts it in reach)
from web_helpers import PHONE, LiveServer, create_private_table, enter_name


def _lines(log: Locator) -> list[str]:
    """The log's lines (in a box closed on a phone: their text, not what shows)."""
    return [
        str(text) for text in log.locator("li").evaluate_all("els => els.map(e => e.textContent)")
    ]


def test_a_reloaded_log_names_the_bot_that_bid_before_a_person_took_its_seat(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE)
    enter_name(page, "Hal")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    log = page.locator("#game-log")
    seats = page.evaluate("window.euchre.current.info.seats")
    bots = {s["name"]: s["seat"] for s in seats if s["type"] == "bot"}
    acted = re.compile(rf"^({'|'.join(map(re.escape, bots))}) (passes|orders|plays|calls|discards)")
    if not any(acted.match(text) for text in _lines(log)):  # the page bid first: pass
        game.act_by_click()
    deadline = time.monotonic() + 15
    while not (line := next((t for t in _lines(log) if acted.match(t)), "")):
        assert time.monotonic() < deadline, _lines(log)
        page.wait_for_timeout(100)
    bot = str(acted.match(line)[1])  # type: ignore[index]
    seat = bots[bot]
    invite = page.evaluate("window.euchre.current.inviteCode")
    zed = Client(live.base, "Zed")
    zed.send(type="join", invite=invite)
    table = zed.until(lambda m: m["type"] == "table")["table"]
    assert zed.request(type="sit", table=table, seat=seat)["type"] != "error"
    expect(page.locator(f'.seat[data-seat="{seat}"] .pname').first).to_have_text("Zed")

    page.reload()
    expect(page.locator(".table-page")).to_have_attribute("data-table", table)
    expect(log.locator("li", has_text=line)).not_to_have_count(0)
    lines = _lines(log)
    assert line.replace(bot, "Zed", 1) not in lines, lines
    zed.close()
