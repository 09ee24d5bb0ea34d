"""The coach in a real browser: a hint on one's own turn at a casual table (the recommended
action legal and marked, a value for every legal action, the reason in the player's
language), none where the table switched hints off or for a spectator, and the review of
a hand after it, checked against the server's own review; axe with both open on a phone."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from conftest import PageFactory
from phases import SIZES, SUMMARY, act, reach, state
from playwright.sync_api import Page, expect
from test_web_table_layout import _outside
from web_helpers import (
    PHONE_LANDSCAPE,
    GamePage,
    LiveServer,
    enter_name,
    fast_settings,
    open_settings,
    open_started_table,
    running_server,
)

PHONE = SIZES["phone"]
COACH_WAIT = 120_000  # the coach is quick, but a loaded machine may hold its worker back


@pytest.fixture(scope="module")
def coached(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose tables pause 30 s after each hand (the review opens from the hand
    summary) and whose bots, the easy level, take a moment (so a page sees others' turns)."""
    db = Path(tmp_path_factory.mktemp("web-coach")) / "euchre.db"
    settings = fast_settings(db, summary_seconds=30.0, bot_level="easy", bot_delay=0.05)
    with running_server(settings) as server:
        yield server


def _table_with_bots(page: Page, kind: str, hints: bool = True) -> GamePage:
    """A table of ``kind`` from the lobby form, started at once with bots."""
    page.check(f'input[name="kind"][value="{kind}"]')
    if not hints:
        page.uncheck("#create-hints")
    page.check("#create-start-now")
    page.click("#create-table")
    game = GamePage(page)
    game.wait_table()
    return game


def _ask_hint(page: Page) -> None:
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=COACH_WAIT)


def _hint_rows(page: Page) -> list[str]:
    return [
        str(a)
        for a in page.locator("#hint-values tbody tr").evaluate_all(
            "rows => rows.map(r => r.dataset.action)"
        )
    ]


def test_a_hint_on_my_turn_at_a_casual_table(new_page: PageFactory, coached: LiveServer) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Hana")
    game = _table_with_bots(page, "casual")
    now = reach(game, "play")
    expect(page.locator("#hint-button")).to_be_visible()
    expect(page.locator("#hint-button")).to_have_attribute("aria-keyshortcuts", "H")
    _ask_hint(page)
    legal = sorted(now["legal"])
    assert sorted(_hint_rows(page)) == legal  # a value for every legal action
    recommended = str(page.locator("#hint-recommended").get_attribute("data-action"))
    assert recommended in legal
    assert _hint_rows(page)[0] == recommended  # best first, and marked as the best
    expect(page.locator("#hint-values tr.best")).to_have_attribute("data-action", recommended)
    expect(page.locator("#hint-legend")).to_contain_text("★ the coach's pick")  # tied or not
    expect(page.locator(f'.hand-card.coach-pick[data-action="{recommended}"]')).to_have_count(1)
    expect(page.locator(".coach-pick")).to_have_count(1)
    for cell in page.locator("#hint-values td.points").all_text_contents():
        assert cell == "–" or cell.lstrip("+-−").replace(".", "").isdigit(), cell
    for cell in page.locator("#hint-values td.win").all_text_contents():  # a chance, not a change
        assert re.fullmatch(r"\d{1,3}\.\d\s?%", cell) and float(cell.rstrip(" %")) <= 100, cell
    words = page.locator("#hint-words")  # the coach's words explained, the table kept
    expect(words).to_have_attribute("href", "#/help/words")
    expect(words).to_have_attribute("target", "_blank")
    reason = page.locator("#hint-reason").inner_text()
    # The margin is told in the units of the table: points a hand, the chance of winning.
    told = (
        "points a hand",
        "chance of winning",
        "worth the same",
        "only legal move",
        "about equal",
    )
    assert any(words in reason for words in told), reason

    open_settings(page)  # the reason is built from the coach's facts in the player's language
    page.select_option("#language", "de")
    expect(page.locator("#hint-title")).to_have_text("Tipp vom Trainer")
    german = page.locator("#hint-reason").inner_text()
    told = (
        "Punkte pro Runde",
        "Gewinnchance",
        "gleich viel wert",
        "einzige erlaubte Zug",
        "etwa gleich gut",
        "dieselbe Chance",
    )
    assert any(words in german for words in told), german
    assert "points" not in german and "You hold" not in german, german
    page.select_option("#language", "en")
    page.keyboard.press("Escape")  # closes the settings menu first
    page.locator("#table-title").focus()

    page.keyboard.press("h")  # the key closes the hint (its choice stays marked) ...
    expect(page.locator("#hint-panel")).to_have_count(0)
    expect(page.locator("#hint-button")).to_have_attribute("aria-expanded", "false")
    expect(page.locator(f'.hand-card.coach-pick[data-action="{recommended}"]')).to_have_count(1)
    page.keyboard.press("h")  # ... and opens it again from what it got
    expect(page.locator("#hint-recommended")).to_have_attribute("data-action", recommended)

    act(game, recommended)  # the next action dismisses the hint
    expect(page.locator("#hint-panel")).to_have_count(0)
    expect(page.locator(".coach-pick")).to_have_count(0)
    # At another seat's turn there is no hint button. The turn may come straight back (a
    # dealer's discard, or the lead after a trick won): play on until another seat is to act.
    page_now = """() => ({mine: document.querySelector('.table-page').dataset.myTurn,
                          button: document.querySelectorAll('#hint-button').length})"""
    for _ in range(12):
        now = page.evaluate(page_now)
        if now["mine"] != "true":
            break
        game.act_by_click()
    assert now == {"mine": "false", "button": 0}


