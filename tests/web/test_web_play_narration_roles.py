"""The narration of a card played names its part once trump is made ("Ann plays Jack of
diamonds, left bower."), as the card's own label does, in English, German and Dutch: a
player who hears the table (a screen reader, the log) learns that a jack was a bower.

The part is that of the deal the card was played in: the last card of a deal is told
after the state has moved on to the next deal (its trump not made yet), and a log read on
arriving, or events missed while away, hold the plays of earlier deals under other trumps.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageFactory
from playwright.sync_api import Page
from web_helpers import NARRATION_PAGE, LiveServer

# describeEvent and dealTrumps with a stand-in for the table page (what narration.js asks).
WORDS = (
    """async ([events, state]) => {
    const { describeEvent, dealTrumps } = await import('./narration.js');
"""
    + NARRATION_PAGE
    + """
    const live = events.map((e) => describeEvent(page, e, state));
    const trumps = dealTrumps(events, state);
    const read = events.map((e, i) => describeEvent(page, e, state, null, trumps[i]));
    return { live, read };
}"""
)


def play(seat: int, card: str, **more: Any) -> dict[str, Any]:
    return {
        "kind": "action",
        "seat": seat,
        "act": {"kind": "play", "card": card},
        "phase": "play",
        **more,
    }


def deal_over(number: int, trump: str) -> dict[str, Any]:
    return {
        "deal": number,
        "outcome": "scored",
        "maker": 0,
        "trump": trump,
        "points": [1, 0],
        "score": [1, 0],
        "tricks": [3, 2],
    }


def _booted(new_page: PageFactory, locale: str) -> Page:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    return page


@pytest.mark.parametrize(
    ("locale", "left", "trump"),
    [
        ("en-GB", "Ann plays Jack of diamonds, left bower.", "Bob plays Nine of hearts, trump."),
        ("de-DE", "Ann spielt Karo-Bube, linker Bube.", "Bob spielt Herz-Neun, Trumpf."),
        ("nl-NL", "Ann speelt ruiten boer, linkerboer.", "Bob speelt harten negen, troef."),
    ],
)
def test_a_card_played_is_told_with_its_part(
    new_page: PageFactory, live: LiveServer, locale: str, left: str, trump: str
) -> None:
    page = _booted(new_page, locale)
    state = {"trump": "h", "phase": "play", "deal": 0}
    found = page.evaluate(WORDS, [[play(0, "Jd"), play(1, "9h"), play(2, "As")], state])
    assert found["live"][:2] == [left, trump], found
    assert "," not in found["live"][2]  # a card of no part is named alone


def test_no_part_before_trump_or_without_one(new_page: PageFactory, live: LiveServer) -> None:
    page = _booted(new_page, "en-GB")
    found = page.evaluate(WORDS, [[play(0, "Jd")], {"trump": "n", "phase": "play"}])
    assert found["live"] == ["Ann plays Jack of diamonds."]


def test_the_last_card_of_a_deal_is_told_under_that_deals_trump(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = _booted(new_page, "en-GB")
    next_deal = {"trump": None, "phase": "bid_r1", "deal": 1}
    last = play(3, "Jc", deal_over=deal_over(0, "s"))
    found = page.evaluate(WORDS, [[last], next_deal])
    assert found["live"][0].startswith("Dee plays Jack of clubs, left bower."), found


def test_a_log_read_after_the_fact_tells_each_deal_under_its_own_trump(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = _booted(new_page, "en-GB")
    log = [
        play(0, "Jd"),  # deal 0: hearts
        play(1, "Jh", deal_over=deal_over(0, "h")),
        play(2, "Jh"),  # deal 1: clubs
        play(3, "Js", deal_over=deal_over(1, "c")),
        play(0, "Jh"),  # deal 2, still going: diamonds
    ]
    found = page.evaluate(WORDS, [log, {"trump": "d", "phase": "play", "deal": 2}])
    told = [words.split(".")[0] for words in found["read"]]
    assert told == [
        "Ann plays Jack of diamonds, left bower",
        "Bob plays Jack of hearts, right bower",
        "Cy plays Jack of hearts",
        "Dee plays Jack of spades, left bower",
        "Ann plays Jack of hearts, left bower",
    ], told


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        (
            "en-GB",
            [
                "Xavier said no thanks: Bob takes their seat.",
                "Xavier left: Bob takes their seat.",
                "Xavier did not answer in time: Bob takes their seat.",
                "Bob takes a seat.",
            ],
        ),
        ("de-DE", ["Xavier hat abgelehnt", "Xavier ist gegangen", "Xavier hat nicht", "Bob"]),
        ("nl-NL", ["Xavier zei nee", "Xavier is weggegaan", "Xavier antwoordde", "Bob"]),
    ],
)
def test_a_bot_in_place_of_a_person_asked_to_play_again_names_them_and_why(
    new_page: PageFactory, locale: str, said: list[str]
) -> None:
    """The host's log had said only that a bot sat down: now who said no, left or let the
    time run out (the bot sits in seat 1, named Bob here; a bot the host added is as before)."""
    page = _booted(new_page, locale)
    events = [
        {"kind": "bot_seated", "seat": 1, "level": "medium", "instead_of": "Xavier", "why": why}
        for why in ("declined", "left", "no_answer")
    ]
    events.append({"kind": "bot_seated", "seat": 1, "level": "medium"})
    told = page.evaluate(WORDS, [events, {"deal": 0}])["live"]
    for line, start in zip(told, said, strict=True):
        assert line.startswith(start), (line, start)
    assert "Xavier" not in told[3]


@pytest.mark.parametrize(
    ("locale", "mine", "theirs"),
    [
        (
            "en-GB",
            ["Your time ran out; the server chose for you: Pass.", "Play Nine of hearts."],
            "Bob's time ran out; the server played for them: Bob plays Nine of hearts",
        ),
        ("de-DE", ["Deine Zeit ist abgelaufen; der Server hat für dich gewählt: Passen."], "Bob"),
        ("nl-NL", ["Je tijd is om; de server koos voor jou: Passen."], "Bob"),
    ],
)
def test_a_move_the_timer_made_for_the_reader_is_told_to_them(
    new_page: PageFactory, locale: str, mine: list[str], theirs: str
) -> None:
    """The reader's own timed-out move in the words of its button, said to them ("... chose
    for you: Pass."), not of them ("... played for you: Ann passes."); another seat's as
    before."""
    page = _booted(new_page, locale)
    events = [
        {"kind": "action", "seat": 0, "act": {"kind": "pass"}, "phase": "bid1", "by": "timer"},
        {**play(0, "9h"), "by": "timer"},
        {**play(1, "9h"), "by": "timer"},
    ]
    told = page.evaluate(WORDS, [events, {"deal": 0, "upcard": "Kh", "dealer": 3}])["live"]
    assert told[0] == mine[0], told
    if len(mine) > 1:
        assert told[1].endswith(mine[1]) and "Ann" not in told[1], told
    assert theirs in told[2] and "you" not in told[2].lower().split(), told


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", ["Bob lost the connection.", "Bob left the table."]),
        ("de-DE", ["Bob hat die Verbindung verloren.", "Bob hat den Tisch verlassen."]),
        ("nl-NL", ["Bob heeft de verbinding verloren.", "Bob heeft de tafel verlaten."]),
    ],
)
def test_one_who_left_is_not_told_as_a_lost_connection(
    new_page: PageFactory, locale: str, said: list[str]
) -> None:
    page = _booted(new_page, locale)
    events = [{"kind": "away", "seat": 1, "name": "Bob"}, {"kind": "away", "seat": 1, "left": True}]
    assert page.evaluate(WORDS, [events, {"deal": 0}])["live"] == said
