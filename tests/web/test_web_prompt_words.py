"""The prompt says what the choices are: where a Canadian loner lets the dealer's partner
order up only to go alone, it says so (it asked "order up the Nine of clubs, or pass?"
over a single button "Order up 9♣, alone")."""

from __future__ import annotations

import pytest
from conftest import PageFactory
from phases import reach
from web_helpers import PHONE, open_started_table

# The table page's prompt for its state with these legal actions, at the player's turn.
PROMPT = """async ([legal, dealer]) => {
    const { promptText } = await import(new URL("turnprompt.js", location.href));
    const page = window.euchre.current;
    const seat = page.state.seat;
    const legal_acts = legal.map((text) =>
        ({ kind: text.split(' ')[0], alone: text.endsWith('alone'), text }));
    page.state = { ...page.state, phase: 'bid_r1', legal, legal_acts, to_act: seat,
                   dealer: dealer ? seat : (seat + 2) % 4 };
    return promptText(page);
}"""


@pytest.mark.parametrize(
    ("locale", "alone", "plain"),
    [
        ("en-GB", "and go alone, or pass?", "Your bid: order up the"),
        ("de-DE", "und allein spielen oder passen?", "Dein Gebot:"),
        ("nl-NL", "en alleen spelen of passen?", "Jouw bod:"),
    ],
)
def test_an_order_only_alone_is_said_in_the_prompt(
    new_page: PageFactory, locale: str, alone: str, plain: str
) -> None:
    page = new_page(viewport=PHONE, locale=locale)
    game, _, _ = open_started_table(page, "standard", {"canadian_loner": True})
    reach(game, "bid_r1")
    only_alone = page.evaluate(PROMPT, [["pass", "order alone"], False])
    assert only_alone.endswith(alone), only_alone
    either = page.evaluate(PROMPT, [["pass", "order", "order alone"], False])
    assert either.startswith(plain) and alone not in either, either
    dealer = page.evaluate(PROMPT, [["pass", "order alone"], True])
    assert dealer.endswith(alone) and dealer != only_alone, dealer