def test_a_bid_hint_with_going_under_ranks_without_a_column_of_dashes(
    new_page: PageFactory, coached: LiveServer
) -> None:
    """With going under at the table the coach cannot play the bidding out: its bid hint
    ranks the choices by the model and says so, with no Points or Chance columns of "–"."""
    page = new_page(viewport=PHONE, server=coached)
    game, _, _ = open_started_table(page, "standard", {"go_under": "mixed"}, name="Una")
    now = reach(game, "bid_r1")
    _ask_hint(page)
    assert sorted(_hint_rows(page)) == sorted(now["legal"])
    expect(page.locator("#hint-values th[scope=col]")).to_have_count(1)  # the choice alone
    expect(page.locator("#hint-values td")).to_have_count(0)
    expect(page.locator("#hint-legend")).to_contain_text("cannot play the bidding out")
    expect(page.locator(".coach-note")).to_have_count(0)  # not "from 0 ways the cards lie"


def test_a_spectator_gets_no_hint_button(new_page: PageFactory, coached: LiveServer) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Ivo")
    game = _table_with_bots(page, "casual")
    game.wait_my_turn_or("false")
    expect(page.locator("#hint-button")).to_be_visible()
    watcher = new_page(viewport=PHONE, server=coached)
    enter_name(watcher, "Jas")
    watcher.goto(f"/#/table/{game.attr('table')}")
    GamePage(watcher).wait_table()
    expect(watcher.locator(".table-page")).to_have_attribute("data-status", "playing")
    expect(watcher.locator(".hand-card")).to_have_count(0)
    expect(watcher.locator("#hint-button")).to_have_count(0)
    watcher.keyboard.press("h")
    expect(watcher.locator("#hint-panel")).to_have_count(0)


def test_no_hint_at_a_table_with_hints_switched_off(
    new_page: PageFactory, coached: LiveServer
) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Kai")
    page.wait_for_selector("#create-hints")
    expect(page.locator("#create-hints")).to_be_checked()  # on unless the host says no
    game = _table_with_bots(page, "private", hints=False)
    assert page.evaluate("window.euchre.current.info.hints") is False
    for _ in range(3):  # a few of one's own turns
        game.wait_my_turn_or("false")
        expect(page.locator("#prompt")).not_to_be_empty()
        expect(page.locator("#hint-button")).to_have_count(0)
        page.keyboard.press("h")
        expect(page.locator("#hint-panel")).to_have_count(0)
        game.act_by_click()


