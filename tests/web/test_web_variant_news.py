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
# The lines that say ``said`` (a toast's words), alone or as the start of more: the toast
# says only what the timer did; the announcer says it with the rest of the move's news.
LINES_SAYING = "(said) => window.liveLines.filter((line) => line.text.startsWith(said))"

FARMERS = {"deal": 0, "outcome": "farmers", "maker": None, "points": [0, 0], "score": [0, 0]}
# A card that ends a scored hand, and a farmer's hand voided at once after it.
SCORED_THEN_FARMERS = {
    "kind": "action",
    "seat": 0,
    "act": {"kind": "play", "card": "Ah"},
    "by": "player",
    "phase": "play",
    "deal_over": {
        "deal": 0,
        "outcome": "scored",
        "maker": 1,
        "points": [0, 1],
        "score": [0, 1],
        "tricks": [2, 3],
    },
    "redeals": [{**FARMERS, "deal": 1, "score": [0, 1]}],
}

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


DECLINED = {
    "dealer_discard": "Bob leaves the turn-up.",
    "go_under": "Bob does not go under.",
    "throw_in_claim": "Bob does not throw in the hand.",
    "take_alone": "Bob does not take it alone.",
    "defend_alone": "Bob does not defend alone.",
    "call_for_best": "Bob does not call for their partner's best card.",
}


@pytest.mark.parametrize(
    ("locale", "defend"),
    [
        ("en-GB", "Bob does not defend alone."),
        ("de-DE", "Bob verteidigt nicht allein."),
        ("nl-NL", "Bob verdedigt niet alleen."),
    ],
)
def test_a_declined_offer_is_told_as_what_was_declined(
    new_page: PageFactory, live: LiveServer, locale: str, defend: str
) -> None:
    """A pass outside the bidding was told "Bob passes.": a defender who would not defend
    alone, a loner who kept their hand instead of calling for best, read as a bid."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    event = {"kind": "action", "seat": 1, "act": {"kind": "pass", "text": "pass"}, "by": "player"}
    assert page.evaluate(EVENT_WORDS, event | {"phase": "defend_alone"}) == defend
    if locale == "en-GB":
        for phase, told in DECLINED.items():
            assert page.evaluate(EVENT_WORDS, event | {"phase": phase}) == told, phase
        # a bid's pass is still a pass (the state tells its round; here there is none)
        assert page.evaluate(EVENT_WORDS, event | {"phase": "bid_r1"}) == "Bob passes."


def test_a_farmers_hand_after_a_scored_hand_is_told(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    words = page.evaluate(EVENT_WORDS, SCORED_THEN_FARMERS)
    assert words.endswith("Score 0 – 1. A farmer's hand: the same dealer deals again."), words


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        ("en-GB", "Score 0 – 1. A farmer's hand: the same dealer deals again. Hand 3: Bob deals."),
        ("de-DE", "Runde 3: Bob gibt."),
        ("nl-NL", "Ronde 3: Bob geeft."),
    ],
)
def test_the_log_says_where_the_next_hand_starts_and_who_deals_it(
    new_page: PageFactory, live: LiveServer, locale: str, told: str
) -> None:
    """Read back after a reload, the log's lines of several hands ran together: each
    hand's end says which hand comes next and who deals it (past a farmer's hand, too);
    the game's end says no more."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    event = {**SCORED_THEN_FARMERS, "next_dealer": 1}
    assert page.evaluate(EVENT_WORDS, event).endswith(told)
    over = {**event, "redeals": [], "game_over": {"winner": 1, "score": [0, 10]}}
    next_hand = page.evaluate("window.euchre.i18n.t('events.nextHand', {n: 2, name: 'Bob'})")
    assert next_hand not in page.evaluate(EVENT_WORDS, over)


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        ("en-GB", "A farmer's hand (Cy): the same dealer deals again."),
        ("de-DE", "Ein Bauernblatt (Cy und Dee): Derselbe Geber gibt neu."),
        ("nl-NL", "Een boerenhand (Cy): dezelfde gever geeft opnieuw."),
    ],
)
def test_a_farmers_hand_says_whose_it_was(
    new_page: PageFactory, live: LiveServer, locale: str, told: str
) -> None:
    """The players were told only that a hand was thrown in: the server names the seats
    that held the farmer's hands (``farmers``), and so does the table."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    farmers = [2, 3] if locale == "de-DE" else [2]
    started = {"kind": "started", "dealer": 1, "redeals": [{**FARMERS, "farmers": farmers}]}
    words = page.evaluate(EVENT_WORDS, started)
    assert words.endswith(told), words


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
    # said to them, not of them: "... chose for you: Pass", not "... for you: Dozy passes"
    assert "Dozy" not in notice.first.inner_text(), notice.first.inner_text()
    lines = host.evaluate(LINES_SAYING, notice.first.inner_text())
    shown = [line for line in lines if line["region"] == "toasts"]
    heard = [line for line in lines if line["region"] == "announcer" or not line["hidden"]]
    assert len(heard) == len(shown), lines  # once each time the timer moved for them
    # only what the timer did: with the trick's winner it ran to four lines over the hand
    assert not any(w in notice.first.inner_text() for w in ("wins trick", "gewinnt den"))
