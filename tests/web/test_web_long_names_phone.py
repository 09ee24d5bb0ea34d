"""A long name at a small phone's table (360x640, German): the trump corner's "gemacht von"
kept its words and cut the maker's name away ("gemacht von…"), and the score's side was cut
to "Maximiliane a…", hiding the partner. The corner now keeps to the trump (the maker's
seat has its chip; the words are still read out), and the side's names wrap."""

from __future__ import annotations

from conftest import PageFactory
from phases import reach
from playwright.sync_api import expect
from seated_clients import Client
from web_helpers import LiveServer, create_private_table, enter_name, open_started_table

SMALL_PHONE = {"width": 360, "height": 640}
# Whether an element shows all of its text (nothing cut by an ellipsis or a line clamp).
WHOLE = "el => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1"
# The host as the maker, not alone (whoever made trump in this deal, and how): the longest
# name in the corner.
HOST_MAKES_TRUMP = """() => {
    const table = window.euchre.current;
    table.state = { ...table.state, maker: table.mySeat(), alone: false };
    table.render();
}"""


def test_a_long_name_is_shown_whole_in_the_trump_corner_and_the_score(
    new_page: PageFactory,
) -> None:
    page = new_page(viewport=SMALL_PHONE, locale="de-DE", touch=True)
    game, _, _ = open_started_table(page, "standard", {}, name="Maximiliane")
    reach(game, "play")
    page.evaluate(HOST_MAKES_TRUMP)
    expect(page.locator("#felt-contract .felt-maker")).to_have_text("gemacht von Maximiliane")
    box = page.locator("#felt-contract .felt-maker").bounding_box()
    assert box is not None and box["width"] <= 1, box  # for screen readers only
    expect(page.locator(".seat.me .chip.maker")).to_have_text("Macher")
    side = page.locator(".score-board tr.mine th .pname")
    assert side.inner_text().startswith("Maximiliane und ")
    assert side.evaluate(WHOLE), side.bounding_box()
    page.screenshot(path="/tmp/long-names-360-de.png")


def test_a_side_seats_long_name_takes_two_lines(new_page: PageFactory, live: LiveServer) -> None:
    """A friend at a side seat was "Marta P…" at 360 px, though her name fits on two lines."""
    page = new_page(viewport=SMALL_PHONE, touch=True)
    enter_name(page, "Bernd")
    create_private_table(page, start_with_bots=False)
    marta = Client(live.base, "Marta Phone")
    marta.send(type="join", invite=page.locator("#invite-code-text").inner_text())
    marta.until(lambda m: m["type"] == "table")
    table = str(page.evaluate("window.euchre.current.tableId"))
    marta.request(type="sit", table=table, seat=1)
    name = page.locator(".seat.pos-left .pname")
    expect(name).to_have_text("Marta Phone")
    assert name.evaluate(WHOLE)
    marta.close()
