"""Accounts in the browser: log in and out, ranked refusals, chat, profile, leaderboard."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator

import pytest
from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, Route, expect
from web_helpers import (
    ACCOUNT_PASSWORD,
    DESKTOP,
    PHONE,
    LiveServer,
    account_form,
    account_server,
    create_private_table,
    enter_name,
    leave_game,
    open_settings,
    register,
    wait_connected,
)

PASSWORD = ACCOUNT_PASSWORD


@pytest.fixture(scope="module")
def accounts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with account_server(tmp_path_factory, "web-accounts") as server:
        yield server


def test_register_log_out_and_log_in(new_page: PageFactory, accounts: LiveServer) -> None:
    page = new_page(server=accounts)
    page.goto("/")
    expect(page.locator("#login-link")).to_have_text("Log in / register")
    register(page, "Annika")
    expect(page.locator("#who")).to_contain_text("Annika")
    assert page.evaluate("window.euchre.session.guest") is False

    page.click("#logout")
    expect(page.locator("#login-link")).to_be_visible()
    expect(page.locator("#account-name")).to_have_count(0)
    expect(page.locator("#guest-name")).to_be_visible()
    assert page.request.get("api/session").status == 401

    account_form(page, "login", "annika", "not the password")
    expect(page.locator("#login-error")).to_have_text("Wrong name or password.")
    expect(page.locator("#login-link")).to_be_visible()

    account_form(page, "login", "annika", PASSWORD)
    expect(page.locator("#account-name")).to_have_text("Annika")
    wait_connected(page)
    assert page.request.get("api/session").json()["name"] == "Annika"


def test_a_guest_changes_their_name_and_keeps_their_seat(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """ "Change name" renames the guest (a new guest had left the seat to a bot, "away", and
    the table watched as a stranger's); an account has no such button: a new name there
    logged its holder out."""
    page = new_page(viewport=PHONE, server=accounts)
    enter_name(page, "Hal")
    create_private_table(page, start_with_bots=True)
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    table = page.locator(".table-page").get_attribute("data-table")
    seat = page.evaluate("window.euchre.current.you.seat")
    page.goto("/#/")
    page.click("#change-name")
    expect(page.locator("#guest-name")).to_have_value("Hal")
    page.click("#rename-cancel")  # changes nothing
    expect(page.locator("#who")).to_contain_text("Hal")
    page.click("#change-name")
    page.fill("#guest-name", "Hal Jordan")
    page.get_by_role("button", name="Save name").click()
    expect(page.locator("#who")).to_contain_text("Hal Jordan")
    wait_connected(page)
    page.goto(f"/#/table/{table}")
    page.wait_for_function(f"window.euchre.current?.you?.seat === {seat}")
    expect(page.locator(".seat.me")).to_have_count(1)
    assert page.request.get("api/session").json()["name"] == "Hal Jordan"

    account = new_page(viewport=PHONE, server=accounts)
    account.goto("/")
    register(account, "Halvard")
    expect(account.locator("#who")).to_contain_text("Halvard")
    expect(account.locator("#change-name")).to_have_count(0)


def test_an_account_forms_error_shows_under_its_field_on_a_small_phone(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """The error came below "Create account", where a phone's keyboard (opened by the focus
    on the password) covered it; the login form's earlier error stayed beside it."""
    page = new_page(server=accounts, viewport={"width": 360, "height": 640}, locale="de-DE")
    page.goto("/#/account")
    account_form(page, "login", "Niemand", "falsches Passwort")
    expect(page.locator("#login-error")).not_to_be_empty()
    account_form(page, "register", "Cosima", "kurz")
    error = page.locator("#register-error")
    expect(error).to_contain_text("8 bis 128 Zeichen")
    expect(error).to_be_in_viewport(ratio=1)
    expect(page.locator("#login-error")).to_be_empty()  # one error at a time
    expect(page.locator("#register-password")).to_be_focused()
    field = page.locator("#register-password").bounding_box()
    below = error.bounding_box()
    assert field and below and 0 <= below["y"] - (field["y"] + field["height"]) < 40
    described = page.locator("#register-password").get_attribute("aria-describedby") or ""
    assert "register-error" in described.split()


