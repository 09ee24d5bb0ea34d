"""Your turn, heard and seen: the hidden tab's title and icon, the sounds and their mute
(remembered), the notification asked for from the settings menu."""

from __future__ import annotations

from conftest import PageFactory
from phases import SIZES, act, reach, state
from playwright.sync_api import Page, expect
from web_helpers import GamePage, LiveServer, create_private_table, enter_name, open_settings

# The page thinks it is hidden while window.__hidden is true (as when its tab is in the
# background); every title it takes is kept in window.__titles.
HIDING = """
Object.defineProperty(document, 'visibilityState', {
    configurable: true, get: () => (window.__hidden ? 'hidden' : 'visible'),
});
Object.defineProperty(document, 'hidden', { configurable: true, get: () => !!window.__hidden });
window.__titles = [];
const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
Object.defineProperty(document, 'title', {
    configurable: true,
    get() { return title.get.call(this); },
    set(text) {
        if (text !== title.get.call(this)) window.__titles.push(text);
        title.set.call(this, text);
    },
});
"""


def _hide(page: Page, hidden: bool) -> None:
    page.evaluate(
        "h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def _icon(page: Page) -> str:
    return str(page.locator('link[rel="icon"]').get_attribute("href"))


def _table(page: Page, name: str) -> GamePage:
    enter_name(page, name)
    return create_private_table(page, start_with_bots=True)


def test_a_hidden_tab_shows_the_players_turn_in_its_title_and_icon(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    page = new_page(viewport=SIZES["phone"], server=easy_bots)
    page.add_init_script(HIDING)
    game = _table(page, "Jo")
    now = reach(game, "bid_r1")
    base = f"{page.locator('#table-title').inner_text()} – Euchre"  # the page's name
    expect(page).to_have_title(base)  # visible: nothing to point out
    plain_icon = _icon(page)
    assert "cards/Jh.svg" in plain_icon

    _hide(page, True)
    expect(page).to_have_title(f"▶ Your turn – {base}")
    assert _icon(page).startswith("data:image/svg+xml")
    page.evaluate("window.__titles = []")
    act(game, "pass")
    reach(game, now["phase"] if now["phase"] != "bid_r1" else "play")
    expect(page).to_have_title(f"▶ Your turn – {base}")
    titles = page.evaluate("window.__titles")
    assert base in titles, titles  # the others' turns in between: not marked
    assert titles.index(base) < len(titles) - 1 - titles[::-1].index(f"▶ Your turn – {base}")

    _hide(page, False)
    expect(page).to_have_title(base)  # the page's name back
    assert _icon(page) == plain_icon


def test_sounds_play_on_the_players_turn_and_the_mute_is_remembered(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    page = new_page(viewport=SIZES["phone"], server=easy_bots)
    enter_name(page, "Kit")
    open_settings(page)
    sound = page.locator("#sound")
    expect(sound).to_be_checked()  # sounds on until muted
    sound.uncheck()
    page.reload()
    page.wait_for_function("document.body.dataset.booted === 'true'")
    open_settings(page)
    expect(page.locator("#sound")).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('euchre.sound')") == "0"
    page.keyboard.press("Escape")
    expect(page.locator("#settings-panel")).to_be_hidden()
    expect(page.locator("#settings-button")).to_be_focused()

    game = create_private_table(page, start_with_bots=True)
    reach(game, "play")
    assert page.evaluate("window.euchre.attention.played") == []  # muted: not a sound

    open_settings(page)
    page.locator("#sound").check()
    page.keyboard.press("Escape")
    act(game, state(game)["legal"][0])
    # Until the player's next turn: the card played (or the trick it completed) sounded,
    # and then the turn.
    # (A player who won the trick with that card leads the next: still their turn, no new one.)
    page.wait_for_function(
        """() => { const played = window.euchre.attention.played;
            return played.includes('turn') || (played.includes('trick')
                && window.euchre.current.isMyTurn()); }""",
        timeout=30_000,
    )
    played = page.evaluate("window.euchre.attention.played")
    assert played[0] in ("card", "trick") and played[-1] in ("turn", "trick"), played


def test_a_notification_is_asked_for_from_the_settings_menu(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    page = new_page(viewport=SIZES["desktop"], server=easy_bots)
    page.context.grant_permissions(["notifications"])
    page.add_init_script(
        HIDING
        + """
        window.__shown = [];
        const Real = window.Notification;
        window.Notification = class extends Real {
            constructor(title, options) { super(title, options); window.__shown.push(title); }
        };
        """
    )
    game = _table(page, "Lou")
    assert page.evaluate("window.euchre.attention.notify") is False  # never without asking
    open_settings(page)
    page.locator("#notify").check()
    page.wait_for_function("window.euchre.attention.notify === true")
    assert page.evaluate("localStorage.getItem('euchre.notify')") == "1"
    page.keyboard.press("Escape")

    now = reach(game, "bid_r1")
    _hide(page, True)
    act(game, now["legal"][0])
    reach(game, "play")
    page.wait_for_function("window.__shown.length > 0")
    assert page.evaluate("window.__shown")[0] == "Your turn"
