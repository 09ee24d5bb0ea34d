"""Account settings in the browser (change the password, delete the account) and the chat
panel's place beside or below the table."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from axe import assert_accessible
from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import (
    ACCOUNT_PASSWORD,
    DESKTOP,
    PHONE,
    LiveServer,
    account_form,
    account_server,
    create_private_table,
    enter_name,
    open_settings,
    register,
    wait_connected,
)

PASSWORD = ACCOUNT_PASSWORD
NEW_PASSWORD = "staple battery horse"
WRONG_LOGIN = "Wrong name or password."
WRONG_CURRENT = "That is not your current password."


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with account_server(tmp_path_factory, "web-settings") as server:
        yield server


def log_in(page: Page, name: str, password: str) -> None:
    account_form(page, "login", name, password)
    expect(page.locator("#account-name")).to_have_text(name)
    wait_connected(page)


def fill_password_form(page: Page, current: str, new: str, confirm: str) -> None:
    page.fill("#current-password", current)
    page.fill("#new-password", new)
    page.fill("#confirm-password", confirm)


def test_change_the_password(new_page: PageFactory, own_server: LiveServer) -> None:
    page = new_page(server=own_server)
    register(page, "Dagny")
    page.click("#settings-link")
    expect(page).to_have_url(re.compile(r"#/account/settings$"))
    expect(page.locator("#settings-title")).to_have_text("Account settings")
    expect(page.get_by_label("Current password")).to_be_visible()

    # Refusals from the page itself: nothing is sent.
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("Enter your current password.")
    expect(page.locator("#current-password")).to_be_focused()
    fill_password_form(page, PASSWORD, NEW_PASSWORD, NEW_PASSWORD + "!")
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("The two new passwords are not the same.")
    expect(page.locator("#confirm-password")).to_be_focused()
    expect(page.locator("#confirm-password")).to_have_attribute("aria-invalid", "true")

    # Refusals from the server, translated: a wrong current password, a too short new one.
    fill_password_form(page, "not my password", NEW_PASSWORD, NEW_PASSWORD)
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text(WRONG_CURRENT)
    expect(page.locator("#current-password")).to_be_focused()
    expect(page.locator("#confirm-password")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#password-done")).to_be_empty()
    fill_password_form(page, PASSWORD, "short", "short")
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text(
        "That password is the wrong length: use 8 to 128 characters."
    )
    expect(page.locator("#new-password")).to_be_focused()

    # Nothing changed: the old password still logs in elsewhere, the refused new one does not.
    other = new_page(server=own_server)
    account_form(other, "login", "Dagny", NEW_PASSWORD)
    expect(other.locator("#login-error")).to_have_text(WRONG_LOGIN)
    log_in(other, "Dagny", PASSWORD)

    # The change, submitted from the keyboard.
    fill_password_form(page, PASSWORD, NEW_PASSWORD, NEW_PASSWORD)
    page.press("#confirm-password", "Enter")
    expect(page.locator("#password-done")).to_have_text(
        "Your password has been changed. Your other sessions have been logged out."
    )
    expect(page.locator("#password-error")).to_be_empty()
    for field in ("#current-password", "#new-password", "#confirm-password"):
        expect(page.locator(field)).to_have_value("")
    assert page.request.get("api/session").json()["name"] == "Dagny"
    assert other.request.get("api/session").status == 401  # the other session was revoked

    page.click("#logout")
    expect(page.locator("#login-link")).to_be_visible()
    account_form(page, "login", "Dagny", PASSWORD)
    expect(page.locator("#login-error")).to_have_text(WRONG_LOGIN)
    account_form(page, "login", "dagny", NEW_PASSWORD)  # names ignore case
    expect(page.locator("#account-name")).to_have_text("Dagny")


def test_delete_the_account(new_page: PageFactory, own_server: LiveServer) -> None:
    page = new_page(server=own_server)
    register(page, "Edvard")
    page.click("#account-name")
    expect(page.locator("#profile-title")).to_contain_text("Edvard")
    page.click("#profile-settings")
    expect(page.locator("#settings-title")).to_be_visible()

    page.fill("#delete-password", PASSWORD)
    page.click("#delete-submit")
    expect(page.locator("#delete-error")).to_have_text(
        "Tick the box to confirm that you want to delete your account."
    )
    expect(page.locator("#delete-confirm")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#delete-confirm")).to_be_checked()

    page.fill("#delete-password", "not my password")
    page.click("#delete-submit")
    expect(page.locator("#delete-error")).to_have_text(WRONG_CURRENT)
    expect(page.locator("#delete-password")).to_be_focused()
    expect(page.locator("#account-name")).to_have_text("Edvard")
    wait_connected(page)  # the socket stopped for the attempt comes back
    assert page.request.get("api/players/Edvard").status == 200

    page.fill("#delete-password", PASSWORD)
    page.click("#delete-submit")
    expect(page.locator(".toast", has_text="Your account has been deleted.")).to_be_visible()
    expect(page.locator("#guest-name")).to_be_visible()
    expect(page.locator("#login-link")).to_be_visible()
    expect(page.locator("#account-name")).to_have_count(0)
    assert page.evaluate("location.hash") in ("", "#/")
    assert page.request.get("api/session").status == 401
    assert page.request.get("api/players/Edvard").status == 404

    account_form(page, "login", "Edvard", PASSWORD)
    expect(page.locator("#login-error")).to_have_text(WRONG_LOGIN)
    expect(page.locator("#login-link")).to_be_visible()


def test_settings_are_translated_and_keep_what_was_typed(
    new_page: PageFactory, own_server: LiveServer
) -> None:
    page = new_page(server=own_server, locale="de-DE")
    register(page, "Frieda")
    page.goto("/#/account/settings")
    expect(page.locator("#settings-title")).to_have_text("Kontoeinstellungen")
    page.fill("#new-password", NEW_PASSWORD)
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("Gib dein aktuelles Passwort ein.")
    fill_password_form(page, "falsches passwort", NEW_PASSWORD, NEW_PASSWORD)
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("Das ist nicht dein aktuelles Passwort.")

    open_settings(page)

    page.select_option("#language", "nl")
    expect(page.locator("#settings-title")).to_have_text("Accountinstellingen")
    expect(page.locator("#password-error")).to_have_text("Dat is niet je huidige wachtwoord.")
    expect(page.locator("#new-password")).to_have_value(NEW_PASSWORD)
    expect(page.get_by_label("Huidig wachtwoord")).to_be_visible()
    expect(page.locator("#delete-submit")).to_have_text("Mijn account verwijderen")


def test_a_guest_is_asked_to_log_in(new_page: PageFactory, own_server: LiveServer) -> None:
    page = new_page(server=own_server)
    enter_name(page, "Gerrit")
    page.goto("/#/account/settings")
    expect(page.locator("#settings-login-first")).to_have_text(
        "Log in to change your password or delete your account."
    )
    expect(page.locator("form")).to_have_count(0)
    expect(page.locator("#settings-link")).to_have_count(0)


TOP_BAR_NAMES = {  # the account settings link, the gear
    "en-GB": ("Account settings", "Settings"),
    "de-DE": ("Einstellungen des Kontos", "Einstellungen"),
    "nl-NL": ("Instellingen van je account", "Instellingen"),
}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_two_settings_in_the_top_bar_have_names_of_their_own(
    new_page: PageFactory, own_server: LiveServer, viewport: dict[str, int]
) -> None:
    """The link to the account's settings (✎, "Settings" beside it on a wide screen) and
    the gear's menu (language, deck, sounds) were both read as "Settings"."""
    for locale, (link, gear) in TOP_BAR_NAMES.items():
        page = new_page(server=own_server, viewport=viewport, locale=locale)
        register(page, f"Ines{viewport['width']}{locale[:2]}")
        expect(page.locator("#settings-link")).to_have_accessible_name(link)
        expect(page.locator("#settings-button")).to_have_accessible_name(gear)
        assert_accessible(page, f"the top bar ({locale}, {viewport['width']} px)")


