"""A card that may not be chosen says why when tapped (or pressed): "Follow suit: you hold
a ♥" in a trick (the suit led as the engine counts it), the turn-up the dealer just picked
up, "Wait for your turn" off turn, "Choose a bid first" on the turn to bid; shown among
the short notices, heard once in the polite live region, and given to the disabled card as
its description. Nothing is sent."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import PageFactory
from phases import reach, state
from playwright.sync_api import Locator, Page, expect
from seated_clients import STATE, sit_in_the_last_seat
from server_helpers import seat_clients
from web_helpers import PHONE, PHONE_LANDSCAPE, GamePage, LiveServer, enter_name, open_started_table

from euchre.engine.cards import TRUMP_LETTERS, parse_card, parse_suit
from euchre.engine.rules import effective_suit

SYMBOL = {"c": "♣", "d": "♦", "s": "♠", "h": "♥"}
NAME = {"c": "clubs", "d": "diamonds", "s": "spades", "h": "hearts"}
# Every message the page sends from now on (an action would be one of them).
SPY_ON_SENDING = """() => {
    const net = window.euchre.net;
    window.__sent = [];
    for (const name of ['send', 'fire', 'request']) {
        const real = net[name].bind(net);
        net[name] = (message, ...rest) => {
            window.__sent.push(message);
            return real(message, ...rest);
        };
    }
}"""
# The notice and a card of the hand or a choice overlap (the notice would hide the cards it
# is about, or the bids "Choose a bid first" points to).
NOTICE_OVER_A_CARD = """() => {
    const notice = document.querySelector('#toasts .toast').getBoundingClientRect();
    return [...document.querySelectorAll('.hand-card, .felt .dock button')]
        .map((c) => c.getBoundingClientRect())
        .some((c) => c.height && c.left < notice.right && c.right > notice.left
                     && c.top < notice.bottom && c.bottom > notice.top);
}"""
PLAY_WITH_A_DISABLED_CARD = (
    "t.dataset.phase === 'play' && !!document.querySelector('.hand-card.disabled')"
)


def suit_led(now: dict[str, Any]) -> str:
    """The suit the engine says the trick's first card was led as."""
    led = parse_card(now["trick"][0]["card"])
    return TRUMP_LETTERS[effective_suit(led, parse_suit(now["trump"]))]


def tap_and_check_the_reason(
    page: Page, card: Locator, reason: str, shot: Path, heard: str | None = None
) -> None:
    """Tap ``card``: ``reason`` is shown (hidden from screen readers there), said in the
    polite live region (as ``heard`` where that differs), and nothing is sent; the page
    stays where it was."""
    heard = heard or reason
    version = GamePage(page).version()
    page.evaluate(SPY_ON_SENDING)
    card.tap(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    notice = page.locator("#toasts .toast", has_text=reason)
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("aria-hidden", "true")
    expect(page.locator("#announcer p").last).to_have_text(heard)
    assert not page.evaluate(NOTICE_OVER_A_CARD)
    page.screenshot(path=str(shot))
    card.focus()
    # The live region keeps its last 6 lines: emptied, so the narration of a busy moment
    # cannot push the first telling out before the second is counted.
    page.evaluate("document.getElementById('announcer').replaceChildren()")
    page.keyboard.press("Enter")  # the same from the keyboard, once more, not stacked
    expect(page.locator("#announcer p", has_text=heard)).to_have_count(1)
    expect(page.locator("#toasts .toast", has_text=reason)).to_have_count(1)
    assert page.evaluate("window.__sent") == []
    assert GamePage(page).version() == version
    assert not page.locator(".table-page").get_attribute("aria-busy")


def described_as(page: Page, card: Locator) -> str:
    described = card.get_attribute("aria-describedby")
    assert described, "the disabled card has no description"
    return str(page.locator(f"#{described}").text_content())


def follow_suit(led: str, card: str) -> tuple[str, str]:
    """What ``card``, not following ``led``, says: shown (by symbol) and heard (by name)."""
    shown, heard = f"Follow suit: you hold a {SYMBOL[led]}", f"Follow suit: you hold {NAME[led]}"
    if card[1] == led:  # the bower of the led suit's colour: it is a trump
        return (
            f"{shown} (J{SYMBOL[led]} counts as trump)",
            f"{heard} (Jack of {NAME[led]} counts as trump)",
        )
    return shown, heard


@pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE], ids=["portrait", "landscape"])
def test_a_card_that_does_not_follow_suit_says_which_suit(
    new_page: PageFactory, size: dict[str, int], tmp_path: Path
) -> None:
    """The suit is shown as its symbol and heard by its name (a screen reader would read
    "♥" as "black heart suit")."""
    page = new_page(viewport=size, touch=True)
    game, _, _ = open_started_table(page, "standard", {})
    game.play_until(PLAY_WITH_A_DISABLED_CARD)
    now = state(game)
    led = suit_led(now)
    legal = {act["card"] for act in now["legal_acts"]}
    assert {
        TRUMP_LETTERS[effective_suit(parse_card(c), parse_suit(now["trump"]))] for c in legal
    } == {led}
    disabled = page.locator(".hand-card.disabled")
    for i in range(disabled.count()):
        card = str(disabled.nth(i).get_attribute("data-card"))
        assert described_as(page, disabled.nth(i)) == follow_suit(led, card)[1]
    card = disabled.first
    shown, heard = follow_suit(led, str(card.get_attribute("data-card")))
    tap_and_check_the_reason(page, card, shown, tmp_path / "follow-suit.png", heard)


