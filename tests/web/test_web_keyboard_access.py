"""What a keyboard or screen-reader user relies on beyond axe's scan: menus that close when
focus leaves them, nothing covering the focused control, focus given back after a shortcut,
and names that say who did what."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe import assert_accessible
from conftest import PageFactory
from phases import SUMMARY
from playwright.sync_api import Page, expect
from web_helpers import (
    LiveServer,
    create_private_table,
    enter_name,
    fast_settings,
    open_settings,
    open_started_table,
    running_server,
)

MID_TRICK = (
    "t.dataset.phase === 'play' && t.dataset.myTurn === 'true'"
    " && document.querySelectorAll('.trick:not(.won) .trick-card').length > 0"
)


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


def test_the_cards_on_the_table_say_who_played_them(
    new_page: PageFactory, live: LiveServer
) -> None:
    """The trick's cards are named with their players, and the score table's row of the
    player's side reads "Kay and Olga you" (not "Kay and Olgayou")."""
    page = new_page()
    enter_name(page, "Kay")
    game = create_private_table(page, start_with_bots=True)
    game.play_until(MID_TRICK)
    cards = page.locator(".trick:not(.won) .trick-card")
    assert cards.count() >= 1
    for i in range(cards.count()):
        card = cards.nth(i)
        seat = int(str(card.get_attribute("data-seat")))
        name = page.evaluate(f"window.euchre.current.info.seats[{seat}].name")
        label = str(card.get_attribute("aria-label"))
        assert label.endswith(f", played by {name}"), label
    group = page.get_by_role("group", name="Cards on the table")
    assert "played by" in group.aria_snapshot()
    me = page.evaluate("window.euchre.current.state.seat")
    partner = page.evaluate(f"window.euchre.current.info.seats[{(me + 2) % 4}].name")
    expect(page.get_by_role("rowheader", name=f"Kay and {partner} you")).to_have_count(1)

    for lang, played_by, side in (
        ("de", "gespielt von", f"Kay und {partner} du"),
        ("nl", "gespeeld door", f"Kay en {partner} jij"),
    ):
        open_settings(page)
        page.select_option("#language", lang)
        page.keyboard.press("Escape")
        expect(page.locator(".trick:not(.won) .trick-card").first).to_have_attribute(
            "aria-label", re.compile(f", {played_by} ")
        )
        expect(page.get_by_role("rowheader", name=side)).to_have_count(1)


LAST_TRICK_AT_HAND = (
    "t.dataset.phase === 'play' && t.dataset.myTurn === 'true' && !t.getAttribute('aria-busy')"
    " && document.querySelector('#last-trick-button') && "
    "!document.querySelector('#last-trick-button').disabled"
)


def _focused_key(page: Page) -> str:
    return str(page.evaluate("document.activeElement.dataset.key || document.activeElement.id"))


