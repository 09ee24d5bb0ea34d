"""The screenshot command (tests/web/screenshots.py) works, writing where it is told: the
test run itself leaves docs/screenshots/ (and every tracked file) as it was."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser
from screenshots import PHASE_NAMES, SHOWN_SIZES, all_screenshots
from web_helpers import LiveServer


def test_the_screenshot_command_shoots_every_phase_at_every_size(
    browser: Browser, easy_bots: LiveServer, tmp_path: Path
) -> None:
    written = all_screenshots(browser, easy_bots.url, tmp_path)
    names = ["lobby", *(f"table-{p}" for p in PHASE_NAMES.values()), "table-hand-over"]
    expected = {tmp_path / f"{name}-{size}.png" for name in names for size in SHOWN_SIZES}
    assert set(written) == expected
    for path in written:
        assert path.stat().st_size > 10_000, path