def test_an_empty_field_is_named_not_sent(new_page: PageFactory, accounts: LiveServer) -> None:
    """Log in or Create account tapped with a field left empty said "Something went wrong.
    Please try again." (the server's schema error, which the page took for an unknown one).
    The empty field is named, focused, and nothing is sent; a schema error the server does
    send is told by its field."""
    page = new_page(server=accounts, viewport=PHONE)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/api/login" in r.url else None)
    page.goto("/#/account")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    page.click("#login-submit")
    expect(page.locator("#login-error")).to_have_text("Enter your name.")
    expect(page.locator("#login-name")).to_be_focused()
    page.fill("#login-name", "   ")
    page.click("#login-submit")
    expect(page.locator("#login-error")).to_have_text("Enter your name.")
    page.fill("#login-name", "Dora")
    page.click("#login-submit")
    expect(page.locator("#login-error")).to_have_text("Enter your password.")
    expect(page.locator("#login-password")).to_be_focused()
    page.fill("#register-name", "Dora")
    page.click("#register-submit")
    expect(page.locator("#register-error")).to_have_text("Enter your password.")
    expect(page.locator("#login-error")).to_be_empty()
    assert sent == []
    # the server's own refusal of a field (a password past its longest) names the field
    page.evaluate("document.querySelector('#login-password').removeAttribute('maxlength')")
    page.fill("#login-password", "x" * 1100)
    page.click("#login-submit")
    expect(page.locator("#login-error")).to_have_text(
        "That password is the wrong length: use 8 to 128 characters."
    )
    assert len(sent) == 1

    german = new_page(server=accounts, locale="de-DE")
    german.goto("/#/account")
    german.wait_for_function("document.body.dataset.booted === 'true'")
    german.click("#login-submit")
    expect(german.locator("#login-error")).to_have_text("Gib deinen Namen ein.")


