"""Changing seats before the game on a phone: a friend moves to the seat across from the
host ("Move here") and everyone sees it; the host swaps two seats with the keyboard, the
buttons saying what each does."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, create_private_table, enter_name

sys.path.insert(0, str(Path(__file__).parent.parent / "server"))
from server_helpers import Client


def shot(page: Page, tmp_path: Path, name: str) -> None:
    folder = os.environ.get("EUCHRE_SHOTS") or str(tmp_path)
    page.screenshot(path=f"{folder}/{name}.png")


def my_seat(page: Page) -> int:
    seat = page.locator(".seat.me").get_attribute("data-seat")
    assert seat is not None
    return int(seat)


def seat(page: Page, index: int) -> str:
    return f'.seat[data-seat="{index}"]'


def table_of(page: Page) -> str:
    return str(page.evaluate("window.euchre.current.tableId"))


def friend_at(new_page: PageFactory, code: str, name: str, wanted: int) -> Page:
    """A friend on a phone opens the invite and sits at seat ``wanted``."""
    friend = new_page(viewport=PHONE, touch=True)
    enter_name(friend, name)
    friend.goto(f"/#/join/{code}")
    friend.locator(f"{seat(friend, wanted)} .sit-here").click()
    expect(friend.locator(f"{seat(friend, wanted)}.me")).to_have_count(1)
    return friend


def test_a_friend_on_a_phone_moves_across_from_the_host_and_everyone_sees_it(
    new_page: PageFactory, live: LiveServer, tmp_path: Path
) -> None:
    host = new_page(viewport=PHONE, touch=True)
    enter_name(host, "Ann")
    create_private_table(host, start_with_bots=False)
    ann = my_seat(host)
    across, beside = (ann + 2) % 4, (ann + 1) % 4
    bea = friend_at(new_page, host.locator("#invite-code-text").inner_text(), "Bea", beside)
    table = table_of(host)
    cat = Client(live.base, "Cat")
    assert cat.request(type="join", table=table)["type"] == "error"  # private: the invite
    watched = cat.request(type="join", invite=host.locator("#invite-code-text").inner_text())
    assert watched["you"]["seat"] is None
    # Bea sees "Move here" on each empty seat, saying whom it partners; none on taken seats.
    moves = bea.locator('[data-cmd="move"]')
    expect(moves).to_have_count(2)
    move = bea.locator(seat(bea, across)).get_by_role("button", name="Move here — Ann's partner")
    expect(move).to_be_visible()
    box = move.bounding_box()
    assert box is not None and box["height"] >= 44, box
    # The host moves herself with "Swap" (her seat and an empty one): none on her seats.
    expect(host.locator('[data-cmd="move"]')).to_have_count(0)
    expect(host.get_by_role("button", name="Swap seats")).to_be_visible()
    shot(bea, tmp_path, "seat-move-portrait")
    assert_accessible(bea, "a seated friend's waiting table with Move here")
    move.click()
    expect(bea.locator(f"{seat(bea, across)}.me")).to_have_count(1)
    expect(
        bea.locator(f'{seat(bea, beside)} .sit-here, {seat(bea, beside)} [data-cmd="move"]')
    ).to_have_count(1)
    # The others see it at once: the host's page and a spectator's connection.
    expect(host.locator(f"{seat(host, across)} .pname")).to_have_text("Bea")
    expect(host.locator(f"{seat(host, across)}")).to_contain_text("partner")
    heard = cat.until(lambda m: m.get("event", {}).get("kind") == "moved")
    assert (heard["event"]["from"], heard["event"]["to"], heard["event"]["name"]) == (
        beside,
        across,
        "Bea",
    )
    expect(host.locator("#game-log")).to_contain_text("Bea moves to another seat.")
    # Bea's seat is hers where she moved: after a reload too.
    bea.reload()
    expect(bea.locator(f"{seat(bea, across)}.me")).to_have_count(1)
    bea.set_viewport_size(PHONE_LANDSCAPE)
    expect(bea.locator('[data-cmd="move"]')).to_have_count(2)
    shot(bea, tmp_path, "seat-move-landscape")
    cat.close()


def test_the_host_swaps_two_seats_with_the_keyboard(
    new_page: PageFactory, live: LiveServer, tmp_path: Path
) -> None:
    host = new_page(viewport=PHONE)
    enter_name(host, "Ann")
    create_private_table(host, start_with_bots=False)
    expect(host.locator("#swap-seats")).to_have_count(0)  # alone: nothing to swap
    ann = my_seat(host)
    beside, across = (ann + 1) % 4, (ann + 2) % 4
    bea = friend_at(new_page, host.locator("#invite-code-text").inner_text(), "Bea", beside)
    expect(bea.locator("#swap-seats")).to_have_count(0)  # only the host swaps
    swap = host.get_by_role("button", name="Swap seats")
    expect(host.locator("#copy-invite-felt")).to_have_count(1)
    shot(host, tmp_path, "seat-swap-host-portrait")
    swap.focus()
    host.keyboard.press("Enter")
    # The seats show only "Pick" on each seat; the first one has the focus.
    expect(host.locator(".centre")).to_contain_text("Pick the first of the two seats to swap.")
    expect(host.locator(".seat button")).to_have_count(4)
    picks_empty = host.get_by_role("button", name="Pick this empty seat, then who moves to it")
    expect(picks_empty).to_have_count(2)
    pick_bea = host.get_by_role("button", name="Pick Bea's seat to swap")
    expect(host.get_by_role("button", name="Pick Ann's seat to swap")).to_have_count(1)
    expect(host.locator('.seat [data-cmd="swap-from"]').first).to_be_focused()
    pick_bea.focus()
    host.keyboard.press("Enter")
    expect(host.locator('.seat [data-cmd="swap-to"]').first).to_be_focused()
    expect(host.locator(f"{seat(host, beside)} .swap-picked")).to_have_text("picked")
    expect(host.get_by_role("button", name="Cancel swap")).to_be_visible()
    expect(host.locator("#copy-invite-felt")).to_have_count(0)  # room for the seats
    expect(host.locator("#announcer")).to_contain_text("Now pick the seat to swap Bea with")
    expect(host.locator(".centre")).to_contain_text("Pick the seat to swap Bea with.")
    expect(host.get_by_role("button", name="Swap here — Bea and Ann trade seats")).to_have_count(1)
    to_empty = host.get_by_role("button", name="Swap here — Bea moves to this empty seat")
    expect(to_empty).to_have_count(2)
    for button in host.locator(".seat-move").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44, box
    shot(host, tmp_path, "seat-swap-picking-portrait")
    assert_accessible(host, "the host picking the seats of a swap")
    host.keyboard.press("Escape")
    expect(host.get_by_role("button", name="Swap seats")).to_be_focused()
    expect(host.locator('[data-cmd="swap-to"], [data-cmd="swap-from"]')).to_have_count(0)
    host.keyboard.press("Enter")
    host.get_by_role("button", name="Pick Bea's seat to swap").press("Enter")
    host.set_viewport_size(PHONE_LANDSCAPE)
    shot(host, tmp_path, "seat-swap-picking-landscape")
    # Before the game the seats take the felt's width on a phone on its side (the column of
    # the hand and the bids, empty till then, left the right-hand seat mid-felt).
    felt = host.locator(".felt").bounding_box()
    right = host.locator(f"{seat(host, (ann + 3) % 4)}").bounding_box()
    assert felt is not None and right is not None
    assert right["x"] + right["width"] > felt["x"] + 0.8 * felt["width"], (felt, right)
    host.locator(f'{seat(host, across)} [data-cmd="swap-to"]').focus()
    host.keyboard.press("Enter")
    expect(host.locator(f"{seat(host, across)} .pname")).to_have_text("Bea")
    expect(host.get_by_role("button", name="Swap seats")).to_be_focused()
    expect(bea.locator(f"{seat(bea, across)}.me")).to_have_count(1)
    expect(bea.locator("#game-log")).to_contain_text("The host moves Bea to another seat.")
    # Then Ann and Bea trade seats: each page shows its own seat where it is now.
    host.get_by_role("button", name="Swap seats").click()
    host.get_by_role("button", name="Pick Ann's seat to swap").click()
    host.get_by_role("button", name="Swap here — Ann and Bea trade seats").click()
    expect(host.locator(f"{seat(host, across)}.me")).to_have_count(1)
    expect(bea.locator(f"{seat(bea, ann)}.me")).to_have_count(1)
    expect(bea.locator("#game-log")).to_contain_text("The host swaps the seats of Ann and Bea.")
    shot(host, tmp_path, "seat-swap-done-landscape")
    # The empty seat first, then who moves to it: only the people's seats can be picked.
    host.get_by_role("button", name="Swap seats").click()
    host.locator(f'{seat(host, beside)} [data-cmd="swap-from"]').click()
    expect(host.locator(".centre")).to_contain_text("Pick who moves to the empty seat.")
    expect(host.locator("#announcer")).to_contain_text("Now pick who moves to the empty seat")
    expect(host.locator('.seat [data-cmd="swap-to"]')).to_have_count(2)
    host.get_by_role("button", name="Swap here — Bea moves to the empty seat picked").click()
    expect(bea.locator(f"{seat(bea, beside)}.me")).to_have_count(1)
    expect(host.locator(f"{seat(host, beside)} .pname")).to_have_text("Bea")
