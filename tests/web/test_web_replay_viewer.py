"""The replay viewer in a real browser: a finished game stepped through hand by hand and
checked against the server's own record of it (the engine's log at the table), the coach's
marks at the player's own decisions, an EGN file opened (the server checks and replays it),
bad files refused, and the page on a phone, a phone on its side and a desktop (axe)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import (
    DESKTOP,
    PHONE,
    GamePage,
    LiveServer,
    create_private_table,
    enter_name,
    open_settings,
)

from euchre.engine import GameState, Variant, preset
from euchre.engine.actions import ActionKind
from euchre.engine.cards import CARD_TEXT, card_list
from euchre.engine.deal import DealRecord
from euchre.engine.records import export_egn

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "egn"
LANDSCAPE = {"width": 844, "height": 390}
POSITIONS = ("left", "top", "right", "bottom")
SMALL_LANDSCAPE = {"width": 740, "height": 360}
SMALL_PHONE_SIDEWAYS = {"width": 664, "height": 390}
# The class of the nearest box that clips ``el`` (cuts part of it off), or null.
CLIPPED_BY = """(el) => {
    const r = el.getBoundingClientRect();
    for (let box = el.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = box.getBoundingClientRect();
        const cut = r.bottom > b.bottom + 1 || r.top < b.top - 1 || r.right > b.right + 1;
        if (cut) return box.className;
    }
    return null;
}"""
SHOTS = Path("/tmp/euchre-replay-shots")  # looked at by people, never part of the tree
GAME_OVER = "!!document.querySelector('#game-over')"
# The player's bad habits, so that the coach has something to mark: alone whenever
# allowed, else pass, else the first legal card.
BAD_HABITS = """() => {
    const legal = window.euchre.current.state.legal;
    const alone = legal.find((a) => /^(order|call)\\b.*\\balone$/.test(a));
    const action = alone || (legal.includes("pass") ? "pass" : legal[0]);
    window.euchre.current.act(action);
    return action;
}"""
MARK_WORDS = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}


def _play_to_the_end(page: Page, game: GamePage) -> None:
    for _ in range(500):
        if game.wait_my_turn_or(GAME_OVER) == "other":
            return
        before = game.version()
        page.evaluate(BAD_HABITS)
        game.wait_version_above(before)
    raise AssertionError("the game did not end")


def _session(page: Page) -> dict[str, str]:
    cookies = page.context.cookies()
    return {c["name"]: c["value"] for c in cookies if c["name"] == "euchre_session"}


def _deals(live: LiveServer, table_id: str) -> list[DealRecord]:
    async def read() -> list[DealRecord]:
        return list(live.server.lobby.tables[table_id].state.deals)

    return list(live.run(read()))


def _variant(live: LiveServer, table_id: str) -> Variant:
    async def read() -> Variant:
        return live.server.lobby.tables[table_id].variant

    found: Variant = live.run(read())
    return found


def _shots(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", animations="disabled")


def _cards(page: Page, selector: str) -> list[str]:
    return [
        str(c) for c in page.locator(selector).evaluate_all("es => es.map(e => e.dataset.card)")
    ]


def _hand(seat: int) -> str:
    return f".replay-seat[data-seat='{seat}'] .card-row .card"


def _hands(page: Page, seats: int) -> list[list[str]]:
    """Every hand shown, by seat, each sorted."""
    found = page.locator(".replay-seat").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.seat,"
        " [...e.querySelectorAll('.card-row .card')].map(c => c.dataset.card).sort()]))"
    )
    return [list(found[str(s)]) for s in range(seats)]


def _trick(page: Page) -> list[tuple[int, str]]:
    found = page.locator("#replay-trick li").evaluate_all(
        "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])"
    )
    return [(int(s), str(c)) for s, c in found]


def test_a_finished_game_hand_by_hand_with_the_coachs_marks(
    new_page: PageFactory, live: LiveServer
) -> None:
    """A guest plays a private game with three bots to its end, then watches its replay:
    each step as the server recorded it, and the coach's mark at each of their decisions."""
    page = new_page()
    enter_name(page, "Lea")
    game = create_private_table(page, start_with_bots=True)
    _play_to_the_end(page, game)
    table_id = game.attr("table")
    review = httpx.get(
        f"{live.base}/api/games/{table_id}/review", cookies=_session(page), timeout=300
    )
    assert review.status_code == 200, review.text
    _check_stored_replay(page, live, table_id, review.json())
    _check_the_coach(page, table_id, review.json())
    # The board faces the player, "you" on their seat, from the first step: the review that
    # says it too can take a while (here it never comes); the board turned when it came.
    seat = review.json()["seat"]
    page.route("**/review*", lambda route: route.abort())
    page.goto("/#/replay")
    page.goto(f"/#/replay/{table_id}")
    bottom = page.locator(".replay-seat.pos-bottom")
    expect(bottom.locator(".you")).to_have_count(1)
    assert bottom.get_attribute("data-seat") == str(seat)
    expect(page.locator(".replay-seat .you")).to_have_count(1)


