"""A friend who watched a private game to its end opens its replay from the game-over box:
the record of a private game opens to its players, or with its invite code, and the
watcher's link had no code ("No finished game with that id"), and it shows no coach's
review (the watcher held no seat) rather than an error."""

from __future__ import annotations

from conftest import PageFactory
from phases import GAME_OVER, SIZES
from playwright.sync_api import expect
from web_helpers import GamePage, enter_name, open_started_table


def test_one_who_watched_a_private_game_opens_its_replay(new_page: PageFactory) -> None:
    host = new_page()
    game, table, invite = open_started_table(host, "standard", {"target": 1}, name="Hosta")
    friend = new_page(viewport=SIZES["phone"])
    enter_name(friend, "Watcher", url=f"/#/join/{invite}")
    watching = GamePage(friend)
    watching.wait_table()
    expect(friend.locator(".table-page")).to_have_attribute("data-seat", "")  # a spectator
    game.play_until(GAME_OVER, max_moves=200)
    expect(friend.locator("#game-over")).to_be_visible(timeout=30_000)
    friend.click("#watch-replay")
    expect(friend.locator("#replay-board")).to_be_visible()
    assert friend.url.endswith(f"#/replay/{table}/{invite}")
    expect(friend.locator("#egn-download")).to_have_attribute(
        "href", f"api/games/{table}/egn?invite={invite}"
    )
    # no review for one who held no seat, and no "could not be loaded" either: the review
    # is asked with the code too (without it the private game was a 404, taken as a failure)
    expect(friend.locator("#replay-coach")).to_have_count(0)
    expect(friend.locator(".form-error")).to_have_count(0)
    # without the code, a stranger still gets nothing of the private game
    stranger = new_page()
    enter_name(stranger, "Stranger")
    stranger.goto(f"/#/replay/{table}")
    expect(stranger.locator(".replay-page, main")).to_contain_text("No finished game")
    expect(stranger.locator("#replay-board")).to_have_count(0)
