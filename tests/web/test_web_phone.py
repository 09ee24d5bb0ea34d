"""A phone player's findings: who is offered what, tap targets, buttons that touch, words.

Each test runs at phone sizes (390 x 664, and 844 x 390 on its side where the layout
changes) and failed before the fix it is named after.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageFactory
from phases import reach
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from seated_clients import MY_TURN, STATE, play_until, sit_in_the_last_seat
from server_helpers import seat_clients
from web_helpers import (
    ACCOUNT_PASSWORD,
    PHONE,
    GamePage,
    LiveServer,
    create_private_table,
    enter_name,
    fast_settings,
    open_settings,
    register,
    running_server,
)

LANDSCAPE = {"width": 844, "height": 390}
SMALL_LANDSCAPE = {"width": 740, "height": 360}


def invite_url(page: Page) -> str:
    code = page.locator("#invite-code-text").inner_text()
    return f"/#/join/{code}"


def take_back(page: Page) -> Locator:
    return page.get_by_role("button", name="Take my seat back")


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
def test_only_the_seats_owner_is_offered_it_back(
    new_page: PageFactory, slow_bots: LiveServer, viewport: dict[str, int]
) -> None:
    """A spectator who never sat is not offered "Take my seat back" (tapping it seated them
    in a bot's place); the person who stood up mid-game is, and gets their seat."""
    owner = new_page(viewport=viewport, server=slow_bots)
    enter_name(owner, "Owner")
    create_private_table(owner, start_with_bots=True)
    expect(owner.locator(".table-page")).to_have_attribute("data-status", "playing")
    link = invite_url(owner)
    seat = owner.evaluate("window.euchre.current.you.seat")
    owner.click("#stand-up")
    owner.click("#stand-yes")
    expect(take_back(owner)).to_be_visible()

    watcher = new_page(viewport=viewport, server=slow_bots)
    enter_name(watcher, "Watcher")
    watcher.goto(link)
    expect(watcher.locator(".table-page")).to_have_attribute("data-status", "playing")
    expect(watcher.locator("#leave-table")).to_be_visible()
    expect(take_back(watcher)).to_have_count(0)
    assert watcher.evaluate("window.euchre.current.you.seat") is None

    take_back(owner).click()
    owner.wait_for_function(f"window.euchre.current.you?.seat === {seat}")
    expect(take_back(owner)).to_have_count(0)


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_hosts_start_button_says_bots_take_the_empty_seats(
    new_page: PageFactory, viewport: dict[str, int]
) -> None:
    """A private table's start button counts the bots it seats; a full table just starts."""
    page = new_page(viewport=viewport)
    enter_name(page, "Host")
    create_private_table(page, start_with_bots=False)
    start = page.locator("#start-game")
    expect(start).to_have_text("Start with 3 bots")
    page.locator(".add-bot").first.click()
    expect(start).to_have_text("Start with 2 bots")
    page.locator(".add-bot").first.click()
    expect(start).to_have_text("Start with 1 bot")
    page.locator(".add-bot").first.click()
    expect(start).to_have_text("Start the game")
    bot = page.locator("[data-cmd=remove-bot]").first
    seat = bot.get_attribute("data-target")
    name = page.locator(f'.seat[data-seat="{seat}"] .pname').first.inner_text()
    bot.click()
    expect(start).to_have_text("Start with 1 bot")
    # the log names the bot taken out (it read "Free seat stands up.")
    expect(page.locator("#game-log")).to_contain_text(f"The bot {name} leaves the table.")


def test_the_start_button_counts_bots_in_german(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, locale="de-DE")
    enter_name(page, "Gastgeberin")
    create_private_table(page, start_with_bots=False)
    expect(page.locator("#start-game")).to_have_text("Mit 3 Bots starten")


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_lobby_leads_back_to_a_seat_kept_after_the_tab_closed(
    new_page: PageFactory, slow_bots: LiveServer, viewport: dict[str, int]
) -> None:
    """Closing the tab keeps the seat at a private table (alone with bots, the game waits:
    the lobby said a bot played it); the lobby in a new tab offers the way back, and it
    seats the person again."""
    first = new_page(viewport=viewport, server=slow_bots)
    enter_name(first, "Comeback")
    create_private_table(first, start_with_bots=True)
    expect(first.locator(".table-page")).to_have_attribute("data-status", "playing")
    table = first.locator(".table-page").get_attribute("data-table")
    seat = first.evaluate("window.euchre.current.you.seat")
    expect(first.locator("#your-tables")).to_have_count(0)
    context = first.context
    first.close()

    page = context.new_page()
    page.goto("/")
    back = page.get_by_role("link", name="Back to your table")
    expect(back).to_have_count(1)
    expect(back).to_have_attribute("href", f"#/table/{table}")
    box = back.bounding_box()
    assert box is not None and box["y"] + box["height"] <= viewport["height"]  # no scrolling
    # which table: its rules and the bots beside the player (it said only "Private · Playing",
    # then the bots' names as if they were people)
    row = page.locator(f'#your-tables li[data-table="{table}"]')
    expect(row).to_contain_text("Standard")
    expect(row.locator(".your-table-others")).to_have_text("with 3 bots")
    expect(page.locator("#your-tables .hint")).to_have_text(
        "You still have a seat at these tables."
    )
    expect(row.locator(".your-table-note")).to_have_text("The game waits for you.")
    # with another person there, a bot plays the seat; a ranked game is played to its end
    waits = "t => window.euchre.current.waitsForYou(t)"
    assert not page.evaluate(waits, {"kind": "private", "others": [{"type": "human"}]})
    assert not page.evaluate(waits, {"kind": "ranked", "others": [{"type": "bot"}]})
    back.click()
    page.wait_for_function(f"window.euchre.current?.you?.seat === {seat}")

    stranger = new_page(viewport=viewport, server=slow_bots)
    enter_name(stranger, "Stranger")
    expect(stranger.locator("#open-tables")).to_be_visible()
    expect(stranger.locator("#your-tables")).to_have_count(0)
    assert stranger.locator("#your-tables-box").inner_text() == ""  # not the text "null"


def test_a_seat_kept_at_a_table_not_yet_started_says_no_bot_plays_it(
    new_page: PageFactory, slow_bots: LiveServer
) -> None:
    first = new_page(viewport=PHONE, server=slow_bots)
    enter_name(first, "Early")
    create_private_table(first, start_with_bots=False)
    expect(first.locator(".table-page")).to_have_attribute("data-status", "waiting")
    context = first.context
    first.close()
    page = context.new_page()
    page.goto("/")
    expect(page.locator("#your-tables .hint")).to_have_text(
        "You still have a seat here; the game has not begun."
    )


# Every tap target: links, buttons, fields, summaries, and the labels round a checkbox or a
# radio button (the label is what a finger hits; the box inside it is drawn small). A
# caption label over a field is not one: the field below it is.
SMALL_TARGETS = """(minimum) => {
    const small = [];
    const all = 'a[href], button, label, input, select, textarea, summary, [role=button]';
    for (const el of document.querySelectorAll(all)) {
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || box.right <= 0 || box.bottom <= 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const toggle = 'input[type=checkbox], input[type=radio]';
        if (el.matches(toggle) && el.closest('label')) continue;
        if (el.tagName === 'LABEL' && !el.querySelector(toggle)) continue;
        if (box.width < minimum || box.height < minimum) {
            const text = (el.textContent || el.getAttribute('aria-label') || '').trim();
            small.push(`${el.tagName} '${text.slice(0, 30)}' ${box.width}x${box.height}`);
        }
    }
    return small;
}"""


def small_targets(page: Page) -> list[str]:
    return list(page.evaluate(SMALL_TARGETS, 40))


@pytest.mark.parametrize(
    "route", ["#/", "#/replay", "#/help", "#/leaderboard", "#/account", "table", "logged-out"]
)
def test_every_tap_target_is_at_least_40_px(new_page: PageFactory, route: str) -> None:
    """At 390 x 664 every link, button, field and checkbox label is 40 x 40 CSS px or more
    (the nav links were 25 px tall, "Log in / register" 19, the gear 36, "Chat on" 25)."""
    page = new_page(viewport=PHONE)
    if route == "logged-out":
        page.goto("/")
        page.wait_for_function("document.body.dataset.booted === 'true'")
    else:
        enter_name(page, "Tapper")
    if route == "table":
        create_private_table(page, start_with_bots=False)
        page.locator(".add-bot").first.click()  # a table with a bot and a chat box
    elif route != "logged-out":
        page.goto(f"/{route}")
        page.wait_for_function("document.body.dataset.booted === 'true'")
        page.wait_for_timeout(300)  # the page's data (lists) has come
    assert small_targets(page) == []
    header = page.locator(".topbar").bounding_box()
    assert header is not None and header["height"] <= 2 * 40 + 16  # two rows, no more


def test_the_settings_menus_checkboxes_are_40_px(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    enter_name(page, "Tapper")
    open_settings(page)
    assert small_targets(page) == []


@pytest.fixture(scope="module")
def pausing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose tables pause after each hand (the summary stays until Continue)."""
    db = Path(tmp_path_factory.mktemp("web-phone")) / "euchre.db"
    with running_server(fast_settings(db, summary_seconds=30.0)) as server:
        yield server


SUMMARY = "!!document.querySelector('#hand-summary')"
GAME_OVER = "!!document.querySelector('#game-over')"

# Boxes of a list of elements, and what is wrong with them as a group of buttons: two that
# overlap or sit closer than 8 px, or one not inside ``within`` (the viewport if null).
BUTTON_GROUP = """([selectors, within]) => {
    const problems = [];
    const els = selectors.map((s) => document.querySelector(s)).filter(Boolean);
    const area = within ? document.querySelector(within).getBoundingClientRect()
        : {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    const boxes = els.map((el) => {
        el.scrollIntoView({block: 'nearest'});
        const b = el.getBoundingClientRect();
        if (b.left < area.left - 0.5 || b.right > area.right + 0.5
            || b.top < area.top - 0.5 || b.bottom > area.bottom + 0.5) {
            problems.push(`#${el.id} is cut off`);
        }
        return [el.id, el.getBoundingClientRect()];
    });
    for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
            const [a, p] = boxes[i], [b, q] = boxes[j];
            const dx = Math.max(q.left - p.right, p.left - q.right);
            const dy = Math.max(q.top - p.bottom, p.top - q.bottom);
            const gap = Math.max(dx, dy);
            if (gap < 7.5) problems.push(`#${a} and #${b} are ${gap} px apart`);
            const sideBySide = Math.abs(p.top - q.top) < 1 || dy < 0;
            if (sideBySide && Math.abs(p.height - q.height) > 0.5) {
                problems.push(`#${a} is ${p.height} px tall beside #${b}, ${q.height} px`);
            }
        }
    }
    return problems;
}"""


def button_problems(page: Page, selectors: list[str], within: str | None = None) -> list[str]:
    return list(page.evaluate(BUTTON_GROUP, [selectors, within]))


def private_table_with_pause(page: Page) -> GamePage:
    """A private game to 5 (as short as the form offers) with a pause after each hand."""
    page.check('input[name="kind"][value="private"]')
    if page.locator("#opt-target").is_hidden():
        page.click(".more-options summary")
    page.select_option("#opt-target", "5")
    page.select_option("#create-pause", "10")
    page.check("#create-start-now")
    page.click("#create-table")
    game = GamePage(page)
    game.wait_table()
    return game


@pytest.mark.parametrize(
    ("viewport", "locale"),
    [
        ({"width": 360, "height": 640}, "nl-NL"),
        ({"width": 360, "height": 640}, "de-DE"),  # "Wiederholung ansehen" stuck out by 8 px
        (LANDSCAPE, "en-GB"),
    ],
    ids=["360-dutch", "360-german", "landscape"],
)
def test_buttons_between_hands_and_at_the_end_never_touch(
    new_page: PageFactory, pausing: LiveServer, viewport: dict[str, int], locale: str
) -> None:
    """The hand summary's Continue and "Review hand N" (0 px apart, 44 and 40 px tall), the
    game over panel's "Play again" on "Back to the lobby", and its last hand's review
    button: 8 px apart or more, one height side by side, each wholly in its panel."""
    page = new_page(viewport=viewport, locale=locale, server=pausing)
    enter_name(page, "Lotte")
    game = private_table_with_pause(page)
    checked_summary = False
    for _ in range(40):
        game.play_until(f"{SUMMARY} || {GAME_OVER}")
        if page.locator("#game-over").count():
            break
        if not checked_summary:
            expect(page.locator("#summary-review")).to_be_visible()
            summary = ["#summary-continue", "#summary-review"]
            assert button_problems(page, summary) == []
            assert button_problems(page, summary, "#hand-summary") == []
            checked_summary = True
        page.click("#summary-continue")
        page.wait_for_function(f"!{SUMMARY} || {GAME_OVER}")
    assert checked_summary
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#final-review")).to_be_visible()
    actions = ["#play-again", "#back-to-lobby", "#watch-replay", "#game-over a[download]"]
    assert button_problems(page, [*actions, "#final-review"], "#game-over") == []
    # and each one's words inside it (a long German word stuck out of its button)
    spill = "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.href)"
    assert page.locator("#game-over .game-over-actions .row > *").evaluate_all(spill) == []
    page.screenshot(path=f"/tmp/game-over-{locale}-{viewport['width']}.png")
    # The last hand's review asked for and the replay opened at once: the replay's review
    # waits for it (it was refused "busy", and the replay showed no decisions).
    page.click("#final-review")
    page.locator("[data-cmd=close-review]").first.click()
    _check_the_replays_decisions(page)


HINT_VALUES_HIDDEN = """() => {
    const panel = document.querySelector('#hint-panel').getBoundingClientRect();
    const values = document.querySelector('#hint-values').getBoundingClientRect();
    const shown = values.top >= panel.top && values.top >= 0 && values.bottom <= panel.bottom + 0.5
        && values.bottom <= innerHeight + 0.5;
    return shown ? null : [panel.top, panel.bottom, values.top, values.bottom, innerHeight];
}"""


@pytest.mark.parametrize(
    ("viewport", "locale"),
    [({"width": 360, "height": 640}, "nl-NL"), (PHONE, "de-DE"), (LANDSCAPE, "nl-NL")],
    ids=["360-dutch", "390-german", "landscape-dutch"],
)
def test_the_hints_values_show_without_scrolling_the_panel(
    new_page: PageFactory, easy_bots: LiveServer, viewport: dict[str, int], locale: str
) -> None:
    """In round 2 the hint's long Dutch explanation filled the small panel and hid the table
    of values: the values now come first, whole, with the panel unscrolled."""
    page = new_page(viewport=viewport, locale=locale, server=easy_bots)
    enter_name(page, "Coachee")
    game = create_private_table(page, start_with_bots=True)
    reach(game, "bid_r2")  # through hand summaries and, if need be, a new game
    page.evaluate("scrollTo(0, 0)")  # the table as a phone shows it, top bar and all
    page.click("#hint-button")
    page.wait_for_selector("#hint-values", timeout=120_000)
    assert page.locator("#hint-panel").evaluate("p => p.scrollTop") == 0
    assert page.evaluate(HINT_VALUES_HIDDEN) is None


def test_an_unknown_address_says_page_not_found(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    page.goto("/#/replays-typo")
    expect(page.locator("#not-found-title")).to_have_text("Page not found")
    expect(page.locator("#lobby-title")).to_have_count(0)
    page.click("#not-found-lobby")
    expect(page.locator("#lobby-title")).to_be_visible()


def test_a_waiting_tables_sides_have_neutral_names(new_page: PageFactory) -> None:
    """Not "Ann and Free seat" nor "Free seat and Free seat" in the score list: a side
    half seated is named by who sits there, an empty one by its number."""
    page = new_page(viewport=PHONE)
    enter_name(page, "Ann")
    create_private_table(page, start_with_bots=False)
    sides = page.locator(".score-board tbody th").all_inner_texts()
    assert [s.replace("you", "").strip() for s in sides] == ["Ann's side", "Side 2"]
    assert "Free seat" not in page.locator(".score-board").inner_text()


def test_the_away_marker_is_text_every_font_has(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    marker = page.evaluate(
        """() => {
            const seat = document.createElement('div');
            seat.className = 'seat away';
            seat.innerHTML = '<span class="name">Ann</span>';
            document.body.append(seat);
            return getComputedStyle(seat.querySelector('.name'), '::after').content;
        }"""
    )
    assert marker not in ("none", "normal") and all(ord(c) < 0x2000 for c in marker)


def test_dates_follow_the_browsers_locale(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, locale="en-GB")
    page.goto("/#/replay")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert page.evaluate("window.euchre.i18n.locale()") == "en-GB"
    german = new_page(viewport=PHONE, locale="de-AT")
    german.goto("/")
    german.wait_for_function("document.body.dataset.booted === 'true'")
    assert german.evaluate("window.euchre.i18n.locale()") == "de-AT"


def test_the_account_forms_fields_share_one_edge(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    page.goto("/#/account")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    for kind in ("login", "register"):
        name = page.locator(f"#{kind}-name").bounding_box()
        password = page.locator(f"#{kind}-password").bounding_box()
        label = page.locator(f"label[for={kind}-password]").bounding_box()
        assert name and password and label
        assert name["x"] == password["x"] and name["width"] == password["width"]
        assert label["y"] + label["height"] + 2 <= password["y"]  # the label never touches


def test_the_ranked_note_is_for_guests_only(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    enter_name(page, "Guest")
    expect(page.locator("#ranked-note")).to_be_visible()
    register(page, "Ranker")
    page.goto("/#/")
    expect(page.locator("#quick-play")).to_be_visible()
    expect(page.get_by_text("Ranked games need an account.")).to_have_count(0)


def _check_the_replays_decisions(page: Page) -> None:
    """The replay's list of the player's decisions: "Step 17: Played King of diamonds" (a
    thing done, as "Step 1: Ordered up" is), never "played", as "Step 3: Pass" is; each
    button 40 px tall at least (was 36)."""
    page.click("#watch-replay")
    # the coach rates every hand first (the list shows then); a hand where the player sat
    # out (their partner went alone before they bid, often with random bots) has no
    # decisions: the next hand's are checked instead
    page.wait_for_selector("#replay-decisions", timeout=240_000)
    buttons = page.locator("#replay-decisions button")
    while not buttons.count() and page.locator("#replay-next-hand").is_enabled():
        page.click("#replay-next-hand")
    expect(buttons.first).to_be_visible()
    for text in buttons.all_inner_texts():
        action = text.split(":", 1)[1].strip()
        assert action[0] == action[0].upper(), text
    heights = buttons.evaluate_all("els => els.map((e) => e.getBoundingClientRect().height)")
    assert min(heights) >= 40


def test_the_private_waiting_room_tells_the_seated_guest_and_the_hosts_bot_level(
    new_page: PageFactory,
) -> None:
    """A guest who took a seat was still told "Pick a seat."; the host's "Bot strength" read
    "Server default" at a table created with beginner bots."""
    host = new_page(viewport=PHONE)
    enter_name(host, "Anna")
    host.check('input[name="kind"][value="private"]')
    host.select_option("#create-bot-level", "random")
    host.click("#create-table")
    GamePage(host).wait_table()
    expect(host.locator("#table-bot-level option:checked")).to_have_text("Random (beginner)")
    assert host.locator("#table-bot-level").input_value() == "random"

    guest = new_page(viewport={"width": 360, "height": 640})
    enter_name(guest, "Bert")
    guest.goto(invite_url(host))
    guest.get_by_role("button", name="Sit here").first.click()
    felt = guest.locator(".centre.waiting p").first
    expect(felt).to_have_text("You are seated. The host starts the game.")
    expect(host.locator("#table-bot-level option:checked")).to_have_text("Random (beginner)")


# Each word of a seat's buttons (and of the waiting felt's, "Copy invite link") on one line
# of its own (a word split across lines has more than one box), the text inside its button,
# the button inside its seat or the felt's middle.
SPLIT_WORDS = """() => {
    const out = [];
    const buttons = document.querySelectorAll('.seat-buttons button, .centre.waiting button');
    for (const button of buttons) {
        const first = button.firstChild;
        const text = first && first.nodeType === 3 ? first : null;
        const seat = button.closest('.seat, .centre').getBoundingClientRect();
        const box = button.getBoundingClientRect();
        if (box.left < seat.left - 0.5 || box.right > seat.right + 0.5) {
            out.push(`${button.innerText} out of its seat`);
        }
        if (button.scrollWidth > button.clientWidth) out.push(`${button.innerText} overflows`);
        if (!text) continue;
        for (const match of text.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`${match[0]} broken over ${lines.size} lines`);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("locale", ["nl-NL", "de-DE"])
def test_a_seats_buttons_wrap_between_words_on_a_small_phone(
    new_page: PageFactory, locale: str
) -> None:
    """At 360 px "Bot inzetten" broke as "inzett / en" (overflow-wrap: anywhere); the
    guest's "Hier hinsetzen" and the host's "Uitnodigingslink kopiëren" likewise."""
    size = {"width": 360, "height": 640}
    host = new_page(viewport=size, locale=locale)
    enter_name(host, "Lotte")
    create_private_table(host, start_with_bots=False)
    expect(host.locator(".add-bot")).to_have_count(3)
    assert host.evaluate(SPLIT_WORDS) == []
    guest = new_page(viewport=size, locale=locale)
    enter_name(guest, "Gast")
    guest.goto(invite_url(host))
    expect(guest.locator(".sit-here")).to_have_count(3)
    assert guest.evaluate(SPLIT_WORDS) == []


@pytest.mark.parametrize("locale", ["de-DE", "nl-NL"])
def test_the_top_bar_is_one_row_on_a_small_phone_on_its_side(
    new_page: PageFactory, locale: str
) -> None:
    """At 740 x 360 the German and Dutch top bar took two rows, leaving the felt 240 px
    under it: the round-two bids pushed the hand off the bottom of the screen."""
    page = new_page(viewport={"width": 740, "height": 360}, locale=locale)
    enter_name(page, "Bar")
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 48, bar  # one row of 40 px targets
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected")
    assert small_targets(page) == []


def _opened_at_its_top(page: Page, heading: str) -> None:
    """The page just opened shows from its top, focus on its heading."""
    expect(page.locator(heading)).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator(heading)).to_be_in_viewport()


def test_a_page_opens_at_its_top_with_focus_on_its_heading(new_page: PageFactory) -> None:
    """Leaving a table from the foot of its page opened the lobby 719 px down, and the
    lobby after registering with "Playing as" out of sight: each opens at its top now."""
    page = new_page(viewport=PHONE)
    enter_name(page, "Scroller")
    create_private_table(page, start_with_bots=False)
    page.locator("#leave-table").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 100
    page.click("#leave-table")
    _opened_at_its_top(page, "#lobby-title")
    expect(page.locator("#quick-play")).to_be_in_viewport()

    page.click("#login-link")
    _opened_at_its_top(page, "#account-title")
    page.fill("#register-name", "Newcomer")
    page.fill("#register-password", ACCOUNT_PASSWORD)
    page.click("#register-submit")  # at the foot of the page on a phone
    expect(page.locator("#who")).to_contain_text("Newcomer")
    _opened_at_its_top(page, "#lobby-title")
    expect(page.locator("#who")).to_be_in_viewport()


@pytest.mark.parametrize("kind", ["login", "register"])
def test_logging_in_from_an_invite_goes_back_to_it(new_page: PageFactory, kind: str) -> None:
    """A friend without a session opens the invite, taps "Log in / register" and logs in
    (or registers): they are back at the invite's table, not in the lobby."""
    host = new_page(viewport=PHONE)
    enter_name(host, "Inviter")
    create_private_table(host, start_with_bots=False)
    table = host.evaluate("window.euchre.current.tableId")
    link = invite_url(host)
    name = f"Friend{kind.capitalize()}"
    friend = new_page(viewport={"width": 360, "height": 640})
    if kind == "login":  # an account of their own, logged out again
        register(friend, name)
        expect(friend.locator("#account-title")).to_have_count(0)  # gone on to the lobby
        open_settings(friend)  # on a phone "Log out" is in the gear's menu
        expect(friend.locator("#logout")).to_be_hidden()
        friend.click("#menu-logout")
        expect(friend.locator("#login-link")).to_be_visible()
    friend.goto(link)
    expect(friend.locator("#guest-name")).to_be_visible()  # a name wanted first
    friend.click("#login-link")
    friend.fill(f"#{kind}-name", name)
    friend.fill(f"#{kind}-password", ACCOUNT_PASSWORD)
    friend.click(f"#{kind}-submit")
    expect(friend.locator("#account-name")).to_have_text(name)
    expect(friend.locator(".table-page")).to_be_visible()
    friend.wait_for_function(f"window.euchre.current?.tableId === {table!r}")
    _opened_at_its_top(friend, "#table-title")


TOAST_COVERS = """() => {
    const t = document.querySelector('#chat-toast').getBoundingClientRect();
    const under = '.seat, #felt-score, #felt-contract, #prompt, #hint-button, .upcard,'
        + ' [data-cmd=act], .hand-card';
    return [...document.querySelectorAll(under)].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width && Math.min(r.right, t.right) - Math.max(r.left, t.left) > 0
            && Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top) > 0;
    }).map(e => e.id || e.className);
}"""


def test_a_chat_line_on_a_phone_on_its_side_covers_no_seat_and_no_prompt(
    new_page: PageFactory,
) -> None:
    """On a phone on its side the chat's toast sat over the partner's seat and the "Your
    bid" prompt for 6 s; it shows over the top bar's links now, on the screen in full."""
    host = new_page(viewport=SMALL_LANDSCAPE)
    enter_name(host, "Chatty")
    create_private_table(host, start_with_bots=False)
    friend = new_page()
    friend.goto(invite_url(host))
    friend.fill("#guest-name", "Pal")
    friend.press("#guest-name", "Enter")
    friend.click('.seat[data-seat="1"] button.sit-here')
    host.locator(".add-bot").first.click()
    host.locator(".add-bot").first.click()
    for page in (host, friend):
        page.check("#chat-enabled")
    host.click("#start-game")
    ours, theirs = GamePage(host), GamePage(friend)
    for _ in range(20):  # the friend passes until it is the host's turn
        if friend.evaluate("document.querySelector('.table-page').dataset.myTurn") == "true":
            theirs.act_by_click()
            continue
        try:
            ours.wait_my_turn_or("false", timeout=1000)
            break
        except PlaywrightTimeout:
            pass
    for size in (SMALL_LANDSCAPE, LANDSCAPE):
        host.set_viewport_size(size)
        host.evaluate("window.scrollTo(0, 0)")
        expect(host.locator("#prompt")).to_have_text(re.compile(r"\w"))  # the bid or discard
        friend.fill("#chat-input", "nice one partner, keep it going!!")
        friend.press("#chat-input", "Enter")
        toast = host.locator("#chat-toast")
        expect(toast).to_be_visible()
        box = toast.bounding_box()
        assert box is not None and box["x"] >= 0 and box["y"] >= 0
        assert (
            box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
        )
        assert host.evaluate(TOAST_COVERS) == [], size
        toast.click()  # it still opens the chat
        expect(toast).to_have_count(0)


# With the summary's panel scrolled into the screen (the page, not the panel: the test's
# taps scrolled the page), where Continue and the review button are against the screen and
# the panel as it shows unscrolled; and whether the hand's last trick, scrolled to, shows
# above them.
SUMMARY_IN_VIEW = """() => {
    const panel = document.querySelector('#hand-summary');
    panel.scrollIntoView({block: 'nearest'});
    const box = panel.getBoundingClientRect();
    const problems = [];
    if (panel.scrollTop !== 0) problems.push(`the panel was scrolled by ${panel.scrollTop} px`);
    for (const id of ['summary-continue', 'summary-review']) {
        const b = document.getElementById(id).getBoundingClientRect();
        const shown = Math.min(box.bottom, innerHeight);
        if (b.top < Math.max(box.top, 0) - 0.5 || b.bottom > shown + 0.5)
            problems.push(`#${id} at ${b.top}-${b.bottom}, panel ${box.top}-${box.bottom}`);
    }
    panel.scrollTop = panel.scrollHeight;
    const bar = document.querySelector('#hand-summary .summary-actions').getBoundingClientRect();
    for (const card of panel.querySelectorAll('.summary-trick .card')) {
        const c = card.getBoundingClientRect();
        if (c.bottom > bar.top + 0.5)
            problems.push(`a trick card ends at ${c.bottom}, under the buttons at ${bar.top}`);
    }
    panel.scrollTop = 0;
    return problems;
}"""


def test_continue_is_in_view_however_long_the_summary(
    new_page: PageFactory, pausing: LiveServer
) -> None:
    """Four long names in Dutch on a 360 px phone, or a small phone on its side: the
    summary is taller than the room on the felt and scrolls, but Continue and "Review hand
    N" stay at its foot, in view without scrolling (they were cut in half, or hidden)."""
    names = ["Robin-Hartmann", "Cleo-Marguerite", "Dan-Vandenberg"]
    table, clients = seat_clients(pausing.base, names, turn_seconds=0)
    page = new_page(
        viewport={"width": 360, "height": 640}, locale="nl-NL", touch=True, server=pausing
    )
    enter_name(page, "Lotte-Wilhelmina")
    sit_in_the_last_seat(page, clients, table)
    clients[0].request(type="start", table=table)
    play_until(clients, table, page, "!!document.querySelector('#summary-review')")
    for size in ({"width": 360, "height": 640}, {"width": 664, "height": 390}, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)  # the felt fits itself to the new size on the next frame
        assert page.evaluate(SUMMARY_IN_VIEW) == [], size
    page.locator("#summary-continue").tap()
    expect(page.locator("#hand-summary")).to_have_count(0)
    for client in clients:
        client.close()


OVER_THE_LOOK_BUTTONS = """() => {
    const seat = document.querySelector('.seat.me').getBoundingClientRect();
    return [...document.querySelectorAll('.felt-look')].filter((button) => {
        const b = button.getBoundingClientRect();
        return b.width && b.left < seat.right && seat.left < b.right
            && b.top < seat.bottom && seat.top < b.bottom;
    }).map((button) => button.id);
}"""


@pytest.mark.parametrize(
    "viewport",
    [PHONE, {"width": 360, "height": 640}, {"width": 664, "height": 390}],
    ids=["390", "360", "landscape-664"],
)
def test_the_players_seat_with_its_clock_leaves_the_look_back_buttons_free(
    new_page: PageFactory, live: LiveServer, viewport: dict[str, int]
) -> None:
    """With people at the table the turn timer shows in one's own seat, and its bar made
    the seat as wide as the felt: it lay over "Last trick" and the score sheet's button."""
    table, clients = seat_clients(live.base, ["Robin-Hartmann", "Cleo", "Dan"], turn_seconds=60)
    page = new_page(viewport=viewport, touch=True)
    enter_name(page, "Lotte-Wilhelmina")
    sit_in_the_last_seat(page, clients, table)
    clients[0].request(type="start", table=table)
    play_until(clients, table, page, f"{STATE}?.phase === 'play' && {MY_TURN}")
    expect(page.locator(".seat.me .timer")).to_be_visible()
    expect(page.locator(".felt-look")).to_have_count(2)
    assert page.evaluate(OVER_THE_LOOK_BUTTONS) == []
    for client in clients:
        client.close()


HOLD_QUICK_PLAY = """() => {
    const net = window.euchre.net;
    const real = net.request.bind(net);
    net.request = (message, ...rest) => message.type !== 'quick_play' ? real(message, ...rest)
        : new Promise((answer, fail) => {
            window.__release = () => real(message, ...rest).then(answer, fail);
        });
}"""


def test_play_now_says_it_is_finding_a_table(new_page: PageFactory) -> None:
    """Between the tap and the table the button said nothing, only turned pale: it says
    what is happening now (the server's answer held back here to see it)."""
    page = new_page(viewport=PHONE, locale="de-DE", touch=True)
    enter_name(page, "Quinn")
    page.evaluate(HOLD_QUICK_PLAY)
    button = page.locator("#quick-play")
    button.tap()
    expect(button).to_have_text("Tisch wird gesucht …")
    expect(button).to_be_disabled()
    page.evaluate("window.__release()")
    GamePage(page).wait_table()
    expect(page.locator(".seat.me")).to_have_count(1)


BOT_FIELDS = """() => {
    const select = document.querySelector('#create-bot-level').getBoundingClientRect();
    const start = document.querySelector('#create-start-now').closest('label')
        .getBoundingClientRect();
    const others = document.querySelector('#create-pause').getBoundingClientRect();
    return {width: select.width, others: others.width, gap: start.top - select.bottom};
}"""


def test_the_bot_strength_list_is_as_wide_as_the_others_and_clear_of_start_now(
    new_page: PageFactory,
) -> None:
    """On a phone the bots' strength list was narrower than the form's other lists and 2 px
    above "Start at once", whose box a thumb could take for the list's."""
    page = new_page(viewport=PHONE, locale="de-DE", touch=True)
    enter_name(page, "Quinn")
    page.check('input[name="kind"][value="private"]')
    expect(page.locator("#create-bot-level")).to_be_visible()
    # the default says which level it is ("Server default" told a player nothing)
    default = page.locator("#create-bot-level option").first
    expect(default).to_have_text(re.compile(r"^Voreinstellung: (Zufällig|Leicht|Mittel|Schwer)"))
    fields = page.evaluate(BOT_FIELDS)
    assert fields["width"] >= fields["others"] - 30, fields  # the fieldset's own inset
    assert fields["gap"] >= 8, fields


def test_the_summary_counts_down_and_a_tap_after_it_went_is_not_a_bid(
    new_page: PageFactory, pausing: LiveServer
) -> None:
    """The hand summary went after its pause with no sign of when (its "Continue" read as
    if it waited), and a tap meant for its "Review hand" landed on the next deal's bids.
    Its Continue counts the seconds down; gone by itself, the bids are held for a moment;
    closed by the player, not."""
    page = new_page(viewport=PHONE, server=pausing, touch=True)
    enter_name(page, "Tick")
    game = private_table_with_pause(page)  # a 10 s pause after each hand
    game.play_until(f"{SUMMARY} || {GAME_OVER}")
    button = page.locator("#summary-continue")
    expect(button).to_have_text(re.compile(r"^Continue \((10|9) s\)$"))
    expect(button).to_have_text(re.compile(r"^Continue \([5-8] s\)$"), timeout=6_000)
    held = "window.euchre.current.choicesHeld()"
    assert page.evaluate(held) is False
    # its time runs out (made to, here): the bids are held, then taken again
    until = "window.euchre.current.tapsHeldUntil"
    page.evaluate("() => { window.euchre.current.handPause.until = 0; }")
    page.wait_for_function(f"!{SUMMARY}")
    assert page.evaluate(until) > 0  # held from when it went ...
    page.wait_for_function(f"!{held}", timeout=3_000)  # ... for a moment
    # a summary closed by the player (Continue): nothing held. Made so here: waiting for
    # the next hand's, its 10 s could run out first on a busy machine.
    kept = page.evaluate(
        """() => {
            const table = window.euchre.current;
            table.summaryShown = true;
            table.summaryClosedByPlayer = true;
            const before = table.tapsHeldUntil;
            table.render();
            return table.tapsHeldUntil === before;
        }"""
    )
    assert kept
