"""Fixtures for browser tests: one real server and one Chromium for the whole session.

Every page gets a fresh browser context (its own guest cookie). Requests to anything but
the test server are aborted and fail the test, as do uncaught errors in the page.

The suite runs in two processes (pytest-xdist, whole files to a process), so a process runs
browser tests and others in turn. Playwright's sync API keeps an event loop running in the
thread while it is started, and the other tests' ``asyncio.run()`` refuses to run inside
it: the Chromium is started when a browser test needs it and stopped when the process goes
on to a test that does not use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import cast

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)
from web_helpers import DESKTOP, LiveServer, fast_settings, launch_browser, running_server

PageFactory = Callable[..., Page]

# Two processes share two cores, each with a server and a browser: a page's answer can take
# longer than expect()'s usual 5 s (CI saw a leaderboard shown after it).
expect.set_options(timeout=10_000)


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A running server (SQLite in a temporary folder, short waits, instant bots)."""
    db = Path(tmp_path_factory.mktemp("web")) / "euchre.db"
    with running_server(fast_settings(db)) as server:
        yield server


@pytest.fixture(scope="session")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A second server whose bots take a moment, for tests that act while bots play."""
    db = Path(tmp_path_factory.mktemp("web-slow")) / "euchre.db"
    with running_server(fast_settings(db, bot_delay=0.2)) as server:
        yield server


@pytest.fixture(scope="session")
def easy_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose bots are the easy level: they pass often, so round 2 comes soon."""
    db = Path(tmp_path_factory.mktemp("web-easy")) / "euchre.db"
    with running_server(fast_settings(db, bot_level="easy")) as server:
        yield server


class SharedBrowser:
    """The process's Chromium: started on first use, stopped between kinds of test."""

    def __init__(self) -> None:
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None

    def now(self) -> Browser:
        if self._browser is None:
            self._playwright = sync_playwright().start()
            self._browser = launch_browser(self._playwright)
        return self._browser

    def stop(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._browser = None
        if self._playwright is not None:
            self._playwright.stop()
            self._playwright = None


SHARED_BROWSER = SharedBrowser()


class _BrowserNow:
    """Stands for the session's browser: each use reaches the one running now (a fixture
    kept for a module or the session outlives a stop between kinds of test)."""

    def __getattr__(self, name: str) -> object:
        return getattr(SHARED_BROWSER.now(), name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    yield cast(Browser, _BrowserNow())
    SHARED_BROWSER.stop()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After a test here: stop the browser when the next test does not use it."""
    if nextitem is None or "browser" not in getattr(nextitem, "fixturenames", ()):
        SHARED_BROWSER.stop()


@pytest.fixture
def new_page(browser: Browser, live: LiveServer) -> Iterator[PageFactory]:
    """Make pages in fresh contexts: ``new_page(viewport=PHONE, locale="de-DE")``
    (on another server with ``server=``; a phone's touch screen with ``touch=True``)."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []
    outside: list[str] = []

    def make(
        viewport: dict[str, int] = DESKTOP,
        locale: str = "en-GB",
        server: LiveServer | None = None,
        touch: bool = False,
    ) -> Page:
        target = server or live
        local = re.compile(rf"^http://127\.0\.0\.1:{target.port}/")
        # Playwright's wait_for_function evaluates strings, which the app's CSP forbids;
        # test_web_security.py runs the client with the policy in force.
        context = browser.new_context(
            viewport=viewport,
            locale=locale,
            base_url=target.url,
            bypass_csp=True,
            has_touch=touch,
            is_mobile=touch,
        )
        context.set_default_timeout(15_000)
        contexts.append(context)

        def refuse(route: object) -> None:
            request = route.request  # type: ignore[attr-defined]
            outside.append(request.url)
            route.abort()  # type: ignore[attr-defined]

        context.route(lambda url: not local.match(url), refuse)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page: {errors}"
    assert not outside, f"the page asked for something outside the server: {outside}"
