"""A chat setting that the server refuses for a moment (too many changes, the server
failing) is tried again and the page says meanwhile that it is not saved yet; when it
cannot be saved the page says so and shows the setting as it is saved."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from conftest import PageFactory
from playwright.sync_api import Page, WebSocketRoute, expect
from web_helpers import PHONE, create_private_table, enter_name


def is_chat_switch(message: dict[str, Any]) -> bool:
    return message.get("type") == "chat_settings" and "enabled" in message


def refuse_chat_switch(
    page: Page,
    times: int,
    error: dict[str, Any],
    refusing: Callable[[dict[str, Any]], bool] = is_chat_switch,
) -> list[int]:
    """Answer the first ``times`` chat switches (or other messages ``refusing`` picks) the
    page sends with ``error`` instead of passing them on to the server; returns the count
    refused so far."""
    refused = [0]

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def outgoing(text: str | bytes) -> None:
            message = json.loads(text)
            if refusing(message) and refused[0] < times:
                refused[0] += 1
                ws.send(json.dumps({"type": "error", "ref": message["ref"], **error}))
                return
            server.send(text)

        ws.on_message(outgoing)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"/ws(\?|$)"), route)
    return refused


def saved_chat_setting(page: Page) -> bool:
    return bool(page.evaluate("fetch('api/preferences').then(r => r.json()).then(p => p.chat)"))


def at_a_table(page: Page) -> None:
    enter_name(page, "Cleo")
    create_private_table(page, start_with_bots=False)
    expect(page.locator("#chat-enabled")).not_to_be_checked()


def test_a_chat_switch_refused_for_a_moment_is_saved_on_a_second_try(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    refused = refuse_chat_switch(
        page, 1, {"code": "rate_limited", "message": "wait 1.0 s", "retry_after": 1.0}
    )
    at_a_table(page)
    page.locator("#chat-enabled").tap()
    note = page.locator("#chat-saving")
    expect(note).to_have_text("Not saved yet: trying again in 1 second.")
    expect(note).to_have_text("", timeout=15_000)
    expect(page.locator("#chat-enabled")).to_be_checked()
    expect(page.locator("#chat-input")).to_be_enabled()
    expect(page.locator("#chat-error")).to_have_text("")
    assert refused[0] == 1
    assert saved_chat_setting(page) is True


def test_a_chat_switch_that_cannot_be_saved_says_so_and_shows_what_is_saved(
    new_page: PageFactory,
) -> None:
    page = new_page(viewport=PHONE, touch=True)
    refused = refuse_chat_switch(
        page, 100, {"code": "server_error", "message": "the server failed", "retry_after": 0.1}
    )
    at_a_table(page)
    page.locator("#chat-enabled").tap()
    expect(page.locator("#chat-error")).to_have_text(
        "Not saved: The server failed.", timeout=15_000
    )
    expect(page.locator("#chat-enabled")).not_to_be_checked()
    expect(page.locator("#chat-saving")).to_have_text("")
    assert refused[0] > 1  # tried again before giving up
    assert saved_chat_setting(page) is False


def test_a_line_refused_comes_back_to_the_box_to_be_sent_again(new_page: PageFactory) -> None:
    """The box is emptied as a line is sent (a next line typed meanwhile was wiped out by
    the first one's answer); a line the server refuses is put back, not lost."""
    page = new_page(viewport=PHONE, touch=True)
    refused = refuse_chat_switch(
        page,
        1,
        {"code": "chat_rate_limited", "message": "at most 5 messages in 10 s: wait 2.0 s"},
        refusing=lambda message: message.get("type") == "chat",
    )
    at_a_table(page)
    page.check("#chat-enabled")
    page.fill("#chat-input", "hello all")
    page.press("#chat-input", "Enter")
    expect(page.locator("#chat-error")).not_to_have_text("")
    expect(page.locator("#chat-input")).to_have_value("hello all")
    expect(page.locator(".chat-line")).to_have_count(0)
    assert refused[0] == 1
    page.press("#chat-input", "Enter")
    expect(page.locator(".chat-line .chat-text")).to_have_text(["hello all"])
    expect(page.locator("#chat-input")).to_have_value("")
