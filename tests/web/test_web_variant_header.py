"""What a variant's table says at the top, where a player looks first: the house rules
(what its creator changed from the preset), a timed game's clock and its last hand, the
title still readable beside them on a phone on its side."""

from __future__ import annotations

from datetime import timedelta

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, open_started_table


@pytest.mark.parametrize(
    ("locale", "badge"),
    [("en-GB", "+2 changes"), ("de-DE", "+2 Änderungen"), ("nl-NL", "+2 wijzigingen")],
)
def test_a_table_with_house_rules_says_so_at_the_top(
    new_page: PageFactory, locale: str, badge: str
) -> None:
    page = new_page(viewport=PHONE, locale=locale)
    open_started_table(page, "standard", {"farmers_hand": True, "defend_alone": True})
    page.evaluate("window.scrollTo(0, 0)")
    button = page.locator(".table-header #house-rules")
    expect(button).to_have_accessible_name(badge)
    expect(button.locator(".house-rules-long")).to_be_visible()
    expect(button).to_be_in_viewport()
    title = page.locator("#table-title").bounding_box()
    felt = page.locator(".felt").bounding_box()
    assert title is not None and felt is not None
    assert felt["y"] - title["y"] < 90, (title, felt)  # the header no taller than before
    button.click()
    rules = page.locator("#table-rules")
    expect(rules).to_have_attribute("open", "")
    expect(rules.locator("ul[aria-labelledby=house-rules-title] li")).to_have_count(2)
    expect(rules.locator("summary")).to_be_focused()
    expect(rules.locator("summary")).to_be_in_viewport()


@pytest.mark.parametrize(
    ("locale", "stuck", "alone"),
    [
        ("en-GB", "If everyone passes in both rounds, the hand is thrown in", "No one may play"),
        ("de-DE", "Passen alle in beiden Bietrunden, wird die Runde eingeworfen", "Niemand darf"),
    ],
)
def test_a_rule_switched_off_is_told_as_what_happens_instead(
    new_page: PageFactory, locale: str, stuck: str, alone: str
) -> None:
    """ "Stick the dealer: off" went on to describe the dealer stuck."""
    page = new_page(viewport=PHONE, locale=locale)
    off = {"stick_the_dealer": False, "allow_alone": False}
    open_started_table(page, "standard", {**off, "no_trump": True})
    page.locator("#table-rules summary").click()
    rows = page.locator("#table-rules ul[aria-labelledby=house-rules-title] li")
    expect(rows.filter(has_text=stuck)).to_have_count(1)
    expect(rows.filter(has_text=alone)).to_have_count(1)
    expect(rows.filter(has_text="must name trump")).to_have_count(0)
    expect(rows.filter(has_text="without their partner")).to_have_count(0)


def test_the_house_rules_badge_is_a_thumbs_size_to_tap(new_page: PageFactory) -> None:
    """The badge is 20 px tall: a tap a little above or below it missed."""
    page = new_page(viewport=PHONE, touch=True)
    open_started_table(page, "standard", {"farmers_hand": True})
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#house-rules").bounding_box()
    assert box is not None and box["height"] < 30, box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] + 9  # a thumb a little low
    hit = "([x, y]) => !!document.elementFromPoint(x, y)?.closest('#house-rules')"
    assert page.evaluate(hit, [x, y]), (x, y, box)
    page.touchscreen.tap(x, y)
    expect(page.locator("#table-rules")).to_have_attribute("open", "")


def test_a_table_playing_its_preset_as_it_is_has_no_house_rules(
    new_page: PageFactory,
) -> None:
    page = new_page(viewport=PHONE)
    open_started_table(page, "classic", {})
    expect(page.locator("#table-title")).to_be_visible()
    expect(page.locator("#house-rules")).to_have_count(0)


