"""The coach's sentences name actions mid-sentence with a small letter where the language
writes them so ("… than ordering up K♠"), but a card named first keeps its letter: in Dutch
"H♠ bestellen" (order up the king of spades) was told as "h♠ bestellen". English names an
action in a sentence as a thing done ("Ordering up K♠ and going alone scores …"), not with a
button's words ("Order up K♠, alone scores …"), and says it as the server's English does."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import PageFactory

from bots.bot_helpers import deal
from euchre.bots.coach import (
    ActionValue,
    Rule,
    compare_fact,
    forced_fact,
    margin_fact,
    reason_text,
)
from euchre.bots.coachwords import naming
from euchre.engine.actions import Action
from euchre.server.render import action_json

MARGIN = {"kind": "margin", "best": "pass", "next": "order", "gap": 0.5, "points": 0.5}
# The browser's reason for ``facts``, each action named from its object in ``acts`` (as a hint
# or a review sends them) at a seat that does not deal, the turn-up ``upcard``.
REASON = """async ([facts, acts, upcard]) => {
    const { actionDoing, reasonText } = await import(new URL("coachwords.js", location.href));
    const ctx = window.euchre;
    const t = (key, params) => ctx.t(key, params);
    const words = {
        t,
        i18n: ctx.i18n,
        doing: (text) => actionDoing({ t, i18n: ctx.i18n }, acts[text], { upcard }),
        seatName: (seat) => `Seat ${seat}`,
    };
    return reasonText(words, facts, "", facts[0].best);
}"""


def _acts(*texts: str) -> dict[str, dict[str, Any]]:
    return {text: action_json(Action.parse(text)) for text in texts}


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "than ordering up K♠"),
        ("nl-NL", "dan H♠ bestellen"),
        ("de-DE", "als K♠ bestellen"),
    ],
)
def test_a_card_named_first_mid_sentence_keeps_its_letter(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert said in page.evaluate(REASON, [[MARGIN], _acts("pass", "order"), "Ks"])


# Pairs of choices a reason compares, of every kind a player can be told about.
COMPARED = [
    ("order alone", "order"),
    ("pass", "call h alone"),
    ("call n", "call c"),
    ("play Ah", "play Kh"),
    ("discard 9d", "discard Tc"),
    ("give Js", "give 9c"),
    ("under 9c 9d Ts", "pass"),
    ("defend alone", "pass"),
    ("call for best", "take alone"),
    ("redeal", "forfeit"),
]


@pytest.mark.parametrize(("best", "other"), COMPARED)
def test_the_browsers_english_reason_is_the_servers(
    new_page: PageFactory, best: str, other: str
) -> None:
    """A hint's or review's margin, tie and forced move, told by the browser from the facts,
    in the same words as the server's English (the terminal's and the sentence sent beside
    each fact): the two are written apart, one in Python and one in JavaScript."""
    view = deal({1: "Js Jc As Ks Qs", 0: "9h Th Qh 9d Td"}, "9s").view(1)
    name = naming(view)
    ahead, behind = ActionValue(best, 0.7, 0.7, 0.031), ActionValue(other, 0.2, 0.2, 0.01)
    even = ActionValue(other, 0.7, 0.7, 0.031)
    facts = [
        margin_fact(ahead, behind, name),
        compare_fact(ahead, even, name, Rule.CONVENTIONAL),
        forced_fact(best, name),
    ]
    page = new_page(locale="en-GB")
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    sent = [f.to_json() for f in facts]
    told = page.evaluate(REASON, [sent, _acts(best, other), "9s"])
    assert told == reason_text(facts), told
    assert not re.search(r"\b(Order|Play|Pass|Name|Discard|Give) ", told), told


FACT = """async ([fact, trump]) => {
    const { reasonText } = await import(new URL("coachwords.js", location.href));
    const ctx = window.euchre;
    const words = {
        t: (key, params) => ctx.t(key, params),
        i18n: ctx.i18n,
        doing: (text) => text,
        seatName: (seat) => `Seat ${seat}`,
        trump,
    };
    return reasonText(words, [fact], "", "play Jd");
}"""


@pytest.mark.parametrize(
    ("locale", "bower"),
    [("en-GB", "left bower"), ("de-DE", "linker Bube"), ("nl-NL", "linkerboer")],
)
def test_a_fact_names_a_bower_as_one(new_page: PageFactory, locale: str, bower: str) -> None:
    """ "Take the trick with Jack of diamonds" under hearts is told as the left bower it is;
    a plain trump in "overtrump with …" is not told as a trump twice."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    said = page.evaluate(FACT, [{"kind": "take_trick", "card": "Jd"}, "h"])
    assert bower in said, said
    for kind in ("overtrump", "trump_in", "boss_trump"):
        said = page.evaluate(FACT, [{"kind": kind, "card": "Jd"}, "h"])
        assert bower in said, (kind, said)
        plain = page.evaluate(FACT, [{"kind": kind, "card": "Ah"}, "h"])
        assert plain == page.evaluate(FACT, [{"kind": kind, "card": "Ah"}, None]), plain
    off = page.evaluate(FACT, [{"kind": "take_trick", "card": "Jd"}, "s"])
    assert off == page.evaluate(FACT, [{"kind": "take_trick", "card": "Jd"}, None]), off