def _check_stored_replay(page: Page, live: LiveServer, table_id: str, review: Any) -> None:
    seat = review["seat"]
    deals = _deals(live, table_id)
    page.goto(f"/#/replay/{table_id}")
    expect(page.locator("#replay-board")).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-decisions-box")).to_be_visible()  # the coach came
    expect(page.locator(f".replay-seat[data-seat='{seat}'] .you")).to_have_text("you")
    # the bots' seats say so (people may have the names bots play under), the player's not
    bots = [f".replay-seat[data-seat='{s}'] .bot-chip" for s in range(4) if s != seat]
    expect(page.locator(", ".join(bots))).to_have_count(3)
    expect(page.locator(f".replay-seat[data-seat='{seat}'] .bot-chip")).to_have_count(0)
    players = page.locator("#replay-summary p").first.inner_text()
    assert players.count(" (bot)") == 3 and "Lea (bot)" not in players, players
    expect(page.locator("#replay-deal option")).to_have_count(len(deals))
    expect(page.locator("#replay-sheet tbody tr")).to_have_count(len(deals))
    _check_hand(page, _variant(live, table_id), deals[0])
    page.keyboard.press("PageDown")
    expect(page.locator("#replay-board")).to_have_attribute("data-deal", "1")
    expect(page.locator("#replay-board")).to_have_attribute("data-step", "0")
    expect(page.locator("#announcer")).to_contain_text("Hand 2. ")  # it changed hands silently
    page.keyboard.press("End")
    last = len(deals[1].steps)
    expect(page.locator("#replay-board")).to_have_attribute("data-step", str(last))
    expect(page.locator("#replay-last")).to_be_disabled()
    scores = deals[1].steps[-1].deal_over.scores  # type: ignore[union-attr]
    expect(page.locator("#replay-score")).to_have_attribute(
        "data-score", ",".join(map(str, scores))
    )
    page.click("#replay-next")  # on past a hand's end: the next hand from its deal
    expect(page.locator("#replay-board")).to_have_attribute("data-deal", "2")
    expect(page.locator("#replay-board")).to_have_attribute("data-step", "0")
    page.select_option("#replay-deal", str(len(deals) - 1))
    page.click("#replay-last")
    expect(page.locator("#replay-next")).to_be_disabled()  # the game's end
    page.select_option("#replay-deal", "1")
    page.keyboard.press("PageUp")
    expect(page.locator("#replay-board")).to_have_attribute("data-deal", "0")
    for name, size in (("phone", PHONE), ("landscape", LANDSCAPE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.keyboard.press("Home")
        for _ in range(7):
            page.click("#replay-next")
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= size["width"], (name, wide)
        expect(page.locator("#replay-next")).to_be_in_viewport()  # the steps stay at hand
        if name == "phone":  # clockwise round a 2 x 2 grid: partners across a corner
            box = {p: page.locator(f".replay-seat.pos-{p}").bounding_box() for p in POSITIONS}
            corners = {p: (b["x"] > 150, b["y"] > box["left"]["y"]) for p, b in box.items() if b}
            assert corners == {
                "left": (False, False),
                "top": (True, False),
                "right": (True, True),
                "bottom": (False, True),
            }, corners
        _shots(page, f"stored-{name}")
        assert_accessible(page, f"a replay ({name})")


def _check_hand(page: Page, variant: Variant, record: DealRecord) -> None:
    """Step through a hand with the arrow key; at each step every hand, the trick, its
    winner and the tricks won are those of the table's log played again on its deck."""
    state = GameState(variant, dealer=record.dealer, scores=list(record.scores_before),
                      decks=[list(record.deck)])  # fmt: skip
    n = variant.players
    trick: list[tuple[int, str]] = []
    complete = False  # the last trick stays on the table until the next card
    won = [0] * n
    for index, step in enumerate([None, *record.steps]):
        if step is not None:
            state.apply(step.action.text, seat=step.seat)
            page.keyboard.press("ArrowRight")
        expect(page.locator("#replay-board")).to_have_attribute("data-step", str(index))
        if step is None or step.end is None:  # (after the last step the state is the next deal's)
            assert _hands(page, n) == [
                sorted(CARD_TEXT[c] for c in card_list(m)) for m in state.hands
            ]
        card = None if step is None else step.action.card
        if step is not None and step.action.kind == ActionKind.PLAY and card is not None:
            if complete:
                trick, complete = [], False
            trick.append((step.seat, CARD_TEXT[card]))
        if step is not None and step.trick is not None:
            won[step.trick.winner] += 1
            assert trick == [(s, CARD_TEXT[c]) for s, c in step.trick.plays]
            complete = True
            winner = page.locator("#replay-trick li.winner")
            expect(winner).to_have_attribute("data-seat", str(step.trick.winner))
            expect(page.locator("#replay-note")).to_contain_text(f"wins trick {step.trick.number}")
        assert _trick(page) == trick
        tricks = page.locator(".tricks-won").evaluate_all(
            "els => Object.fromEntries(els.map(e =>"
            " [e.closest('.replay-seat').dataset.seat, Number(e.dataset.tricks)]))"
        )
        assert [tricks[str(s)] for s in range(n)] == won
    summary = record.steps[-1].deal_over
    assert summary is not None
    expect(page.locator("#replay-score")).to_have_attribute(
        "data-score", ",".join(map(str, summary.scores))
    )
    expect(page.locator("#replay-last")).to_be_disabled()
    page.keyboard.press("Home")
    expect(page.locator("#replay-board")).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-note")).to_contain_text("The cards are dealt.")


def _check_the_coach(page: Page, table_id: str, review: Any) -> None:
    marked = [(d["deal"], x) for d in review["deals"] for x in d["decisions"] if x["mark"]]
    assert marked, "bad habits always earn a mark in a whole game"
    # from the list of games, as a player comes: the list's page gives way to the game's
    # (its listeners stayed on and failed at each pick of a hand: "reading 'deals'")
    page.goto("/#/replay")
    expect(page.locator("#egn-file")).to_be_attached()
    page.goto(f"/#/replay/{table_id}")
    expect(page.locator("#replay-decisions-box")).to_be_visible()
    deal, decision = marked[0]
    page.select_option("#replay-deal", str(deal))
    expect(page.locator("#replay-board")).to_have_attribute("data-deal", str(deal))
    listed = page.locator("#replay-decisions button")
    mine = next(d for d in review["deals"] if d["deal"] == deal)["decisions"]
    expect(listed).to_have_count(len(mine))
    assert listed.evaluate_all("bs => bs.map(b => b.dataset.mark)") == [
        d["mark"] or "none" for d in mine
    ]
    listed.nth(mine.index(decision)).click()
    step = decision["index"] + 1
    expect(page.locator("#replay-board")).to_have_attribute("data-step", str(step))
    verdict = page.locator("#replay-review")
    expect(verdict).to_have_attribute("data-mark", decision["mark"])
    expect(verdict.locator(".mark-label")).to_have_text(MARK_WORDS[decision["mark"]])
    # The reason is made from its facts in the viewer's words (the server's sentence names
    # actions by their record texts): its first sentence names the best action as "Best:"
    # does, as a thing done ("Best: Play Nine of hearts." "Playing the Nine of hearts ...").
    assert decision["facts"] and decision["facts"][0]["kind"] in ("margin", "forced")
    reason = verdict.locator(".coach-reason")
    expect(reason).not_to_be_empty()
    if decision["best"] != decision["chosen"]:
        best = verdict.locator(".coach-best").inner_text()
        assert best.startswith("Best: ") and best.endswith(".")
        words, told = best[len("Best: ") : -1], reason.inner_text()
        assert told[:1].isupper(), told  # a sentence's capital
        named = words.removesuffix(", alone").split(" ", 1)[-1].lower()  # "nine of hearts"
        assert named in told.split(". ")[0].lower(), (told, best)
    english = reason.inner_text()
    assert any(w in english for w in ("points", "chance of winning", "worth the same")), english
    open_settings(page)  # and in German when the viewer reads German
    page.select_option("#language", "de")
    expect(page.locator("#replay-review-title")).to_contain_text("Trainer")
    german = reason.inner_text()
    assert german != english and "points" not in german, german
    assert any(w in german for w in ("Punkte", "Gewinnchance", "gleich viel wert")), german
    page.select_option("#language", "en")
    page.keyboard.press("Escape")
    expect(page.locator("#replay-note")).to_contain_text("Lea")  # the player's own step
    expect(page.locator("#announcer")).to_contain_text(f"Coach: {MARK_WORDS[decision['mark']]}.")
    page.keyboard.press("ArrowRight")  # the next step is someone else's, or unrated
    expect(page.locator("#replay-board")).to_have_attribute("data-step", str(step + 1))
    if step not in [d["index"] for d in mine]:
        expect(verdict).to_have_count(0)
    page.set_viewport_size(PHONE)
    listed.nth(mine.index(decision)).click()
    _shots(page, "coach-phone")
    # on a phone the reason waits behind "Why?": with it, the hands were below the fold
    expect(verdict.locator(".coach-reason")).to_be_hidden()
    verdict.locator("details.replay-why summary").click()
    expect(verdict.locator(".coach-reason")).to_be_visible()
    expect(verdict.locator(".coach-reason")).to_have_text(english)
    assert_accessible(page, "a coach's mark in a replay (phone)")
    # By keyboard on a phone on its side: the board scrolls into view and the focus goes
    # with it to the verdict (it stayed on the list, out of sight)
    page.set_viewport_size(LANDSCAPE)
    page.keyboard.press("Home")
    listed.nth(mine.index(decision)).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-board")).to_have_attribute("data-step", str(step))
    expect(verdict).to_be_focused()
    expect(verdict).to_be_in_viewport()
    assert_accessible(page, "a coach's mark in a replay (phone on its side)")
    # A small phone on its side: the verdict was cut off beside the trick (the board's
    # centre has the seats' height); it now reads whole under the steps.
    page.set_viewport_size(SMALL_PHONE_SIDEWAYS)
    listed.nth(mine.index(decision)).click()
    expect(verdict).to_be_in_viewport()
    assert verdict.evaluate(CLIPPED_BY) is None
    if decision["best"] != decision["chosen"]:  # the better choice is said on a phone too
        expect(verdict.locator(".coach-best")).to_have_css("position", "static")
    expect(page.locator(".replay-centre #replay-review")).to_have_count(0)
    _shots(page, "coach-small-landscape")
    page.set_viewport_size(PHONE)  # turned upright: beside the trick again
    expect(page.locator(".replay-centre #replay-review")).to_have_count(1)


def test_an_opened_egn_file_is_replayed_by_the_server(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE)
    page.goto("/#/replay")
    path = EXAMPLES / "Epic_Comeback.egn"
    expected = httpx.post(
        f"{live.base}/api/replays",
        content=path.read_bytes(),
        headers={"content-type": "application/json"},
    ).json()
    with page.expect_request(lambda r: r.url.endswith("/api/replays") and r.method == "POST"):
        page.set_input_files("#egn-file", path)
    expect(page.locator("#replay-board")).to_be_visible()
    expect(page.locator("#replay-deal option")).to_have_count(len(expected["deals"]))
    expect(page.locator("#replay-summary")).to_contain_text("Ace_189x")
    expect(page.locator("#replay-summary [data-score]")).to_have_attribute("data-score", "11,9")
    expect(page.locator("#egn-download")).to_have_attribute("download", "Epic_Comeback.egn")
    expect(page.locator("#replay-coach")).to_have_count(0)  # a file has no player to review
    # a dealer's order took the turn-up: "Picked up alone", as the table said it
    bid = """([dealer]) => window.euchre.current.bidText(
        {kind: 'order', alone: true, text: 'order alone'}, dealer)"""
    assert page.evaluate(bid, [True]) == "Picked up alone"
    assert page.evaluate(bid, [False]) == "Ordered up alone"
    first = expected["deals"][0]
    for seat, hand in enumerate(first["hands"]):
        assert _cards(page, _hand(seat)) == hand
    page.click("#replay-last")
    expect(page.locator("#replay-note")).to_contain_text("wins trick 5")
    expect(page.locator("#replay-score")).to_have_attribute(
        "data-score", ",".join(map(str, first["result"]["score"]))
    )
    _shots(page, "file-phone")
    assert_accessible(page, "an opened EGN file (phone)")


@pytest.mark.parametrize("sideways", [LANDSCAPE, SMALL_LANDSCAPE], ids=["844", "740"])
def test_a_replay_fits_a_phone_upright_and_on_its_side(
    new_page: PageFactory, live: LiveServer, sideways: dict[str, int]
) -> None:
    """On its side (740 px wide too: the seats went under the trick, off the screen's
    foot, and the trick's cards past its right edge) the seats, their cards and the trick
    show between the top and the steps, nothing beyond the screen's sides."""
    page = new_page(viewport=PHONE)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")  # players' long names
    expect(page.locator("#replay-board")).to_be_visible()
    widths = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    wide, screen = page.evaluate(widths)
    assert wide <= screen, "the page scrolls sideways on a phone (the score sheet is too wide)"
    page.set_viewport_size(sideways)
    while page.locator("#replay-trick li").count() < 4:  # the first trick in full
        page.click("#replay-next")
    page.evaluate("window.scrollTo(0, 0)")
    wide, screen = page.evaluate(widths)
    assert wide <= screen, f"the page is {wide} px wide on a {screen} px screen"
    steps = page.locator(".replay-steps").bounding_box()
    assert steps is not None and steps["y"] + steps["height"] <= sideways["height"] + 0.5
    cards = page.locator(".replay-seat .card, #replay-trick .card").all()
    assert len(cards) == 4 * 5  # the four hands left after the first trick, and the trick
    for card in cards:
        box = card.bounding_box()
        assert box is not None, card
        assert box["x"] >= 0 and box["x"] + box["width"] <= sideways["width"] + 0.5, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= steps["y"] + 0.5, box
    for part in page.locator(".replay-seat, #replay-trick, #replay-note").all():
        box = part.bounding_box()
        assert box is not None and box["y"] >= 0, part
        assert box["y"] + box["height"] <= steps["y"] + 0.5, (
            "under the steps or off the screen",
            part.get_attribute("class"),
            box,
            steps,
        )
    _shots(page, f"file-landscape-{sideways['width']}")
    assert_accessible(page, "a replay on a phone on its side")


@pytest.mark.parametrize(
    "size", [PHONE, {"width": 360, "height": 640}, LANDSCAPE], ids=["390", "360", "844"]
)
def test_a_dealers_six_cards_show_whole_on_a_phone(
    new_page: PageFactory, live: LiveServer, size: dict[str, int]
) -> None:
    """Between picking up and discarding, the dealer holds six cards: at 390 px the sixth
    was cut at the edge of the seat's box (fanned for five)."""
    page = new_page(viewport=size)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
    expect(page.locator("#replay-board")).to_be_visible()
    six = page.locator(".replay-seat:has(.card-row > .card:nth-child(6))")
    for _ in range(200):
        if six.count():
            break
        page.click("#replay-next")
    expect(six).to_have_count(1)
    seat = six.bounding_box()
    assert seat is not None
    cards = six.locator(".card-row > .card").all()
    assert len(cards) == 6
    for card in cards:
        box = card.bounding_box()
        assert box is not None and seat["x"] <= box["x"], (box, seat)
        assert box["x"] + box["width"] <= seat["x"] + seat["width"] - 1, (box, seat)


@pytest.mark.parametrize("locale", ["de-DE", "nl-NL", "en-GB"])
def test_the_step_count_shows_whole_between_the_buttons_on_a_small_phone(
    new_page: PageFactory, live: LiveServer, locale: str
) -> None:
    """At 360 px in German "Weiter ▶" lay over the step count ("4 / 2" of "4 / 26")."""
    page = new_page(viewport={"width": 360, "height": 640}, locale=locale)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
    expect(page.locator("#replay-board")).to_be_visible()
    for _ in range(12):  # two-digit steps
        page.click("#replay-next")
    row = page.evaluate(
        """() => ['#replay-first', '#replay-back', '#replay-position .step-figures',
                  '#replay-next', '#replay-last'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return [r.left, r.right]; })"""
    )
    for (_, right), (left, _) in itertools.pairwise(row):
        assert right <= left + 0.5, row  # side by side, none over the next
    assert row[0][0] >= 0 and row[-1][1] <= 360.5, row


def _long_record(deals: int) -> dict[str, Any]:
    rng = random.Random(5)
    state = GameState(preset("standard", target=0, deal_limit=deals), dealer=0, seed=5)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    record = export_egn(state)
    record["deals"] = record["deals"][:deals]
    return record


def test_a_file_the_server_refuses_says_why(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    page.goto("/#/replay")
    error = page.locator("#replay-error")

    def open_file(name: str, content: bytes) -> None:
        page.set_input_files("#egn-file", {"name": name, "mimeType": "application/json",
                                           "buffer": content})  # fmt: skip

    open_file("nope.egn", b"{nope")
    expect(error).to_have_text("That file is not an EGN game record.")
    expect(page.locator("#replay-board")).to_have_count(0)
    record = json.loads((EXAMPLES / "Epic_Comeback.egn").read_text())
    trick = record["deals"][0]["phases"][-1]["tricks"][0]
    trick[1] = trick[0]  # the same card twice
    open_file("twice.egn", json.dumps(record).encode())
    expect(error).to_contain_text("The record breaks a rule:")
    expect(error).to_contain_text("deal 0")
    over = live.server.settings.replay_max_deals + 1
    open_file("long.egn", json.dumps(_long_record(over)).encode())
    expect(error).to_contain_text(f"at most {over - 1} deals (this one {over})")
    expect(page.locator("#replay-board")).to_have_count(0)
    assert_accessible(page, "a refused EGN file")


def test_the_hand_picker_follows_a_change_of_language(
    new_page: PageFactory, live: LiveServer
) -> None:
    """The list of hands kept "Hand 1" in German, beside buttons that said "Runde"; the
    hand chosen stays chosen."""
    page = new_page(viewport=PHONE)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
    page.select_option("#replay-deal", "2")
    expect(page.locator("#replay-board")).to_have_attribute("data-deal", "2")
    open_settings(page)
    page.select_option("#language", "de")
    expect(page.locator("#replay-deal option").first).to_have_text("Runde 1")
    expect(page.locator("#replay-deal")).to_have_value("2")
    expect(page.locator("#replay-board")).to_have_attribute("data-deal", "2")


def test_a_file_gets_the_verdict_euchre_replay_gives_it(
    new_page: PageFactory, live: LiveServer
) -> None:
    """The page sends the file's own bytes: UTF-16 with its mark (Notepad's "Unicode")
    replays, Latin-1 text is refused (the browser's decoding took it, the command not); a
    record with no deals shows its players and says so (the page went blank)."""
    page = new_page(viewport=PHONE)
    page.goto("/#/replay")
    text = (EXAMPLES / "Epic_Comeback.egn").read_text()

    def open_file(name: str, content: bytes) -> None:
        page.set_input_files("#egn-file", {"name": name, "mimeType": "application/json",
                                           "buffer": content})  # fmt: skip

    open_file("unicode.egn", text.encode("utf-16"))
    expect(page.locator("#replay-summary [data-score]")).to_have_attribute("data-score", "11,9")
    record = json.loads(text)
    record["metadata"]["players"][0] = "Zoë"
    open_file("latin1.egn", json.dumps(record, ensure_ascii=False).encode("latin-1"))
    expect(page.locator("#replay-error")).to_have_text("That file is not an EGN game record.")
    expect(page.locator("#replay-board")).to_have_count(0)
    record["metadata"]["players"][0] = "Zoe"
    record["deals"] = []
    record["metadata"].pop("finalScore", None)
    open_file("empty.egn", json.dumps(record).encode())
    expect(page.locator("#replay-empty")).to_have_text(
        "This record holds no hands: there is nothing to step through."
    )
    expect(page.locator("#replay-summary")).to_contain_text("1. Zoe")
    expect(page.locator("#replay-board")).to_have_count(0)
    page.keyboard.press("ArrowRight")  # the step keys have nothing to move
    expect(page.locator("#egn-file")).to_be_attached()  # another file may be opened


@pytest.mark.parametrize("sideways", [LANDSCAPE, SMALL_LANDSCAPE], ids=["844", "740"])
def test_each_step_says_a_cards_part_and_fits_above_the_steps(
    new_page: PageFactory, live: LiveServer, sideways: dict[str, int]
) -> None:
    """A card played is told with its part under the deal's trump ("plays Jack of hearts,
    right bower"); the longer words still leave the trick above the step buttons on a
    phone on its side, at every step of the hand."""
    page = new_page(viewport=sideways)
    page.goto("/#/replay")
    page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")  # players' long names
    expect(page.locator("#replay-board")).to_be_visible()
    notes = []
    while True:
        notes.append(page.locator("#replay-note").inner_text())
        steps = page.locator(".replay-steps").bounding_box()
        assert steps is not None
        for part in page.locator("#replay-trick, #replay-note").all():
            box = part.bounding_box()
            assert box is not None and box["y"] + box["height"] <= steps["y"] + 0.5, (
                notes[-1],
                part.get_attribute("id"),
                box,
                steps,
            )
        if page.locator("#replay-last").is_disabled():
            break
        where = page.locator(".replay-position").inner_text()
        page.click("#replay-next")
        expect(page.locator(".replay-position")).not_to_have_text(where)
    _shots(page, f"file-landscape-{sideways['width']}-hand-over")
    assert any("Jack of hearts, right bower" in note for note in notes), notes
    assert any(note.endswith("trump.") or ", trump. " in note for note in notes), notes


PICKED_UP = {"en": "Picked up alone", "de": "Aufgenommen, allein", "nl": "Opgepakt, alleen"}
NAMED = """async () => {
    const { actionLabel } = await import('./replaycoach.js');
    const i18n = window.euchre.i18n;
    const ctx = { t: (key, params) => i18n.t(key, params), i18n };
    const acts = {
        'call d': { kind: 'call', suit: 'd', alone: false, text: 'call d' },
        'call n alone': { kind: 'call', suit: 'n', alone: true, text: 'call n alone' },
        'order alone': { kind: 'order', alone: true, text: 'order alone' },
    };
    const named = Object.keys(acts).map((text) => actionLabel(ctx, { acts }, text));
    return [...named, actionLabel(ctx, { acts }, 'order alone', true)];  // the dealer's
}"""


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en-GB", ["named Diamonds", "called no trump, alone", "Ordered up alone"]),
        ("de-DE", ["Karo als Trumpf genannt", "ohne Trumpf angesagt, allein", "Bestellt allein"]),
        ("nl-NL", ["Ruiten als troef genoemd", "zonder troef gespeeld, alleen", "Bestelt alleen"]),
    ],
)
def test_a_suit_named_is_listed_as_a_thing_done(
    new_page: PageFactory, live: LiveServer, locale: str, expected: list[str]
) -> None:
    """The replay's decisions said "Step 5: Diamonds" beside "Step 6: Played Ace of
    hearts": a bid button's word, not a thing done; and a dealer who picked the turn-up
    up alone had "Ordered up alone"."""
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    *named, picked_up = page.evaluate(NAMED)
    assert named == expected
    assert picked_up == PICKED_UP[locale[:2]]


def test_the_keys_are_told_where_there_is_a_keyboard(
    new_page: PageFactory, live: LiveServer
) -> None:
    """A tablet was told "Keys: ← →…" it has no keyboard to press."""
    for touch, shown in ((False, True), (True, False)):
        page = new_page(viewport={"width": 1024, "height": 768}, touch=touch)
        page.goto("/#/replay")
        page.set_input_files("#egn-file", EXAMPLES / "Epic_Comeback.egn")
        expect(page.locator("#replay-board")).to_be_visible()
        keys = page.locator(".replay-keys")
        if shown:
            expect(keys).to_be_visible()
        else:
            expect(keys).to_be_hidden()
