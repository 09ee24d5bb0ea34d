"""``euchre play``'s coach names actions and cards in words, as the browser's English does
("Order up 9♠, alone", "Jack of spades"), not in the protocol text typed at the prompt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_play_help import scripted

import euchre
from bots.bot_helpers import deal
from euchre import cli_coach
from euchre.bots import coachwords
from euchre.bots.coach import hint
from euchre.engine.cards import parse_card

TOP_SPADES = {1: "Js Jc As Ks Qs", 0: "9h Th Qh 9d Td"}  # seat 1 cannot lose a trick alone


def test_a_hints_reason_names_actions_and_cards_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = hint(deal(TOP_SPADES, "9s").view(1), 1, worlds=6)
    assert [v.action for v in found.values][:2] == ["order alone", "order"]
    monkeypatch.setattr(cli_coach, "hint", lambda view, seed: found)
    session, out = scripted([])
    cli_coach.show_hint(session, session.state.view(0))
    told = " ".join(out.getvalue().split())
    assert "Order up 9♠, alone scores 2.00 points a hand more than order up 9♠," in told
    assert "Your Jack of spades is the highest trump still out." in told
    assert "Order alone scores" not in told and "Your Js" not in told


def test_the_terminals_words_are_the_browsers_english() -> None:
    """The terminal's names of cards and actions are those of the browser's ``en.json``,
    kept in step by this test rather than read from the web client's files."""
    en = json.loads((Path(euchre.__file__).parent / "web/i18n/en.json").read_text())
    assert list(coachwords.RANK_NAMES) == list(en["cards"]["ranks"].values())
    assert coachwords.card_name(parse_card("Kh")) == en["cards"]["name"].format(
        rank=en["cards"]["ranks"]["K"], suit=en["cards"]["suitsOf"]["h"]
    )
    for action, words in coachwords._FIXED.items():
        assert en["actions"][action.replace(" ", "_")] == words