@pytest.mark.parametrize(
    ("locale", "none", "every"),
    [
        ("en-GB", "In none of", "in every one of"),
        ("de-DE", "In keiner", "in jeder"),
        ("nl-NL", "In geen van", "in elk van"),
    ],
)
def test_no_share_and_every_share_are_said_in_words_not_percent(
    new_page: PageFactory, locale: str, none: str, every: str
) -> None:
    """ "In 0% of the ways ... your side is euchred" reads "In none of the ways ..."."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    never = page.evaluate(FACT, [{"kind": "euchre_risk", "euchred_percent": 0}, None])
    assert never.startswith(none) and "0" not in never, never
    always = page.evaluate(FACT, [{"kind": "loner", "march_percent": 100}, None])
    assert every in always and "100" not in always, always
    some = page.evaluate(FACT, [{"kind": "euchre_risk", "euchred_percent": 20}, None])
    assert "20" in some and none not in some, some


@pytest.mark.parametrize(
    ("locale", "so_far"),
    [("en-GB", "played so far"), ("de-DE", "bisher gespielten"), ("nl-NL", "tot nu toe")],
)
def test_a_card_with_players_still_to_play_beats_the_cards_so_far(
    new_page: PageFactory, locale: str, so_far: str
) -> None:
    """A card that wins the trick so far is not told it takes the trick while a later
    player may still beat it."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    for kind in ("take_trick", "overtrump", "trump_in"):
        early = page.evaluate(FACT, [{"kind": kind, "card": "Ah", "last": False}, "h"])
        last = page.evaluate(FACT, [{"kind": kind, "card": "Ah", "last": True}, "h"])
        assert so_far in early and so_far not in last, (kind, early, last)


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "the dealer, an opponent, picks up the right bower (J♥)."),
        ("de-DE", "nimmt der Geber, ein Gegner,"),
        ("nl-NL", "pakt de gever, een tegenstander,"),
    ],
)
def test_a_pass_is_told_who_would_pick_up_the_turn_up(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    fact = {"kind": "turn_up", "card": "Jh", "trump": "h", "dealer": 0, "text": "server's"}
    told = page.evaluate(FACT, [fact, None])
    assert said in told and "server's" not in told, told


@pytest.mark.parametrize(
    ("locale", "sure", "boss"),
    [
        (
            "en-GB",
            "Your right bower (J♠) is sure to win this trick: no card still out can beat it.",
            "Your left bower (J♣) is the highest trump still out.",
        ),
        (
            "de-DE",
            "Deine Karte Pik-Bube (rechter Bube) gewinnt diesen Stich sicher:",
            "Deine Karte Kreuz-Bube (linker Bube) ist der höchste Trumpf",
        ),
        (
            "nl-NL",
            "Je rechterboer (B♠) wint deze slag zeker:",
            "Jouw linkerboer (B♣) is de hoogste troef",
        ),
    ],
)
def test_a_bower_is_named_naturally_within_a_sentence(
    new_page: PageFactory, locale: str, sure: str, boss: str
) -> None:
    """ "Your Jack of spades, right bower is sure …" read as one run-on name: a bower is
    named by its part with the card beside it, and the sentence goes on."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    said = page.evaluate(FACT, [{"kind": "sure_winner", "card": "Js", "text": "server's"}, "s"])
    assert said.startswith(sure), said
    told = page.evaluate(FACT, [{"kind": "boss_trump", "card": "Jc"}, "s"])
    assert told.startswith(boss), told
    plain = page.evaluate(FACT, [{"kind": "sure_winner", "card": "Ah"}, "s"])
    assert "(" not in plain and "server's" not in plain, plain


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "With 3 trumps in hearts you would rather defend: if the opponents make"),
        ("de-DE", "Mit 3 Trümpfen in Herz verteidigst du lieber"),
        ("nl-NL", "Met 3 troeven in Harten verdedig je liever"),
    ],
)
def test_a_trap_pass_is_told_in_the_players_language(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    fact = {"kind": "defend", "suit": "hearts", "count": 3, "least": 3, "dealer": 0}
    told = page.evaluate(FACT, [fact | {"text": "server's"}, None])
    assert told.startswith(said) and "server's" not in told, told
