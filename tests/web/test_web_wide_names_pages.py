"""A very wide name (24 x U+FDFA or 24 Ws) outside the game: on the leaderboard, in the
host's "Opened the invite" and "Watching" lines, and as the profile's title, it stays on a
phone's screen, cut with an ellipsis, its whole text kept as a tooltip."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PageFactory
from playwright.sync_api import Page, Route, expect
from seated_clients import Client  # it puts tests/server on the path
from test_web_wide_names import WIDE, fits
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, create_private_table, enter_name

SIZES = pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
NAMES = pytest.mark.parametrize("wide", list(WIDE))

# Each name under ``selector``: [its text-overflow, its overflow, its title, its text].
SHOWN = """(selector) => [...document.querySelectorAll(selector)]
    .map((el) => [getComputedStyle(el).textOverflow, getComputedStyle(el).overflowX,
                  el.title, el.textContent])"""


def names_cut(page: Page, selector: str, name: str) -> None:
    shown = page.evaluate(SHOWN, selector)
    assert shown, f"no {selector}"
    for overflow, clipped, title, text in shown:
        if name in text:
            assert (overflow, clipped) == ("ellipsis", "hidden") and name in title, shown


def board(names: list[str]) -> dict[str, object]:
    entries = [
        {
            "rank": rank,
            "name": name,
            "rating": 30.0,
            "mu": 25.0,
            "sigma": 8.0,
            "games": 12,
            "wins": 6,
            "provisional": True,
        }
        for rank, name in enumerate(names, start=1)
    ]
    return {"mode": "partnership", "total": len(names), "offset": 0, "entries": entries}


def profile(name: str, route: Route) -> None:
    if "/games" in route.request.url:
        route.fulfill(json={"games": [], "total": 0})
    else:
        created = "2026-01-02T03:04:05Z"
        route.fulfill(json={"name": name, "created_at": created, "ratings": [], "stats": []})


@NAMES
@SIZES
def test_a_very_wide_name_on_the_leaderboard_and_its_profile_stays_on_the_screen(
    new_page: PageFactory, size: dict[str, int], wide: str, tmp_path: Path
) -> None:
    name = WIDE[wide]
    page = new_page(viewport=size)
    answer = board([name, "Wilhelmina Vandenberghe"])
    page.route("**/api/leaderboard?*", lambda route: route.fulfill(json=answer))
    page.route("**/api/players/**", lambda route: profile(name, route))
    page.goto("/#/leaderboard")
    expect(page.locator("#leaderboard-table tbody tr")).to_have_count(2)
    fits(page, "leaderboard", tmp_path)
    names_cut(page, "#leaderboard-table .pname", name)
    page.goto(f"/#/profile/{name}")
    expect(page.locator("#profile-title")).to_be_visible()
    fits(page, "profile", tmp_path)
    names_cut(page, "#profile-title .pname", name)


@NAMES
@SIZES
def test_a_very_wide_name_opening_the_invite_stays_on_the_hosts_screen(
    new_page: PageFactory, live: LiveServer, size: dict[str, int], wide: str, tmp_path: Path
) -> None:
    name = WIDE[wide]
    page = new_page(viewport=size)
    enter_name(page, "Hana")
    create_private_table(page, start_with_bots=False)
    code = page.locator("#invite-code-text").inner_text()
    guest = Client(live.base, name)
    guest.send(type="join", invite=code)
    expect(page.locator("#invite-watching")).to_contain_text(name)
    expect(page.locator("#invite-opened")).to_contain_text(name)
    fits(page, "invite", tmp_path)
    names_cut(page, "#invite-opened .pname, #invite-watching .pname", name)
    guest.close()
