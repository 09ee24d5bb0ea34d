"""What the table says of how a game is won and of a two-player dealer's choice. A game with
no target (a deal limit or a time limit decides it) said "Game to 0", its
scores "4 / 0", and every score bar stood full from the first point, as if all had won."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, PHONE_LANDSCAPE, create_private_table, enter_name, open_started_table


def test_a_game_with_no_target_says_so_and_draws_no_bars(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    open_started_table(page, "standard", {"deal_limit": 3, "target": 0})
    expect(page.locator(".felt-target")).to_have_text("No target: highest score wins")
    board = page.locator(".score-board")
    expect(board.locator("h2")).to_have_text("Score (no target)")
    expect(board.locator("td.score")).to_have_count(2)
    assert "/" not in "".join(board.locator("td.score").all_inner_texts())
    expect(board.locator(".score-bar")).to_have_count(0)
    page.locator("#table-rules summary").click()
    expect(page.locator("#table-rules")).to_contain_text("No target: the highest score when")
    expect(page.locator("#table-rules")).not_to_contain_text("0 points")


def test_a_game_to_a_target_keeps_it_on_the_felt_and_the_board(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    open_started_table(page, "standard", {"target": 5})
    expect(page.locator(".felt-target")).to_have_text("Game to 5")
    expect(page.locator(".score-board h2")).to_have_text("Score (game to 5)")
    expect(page.locator(".score-board .score-bar")).to_have_count(2)


# A two-player dealer ordered up, at their turn to take the turn-up and discard, or leave it.
DEALER_MAY_LEAVE = (
    "t.dataset.phase === 'dealer_discard' && t.dataset.myTurn === 'true'"
    " && window.euchre.current.state.legal_acts.some((act) => act.kind === 'pass')"
)


def test_a_two_player_dealer_ordered_up_is_told_they_may_leave_the_turn_up(
    new_page: PageFactory,
) -> None:
    """The prompt said "not the 7♠ you picked up" while the dealer had picked nothing up
    and "Leave the turn-up" stood right above the hand."""
    page = new_page(viewport=PHONE)
    game, _, _ = open_started_table(page, "two-player", {"target": 15})
    game.play_until(DEALER_MAY_LEAVE)
    expect(page.locator("#prompt")).to_contain_text("discard a card, or leave the turn-up.")
    expect(page.locator("#prompt")).not_to_contain_text("you picked up")


def test_a_deal_limit_is_chosen_in_the_form_and_its_deals_are_counted(
    new_page: PageFactory,
) -> None:
    """The create form had no field for a deal limit, and a deal-limited game never said
    how many deals were left. The header says "Hand 1 / 4", then "Hand 2 / 4", in the word
    the hand's summary uses (it said "Deal 1 / 4" over "Hand 1")."""
    page = new_page(viewport=PHONE)
    enter_name(page, "Hattie")
    page.click(".more-options summary")
    limit = page.locator("#opt-deal_limit")
    expect(limit.locator("option:checked")).to_have_text("No deal limit")
    limit.select_option("4")
    expect(limit.locator("option:checked")).to_have_text("4 deals")
    page.uncheck("#opt-allow_alone")  # no march: more deals before anyone reaches 10
    page.select_option("#create-pause", "10")  # the hand's summary stays until continued
    game = create_private_table(page, start_with_bots=True)
    assert page.evaluate("window.euchre.current.info.options.deal_limit") == 4
    count = page.locator("#deal-count")
    expect(count).to_have_text("Hand 1 / 4")
    # one deal scores at most 2 without going alone: the game goes on
    game.play_until("!!document.querySelector('#summary-continue')")
    expect(count).to_have_text("Hand 1 / 4")  # its summary up: still the deal it tells
    expect(page.locator("#hand-summary-title")).to_have_text("Hand 1")
    page.click("#summary-continue")
    expect(count).to_have_text("Hand 2 / 4")
    page.set_viewport_size(PHONE_LANDSCAPE)  # in the top bar: its word kept ("2 / 4" alone)
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
    expect(count.locator(".deal-count-label")).to_be_visible()
    expect(count).to_have_text("Hand 2 / 4")
    # past the limit with players tied for first: a tie-break deal, its short word in the bar,
    # inside its pill however long (German "Entscheidung" ran out of it)
    short, long, fits = page.evaluate(TIE_BREAK)
    assert (short, long) == ("Tie-break", "Tie-break hand") and fits


# The header's count where the deals are played and players are tied for first: its short
# and long words, and whether the short one, made as long as German's, fits its pill in the
# header (a phone on its side: the top bar).
TIE_BREAK = """async () => {
    const { dealCount } = await import(new URL("dealcount.js", location.href));
    const page = window.euchre.current;
    const tied = { t: (key, params) => page.t(key, params), info: { ...page.info, deals_left: 0 } };
    const count = dealCount(tied);
    const parts = [".time-up-short", ".time-up-long"];
    const words = parts.map((part) => count.querySelector(part).textContent);
    count.querySelector(".time-up-short").textContent = "Entscheidung";
    document.querySelector("#deal-count").replaceWith(count);
    return [...words, count.scrollWidth <= count.clientWidth];
}"""


# The game-over box's result for a game ``ended`` by the time or the deals, or at the target.
GAME_WORDS = """async ([ended, deals]) => {
    const { describeGame } = await import(new URL("narration.js", location.href));
    const ctx = window.euchre;
    const page = {
        t: (key, params) => ctx.t(key, params),
        sideName: (side) => ["Us", "Them"][side],
        sideSeats: () => [0, 2],
    };
    return describeGame(page, { winner: 0, score: [5, 3] }, ended, deals);
}"""


def test_a_game_its_deal_limit_ended_says_so(new_page: PageFactory) -> None:
    """A deal-limited game over said "Us win the game 5 – 3." as if 5 were the target."""
    page = new_page(viewport=PHONE)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert page.evaluate(GAME_WORDS, ["deals", 4]) == (
        "All 4 deals played: Us win on points, 5 – 3."
    )
    assert page.evaluate(GAME_WORDS, ["time", 0]) == "Time ran out: Us win on points, 5 – 3."
    assert page.evaluate(GAME_WORDS, [None, 0]) == "Us win the game 5 – 3."
