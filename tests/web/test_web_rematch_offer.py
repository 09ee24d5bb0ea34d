"""Play again with three people in their own browsers (and a bot): the offer each sees
follows what happens at the new table. One who declines, goes back to the lobby or closes
the tab is not shown as still deciding; one whose seat a bot took (no answer in time) is
no longer offered it; a new table that closed before its game is offered no more."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import Locator, Page, expect
from web_helpers import PHONE, GamePage, LiveServer, enter_name, fast_settings, running_server

GAME_OVER = "!!document.querySelector('#game-over')"
STARTED = re.compile("^(playing|finished)$")  # a game to 1 point may end in one hand, at once


@pytest.fixture(scope="module")
def hasty(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose "play again" waits only 8 seconds for answers."""
    db = Path(tmp_path_factory.mktemp("web-rematch")) / "euchre.db"
    with running_server(fast_settings(db, rematch_seconds=8.0)) as server:
        yield server


def finished_game(
    new_page: PageFactory,
    names: list[str],
    server: LiveServer | None = None,
    watcher: Page | None = None,
) -> list[Page]:
    """A private game to 1 point played to its end by ``names`` (seats 0, 1, ...) and bots,
    with ``watcher`` (a page with a name) watching it through the invite."""
    pages = [new_page(viewport=PHONE, touch=True, server=server) for _ in names]
    for page, name in zip(pages, names, strict=True):
        enter_name(page, name)
    created = pages[0].evaluate(
        "window.euchre.net.request({type: 'create', kind: 'private', turn_seconds: 0,"
        " options: {target: 1}})"
    )
    pages[0].goto(f"/#/table/{created['table']}")
    games = [GamePage(page) for page in pages]
    games[0].wait_table()
    for seat, page in enumerate(pages[1:], start=1):
        page.goto(f"/#/join/{created['invite']}")
        games[seat].wait_table()
        page.click(f'[data-cmd=sit][data-target="{seat}"]')
        expect(page.locator(".table-page")).to_have_attribute("data-seat", str(seat))
    if watcher is not None:
        watcher.goto(f"/#/join/{created['invite']}")
        GamePage(watcher).wait_table()
    pages[0].click("#start-game")
    play_to_the_end(games)
    return pages


def play_to_the_end(games: list[GamePage]) -> None:
    deadline = time.monotonic() + 120
    while not all(g.page.evaluate(GAME_OVER) for g in games):
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for g in games:
            busy = g.page.locator(g.root).get_attribute("aria-busy")
            if g.attr("my-turn") == "true" and not busy and not g.page.evaluate(GAME_OVER):
                g.act_by_click()
                moved = True
        if not moved:
            time.sleep(0.05)  # waiting for another page or the bots


def ask_again(asker: Page, other: Page) -> None:
    """The asker presses Play again; the other player is offered the new game."""
    old = GamePage(asker).attr("table")
    asker.click("#play-again")
    asker.wait_for_function(f"() => !location.hash.includes('{old}')")
    # the new table on the page (until then the finished one's "finished" reads as started)
    new = asker.evaluate("location.hash").rsplit("/", 1)[1]
    expect(asker.locator(f'.table-page[data-table="{new}"]')).to_have_count(1)
    expect(other.locator("#rematch-offer")).to_contain_text("Ann wants to play again")


