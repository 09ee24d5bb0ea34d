"""Round 1 on a phone (390x664 and 844x390, touch): ordering up alone is the "Order up"
button with the "go alone" toggle on, as calling a suit alone is in round 2; no button of
its own sits under the finger that meant to order up (a stray tap there cannot be undone)."""

from __future__ import annotations

import os
import re

import pytest
from conftest import PageFactory
from phases import reach, state
from playwright.sync_api import expect
from web_helpers import PHONE, PHONE_LANDSCAPE, create_private_table, enter_name

SIZES = pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])


@SIZES
def test_ordering_up_alone_takes_the_go_alone_toggle(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Rosalind")
    game = create_private_table(page, start_with_bots=True)
    now = reach(game, "bid_r1")
    assert {"order", "order alone"} <= set(now["legal"]), now["legal"]
    bids = page.locator(".bid-buttons [data-cmd=act]")
    plain = bids.evaluate_all("els => els.map(e => e.dataset.plainAction)")
    assert sorted(plain) == ["order", "pass"]  # one button to order up, alone or not
    order = page.locator('.bid-buttons [data-plain-action="order"]')
    toggle = page.locator("#go-alone")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(order).to_have_attribute("data-action", "order")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(order).to_have_attribute("data-action", "order alone")
    expect(order.locator(".alone-badge")).to_be_visible()
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/order-alone-{viewport['width']}x{viewport['height']}.png")
    toggle.tap()  # changed their mind: ordering up with the partner again
    expect(order).to_have_attribute("data-action", "order")
    toggle.tap()
    before = game.version()
    order.tap()
    game.wait_version_above(before)
    after = state(game)
    assert after["maker"] == after["seat"] and after["alone"], after


def _luminance(css_colour: str) -> float:
    """Relative luminance (0 black, 1 white) of a computed ``rgb()``/``rgba()`` colour."""
    red, green, blue = (int(x) / 255 for x in re.findall(r"[\d.]+", css_colour)[:3])
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_go_alone_toggle_stays_readable_under_the_pointer(new_page: PageFactory) -> None:
    """White words on the felt: a hovered toggle (a mouse over it, or a phone's tap that
    leaves it hovered) keeps a dark ground, not the light one of the page's buttons."""
    page = new_page(viewport=PHONE_LANDSCAPE)
    enter_name(page, "Hovering")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    toggle = page.locator("#go-alone")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.hover()
    ground, ink = toggle.evaluate(
        "b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color]"
    )
    assert _luminance(ink) > 0.9, ink
    assert _luminance(ground) < 0.2, f"white words on {ground}"


def test_the_your_turn_prompt_reads_on_the_felts_brightest_green(new_page: PageFactory) -> None:
    """The yellow "Your turn" words were 3.9:1 on the felt's centre (WCAG AA asks 4.5:1
    for text this size)."""
    page = new_page(viewport=PHONE)
    enter_name(page, "Contrast")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    prompt = page.locator(".my-turn .prompt")
    expect(prompt).to_be_visible()
    ink = prompt.evaluate("p => getComputedStyle(p).color")
    felt = page.evaluate(
        """() => { const probe = document.createElement("i");
        probe.style.color = getComputedStyle(document.documentElement).getPropertyValue("--felt");
        document.body.append(probe); const rgb = getComputedStyle(probe).color;
        probe.remove(); return rgb; }"""
    )
    light, dark = sorted((_luminance(ink), _luminance(felt)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5, (ink, felt)
