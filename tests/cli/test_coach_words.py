"""``euchre play``'s coach names actions and cards in words, as the browser's English does
("Order up 9♠, alone", "Jack of spades"), not in the protocol text typed at the prompt."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_play_help import scripted

import euchre
from bots.bot_helpers import deal
from euchre import cli_coach
from euchre.bots import coachwords
from euchre.bots.coach import hint
from euchre.bots.coach_values import Fact
from euchre.cli import Session, ordered_choices, resolve_input, run_interactive
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
    said = "Ordering up 9♠ and going alone scores 2.00 points a hand more than ordering up 9♠,"
    assert said in told
    assert "Your right bower (J♠) is the highest trump still out." in told
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
    said = en["coach"]["tiedWith"].replace("{action}", "Pass")
    assert coachwords.tied_with("Pass") == said


def test_a_bower_in_a_reason_is_named_by_its_part_with_the_card_beside_it() -> None:
    """ "Your Jack of spades, right bower is sure ..." read as one run-on name."""
    spades = parse_card("Js") >> 3
    assert coachwords.card_with_part(parse_card("Js"), spades) == "right bower (J♠)"
    assert coachwords.card_with_part(parse_card("Jc"), spades) == "left bower (J♣)"
    assert coachwords.card_with_part(parse_card("Jd"), spades) == "Jack of diamonds"
    assert coachwords.card_with_part(parse_card("As"), spades) == "Ace of spades"
    assert coachwords.card_with_part(parse_card("Js"), None) == "Jack of spades"
    en = json.loads((Path(euchre.__file__).parent / "web/i18n/en.json").read_text())
    assert en["coach"]["bower"]["right"].format(short="J♠") == "right bower (J♠)"
    assert en["coach"]["bower"]["left"].format(short="J♣") == "left bower (J♣)"


def test_the_choices_and_the_hints_lines_name_each_action_alike_and_either_can_be_typed() -> None:
    views = []
    asked: list[str] = []

    def answers(session: Session) -> str:
        if not asked:
            views.append(session.state.view(session.human))
            asked.append("hint")
        elif len(asked) == 1:  # the recommended action, typed as the hint words it
            hinted = out.getvalue().split("Hint: ", 1)[1].split(".", 1)[0]
            asked.append(hinted.upper())
        else:
            asked.append("quit")
        return asked[-1]

    session, out = scripted([])
    session.ask = lambda _prompt: answers(session)
    run_interactive(session)
    view = views[0]
    listed, told = out.getvalue().split("Hint: ", 1)
    choices = ordered_choices(view)
    for number, action in enumerate(choices, start=1):
        words = coachwords.action_words(view, action)
        line = f"    {number}) {words}: "
        assert line in told, (line, told)
        # the prompt's list names it the same, with what to type for it after
        verb, _, card = action.partition(" ")
        typed = card if verb in ("play", "discard", "give") else action
        assert f"\n  {number}) {words}   [{typed}]\n" in listed, (number, listed)
    # the typed words were taken (no "Not accepted"), the action the hint named
    assert "Not accepted" not in out.getvalue()
    taken = session.state.deals[0].steps[len(view.history)].action.text
    assert coachwords.action_words(view, taken).upper() == asked[1]
    named = {coachwords.action_words(view, a): a for a in choices}
    for words, action in named.items():  # the words, the number or the text: all the same
        assert resolve_input(words.lower(), choices, named) == action
        assert resolve_input(action, choices, named) == action
        assert resolve_input(str(choices.index(action) + 1), choices, named) == action


def test_the_review_names_the_choices_in_words() -> None:
    """ "Play Nine of hearts: mistake; best: Play Ace of hearts." as the hint words them,
    not the protocol text ("play 9h: mistake; best: play Ah")."""
    session, out = scripted(["1"] * 40 + ["quit"])
    session.review = True
    run_interactive(session)
    reviewed = out.getvalue().split("Review of deal 1: your decisions", 1)[1]
    lines = [line for line in reviewed.splitlines() if re.match(r"  \d+\. ", line)]
    assert lines
    verbs = r"(Play|Discard|Order up|Pick up|Pass|Name|Give|Go under|Call for best|Defend)"
    for line in lines:
        assert re.match(rf"  \d+\. {verbs}\b[^:]*: ", line), line
        for best in re.findall(r"best(?: \(|: )([^.),]+)", line):
            assert re.match(verbs, best), line
        doing = r"(playing|discarding|ordering up|picking up|passing|naming)"
        for best in re.findall(r"About equal to ([^.),]+)", line):  # named mid-sentence
            assert re.match(doing, best), line


def test_a_seat_out_of_the_suit_led_is_told_with_whether_it_may_trump_it() -> None:
    """The terminal named the seat its own way and dropped the rest of the sentence: "Left
    (seat 1) has shown out of clubs." read as a reason not to lead clubs, where the coach
    had said that seat 1 had no trumps left either."""
    session, _ = scripted([])
    cannot = Fact("void", "", {"seat": 1, "suits": ["clubs"], "can_trump": False})
    may = Fact("void", "", {"seat": 2, "suits": ["clubs"], "partner": True, "can_trump": True})
    trumps = Fact("void", "", {"seat": 3, "suits": ["trumps"]})
    assert cli_coach.fact_text(session, cannot) == (
        "Left (seat 1) has shown out of clubs and of trumps, so cannot trump it."
    )
    assert cli_coach.fact_text(session, may) == (
        "Partner (seat 2) has shown out of clubs and may trump it."
    )
    assert cli_coach.fact_text(session, trumps) == "Right (seat 3) has shown out of trumps."
