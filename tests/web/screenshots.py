"""Screenshots of the lobby and of each moment of a deal, at a phone's, a landscape
phone's and a desktop's size (docs/screenshots/, shown in the README).

    .venv/bin/python tests/web/screenshots.py            # writes docs/screenshots/
    .venv/bin/python tests/web/screenshots.py --out DIR  # anywhere else

It starts its own server (a temporary SQLite file; easy bots, who pass often, so round 2
comes soon; a long pause after each hand, so the hand's summary stays on the felt for its
picture, and is continued at once between the others) and Debian's Chromium. The test
suite runs this code for one size into a temporary folder (test_web_screenshots.py), never
into docs/screenshots/.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # web_helpers and live_server, as under pytest

from phases import GAME_OVER, PHASES, SIZES, SUMMARY, reach  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from web_helpers import (  # noqa: E402
    GamePage,
    create_private_table,
    enter_name,
    fast_settings,
    launch_browser,
    running_server,
)

DOCS = HERE.parents[1] / "docs" / "screenshots"
SHOWN_SIZES = ("phone", "landscape", "desktop")
PHASE_NAMES = {"bid_r1": "bid", "bid_r2": "round2", "dealer_discard": "discard", "play": "play"}
# every picture in the order taken: the coach's hint follows round 2 (a choice of several
# calls), a hand just over (its summary) and the coach's review of it come last
NAMES = (
    "lobby",
    "table-bid",
    "table-round2",
    "table-hint",
    "table-discard",
    "table-play",
    "table-hand-over",
    "table-review",
)
SUMMARY_SECONDS = 600.0  # the summary waits to be continued: its pictures are taken first
WAIT_MS = 20_000.0  # the longest wait for the page (a bot's move, a deal, the coach)
GAMES = 3  # a hand summary comes in the first game unless it ends at once; at most this many


# what each picture shows, checked in the page before it is taken
SHOWS = {
    "lobby": ".panel.quick",
    **{
        f"table-{name}": f'.table-page[data-phase="{phase}"][data-my-turn="true"]'
        for phase, name in PHASE_NAMES.items()
    },
    "table-hint": "#hint-values",
    "table-hand-over": "#hand-summary",
    "table-review": "#review-summary",
}


def shoot(page: Page, out: Path, name: str, sizes: tuple[str, ...]) -> list[Path]:
    """The page at each size, as the player sees it (the viewport, not the page)."""
    written = []
    for size in sizes:
        page.set_viewport_size(SIZES[size])
        page.locator(SHOWS[name]).wait_for(state="visible")
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_function("document.querySelectorAll('.trick.won').length === 0")
        path = out / f"{name}-{size}.png"
        page.screenshot(path=path, animations="disabled")
        written.append(path)
    return written


def all_screenshots(
    browser: Browser,
    base_url: str,
    out: Path,
    sizes: tuple[str, ...] = SHOWN_SIZES,
    wait_ms: float = WAIT_MS,
) -> list[Path]:
    """The lobby, one picture per phase of a deal, the coach's hint, a hand just finished
    and its review, at each of ``sizes``; every wait for the page at most ``wait_ms``."""
    out.mkdir(parents=True, exist_ok=True)
    # wait_for_function evaluates strings, which the app's CSP forbids (as in conftest.py)
    context = browser.new_context(
        viewport=SIZES["desktop"], locale="en-GB", base_url=base_url, bypass_csp=True
    )
    page = context.new_page()
    enter_name(page, "Alex")
    page.wait_for_selector(".panel.quick")
    written = shoot(page, out, "lobby", sizes)
    game = create_private_table(page, start_with_bots=True)
    for phase in PHASES:
        reach(game, phase, timeout=wait_ms)
        written += shoot(page, out, f"table-{PHASE_NAMES[phase]}", sizes)
        if phase == "bid_r2":  # a choice of several calls: the hint values each
            written += _hint(game, out, sizes, wait_ms)
    written += _hand_over(game, out, sizes, wait_ms)
    context.close()
    return written


def _hint(game: GamePage, out: Path, sizes: tuple[str, ...], wait_ms: float) -> list[Path]:
    """The coach's hint for the decision just pictured (then closed again)."""
    page = game.page
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=wait_ms)
    written = shoot(page, out, "table-hint", sizes)
    page.click("[data-cmd=close-hint]")
    return written


def _hand_over(game: GamePage, out: Path, sizes: tuple[str, ...], wait_ms: float) -> list[Path]:
    """A hand just over: its summary on the felt, then the coach's review of it."""
    page = game.page
    _play_to_a_summary(game, wait_ms)
    written = shoot(page, out, "table-hand-over", sizes)
    page.click("#summary-review")
    page.wait_for_selector("#review-summary", timeout=wait_ms)
    written += shoot(page, out, "table-review", sizes)
    page.click("[data-cmd=close-review]")
    return written


def _play_to_a_summary(game: GamePage, wait_ms: float) -> None:
    """Play on until a hand's summary shows (at a new table if the game ends first)."""
    for _ in range(GAMES):
        for _move in range(100):
            if game.wait_my_turn_or(f"{SUMMARY} || {GAME_OVER}", wait_ms) == "turn":
                game.act_by_click()
            elif game.page.evaluate(f"() => {SUMMARY}"):
                return
            else:
                break
        game.page.goto("/#/")
        game.page.wait_for_selector("#create-table")
        create_private_table(game.page, start_with_bots=True)
    raise AssertionError(f"no hand summary in {GAMES} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DOCS, help=f"folder (default {DOCS})")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = fast_settings(
            Path(folder) / "euchre.db", bot_level="easy", summary_seconds=SUMMARY_SECONDS
        )
        with running_server(settings) as server, sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for path in all_screenshots(browser, server.url, args.out):
                print(path)
            browser.close()


if __name__ == "__main__":
    main()
