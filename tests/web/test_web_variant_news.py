"""News a player must not miss at a variant's table: a farmer's hand thrown in and dealt
again is told (the server sends it as ``redeals``), and when the turn timer moves for the
player, the player is told on the screen, not only in the folded log (heard once: the
notice is hidden from screen readers, which hear it in the polite live region)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import (
    NARRATION_PAGE,
    PHONE,
    GamePage,
    LiveServer,
    enter_name,
    fast_settings,
    running_server,
)

# Each line the polite announcer is given, and each notice shown with whether it is
# hidden from screen readers (the notices' box is itself an assertive alert).
RECORD_LIVE_LINES = """
window.liveLines = [];
new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
        const region = node.parentElement?.id;
        if (region === "announcer" || region === "toasts") window.liveLines.push(
            {region, text: node.textContent, hidden: node.getAttribute("aria-hidden") === "true"});
    }
}).observe(document, { childList: true, subtree: true });
"""
LINES_SAYING = "(said) => window.liveLines.filter((line) => line.text === said)"

FARMERS = {"deal": 0, "outcome": "farmers", "maker": None, "points": [0, 0], "score": [0, 0]}

# describeEvent with a stand-in for the table page (what narration.js asks of it).
EVENT_WORDS = (
    """async (event) => {
    const { describeEvent } = await import('./narration.js');
"""
    + NARRATION_PAGE
    + """
    return describeEvent(page, event, null);
}"""
)


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        ("en-GB", "A farmer's hand: the same dealer deals again."),
        ("de-DE", "Ein Bauernblatt: Derselbe Geber gibt neu."),
        ("nl-NL", "Een boerenhand: dezelfde gever geeft opnieuw."),
    ],
)
def test_a_farmers_hand_redealt_at_the_start_is_told(
    new_page: PageFactory, live: LiveServer, locale: str, told: str
) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    started = page.evaluate(EVENT_WORDS, {"kind": "started", "dealer": 1, "redeals": [FARMERS]})
    assert started.endswith(told), started
    assert "Bob" in started  # the dealer is still named
    quiet = page.evaluate(EVENT_WORDS, {"kind": "started", "dealer": 1, "redeals": []})
    assert told not in quiet


def test_a_farmers_hand_after_a_scored_hand_is_told(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    scored = {"deal": 0, "outcome": "scored", "maker": 1, "points": [0, 1], "score": [0, 1]}
    scored["tricks"] = [2, 3]
    event = {
        "kind": "action",
        "seat": 0,
        "act": {"kind": "play", "card": "Ah"},
        "by": "player",
        "phase": "play",
        "deal_over": scored,
        "redeals": [{**FARMERS, "deal": 1, "score": [0, 1]}],
    }
    words = page.evaluate(EVENT_WORDS, event)
    assert words.endswith("Score 0 – 1. A farmer's hand: the same dealer deals again."), words


@pytest.fixture(scope="module")
def quick_clock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Turn timers down to a second and a half; bots that take a moment."""
    db = Path(tmp_path_factory.mktemp("web-clock")) / "euchre.db"
    with running_server(fast_settings(db, min_turn_seconds=0.5, bot_delay=0.3)) as server:
        yield server


@pytest.mark.parametrize(
    ("locale", "told"), [("en-GB", "Your time ran out"), ("de-DE", "Deine Zeit ist abgelaufen")]
)
def test_the_player_is_told_on_screen_when_the_timer_moved_for_them(
    new_page: PageFactory, quick_clock: LiveServer, locale: str, told: str
) -> None:
    host = new_page(viewport=PHONE, locale=locale, server=quick_clock, touch=True)
    host.add_init_script(RECORD_LIVE_LINES)
    friend = new_page(server=quick_clock)
    enter_name(host, "Dozy")
    answer = host.evaluate(
        """() => window.euchre.net.request({type: 'create', preset: 'standard',
            kind: 'private', turn_seconds: 1.5})"""
    )
    host.evaluate(f"location.hash = '#/table/{answer['table']}'")
    GamePage(host).wait_table()
    code = host.locator("#invite-code-text").inner_text()
    enter_name(friend, "Sleepy", f"/#/join/{code}")
    GamePage(friend).wait_table()
    friend.locator("[data-cmd=sit][data-target]").first.click()
    expect(host.locator(".seat").filter(has_text="Sleepy")).to_have_count(1)
    host.locator("#start-game").click()
    # neither moves: the timer moves for each of them in turn
    notice = host.locator("#toasts .toast").filter(has_text=told)
    expect(notice).to_be_visible(timeout=30_000)
    assert "Sleepy" not in notice.first.inner_text()  # the player's own news, not the friend's
    lines = host.evaluate(LINES_SAYING, notice.first.inner_text())
    shown = [line for line in lines if line["region"] == "toasts"]
    heard = [line for line in lines if line["region"] == "announcer" or not line["hidden"]]
    assert len(heard) == len(shown), lines  # once each time the timer moved for them
