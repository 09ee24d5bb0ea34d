"""German and Dutch bids on a phone held upright (390x664): "Passen", "10♥ bestellen" and
"Allein spielen" wrapped onto two rows, and the coach's hint above them was left 26 px
short (its legend cut off at the bottom). They fit one row, and the hint shows whole."""

from __future__ import annotations

import pytest
from conftest import PageFactory
from phases import SIZES, reach
from test_web_coach import COACH_WAIT, _table_with_bots, coached  # noqa: F401 (a fixture)
from web_helpers import LiveServer, enter_name


@pytest.mark.parametrize("locale", ["de-DE", "nl-NL"])
def test_the_bids_fit_one_row_and_the_hint_shows_whole(
    new_page: PageFactory,
    coached: LiveServer,  # noqa: F811
    locale: str,
) -> None:
    page = new_page(viewport=SIZES["phone"], server=coached, locale=locale, touch=True)
    enter_name(page, "Zeile")
    game = _table_with_bots(page, "private")
    reach(game, "bid_r1")
    tops = page.evaluate(
        """() => [...document.querySelectorAll('.bid-buttons .bid, #go-alone')]
            .map((b) => Math.round(b.getBoundingClientRect().top))"""
    )
    assert len(tops) == 3 and len(set(tops)) == 1, tops  # pass, order up, go alone
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    held, shown = page.evaluate(
        "(() => { const p = document.querySelector('#hint-panel');"
        " return [p.scrollHeight, p.clientHeight]; })()"
    )
    assert held <= shown + 1, (held, shown)
