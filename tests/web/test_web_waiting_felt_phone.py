"""A waiting table on a phone: however many lines its words take (Dutch at 360 px wraps
the most), the invite button and the countdown stay clear of the host's own seat."""

from __future__ import annotations

import pytest
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import create_private_table, enter_name

# The gap in px between two elements' boxes (negative: they overlap).
GAP = """([a, b]) => {
    const p = document.querySelector(a).getBoundingClientRect();
    const q = document.querySelector(b).getBoundingClientRect();
    return Math.max(q.left - p.right, p.left - q.right, q.top - p.bottom, p.top - q.bottom);
}"""


def _gap(page: Page, first: str, second: str) -> float:
    return float(page.evaluate(GAP, [first, second]))


@pytest.mark.parametrize(
    ("viewport", "locale"),
    [({"width": 360, "height": 640}, "nl-NL"), ({"width": 390, "height": 664}, "de-DE")],
    ids=["360-dutch", "390-german"],
)
def test_the_invite_button_never_covers_the_hosts_seat(
    new_page: PageFactory, viewport: dict[str, int], locale: str
) -> None:
    host = new_page(viewport=viewport, locale=locale, touch=True)
    enter_name(host, "Phoebe")
    create_private_table(host, start_with_bots=False)
    button = host.locator("#copy-invite-felt")
    expect(button).to_be_visible()
    # The longest words a waiting host reads: bots about to join, with the play-again wait.
    host.evaluate(
        """words => {
            const more = document.createElement('p');
            more.id = 'more-words';
            more.textContent = words;
            document.querySelector('.centre.waiting').prepend(more);
        }""",
        "Wachten op de antwoorden van de anderen… Bots komen erbij over 29 seconden.",
    )
    assert _gap(host, "#copy-invite-felt", ".seat.pos-bottom") >= 2
    assert _gap(host, "#more-words", ".seat.pos-top") >= 0
    host.locator(".seat.pos-bottom").scroll_into_view_if_needed()
    expect(host.locator(".seat.pos-bottom")).to_be_in_viewport()
