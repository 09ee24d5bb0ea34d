"""Names are not unique at a table: two guests may both be "Ann", or one "Ann" with a
Cyrillic А. Each chat line says where its author sits from the reader's seat (partner,
left, right, you), in the reader's language, so an opponent cannot pass as the partner;
a spectator's line says it is a spectator's."""

from __future__ import annotations

from pathlib import Path

from conftest import PageFactory
from playwright.sync_api import Page, expect
from web_helpers import PHONE, PHONE_LANDSCAPE, create_private_table, enter_name

CYRILLIC_ANN = "\u0410nn"


def seated(page: Page) -> int:
    seat = page.locator(".seat.me").get_attribute("data-seat")
    assert seat is not None
    return int(seat)


def chat_on(page: Page) -> None:
    page.locator("#chat-enabled").check()
    expect(page.locator("#chat-input")).to_be_enabled()


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    expect(page.locator(".chat-line", has_text=text)).to_have_count(1)


def join(new_page: PageFactory, code: str, name: str, locale: str, seat: int | None) -> Page:
    page = new_page(viewport=PHONE_LANDSCAPE if locale == "de-DE" else PHONE, locale=locale)
    enter_name(page, name)
    page.goto(f"/#/join/{code}")
    if seat is not None:
        page.locator(f'.seat[data-seat="{seat}"] .sit-here').click()
        expect(page.locator(f'.seat.me[data-seat="{seat}"]')).to_have_count(1)
    else:
        expect(page.locator("#chat-apart")).to_have_count(1)
    chat_on(page)
    return page


def line(page: Page, text: str) -> str:
    found = page.locator(".chat-line", has_text=text)
    expect(found).to_have_count(1)
    return found.inner_text()


def test_each_chat_line_says_where_its_author_sits(new_page: PageFactory, tmp_path: Path) -> None:
    host = new_page(viewport=PHONE)
    enter_name(host, "Ann")
    create_private_table(host, start_with_bots=False)
    code = host.locator("#invite-code-text").inner_text()
    me = seated(host)
    chat_on(host)
    twin = join(new_page, code, "Ann", "de-DE", (me + 2) % 4)  # the host's partner
    fake = join(new_page, code, CYRILLIC_ANN, "nl-NL", (me + 1) % 4)  # an opponent
    watchers = [join(new_page, code, name, "en-GB", None) for name in ("Sam", "Sue")]
    say(host, "hi from the host")
    say(twin, "hi from the partner")
    say(fake, "I am your partner")
    say(watchers[0], "go Ann")

    expect(host.locator(".chat-line", has_text="I am your partner")).to_contain_text(
        f"{CYRILLIC_ANN} (on your left): I am your partner"
    )
    assert line(host, "hi from the partner").startswith("Ann (partner): ")
    assert line(host, "hi from the host").startswith("Ann (you): ")
    assert "Mute Ann (partner)" in line(host, "hi from the partner")

    expect(twin.locator(".chat-line", has_text="I am your partner")).to_contain_text(
        f"{CYRILLIC_ANN} (rechts von dir):"
    )
    assert line(twin, "hi from the host").startswith("Ann (Partner): ")
    assert line(twin, "hi from the partner").startswith("Ann (du): ")

    expect(fake.locator(".chat-line", has_text="hi from the partner")).to_contain_text(
        "Ann (links van je):"
    )
    assert line(fake, "hi from the host").startswith("Ann (rechts van je): ")

    expect(watchers[1].locator(".chat-line", has_text="go Ann")).to_contain_text(
        "Sam (spectator): go Ann"
    )
    assert line(watchers[0], "go Ann").startswith("Sam (you): ")
    for page, shot in ((host, "portrait"), (twin, "landscape")):
        page.locator("#chat-lines").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"chat-names-{shot}.png"))
