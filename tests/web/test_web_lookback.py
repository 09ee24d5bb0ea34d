"""Looking back in a real browser: the pause between hands, the last trick, the score sheet,
the log after a reload, and the quick-play countdown (checked against the server's record)."""

from __future__ import annotations

import itertools
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import PageFactory
from phases import SIZES
from playwright.sync_api import Page, expect
from web_helpers import (
    GamePage,
    LiveServer,
    enter_name,
    fast_settings,
    running_server,
)

from euchre.server.lookback import score_sheet

SUMMARY = "!!document.querySelector('#hand-summary')"


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose tables pause 30 s after each hand and whose quick play waits 60 s."""
    db = Path(tmp_path_factory.mktemp("web-pause")) / "euchre.db"
    with running_server(fast_settings(db, summary_seconds=30.0, fill_seconds=60.0)) as server:
        yield server


def _table(server: LiveServer, table_id: str) -> Any:
    async def read() -> Any:
        return server.server.lobby.tables[table_id]

    return server.run(read())


def _wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.02)


def _quick_play_start_now(page: Page) -> GamePage:
    page.click("#quick-play")
    game = GamePage(page)
    game.wait_table()
    countdown = page.locator("#fill-countdown")
    expect(countdown).to_have_text(re.compile(r"^Bots join in ([1-9]|[1-5][0-9]|60) seconds?\.$"))
    expect(page.locator("#start-game")).to_have_text("Start now with bots")
    page.click("#start-game")
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    expect(countdown).to_have_count(0)
    return game


def test_the_hand_summary_holds_the_next_deal_until_the_player_continues(
    new_page: PageFactory, paused: LiveServer
) -> None:
    page = new_page(server=paused)
    enter_name(page, "Sam")
    game = _quick_play_start_now(page)
    table_id = game.attr("table")
    expect(page.locator(".seat.bot")).to_have_count(3)

    game.play_until(SUMMARY)

    table = _table(paused, table_id)
    record = table.state.deals[0]
    summary = page.locator("#hand-summary")
    expect(summary).to_be_visible()
    assert summary.get_attribute("data-deal") == "0"
    shown = [int(t.strip("+")) for t in summary.locator("td.points").all_inner_texts()]
    assert shown == list(record.points)
    totals = [int(t) for t in summary.locator("td.score").all_inner_texts()]
    assert totals == list(table.state.deals[1].scores_before)
    # The next deal waits: no turn-up, no trick, no choice, no clock, and no bot has moved.
    assert page.locator("#upcard, .trick-card, .bid-buttons button").count() == 0
    assert game.attr("my-turn") == "false"
    version = game.version()
    pause = table.pause
    assert pause is not None and table.clock is None
    assert paused.table_version(table_id) == version

    _check_last_trick(page, table)
    _check_score_sheet(page, table)

    # focus went back to the sheet's button; Enter anywhere but on a button continues
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")
    expect(page.locator("#hand-summary[data-deal='0']")).to_have_count(0)
    _wait_for(lambda: not pause.waiting)  # the server heard "continue" (not the clock)
    # The next deal goes on until it waits for the player: her turn, or, when her partner
    # went alone (she sits out, and the bots play the whole hand at once), that hand's summary.
    page.wait_for_function(
        "() => document.querySelector('.table-page').dataset.myTurn === 'true'"
        " || !!document.querySelector('#hand-summary[data-deal=\"1\"]')"
    )
    if page.locator("#hand-summary").count() == 0:
        expect(page.locator(".table-page")).to_have_attribute("data-deal", "1")
        expect(page.locator(".centre.summary")).to_have_count(0)
        assert table.pause is None
    else:
        second = score_sheet(table.state)[1]
        assert (second["maker"], second["alone"]) == (2, True), second
        expect(page.locator(".table-page")).to_have_attribute("data-deal", "2")
        assert table.pause is not None and table.pause is not pause


def _without_orders(lines: list[str]) -> list[str]:
    """The lines kept across a reload (every line: an order names its own deal's turn-up)."""
    return lines


def _check_last_trick(page: Page, table: Any) -> None:
    page.keyboard.press("l")
    panel = page.locator("#last-trick")
    expect(panel).to_be_visible()
    trick = table.last_trick
    cards = panel.locator("li").evaluate_all(
        "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])"
    )
    assert cards == [[c["seat"], c["card"]] for c in trick["cards"]]
    winner = panel.locator("li.winner")
    assert winner.get_attribute("data-seat") == str(trick["winner"])
    assert trick["number"] == 5
    _check_parts(panel, trick)
    page.keyboard.press("l")
    expect(panel).to_have_count(0)


def _part(card: str, trump: str | None) -> str:
    """A card's part under ``trump`` in the words "Last trick" gives it."""
    other = {"c": "s", "s": "c", "d": "h", "h": "d"}
    if trump not in other:
        return ""
    if card == f"J{trump}":
        return ", right bower"
    if card == f"J{other[trump]}":
        return ", left bower"
    return ", trump" if card.endswith(trump) else ""


def _check_parts(panel: Any, trick: dict[str, Any]) -> None:
    """Each card of "Last trick" is named with its part under its deal's trump."""
    assert trick["trump"] in ("c", "d", "h", "s", "n", None)
    lines = panel.locator(".trick-line").all_inner_texts()
    for line, play in zip(lines, trick["cards"], strict=True):
        part = _part(play["card"], trick["trump"])
        if part:
            assert line.endswith(part), (line, play, trick["trump"])
        else:
            assert not line.endswith(("bower", "trump")), (line, play, trick["trump"])


def _check_score_sheet(page: Page, table: Any) -> None:
    page.click("#score-sheet-button")
    rows = page.locator("#score-sheet tbody tr")
    expected = score_sheet(table.state)
    expect(rows).to_have_count(len(expected))
    for row, want in zip(rows.all(), expected, strict=True):
        points = row.locator("td.points").get_attribute("data-points")
        assert points == ",".join(str(p) for p in want["points"])
        assert row.locator("td.total").get_attribute("data-score") == ",".join(
            str(s) for s in want["score"]
        )
    page.click("#score-sheet-box .look-close")
    expect(page.locator("#score-sheet-box")).to_be_hidden()


def test_the_log_the_sheet_and_the_last_trick_survive_a_reload(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    enter_name(page, "Rey")
    page.click("#quick-play")
    game = GamePage(page)
    game.wait_table()
    game.play_until("document.querySelectorAll('#score-sheet tbody tr').length >= 1")
    game.wait_my_turn_or("false")  # alone with bots: nothing moves until this player does
    if game.attr("phase") in ("bid_r1", "bid_r2"):  # the last trick is not over the turn-up
        assert page.locator(".trick-card").count() == 0
    table_id = game.attr("table")
    before = page.locator("#game-log li").all_text_contents()
    assert len(before) > 10
    page.reload()
    game.wait_table()
    game.wait_my_turn_or("false")
    after = page.locator("#game-log li").all_text_contents()
    # The reload itself adds "away" and "back" lines; the window shows the last 40 lines.
    reload_lines = ("Rey lost the connection.", "You are back.")
    kept = _without_orders([line for line in after if line not in reload_lines])
    earlier = _without_orders(before)
    assert len(kept) >= len(earlier) - 2 and kept == earlier[-len(kept) :], (before, after)
    table = _table(live, table_id)
    expect(page.locator("#score-sheet tbody tr")).to_have_count(len(score_sheet(table.state)))
    expect(page.locator("#last-trick-button")).to_be_enabled()
    page.click("#last-trick-button")
    cards = page.locator("#last-trick li").evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards == [c["card"] for c in table.last_trick["cards"]]
    _check_parts(page.locator("#last-trick"), table.last_trick)


def test_a_guest_finds_the_finished_game_under_replays_with_its_score_sheet(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    enter_name(page, "Gil")
    page.click("#quick-play")
    game = GamePage(page)
    game.wait_table()
    game.play_until("!!document.querySelector('#game-over')", max_moves=600)
    table_id = game.attr("table")
    # The result and the final hand are readable together, in the dialog.
    final = page.locator("#game-over #final-hand")
    expect(final).to_be_visible()
    record = httpx.get(f"{live.base}/api/games/{table_id}/replay").json()
    last = record["deals"][-1]["result"]
    shown = [int(t.strip("+")) for t in final.locator("td.points").all_inner_texts()]
    assert shown == last["points"]

    page.click("a[href='#/replay']")
    mine = page.locator(f"#recent-mine li[data-game='{table_id}'] a")
    expect(mine).to_be_visible()
    expect(mine).to_contain_text("Gil")
    # the player's own result first (the line said only the names, the score and the time)
    won = record["final_score"][0] > record["final_score"][1]
    expect(mine.locator(".game-result")).to_have_text("Won" if won else "Lost")
    assert not re.search(r"\d:\d\d:\d\d", mine.inner_text()), mine.inner_text()  # to the minute
    expect(page.locator("#replay-title")).to_have_text("Replays")  # the list, as the menu says
    mine.click()
    expect(page.locator("#replay-title")).to_have_text("Replay")  # one game
    expect(page.locator("#replay-board")).to_be_visible()
    rows = page.locator("#replay-sheet tbody tr")
    expect(rows).to_have_count(len(record["deals"]))
    points = rows.locator("td.points").evaluate_all("els => els.map(e => e.dataset.points)")
    assert points == [",".join(map(str, d["result"]["points"])) for d in record["deals"]]
    totals = rows.last.locator("td.total").get_attribute("data-score")
    assert totals == ",".join(map(str, record["final_score"]))
    page.click("#replay-next")
    expect(page.locator("#replay-position")).to_contain_text("1")


def _seat_names(page: Page) -> list[str]:
    return [
        str(n)
        for n in page.locator(".seat").evaluate_all(
            "els => els.sort((a, b) => a.dataset.seat - b.dataset.seat)"
            ".map(e => e.querySelector('.name').textContent)"
        )
    ]


def _play_both_to_the_end(games: list[GamePage]) -> None:
    over = "!!document.querySelector('#game-over')"
    deadline = time.monotonic() + 120
    while not all(g.page.evaluate(over) for g in games):
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for g in games:
            busy = g.page.locator(g.root).get_attribute("aria-busy")
            if g.attr("my-turn") == "true" and not busy:
                g.act_by_click()
                moved = True
        if not moved:
            time.sleep(0.05)  # waiting for the other page or the bots


def test_play_again_reseats_everyone_at_a_new_table(
    new_page: PageFactory, live: LiveServer
) -> None:
    ann, bob = new_page(), new_page()
    enter_name(ann, "Ann")
    enter_name(bob, "Bob")
    created = ann.evaluate(
        "window.euchre.net.request({type: 'create', kind: 'private', turn_seconds: 0,"
        " options: {target: 1}})"
    )
    old, invite = created["table"], created["invite"]
    ann.goto(f"/#/table/{old}")
    bob.goto(f"/#/join/{invite}")
    games = [GamePage(ann), GamePage(bob)]
    for g in games:
        g.wait_table()
    bob.click('[data-cmd=sit][data-target="2"]')
    expect(bob.locator(".table-page")).to_have_attribute("data-seat", "2")
    ann.click("#start-game")
    _play_both_to_the_end(games)
    before = _seat_names(ann)
    expect(ann.locator("#game-over #final-hand")).to_be_visible()

    ann.click("#play-again")
    ann.wait_for_function(f"() => !location.hash.includes('{old}')")
    offer = bob.locator("#rematch-offer")
    expect(offer).to_contain_text("Ann wants to play again")
    bob.click("#join-again")
    for g in games:
        expect(g.page.locator(".table-page")).to_have_attribute("data-status", "playing")
    new = games[0].attr("table")
    assert new != old and games[1].attr("table") == new
    assert games[0].attr("seat") == "0" and games[1].attr("seat") == "2"
    assert _seat_names(ann) == before
    table = _table(live, new)
    assert table.variant == _table(live, old).variant
    assert [s.kind for s in table.seats] == ["human", "bot", "human", "bot"]


def test_a_friend_types_the_code_as_read_aloud_and_the_host_sees_them_arrive(
    new_page: PageFactory, live: LiveServer
) -> None:
    host = new_page()
    enter_name(host, "Hana")
    host.check('input[name="kind"][value="private"]')
    host.select_option("#create-pause", "5")  # the pause after each hand, a table setting
    host.click("#create-table")
    GamePage(host).wait_table()
    assert _table(live, GamePage(host).attr("table")).summary_seconds == 5
    code = host.locator("#invite-code-text").inner_text()
    assert re.fullmatch(r"[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}", code), code
    friend = new_page()
    enter_name(friend, "Fay")
    spoken = code.lower().replace("-", " ")  # "k7rm 4xtp", as heard
    friend.fill("#invite-code", spoken)
    friend.press("#invite-code", "Enter")
    GamePage(friend).wait_table()
    expect(host.locator("#invite-opened")).to_have_text("Opened the invite: Fay")
    expect(host.locator("#invite-watching")).to_have_text("Watching: Fay")
    expect(host.locator("#game-log")).to_contain_text("Fay opened the invite.")
    expect(friend.locator("#invite-opened")).to_have_count(0)  # for the host only
    friend.close()  # Fay leaves: the host's list follows at once, with no event
    expect(host.locator("#invite-watching")).to_have_count(0)
    expect(host.locator("#invite-opened")).to_have_text("Opened the invite: Fay")


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_the_summary_trick_winners_ring_leaves_their_name_whole(
    new_page: PageFactory, paused: LiveServer, size: str
) -> None:
    page = new_page(server=paused, viewport=SIZES[size])
    enter_name(page, "Ring")
    game = _quick_play_start_now(page)
    game.play_until(SUMMARY)
    winner = page.locator("#hand-summary .summary-trick li.winner")
    expect(winner).to_be_visible()
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    ring, name, above = winner.evaluate(
        """li => {
            const card = li.querySelector('.card').getBoundingClientRect();
            const ring = 5; // the box-shadow's spread round the card
            const label = li.querySelector('.trick-seat').getBoundingClientRect();
            const over = li.closest('.summary-trick').querySelector('p').getBoundingClientRect();
            return [[card.top - ring, card.bottom + ring], [label.top, label.bottom], over.bottom];
        }"""
    )
    assert ring[1] <= name[0] + 0.5, (size, ring, name)  # the ring ends above the name
    assert above <= ring[0] + 0.5, (size, above, ring)  # and below the "last trick" line
    # beside it, clear of the next cards; the four cards evenly spaced, whatever the names
    lefts = page.evaluate(
        """() => [...document.querySelectorAll('#hand-summary .summary-trick .card')]
            .map((card) => card.getBoundingClientRect()).map((box) => [box.left, box.right])"""
    )
    gaps = [b[0] - a[1] for a, b in itertools.pairwise(lefts)]
    assert min(gaps) >= 2 * 5, (size, gaps)  # room for a ring between any two
    assert max(gaps) - min(gaps) <= 1, (size, gaps)
    if shots := os.environ.get("EUCHRE_SHOTS"):
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=f"{shots}/summary-trick-{size}.png")


@pytest.mark.parametrize(
    "size",
    [
        {"width": 1920, "height": 1080},
        {"width": 1280, "height": 720},
        {"width": 1024, "height": 768},
        {"width": 960, "height": 1000},
    ],
)
def test_the_side_columns_score_sheet_shows_the_points_and_totals(
    new_page: PageFactory, live: LiveServer, size: dict[str, int]
) -> None:
    """In a desktop's side column the sheet showed #, dealer, trump and maker; the tricks
    were cut and the points and totals were off its edge, to be scrolled to."""
    page = new_page(viewport=size)
    enter_name(page, "Wes")
    page.click("#quick-play")
    game = GamePage(page)
    game.wait_table()
    game.play_until("document.querySelectorAll('#score-sheet tbody tr').length >= 1")
    page.click("#score-sheet-button")
    wrap = page.locator("#score-sheet-box .score-sheet-wrap")
    expect(wrap).to_be_visible()
    wide, room = wrap.evaluate("(e) => [e.scrollWidth, e.clientWidth]")
    assert wide <= room, f"the sheet is {wide} px wide in {room} px"
    for cell in ("td.tricks", "td.points", "td.total"):
        expect(page.locator(f"#score-sheet tbody tr >> nth=0 >> {cell}")).to_be_visible()
