"""The coach's sentences name actions mid-sentence with a small letter where the language
writes them so ("… than ordering up K♠"), but a card named first keeps its letter: in Dutch
"K♠ bestellen" (order up the king of spades) was told as "k♠ bestellen". English names an
action in a sentence as a thing done ("Ordering up K♠ and going alone scores …"), not with a
button's words ("Order up K♠, alone scores …"), and says it as the server's English does."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import PageFactory
from playwright.sync_api import Page

from bots.bot_helpers import (
    clubs_named_none_left,
    clubs_ordered,
    deal,
    dealer_to_discard,
    dealer_to_pick_up,
    played,
)
from euchre.bots.coach import hint
from euchre.bots.coach_reasons import (
    _call_facts,
    _call_risk_facts,
    _lead_trump_facts,
    _partner_picks_up_facts,
    _turn_up_facts,
    _void_facts,
    _void_made_facts,
    compare_fact,
    forced_fact,
    margin_fact,
)
from euchre.bots.coach_values import ActionValue, Fact, Rule, reason_text
from euchre.bots.coachwords import _PASS_DOING, doing_words, naming
from euchre.bots.knowledge import knowledge_of
from euchre.engine import GameState, preset
from euchre.engine.actions import Action
from euchre.engine.phases import Phase
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


def _booted(new_page: PageFactory, locale: str = "en-GB") -> Page:
    """A page of the app in ``locale``, booted (its translations loaded)."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    return page