@pytest.mark.parametrize(
    ("locale", "size", "reason", "prompt"),
    [
        (
            "en-GB",
            PHONE,
            "You cannot discard the turn-up you just picked up",
            r"Choose a card to discard \(not the .+ you picked up\)\.",
        ),
        (
            "de-DE",
            PHONE_LANDSCAPE,
            "Die offene Karte, die du gerade aufgenommen hast, darfst du nicht ablegen",
            r"Wähle eine Karte zum Ablegen \(nicht die offene Karte, .+\)\.",
        ),
    ],
    ids=["en-portrait", "de-landscape"],
)
def test_the_dealer_is_told_the_turn_up_may_not_be_discarded(
    new_page: PageFactory,
    locale: str,
    size: dict[str, int],
    reason: str,
    prompt: str,
    tmp_path: Path,
) -> None:
    page = new_page(viewport=size, locale=locale, touch=True)
    game, _, _ = open_started_table(page, "standard", {})
    now = reach(game, "dealer_discard")
    turn_up = page.locator(f'.hand-card[data-card="{now["upcard"]}"]')
    expect(turn_up).to_have_class("card hand-card disabled")
    # said before any tap: the dimmed card puzzled a first-time dealer
    expect(page.locator("#prompt")).to_have_text(re.compile(prompt))
    assert described_as(page, turn_up) == reason
    tap_and_check_the_reason(page, turn_up, reason, tmp_path / f"turn-up-{locale}.png")


def test_a_card_tapped_off_turn_says_to_wait(
    new_page: PageFactory, live: LiveServer, tmp_path: Path
) -> None:
    table, clients = seat_clients(live.base, ["Bob", "Cy", "Dee"], turn_seconds=0)
    page = new_page(viewport=PHONE, touch=True)
    enter_name(page, "Ann")
    sit_in_the_last_seat(page, clients, table)
    clients[0].request(type="start", table=table)
    page.wait_for_function(f"{STATE}?.phase === 'bid_r1'")
    if page.evaluate(f"{STATE}.to_act === 3"):  # the first to bid: passing hands the turn on
        page.locator('.bid-buttons button[data-action="pass"]').click()
    page.wait_for_function(
        f"{STATE}.to_act !== 3 && !document.querySelector('.table-page[aria-busy]')"
    )
    card = page.locator(".hand-card").first
    assert card.get_attribute("aria-describedby") is None  # not disabled: only not yet
    tap_and_check_the_reason(page, card, "Wait for your turn", tmp_path / "wait.png")
    for client in clients:
        client.close()


