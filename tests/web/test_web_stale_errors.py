"""An error toast belongs to the page that showed it: "Choose a name first." stayed up over
the next page, a waiting table's start button under it. A new page drops errors shown a
while ago, and keeps one just shown (it may be why the page changed)."""

from __future__ import annotations

from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, create_private_table, wait_connected


def test_an_old_error_goes_with_its_page_and_a_new_one_stays(new_page: PageFactory) -> None:
    page = new_page(viewport=PHONE)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    page.click("#quick-play")  # no name yet
    error = page.locator(".toast-error")
    expect(error).to_have_text("Choose a name first.")
    page.wait_for_timeout(2500)  # a person types a name meanwhile
    page.fill("#guest-name", "Toast")
    page.click("form.name-form button[type=submit]")
    wait_connected(page)
    expect(error).to_have_text("Choose a name first.")  # the same page: still there
    create_private_table(page, start_with_bots=False)
    expect(error).to_have_count(0)

    page.evaluate(
        "() => { window.euchre.showError({code: 'not_found', message: 'no table X'});"
        " location.hash = '#/'; }"
    )
    expect(page.locator("#lobby-title")).to_be_visible()
    expect(error).to_have_text("No table X.")  # as a sentence
