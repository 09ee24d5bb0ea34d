"""Browser tests' plumbing: a real server on a free loopback port and Debian's Chromium.

``LiveServer`` runs the real ASGI app (static client included) under uvicorn in a thread
of its own; ``launch_browser`` starts the system Chromium through Playwright (never a
downloaded browser). ``GamePage`` wraps a page at a table with the waits the tests share:
every wait is for a condition in the page, never a fixed sleep.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, expect

from euchre.server.config import Settings
from live_server import ThreadServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
PHONE = {"width": 390, "height": 664}  # a phone with its browser's bars
PHONE_LANDSCAPE = {"width": 844, "height": 390}  # the same phone on its side
DESKTOP = {"width": 1440, "height": 900}


def fast_settings(db_path: Path, **changes: Any) -> Settings:
    """Settings for browser tests: a temporary SQLite file, short waits, instant bots."""
    base = Settings(
        database_url=f"sqlite+aiosqlite:///{db_path}",
        fill_seconds=0.5,
        grace_seconds=5.0,
        turn_seconds=600.0,
        summary_seconds=0.0,  # no pause between hands unless a test asks for one
        min_turn_seconds=5.0,
        bot_delay=0.0,
        trick_pause=0.0,
        bot_level="random",
        away_seconds=0.0,  # told at once: the wait is tested on its own
        log_level="warning",
        log_json=True,
        rate_per_second=1000.0,
        rate_burst=1000.0,
    )
    return base.replace(**changes)


class LiveServer(ThreadServer):
    """The real app in a thread of the test process, with what the browser tests need."""

    @property
    def url(self) -> str:
        return self.base + "/"

    def table_version(self, table_id: str) -> int:
        async def read() -> int:
            return self.server.lobby.tables[table_id].version

        return int(self.run(read()))

    def drop_connections(self, name: str) -> int:
        """Close every websocket of the player called ``name`` from the server's side."""

        async def drop() -> int:
            found = [c for c in self.server.connections if c.identity.name == name]
            for conn in found:
                with contextlib.suppress(Exception):
                    await conn.websocket.close(code=1012)
            return len(found)

        return int(self.run(drop()))


@contextlib.contextmanager
def running_server(settings: Settings) -> Iterator[LiveServer]:
    live = LiveServer(settings).start()
    try:
        yield live
    finally:
        live.stop()


def launch_browser(playwright: Playwright) -> Browser:
    """Debian's Chromium (apt-get install chromium), headless."""
    if not CHROMIUM.exists():
        raise RuntimeError("Chromium is missing: apt-get install -y chromium")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


class GamePage:
    """A page at a table, with the waits and moves the tests share."""

    def __init__(self, page: Page) -> None:
        self.page = page

    @property
    def root(self) -> str:
        return ".table-page"

    def attr(self, name: str) -> str:
        return str(self.page.locator(self.root).get_attribute(f"data-{name}"))

    def version(self) -> int:
        return int(self.attr("version"))

    def wait_table(self, timeout: float = 15_000) -> None:
        self.page.wait_for_selector(self.root, timeout=timeout)

    def wait_my_turn_or(self, condition: str, timeout: float = 20_000) -> str:
        """Wait until it is this page's turn or the JS ``condition`` holds; returns which."""
        handle = self.page.wait_for_function(
            f"""() => {{
                const t = document.querySelector('{self.root}');
                if (!t) return null;
                if ({condition}) return 'other';
                if (t.dataset.myTurn === 'true' && !t.getAttribute('aria-busy')) return 'turn';
                return null;
            }}""",
            timeout=timeout,
        )
        return str(handle.json_value())

    def act_by_click(self) -> str:
        """One move by clicking: pass or the first suit while bidding, else the first legal card."""
        before = self.version()
        page = self.page
        self.check_choices_are_the_legal_ones()
        cards = page.locator(".hand-card.legal")
        buttons = page.locator(".bid-buttons button")
        if cards.count():
            target = cards.first
        else:
            pass_button = page.locator('.bid-buttons button[data-action="pass"]')
            target = pass_button if pass_button.count() else buttons.first
        chosen = str(target.get_attribute("data-action"))
        target.click()
        self.wait_version_above(before)
        return chosen

    def check_choices_are_the_legal_ones(self) -> None:
        """The page offers exactly the server's legal actions (a call alone through the "go
        alone" toggle on its suit's button); every other card is disabled."""
        legal = self.page.evaluate("window.euchre.current.state.legal")
        offered = self.page.locator("[data-cmd=act]").evaluate_all(
            "els => els.flatMap(e => [e.dataset.plainAction || e.dataset.action,"
            " e.dataset.aloneAction].filter(Boolean))"
        )
        assert sorted(offered) == sorted(legal)
        disabled = self.page.locator('.hand-card[aria-disabled="true"]').count()
        assert (
            disabled
            == self.page.locator(".hand-card").count()
            - self.page.locator(".hand-card.legal").count()
        )

    def wait_version_above(self, version: int, timeout: float = 15_000) -> None:
        self.page.wait_for_function(
            f"() => Number(document.querySelector('{self.root}')?.dataset.version) > {version}",
            timeout=timeout,
        )

    def wait_version_at_least(self, version: int, timeout: float = 15_000) -> None:
        self.wait_version_above(version - 1, timeout)

    def hand(self) -> list[str]:
        return [
            str(c)
            for c in self.page.locator(".hand-card").evaluate_all(
                "cards => cards.map(c => c.dataset.card)"
            )
        ]

    def trick(self) -> list[str]:
        return [
            str(c)
            for c in self.page.locator(".trick-card").evaluate_all(
                "cards => cards.map(c => c.getAttribute('aria-label'))"
            )
        ]

    def play_until(self, condition: str, max_moves: int = 400) -> int:
        """Click legal moves until the JS ``condition`` holds; returns the moves made."""
        for moves in range(max_moves):
            if self.wait_my_turn_or(condition) == "other":
                return moves
            self.act_by_click()
        raise AssertionError(f"{condition} did not happen in {max_moves} moves")


