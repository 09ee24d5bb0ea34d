"""A timed game's end as players see it: the tie-break hand after the time ran out with
players tied for first (also on a page opened during it), and the game-over box of a game
the clock ended."""

from __future__ import annotations

import re

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, enter_name, open_started_table

from euchre.engine.views import View

FINISHED = "document.querySelector('.table-page').dataset.status === 'finished'"
SECOND_DEAL = "window.euchre.current.state.deal >= 1"


def _time_up(live: LiveServer, table: str) -> None:
    owner = live.server.lobby.tables[table]
    live.run(owner.call(owner._time_up))  # as the game clock would once it runs out


def _bots_pass(live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bot passes while it may: at a table without stick the dealer, a hand where
    everyone passes twice is thrown in and the score stays tied."""
    bots = live.server.bots
    decide = bots.decide

    async def passing(table: str, seat: int, level: str, view: View) -> str:
        if "pass" in view.legal_texts():
            return "pass"
        return await decide(table, seat, level, view)

    monkeypatch.setattr(bots, "decide", passing)


@pytest.mark.parametrize(
    ("locale", "long", "short"),
    [
        ("en-GB", "Time is up: tie-break hand", "Tie-break"),
        ("de-DE", "Zeit ist um: Entscheidungsrunde", "Entscheidung"),
        ("nl-NL", "De tijd is om: beslissende ronde", "Beslissing"),
    ],
)
def test_the_hand_after_a_tie_at_the_time_limit_is_called_a_tie_break(
    new_page: PageFactory,
    live: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
    long: str,
    short: str,
) -> None:
    _bots_pass(live, monkeypatch)
    page = new_page(viewport=PHONE, locale=locale)
    game, table, invite = open_started_table(page, "classic", {"time_limit_minutes": 30})
    _time_up(live, table)
    clock = page.locator("#game-time")
    expect(clock.locator(".time-up-long")).not_to_have_text(long)
    game.play_until(SECOND_DEAL)  # everyone passed twice: thrown in, still 0 – 0
    expect(clock.locator(".time-up-long")).to_have_text(long)
    page.reload()  # a page opened during the tie-break hand says so too
    game.wait_table()
    expect(clock.locator(".time-up-long")).to_have_text(long)
    expect(clock).to_be_in_viewport()
    side = new_page(viewport=PHONE_LANDSCAPE, locale=locale)
    enter_name(side, "Eve", f"/#/join/{invite}")  # a seat full of bots: Eve watches
    expect(side.locator("#game-time .time-up-short")).to_have_text(short)
    expect(side.locator("#game-time .time-up-short")).to_be_visible()
    # on one line in the top bar, whole
    one_line = (
        "el => el.scrollWidth <= el.clientWidth + 1"
        " && el.clientHeight < 2 * parseFloat(getComputedStyle(el).lineHeight)"
    )
    assert side.locator("#game-time .time-up-short").evaluate(one_line)


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", r"^Time ran out: .+ win on points, \d+ – \d+\.$"),
        ("de-DE", r"^Die Zeit ist abgelaufen: .+ gewinnen nach Punkten, \d+ – \d+\.$"),
        ("nl-NL", r"^De tijd is om: .+ winnen op punten met \d+ – \d+\.$"),
    ],
)
def test_the_game_over_box_says_the_time_ran_out_and_who_won_on_points(
    new_page: PageFactory, live: LiveServer, locale: str, said: str
) -> None:
    page = new_page(viewport=PHONE, locale=locale)
    game, table, _ = open_started_table(page, "standard", {"time_limit_minutes": 30, "target": 15})
    _time_up(live, table)
    game.play_until(FINISHED)
    result = page.locator("#game-over #game-over-result")
    expect(result).to_have_text(re.compile(said))
    expect(result).to_be_in_viewport()
    page.reload()  # and so it does for a page opened after the end
    expect(page.locator("#game-over #game-over-result")).to_have_text(re.compile(said))
