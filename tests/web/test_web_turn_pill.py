"""A player scrolled away from the table (to the chat, or the score below the felt on a
phone) is told when it is their turn: a "Your turn" button under the top bar, which
brings the choices back into view. It shows only while they are out of sight."""

from __future__ import annotations

from conftest import PageFactory
from phases import SIZES, act, reach
from playwright.sync_api import expect
from web_helpers import LiveServer, create_private_table, enter_name

# Where the player's seat and hand begin, from the top of the page.
WHERE = (
    "() => ['.seat.pos-bottom', '.hand']"
    ".map(s => document.querySelector(s).getBoundingClientRect().top + scrollY)"
)


def test_your_turn_is_shown_while_the_table_is_scrolled_away(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    page = new_page(viewport=SIZES["phone"], server=easy_bots)
    enter_name(page, "Scroller")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r1")
    pill = page.locator("#turn-pill")
    page.locator(".felt").scroll_into_view_if_needed()
    expect(pill).to_be_hidden()  # the choices are in view: nothing to say

    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    expect(page.locator(".bid-buttons")).not_to_be_in_viewport()
    expect(pill).to_be_visible()
    expect(pill).to_have_text("▲ Your turn: back to the table")
    expect(pill).to_be_in_viewport(ratio=1)
    # Longer words (another language, a larger font) wrap inside the button, never past it.
    pill.evaluate("p => { p.lastChild.textContent += ' lang'.repeat(12); }")
    inside = "p => p.scrollWidth <= p.clientWidth && p.getBoundingClientRect().right <= innerWidth"
    assert pill.evaluate(inside)
    expect(pill).to_be_in_viewport(ratio=1)

    pill.click()
    expect(page.locator(".bid-buttons")).to_be_in_viewport()
    expect(pill).to_be_hidden()
    expect(page.locator(".bid-buttons button").first).to_be_focused()

    # A hand review open over the table says "your turn" with its own way back: the pill
    # would say it twice, over the review's own controls. Closed, the table is in view.
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    expect(pill).to_be_visible()
    page.evaluate("window.euchre.current.coach.openReview(0, null)")
    expect(page.locator("#review-your-turn")).to_be_visible()
    expect(pill).to_be_hidden()
    page.click("#review-your-turn button")
    expect(page.locator("#review-panel")).to_have_count(0)
    expect(page.locator(".bid-buttons")).to_be_in_viewport()
    expect(pill).to_be_hidden()
    expect(page.locator(".bid-buttons button").first).to_be_focused()


def test_the_seats_and_the_hand_stay_put_as_turns_come_and_go(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    """With hints on, the prompt's row keeps the Hint button's height between turns: the
    player's seat and hand moved 15 to 31 px each time a turn began and ended. An empty hand
    keeps a card's height."""
    page = new_page(viewport=SIZES["phone"], server=easy_bots)
    enter_name(page, "Steady")
    game = create_private_table(page, start_with_bots=True)
    now = reach(game, "play")
    while now["trick"]:  # a card that ends a trick the player wins gives them the next turn at once
        act(game, now["legal"][0])
        now = reach(game, "play")
    expect(page.locator("#hint-button")).to_be_visible()
    mine = page.evaluate(f"() => ({WHERE})()")
    # The player leads, so the turn passes to the bots; they answer at once: the places are
    # taken the moment the turn leaves the player.
    page.evaluate(f"""() => {{
        const where = {WHERE};
        new MutationObserver((changes, watch) => {{
            const table = document.querySelector('.table-page');
            if (table.dataset.myTurn === 'false' && !document.getElementById('hint-button')) {{
                window.__waiting = where();
                watch.disconnect();
            }}
        }}).observe(document.body, {{ subtree: true, childList: true, attributes: true }});
    }}""")
    act(game, now["legal"][0])
    waiting = page.wait_for_function("window.__waiting").json_value()
    assert all(abs(a - b) <= 1 for a, b in zip(mine, waiting, strict=True)), (mine, waiting)

    # Nor when the hand is empty: the last card played (CI: the seat dropped 79 px with it).
    # Measured before and after at once: by now the next turn may have changed the dock.
    held, emptied = page.evaluate(f"""() => {{
        const where = {WHERE};
        const before = where();
        document.querySelector('.hand').replaceChildren();
        return [before, where()];
    }}""")
    assert abs(emptied[0] - held[0]) <= 1, (held, emptied)