HIDDEN_BY_THE_HINT = """(selector) => {
    const panel = document.querySelector('#hint-panel').getBoundingClientRect();
    return [...document.querySelectorAll(selector)].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.height && r.left < panel.right - 1 && panel.left < r.right - 1
            && r.top < panel.bottom - 1 && panel.top < r.bottom - 1;
    }).map((e) => e.dataset.card || e.dataset.action || e.id || e.className);
}"""


def _hidden_by_the_hint(
    page: Page, selector: str = ".hand-card, [data-cmd=act], #go-alone"
) -> list[str]:
    """The hand's cards and the choices the hint panel lies over (none may be; on a phone
    it lies over the player's own seat and the prompt, and closes with its own button)."""
    return list(page.evaluate(HIDDEN_BY_THE_HINT, selector))


PHONES = ("phone", "small-phone", "short-phone", "landscape", "small-landscape")
TABLET = {"width": 768, "height": 1024}  # upright: room for the hint below the turn-up
# the side column beside the felt: the hint lies over its top, the felt all in view (on
# the felt a laptop's hint lay over the turn-up and the other seats)
BESIDE = {"desktop": SIZES["desktop"], "laptop": {"width": 1366, "height": 768}}
BESIDE["tablet-landscape"] = {"width": 1024, "height": 768}


@pytest.mark.parametrize("phase", ["bid_r1", "bid_r2", "play"])
def test_the_hint_leaves_the_hand_and_the_choices_in_view(
    new_page: PageFactory, coached: LiveServer, phase: str
) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Oli")
    game = _table_with_bots(page, "private")
    now = reach(game, phase)
    _ask_hint(page)
    sizes = {**{name: SIZES[name] for name in PHONES}, "tablet": TABLET, **BESIDE}
    # and a phone's again after a desktop's: the hint beside the felt came back to the felt
    for name, size in [*sizes.items(), ("landscape again", SIZES["landscape"])]:
        page.set_viewport_size(size)
        expect(page.locator(".hand-card")).to_have_count(len(now["hand"]))
        expect(page.locator("#hint-panel")).to_be_visible()
        outside = _outside(page, size)
        assert not outside, f"{phase} at {name}: {outside}"
        hidden = _hidden_by_the_hint(page)
        assert not hidden, f"{phase} at {name}: the hint covers {hidden}"
        panel = page.locator("#hint-panel").bounding_box()
        assert panel and panel["y"] >= 0 and panel["y"] + panel["height"] <= size["height"]
        expect(page.locator("#hint-panel .coach-close")).to_be_in_viewport(ratio=1)
        # the card bid on stays in sight (the hint lay over it)
        assert not _hidden_by_the_hint(page, ".upcard:not(.down)"), f"{phase} at {name}"
        if name in BESIDE:
            felt = page.locator(".felt").bounding_box()
            assert felt and panel["x"] >= felt["x"] + felt["width"], f"{phase} at {name}"
        if phase == "bid_r1" and name in ("phone", "small-phone"):  # and the others' bids
            seats = _hidden_by_the_hint(page, ".seat:not(.pos-bottom)")
            assert not seats, f"at {name} the hint covers {seats}"


def _server_review(live: LiveServer, table: str, deal: int, seat: int) -> list[dict[str, Any]]:
    async def get() -> list[dict[str, Any]]:
        return await live.server.reviews.get(table, deal, seat, "the test")

    return list(live.run(get()))


def _page_review(page: Page) -> list[dict[str, str]]:
    return list(
        page.locator("#review-decisions li").evaluate_all(
            "els => els.map(e => ({index: e.dataset.index, mark: e.dataset.mark,"
            " chosen: e.dataset.chosen, best: e.dataset.best}))"
        )
    )


def _finish_a_hand(game: GamePage) -> int:
    """Play until the hand summary shows (a new game if this one ended); its deal number."""
    for _ in range(3):
        game.play_until(f"{SUMMARY} || t.dataset.phase === 'game_over'")
        if game.page.locator("#summary-continue").count():
            return int(str(game.page.locator("#hand-summary").get_attribute("data-deal")))
        game.page.goto("/#/")
        _table_with_bots(game.page, "private")
    raise AssertionError("no hand summary in three games")


