"""A replay on a phone held sideways (844x390): every seat's hand stays inside its own
box, so no card is cut off by the next box or hidden under the trick and the coach's
verdict beside the seats (five cards each at the start of a hand)."""

from __future__ import annotations

from pathlib import Path

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE_LANDSCAPE

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
SLACK = 1  # px: a border's rounding

OUTSIDE = """seats => seats.flatMap(seat => {
  const box = seat.getBoundingClientRect();
  return [...seat.querySelectorAll('.card')].flatMap(card => {
    const c = card.getBoundingClientRect();
    return c.left < box.left - SLACK || c.right > box.right + SLACK
      ? [`${seat.querySelector('h3').textContent}: ${card.title} ${c.left}-${c.right}`
         + ` outside ${box.left}-${box.right}`]
      : [];
  });
})""".replace("SLACK", str(SLACK))


def test_each_hand_stays_in_its_seat_box_on_a_phone_on_its_side(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE_LANDSCAPE, touch=True)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
    expect(page.locator("#replay-board")).to_be_visible()
    expect(page.locator(".replay-seat")).to_have_count(4)
    counts = page.locator(".replay-seat").evaluate_all(
        "seats => seats.map(s => s.querySelectorAll('.card').length)"
    )
    assert max(counts) >= 5, counts  # a full hand is shown
    outside = page.locator(".replay-seat").evaluate_all(OUTSIDE)
    assert not outside, outside
