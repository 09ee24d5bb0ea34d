"""Reloading mid-hand and losing the socket: the page comes back to the same table by itself."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import Page, Route, expect
from web_helpers import GamePage, LiveServer, create_private_table, enter_name, wait_connected

MID_HAND = """(() => {
    const t = document.querySelector('.table-page');
    return t.dataset.phase === 'play' && document.querySelectorAll('.hand-card').length <= 3;
})()"""


def _table_with_bots(page: Page, name: str) -> GamePage:
    enter_name(page, name)
    game = create_private_table(page, start_with_bots=True)
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    return game


def _wait_mid_hand_turn(game: GamePage) -> None:
    """Play until it is this page's turn in the middle of a hand (three cards or fewer left)."""
    for _ in range(200):
        game.wait_my_turn_or("false")
        if game.page.evaluate(MID_HAND):
            return
        game.act_by_click()
    raise AssertionError("never reached the middle of a hand")


def _picture(game: GamePage) -> dict[str, object]:
    page = game.page
    return {
        "version": game.version(),
        "phase": game.attr("phase"),
        "deal": game.attr("deal"),
        "hand": game.hand(),
        "legal": page.locator(".hand-card.legal").evaluate_all("cs => cs.map(c => c.dataset.card)"),
        "trick": game.trick(),
        "scores": page.locator(".score-value").all_inner_texts(),
        "seats": page.locator(".seat .name").all_inner_texts(),
    }


def test_reload_mid_hand_restores_the_same_table(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    game = _table_with_bots(page, "Rosa")
    _wait_mid_hand_turn(game)
    page.wait_for_selector(".trick.won", state="detached")  # only the cards still on the table
    before = _picture(game)
    table_url = page.url

    page.reload()

    wait_connected(page)
    game.wait_table()
    game.wait_version_at_least(int(str(before["version"])))
    assert page.url == table_url
    after = _picture(game)
    # the server logged the page going away and coming back: two events, nothing else
    assert after.pop("version") == int(str(before.pop("version"))) + 2
    assert after == before
    assert game.version() == live.table_version(game.attr("table"))
    expect(page.locator(".table-page")).to_have_attribute("data-my-turn", "true")
    game.act_by_click()
    assert len(game.hand()) == len(before["hand"]) - 1  # type: ignore[arg-type]


def test_a_dropped_socket_reconnects_and_catches_up(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page()
    game = _table_with_bots(page, "Sami")
    _wait_mid_hand_turn(game)
    page.evaluate(
        """() => {
            window.seenStates = [];
            window.euchre.net.addEventListener('state', e => window.seenStates.push(e.detail));
        }"""
    )
    table_id = game.attr("table")
    game.act_by_click()  # the bots answer at once: events the page will miss
    assert live.drop_connections("Sami") == 1

    page.wait_for_function("document.body.dataset.reconnects === '1'")
    wait_connected(page)
    seen = page.evaluate("window.seenStates")
    assert seen[0] == "reconnecting" and seen[-1] == "connected", seen
    game.wait_my_turn_or("document.querySelector('#deal-summary')")
    assert game.version() == live.table_version(table_id)
    assert page.locator("#connection").inner_text() == "Connected"
    if game.attr("my-turn") == "true":
        game.act_by_click()
        assert game.version() <= live.table_version(table_id)


def test_a_late_answer_for_a_page_left_does_not_replace_the_next_page(
    new_page: PageFactory,
) -> None:
    """A replay still loading when the player moves on to the leaderboard: its answer,
    arriving afterwards, must not draw over the leaderboard."""
    page = new_page()
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/games/**", hold)
    with page.expect_request("**/api/games/**"):
        page.goto("/#/replay/no-such-game")
    expect(page.locator("#main .loading")).to_have_text("Loading the game…")
    page.goto("/#/leaderboard")
    expect(page.locator("#leaderboard-mode")).to_be_visible()
    for _ in range(100):  # the route handler runs when Playwright next takes in events
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1
    with page.expect_response("**/api/games/**") as answer:
        held[0].continue_()
    assert answer.value.status == 404
    page.evaluate("() => new Promise((done) => setTimeout(done, 300))")
    expect(page.locator("#leaderboard-mode")).to_be_visible()
    expect(page.locator("#main .loading")).to_have_count(0)


def test_unavailable_at_the_table_fetches_the_table_again(
    new_page: PageFactory, live: LiveServer
) -> None:
    """``unavailable`` for the page's table (it moved to another server instance, whose
    table may be ahead of the page): the page resyncs by itself a moment later, besides
    saying what happened."""
    page = new_page()
    game = _table_with_bots(page, "Uma")
    table_id = game.attr("table")
    page.evaluate(
        """() => {
            window.sent = [];
            const net = window.euchre.net;
            const fire = net.fire.bind(net);
            net.fire = (m) => { window.sent.push(m); return fire(m); };
        }"""
    )
    page.evaluate(
        """t => window.euchre.current.onError({
            type: 'error', code: 'unavailable', table: t,
            message: 'table ' + t + ' is moving to another server: try again',
        })""",
        table_id,
    )
    page.wait_for_function(
        "t => window.sent.some(m => m.type === 'resync' && m.table === t)", arg=table_id
    )
    expect(page.locator("#toasts .toast-error")).not_to_have_count(0)