def test_the_hand_review_rates_my_decisions_of_the_hand(
    new_page: PageFactory, coached: LiveServer
) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Lea")
    game = _table_with_bots(page, "private")
    deal = _finish_a_hand(game)
    table, seat = game.attr("table"), int(game.attr("seat"))
    page.click("#summary-review")
    expect(page.locator("#review-title")).to_be_focused()
    expect(page.locator("#review-title")).to_have_text(f"Review of hand {deal + 1}")
    page.wait_for_selector("#review-summary", timeout=COACH_WAIT)
    expected = _server_review(coached, table, deal, seat)
    shown = _page_review(page)
    assert len(shown) == len(expected)
    assert shown == [
        {
            "index": str(d["index"]),
            "mark": d["mark"] or "",
            "chosen": d["chosen"],
            "best": d["best"],
        }
        for d in expected
    ]
    marks = [d["mark"] for d in expected if d["mark"]]
    summary = page.locator("#review-summary").inner_text()
    assert summary.startswith(f"{len(expected)} decision"), summary
    stems = {"blunder": "blunder", "mistake": "mistake", "inaccuracy": "inaccurac"}  # -y, -ies
    for mark, stem in stems.items():
        if mark in marks:
            assert f"{marks.count(mark)} {stem}" in summary, summary
    if expected:  # the value the losses are counted in, said once
        expect(page.locator("#review-value-help")).to_contain_text("chance of winning the game")
    for item, decision in zip(page.locator("#review-decisions li").all(), expected, strict=True):
        expect(item.locator(".coach-reason")).not_to_be_empty()
        if decision["tied"] and decision["chosen"] != decision["best"]:
            told = item.inner_text().lower()  # too close to call: said, and no cost told
            # (numbers apart by less than the deals vary: which came out ahead, no cost)
            said = r"about equal to |worth the same as |comes out (ahead of|behind) "
            tie = re.search(said, told)
            assert tie and " cost " not in told, (told, decision)
        elif decision["loss"] >= 0.005:  # a worse choice names the best and what it cost
            # "It cost 3.3 percentage points of your side's chance of winning the game (0.48
            # points a hand)":
            # the numbers a hint shows beside each action, not a value of their own.
            told = item.locator(".coach-compare").inner_text()
            assert "points of value" not in told, told
            if decision["loss_win"] is not None:
                cost = float(re.search(r"cost (-?\d+\.\d) percentage points", told)[1])  # type: ignore[index]
                assert abs(cost - 100 * decision["loss_win"]) <= 0.051, (told, decision)
                if len(decision["facts"]) > 1:  # the cost is told once, not again in the reason
                    reason = item.locator(".coach-reason").inner_text()
                    assert f"{cost:.1f} percentage points" not in reason, reason
        # who played each card on the table, from the player's seat
        for played in item.locator(".coach-trick .coach-played").all():
            assert played.locator("small").inner_text() in ("partner", "left", "right"), played
    # the hand's trump and its maker, as the score sheet has them
    row = page.evaluate(f"window.euchre.current.sheet.find((r) => r.deal === {deal})")
    contract = page.locator("#review-contract")
    if row and row["trump"]:
        expect(contract).to_contain_text("Trump:")
        maker = page.evaluate("(seat) => window.euchre.current.seatName(seat)", row["maker"])
        expect(contract).to_contain_text(f"Maker: {maker}")
    else:  # no trump made (a hand thrown in)
        expect(contract).to_have_count(0)
    box = page.locator("#review-panel").bounding_box()
    assert box and box["width"] <= PHONE["width"] and box["y"] >= 0  # a sheet on the phone

    page.set_viewport_size(SIZES["desktop"])  # the review beside the felt, the summary on it
    # the next deal goes on (continued, unless the pause ran out while the coach thought)
    page.evaluate("document.querySelector('#summary-continue')?.click()")
    game.wait_my_turn_or("false")  # the next deal's first turn of mine: the review waits
    assert int(game.attr("deal")) > deal
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#review-your-turn")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#review-panel")).to_have_count(0)

    page.click("#review-list summary")  # every finished hand stays reachable
    page.click(f"#review-hand-{deal}")
    expect(page.locator("#review-decisions li")).to_have_count(len(expected))
    page.click("[data-cmd=close-review] >> nth=0")
    expect(page.locator("#review-panel")).to_have_count(0)
    # closed at the player's turn: back to the table, the focus on a choice
    expect(page.locator(".felt .dock")).to_be_in_viewport()
    assert page.evaluate("!!document.activeElement.closest('.felt .dock')")


