"""A private table whose every seat is taken before its start: the host was still told to
share the invite and add bots, and a friend who came to watch to pick a seat."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from seated_clients import Client  # the server tests' websocket client
from web_helpers import GamePage, LiveServer, enter_name


def test_a_full_table_tells_the_host_to_start_and_a_watcher_that_they_watch(
    new_page: PageFactory, live: LiveServer
) -> None:
    host = new_page()
    enter_name(host, "Hostess")
    made = host.evaluate(
        "window.euchre.net.request({type: 'create', kind: 'private', turn_seconds: 0})"
    )
    table, invite = made["table"], made["invite"]
    host.goto(f"/#/table/{table}")
    GamePage(host).wait_table()
    expect(host.locator(".centre.waiting")).to_contain_text("Share the invite link")
    friends = [Client(live.base, name) for name in ("Ada", "Bo", "Cy")]
    for seat, friend in enumerate(friends, start=1):
        friend.send(type="join", invite=invite)
        friend.until(lambda m: m["type"] == "table")
        assert friend.request(type="sit", table=table, seat=seat)["type"] == "table"
    expect(host.locator(".centre.waiting")).to_contain_text(
        "Every seat is taken: start the game when you are ready."
    )
    watcher = new_page()
    enter_name(watcher, "Watcher", url=f"/#/join/{invite}")
    GamePage(watcher).wait_table()
    expect(watcher.locator(".centre.waiting")).to_contain_text(
        "Every seat is taken: you are watching. The host starts the game."
    )
    for friend in friends:
        friend.close()