def _acts(*texts: str) -> dict[str, dict[str, Any]]:
    return {text: action_json(Action.parse(text)) for text in texts}


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "than ordering up K♠"),
        ("nl-NL", "dan K♠ bestellen"),
        ("de-DE", "als K♠ bestellen"),
    ],
)
def test_a_card_named_first_mid_sentence_keeps_its_letter(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = _booted(new_page, locale)
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
    # 0.5 apart on average, but the deals swing either way: no clear difference
    steady = ActionValue(best, 0.7, 0.7, 0.031, samples=(0.7,) * 8)
    swinging = ActionValue(other, 0.2, 0.2, 0.01, samples=(2.0,) * 4 + (-1.6,) * 4)
    facts = [
        margin_fact(ahead, behind, name),
        compare_fact(ahead, even, name, Rule.CONVENTIONAL),
        compare_fact(steady, swinging, name),
        compare_fact(swinging, steady, name, Rule.CONVENTIONAL),
        # ahead in the chance of winning, behind in points: told in the chance
        compare_fact(ActionValue(other, 1.0, 0.1, 0.05, samples=swinging.samples), steady, name),
        forced_fact(knowledge_of(view), best, name),
    ]
    assert [f.data.get("unsure") for f in facts[2:5]] == [True, True, True]
    assert "percentage points in the chance" in facts[4].text, facts[4].text
    page = _booted(new_page)
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
    page = _booted(new_page, locale)
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
    page = _booted(new_page, locale)
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
    page = _booted(new_page, locale)
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
    page = _booted(new_page, locale)
    fact = {"kind": "turn_up", "card": "Jh", "trump": "h", "dealer": 0, "text": "server's"}
    told = page.evaluate(FACT, [fact, None])
    assert said in told and "server's" not in told, told
    # two players: the dealer may decline it, and the browser says so as the server does
    two = GameState(preset("two-player"), seed=5)
    (turn_up,) = _turn_up_facts(knowledge_of(two.view(two.current_player)))
    assert "may pick up" in turn_up.text
    told_two = page.evaluate(FACT, [turn_up.to_json(), None])
    assert told_two != page.evaluate(FACT, [{**turn_up.to_json(), "may": False}, None])
    if locale == "en-GB":
        assert told_two == turn_up.text


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
            "Je rechterboer (J♠) wint deze slag zeker:",
            "Jouw linkerboer (J♣) is de hoogste troef",
        ),
    ],
)
def test_a_bower_is_named_naturally_within_a_sentence(
    new_page: PageFactory, locale: str, sure: str, boss: str
) -> None:
    """ "Your Jack of spades, right bower is sure …" read as one run-on name: a bower is
    named by its part with the card beside it, and the sentence goes on."""
    page = _booted(new_page, locale)
    said = page.evaluate(FACT, [{"kind": "sure_winner", "card": "Js", "text": "server's"}, "s"])
    assert said.startswith(sure), said
    told = page.evaluate(FACT, [{"kind": "boss_trump", "card": "Jc"}, "s"])
    assert told.startswith(boss), told
    # While bidding no trump is made: the fact names the suit the bid would make trump.
    bidding = page.evaluate(FACT, [{"kind": "boss_trump", "card": "Jc", "trump": "s"}, None])
    assert bidding == told, bidding
    plain = page.evaluate(FACT, [{"kind": "sure_winner", "card": "Ah"}, "s"])
    assert "(" not in plain and "server's" not in plain, plain


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "With 3 trumps in hearts you would rather defend: if the opponents make"),
        ("de-DE", "Mit 3 Trümpfen in Herz verteidigst du lieber"),
        ("nl-NL", "Met 3 troeven in harten verdedig je liever"),
    ],
)
def test_a_trap_pass_is_told_in_the_players_language(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = _booted(new_page, locale)
    fact = {"kind": "defend", "suit": "hearts", "count": 3, "least": 3, "dealer": 0}
    told = page.evaluate(FACT, [fact | {"text": "server's"}, None])
    assert told.startswith(said) and "server's" not in told, told


@pytest.mark.parametrize("euchred", [0.0, 0.2, 1.0])
def test_a_player_without_a_partner_is_told_you_are_euchred(
    new_page: PageFactory, euchred: float
) -> None:
    """Two or three players: no side plays with the maker, so the risk is the player's own,
    in the browser's words as in the server's."""
    call = ActionValue("order", 0.5, 0.5, None, march=0.0, euchred=euchred)
    (alone,) = _call_facts(call, partnered=False)
    (sided,) = _call_facts(call, partnered=True)
    assert "you are euchred" in alone.text or "are you euchred" in alone.text
    assert "your side" not in alone.text and "your side" in sided.text
    page = _booted(new_page)
    for fact in (alone, sided):
        assert page.evaluate(FACT, [fact.to_json(), None]) == fact.text


# A margin in each of its forms with a chance of winning: more points, fewer points, the
# chance alone, and the same chance with other points.
MARGINS = [
    (ActionValue("pass", 0.7, 0.7, 0.031), ActionValue("order", 0.2, 0.2, 0.01)),
    (ActionValue("pass", 0.7, 0.2, 0.031), ActionValue("order", 0.2, 0.7, 0.01)),
    (ActionValue("pass", 0.7, 0.5, 0.031), ActionValue("order", 0.2, 0.5, 0.01)),
    (ActionValue("pass", 0.7, 0.7, 0.031), ActionValue("order", 0.7, 0.2, 0.031)),
]


@pytest.mark.parametrize(
    ("locale", "sides"),
    [("en-GB", "your side"), ("de-DE", "Seite"), ("nl-NL", "kant")],
)
def test_a_player_without_a_partner_is_told_their_own_chance_of_winning(
    new_page: PageFactory, locale: str, sides: str
) -> None:
    """Two or three players: a margin and a review's cost spoke of the side's chance of
    winning, a side no one shares; the browser says it as the server does."""
    page = _booted(new_page, locale)
    for best, other in MARGINS:
        sided = margin_fact(best, other, str)
        alone = margin_fact(best, other, str, partnered=False)
        assert "your side" in sided.text and "your side" not in alone.text, alone.text
        said_sided = page.evaluate(FACT, [sided.to_json(), None])
        said_alone = page.evaluate(FACT, [alone.to_json(), None])
        assert sides in said_sided and sides not in said_alone, said_alone
        if locale == "en-GB":
            assert (said_sided, said_alone) == (sided.text, alone.text)
    decision = {"loss_win": 0.052, "loss_points": 0.4, "facts": [alone.to_json()]}
    cost = page.evaluate(LOSS, decision)
    assert cost and sides not in cost, cost
    assert sides in page.evaluate(LOSS, decision | {"facts": [sided.to_json()]})


LOSS = """async (decision) => {
    const { lossWords } = await import(new URL("coachwords.js", location.href));
    const ctx = window.euchre;
    return lossWords({ t: (key, params) => ctx.t(key, params), i18n: ctx.i18n }, decision);
}"""


MARK = """async (decision) => {
    const { markText } = await import(new URL("replaycoach.js", location.href));
    return markText({ t: (key, params) => window.euchre.t(key, params) }, decision);
}"""


def test_the_replay_calls_the_coachs_own_pick_best_and_a_tie_about_equal(
    new_page: PageFactory,
) -> None:
    """The table's review said "Best" of the coach's pick and the replay "Good"; a choice
    tied with the pick was "Best" at the table and "About equal" in the replay."""
    page = _booted(new_page)
    pick = {"mark": None, "best": "play 9s", "chosen": "play 9s", "tied": True}
    tie = {**pick, "chosen": "play Js"}
    worse = {**tie, "tied": False}
    assert page.evaluate(MARK, pick) == "Best"
    assert page.evaluate(MARK, tie) == "About equal"
    assert page.evaluate(MARK, worse) == "Good"
    assert page.evaluate(MARK, {**worse, "mark": "mistake"}) == "Mistake"
    # the pick a little behind another in the sampled deals (its reason says "comes out
    # behind"): "The coach's pick", not "Best" (a learner read the coach contradicting itself)
    behind = {"kind": "close", "best": "play 9s", "next": "play Js", "gap": -0.13, "text": ""}
    assert page.evaluate(MARK, {**pick, "facts": [behind]}) == "The coach's pick"
    assert page.evaluate(MARK, {**pick, "facts": [{**behind, "gap": 0.13}]}) == "Best"
    # the pick named mid-sentence as a thing done, not as its button ("About equal to Play …")
    acts = _acts("play 9s", "play Js")
    box = page.evaluate(
        """async ([decision]) => {
            const { reviewBox } = await import(new URL("replaycoach.js", location.href));
            const game = { seatName: String, target: 10, picksUp: false, upcard: null };
            const box = reviewBox(window.euchre, decision, game);
            return box.querySelector('.coach-best').textContent;
        }""",
        [{**tie, "acts": acts, "loss": 0, "facts": [], "reason": "", "index": 3}],
    )
    assert box == "About equal to playing the Nine of spades, the coach's pick: too close to call."
    # a reason that says the same ("Playing the Nine … is about equal to …") says it alone:
    # the review read "About equal" three times over one choice
    close = {"kind": "close", "best": "play 9s", "next": "play Js", "gap": 0.01, "text": ""}
    said = page.evaluate(
        """async ([decision]) => {
            const { reviewBox } = await import(new URL("replaycoach.js", location.href));
            const game = { seatName: String, target: 10, picksUp: false, upcard: null };
            const box = reviewBox(window.euchre, decision, game);
            return [box.querySelectorAll('.coach-best').length, box.textContent];
        }""",
        [{**tie, "acts": acts, "loss": 0, "facts": [close], "reason": "", "index": 3}],
    )
    assert said[0] == 0 and said[1].count("about equal to") == 1, said


LOSS = """async (decision) => {
    const { lossWords } = await import(new URL("coachwords.js", location.href));
    const ctx = window.euchre;
    return lossWords({ t: (key, params) => ctx.t(key, params), i18n: ctx.i18n }, decision);
}"""


def test_a_reviewed_choice_costs_percentage_points_of_the_chance_to_win(
    new_page: PageFactory,
) -> None:
    """A lost share of the chance of winning is a difference of two chances: "3.3 percentage
    points", not "3.3%" (read as a share of the chance itself); points a hand alone where the
    chance is not known (three players); nothing where the decision carries neither."""
    page = _booted(new_page)
    both = page.evaluate(LOSS, {"loss_win": 0.0333, "loss_points": 0.481})
    assert both == (
        "It cost 3.3 percentage points of your side's chance of winning the game"
        " (0.48 points a hand)."
    ), both
    assert page.evaluate(LOSS, {"loss_points": 0.25}) == "It cost 0.25 points a hand."
    assert page.evaluate(LOSS, {"loss": 0.3}) is None


# FACT, the recommended action named in a sentence as the browser names it.
FACT_DOING = """async ([fact, trump, best]) => {
    const { actionDoing, reasonText } = await import(new URL("coachwords.js", location.href));
    const ctx = window.euchre;
    const t = (key, params) => ctx.t(key, params);
    const card = best.split(" ")[1];
    const words = {
        t,
        i18n: ctx.i18n,
        doing: () => actionDoing({ t, i18n: ctx.i18n }, { kind: "play", card, text: best }),
        seatName: (seat) => `Seat ${seat}`,
        trump,
    };
    return reasonText(words, [fact], "", best);
}"""


def test_the_teaching_facts_read_as_the_servers_english(new_page: PageFactory) -> None:
    """Leading trumps as the makers, a discard that leaves a suit short, and who may trump
    the suit led: told by the browser from the facts in the server's English words."""
    facts = _lead_trump_facts(knowledge_of(clubs_ordered().view(1)), "play Jc")
    facts += _lead_trump_facts(knowledge_of(clubs_ordered(orderer=3).view(1)), "play Jc")
    trick_two = played(clubs_ordered(), "Jc", "Qd", "9s", "Kc", "9h", "Ah", "Ts", "As")
    facts += _void_facts(knowledge_of(trick_two.view(2)), "play Kh")
    facts += _void_facts(knowledge_of(clubs_named_none_left().view(1)), "play Ac")
    facts += _void_made_facts(knowledge_of(dealer_to_discard().view(0)), "discard Td")
    picking_up = hint(dealer_to_pick_up().view(0), 1, worlds=6).facts
    facts += [f for f in picking_up if f.kind == "trumps"]
    passing = hint(deal({1: "9c Tc 9d Qh Ks"}, "9h").view(1), 0).facts
    facts += [f for f in passing if f.kind == "trumps" and f.data.get("passing")]
    diamond_led = played(clubs_ordered(), "9d")
    facts.append(
        forced_fact(knowledge_of(diamond_led.view(2)), "play Qd", naming(diamond_led.view(2)))
    )
    kinds = [f.kind for f in facts]
    told = ["make_void", "trumps", "trumps", "forced"]
    assert kinds == ["lead_trump"] * 2 + ["void"] * 4 + told, kinds
    page = _booted(new_page)
    for fact in facts:
        best = "play Qd" if fact.kind == "forced" else "play Jd"
        assert page.evaluate(FACT_DOING, [fact.to_json(), "c", best]) == fact.text
    # German and Dutch have every one of these sentences (a missing key shows the English)
    for locale in ("de-DE", "nl-NL"):
        other = _booted(new_page, locale)
        for fact in facts:
            told = other.evaluate(FACT_DOING, [fact.to_json(), "c", "play Qd"])
            assert told and told != fact.text and "{" not in told, (locale, told)


def test_a_fact_whose_words_the_loaded_translation_lacks_is_told_in_the_servers_english(
    new_page: PageFactory,
) -> None:
    """A page that loaded its translation before the server knew a newer fact (a release
    between the two) showed the key ("Coach.facts.makeVoid"); it shows the sentence the
    server sent beside the fact instead."""
    page = _booted(new_page)
    fact = _void_made_facts(knowledge_of(dealer_to_discard().view(0)), "discard Td")[0]
    told = page.evaluate(
        """async (fact) => {
            const { reasonText } = await import(new URL("coachwords.js", location.href));
            const t = (key) => key;  // a translation without this fact's words
            const words = { t, i18n: window.euchre.i18n, doing: (x) => x, seatName: String };
            return reasonText(words, [fact], "", "discard Td");
        }""",
        fact.to_json(),
    )
    assert told == fact.text


def test_a_same_chance_and_a_bidding_models_margin_read_as_the_servers_english(
    new_page: PageFactory,
) -> None:
    """At 9-9 two choices of equal value may differ in points: "worth the same" read wrong
    beside a Points column that differs; and a bid valued by the bidding model has no
    points a hand (it was told "worth 4.03 points a hand more")."""
    view = deal({1: "Js Jc As Ks Qs", 0: "9h Th Qh 9d Td"}, "9s").view(1)
    name = naming(view)
    facts = [
        margin_fact(
            ActionValue("pass", 0.3, -0.12, 0.5), ActionValue("order", 0.3, -0.83, 0.5), name
        ),
        compare_fact(
            ActionValue("pass", 0.3, -0.12, 0.5),
            ActionValue("order", 0.3, -0.83, 0.5),
            name,
            Rule.CONVENTIONAL,
        ),
        margin_fact(
            ActionValue("pass", 4.5, None, None), ActionValue("order", 0.4, None, None), name
        ),
    ]
    assert "same chance of winning" in facts[0].text and "comes out above" in facts[2].text
    page = _booted(new_page)
    for fact in facts:
        told = page.evaluate(REASON, [[fact.to_json()], _acts("pass", "order"), "9s"])
        assert told == fact.text, told
        assert "4.1" not in told and "points a hand more" not in told


def test_a_pass_and_an_order_to_the_partner_read_as_the_servers_english(
    new_page: PageFactory,
) -> None:
    """How often the call a pass passes up is euchred, and the partner's pick-up of an
    order, told by the browser in the server's English; a card thrown off to empty a suit."""
    state = deal({2: "Jc Js Ac 9h Th"}, "Qc")  # seat 0 deals; seat 2 is its partner
    state.apply("pass", seat=1)
    view = state.view(2)
    call = ActionValue("order", -0.4, -0.5, -0.04, march=0.0, euchred=0.58)
    facts = [
        *_call_risk_facts(call, naming(view), partnered=True),
        *_partner_picks_up_facts(knowledge_of(view), "order"),
    ]
    thrown = played(clubs_ordered(), "9h", "Ah", "9s")
    facts += _void_made_facts(knowledge_of(thrown.view(0)), "play As")
    assert [f.kind for f in facts] == ["call_risk", "turn_up", "make_void"]
    page = _booted(new_page)
    for fact in facts[:2]:
        told = page.evaluate(REASON, [[fact.to_json()], _acts("pass", "order"), "Qc"])
        assert told == fact.text, told
    assert page.evaluate(FACT, [facts[2].to_json(), "c"]) == facts[2].text


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-GB", "Your opponent is at 9: any point they make ends the game."),
        ("de-DE", "Dein Gegner hat 9: Jeder Punkt für ihn beendet das Spiel."),
        ("nl-NL", "Je tegenstander staat op 9: elk punt dat hij maakt beëindigt het spel."),
    ],
)
def test_a_lone_opponent_at_nine_is_said_in_the_singular(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = _booted(new_page, locale)
    fact = {"kind": "score", "side": "theirs", "ours": 4, "theirs": 9, "one": True}
    assert page.evaluate(FACT, [fact, None]) == said


@pytest.mark.parametrize(
    ("locale", "one", "said"),
    [
        ("en-GB", False, "Both sides are at 9: whoever makes the next point wins the game."),
        (
            "en-GB",
            True,
            "You and your opponent are at 9: whoever makes the next point wins the game.",
        ),
        ("de-DE", False, "Beide Seiten haben 9: Wer den nächsten Punkt macht, gewinnt das Spiel."),
        (
            "nl-NL",
            True,
            "Jij en je tegenstander staan op 9: wie het volgende punt maakt, wint het spel.",
        ),
    ],
)
def test_nine_all_is_said_of_both_sides(
    new_page: PageFactory, locale: str, one: bool, said: str
) -> None:
    page = _booted(new_page, locale)
    fact = {"kind": "score", "side": "both", "ours": 9, "theirs": 9, "one": one}
    assert page.evaluate(FACT, [fact, None]) == said


def test_a_pass_outside_the_bidding_is_named_as_what_it_declines(new_page: PageFactory) -> None:
    """A two-player dealer who leaves the turn-up was told "… than passing", and its hint
    row said "Pass" beside a button that says "Leave the turn-up". The browser names a pass
    at each phase as the server's English does, and as the table's button."""
    exchange = deal({}, "9s", variant=preset("two-player"))
    exchange.apply("order")
    view = exchange.view(exchange.current_player)
    assert doing_words(view, "pass") == "leaving the turn-up"
    page = _booted(new_page)
    said = page.evaluate(
        """async (phases) => {
            const { actionDoing, actionWords } =
                await import(new URL("coachwords.js", location.href));
            const ctx = window.euchre;
            const words = { t: (key, params) => ctx.t(key, params), i18n: ctx.i18n };
            const pass = { kind: "pass", text: "pass" };
            return phases.map((phase) => [
                actionDoing(words, pass, { phase }),
                actionWords(words, pass, { phase }),
            ]);
        }""",
        ["bid_r1", *(phase.name.lower() for phase in _PASS_DOING)],
    )
    assert said[0] == ["passing", "Pass"]
    assert [doing for doing, _ in said[1:]] == list(_PASS_DOING.values())
    buttons = dict(zip(_PASS_DOING, (button for _, button in said[1:]), strict=True))
    assert buttons[Phase.DEALER_DISCARD] == "Leave the turn-up"
    assert {buttons[p] for p in _PASS_DOING if p != Phase.DEALER_DISCARD} == {"No, thanks"}


def test_a_partner_winning_so_far_reads_as_the_servers_english(new_page: PageFactory) -> None:
    """With an opponent still to play, the partner's card wins the trick "so far": "already
    winning" was said to the second to play."""
    last = Fact("partner_winning", "Your partner is already winning the trick.", {"last": True})
    so_far = Fact(
        "partner_winning", "Your partner's card is winning the trick so far.", {"last": False}
    )
    page = _booted(new_page)
    for fact in (last, so_far):
        assert page.evaluate(FACT, [fact.to_json(), "s"]) == fact.text
    for locale in ("de-DE", "nl-NL"):
        other = _booted(new_page, locale)
        told = [other.evaluate(FACT, [f.to_json(), "s"]) for f in (last, so_far)]
        assert told[0] != told[1] and not any("{" in t or t == so_far.text for t in told), told


def test_a_lead_best_of_its_suit_reads_as_the_servers_english(new_page: PageFactory) -> None:
    fact = Fact(
        "boss_card",
        "Your Ace of diamonds is the highest card of its suit still out: only a trump can beat it.",
        {"card": "Ad"},
    )
    page = _booted(new_page)
    assert page.evaluate(FACT, [fact.to_json(), "h"]) == fact.text
    german = _booted(new_page, "de-DE").evaluate(FACT, [fact.to_json(), "h"])
    assert german.startswith("Deine Karte Karo-Ass ist die höchste ihrer Farbe"), german