def test_closing_what_a_shortcut_opened_gives_focus_back(
    new_page: PageFactory, live: LiveServer
) -> None:
    """H (hint) and L (last trick) are pressed from a choice: Escape (or the key again) puts
    focus back on that choice, so Enter then makes it rather than reopening the panel."""
    page = new_page()
    enter_name(page, "Kit")
    game = create_private_table(page, start_with_bots=True)
    game.wait_my_turn_or("false")
    choice = page.locator(".bid-buttons button, .hand-card.legal").last
    choice.focus()
    where = _focused_key(page)
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#hint-panel")).to_have_count(0)
    assert _focused_key(page) == where
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).to_be_visible()
    page.keyboard.press("h")  # the key again closes it the same way
    expect(page.locator("#hint-panel")).to_have_count(0)
    assert _focused_key(page) == where
    # the hint button still gives focus back to itself
    page.click("#hint-button")
    expect(page.locator("#hint-panel")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#hint-button")).to_be_focused()

    game.play_until(LAST_TRICK_AT_HAND)
    card = page.locator(".hand-card.legal").last
    card.focus()
    where = _focused_key(page)
    page.keyboard.press("l")
    expect(page.locator("#last-trick")).to_be_visible()
    expect(page.locator("#last-trick-title")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#last-trick")).to_have_count(0)
    assert _focused_key(page) == where
    version = game.version()
    page.keyboard.press("Enter")  # plays the card, not the last trick again
    game.wait_version_above(version)
    expect(page.locator("#last-trick")).to_have_count(0)


COVERED = """() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'nothing focused';
    a.scrollIntoView({ block: 'nearest' });
    const r = a.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (!top || a.contains(top) || top.contains(a)) return '';
    return (a.id || a.textContent.trim().slice(0, 30)) + ' under ' + (top.closest('[id]') || {}).id;
}"""


# Two frames on: a resize is handled (a loaded CI machine tabbed before it was).
NEXT_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def test_tab_never_reaches_what_the_game_over_box_covers(
    new_page: PageFactory, easy_bots: LiveServer, tmp_path: Path
) -> None:
    """At the game's end Tab never reaches the controls under the box over the table (the
    side panel's and the chat's under it on a narrower screen: inert while it shows; on a
    desktop the box is over the felt alone, and the side panel beside it stays usable);
    Escape or Close put it away with focus on "Show the result", and then nothing focused
    is under anything."""
    shots = tmp_path
    page = new_page(server=easy_bots)
    enter_name(page, "Gus")
    if page.locator("#opt-target").is_hidden():
        page.click(".more-options summary")
    page.select_option("#opt-target", "5")  # a short game
    game = create_private_table(page, start_with_bots=True)
    game.play_until("!!document.querySelector('#game-over')", max_moves=400)
    expect(page.locator("#game-over-title")).to_be_focused()
    for size in ({"width": 1440, "height": 900}, {"width": 768, "height": 1024}):
        page.set_viewport_size(size)
        page.evaluate(NEXT_FRAMES)  # the page's resize handler has made what is covered inert
        visited = set()
        for _ in range(45):
            page.keyboard.press("Tab")
            assert page.evaluate(COVERED) in ("", "nothing focused"), size
            visited.add(page.evaluate("document.activeElement.id"))
        assert {"close-game-over", "back-to-lobby", "settings-button"} <= visited, visited
        side_panel = {"last-trick-button", "leave-table"}
        if size["width"] >= 960:  # beside the box over the felt
            assert side_panel <= visited, visited
        else:
            assert not visited & {*side_panel, "table-title"}, visited
    page.set_viewport_size({"width": 1440, "height": 900})
    assert_accessible(page, "the game over box")
    page.keyboard.press("l")  # no last trick opening under the box
    expect(page.locator("#last-trick")).to_have_count(0)

    page.keyboard.press("Escape")
    expect(page.locator("#game-over")).to_have_count(0)
    expect(page.locator("#felt-show-result")).to_be_focused()  # on the felt, where the box was
    expect(page.locator("#felt-show-result")).to_be_in_viewport(ratio=1)
    expect(page.locator("#show-result")).to_be_visible()  # and beside "Leave the table"
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    page.keyboard.press("Shift+Tab")
    for _ in range(20):
        page.keyboard.press("Tab")
        assert page.evaluate(COVERED) in ("", "nothing focused")  # past the page's end
    page.locator("#felt-show-result").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#game-over-title")).to_be_focused()
    page.click("#close-game-over")
    expect(page.locator("#game-over")).to_have_count(0)
    expect(page.locator("#felt-show-result")).to_be_focused()
    page.click("#show-result")
    # the last hand's review opens in the side panel: the box makes way while it shows
    page.click("#final-review")
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#game-over")).to_have_count(0)
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    page.keyboard.press("Escape")
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#final-review")).to_be_focused()
    page.screenshot(path=str(shots / "game-over-modal.png"))
    page.click("#back-to-lobby")  # leaving the table leaves nothing inert behind
    expect(page.locator("#quick-play")).to_be_visible()
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    page.click("#settings-button")
    expect(page.locator("#settings-panel")).to_be_visible()


FORCED = """() => [...document.querySelectorAll('.felt .seat')].map(s => {
    const c = getComputedStyle(s);
    const badges = [...s.querySelectorAll('.you, .chip')].map(b => getComputedStyle(b).borderStyle);
    return {toAct: s.classList.contains('to-act'), outline: c.outlineStyle,
            width: parseFloat(c.outlineWidth), badges};
})"""


def test_forced_colours_keep_the_turn_and_the_badges(
    new_page: PageFactory, live: LiveServer, tmp_path: Path
) -> None:
    """In high contrast mode (box shadows and backgrounds dropped) the seat to act still has
    a mark of its own, an outline, and the you / partner / dealer badges a border."""
    page = new_page()
    page.emulate_media(forced_colors="active")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    enter_name(page, "Hana")
    game = create_private_table(page, start_with_bots=True)
    game.wait_my_turn_or("false")
    seats = page.evaluate(FORCED)
    acting = [s for s in seats if s["toAct"]]
    assert len(acting) == 1, seats
    assert acting[0]["outline"] == "solid" and acting[0]["width"] >= 2, acting
    for seat in seats:
        if not seat["toAct"]:
            assert seat["outline"] in ("none", "dashed"), seats  # sitting out: dashed
        assert all(style == "solid" for style in seat["badges"]), seats
    assert sum(len(s["badges"]) for s in seats) >= 3  # you, partner, dealer
    page.screenshot(path=str(tmp_path / "forced-colours.png"))


@pytest.fixture(scope="module")
def short_pause(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Tables that pause 2 s after each hand, as a keyboard player meets them."""
    db = Path(tmp_path_factory.mktemp("web-keys-pause")) / "euchre.db"
    with running_server(fast_settings(db, summary_seconds=2.0, bot_delay=0.05)) as server:
        yield server


FOCUSED = """() => { const a = document.activeElement;
    return a === document.body || !a ? 'body' : (a.id || a.className || a.tagName); }"""


def test_focus_stays_at_the_table_when_the_pause_after_a_hand_runs_out(
    new_page: PageFactory, short_pause: LiveServer
) -> None:
    """Focus on "Continue (2 s)" fell to the page's body when the pause ran out, and on
    the next bid stayed on a card that could not be played (the bids were held a moment
    as the summary went): a screen reader user's Enter said "Choose a bid first"."""
    page = new_page(server=short_pause)
    enter_name(page, "Kim")
    game = create_private_table(page, start_with_bots=True)
    for _ in range(3):  # the next deal may start with another seat's turn, or one's own
        game.play_until(SUMMARY)
        page.locator("#summary-continue").focus()
        expect(page.locator("#hand-summary")).to_have_count(0, timeout=10_000)
        # once the bids are free (held a moment, longer on a loaded machine), focus is at the table
        page.wait_for_function(f"() => ({FOCUSED})() !== 'body'", timeout=5_000)
        if game.attr("my-turn") == "true":
            focused = page.locator(":focus")
            expect(focused).to_have_class(re.compile(r"\b(bid|legal)\b"))


def test_a_new_hand_is_said_to_a_screen_reader(new_page: PageFactory, live: LiveServer) -> None:
    """One had to step through the five cards to learn the hand before bidding on it."""
    page = new_page()
    # no loner: a partner's would play the deal out without this player, and the next
    # deal's cards would be said too before the first are read here
    open_started_table(page, "standard", {"allow_alone": False}, name="Rae")
    page.wait_for_function("(window.euchre.current.state?.hand || []).length >= 5")
    names = page.evaluate(
        """async () => {
            const { cardName } = await import('./cards.js');
            const s = window.euchre.current.state;
            return s.hand.map((c) => cardName(window.euchre.i18n, c));
        }"""
    )
    told = page.locator("#announcer p", has_text="Your cards:")
    expect(told).to_have_count(1)  # once a deal, not at every redraw
    said = told.inner_text().removeprefix("Your cards: ").removesuffix(".").split(", ")
    # the hand as it first showed: the five dealt, or six to a dealer a bot ordered up to
    # before the page drew it (who holds them still, waiting to discard)
    assert len(said) in (5, 6) and set(said) <= set(names), (said, names)


def test_a_table_kinds_help_is_its_description_not_its_name(
    new_page: PageFactory, live: LiveServer
) -> None:
    """A screen reader read each kind's help as part of its name, then again as text."""
    page = new_page()
    enter_name(page, "Ula")
    page.wait_for_selector('input[name="kind"]')
    for kind, name in (("casual", "Casual"), ("private", "Private")):
        radio = page.get_by_role("radio", name=name, exact=True)
        expect(radio).to_have_attribute("value", kind)
        help_text = page.locator(f"#kind-{kind}-help").inner_text()
        expect(radio).to_have_accessible_description(help_text)