def _boxes(page: Page, *selectors: str) -> list[dict[str, float]]:
    """The boxes of ``selectors`` from one layout, once it has settled: after a change of
    viewport the page may lay itself out again for a frame or two, and boxes read one by
    one could come from different layouts."""
    script = """async (selectors) => {
        const frame = () => new Promise((done) => requestAnimationFrame(done));
        const read = () => selectors.map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height};
        });
        let last = null;
        for (let i = 0; i < 60; i++) {
            await frame();
            const now = read();
            if (JSON.stringify(now) === JSON.stringify(last)) return now;
            last = now;
        }
        return last;
    }"""
    found: list[dict[str, float]] = page.evaluate(script, list(selectors))
    return found


def test_chat_is_beside_the_table_on_wide_screens_and_below_on_phones(
    new_page: PageFactory, live: LiveServer
) -> None:
    page = new_page(viewport=DESKTOP)
    enter_name(page, "Hanne")
    create_private_table(page, start_with_bots=False)
    expect(page.locator("#chat-panel")).to_be_visible()
    expect(page.locator("#chat-panel")).not_to_contain_text("null")  # no one muted: nothing

    table, chat = _boxes(page, ".table-page", "#chat-panel")
    assert chat["x"] >= table["x"] + table["width"], (table, chat)
    assert chat["y"] < table["y"] + table["height"], (table, chat)

    for viewport in (PHONE, {"width": 360, "height": 740}):
        page.set_viewport_size(viewport)
        table, chat = _boxes(page, ".table-page", "#chat-panel")
        assert chat["y"] >= table["y"] + table["height"], (viewport, table, chat)
        assert chat["x"] < table["x"] + table["width"], (viewport, table, chat)
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, (viewport, overflow)


def test_a_refused_password_change_is_in_view_on_a_small_phone(
    new_page: PageFactory, own_server: LiveServer
) -> None:
    """The error came at the foot of the form, under the keyboard the focus opens."""
    page = new_page(server=own_server, viewport={"width": 360, "height": 640})
    register(page, "Ingrid")
    page.goto("/#/account/settings")
    fill_password_form(page, "not my password", NEW_PASSWORD, NEW_PASSWORD)
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text(WRONG_CURRENT)
    expect(page.locator("#current-password")).to_be_focused()
    box = page.locator("#password-error").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640 * 0.6, box  # above a keyboard
    # a password manager keeps the new password with the account's name
    username = page.locator("#password-form input[autocomplete=username]")
    expect(username).to_have_value("Ingrid")
