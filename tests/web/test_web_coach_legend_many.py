"""The hint's legend (what its numbers mean) stays in view at the largest choice a deal
offers: round 2 with going alone, seven choices (pass, three suits, each alone), on a
phone upright (390x664) and on its side (844x390). The hint's box scrolls inside itself;
the legend belongs with the numbers, so it must be seen without scrolling."""

from __future__ import annotations

import pytest
from conftest import PageFactory
from phases import SIZES, reach
from playwright.sync_api import expect
from test_web_coach import COACH_WAIT, _table_with_bots, coached  # noqa: F401 (a fixture)
from web_helpers import LiveServer, enter_name


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_the_legend_of_seven_choices_is_in_view(
    new_page: PageFactory,
    coached: LiveServer,  # noqa: F811
    size: str,
) -> None:
    page = new_page(viewport=SIZES[size], server=coached)
    enter_name(page, "Seven")
    game = _table_with_bots(page, "private")
    now = reach(game, "bid_r2")
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    rows = page.locator("#hint-values tbody tr")
    expect(rows).to_have_count(len(now["legal"]))
    legend = page.locator("#hint-legend")
    expect(legend).to_be_in_viewport(ratio=1)
    panel = page.locator("#hint-panel").bounding_box()
    box = legend.bounding_box()
    assert panel and box
    assert box["y"] >= panel["y"] and box["y"] + box["height"] <= panel["y"] + panel["height"] + 1
    if size == "landscape":  # wide and short: the legend beside the title, every row seen
        last = rows.last.bounding_box()
        assert last and last["y"] + last["height"] <= panel["y"] + panel["height"]
        assert box["y"] < rows.first.bounding_box()["y"]  # type: ignore[index]
    # every row is still there to reach, by scrolling the box
    rows.last.scroll_into_view_if_needed()
    expect(rows.last).to_be_in_viewport(ratio=0.9)
    expect(legend).to_be_in_viewport(ratio=1)
    page.screenshot(path=f"/tmp/learner/legend-{size}.png")
