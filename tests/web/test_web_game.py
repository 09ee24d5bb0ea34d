"""Playing in a real browser: quick play to the end, four people at a private table, keys only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import (
    DESKTOP,
    PHONE,
    GamePage,
    LiveServer,
    create_private_table,
    enter_name,
    wait_connected,
)

GAME_OVER = "!!document.querySelector('#game-over')"
HAND_SUMMARY = "!!document.querySelector('#deal-summary')"


def test_quick_play_a_whole_game_to_ten_by_clicking(
    new_page: PageFactory, live: LiveServer, tmp_path: Path
) -> None:
    page = new_page(viewport={"width": 360, "height": 740})
    enter_name(page, "Quinn")
    page.click("#quick-play")
    game = GamePage(page)
    game.wait_table()
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    seats = page.locator(".seat .name")
    expect(seats).to_have_count(4)
    assert "Quinn" in seats.all_inner_texts()
    expect(page.locator(".seat.bot")).to_have_count(3)

    moves = game.play_until(GAME_OVER, max_moves=600)

    assert moves > 10
    panel = page.locator("#game-over")
    expect(panel).to_be_visible()
    scores = [int(s) for s in page.locator(".score-value").all_inner_texts()]
    assert max(scores) >= 10, scores
    assert page.locator("#game-over-title").inner_text() in ("You won!", "You lost this one")
    log = page.locator("#game-log li").all_text_contents()
    assert any(re.search(r"wins trick \d", line) for line in log)
    assert any("Score" in line for line in log)
    expect(page.locator("#announcer")).to_contain_text("win the game")
    assert_accessible(page, "the end of a game")
    _replay_of_the_finished_game(page, game, tmp_path)


def _replay_of_the_finished_game(page: Page, game: GamePage, shots: Path) -> None:
    table_id = game.attr("table")
    page.click("#watch-replay")
    expect(page.locator("#replay-board")).to_be_visible()
    assert page.url.endswith(f"#/replay/{table_id}")
    first = page.locator("#replay-note").inner_text()
    assert "deals" in first
    page.click("#replay-last")
    expect(page.locator("#replay-note")).to_contain_text("wins trick 5")
    page.keyboard.press("Home")
    expect(page.locator("#replay-note")).to_have_text(first)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-note")).not_to_have_text(first)
    expect(page.locator("#egn-download")).to_have_attribute("download", f"euchre-{table_id}.egn")
    assert_accessible(page, "a replay")
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.click("#replay-first")
        for _ in range(8):
            page.click("#replay-next")
        path = shots / f"replay-{name}.png"
        page.screenshot(path=path, animations="disabled")
        assert path.stat().st_size > 10_000


def test_four_people_join_a_private_table_by_invite_and_play_a_hand(
    new_page: PageFactory, live: LiveServer
) -> None:
    names = ["Hana", "Ivo", "Jude", "Kai"]
    host = new_page(viewport=PHONE)
    enter_name(host, names[0])
    host_game = create_private_table(host, start_with_bots=False)
    link = host.locator("#invite-link").input_value()
    assert re.search(r"#/join/[\w-]+$", link)
    games = [host_game]
    for seat, name in enumerate(names[1:], start=1):
        page = new_page(viewport=PHONE)
        page.goto(link)
        expect(page.locator("h1")).to_have_text("You are invited")
        page.fill("#guest-name", name)
        page.press("#guest-name", "Enter")
        wait_connected(page)
        page.click(f'.seat[data-seat="{seat}"] button.sit-here')
        game = GamePage(page)
        expect(page.locator(".table-page")).to_have_attribute("data-seat", str(seat))
        games.append(game)
    expect(host.locator("#start-game")).to_be_visible()
    host.click("#start-game")
    for game in games:
        expect(game.page.locator(".table-page")).to_have_attribute("data-status", "playing")
        assert sorted(game.page.locator(".seat .name").all_inner_texts()) == sorted(names)
    hands = [set(g.hand()) for g in games]
    assert all(len(h) == 5 for h in hands)
    assert len(set().union(*hands)) == 20, "each page shows only its own, different cards"

    _play_one_hand(games)

    for game in games:
        expect(game.page.locator("#deal-summary")).to_contain_text("Score")


def _play_one_hand(games: list[GamePage]) -> None:
    """Whoever the pages say is to act clicks, until every page shows the hand's result."""
    for _ in range(60):
        version = max(g.version() for g in games)
        for game in games:
            game.wait_version_at_least(version)
        if all(g.page.locator("#deal-summary").count() for g in games):
            return
        games[int(games[0].attr("to-act"))].act_by_click()
    raise AssertionError("the hand did not finish")