def test_the_review_and_the_score_sheet_open_one_at_a_time(
    new_page: PageFactory, coached: LiveServer
) -> None:
    """On a phone the score sheet opened over the hand's review, the page scrolled between."""
    page = new_page(viewport=PHONE, server=coached, touch=True)
    enter_name(page, "Ola")
    game = _table_with_bots(page, "private")
    deal = _finish_a_hand(game)
    page.locator("#summary-review").tap()
    expect(page.locator("#review-title")).to_be_visible()
    page.evaluate("document.querySelector('#summary-continue').click()")  # the pause ran out
    page.locator("#felt-score-sheet").tap()
    expect(page.locator("#score-sheet-title")).to_be_visible()
    expect(page.locator("#review-title")).to_have_count(0)
    # and the other way round, by the sheet's own button for the hand: the summary that
    # offered the review closes in seconds, and the side panel's list is below the table
    page.locator(f"#sheet-review-{deal}").tap()
    expect(page.locator("#review-title")).to_be_visible()
    expect(page.locator("#score-sheet-title")).to_be_hidden()


def test_a_review_before_the_hand_is_over_is_refused_in_words(
    new_page: PageFactory, coached: LiveServer
) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Max")
    game = _table_with_bots(page, "private")
    game.wait_my_turn_or("false")
    deal = int(game.attr("deal"))
    page.evaluate(f"window.euchre.current.coach.openReview({deal}, null)")
    expect(page.locator("#review-error")).to_have_text("The coach rates a hand once it is over.")
    page.keyboard.press("Escape")
    expect(page.locator("#review-panel")).to_have_count(0)


def test_the_hint_and_the_review_pass_axe_on_a_phone(
    new_page: PageFactory, coached: LiveServer
) -> None:
    page = new_page(viewport=PHONE, server=coached)
    enter_name(page, "Noa")
    game = _table_with_bots(page, "casual")
    deal = _finish_a_hand(game)
    page.click("#summary-review")
    page.wait_for_selector("#review-summary", timeout=COACH_WAIT)
    assert_accessible(page, "the hand review over the hand summary")
    page.keyboard.press("Escape")  # closes the review (on a phone a sheet over the table)
    expect(page.locator("#review-panel")).to_have_count(0)
    reach(game, "play")
    _ask_hint(page)
    assert_accessible(page, "the table with the coach's hint")
    assert state(game)["deal"] > deal


@pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
def test_each_reviewed_decision_shows_the_table_and_the_hand_it_was_made_at(
    new_page: PageFactory, coached: LiveServer, viewport: dict[str, int]
) -> None:
    """ "Blunder: Play Queen of spades" says little without the position: each decision
    shows, small, the trick so far (or the turn-up while bidding) and the hand held."""
    page = new_page(viewport=viewport, server=coached, touch=True)
    enter_name(page, "Ilse")
    game = _table_with_bots(page, "private")
    deal = _finish_a_hand(game)
    table, seat = game.attr("table"), int(game.attr("seat"))
    page.locator("#summary-review").tap()
    page.wait_for_selector("#review-summary", timeout=COACH_WAIT)
    expected = _server_review(coached, table, deal, seat)
    items = page.locator("#review-decisions li")
    expect(items).to_have_count(len(expected))
    for item, decision in zip(items.all(), expected, strict=True):
        where = decision["position"]
        hand = item.locator(".coach-hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert hand == where["hand"] and hand, where
        trick = item.locator(".coach-trick .card").evaluate_all(
            "els => els.map(e => ({seat: Number(e.dataset.seat), card: e.dataset.card}))"
        )
        assert trick == where["trick"]
        upcard = item.locator(".coach-upcard .card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert upcard == ([where["upcard"]] if where["upcard"] and not trick else [])
        if decision["chosen"].startswith("play "):
            assert decision["chosen"].removeprefix("play ") in hand
        # read as one sentence: "Your hand: Jack of spades, ..."
        label = item.locator(".coach-hand").get_attribute("aria-label") or ""
        assert label.startswith("Your hand: ")
    first = items.first.locator(".coach-position")
    first.scroll_into_view_if_needed()
    box = first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    # big enough that a card's corner reads on a phone (they were 26 px wide)
    widths = page.locator("#review-decisions .coach-cards .card").evaluate_all(
        "cards => cards.map((card) => card.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 34, widths
    folder = os.environ.get("EUCHRE_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/review-position-{viewport['width']}.png")


# The bid row as felt.js draws it for a stand-in page: which buttons the coach's ring is on,
# with "go alone" off and on.
RINGED = """async ([pick, goAlone]) => {
    const { bidButtons } = await import('./felt.js');
    const acts = [
        { kind: 'pass', text: 'pass' },
        { kind: 'order', text: 'order', alone: false },
        { kind: 'order', text: 'order alone', alone: true },
    ];
    const page = {
        goAlone,
        coach: { pick: () => pick },
        t: (key) => key,
        choicesHeld: () => false,
        actionLabel: (act) => act.text,
    };
    const row = bidButtons(page, acts);
    return [...row.querySelectorAll('.coach-pick')].map((el) => el.id || el.dataset.plainAction);
}"""


def test_the_coachs_ring_follows_what_the_bid_button_sends(
    new_page: PageFactory, live: LiveServer
) -> None:
    """The coach picked "order up"; "go alone" turned the button into "order up alone", and
    the ring stayed on it, as if the coach said to go alone."""
    page = new_page()
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert page.evaluate(RINGED, ["order", False]) == ["order"]
    assert page.evaluate(RINGED, ["order", True]) == []
    # the coach picked the loner: the button and the toggle while it is off, then the button
    assert page.evaluate(RINGED, ["order alone", False]) == ["order", "go-alone"]
    assert page.evaluate(RINGED, ["order alone", True]) == ["order", "go-alone"]


def test_a_finger_back_at_the_game_over_box_sees_it_from_its_top_and_finds_it_again(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    """On a phone the game over box scrolls, its last hand's review button at its foot:
    closing the review put the box back scrolled to that button, "You won!" out of sight.
    A finger comes back to the box's top (focus still on the button, for a keyboard)."""
    page = new_page(viewport=PHONE, server=easy_bots, touch=True)
    enter_name(page, "Wren")
    if page.locator("#opt-target").is_hidden():
        page.locator(".more-options summary").tap()
    page.select_option("#opt-target", "5")  # a short game
    page.locator("#create-start-now").tap()
    page.locator("#create-table").tap()
    game = GamePage(page)
    game.wait_table()
    game.play_until("!!document.querySelector('#game-over')", max_moves=400)
    box = page.locator("#game-over")
    assert box.evaluate("b => b.scrollHeight > b.clientHeight")  # the case: it scrolls
    page.locator("#final-review").tap()
    expect(page.locator("#review-panel")).to_be_visible()
    page.locator("[data-cmd=close-review]").first.tap()
    expect(page.locator("#final-review")).to_be_focused()
    assert box.evaluate("b => b.scrollTop") == 0
    expect(page.locator("#game-over-title")).to_be_in_viewport(ratio=1)
    # Closed, the page shows the table (it jumped down to the side panel's "Show the
    # result"), and the way back to the box, and to "Play again", is on the felt.
    back = page.locator("#felt-show-result")
    for scrolled_to in ("the felt", "below the felt"):
        if scrolled_to == "below the felt":  # a finger had scrolled the page on, under the box
            page.locator("[data-cmd=show-result]").first.tap()
            page.evaluate("scrollTo(0, scrollY + document.querySelector('.felt').offsetHeight)")
        else:
            page.evaluate("scrollTo(0, 0)")
        before = page.evaluate("scrollY")
        page.locator("#close-game-over").tap()
        expect(box).to_have_count(0)
        expect(back).to_be_in_viewport(ratio=1)
        expect(back).to_be_focused()
        after = page.evaluate("scrollY")
        assert after == before if scrolled_to == "the felt" else after < before, scrolled_to
    back.tap()
    expect(page.locator("#play-again")).to_be_visible()