def seat(page: Page, index: int) -> Locator:
    return page.locator(f'.seat[data-seat="{index}"]')


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, where EUCHRE_SHOTS names a folder for them."""
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png")


def test_declining_leaving_and_closing_the_tab_are_no_longer_deciding(
    new_page: PageFactory, live: LiveServer
) -> None:
    ann, bob, cat = finished_game(new_page, ["Ann", "Bob", "Cat"])
    ask_again(ann, bob)
    expect(cat.locator("#rematch-offer")).to_contain_text("Ann wants to play again")
    # on a phone the two answers are as wide as the box, one above the other ("Join the new
    # game" was a link as wide as its words over a full-width "No thanks")
    boxes = [cat.locator(answer).bounding_box() for answer in ("#join-again", "#decline-again")]
    assert boxes[0] and boxes[1] and abs(boxes[0]["width"] - boxes[1]["width"]) < 1, boxes
    expect(seat(ann, 1)).to_contain_text("deciding")
    expect(seat(ann, 2)).to_contain_text("deciding")
    # the host may start before all have answered: the button says it does not wait
    expect(ann.locator("#start-game")).to_have_text("Start without waiting")
    bob.click("#decline-again")
    expect(seat(ann, 1)).not_to_contain_text("deciding")
    expect(seat(ann, 1)).to_contain_text("Random")  # a bot's level
    expect(seat(ann, 2)).to_contain_text("deciding")
    shot(ann, "rematch-one-declined-390")
    cat.click("#back-to-lobby")  # leaving the finished game: no to playing again
    expect(ann.locator(".table-page")).to_have_attribute("data-status", STARTED, timeout=15_000)
    expect(seat(ann, 2)).not_to_contain_text("deciding")


def test_a_player_who_put_the_result_away_is_still_offered_the_new_game(
    new_page: PageFactory, live: LiveServer
) -> None:
    """Bob closed the result box and opened the score sheet: the offer, answered in that
    box, never showed, and a bot took his seat when the time ran out."""
    ann, bob = finished_game(new_page, ["Ann", "Bob"])
    bob.click("#close-game-over")
    expect(bob.locator("#game-over")).to_have_count(0)
    bob.click("#score-sheet-button")
    expect(bob.locator("#score-sheet-box")).to_be_visible()
    ask_again(ann, bob)  # the offer shows
    expect(bob.locator("#score-sheet-box")).to_be_hidden()
    join = bob.locator("#join-again")
    expect(join).to_be_visible()
    join.click()
    new = ann.evaluate("location.hash").rsplit("/", 1)[1]
    expect(bob.locator(f'.table-page[data-table="{new}"]')).to_have_attribute("data-seat", "1")


def test_a_closed_tab_is_taken_as_no_after_the_grace_period(
    new_page: PageFactory, live: LiveServer
) -> None:
    ann, bob = finished_game(new_page, ["Ann", "Bob"])
    ask_again(ann, bob)
    expect(seat(ann, 1)).to_contain_text("deciding")
    bob.context.close()  # the grace period is 5 s on the test server
    expect(ann.locator(".table-page")).to_have_attribute("data-status", STARTED, timeout=20_000)
    expect(seat(ann, 1)).not_to_contain_text("deciding")


def test_a_seat_bots_took_is_no_longer_offered(new_page: PageFactory, hasty: LiveServer) -> None:
    ann, bob = finished_game(new_page, ["Ann", "Bob"], server=hasty)
    ask_again(ann, bob)
    # Both see the time left to answer (no one was told, and bots simply came after 30 s)
    expect(bob.locator("#rematch-countdown")).to_have_text(
        re.compile(r"^A bot takes your seat in [1-8] seconds? unless you join\.$")
    )
    expect(ann.locator("#fill-countdown")).to_have_text(re.compile(r"^Bots join in [1-8] second"))
    # Bob does not answer in time: a bot plays in his seat at the new table, and Ann's log
    # says so (it said only "The game starts")
    expect(ann.locator(".table-page")).to_have_attribute("data-status", STARTED, timeout=30_000)
    log = ann.locator("#game-log li").all_text_contents()
    assert any(line.startswith("Bob did not answer in time:") for line in log), log
    # The news reaches Bob's finished table through its own queue: on a busy machine later
    # than Ann's page sees the start.
    expect(bob.locator("#rematch-gone")).to_have_text(
        "Ann plays again with a bot in your seat.", timeout=20_000
    )
    expect(bob.locator("#join-again")).to_have_count(0)
    expect(bob.locator("#play-again")).to_have_count(0)
    shot(bob, "rematch-seat-taken-390")


def test_a_new_table_that_closed_before_its_game_is_offered_no_more(
    new_page: PageFactory, hasty: LiveServer
) -> None:
    ann, bob = finished_game(new_page, ["Ann", "Bob"], server=hasty)
    ask_again(ann, bob)
    old = GamePage(bob).attr("table")
    ann.click("#leave-table")
    # Ann left the new table and Bob did not answer: it closes, nothing to join
    expect(bob.locator("#rematch-offer")).to_have_count(0, timeout=30_000)
    expect(bob.locator("#rematch-gone")).to_have_count(0)
    bob.click("#play-again")  # and play again opens a new table
    bob.wait_for_function(f"() => !location.hash.includes('{old}')")
    expect(bob.locator(".table-page")).to_have_attribute("data-seat", "1")


def test_one_who_watched_is_shown_the_way_to_watch_the_new_game(
    new_page: PageFactory, hasty: LiveServer
) -> None:
    """A friend who watched was left on the finished game with no word of the new one (the
    invite led there, but nothing said so)."""
    sam = new_page(viewport=PHONE, touch=True, server=hasty)
    enter_name(sam, "Sam")
    ann, bob = finished_game(new_page, ["Ann", "Bob"], server=hasty, watcher=sam)
    expect(sam.locator("#game-over")).to_be_visible(timeout=30_000)
    expect(sam.locator("#play-again")).to_have_count(0)  # not asked to play
    ask_again(ann, bob)
    new = ann.evaluate("location.hash").rsplit("/", 1)[1]
    expect(sam.locator("#rematch-watch")).to_contain_text("Ann started a new game")
    expect(sam.locator("#join-again, #decline-again")).to_have_count(0)
    sam.click("#watch-again")
    expect(sam.locator(f'.table-page[data-table="{new}"]')).to_have_count(1)
    expect(sam.locator(".table-page")).to_have_attribute("data-seat", "")  # watching still
