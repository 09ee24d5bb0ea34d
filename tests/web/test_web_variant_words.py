"""Words that fit a variant's table: "Player" over the scores where each side is one
person (two-player, Cutthroat), and a defend-alone question that names who plays alone and
who would sit out, answerable by a tap on a phone."""

from __future__ import annotations

import re

import pytest
from conftest import PageFactory
from playwright.sync_api import expect
from web_helpers import PHONE, GamePage, LiveServer, enter_name, open_started_table


@pytest.mark.parametrize(
    ("locale", "preset", "heading"),
    [
        ("en-GB", "two-player", "Player"),
        ("de-DE", "cutthroat", "Spieler"),
        ("nl-NL", "cutthroat", "Speler"),
        ("en-GB", "standard", "Side"),
    ],
)
def test_one_person_sides_are_headed_player(
    new_page: PageFactory, locale: str, preset: str, heading: str
) -> None:
    page = new_page(locale=locale)
    open_started_table(page, preset, {})
    expect(page.locator(".score-board thead th").first).to_have_text(heading)


BOB_ACTS = """() => {
    const p = window.euchre.current;
    if (!p || !p.state || p.state.to_act !== p.mySeat() || p.pending) return null;
    const legal = p.state.legal;
    const action = legal.find((a) => a.endsWith(' alone')) || legal.find((a) => a === 'pass')
        || legal[0];
    p.act(action);
    return action;
}"""
BOB_SITS = """async ([table, invite]) => {
    await window.euchre.net.request({type: 'join', invite});
    await window.euchre.net.request({type: 'sit', table, seat: 3});
    window.euchre.go('#/table/' + table);
}"""


def test_the_defend_alone_question_names_the_loner_and_works_on_a_phone(
    new_page: PageFactory, easy_bots: LiveServer
) -> None:
    """Bob (on Ann's right) goes alone whenever he may; Ann, the first defender asked, reads
    who plays alone and who would sit out, and defends alone by a tap."""
    ann = new_page(viewport=PHONE, server=easy_bots)
    enter_name(ann, "Ann")
    table, invite = ann.evaluate(
        """async () => {
            const made = await window.euchre.net.request({type: 'create', kind: 'private',
                preset: 'standard', options: {defend_alone: true}, turn_seconds: 0});
            window.euchre.go('#/table/' + made.table);
            return [made.table, made.invite];
        }"""
    )
    game = GamePage(ann)
    game.wait_table()
    bob = new_page(viewport=PHONE, server=easy_bots)
    enter_name(bob, "Bob")
    bob.evaluate(BOB_SITS, [table, invite])
    GamePage(bob).wait_table()
    ann.click("[data-cmd=start]")
    asked = "window.euchre.current.state?.legal?.includes('defend alone')"
    for _ in range(400):
        bob.evaluate(BOB_ACTS)
        mine = ann.evaluate("window.euchre.current.isMyTurn()")
        if mine and ann.evaluate(asked):
            break
        if mine:
            game.act_by_click()
        else:
            ann.wait_for_timeout(50)
    else:
        raise AssertionError("Ann was never asked to defend alone")
    partner = ann.locator(".seat.pos-top .name").inner_text()
    prompt = ann.locator(".felt .prompt")
    expect(prompt).to_contain_text(f"Bob is playing alone. Defend alone too? {partner} would")
    button = ann.locator(".bid-buttons button[data-action='defend alone']")
    expect(button).to_be_in_viewport()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 40
    button.click()
    expect(ann.locator(".seat.me .chip.maker")).to_have_text("Defends alone")
    expect(ann.locator(".seat.pos-top")).to_have_class(re.compile(r"\binactive\b"))