def test_a_hand_by_keyboard_alone(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    page.goto("/")
    expect(page.locator("#guest-name")).to_be_focused()
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")
    wait_connected(page)
    _tab_to(page, 'input[name="kind"]:checked')
    page.keyboard.press("ArrowDown")
    expect(page.locator('input[name="kind"][value="private"]')).to_be_checked()
    _tab_to(page, "#create-start-now")
    page.keyboard.press("Space")
    expect(page.locator("#create-start-now")).to_be_checked()
    _tab_to(page, "#create-table")
    page.keyboard.press("Enter")
    game = GamePage(page)
    game.wait_table()
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    arrows_tried = False
    finish_after = 10_000
    for _ in range(200):
        done = f"Number(t.dataset.deal) > {finish_after}"
        if game.wait_my_turn_or(done) == "other":
            break
        focused = _focused_choice(page)
        if not arrows_tried and page.locator(".hand-card").count() > 1 and "hand-card" in focused:
            arrows_tried = _arrows_move_between_cards(page)
            finish_after = int(game.attr("deal"))  # finish this hand, then stop
        before = game.version()
        page.keyboard.press("Enter")
        game.wait_version_above(before)
        # The chosen card or bid is gone; focus stays at the table, never on the page's body.
        where = page.evaluate("document.activeElement ? document.activeElement.tagName : ''")
        assert where not in ("BODY", ""), "focus was lost after a move"
    else:
        raise AssertionError("the hand did not end")
    expect(page.locator("#deal-summary")).to_be_visible()
    assert arrows_tried


def _tab_to(page: Page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        if page.evaluate(f"document.activeElement.matches('{selector}')"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _focused_choice(page: Page) -> str:
    """The class of the focused element once focus sits on a legal card or a bid button."""
    handle = page.wait_for_function(
        """() => {
            const el = document.activeElement;
            if (!el) return null;
            if (el.matches('.hand-card.legal, .bid-buttons button')) return el.className;
            return null;
        }"""
    )
    return str(handle.json_value())


def _arrows_move_between_cards(page: Page) -> bool:
    start = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("document.activeElement.dataset.card")
    assert moved and moved != start
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == start
    return True


def test_stand_up_take_the_seat_back_and_watch(
    new_page: PageFactory, slow_bots: LiveServer
) -> None:
    page = new_page(server=slow_bots)
    enter_name(page, "Stan")
    game = create_private_table(page, start_with_bots=True)
    expect(page.locator(".table-page")).to_have_attribute("data-seat", "0")
    page.click("#stand-up")
    page.click("#stand-yes")  # at a private table mid-game it asks first
    expect(page.locator(".table-page")).to_have_attribute("data-seat", "")
    expect(page.locator(".hand-card")).to_have_count(0)
    expect(page.locator(".seat").first).to_contain_text("a bot plays")
    version = game.version()
    game.wait_version_above(version)  # the bot plays on for Stan
    page.click("text=Take my seat back")
    expect(page.locator(".table-page")).to_have_attribute("data-seat", "0")
    expect(page.locator(".hand-card").first).to_be_visible()

    watcher = new_page(server=slow_bots)
    enter_name(watcher, "Vera")
    watcher.goto(page.locator("#invite-link").input_value())
    watching = GamePage(watcher)
    watching.wait_table()
    expect(watcher.locator(".seat .name").first).to_have_text("Stan")
    expect(watcher.locator(".hand-card")).to_have_count(0)
    expect(watcher.locator("#stand-up")).to_have_count(0)
    # Leaving a private game mid-game asks first too (it was one stray tap); no says stay
    page.click("#leave-table")
    expect(page.locator("#stand-question")).to_have_text(
        "Leave this game? Only bots play it with you, so it ends."
    )
    page.click("#stand-no")
    expect(page.locator("#stand-confirm")).to_have_count(0)
    expect(page.locator("#leave-table")).to_be_focused()
    page.click("#leave-table")
    page.click("#stand-yes")
    expect(page.locator("#lobby-title")).to_be_visible()
    # Stan chose to go: not "away" (a lost connection) to the one still watching
    expect(watcher.locator(".seat").first).to_contain_text("left – a bot plays")
    watcher.click("#leave-table")  # a watcher leaves at once: no seat of theirs to hand over
    expect(watcher.locator("#lobby-title")).to_be_visible()


@pytest.mark.parametrize(("preset", "seats"), [("cutthroat", 3), ("two-player", 2), ("british", 4)])
def test_a_hand_of_each_variant(
    new_page: PageFactory, live: LiveServer, preset: str, seats: int
) -> None:
    page = new_page(viewport=PHONE)
    enter_name(page, "Vic")
    page.select_option("#create-preset", preset)
    game = create_private_table(page, start_with_bots=True)
    expect(page.locator(".seat")).to_have_count(seats)
    expect(page.locator(".score-board tbody tr")).to_have_count(3 if seats == 3 else 2)
    game.play_until(HAND_SUMMARY)
    expect(page.locator("#deal-summary")).to_contain_text("Score")


def test_a_guest_changes_name(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    enter_name(page, "Ann")
    expect(page.locator("#who")).to_contain_text("Playing as Ann")
    page.click("text=Change name")
    page.fill("#guest-name", "Bea")
    page.press("#guest-name", "Enter")
    expect(page.locator("#who")).to_contain_text("Playing as Bea")
    wait_connected(page)
    assert page.evaluate("window.euchre.net.you.name") == "Bea"
