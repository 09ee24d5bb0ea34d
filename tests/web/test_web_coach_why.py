"""On a phone the hint's box, between the other seats and the choices, is too small for the
numbers and the reason at once: whichever came second was cut off (at 360x640 the box
showed a row and a half of 273 px of content, and nothing said it scrolled). It shows the
numbers, and "Why?" puts the reason in their place, whole; a desktop shows both."""

from __future__ import annotations

import re

import pytest
from conftest import PageFactory
from phases import SIZES, reach
from playwright.sync_api import Page, expect
from seated_clients import MY_TURN, STATE, play_until, sit_in_the_last_seat
from server_helpers import seat_clients
from test_web_coach import COACH_WAIT, _table_with_bots, coached  # noqa: F401 (a fixture)
from web_helpers import LiveServer, enter_name, open_started_table

PHONES = ["small-phone", "phone", "small-landscape"]


def _inside_the_box(page: Page, selector: str) -> bool:
    """Whether ``selector`` lies whole within the hint's box as it shows, unscrolled."""
    return bool(
        page.evaluate(
            """(selector) => {
                const panel = document.getElementById('hint-panel');
                const box = panel.getBoundingClientRect();
                const part = document.querySelector(selector).getBoundingClientRect();
                return panel.scrollTop === 0 && part.height > 0
                    && part.top >= box.top && part.bottom <= box.bottom + 1;
            }""",
            selector,
        )
    )


@pytest.mark.parametrize(
    ("size", "rules"),
    [
        *[(size, None) for size in PHONES],
        # house rules: a two-line title and its badge leave the box the least room
        ("short-phone", {"stick_the_dealer": False, "farmers_hand": True, "super_euchre": True}),
    ],
)
def test_why_shows_the_hints_reason_whole_in_place_of_the_numbers(
    new_page: PageFactory,
    coached: LiveServer,  # noqa: F811
    size: str,
    rules: dict[str, bool] | None,
) -> None:
    page = new_page(viewport=SIZES[size], server=coached, locale="de-DE")
    if rules is None:
        enter_name(page, "Warum")
        game = _table_with_bots(page, "private")
    else:
        game, _, _ = open_started_table(page, "standard", rules, name="Warum")
    reach(game, "bid_r2")  # the most choices, the longest reasons
    page.evaluate("scrollTo(0, 0)")
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    why = page.locator("#hint-why")
    expect(why).to_be_visible()
    expect(why).to_have_attribute("aria-expanded", "false")
    assert _inside_the_box(page, "#hint-values")
    expect(page.locator("#hint-reason")).to_be_hidden()
    tap = why.bounding_box()
    assert tap and tap["height"] >= 40  # (44 under a finger: pointer coarse)

    why.click()
    expect(why).to_have_attribute("aria-expanded", "true")
    expect(why).to_have_text("Zahlen")
    expect(why).to_be_focused()
    expect(page.locator("#hint-values")).to_be_hidden()
    reason = page.locator("#hint-reason")
    expect(reason).to_be_visible()
    assert len(reason.inner_text()) > 40
    expect(page.locator("#hint-words")).to_be_visible()  # the words it uses, explained
    if not _inside_the_box(page, "#hint-reason"):
        # a long reason (the deal's; German is long), or a short phone under a two-line
        # title: the box takes the felt's whole height (the turn-up too) and, with still
        # more to read, shows that it scrolls
        felt, panel = (page.locator(s).bounding_box() for s in (".felt", "#hint-panel"))
        assert felt and panel and panel["y"] - felt["y"] < 12, (size, felt, panel)
        expect(page.locator("#hint-panel")).to_have_class(re.compile(r"\bscrolls\b"))
    expect(page.locator(".upcard:not(.down), .hand-card").first).to_be_in_viewport()
    page.screenshot(path=f"/tmp/coach-why-{size}.png")

    why.click()  # the numbers again
    expect(page.locator("#hint-values")).to_be_visible()
    expect(page.locator("#hint-reason")).to_be_hidden()


def test_a_desktop_shows_the_numbers_and_the_reason_together(
    new_page: PageFactory,
    coached: LiveServer,  # noqa: F811
) -> None:
    page = new_page(viewport=SIZES["desktop"], server=coached)
    enter_name(page, "Wide")
    game = _table_with_bots(page, "private")
    reach(game, "bid_r1")
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    expect(page.locator("#hint-reason")).to_be_visible()
    expect(page.locator("#hint-values")).to_be_visible()
    expect(page.locator("#hint-why")).to_be_hidden()


@pytest.mark.parametrize(
    ("preset", "legend", "columns"),
    [
        ("cutthroat", "Points: yours minus the other two players' average, this hand.", 2),
        ("two-player", "Points: yours minus your opponent's, this hand.", 3),
    ],
)
def test_a_game_without_partners_is_told_its_own_numbers(
    new_page: PageFactory,
    coached: LiveServer,  # noqa: F811
    preset: str,
    legend: str,
    columns: int,
) -> None:
    """No "your side's minus theirs" where no one has a partner, and no column of chances
    of winning that three players' scores do not have (it was all "–")."""
    page = new_page(viewport=SIZES["desktop"], server=coached)
    game, _, _ = open_started_table(page, preset, {})
    reach(game, "bid_r1")
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    expect(page.locator("#hint-values thead th")).to_have_count(columns)
    expect(page.locator("#hint-legend")).to_contain_text(legend)
    expect(page.locator("#hint-legend")).not_to_contain_text("your side")


@pytest.mark.parametrize(
    ("size", "locale"), [("phone", "en-GB"), ("landscape", "en-GB"), ("small-phone", "de-DE")]
)
def test_the_hint_shows_the_players_own_turn_clock(
    new_page: PageFactory, live: LiveServer, size: str, locale: str
) -> None:
    """With people at the table a turn clock runs, shown in one's own seat, which a phone's
    hint covers: a player read "Why?" while their time ran out and the server passed for
    them. The hint's head shows the same clock, and leaves the choices their room (beside
    it the German title ran to three lines at 360 px, and no choice was in view)."""
    viewport = {"width": 360, "height": 640} if size == "small-phone" else SIZES[size]
    page = new_page(viewport=viewport, touch=True, locale=locale)
    table, clients = seat_clients(live.base, ["Robin", "Cleo", "Dan"], turn_seconds=60)
    enter_name(page, "Timed")
    sit_in_the_last_seat(page, clients, table)
    clients[0].request(type="start", table=table)
    play_until(clients, table, page, f"{STATE}?.phase === 'play' && {MY_TURN}")
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    clock = page.locator("#hint-panel .coach-timer")
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"\d+"))
    page.screenshot(path=f"/tmp/hint-timer-{size}.png")
    title = page.locator("#hint-panel h2").bounding_box()
    assert title is None or title["height"] < 30, title  # one line (hidden on its side)
    expect(page.locator("#hint-values tbody tr").first).to_be_in_viewport(ratio=1)
    assert not page.evaluate(
        "(() => { const c = document.querySelector('#hint-panel .coach-timer')"
        ".getBoundingClientRect(); const p = document.getElementById('hint-panel')"
        ".getBoundingClientRect(); return c.top < p.top || c.bottom > p.bottom; })()"
    )
    for client in clients:
        client.close()
