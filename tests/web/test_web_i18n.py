"""Languages: German from the browser's language, errors in German, the picker, help in each."""

from __future__ import annotations

import re

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import GamePage, LiveServer, create_private_table, enter_name, open_settings

LANGUAGES = {"en": "How to play Euchre", "de": "So spielt man Euchre", "nl": "Zo speel je Euchre"}


def test_german_table_and_errors(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page(locale="de-DE")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Lobby")
    expect(page.locator("form.name-form button")).to_have_text("Als Gast spielen")

    page.fill("#guest-name", "!!")
    page.press("#guest-name", "Enter")
    expect(page.locator("#guest-name-error")).to_contain_text("Ein Name hat 1 bis 24 Buchstaben")

    enter_name(page, "Gerda")
    expect(page.locator("#quick-play")).to_have_text("Jetzt spielen")
    # a table's kind, as the history list names a game's: "Gewertet" like "Offen" and
    # "Privat" (and "gewertet spielen"); "Rangliste" is the leaderboard
    ranked = page.locator('input[name="kind"][value="ranked"] + span')
    expect(ranked).to_have_text(re.compile(r"^Gewertet"))
    expect(page.get_by_role("navigation").get_by_role("link", name="Rangliste")).to_be_visible()
    page.check('input[name="kind"][value="ranked"]')
    page.click("#create-table")
    expect(page.locator("#create-error")).to_have_text(
        "Ranglistenspiele brauchen ein Konto: Registriere dich oder melde dich an, "
        "um gewertet zu spielen."
    )

    page.goto("/#/join/no-such-code")
    expect(page.locator("#table-error")).to_have_text(
        "Diese Einladung führt zu keinem Tisch: Der Tisch ist geschlossen oder der Code ist"
        " vertippt. Bitte die Person, die dich eingeladen hat, um eine neue Einladung."
    )

    page.goto("/")
    game = create_private_table(page, start_with_bots=True)
    expect(page.locator("#score-title")).to_have_text("Punktestand (Spiel bis 10)")
    game.wait_my_turn_or("false")
    expect(page.locator("#prompt")).to_have_text(
        re.compile("Dein Gebot|Du bist dran|Wähle eine Karte zum Ablegen")
    )
    labels = page.locator(".hand-card").evaluate_all(
        "cs => cs.map(c => c.getAttribute('aria-label'))"
    )
    suits = ("Kreuz", "Karo", "Pik", "Herz")
    assert labels and all(any(s in label for s in suits) for label in labels), labels
    expect(page.locator("#leave-table")).to_have_text("Tisch verlassen")
    game.act_by_click()
    log = page.locator("#game-log li").all_text_contents()
    words = ("passt", "spielt", "bestellt", "nennt", "nimmt")  # nimmt: the dealer picks up
    assert any(word in " ".join(log) for word in words), log


def test_the_language_picker_switches_every_text(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page(locale="en-US")
    page.goto("/")
    expect(page.locator("form.name-form button")).to_have_text("Play as guest")
    open_settings(page)
    page.select_option("#language", "nl")
    expect(page.locator("form.name-form button")).to_have_text("Spelen als gast")
    expect(page.locator(".nav a").nth(2)).to_have_text("Hulp")
    page.reload()
    expect(page.locator("form.name-form button")).to_have_text("Spelen als gast")
    open_settings(page)
    page.select_option("#language", "de")
    expect(page.locator(".nav a").nth(2)).to_have_text("Hilfe")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_help_in_every_language(new_page: PageFactory, live: LiveServer, lang: str) -> None:
    page = new_page(locale=lang)
    page.goto("/#/help")
    expect(page.locator("#help-title")).to_have_text(LANGUAGES[lang])
    for section in (
        "basics",
        "order",
        "bidding",
        "alone",
        "scoring",
        "variants",
        "options",
        "site",
        "coach",
        "keyboard",
        "tips",
        "words",
        "faq",
    ):
        heading = page.locator(f"#help-{section}-title")
        expect(heading).to_be_visible()
        assert not heading.inner_text().startswith("help."), heading.inner_text()
    options = page.locator("#help-option-list dd").all_inner_texts()
    assert len(options) >= 25 and all(text and "options." not in text for text in options)
    assert page.locator("#help-faq dt").count() >= 5
    assert page.locator("#help-words dt").count() >= 10  # the words the coach uses
    coach = page.locator(
        "#help-coach p"
    ).all_inner_texts()  # what a learner asks: how, what the numbers are
    assert len(coach) == 3 and all(text and "help." not in text for text in coach)
    page.goto("/#/help/options")
    expect(page.locator("#help-options-title")).to_be_focused()
    # many screens on: each section ends with the way back up to the contents
    back = page.locator("#help-faq .to-contents a")
    assert not back.inner_text().startswith("↑ help."), back.inner_text()
    back.click()
    expect(page.locator("#help-toc")).to_be_focused()
    expect(page.locator("#help-toc")).to_be_in_viewport()


def test_table_options_are_explained_at_the_table(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    enter_name(page, "Orla")
    page.select_option("#create-preset", "british")
    page.click(".more-options summary")
    page.check("#opt-defend_alone")
    game: GamePage = create_private_table(page, start_with_bots=False)
    page.click(".rules summary")
    rules = page.locator(".rules")
    expect(rules).to_contain_text("British (with the Joker)")
    expect(rules).to_contain_text("Defend alone")
    expect(rules).to_contain_text("euchring the maker then scores 4")
    expect(rules).to_contain_text("Joker (Benny)")
    assert game.attr("status") == "waiting"


def test_four_colour_deck_tells_every_suit_apart(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    page.goto("/#/help/order")
    expect(page.locator(".card-order .card")).to_have_count(7)
    colour = "s => getComputedStyle(document.querySelector(`.card-art.suit-${s}`)).color"
    hearts, diamonds = page.evaluate(colour, "h"), page.evaluate(colour, "d")
    assert hearts == diamonds  # two colours: red and black
    open_settings(page)
    page.check("#four-colour")
    expect(page.locator("body")).to_have_class(re.compile("four-colour"))
    assert page.evaluate(colour, "d") != hearts
    page.reload()
    open_settings(page)
    expect(page.locator("#four-colour")).to_be_checked()
    expect(page.locator(".card-order .card")).to_have_count(7)
    labels = page.locator(".card-order .card").evaluate_all(
        "cs => cs.map(c => c.getAttribute('aria-label'))"
    )
    assert labels[:2] == ["Jack of hearts", "Jack of diamonds"]


@pytest.mark.parametrize("locale", ["de-DE", "nl-NL"])
def test_a_waiting_table_fits_a_small_phone_in_long_words(
    new_page: PageFactory, live: LiveServer, locale: str
) -> None:
    page = new_page(viewport={"width": 360, "height": 640}, locale=locale)
    enter_name(page, "Langdex")
    create_private_table(page, start_with_bots=False)
    felt = page.locator(".felt").bounding_box()
    level = page.locator("#table-bot-level").bounding_box()
    assert felt and level and level["x"] + level["width"] <= felt["x"] + felt["width"]
    overlaps = page.evaluate(
        """() => {
        const text = document.querySelector('.centre.waiting p').getBoundingClientRect();
        return [...document.querySelectorAll('.felt .seat')].filter((seat) => {
            const r = seat.getBoundingClientRect();
            return text.left < r.right && text.right > r.left && text.top < r.bottom
                && text.bottom > r.top;
        }).map((seat) => seat.className);
    }"""
    )
    assert overlaps == [], overlaps
    # "Free seat" in a side seat whole, on two lines if need be ("Freier Pl…" was cut)
    cut = page.locator(".seat.empty .pname").evaluate_all(
        "els => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)"
    )
    assert cut == [], cut