def enter_name(page: Page, name: str, url: str = "/") -> None:
    """Open the site and start a guest session under ``name``."""
    page.goto(url)
    page.fill("#guest-name", name)
    page.click("form.name-form button[type=submit]")
    wait_connected(page)


def open_settings(page: Page) -> None:
    """Open the top bar's settings menu (language, deck, sounds, notifications)."""
    page.wait_for_function("document.body.dataset.booted === 'true'")  # its handler is there
    if page.locator("#settings-panel").is_hidden():
        page.click("#settings-button")
    expect(page.locator("#settings-panel")).to_be_visible()


def leave_game(page: Page) -> None:
    """Leave the table whose game the page plays: it asks first, and is told yes."""
    page.click("#leave-table")
    page.click("#stand-yes")
    expect(page.locator("#lobby-title")).to_be_visible()


def wait_connected(page: Page) -> None:
    page.wait_for_function("document.body.dataset.connection === 'connected'")


def create_private_table(page: Page, start_with_bots: bool) -> GamePage:
    """Create a private table from the lobby form (the creator sits at seat 1)."""
    page.check('input[name="kind"][value="private"]')
    if start_with_bots:
        page.check("#create-start-now")
    page.click("#create-table")
    game = GamePage(page)
    game.wait_table()
    return game


CREATE_STARTED = """async ([preset, options]) => {
    const net = window.euchre.net;
    const made = await net.request({type: 'create', kind: 'private', preset, options,
                                    turn_seconds: 0});
    net.fire({type: 'start', table: made.table});
    window.euchre.go('#/table/' + made.table);
    return [made.table, made.invite];
}"""


def open_started_table(
    page: Page, preset: str, options: dict[str, Any], name: str = "Ann"
) -> tuple[GamePage, str, str]:
    """``name`` opens a private table with these rules (no turn timer) and starts it with
    bots; returns the page, the table and its invite code."""
    enter_name(page, name)
    table, invite = page.evaluate(CREATE_STARTED, [preset, options])
    game = GamePage(page)
    game.wait_table()
    # A short game can be over before the page shows it playing: a partner who goes alone
    # in a one-point game leaves the host nothing to do.
    page.wait_for_selector(".table-page:not([data-status=waiting])")
    return game, str(table), str(invite)


# Headless Chromium has no share sheet: stand in for the phone's, noting what it was given.
# A stand-in for the table page with what narration.js asks of it: Ann, Bob, Cy and Dee
# at four seats, seen from Ann's. Goes inside a page function that imports narration.js.
NARRATION_PAGE = """
    const i18n = window.euchre.i18n;
    const names = ['Ann', 'Bob', 'Cy', 'Dee'];
    const page = {
        ctx: { i18n },
        t: (key, params) => i18n.t(key, params),
        players: () => 4,
        mySeat: () => 0,
        seatName: (seat) => names[seat],
        sideOf: (seat) => seat % 2,
        sideSeats: (side) => [side, side + 2],
        sideName: (side) => i18n.list([names[side], names[side + 2]]),
    };
"""


FAKE_SHARE = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
"""


def host_on_a_phone(page: Page, name: str, init_script: str) -> str:
    """``name`` opens a private table (no bots yet) on a phone page prepared by
    ``init_script``; returns the table's invite link."""
    page.add_init_script(init_script)
    enter_name(page, name)
    create_private_table(page, start_with_bots=False)
    return page.input_value("#invite-link")


ACCOUNT_PASSWORD = "correct horse battery"


@contextlib.contextmanager
def account_server(tmp_path_factory: Any, name: str) -> Iterator[LiveServer]:
    """A server of its own with cheap password hashing and generous login limits, so that
    a module's many registrations and logins stay under the limits."""
    db = Path(tmp_path_factory.mktemp(name)) / "euchre.db"
    settings = fast_settings(
        db,
        login_address_attempts=1000,
        register_per_address=1000,
        argon2_time_cost=1,
        argon2_memory_kib=8192,
        argon2_parallelism=1,
    )
    with running_server(settings) as server:
        yield server


def account_form(page: Page, kind: str, name: str, password: str) -> None:
    """Fill and send the log-in (``kind`` "login") or registration ("register") form."""
    page.goto("/#/account")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    page.fill(f"#{kind}-name", name)
    page.fill(f"#{kind}-password", password)
    page.click(f"#{kind}-submit")


def register(page: Page, name: str) -> None:
    """Register ``name`` through the page and wait until the socket runs as the account."""
    account_form(page, "register", name, ACCOUNT_PASSWORD)
    expect(page.locator("#account-name")).to_have_text(name)
    wait_connected(page)
