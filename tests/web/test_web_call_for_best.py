"""A loner who called for best gets a card from their partner and discards one of six: the
prompt only said "Choose a card to discard", and the six cards looked alike. It names the
card given and who gave it, and the card carries a mark, at a phone's size."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageFactory
from phases import GAME_OVER, SUMMARY, act, reach, state
from web_helpers import PHONE, PHONE_LANDSCAPE, GamePage, open_started_table

SMALL_PHONE = {"width": 360, "height": 640}
# Where the gift's mark sits on its card: inside it, its word not cut, clear of the card's
# top and bottom fifths (the corners' rank and suit).
MARK_FIT = """(mark) => {
    const card = mark.closest(".hand-card").getBoundingClientRect();
    const box = mark.getBoundingClientRect();
    return {
        inside: box.left >= card.left - 0.5 && box.right <= card.right + 0.5,
        whole: mark.scrollWidth <= mark.clientWidth + 0.5,
        corners: box.top >= card.top + card.height / 5
            && box.bottom <= card.bottom - card.height / 5,
        size: parseFloat(getComputedStyle(mark).fontSize),
    };
}"""
WORDS = {
    "en-GB": ("gave you the", "New"),
    "de-DE": ("hat dir", "Neu"),
    "nl-NL": ("gaf je", "Nieuw"),
}


def _to_the_loners_discard(game: GamePage) -> dict[str, Any]:
    """Order up alone, call for best and wait for the partner's card; a deal the player
    is outbid in starts the hunt again at the next bid."""
    for _ in range(12):
        now = reach(game, "bid_r1")
        act(game, "order alone")
        while game.wait_my_turn_or(f"{SUMMARY} || {GAME_OVER}") == "turn":
            now = state(game)
            if now["phase"] == "best_discard":
                return now
            if now["phase"] == "call_for_best":
                act(game, "call for best")
            elif now["phase"] in ("bid_r1", "bid_r2"):
                break  # a new deal: the loner's hand is over
            else:
                act(game, now["legal"][0])
    raise AssertionError("never came to the loner's discard after calling for best")


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_loner_is_shown_the_card_their_partner_gave(new_page: PageFactory, locale: str) -> None:
    page = new_page(viewport=PHONE, locale=locale)
    game, _, _ = open_started_table(page, "standard", {"call_for_best": True})
    now = _to_the_loners_discard(game)
    [gift] = [e for e in now["history"] if e["act"]["kind"] == "give"]
    card = gift["act"]["card"]
    assert card in now["hand"] and len(now["hand"]) == 6
    said = page.locator("#prompt").inner_text()
    told, tag = WORDS[locale]
    assert told in said, said
    card_name = page.evaluate(
        "async (card) => (await import(new URL('cards.js', location.href))).cardName("
        "window.euchre.i18n, card)",
        card,
    )
    assert card_name in said, said
    giver = page.evaluate("(seat) => window.euchre.current.seatName(seat)", gift["seat"])
    assert gift["seat"] == (now["seat"] + 2) % 4 and giver in said, said
    marks = page.locator(".hand .gift-tag")
    assert marks.count() == 1 and marks.inner_text() == tag
    given = page.locator(f'.hand-card[data-card="{card}"] .gift-tag')
    assert given.count() == 1
    # on every phone size the mark stays on the card, whole and readable (felt text is at
    # least 12 px), across its middle: the corners' rank and suit stay clear
    for size in (PHONE, SMALL_PHONE, PHONE_LANDSCAPE):
        page.set_viewport_size(size)
        page.wait_for_function(
            "() => new Promise((done) => requestAnimationFrame(() => done(true)))"
        )
        fit = given.evaluate(MARK_FIT)
        assert fit["inside"] and fit["whole"] and fit["corners"] and fit["size"] >= 12, (size, fit)
    # the discard made, the mark goes
    act(game, f"discard {now['hand'][0]}")
    page.wait_for_function("!document.querySelector('.hand .gift-tag')")