def _past_the_time_limit(live: LiveServer, table: str) -> None:
    """The game began all but half a second of its time limit ago: its real clock runs out
    at once."""
    owner = live.server.lobby.tables[table]
    limit = owner.variant.time_limit_minutes * 60

    async def nearly_out() -> None:
        owner.started_at -= timedelta(seconds=limit - 0.5)  # type: ignore[operator]
        owner._schedule_game_clock()

    live.run(owner.call(nearly_out))


def test_the_last_hand_of_a_timed_game_is_shown_and_the_clock_then_goes(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE)
    game, table, _ = open_started_table(page, "standard", {"time_limit_minutes": 1, "target": 15})
    clock = page.locator(".table-header #game-time")
    expect(clock).to_contain_text("Time left 0:5")
    # every line the announcer gets (it keeps six: a partner's loner can play the last hand
    # out without this player before the region is read)
    page.evaluate(
        """() => { window.said = [];
            new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach(
                (n) => window.said.push(n.textContent)))).observe(
                document.getElementById('announcer'), { childList: true }); }"""
    )
    _past_the_time_limit(live, table)
    expect(clock.locator(".time-up-long")).to_have_text("Time is up: last hand")
    expect(clock).to_be_in_viewport()
    said = "Time is up: this is the last hand."
    page.wait_for_function("(said) => window.said.includes(said)", arg=said)
    game.play_until("document.querySelector('.table-page').dataset.status === 'finished'")
    expect(page.locator("#game-over")).to_be_visible()
    texts = page.evaluate("window.said")
    assert texts.count(said) == 1, texts  # said once
    page.keyboard.press("Escape")
    expect(page.locator("#game-time")).to_have_count(0)  # no "Time left 0:00" after the end
    page.wait_for_function(  # and none comes back on the clock's next ticks
        "() => new Promise(r => setTimeout(() => r(!document.getElementById('game-time')), 600))"
    )


def test_on_a_phone_on_its_side_the_title_stays_whole_beside_the_clock(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE_LANDSCAPE, locale="de-DE")
    _, table, _ = open_started_table(
        page, "standard", {"time_limit_minutes": 30, "farmers_hand": True, "defend_alone": True}
    )
    page.evaluate("window.scrollTo(0, 0)")
    title = page.locator("#table-title")
    expect(title).to_have_text("Tisch: Standard, Hausregeln")
    expect(page.locator("#game-time")).to_be_visible()
    expect(page.locator("#house-rules")).to_be_visible()
    whole = "el => el.scrollWidth <= el.clientWidth + 1"
    assert title.evaluate(whole), title.evaluate("el => [el.scrollWidth, el.clientWidth]")
    bar = page.locator(".topbar").bounding_box()
    for part in ("#table-title", "#house-rules", "#game-time"):
        box = page.locator(part).bounding_box()
        assert bar is not None and box is not None
        assert box["y"] + box["height"] <= bar["y"] + bar["height"] + 0.5, part
    _past_the_time_limit(live, table)
    short = page.locator("#game-time .time-up-short")
    expect(short).to_have_text("Letzte Runde")
    expect(short).to_be_visible()
    assert page.locator("#game-time").evaluate(whole)
    assert title.evaluate(whole)


def test_on_a_small_phone_on_its_side_the_title_takes_the_bars_room(
    new_page: PageFactory,
) -> None:
    """At 664 x 390 the title in the top bar was cut to "Table: St…" with the room beside
    it empty: it was held to 60% of that room."""
    page = new_page(viewport={"width": 664, "height": 390})
    open_started_table(page, "standard", {})
    page.evaluate("window.scrollTo(0, 0)")
    title = page.locator("#table-title")
    expect(title).to_have_text("Table: Standard")
    bar = page.locator(".topbar").bounding_box()
    box = title.bounding_box()
    assert bar is not None and box is not None
    assert box["y"] + box["height"] <= bar["y"] + bar["height"] + 0.5  # in the bar
    assert title.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), title.evaluate(
        "el => [el.scrollWidth, el.clientWidth]"
    )
