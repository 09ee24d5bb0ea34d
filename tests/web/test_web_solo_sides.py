"""At a Cutthroat or two-player table each side is one player: the hand's and the game's
result speak of one person ("Ann was euchred", "Ann gewinnt", "Ann haalt het"), in every
language, while a partnership's stay plural."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageFactory
from web_helpers import LiveServer

# A stand-in for the table page: what narration.js and matchline.js ask of it.
WORDS = """async ([players, deals, game, match]) => {
    const { describeDeal, describeGame } = await import('./narration.js');
    const { rubberLine } = await import('./matchline.js');
    const i18n = window.euchre.i18n;
    const names = ['Ann', 'Bob', 'Cy', 'Dee'];
    const partners = players === 4;
    const page = {
        ctx: { i18n },
        t: (key, params) => i18n.t(key, params),
        players: () => players,
        sideOf: (seat) => (partners ? seat % 2 : seat),
        sideSeats: (side) => (partners ? [side, side + 2] : [side]),
        sideName: (side) => i18n.list(page.sideSeats(side).map((s) => names[s])),
        seatName: (seat) => names[seat],
    };
    const results = deals.map((d) => describeDeal(page, d));
    return [...results, describeGame(page, game), rubberLine(page, match)];
}"""


def deal(
    maker: int, points: list[int], tricks: int, sides: int, alone: bool = False
) -> dict[str, Any]:
    counts = [0] * sides
    counts[maker % sides] = tricks
    return {
        "outcome": "scored",
        "maker": maker,
        "alone": alone,
        "points": points,
        "score": points,
        "tricks": counts,
    }


CUTTHROAT = [
    3,
    [deal(0, [0, 2, 2], 1, 3), deal(0, [1, 0, 0], 3, 3), deal(0, [3, 0, 0], 5, 3)],
    {"winner": 0, "score": [10, 3, 4]},
    {"decided": True, "rubber_winner": 0, "tally": [4, 1]},
]
PARTNERS = [
    4,
    [deal(0, [0, 2], 1, 2), deal(0, [1, 0], 3, 2), deal(0, [2, 0], 5, 2)],
    {"winner": 0, "score": [10, 3]},
    {"decided": True, "rubber_winner": 0, "tally": [4, 1]},
]

EXPECTED = {
    "en-GB": [
        "Ann was euchred: +2 points to Bob and Cy. Score 0 – 2 – 2.",
        "Ann made it with 3 tricks: +1 point. Score 1 – 0 – 0.",
        "Ann took all five tricks: +3 points. Score 3 – 0 – 0.",
        "Ann wins the game 10 (Bob 3, Cy 4).",
        "Ann won the rubber (4–1 with the rubber bonus).",
    ],
    "de-DE": [
        "Ann ist gescheitert (Euchre): +2 Punkte für Bob und Cy. Stand 0 – 2 – 2.",
        "Ann schafft es mit 3 Stichen: +1 Punkt. Stand 1 – 0 – 0.",
        "Ann macht alle fünf Stiche: +3 Punkte. Stand 3 – 0 – 0.",
        "Ann gewinnt das Spiel 10 (Bob 3, Cy 4).",
        "Ann gewinnt den Robber (4–1 mit dem Robber-Bonus).",
    ],
    "nl-NL": [
        "Ann is mislukt (euchre): +2 punten voor Bob en Cy. Stand 0 – 2 – 2.",
        "Ann haalt het met 3 slagen: +1 punt. Stand 1 – 0 – 0.",
        "Ann haalt alle vijf slagen: +3 punten. Stand 3 – 0 – 0.",
        "Ann wint het spel met 10 (Bob 3, Cy 4).",
        "Ann wint de robber (4–1 met de robberbonus).",
    ],
}

PARTNERS_EXPECTED = {
    "en-GB": [
        "Ann and Cy were euchred",
        "Ann and Cy made it",
        "Ann and Cy took all",
        "Ann and Cy win the game",
    ],
    "de-DE": [
        "Ann und Cy sind gescheitert",
        "Ann und Cy schaffen es",
        "Ann und Cy machen alle",
        "Ann und Cy gewinnen das Spiel",
    ],
    "nl-NL": [
        "Ann en Cy zijn mislukt",
        "Ann en Cy halen het",
        "Ann en Cy halen alle",
        "Ann en Cy winnen het spel",
    ],
}


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_one_player_sides_are_told_in_the_singular(
    new_page: PageFactory, live: LiveServer, locale: str
) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert page.evaluate(WORDS, CUTTHROAT) == EXPECTED[locale]
    partners = page.evaluate(WORDS, PARTNERS)
    starts = PARTNERS_EXPECTED[locale]
    assert [line.startswith(start) for line, start in zip(partners, starts, strict=False)] == [
        True
    ] * len(starts), partners


LONERS = [
    4,
    [deal(2, [0, 2], 2, 2, True), deal(2, [1, 0], 3, 2, True), deal(2, [4, 0], 5, 2, True)],
    {"winner": 0, "score": [10, 3]},
    {"decided": True, "rubber_winner": 0, "tally": [4, 1]},
]


def test_a_loner_is_told_alone_not_with_the_partner_who_sat_out(
    new_page: PageFactory, live: LiveServer
) -> None:
    """Cy went alone: "Cy took all five tricks", not "Ann and Cy" (Ann sat out)."""
    page = new_page(locale="en-GB")
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert page.evaluate(WORDS, LONERS)[:3] == [
        "Cy was euchred: +2 points to Bob and Dee. Score 0 – 2.",
        "Cy made it with 3 tricks: +1 point. Score 1 – 0.",
        "Cy took all five tricks: +4 points. Score 4 – 0.",
    ]


MATCH_LINE = """async ([players, match]) => {
    const { matchLine } = await import('./matchline.js');
    const i18n = window.euchre.i18n;
    const names = ['Ann', 'Bob', 'Cy', 'Dee'];
    const page = {
        t: (key, params) => i18n.t(key, params),
        players: () => players,
        sideName: (side) => names[side],
    };
    return matchLine(page, match);
}"""


def test_a_three_player_rubber_names_each_players_games(
    new_page: PageFactory, live: LiveServer
) -> None:
    """Three players one game each: "games 1–1–1 (best of three)" named no one and called
    a fourth game impossible."""
    page = new_page(locale="en-GB")
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    match = {"game": 4, "games": [1, 1, 1], "best_of": 3}
    assert page.evaluate(MATCH_LINE, [3, match]) == (
        "Game 4 · games Ann 1 · Bob 1 · Cy 1 (first to two games)"
    )
    partners = {"game": 2, "games": [1, 0], "best_of": 3}
    assert page.evaluate(MATCH_LINE, [4, partners]) == "Game 2 · games 1–0 (best of three)"