@pytest.mark.parametrize(
    ("locale", "reason"),
    [
        ("en-GB", "Choose a bid first"),
        ("de-DE", "Wähle zuerst ein Gebot"),
        ("nl-NL", "Kies eerst een bod"),
    ],
    ids=["en", "de", "nl"],
)
def test_a_card_tapped_on_the_turn_to_bid_says_to_bid_first(
    new_page: PageFactory, locale: str, reason: str, tmp_path: Path
) -> None:
    page = new_page(viewport=PHONE, locale=locale, touch=True)
    game, _, _ = open_started_table(page, "standard", {})
    reach(game, "bid_r1")
    card = page.locator(".hand-card").first
    tap_and_check_the_reason(page, card, reason, tmp_path / f"bid-first-{locale}.png")


def test_a_redrawing_during_the_turn_leaves_focus_on_the_card_being_read(
    new_page: PageFactory,
) -> None:
    """A keyboard user reads their hand on the turn to bid. The table is drawn again (any
    news does it): focus stays on the card they are on instead of jumping to the first bid,
    where the next Enter would have passed or ordered up without their meaning to."""
    page = new_page(viewport=PHONE)
    game, _, _ = open_started_table(page, "standard", {})
    reach(game, "bid_r1")
    expect(page.locator(".bid-buttons button").first).to_be_focused()  # the turn has come
    card = page.locator(".hand-card").nth(2)
    card.focus()
    key = str(card.get_attribute("data-card"))
    page.evaluate("window.euchre.current.render()")
    expect(page.locator(f'.hand-card[data-card="{key}"]')).to_be_focused()
    page.evaluate(SPY_ON_SENDING)
    page.keyboard.press("Enter")
    expect(page.locator("#announcer p").last).to_have_text("Choose a bid first")
    assert page.evaluate("window.__sent") == []


# The prompt's suit to follow for a stand-in table page at the seat's turn: ``led`` the
# first card of the trick, ``legal`` the cards it may play of ``hand``.
FOLLOW = """async ([led, trump, hand, legal, myTurn]) => {
    const { suitToFollow } = await import(new URL("whynot.js", location.href));
    const page = {
        state: { phase: "play", trick: led ? [{ seat: 1, card: led }] : [], trump, hand },
        isMyTurn: () => myTurn,
        cardActions: () => new Map(legal.map((card) => [card, { kind: "play" }])),
        t: (key, params) => window.euchre.t(key, params),
    };
    return suitToFollow(page);
}"""


@pytest.mark.parametrize(
    ("led", "trump", "legal", "my_turn", "told"),
    [
        ("9c", "h", ["Kc", "Ac"], True, "clubs"),
        ("Jd", "h", ["9h"], True, "trumps"),  # the left bower leads trumps
        ("Jd", "s", ["Ad"], True, "diamonds"),
        ("9c", "h", ["Kc", "Ac", "9h", "Th", "Qs"], True, None),  # none to follow: any card
        (None, "h", ["Kc", "Ac", "9h", "Th", "Qs"], True, None),  # to lead
        ("9c", "h", ["Kc", "Ac"], False, None),  # not the seat's turn
    ],
)
def test_the_prompt_names_the_suit_to_follow(
    new_page: PageFactory,
    led: str | None,
    trump: str,
    legal: list[str],
    my_turn: bool,
    told: str | None,
) -> None:
    """The prompt said "play a card" whatever the trick: only the dimmed cards showed that
    the seat must follow. It names the suit ("Your turn: follow clubs."), as the engine
    counts it (a bower leads trumps)."""
    page = new_page()
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    hand = ["Kc", "Ac", "9h", "Th", "Qs"]
    assert page.evaluate(FOLLOW, [led, trump, hand, legal, my_turn]) == told
    if told:
        said = page.evaluate(f"window.euchre.t('prompt.follow', {{suit: '{told}'}})")
        assert said == f"Your turn: follow {told}."