def test_a_phone_finds_the_register_form_from_the_pages_top(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """On a phone the forms stack and "Register" was below the fold, under "Log in": a
    newcomer saw only a log-in form. "New here? Create account" at the top takes them to
    it; side by side (a desktop) both show and the way is not needed."""
    page = new_page(server=accounts, viewport=PHONE)
    page.goto("/#/account")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    expect(page.locator("#register-submit")).not_to_be_in_viewport()
    way = page.locator("#to-register")
    expect(way).to_be_in_viewport(ratio=1)
    expect(page.locator(".new-here")).to_have_text("New here? Create account")
    way.click()
    expect(page.locator("#register-name")).to_be_focused()
    for whole in ("#register-heading", "#register-password", "#register-submit"):
        expect(page.locator(whole)).to_be_in_viewport(ratio=1)
    page.set_viewport_size(DESKTOP)
    expect(way).to_be_hidden()


def test_register_refusals_are_translated(new_page: PageFactory, accounts: LiveServer) -> None:
    page = new_page(server=accounts)
    register(page, "Bertil")
    page.click("#logout")
    expect(page.locator("#login-link")).to_be_visible()

    account_form(page, "register", "bertil", PASSWORD)
    expect(page.locator("#register-error")).to_have_text(
        "That name is taken: choose another one, or log in if it is yours."
    )
    account_form(page, "register", "Cosima", "short")
    expect(page.locator("#register-error")).to_have_text(
        "That password is the wrong length: use 8 to 128 characters."
    )

    german = new_page(server=accounts, locale="de-DE")
    account_form(german, "login", "Bertil", "falsches passwort")
    expect(german.locator("#login-error")).to_have_text("Falscher Name oder falsches Passwort.")
    account_form(german, "register", "Bertil", PASSWORD)
    expect(german.locator("#register-error")).to_contain_text("Dieser Name ist vergeben")
    expect(german.locator("#login-link")).to_have_text("Anmelden / Registrieren")


def test_guest_keeps_playing_as_guest(new_page: PageFactory, accounts: LiveServer) -> None:
    page = new_page(server=accounts)
    enter_name(page, "Gast")
    expect(page.locator("#login-link")).to_be_visible()
    assert page.evaluate("window.euchre.session.guest") is True


def hosta_and_ivy_at_a_table(
    new_page: PageFactory, accounts: LiveServer, host_viewport: dict[str, int] = DESKTOP
) -> tuple[Page, Page]:
    """Hosta opens a private table (no bots) and Ivy, a guest on a desktop, follows the
    invite link and sits at her left."""
    host = new_page(viewport=host_viewport, server=accounts)
    enter_name(host, "Hosta")
    create_private_table(host, start_with_bots=False)
    link = host.locator("#invite-link").input_value()
    guest = new_page(server=accounts)
    guest.goto(link)
    guest.fill("#guest-name", "Ivy")
    guest.press("#guest-name", "Enter")
    wait_connected(guest)
    guest.click('.seat[data-seat="1"] button.sit-here')
    expect(guest.locator(".table-page")).to_have_attribute("data-seat", "1")
    return host, guest


def test_chat_is_off_until_turned_on_and_then_delivers(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    host, guest = hosta_and_ivy_at_a_table(new_page, accounts)

    for page in (host, guest):
        expect(page.locator("#chat-enabled")).not_to_be_checked()
        expect(page.locator("#chat-off")).to_be_visible()
        expect(page.locator("#chat-input")).to_be_disabled()
        expect(page.locator("#chat-send")).to_be_disabled()
        expect(page.locator(".chat-preset").first).to_be_disabled()
        # nothing greyed out to puzzle over: the switch and its note only
        expect(page.locator(".chat-presets")).to_be_hidden()
        expect(page.locator("#chat-input")).to_be_hidden()

    host.check("#chat-enabled")
    expect(host.locator("#chat-input")).to_be_enabled()
    expect(host.locator("#chat-input")).to_have_attribute("placeholder", "Write a message…")
    expect(host.locator(".chat-presets")).to_be_visible()
    host.fill("#chat-input", "anyone there?")
    host.click("#chat-send")
    expect(host.locator(".chat-line .chat-text")).to_have_text(["anyone there?"])
    expect(host.locator("#chat-input")).to_have_value("")
    # Chat off: the guest sees nothing, and the server refuses a line sent anyway.
    expect(guest.locator(".chat-line")).to_have_count(0)
    expect(guest.locator("#chat-off")).to_be_visible()
    code = guest.evaluate(
        """() => window.euchre.net
            .request({type: 'chat', table: window.euchre.current.tableId, text: 'psst'})
            .then(() => 'sent', (err) => err.code)"""
    )
    assert code == "chat_off"
    expect(host.locator(".chat-line")).to_have_count(1)

    guest.check("#chat-enabled")
    expect(guest.locator("#chat-off")).to_have_count(0)
    markup = "<b>bold</b> <img src=x onerror=alert(1)>"
    host.fill("#chat-input", markup)
    host.press("#chat-input", "Enter")
    line = guest.locator(".chat-line", has_text="bold")
    expect(line.locator(".chat-text")).to_have_text(markup)
    expect(guest.locator(".chat-line b, .chat-line img")).to_have_count(0)
    expect(line.locator(".chat-from")).to_have_text("Hosta")

    guest.click('.chat-preset[data-preset="good_luck"]')
    expect(host.locator(".chat-line", has_text="Good luck")).to_have_count(1)

    line.locator(".chat-mute").click()
    expect(guest.locator(".chat-line", has_text="Hosta")).to_have_count(0)
    host.fill("#chat-input", "can you hear me?")
    host.press("#chat-input", "Enter")
    expect(host.locator(".chat-line", has_text="can you hear me?")).to_have_count(1)
    guest.click('.chat-preset[data-preset="thanks"]')
    expect(host.locator(".chat-line", has_text="Thanks")).to_have_count(1)
    expect(guest.locator(".chat-line", has_text="Thanks")).to_have_count(1)
    expect(guest.locator(".chat-line", has_text="can you hear me?")).to_have_count(0)
    expect(guest.locator(".chat-unmute")).to_have_text("Unmute Hosta")


def test_a_chat_line_shows_over_the_table_when_the_chat_is_out_of_sight(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    # the guest on a desktop: its chat sits beside the table
    host, guest = hosta_and_ivy_at_a_table(new_page, accounts, host_viewport=PHONE)
    for page in (host, guest):
        page.check("#chat-enabled")
    host.evaluate("window.scrollTo(0, 0)")  # the phone shows the table; the chat is below
    guest.fill("#chat-input", "your turn!")
    guest.press("#chat-input", "Enter")
    toast = host.locator("#chat-toast")
    expect(toast).to_be_visible()
    assert host.evaluate("scrollY") == 0  # the page stays on the table
    expect(toast).to_have_text("Ivy (on your left): your turn!")
    box = toast.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    expect(guest.locator("#chat-toast")).to_have_count(0)  # the sender's own line: no toast
    toast.click()
    expect(host.locator("#chat-toast")).to_have_count(0)
    expect(host.locator(".chat-line", has_text="your turn!")).to_be_in_viewport()
    host.fill("#chat-input", "ok")  # the chat in view: the reply comes without a toast
    guest.fill("#chat-input", "hurry")
    guest.press("#chat-input", "Enter")
    expect(host.locator(".chat-line", has_text="hurry")).to_have_count(1)
    expect(host.locator("#chat-toast")).to_have_count(0)


def test_a_friend_with_chat_off_learns_that_someone_wrote(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """Chat is off until turned on: a friend's "brb" was lost on a player who had not. Now
    a pop-up says once that someone wrote (nothing of who or what), and the panel keeps
    saying it until chat is on and the line shows."""
    host, guest = hosta_and_ivy_at_a_table(new_page, accounts, host_viewport=PHONE)
    guest.check("#chat-enabled")
    host.evaluate("window.scrollTo(0, 0)")  # the phone shows the table; the chat is below
    for text in ("brb", "back soon"):  # the second typed while the first is on its way
        guest.fill("#chat-input", text)
        guest.press("#chat-input", "Enter")
    expect(guest.locator(".chat-line .chat-text")).to_have_text(["brb", "back soon"])
    toast = host.locator("#chat-toast")
    expect(toast).to_have_text("Someone wrote in the chat. Turn chat on")
    expect(host.locator("#chat-off")).to_contain_text("someone wrote here")
    assert "brb" not in host.content()
    # a reload keeps the panel's note, and the pop-up is not shown again
    host.reload()
    expect(host.locator("#chat-off")).to_contain_text("someone wrote here")
    expect(host.locator("#chat-toast")).to_have_count(0)
    host.check("#chat-enabled")
    expect(host.locator(".chat-line", has_text="brb")).to_have_count(1)
    expect(host.locator(".chat-line", has_text="back soon")).to_have_count(1)
    # read: off again after a reload, the panel has nothing new to tell
    host.reload()
    expect(host.locator(".chat-line", has_text="brb")).to_have_count(1)
    host.uncheck("#chat-enabled")
    expect(host.locator("#chat-off")).not_to_contain_text("someone wrote here")


def test_a_tap_on_the_notice_turns_chat_on_and_shows_the_line(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """The notice's words said to turn chat on, and a tap on it only led to the switch, far
    below the table on a phone: the notice was gone by the time it was found. The tap is the
    choice to read: it turns chat on, and the lines show, ready for an answer."""
    host, guest = hosta_and_ivy_at_a_table(new_page, accounts, host_viewport=PHONE)
    guest.check("#chat-enabled")
    host.evaluate("window.scrollTo(0, 0)")
    guest.fill("#chat-input", "still there?")
    guest.press("#chat-input", "Enter")
    toast = host.locator("#chat-toast")
    expect(toast.locator(".chat-toast-action")).to_have_text("Turn chat on")
    assert "still there?" not in host.content()
    toast.click()
    expect(host.locator("#chat-enabled")).to_be_checked()
    expect(host.locator(".chat-line", has_text="still there?")).to_have_count(1)
    expect(host.locator("#chat-input")).to_be_focused()
    expect(host.locator("#chat-input")).to_be_in_viewport()


def test_turning_chat_on_by_its_switch_takes_the_notice_away(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """A player who turned chat on by the switch, not the notice, still saw "Turn chat on"
    over the invite link for seconds after."""
    host, guest = hosta_and_ivy_at_a_table(new_page, accounts, host_viewport=PHONE)
    guest.check("#chat-enabled")
    host.evaluate("window.scrollTo(0, 0)")
    guest.fill("#chat-input", "hi")
    guest.press("#chat-input", "Enter")
    expect(host.locator("#chat-toast .chat-toast-action")).to_have_text("Turn chat on")
    host.check("#chat-enabled")
    expect(host.locator(".chat-line", has_text="hi")).to_have_count(1)
    # gone with the switch, not seconds later as every pop-up goes
    expect(host.locator("#chat-toast")).to_have_count(0, timeout=500)


def test_a_guest_is_refused_ranked_play_in_their_language(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    for locale, text in (
        ("en-GB", "Ranked games need an account: register or log in to play ranked."),
        (
            "de-DE",
            "Ranglistenspiele brauchen ein Konto: Registriere dich oder melde dich an, "
            "um gewertet zu spielen.",
        ),
    ):
        page = new_page(server=accounts, locale=locale)
        enter_name(page, "Gustav")
        note = page.locator("#ranked-note")
        expect(note.locator("a[href='#/account']")).to_be_visible()  # the way to an account
        page.click("#quick-ranked")
        expect(page.locator("#quick-error")).to_have_text(text)
        # said once: the note under it keeps only its link (it said "need an account" again)
        expect(note.locator("#ranked-note-text")).to_have_count(0)
        expect(note.locator("a[href='#/account']")).to_be_visible()
        expect(page.locator(".table-page")).to_have_count(0)
        assert page.evaluate("location.hash") in ("", "#/")


def wait_rated(page: Page, name: str) -> None:
    """Wait until the server has written a finished, rated game of ``name`` (history and
    ratings are written after the game, not with its last move)."""
    for _ in range(150):
        profile = page.request.get(f"api/players/{name}").json()
        games = page.request.get(f"api/players/{name}/games").json()
        if profile["ratings"] and games["total"]:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"no rated game of {name} was written")


def _games_fit_a_phone(page: Page, name: str) -> None:
    """At 390 px the games table was 606 px wide (the score cut mid-word, the Replay link
    off the screen, the date on five lines): each game is now a block that fits."""
    page.goto(f"/#/profile/{name}")
    expect(page.locator("#history-table tbody tr")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    wrap = page.locator("#history-table").evaluate(
        "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]"
    )
    assert wrap[0] <= wrap[1], wrap
    for cell in page.locator("#history-table tbody tr > *").all():
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    link = page.locator("#history-table .replay-link")
    link.scroll_into_view_if_needed()
    expect(link).to_be_in_viewport(ratio=1)
    box = link.bounding_box()
    assert box and box["height"] >= 40 and box["width"] >= 40  # a tap target
    date = page.locator("#history-table tbody th")
    lines = date.evaluate(
        "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"
    )
    assert lines < 2.5, lines
    score = page.locator("#history-table tbody td").nth(2)
    expect(score).to_have_attribute("data-label", "Score")  # shown before the score
    assert score.evaluate("e => getComputedStyle(e, '::before').content") == '"Score: "'
    assert_accessible(page, "the profile on a phone")


def test_ranked_game_then_profile_history_and_leaderboard(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    pages = []
    for name in ("Rhea", "Sven"):
        page = new_page(server=accounts)
        register(page, name)
        page.select_option("#quick-preset", "two-player")
        page.click("#quick-ranked")
        expect(page.locator(".table-page")).to_be_visible()
        pages.append(page)
    for page in pages:
        expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    # Both leave: the bots that take their seats finish the game at once, for their results.
    for page in pages:
        leave_game(page)
    rhea = pages[0]
    wait_rated(rhea, "Rhea")
    wait_rated(rhea, "Sven")

    rhea.goto("/#/profile/rhea")
    rhea.wait_for_function("document.body.dataset.booted === 'true'")
    expect(rhea.locator("#profile-title")).to_have_text("Profile of Rhea")
    expect(rhea.locator("#ratings-table tbody tr")).to_have_count(1)
    expect(rhea.locator("#ratings-table tbody tr th")).to_have_text("Two players")
    expect(rhea.locator("#stats-table")).to_contain_text("Games")
    points = rhea.locator("svg.rating-chart circle")
    expect(points).to_have_count(2)  # before and after the one game
    expect(rhea.locator("svg.rating-chart")).to_have_attribute(
        "aria-label", "Rating history (Two players)"
    )
    expect(rhea.locator("#history-table tbody tr")).to_have_count(1)
    expect(rhea.locator("#history-table tbody tr")).to_contain_text("Rhea, Sven")
    _games_fit_a_phone(new_page(server=accounts, viewport=PHONE), "rhea")
    rhea.locator(".replay-link").click()
    expect(rhea).to_have_url(re.compile(r"#/replay/[\w-]+$"))
    expect(rhea.locator(".replay-link")).to_have_count(0)

    rhea.goto("/#/leaderboard")
    rhea.wait_for_function("document.body.dataset.booted === 'true'")
    rhea.select_option("#leaderboard-mode", "two-player")
    expect(rhea.locator("#leaderboard-table tbody tr")).to_have_count(2)
    names = rhea.locator("#leaderboard-table tbody td a").all_inner_texts()
    assert sorted(names) == ["Rhea", "Sven"]
    rhea.select_option("#leaderboard-mode", "cutthroat")
    expect(rhea.locator("#leaderboard-empty")).to_be_visible()

    german = new_page(server=accounts, locale="de-DE")
    german.goto("/#/profile/Sven")
    expect(german.locator("#profile-title")).to_have_text("Profil von Sven")
    expect(german.locator("svg.rating-chart circle")).to_have_count(2)
    german.goto("/#/profile/nobody-here")
    expect(german.locator("#profile-error")).to_have_text(
        "Es gibt keinen Spieler namens nobody-here."
    )


def test_the_rating_chart_draws_every_point(new_page: PageFactory, accounts: LiveServer) -> None:
    page = new_page(server=accounts)
    page.goto("/#/help")
    drawn = page.evaluate(
        """async () => {
            const { ratingChart } = await import('./profile.js');
            const points = [1.5, -2, 4.25].map((rating) => ({ before: 0, rating }));
            const svg = ratingChart(points, 'chart');
            const ys = [...svg.querySelectorAll('circle')]
                .map((c) => Number(c.getAttribute('cy')));
            const empty = ratingChart([], 'none').querySelectorAll('circle').length;
            return { count: ys.length, ys, empty };
        }"""
    )
    assert drawn["count"] == 4
    assert drawn["empty"] == 0
    ys = drawn["ys"]
    # Higher ratings are drawn higher up: 4.25 is the top, -2 the bottom.
    assert ys[3] == min(ys) and ys[2] == max(ys)


RECENT = {
    "mine": [
        {
            "id": f"game{i}",
            "preset": "standard",
            "players": ["Tapper", "Bot A", "Bot B", "Bot C"],
            "score": [10, 4 + i],
            "finished_at": f"2026-01-0{i + 1}T12:00:00Z",
        }
        for i in range(3)
    ],
    "public": [],
}

TARGETS = """els => els.map(e => {
    const r = e.getBoundingClientRect(); return [r.top, r.height]; })"""


@pytest.mark.parametrize(
    "size", [(390, 664), (740, 360), (844, 390), (1440, 900)], ids=["390", "740", "844", "1440"]
)
def test_phone_links_on_replays_account_and_profile_are_40px_to_tap(
    new_page: PageFactory, accounts: LiveServer, size: tuple[int, int]
) -> None:
    phone = size[0] < 1000
    page = new_page(server=accounts, viewport={"width": size[0], "height": size[1]})
    page.route("**/api/replays/recent", lambda route: route.fulfill(json=RECENT))
    register(page, f"Tapper{size[0]}")
    page.goto("/#/replay")
    links = page.locator(".recent-list a")
    expect(links).to_have_count(3)
    rows = links.evaluate_all(TARGETS)
    if phone:
        assert all(h >= 40 for _, h in rows), rows
        # one row under the other, never overlapping
        assert all(b[0] >= a[0] + a[1] - 0.5 for a, b in itertools.pairwise(rows)), rows
    else:
        assert all(b[0] - a[0] <= 30 for a, b in itertools.pairwise(rows)), rows  # compact
    for where, link in [
        ("#/account", "#account-settings-link"),
        (f"#/profile/Tapper{size[0]}", "#profile-settings"),
    ]:
        page.evaluate(f"location.hash = '{where}'")
        box = page.locator(link).bounding_box()
        assert box is not None
        if phone:
            assert box["height"] >= 40, (where, box)
        else:
            assert box["height"] < 30, (where, box)
    if shots := os.environ.get("EUCHRE_SHOTS"):
        page.screenshot(path=f"{shots}/profile-{size[0]}x{size[1]}.png")
        page.goto("/#/replay")
        expect(links).to_have_count(3)
        page.screenshot(path=f"{shots}/replays-{size[0]}x{size[1]}.png")


def test_the_create_form_offers_no_settings_a_ranked_table_would_refuse(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    page = new_page(server=accounts, viewport=PHONE)
    register(page, "Tilda")
    settings = ["#create-timer", "#create-hints", "#create-bot-level", "#create-start-now"]
    for field in settings:
        expect(page.locator(field)).to_be_visible()
    page.check('input[name="kind"][value="ranked"]')
    expect(page.locator("#ranked-rules")).to_contain_text("no options, no bots")
    for field in [*settings, ".more-options"]:
        expect(page.locator(field)).to_have_count(0)
    expect(page.locator('input[name="kind"][value="ranked"]')).to_be_focused()
    page.click("#create-table")
    expect(page.locator(".table-page")).to_have_attribute("data-status", "waiting")
    assert page.evaluate("window.euchre.current.info.kind") == "ranked"
    page.click("#leave-table")
    page.check('input[name="kind"][value="casual"]')  # back: every setting again
    for field in settings:
        expect(page.locator(field)).to_be_visible()


ESTABLISHED = {
    "en-GB": (
        "Only established players",
        "A player is established after at least 10 ranked games, against at least"
        " 3 different opponents already established at the time.",
    ),
    "de-DE": (
        "Nur etablierte Spieler",
        "Etabliert ist, wer mindestens 10 Ranglistenspiele gespielt hat, gegen mindestens"
        " 3 verschiedene Gegner, die damals schon etabliert waren.",
    ),
    "nl-NL": (
        "Alleen gevestigde spelers",
        "Gevestigd is wie minstens 10 rangspellen heeft gespeeld, tegen minstens"
        " 3 verschillende tegenstanders die toen zelf al gevestigd waren.",
    ),
}


def test_the_leaderboard_says_what_established_takes(
    new_page: PageFactory, accounts: LiveServer
) -> None:
    """The choice said "Only players with 10 or more games": it left out the established
    opponents and said 10 whatever the server was set to. Now it says what the server's
    answer says (established_rule, docs/protocol.md)."""
    for locale, (label, rule) in ESTABLISHED.items():
        page = new_page(server=accounts, locale=locale)
        page.goto("/#/leaderboard")
        expect(page.locator("label:has(#leaderboard-established)")).to_have_text(label)
        expect(page.locator("#leaderboard-rule")).to_have_text(rule)
        expect(page.locator("#leaderboard-established")).to_have_accessible_description(rule)
    page = new_page(server=accounts)  # a server set otherwise says its own numbers

    def other_rule(route: Route) -> None:
        board = route.fetch().json()
        route.fulfill(json={**board, "established_rule": {"games": 1, "opponents": 1}})

    page.route("**/api/leaderboard?*", other_rule)
    page.goto("/#/leaderboard")
    expect(page.locator("#leaderboard-rule")).to_have_text(
        "A player is established after at least 1 ranked game, against at least"
        " 1 opponent already established at the time."
    )


@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 390, "height": 664}])
def test_an_accounts_top_bar_keeps_log_out_in_the_menu_on_a_phone(
    new_page: PageFactory, accounts: LiveServer, size: dict[str, int]
) -> None:
    """Upright, "Log out" was a big white button beside the name, the most eye-catching
    control on every page (one slip logged the player out), and in German at 360 px it made
    the bar three rows, a fifth of the screen."""
    page = new_page(server=accounts, viewport=size, locale="de-DE")
    register(page, f"Kontoinhaberin{size['width']}")
    expect(page.locator("#account-title")).to_have_count(0)  # gone on to the lobby
    expect(page.locator("#account-name")).to_be_visible()
    expect(page.locator("#logout")).to_be_hidden()
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None and bar["height"] <= 92, bar  # two rows of 44 px targets
    open_settings(page)
    page.click("#menu-logout")
    expect(page.locator("#login-link")).to_be_visible()
