"""A friends' game night on phones, from the first hand to the rematch: a hand dealt again
for no points is a row of the live score sheet that says why (and offers no review where
nobody had a choice); a table whose rules differ from its preset is "Standard, house
rules" wherever it is named; one who said no to playing again may take their seat back."""

from __future__ import annotations

import os
import re

import pytest
from axe import assert_accessible
from conftest import PageFactory
from phases import act
from playwright.sync_api import Page, expect
from seated_clients import MY_TURN, sit_in_the_last_seat
from server_helpers import Client, seat_clients, settle
from test_web_rematch_offer import STARTED, ask_again, finished_game, play_to_the_end, seat
from web_helpers import (
    FAKE_SHARE,
    PHONE,
    PHONE_LANDSCAPE,
    GamePage,
    LiveServer,
    enter_name,
    open_started_table,
)

SHEET_ROWS = "#score-sheet-box tbody tr"


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, where EUCHRE_SHOTS names a folder for them."""
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png")


def everyone_passes(clients: list[Client], table: str, game: GamePage, done: str) -> None:
    """Everyone passes (the clients in the other seats and the page) until ``done``."""
    page = game.page
    for _ in range(200):
        if page.evaluate(f"() => {done}"):
            return
        seen = max(game.version(), settle(clients, table))
        for client in clients:
            client.sync_to(table, seen)
        actor = next((c for c in clients if c.my_turn(table)), None)
        if actor is not None:
            actor.send(type="act", table=table, action="pass")
        elif page.evaluate(f"() => {MY_TURN}"):
            act(game, "pass")
        else:
            moved = "(seen) => +document.querySelector('.table-page')?.dataset.version > seen"
            page.wait_for_function(f"{moved} || ({MY_TURN}) || ({done})", arg=seen)
    raise AssertionError(f"never {done}")


def open_sheet(page: Page) -> None:
    # a click in the page: the hand's summary may lie over the button
    page.evaluate("document.querySelector('#score-sheet-button').click()")
    expect(page.locator("#score-sheet-box")).to_be_visible()


def test_a_hand_everyone_passed_is_a_row_of_the_live_sheet_saying_so(
    new_page: PageFactory, live: LiveServer
) -> None:
    # no stick the dealer: a hand everyone passes is thrown in and the next one dealt
    options = {"stick_the_dealer": False}
    table, clients = seat_clients(
        live.base, ["Hana", "Cleo", "Dan"], turn_seconds=0, options=options
    )
    page = new_page(viewport=PHONE, touch=True)
    enter_name(page, "Ben")
    sit_in_the_last_seat(page, clients, table)
    clients[0].request(type="start", table=table)
    game = GamePage(page)
    everyone_passes(clients, table, game, "window.euchre.current.sheet.length > 0")
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    open_sheet(page)
    thrown = page.locator(f"{SHEET_ROWS}.redealt[data-outcome=throw-in]").first
    expect(thrown).to_contain_text("Everyone passed, redealt")
    expect(thrown.locator("td.points")).to_have_count(0)  # no points: not a "+0" hand
    expect(thrown.locator("td.total")).to_have_count(1)
    for size, name in ((PHONE, "390"), (PHONE_LANDSCAPE, "844")):
        page.set_viewport_size(size)
        expect(thrown).to_be_visible()
        shot(page, f"sheet-everyone-passed-{name}")
    for client in clients:
        client.close()


# The server's events for a farmer's hand in the first deal (the "started" event's
# redeals), then a misdeal with a farmer's hand voided at once after it, then a weak hand
# thrown in, and a stuck dealer's forfeit (no redeal: a point): what a client gets at a
# table with those rules, as docs/protocol.md says.
REDEALS = """([first]) => {
    const page = window.euchre.current;
    const row = (deal, outcome, dealer) => ({deal, dealer, outcome, points: [0, 0],
        score: [0, 0], maker: null, trump: null, alone: false, lone_defender: null,
        tricks: []});
    page.noteEvent({kind: 'started', version: first, dealer: 0,
                    redeals: [row(0, 'farmers', 0)]}, page.state, false);
    page.noteEvent({kind: 'action', version: first + 1, seat: 1, action: 'pass',
                    act: {text: 'pass', kind: 'pass'}, by: 'bot', phase: 'under',
                    deal_over: row(1, 'misdeal', 0),
                    redeals: [row(2, 'farmers', 0)], next_dealer: 0}, page.state, false);
    page.noteEvent({kind: 'action', version: first + 2, seat: 2, action: 'redeal',
                    act: {text: 'redeal', kind: 'redeal'}, by: 'bot', phase: 'throw_in',
                    deal_over: row(3, 'redeal', 0),
                    redeals: [], next_dealer: 0}, page.state, false);
    const forfeit = {...row(4, 'forfeit', 0), points: [0, 1], score: [0, 1]};
    page.noteEvent({kind: 'action', version: first + 3, seat: 0, action: 'forfeit',
                    act: {text: 'forfeit', kind: 'forfeit'}, by: 'bot', phase: 'bid_r2',
                    deal_over: forfeit, redeals: [], next_dealer: 1}, page.state, false);
    page.render();
}"""


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        (
            "en-GB",
            ["Farmer's hand, redealt", "Misdeal, redealt", "Weak hand, redealt", "Conceded"],
        ),
        (
            "de-DE",
            [
                "Bauernblatt, neu gegeben",
                "Fehlgeben, neu gegeben",
                "Schwaches Blatt, neu gegeben",
                "Aufgegeben",
            ],
        ),
        (
            "nl-NL",
            [
                "Boerenhand, opnieuw gegeven",
                "Fout gegeven, opnieuw gegeven",
                "Zwakke hand, opnieuw gegeven",
                "Opgegeven",
            ],
        ),
    ],
)
def test_each_redeal_is_its_own_row_and_a_farmers_hand_has_no_review(
    new_page: PageFactory, live: LiveServer, locale: str, words: list[str]
) -> None:
    page = new_page(viewport=PHONE, touch=True, locale=locale)
    # No loners: a partner's loner played the first hand without the page (a row before
    # the made-up ones, CI); without one no hand ends before the page plays its part.
    options = {"farmers_hand": True, "allow_alone": False}
    game, _, _ = open_started_table(page, "standard", options)
    page.evaluate(REDEALS, [game.version() + 1000])
    open_sheet(page)
    rows = page.locator(SHEET_ROWS)
    expect(rows).to_have_count(5)
    # a forfeit is scored (a point), not dealt again: its row says so where trump would be
    forfeit = rows.nth(4)
    expect(forfeit).not_to_have_class(re.compile(r"\bredealt\b"))
    expect(forfeit.locator("td.trump")).to_have_text(words[3])
    expect(forfeit.locator("td.points")).to_have_attribute("data-points", "0,1")
    said = [words[0], words[1], words[0], words[2]]
    for index, text in enumerate(said):
        row = rows.nth(index)
        expect(row).to_have_class(re.compile(r"\bredealt\b"))
        expect(row.locator("th")).to_have_text(str(index + 1))
        expect(row.locator("td.why")).to_have_text(text)
        expect(row.locator("td.points")).to_have_count(0)
    # nobody had a choice in a farmer's hand: no review; a misdeal and a weak hand thrown
    # in followed choices (going under, throwing in): their reviews are offered
    reviews = page.locator("#review-list button")
    expect(reviews).to_have_count(3)
    expect(page.locator("#review-hand-0, #review-hand-2")).to_have_count(0)
    expect(page.locator("#review-hand-1")).to_have_count(1)
    expect(page.locator("#review-hand-3")).to_have_count(1)
    if locale == "en-GB":
        assert_accessible(page, "a score sheet with redealt hands")
        page.evaluate(LAST_THROWN_IN, [game.version() + 2000])
        expect(rows).to_have_count(6)
        expect(rows.nth(5).locator("td.why")).to_have_text("Everyone passed")
        expect(rows.nth(0).locator("td.why")).to_have_text(words[0])
    if locale == "de-DE":
        shot(page, "sheet-redeals-de-390")
        page.set_viewport_size(PHONE_LANDSCAPE)
        shot(page, "sheet-redeals-de-844")


# The last hand of a game the time limit ended is thrown in: no deal follows it.
LAST_THROWN_IN = """([version]) => {
    const page = window.euchre.current;
    const last = {deal: 5, dealer: 1, outcome: 'throw-in', points: [0, 0], score: [0, 1],
        maker: null, trump: null, alone: false, lone_defender: null, tricks: []};
    page.noteEvent({kind: 'action', version, seat: 1, action: 'pass',
                    act: {text: 'pass', kind: 'pass'}, by: 'bot', phase: 'bid_r2',
                    deal_over: last, redeals: []}, page.state, false);
    page.info = {...page.info, status: 'finished'};
    page.render();
}"""


HOUSE = {"farmers_hand": True, "target": 5}


def test_a_table_with_house_rules_is_named_so_everywhere(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE, touch=True)
    _, _, invite = open_started_table(page, "standard", HOUSE)
    title = page.locator("#table-title")
    expect(title).to_have_text("Table: Standard, house rules")
    expect(page).to_have_title(re.compile(r"^Table: Standard, house rules – Euchre"))
    # the badge beside it counts the changes, without saying "house rules" again
    badge = page.locator("#house-rules")
    expect(badge).to_have_accessible_name("+2 changes")
    assert_accessible(page, "a table with house rules")
    header = page.locator(".table-header")
    for size, name in ((PHONE, "390"), (PHONE_LANDSCAPE, "844")):
        page.set_viewport_size(size)
        shot(page, f"house-rules-header-{name}")
        assert header.evaluate("el => el.scrollWidth <= el.clientWidth"), size
        assert title.evaluate("el => el.scrollWidth <= el.clientWidth"), size
    page.set_viewport_size(PHONE)

    friend = new_page(viewport=PHONE, touch=True)
    friend.goto(f"/#/join/{invite}")
    expect(friend.locator("body")).to_contain_text("(Standard, house rules)")
    shot(friend, "house-rules-invite-390")

    # a table at its preset's own rules is named by the preset alone
    plain = new_page(viewport=PHONE, touch=True)
    open_started_table(plain, "standard", {}, name="Bea")
    expect(plain.locator("#table-title")).to_have_text("Table: Standard")
    expect(plain.locator("#house-rules")).to_have_count(0)


def test_the_lobby_and_the_shared_invite_name_the_house_rules(
    new_page: PageFactory, live: LiveServer
) -> None:
    watcher = new_page(viewport=PHONE, touch=True)
    enter_name(watcher, "Lou")
    listed = watcher.evaluate(
        "window.euchre.net.request({type: 'create', kind: 'casual', preset: 'standard',"
        " options: {farmers_hand: true}, turn_seconds: 30})"
    )
    watcher.goto("/#/")
    rules = f'.table-row[data-table="{listed["table"]}"] .table-rules strong'
    # Lou sits there: it is among hers, with the way back, and not again among the open
    # tables (where "Sit down" at her own table puzzled a player); both lists are drawn
    # from the one answer
    expect(watcher.locator(f"#your-tables {rules}")).to_have_text("Standard, house rules")
    expect(watcher.locator(f"#open-tables {rules}")).to_have_count(0)
    shot(watcher, "house-rules-lobby-390")
    passer_by = new_page(viewport=PHONE, touch=True)
    enter_name(passer_by, "Max")
    expect(passer_by.locator(f"#open-tables {rules}")).to_have_text("Standard, house rules")

    host = new_page(viewport=PHONE, touch=True)
    host.add_init_script(FAKE_SHARE)
    enter_name(host, "Ann")
    made = host.evaluate(
        "window.euchre.net.request({type: 'create', kind: 'private', preset: 'standard',"
        " options: {farmers_hand: true}, turn_seconds: 0})"
    )
    host.goto(f"/#/table/{made['table']}")
    GamePage(host).wait_table()
    share = host.locator("#share-invite")
    share.scroll_into_view_if_needed()
    share.tap()
    host.wait_for_function("window.__shared.length === 1")
    assert (
        host.evaluate("window.__shared[0].text") == "Join my Euchre table (Standard, house rules):"
    )


def test_one_who_said_no_takes_their_seat_back_from_the_game_over_dialog(
    new_page: PageFactory, live: LiveServer
) -> None:
    ann, bob, cat = finished_game(new_page, ["Ann", "Bob", "Cat"])
    ask_again(ann, bob)
    bob.click("#decline-again")
    take_back = bob.locator("#take-seat-back")
    expect(take_back).to_have_text("Take your seat back")
    expect(bob.locator("#rematch-gone")).to_contain_text("plays again with a bot in your seat")
    # a reload while the offer stands keeps it on the screen
    bob.reload()
    GamePage(bob).wait_table()
    expect(bob.locator("#take-seat-back")).to_be_visible()
    shot(bob, "take-seat-back-390")
    bob.set_viewport_size(PHONE_LANDSCAPE)
    shot(bob, "take-seat-back-844")
    bob.set_viewport_size(PHONE)
    old = GamePage(bob).attr("table")
    bob.click("#take-seat-back")
    bob.wait_for_function(f"() => !location.hash.includes('{old}')")
    expect(bob.locator(".table-page")).to_have_attribute("data-seat", "1")
    expect(bob.locator("#error, .toast.error")).to_have_count(0)
    # Cat still decides: her offer stays, and the table waits for her
    expect(cat.locator("#rematch-offer")).to_contain_text("Ann wants to play again")


def test_a_seat_taken_back_too_late_says_why_without_a_button(
    new_page: PageFactory, live: LiveServer
) -> None:
    """Someone else sat in the seat: the dialog says so where the button was, at once (no
    "Join the new game" either); the new game ended: pressing "Take your seat back" says
    so there, not with an error."""
    ann, bob, cat = finished_game(new_page, ["Ann", "Bob", "Cat"])
    ask_again(ann, bob)
    bob.click("#decline-again")
    expect(seat(ann, 1)).not_to_contain_text("deciding")  # a bot there; Cat still decides
    old, new = GamePage(bob).attr("table"), GamePage(ann).attr("table")
    invite = ann.evaluate("window.euchre.current.inviteCode")
    dan = new_page(viewport=PHONE, touch=True)
    enter_name(dan, "Dan")
    dan.goto(f"/#/join/{invite}")
    GamePage(dan).wait_table()
    sit = "(table) => window.euchre.net.request({type: 'sit', table, seat: 1}).catch((e) => e)"
    answer = dan.evaluate(sit, new)
    assert answer["type"] == "table", answer
    expect(seat(ann, 1)).to_contain_text("Dan")
    gone = bob.locator("#rematch-gone")
    expect(gone).to_have_text("Someone else plays in your seat at Ann's new game now.")
    expect(bob.locator("#take-seat-back, #join-again")).to_have_count(0)
    expect(bob.locator(".toast.error")).to_have_count(0)
    assert old in bob.evaluate("location.hash")
    expect(cat.locator("#rematch-offer")).to_contain_text("Ann wants to play again")
    shot(bob, "take-seat-back-too-late-390")
    bob.reload()  # read again from the finished game's log
    GamePage(bob).wait_table()
    expect(gone).to_have_text("Someone else plays in your seat at Ann's new game now.")
    # Dan gives the seat up before the game: Bob is offered the new game again
    dan.evaluate("(table) => window.euchre.net.request({type: 'stand', table})", new)
    expect(bob.locator("#join-again")).to_be_visible()

    ann, eve = finished_game(new_page, ["Ann", "Eve"])
    ask_again(ann, eve)
    eve.click("#decline-again")
    expect(ann.locator(".table-page")).to_have_attribute("data-status", STARTED, timeout=15_000)
    play_to_the_end([GamePage(ann)])  # a game to 1 point: Ann and the bots finish it
    eve.click("#take-seat-back")
    expect(eve.locator("#rematch-gone")).to_have_text("Ann's new game is over.")
    expect(eve.locator("#take-seat-back")).to_have_count(0)
    expect(eve.locator(".toast.error")).to_have_count(0)


def test_a_reload_during_the_offer_keeps_it_on_screen(
    new_page: PageFactory, live: LiveServer
) -> None:
    ann, bob = finished_game(new_page, ["Ann", "Bob"])
    ask_again(ann, bob)
    bob.reload()
    GamePage(bob).wait_table()
    expect(bob.locator("#rematch-offer")).to_contain_text("Ann wants to play again")
    expect(bob.locator("#join-again")).to_be_visible()
    # the recent games name the game by its rules: to 1 point is a house rule of Standard
    ann.goto("/#/replay")
    mine = ann.locator("#recent-mine li a").first
    expect(mine).to_contain_text("Standard, house rules · ")
    shot(ann, "recent-house-rules-390")
