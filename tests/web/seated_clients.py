"""A browser page at a table with three websocket clients in the other seats: the clients
play at random, the page plays its first legal action, until the page shows a moment."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from phases import act
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PageTimeout
from web_helpers import GamePage

sys.path.insert(0, str(Path(__file__).parent.parent / "server"))
from server_helpers import Client, _act_once, settle

STATE = "window.euchre.current.state"
SUMMARY = "!!document.querySelector('#summary-continue')"
# the page's own word: the state may say it is the page's turn while the last hand's summary
# still shows and its choices wait for it (CI once waited there for a bid not yet drawn)
MY_TURN = "!!window.euchre.current?.isMyTurn?.()"
MOVED = (
    f"+document.querySelector('.table-page')?.dataset.version > seen || {SUMMARY} || ({MY_TURN})"
)
OVER = "document.querySelector('.table-page')?.dataset.phase === 'game_over'"


def sit_in_the_last_seat(page: Page, clients: list[Client], table: str) -> None:
    """``page`` follows the host's invite to ``table`` and sits in seat 3."""
    page.goto(f"/#/join/{clients[0].tables[table].invite}")
    page.locator('.seat[data-seat="3"] .sit-here').click()
    expect(page.locator('.seat.me[data-seat="3"]')).to_have_count(1)


def play_until(clients: list[Client], table: str, page: Page, done: str) -> None:
    """The clients play at random and the page plays its first legal action until ``done``
    holds in the page (a hand's summary on the way is continued). The clients never go
    alone: a partner's loner left the page out of a whole hand, and a 4-point sweep could
    end a game to 5 with no hand's summary to wait for."""
    rng = random.Random(7)
    for _ in range(400):
        if page.evaluate(f"() => {done}"):
            return
        if page.evaluate(f"() => {SUMMARY}"):
            page.evaluate("document.querySelector('#summary-continue')?.click()")
            shown = GamePage(page).version()
            for client in clients:
                client.sync_to(table, shown)  # the hand's end, which starts its pause
                client.send(type="continue", table=table)
                client.tables[table].pause_ends = 0.0
        seen = max(GamePage(page).version(), settle(clients, table))
        for client in clients:
            client.sync_to(table, seen)
        # a client's move in the pause after a hand would end it before the page showed it
        paused = any(c.tables[table].paused() for c in clients)
        actor = None if paused else next((c for c in clients if c.my_turn(table)), None)
        if actor is not None:
            _act_once(actor, table, rng, together=True)
        elif page.evaluate(f"() => {MY_TURN}"):
            act(GamePage(page), page.evaluate(f"{STATE}.legal[0]"))
        else:  # another's move or the pause after a hand: wait for the page to move on
            moved = f"(seen) => {MOVED} || ({done})"
            try:
                page.wait_for_function(moved, arg=seen, timeout=40_000)
            except PageTimeout as stuck:
                views = [page.evaluate(STATE), *(c.tables[table].state for c in clients)]
                raise AssertionError(f"stuck before {done}: {views}") from stuck
    raise AssertionError(f"never {done}: {page.evaluate(STATE)}")
