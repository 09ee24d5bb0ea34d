"""A friend joining a private table sees whose partner each empty seat would make them."""

from __future__ import annotations

from pathlib import Path

from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import (
    PHONE,
    PHONE_LANDSCAPE,
    create_private_table,
    enter_name,
    open_started_table,
)


def host_seat(page: Page) -> int:
    seat = page.locator(".seat.me").get_attribute("data-seat")
    assert seat is not None
    return int(seat)


def test_a_guest_on_a_phone_sees_which_seat_partners_the_host(
    new_page: PageFactory, tmp_path: Path
) -> None:
    host = new_page(viewport=PHONE, touch=True)
    enter_name(host, "Ann")
    create_private_table(host, start_with_bots=False)
    code = host.locator("#invite-code-text").inner_text()
    ann = host_seat(host)
    partner_seat = (ann + 2) % 4
    for size, shot in ((PHONE, "portrait"), (PHONE_LANDSCAPE, "landscape")):
        guest = new_page(viewport=size, touch=True)
        enter_name(guest, f"Bea{shot[0]}")
        guest.goto(f"/#/join/{code}")
        expect(guest.locator(".sit-here")).to_have_count(3)
        for seat in range(4):
            if seat == ann:
                continue
            side = "Ann's partner" if seat == partner_seat else "against Ann"
            wanted = f"Sit here — {side}"
            button = guest.locator(f'.seat[data-seat="{seat}"]').get_by_role("button", name=wanted)
            expect(button).to_have_count(1)
            button.scroll_into_view_if_needed()
            expect(button).to_be_visible()
        guest.screenshot(path=str(tmp_path / f"seat-choice-{shot}.png"))


def test_the_two_seats_against_a_seated_pair_name_them_both(
    new_page: PageFactory, tmp_path: Path
) -> None:
    """With partners seated, the two empty seats said "against Ben" and "against Hannah":
    the same thing (each is against both), read as a choice."""
    host = new_page(viewport=PHONE, touch=True)
    enter_name(host, "Hannah")
    create_private_table(host, start_with_bots=False)
    code = host.locator("#invite-code-text").inner_text()
    hannah = host_seat(host)
    ben = new_page(viewport=PHONE, touch=True)
    enter_name(ben, "Ben")
    ben.goto(f"/#/join/{code}")
    ben.locator(f'.seat[data-seat="{(hannah + 2) % 4}"] .sit-here').tap()
    expect(ben.locator(".seat.me")).to_have_count(1)
    dana = new_page(viewport={"width": 360, "height": 640}, touch=True)
    enter_name(dana, "Dana")
    dana.goto(f"/#/join/{code}")
    expect(dana.locator(".sit-here")).to_have_count(2)
    first, second = sorted([hannah, (hannah + 2) % 4])
    names = {hannah: "Hannah", (hannah + 2) % 4: "Ben"}
    wanted = f"Sit here — against {names[first]} and {names[second]}"
    for seat in ((hannah + 1) % 4, (hannah + 3) % 4):
        button = dana.locator(f'.seat[data-seat="{seat}"]').get_by_role("button", name=wanted)
        expect(button).to_be_visible()
    dana.screenshot(path=str(tmp_path / "seat-choice-pair.png"))


# How far (px) a button's words reach out of its seat's box, and out of the felt's (0: inside).
OUTSIDE = """button => {
    const words = document.createRange();
    words.selectNodeContents(button);
    const b = words.getBoundingClientRect();
    const out = (c) => Math.max(
        c.left - b.left, b.right - c.right, c.top - b.top, b.bottom - c.bottom, 0);
    return [out(button.closest('.seat').getBoundingClientRect()),
            out(document.querySelector('.felt').getBoundingClientRect())];
}"""


def test_a_long_name_without_spaces_stays_inside_the_seat_buttons(
    new_page: PageFactory, tmp_path: Path
) -> None:
    """A host's 24-letter name without a space ran the side seats' "Sit here — against
    Bartholomew_Featherstone" out of the seat and over the felt's words: the name breaks
    where it must, the button's other words stay whole."""
    long_name = "Bartholomew_Featherstone"
    host = new_page(viewport={"width": 360, "height": 640}, touch=True)
    enter_name(host, long_name)
    create_private_table(host, start_with_bots=False)
    code = host.locator("#invite-code-text").inner_text()
    friend = new_page(viewport={"width": 360, "height": 640}, touch=True)
    enter_name(friend, "Finn")
    friend.goto(f"/#/join/{code}")
    buttons = friend.locator(".sit-here")
    expect(buttons).to_have_count(3)
    for button in buttons.all():
        assert long_name in (button.get_attribute("aria-label") or button.inner_text())
        assert button.evaluate(OUTSIDE) == [0, 0], button.inner_text()
    friend.screenshot(path=str(tmp_path / "long-name-sit.png"))
    buttons.first.tap()
    moves = friend.locator(".seat-move")
    expect(moves).to_have_count(2)
    for button in moves.all():
        assert button.evaluate(OUTSIDE) == [0, 0], button.inner_text()


def test_a_watchers_take_over_buttons_stay_in_the_side_seats(new_page: PageFactory) -> None:
    """A German watcher at 360 px saw "Übernehmen" under the side seats' bots run off the
    felt, over the bots' cards: unlike the buttons before the game, it was not in the
    seat's button box, which fits a phone's side column."""
    host = new_page(viewport=PHONE)
    _, _, invite = open_started_table(host, "standard", {}, name="Ann")
    watcher = new_page(viewport={"width": 360, "height": 640}, locale="de-DE", touch=True)
    enter_name(watcher, "Zoe", url=f"/#/join/{invite}")
    buttons = watcher.locator('.seat button[data-cmd="sit"]')
    expect(buttons).to_have_count(3)
    expect(buttons.first).to_have_text("Über\u00adnehmen")  # (a hyphen if it must break)
    for button in buttons.all():
        assert button.evaluate(OUTSIDE) == [0, 0], button.get_attribute("data-target")
