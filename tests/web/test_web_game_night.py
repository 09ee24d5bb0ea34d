"""What a private game night of four friends on phones found: in German the felt's trump
corner ("Trumpf: ♥ Herz", "gemacht von Hana") ran over the partner's seat beside it, and
the score sheet broke hand numbers from 10 on over two lines ("1" above "0")."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import Page, expect
from seated_clients import STATE, play_until, sit_in_the_last_seat
from server_helpers import Client, seat_clients
from web_helpers import PHONE, PHONE_LANDSCAPE, LiveServer, enter_name

OVERLAP = """([a, b]) => {
    const r = document.querySelector(a).getBoundingClientRect();
    const s = document.querySelector(b).getBoundingClientRect();
    return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
}"""

# Each hand number of the score sheet: [its text, the lines it is drawn on].
HAND_NUMBERS = """() => [...document.querySelectorAll('#score-sheet-box tbody th[scope=row]')]
    .map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const lines = new Set([...range.getClientRects()].map((box) => box.top));
        return [th.textContent, lines.size];
    })"""


def _german_phone_at_a_table(
    new_page: PageFactory, live: LiveServer, options: dict[str, object]
) -> tuple[Page, str, list[Client]]:
    """A German phone in seat 3 of a started private table, three clients in the others."""
    names = ["Hana", "Cleo", "Dan"]
    table, clients = seat_clients(live.base, names, turn_seconds=0, options=options)
    page = new_page(viewport=PHONE, locale="de-DE", touch=True)
    enter_name(page, "Ben")
    sit_in_the_last_seat(page, clients, table)
    clients[0].request(type="start", table=table)
    return page, table, clients


def test_the_trump_corner_keeps_off_the_partners_seat_in_german(
    new_page: PageFactory, live: LiveServer
) -> None:
    page, table, clients = _german_phone_at_a_table(new_page, live, {})
    play_until(clients, table, page, f"{STATE}?.phase === 'play'")
    contract = page.locator("#felt-contract")
    expect(contract).to_contain_text("gemacht von")
    for size in (PHONE, PHONE_LANDSCAPE):
        page.set_viewport_size(size)
        assert not page.evaluate(OVERLAP, ["#felt-contract", ".seat.pos-top"]), size
        # the maker's short name is read whole, not cut to fit the corner; upright, the
        # corner keeps to the trump and the maker's seat says who made it
        maker = page.locator("#felt-contract .felt-maker")
        if size == PHONE:
            expect(page.locator(".seat .chip.maker")).to_have_count(1)
        else:
            assert maker.evaluate("el => el.scrollWidth <= el.clientWidth"), size
    for client in clients:
        client.close()


def test_the_score_sheet_writes_each_hand_number_on_one_line(
    new_page: PageFactory, live: LiveServer
) -> None:
    # no stick the dealer: hands thrown in come often, so ten hands come soon
    options = {"stick_the_dealer": False, "target": 15}
    page, table, clients = _german_phone_at_a_table(new_page, live, options)
    play_until(clients, table, page, "window.euchre.current.sheet.length >= 10")
    # a click in the page: the hand's summary or the game's end may lie over the button
    page.evaluate("document.querySelector('#score-sheet-button').click()")
    expect(page.locator("#score-sheet-box")).to_be_visible()
    numbers = page.evaluate(HAND_NUMBERS)
    assert len(numbers) >= 10, numbers
    assert all(lines == 1 for _, lines in numbers), numbers
    for client in clients:
        client.close()
