"""The client works under the server's Content-Security-Policy: a guest plays with bots
and visits every page, and Chromium reports no blocked script, style or connection, and
no error at all in the console (a first visit, with no session yet, included)."""

from __future__ import annotations

from playwright.sync_api import Browser, ConsoleMessage, expect
from web_helpers import DESKTOP, LiveServer


def test_the_client_runs_under_the_content_security_policy(
    browser: Browser, live: LiveServer
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", base_url=live.url)
    context.set_default_timeout(15_000)
    blocked: list[str] = []
    errors: list[str] = []
    try:
        page = context.new_page()

        def seen(message: ConsoleMessage) -> None:
            if "Content Security Policy" in message.text:
                blocked.append(message.text)
            elif message.type == "error":
                errors.append(message.text)

        page.on("console", seen)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        answer = page.goto("/")
        assert (
            answer is not None
            and "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        )
        page.fill("#guest-name", "Cora")
        page.click("form.name-form button[type=submit]")
        expect(page.locator("body")).to_have_attribute("data-connection", "connected")
        page.click("#quick-play")
        expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
        expect(page.locator(".seat .name")).to_have_count(4)
        expect(page.locator(".score-value").first).to_be_visible()
        for route in ("#/leaderboard", "#/replay", "#/help", "#/account", "#/"):
            page.goto("/" + route)
            expect(page.locator("body")).to_have_attribute("data-booted", "true")
        assert blocked == [] and errors == []
    finally:
        context.close()
