"""Screenshots of the lobby and of each moment of a deal, at a phone's, a landscape
phone's and a desktop's size (docs/screenshots/, shown in the README).

    .venv/bin/python tests/web/screenshots.py            # writes docs/screenshots/
    .venv/bin/python tests/web/screenshots.py --out DIR  # anywhere else

It starts its own server (a temporary SQLite file; easy bots, who pass often, so round 2
comes soon) and Debian's Chromium. The test suite never runs this: tests write their
pictures to temporary folders only.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # web_helpers and live_server, as under pytest

from phases import PHASES, SIZES, reach  # noqa: E402
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
HAND_OVER = "!!document.querySelector('#deal-summary')"


def shoot(page: Page, out: Path, name: str) -> list[Path]:
    """The page at each shown size, as the player sees it (the viewport, not the page)."""
    written = []
    for size in SHOWN_SIZES:
        page.set_viewport_size(SIZES[size])
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_function("document.querySelectorAll('.trick.won').length === 0")
        path = out / f"{name}-{size}.png"
        page.screenshot(path=path, animations="disabled")
        written.append(path)
    return written


def all_screenshots(browser: Browser, base_url: str, out: Path) -> list[Path]:
    """The lobby and one picture per phase of a deal, plus a hand just finished."""
    out.mkdir(parents=True, exist_ok=True)
    # wait_for_function evaluates strings, which the app's CSP forbids (as in conftest.py)
    context = browser.new_context(
        viewport=SIZES["desktop"], locale="en-GB", base_url=base_url, bypass_csp=True
    )
    page = context.new_page()
    enter_name(page, "Alex")
    page.wait_for_selector(".panel.quick")
    written = shoot(page, out, "lobby")
    game = create_private_table(page, start_with_bots=True)
    for phase in PHASES:
        reach(game, phase)
        written += shoot(page, out, f"table-{PHASE_NAMES[phase]}")
    written += _hand_over(game, out)
    context.close()
    return written


def _hand_over(game: GamePage, out: Path) -> list[Path]:
    deal = int(game.attr("deal"))
    game.play_until(f"Number(t.dataset.deal) > {deal}")
    game.page.wait_for_selector("#deal-summary")
    return shoot(game.page, out, "table-hand-over")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DOCS, help=f"folder (default {DOCS})")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = fast_settings(Path(folder) / "euchre.db", bot_level="easy")
        with running_server(settings) as server, sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for path in all_screenshots(browser, server.url, args.out):
                print(path)
            browser.close()


if __name__ == "__main__":
    main()
