"""A card's spoken name says its part once trump is made ("Jack of diamonds, left bower"),
in the hand and in the trick, in English, German and Dutch; its picture is unchanged.

The client names the part by a rule of its own (trumprole.js): these tests hold it to the
engine's tables for every card of every deck under every trump. The engine's effective
suit and card order depend on the card and trump alone (rules.py: EFFECTIVE_SUIT, POWER,
indexed [trump][card]); the variants change only which cards are dealt (7s and 8s, the
Joker) and whether no trump may be called, so every card and trump covers every variant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import PageFactory
from phases import act, reach, state
from playwright.sync_api import Page, expect
from web_helpers import GamePage, LiveServer, create_private_table, enter_name, open_settings

from euchre.engine.cards import CARD_TEXT, JOKER, NO_TRUMP, TRUMP_LETTERS, parse_card
from euchre.engine.rules import POWER, is_trump

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
TRUMPS = [None, *TRUMP_LETTERS]  # before trump is made, each suit, no trump
ROLES = ("right", "left", "joker", "trump")
WORDS = {
    language: dict(zip(ROLES, words, strict=True))
    for language, words in (
        ("en", ["right bower", "left bower", "highest trump", "trump"]),
        ("de", ["rechter Bube", "linker Bube", "höchster Trumpf", "Trumpf"]),
        ("nl", ["rechterboer", "linkerboer", "hoogste troef", "troef"]),
    )
}


def engine_role(text: str, trump: str | None) -> str | None:
    """The card's part as the engine ranks it: Joker, right or left bower, another trump."""
    suit = NO_TRUMP if trump is None else TRUMP_LETTERS.index(trump)
    card = parse_card(text)
    if not is_trump(card, suit):
        return None
    power = POWER[suit][card]
    if card == JOKER:
        return "joker"
    return {110: "right", 109: "left"}.get(power, "trump")


def test_the_clients_part_of_every_card_is_the_engines(new_page: PageFactory) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    found = page.evaluate(
        """async ([cards, trumps]) => {
            const { trumpRole } = await import(new URL("trumprole.js", location.href));
            return cards.map((card) => trumps.map((trump) => trumpRole(card, trump)));
        }""",
        [list(CARD_TEXT), TRUMPS],
    )
    expected = [[engine_role(card, trump) for trump in TRUMPS] for card in CARD_TEXT]
    assert found == expected


def _hand_with_a_part(game: GamePage) -> dict[str, Any]:
    """Play on until it is the player's turn to follow a lead, holding a trump."""
    for _ in range(60):
        now = reach(game, "play")
        if now["trick"] and any(engine_role(card, now["trump"]) for card in now["hand"]):
            return now
        act(game, now["legal"][0])
    raise AssertionError("never held a trump at the play")


def _labels(page: Page, selector: str) -> dict[str, str]:
    found = page.locator(selector).evaluate_all(
        """cs => cs.map(c => [
            c.dataset.card || c.closest('[data-card]')?.dataset.card || c.dataset.key.split('-')[2],
            (c.matches('li') ? c.querySelector('.card') : c).getAttribute('aria-label')])"""
    )
    return {str(card): str(label) for card, label in found}


def _check_names(page: Page, now: dict[str, Any], language: str) -> None:
    hand = _labels(page, ".hand-card")
    trick = _labels(page, ".trick-card")
    assert sorted(hand) == sorted(now["hand"])
    assert sorted(trick) == sorted(play["card"] for play in now["trick"])
    for card, label in [*hand.items(), *trick.items()]:
        role = engine_role(card, now["trump"])
        spoken = label.split(",")[1].strip() if "," in label else None
        if role is None:
            assert spoken is None or spoken.startswith(("played", "gespielt", "gespeeld")), label
        else:
            assert spoken == WORDS[language][role], (label, now["trump"])


def test_the_hand_and_the_trick_name_the_bowers_and_trumps(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    enter_name(page, "Tia")
    game = create_private_table(page, start_with_bots=True)
    now = _hand_with_a_part(game)
    pictures = page.locator(".hand-card").evaluate_all("cs => cs.map(c => c.innerHTML)")
    _check_names(page, now, "en")
    for language in ("de", "nl"):
        open_settings(page)
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        _check_names(page, state(game), language)
    assert page.locator(".hand-card").evaluate_all("cs => cs.map(c => c.innerHTML)") == pictures
    game.page.keyboard.press("Escape")


def test_the_replay_names_them_once_trump_is_made(new_page: PageFactory) -> None:
    page = new_page()
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")  # hearts trump first
    expect(page.locator("#replay-board")).to_be_visible()
    before = _labels(page, ".replay-seat .card")
    assert all("," not in label for label in before.values())  # no trump made yet
    while page.locator("#replay-trick li").count() < 4:
        page.keyboard.press("ArrowRight")
    trump = page.locator("#replay-contract").get_attribute("data-trump")
    assert trump == "h"
    named = {**_labels(page, ".replay-seat .card"), **_labels(page, "#replay-trick li")}
    assert named
    for card, label in named.items():
        role = engine_role(card, trump)
        assert label == (f"{label.split(',')[0]}, {WORDS['en'][role]}" if role else before[card])
