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
from test_web_coach_ties_legend import TIE_THE_FIRST_TWO
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


def test_a_small_phone_on_its_side_gives_the_legend_the_titles_room(
    new_page: PageFactory,
    coached: LiveServer,  # noqa: F811
) -> None:
    """At 664x390 the box left of the choices is narrow: the legend squeezed beside the
    title ran to eight lines and cut the last row. The title is left to screen readers
    there; the legend takes a few lines and every row shows, with its longest words (a tie
    adds a sentence: CI drew one)."""
    page = new_page(viewport={"width": 664, "height": 390}, server=coached, touch=True)
    enter_name(page, "Narrow")
    game = _table_with_bots(page, "private")
    reach(game, "bid_r1")
    page.evaluate(TIE_THE_FIRST_TWO)
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)
    expect(page.locator("#hint-legend")).to_contain_text("≈")
    panel = page.locator("#hint-panel").bounding_box()
    legend = page.locator("#hint-legend").bounding_box()
    assert panel and legend
    assert legend["height"] <= 3 * 14, legend  # three lines of 0.7rem at most
    last = page.locator("#hint-values tbody tr").last.bounding_box()
    assert last and last["y"] + last["height"] <= panel["y"] + panel["height"]
    expect(page.get_by_role("heading", name="The coach's hint")).to_have_count(1)
    page.set_viewport_size(SIZES["landscape"])  # 844 wide: room for the title again
    expect(page.locator("#hint-title")).to_be_visible()
    assert page.locator("#hint-title").bounding_box()["width"] > 50  # type: ignore[index]
