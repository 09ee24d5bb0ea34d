"""A player who lets the turn timer move for them two turns in a row, while connected, has a
bot play their seat: the controls say "A bot is playing for you." with "I'm back", which
(by keyboard or by tap) takes the seat back. Two people at a private table with a short
turn timer (the clock runs only where two people play); neither ever moves."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from web_helpers import (
    GamePage,
    LiveServer,
    enter_name,
    fast_settings,
    running_server,
    wait_connected,
)

TURN_SECONDS = 1.5


@pytest.fixture(scope="module")
def stalls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Turn timers down to half a second; bots that take a moment (a game left to them
    lasts a minute or so, not an instant)."""
    db = Path(tmp_path_factory.mktemp("web-stall")) / "euchre.db"
    with running_server(fast_settings(db, min_turn_seconds=0.5, bot_delay=0.3)) as server:
        yield server


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


# The announcer keeps its last few lines only, and bots move fast: a line may be gone
# by the time the test looks, so every text it ever held is kept.
RECORD_ANNOUNCEMENTS = """
window.announced = [];
window.prompts = [];
new MutationObserver(() => {
    const announcer = document.getElementById("announcer");
    if (announcer) window.announced.push(announcer.textContent);
    const prompt = document.getElementById("prompt");
    if (prompt) window.prompts.push(prompt.textContent);
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def _wait_announced(page: Page, text: str) -> None:
    page.wait_for_function("(text) => window.announced.some((t) => t.includes(text))", arg=text)


def _page(
    browser: Browser,
    contexts: list[BrowserContext],
    server: LiveServer,
    viewport: dict[str, int],
    touch: bool = False,
) -> tuple[Page, list[str]]:
    context = browser.new_context(
        viewport=viewport, base_url=server.url, bypass_csp=True, has_touch=touch, is_mobile=touch
    )
    context.set_default_timeout(15_000)
    context.add_init_script(RECORD_ANNOUNCEMENTS)
    contexts.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def _create(page: Page) -> str:
    """A private table with a short turn timer, through the page's own connection."""
    answer = page.evaluate(
        """seconds => window.euchre.net.request({type: 'create', preset: 'standard',
            kind: 'private', turn_seconds: seconds})""",
        TURN_SECONDS,
    )
    table = answer["table"]
    page.evaluate(f"location.hash = '#/table/{table}'")
    GamePage(page).wait_table()
    return str(table)


def _seat_of(page: Page) -> int:
    return int(page.evaluate("window.euchre.current.mySeat()"))


def _wait_bot_plays(page: Page) -> None:
    """Wait (the timer moving twice for the player) until the bot plays their seat."""
    notice = page.locator("#bot-plays-for-you")
    expect(notice).to_be_visible(timeout=30_000)
    expect(notice).to_contain_text("A bot is playing for you.")
    expect(page.locator("#im-back")).to_be_visible()
    expect(page.locator("#im-back")).to_have_text("I'm back")
    seat = _seat_of(page)
    assert page.evaluate(f"window.euchre.current.info.seats[{seat}].bot_playing") is True


def _check_back(page: Page) -> None:
    """The notice is gone and the seat is the player's again (no "away – a bot plays")."""
    expect(page.locator("#bot-plays-for-you")).to_have_count(0)
    seat = _seat_of(page)
    assert page.evaluate(f"window.euchre.current.info.seats[{seat}].bot_playing") is False
    mine = page.locator(f".seat.me[data-seat='{seat}']")
    expect(mine).to_have_count(1)
    expect(mine).not_to_contain_text("a bot plays")
    # focus stays at the table (not lost to the page's body with the button)
    assert page.evaluate(
        "document.activeElement !== document.body"
        " && document.querySelector('.table-page').contains(document.activeElement)"
    )


@pytest.mark.parametrize("how", ["keyboard", "tap"])
def test_a_bot_plays_for_a_player_who_lets_the_clock_run_and_im_back_takes_it_back(
    browser: Browser, contexts: list[BrowserContext], stalls: LiveServer, how: str
) -> None:
    size = {"width": 844, "height": 390} if how == "keyboard" else {"width": 390, "height": 664}
    page, errors = _page(browser, contexts, stalls, size, touch=how == "tap")
    other, other_errors = _page(browser, contexts, stalls, {"width": 1440, "height": 900})
    enter_name(page, "Dozy")
    table = _create(page)
    code = page.locator("#invite-code-text").inner_text()
    enter_name(other, "Sleepy", f"/#/join/{code}")
    wait_connected(other)
    GamePage(other).wait_table()
    other.locator("[data-cmd=sit][data-target]").first.click()  # the first free seat
    expect(page.locator(".seat").filter(has_text="Sleepy")).to_have_count(1)
    # the host fills the two empty seats with bots and starts
    page.locator("#start-game").click()
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    assert page.evaluate("window.euchre.current.tableId") == table

    _wait_bot_plays(page)
    mine = page.locator(f".seat.me[data-seat='{_seat_of(page)}']")
    expect(mine).to_contain_text("a bot plays")
    expect(mine).not_to_contain_text("away")  # the player is here, a bot plays meanwhile
    # The others are not told to wait for the player while the bot plays their seat.
    other.wait_for_function("() => window.prompts.some((t) => t === 'A bot plays for Dozy…')")
    assert "Waiting for Dozy…" not in other.evaluate(
        "window.prompts.slice(window.prompts.indexOf('A bot plays for Dozy…'))"
    )
    shots = os.environ.get("EUCHRE_SHOTS")
    if shots:
        page.screenshot(path=f"{shots}/bot-plays-{how}-{size['width']}.png")
    # said to a screen reader, as the player's own news
    _wait_announced(page, "A bot is playing for you. To play again, press “I'm back”.")

    back = page.locator("#im-back")
    if how == "keyboard":
        back.focus()
        page.keyboard.press("Enter")
    else:
        back.tap()
    _check_back(page)
    _wait_announced(page, "You are back.")
    if shots:
        page.screenshot(path=f"{shots}/bot-plays-back-{how}-{size['width']}.png")
    assert not errors and not other_errors, (errors, other_errors)
