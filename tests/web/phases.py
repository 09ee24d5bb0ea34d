"""Steering a table to each moment of a deal the player must decide in, by the page alone.

``reach(game, phase)`` plays the player's own turns (passing, picking up, naming a suit,
playing the first legal card) so that the deal comes to ``phase`` on the player's turn:
bid round 1, round 2 (the player passes in round 1 until the others do too), the dealer's
discard (the player, once dealer, picks up), the play. Bots decide for themselves, so it
takes a deal or a few; every wait is for the page, never a sleep. A hand summary between
deals (a table with a pause after each hand) is continued at once.
"""

from __future__ import annotations

from typing import Any

from web_helpers import GamePage, create_private_table

GAME_OVER = "t.dataset.phase === 'game_over'"
SUMMARY = "!!document.querySelector('#summary-continue')"

PHASES = ("bid_r1", "bid_r2", "dealer_discard", "play")
SIZES = {
    "phone": {"width": 390, "height": 664},
    "small-phone": {"width": 360, "height": 640},
    "short-phone": {"width": 375, "height": 560},
    "landscape": {"width": 844, "height": 390},
    "small-landscape": {"width": 740, "height": 360},
    "desktop": {"width": 1440, "height": 900},
    "big-screen": {"width": 1920, "height": 1080},  # bigger cards there (app.css)
}


def state(game: GamePage) -> dict[str, Any]:
    return dict(game.page.evaluate("window.euchre.current.state"))


def reach(
    game: GamePage, phase: str, max_moves: int = 400, timeout: float = 20_000
) -> dict[str, Any]:
    """Play until it is the player's turn in ``phase``; returns the state then (each wait
    for the page at most ``timeout`` ms)."""
    for _ in range(max_moves):
        if game.wait_my_turn_or(f"{SUMMARY} || {GAME_OVER}", timeout) == "other":
            if game.page.evaluate(f"() => {SUMMARY}"):
                # continued in the page: the summary may end by itself in the meantime
                game.page.evaluate("document.querySelector('#summary-continue')?.click()")
            else:
                _new_table(game)  # the game ended first: the hunt goes on at a new table
            continue
        now = state(game)
        if now["phase"] == phase:
            return now
        _steer(game, now, phase)
    raise AssertionError(f"never reached {phase} in {max_moves} moves")


def _new_table(game: GamePage) -> None:
    game.page.goto("/#/")
    game.page.wait_for_selector("#create-table")
    create_private_table(game.page, start_with_bots=True)


def _steer(game: GamePage, now: dict[str, Any], wanted: str) -> None:
    legal: list[str] = now["legal"]
    dealer = now["dealer"] == now["seat"]
    if now["phase"] == "bid_r1":
        picks_up = wanted == "dealer_discard" and dealer
        pick = "order" if "order" in legal and (picks_up or wanted == "play") else "pass"
    elif now["phase"] == "bid_r2":
        pick = next(a for a in legal if a.startswith("call") and not a.endswith("alone"))
    else:
        pick = legal[0]
    act(game, pick)


def act(game: GamePage, action: str) -> None:
    """Send ``action`` by clicking what the page offers for it."""
    before = game.version()
    page = game.page
    plain = f'[data-cmd=act][data-action="{action}"]'
    # Its control may be drawn a moment after the turn came (a hand's summary just closed):
    # counted at once, a bid was taken for one behind the go-alone toggle (CI once).
    alone = f'[data-cmd=act][data-alone-action="{action}"]'
    page.wait_for_selector(f"{plain}, {alone}", state="attached")
    target = page.locator(plain)
    if not target.count():
        target = page.locator(alone)
        page.click("#go-alone")
    target.first.click()
    game.wait_version_above(before)
