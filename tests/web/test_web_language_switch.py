"""A change of language mid-game reaches every text the table shows at once: the log's
earlier lines are told again in the new language (it keeps the events, not their words),
as are a toast still shown, the chat's note and a replay's error, the lobby's errors and
a chat line's pop-up still shown; and "Last trick", not usable before the first trick is
over, says why."""

from __future__ import annotations

import json
import re

import pytest
from conftest import PageFactory
from playwright.sync_api import Page, WebSocketRoute, expect
from seated_clients import Client
from test_web_chat_saves import at_a_table, refuse_chat_switch
from web_helpers import (
    PHONE,
    PHONE_LANDSCAPE,
    LiveServer,
    enter_name,
    open_settings,
    open_started_table,
)

# Going alone would let the first trick end without the player's card: with it not allowed,
# the player's first turn comes before any trick is over.
NO_ALONE = {"allow_alone": False}
PLAYED_IN_GERMAN = (
    "[...document.querySelectorAll('#game-log li')].some(li => li.textContent.includes(' spielt '))"
)
A_TRICK_OVER = "window.euchre.current.recentTrick !== null"


def choose_language(page: Page, lang: str) -> None:
    open_settings(page)
    page.select_option("#language", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_the_log_is_told_again_in_the_new_language(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page(viewport=PHONE, locale="de-DE")
    game, _, _ = open_started_table(page, "standard", NO_ALONE, name="Kiri")
    game.play_until(PLAYED_IN_GERMAN)
    lines = page.locator("#game-log li")
    german = lines.all_text_contents()
    assert any(" spielt " in line for line in german), german
    said = page.locator("#announcer p")
    expect(said.first).to_be_attached()
    said_in_german = said.count()

    choose_language(page, "nl")
    expect(lines.filter(has_text=" spielt ")).to_have_count(0)
    expect(lines.filter(has_text=" speelt ").first).to_be_attached()
    expect(lines.filter(has_text="Het spel begint.")).to_have_count(1)
    dutch = lines.all_text_contents()
    assert len(dutch) >= len(german)
    assert not set(german) & set(dutch), set(german) & set(dutch)
    # What the announcer said stays in the voice it was said in; what it says now is Dutch.
    game.play_until("document.querySelector('#announcer p:last-child')?.lang === 'nl'")
    langs = [said.nth(i).get_attribute("lang") for i in range(said.count())]
    assert langs[0] == "de" and set(langs) == {"de", "nl"}, (said_in_german, langs)

    choose_language(page, "de")  # and back: the same lines as before
    assert lines.all_text_contents()[: len(german)] == german
    # The lines told again are not read out: a screen reader heard the whole game anew at
    # each change of language (and every event twice, from the log and the announcer).
    live = page.evaluate(
        """() => {
            const line = document.querySelector('#game-log li');
            const live = '[aria-live], [role=log], [role=status], [role=alert]';
            return [...document.querySelectorAll(live)].filter((e) => e.contains(line))
                .map((e) => e.getAttribute('aria-live'));
        }"""
    )
    assert live == ["off"], live


def test_a_toast_still_shown_follows_the_language(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page(viewport=PHONE, locale="de-DE")
    open_started_table(page, "standard", NO_ALONE)
    page.evaluate("window.euchre.showError({code: 'rate_limited'})")
    toast = page.locator("#toasts .toast-error")
    german = toast.text_content()
    choose_language(page, "en")
    expect(toast).not_to_have_text(str(german))
    expect(toast).to_have_text(page.evaluate("window.euchre.errorText({code: 'rate_limited'})"))


def test_last_trick_says_why_it_waits_for_the_first_trick(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=PHONE)
    game, _, _ = open_started_table(page, "standard", NO_ALONE)
    assert game.wait_my_turn_or(A_TRICK_OVER) == "turn"
    side = page.locator("#last-trick-button")
    felt = page.locator("#felt-last-trick")
    for button in (side, felt):
        expect(button).to_be_disabled()
        expect(button).to_have_accessible_description("After the first trick")
    expect(side).to_have_attribute("title", "After the first trick")
    expect(felt).to_have_accessible_name("Last trick")

    choose_language(page, "nl")
    expect(side).to_have_accessible_description("Na de eerste slag")
    choose_language(page, "de")
    expect(felt).to_have_accessible_description("Nach dem ersten Stich")

    game.play_until(A_TRICK_OVER)
    for button in (side, felt):
        expect(button).to_be_enabled()
        assert button.get_attribute("aria-description") is None
    expect(side).to_have_accessible_description("")
    expect(felt).to_have_accessible_name("Letzter Stich")
    words = felt.locator(".felt-look-word")  # in words under its icon, not an icon alone
    expect(words).to_have_text("Letzter Stich")


def test_the_chat_note_and_a_replay_error_follow_the_language(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE, touch=True)
    refuse_chat_switch(
        page, 100, {"code": "server_error", "message": "the server failed", "retry_after": 0.1}
    )
    at_a_table(page)
    page.locator("#chat-enabled").tap()
    problem = page.locator("#chat-error")
    expect(problem).to_have_text("Not saved: The server failed.", timeout=15_000)
    choose_language(page, "de")
    expect(problem).to_have_text(
        "Nicht gespeichert: Der Server konnte die Anfrage nicht ausführen."
        " Bitte versuche es noch einmal."
    )

    page.goto("/#/replay/no-such-game")
    error = page.locator("#replay-error")
    expect(error).to_have_text("Kein beendetes Spiel mit dieser Kennung.")
    choose_language(page, "nl")
    expect(error).to_have_text("Geen afgelopen spel met die code.")


def refuse(page: Page, kinds: set[str], error: dict[str, object]) -> None:
    """Answer every message of these ``kinds`` the page sends with ``error``."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def outgoing(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("type") in kinds:
                ws.send(json.dumps({"type": "error", "ref": message["ref"], **error}))
            else:
                server.send(text)

        ws.on_message(outgoing)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"/ws(\?|$)"), route)


SIZES = pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])


@SIZES
def test_the_lobbys_errors_are_told_again_in_the_new_language(
    new_page: PageFactory, live: LiveServer, size: dict[str, int]
) -> None:
    page = new_page(viewport=size)
    refusal = {"code": "rate_limited"}
    refuse(page, {"create", "quick_play"}, refusal)
    enter_name(page, "Lena")
    page.click("#create-table")
    page.click("#quick-ranked")
    errors = [page.locator("#create-error"), page.locator("#quick-error")]
    english = page.evaluate("(err) => window.euchre.errorText(err)", refusal)
    for error in errors:
        expect(error).to_have_text(english)
    choose_language(page, "de")
    german = page.evaluate("(err) => window.euchre.errorText(err)", refusal)
    assert german != english
    for error in errors:
        expect(error).to_have_text(german)


def test_the_rules_chosen_for_quick_play_stay_chosen(
    new_page: PageFactory, live: LiveServer
) -> None:
    """A change of language draws the lobby again, and the lobby is drawn anew on coming
    back to it: the quick-play rules went back to standard, and a game of them was played."""
    page = new_page(viewport=PHONE)
    enter_name(page, "Lena")
    preset = page.locator("#quick-preset")
    page.select_option("#quick-preset", "two-player")
    choose_language(page, "de")
    expect(preset).to_have_value("two-player")
    page.goto("/#/help")
    expect(preset).to_have_count(0)
    page.goto("/#/")
    expect(preset).to_have_value("two-player")
    expect(page.locator("#create-preset")).to_have_value("standard")  # a form of its own


def ivy_beside(page: Page, live: LiveServer, chat: bool = True) -> tuple[Client, str]:
    """``page`` at a table of its own with chat on (or left off), and Ivy (a websocket
    client, chat on) seated at its left: (Ivy, the table)."""
    at_a_table(page)
    if chat:
        page.check("#chat-enabled")
    invite = page.locator("#invite-code-text").inner_text()
    ivy = Client(live.base, "Ivy")
    ivy.send(type="join", invite=invite)
    ivy.until(lambda m: m["type"] == "table")
    table = str(page.evaluate("window.euchre.current.tableId"))
    ivy.request(type="sit", table=table, seat=1)
    ivy.request(type="chat_settings", enabled=True)
    return ivy, table


@SIZES
def test_a_chat_lines_pop_up_follows_the_language(
    new_page: PageFactory, live: LiveServer, size: dict[str, int]
) -> None:
    page = new_page(viewport=size)
    ivy, table = ivy_beside(page, live)
    page.evaluate("window.scrollTo(0, 0)")  # the phone shows the table; the chat is below
    ivy.request(type="chat", table=table, text="hallo")
    toast = page.locator("#chat-toast")
    expect(toast).to_have_text("Ivy (on your left): hallo")
    # at once, by the language's own switch: the pop-up goes after a few seconds
    page.evaluate("window.euchre.i18n.load('de')")
    expect(toast).to_have_text("Ivy (links von dir): hallo")
    ivy.close()


def test_a_long_chat_line_shows_on_two_lines_on_an_upright_phone(
    new_page: PageFactory, live: LiveServer
) -> None:
    """A line cut after its first words ("Moment, ich überlege noch…") had to be read two
    screens down, in the chat: the pop-up of a phone held upright has two lines."""
    page = new_page(viewport=PHONE)
    ivy, table = ivy_beside(page, live)
    page.evaluate("window.scrollTo(0, 0)")
    said = "Moment, ich überlege noch, was ich ansage"
    ivy.request(type="chat", table=table, text=said)
    text = page.locator("#chat-toast .chat-toast-text")
    expect(text).to_have_text(f"Ivy (on your left): {said}")
    cut = text.evaluate("e => e.scrollHeight > e.clientHeight + 1")
    lines = text.evaluate(
        "e => Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight))"
    )
    assert not cut and lines == 2, (cut, lines)
    ivy.close()


@pytest.mark.parametrize(
    "size", [{"width": 360, "height": 640}, PHONE_LANDSCAPE], ids=["small", "landscape"]
)
def test_the_note_that_someone_wrote_is_whole_in_german(
    new_page: PageFactory, live: LiveServer, size: dict[str, int]
) -> None:
    """The pop-up for a line one's chat is off for says how to read it: on a small phone
    in German it was cut before its last words ("Schalte den Chat ein, um es zu…")."""
    page = new_page(viewport=size, locale="de-DE")
    ivy, table = ivy_beside(page, live, chat=False)
    page.evaluate("window.scrollTo(0, 0)")
    ivy.request(type="chat", table=table, text="hallo")
    text = page.locator("#chat-toast .chat-toast-text")
    said = "Jemand hat im Chat geschrieben. Chat einschalten"  # what the tap does, whole
    expect(text).to_have_text(said)
    assert text.evaluate("e => e.scrollHeight <= e.clientHeight + 1")  # nothing cut
    ivy.close()
