"""The coach's sentences name actions mid-sentence with a small letter where the language
writes them so ("… than order up K♠"), but a card named first keeps its letter: in Dutch
"H♠ bestellen" (order up the king of spades) was told as "h♠ bestellen"."""

from __future__ import annotations

import pytest
from conftest import PageFactory

MARGIN = {"kind": "margin", "best": "pass", "next": "order", "gap": 0.5, "points": 0.5}
REASON = """async (margin) => {
    const { reasonText } = await import(new URL("coachwords.js", location.href));
    const ctx = window.euchre;
    const words = {
        t: (key, params) => ctx.t(key, params),
        i18n: ctx.i18n,
        act: (text) => ctx.t(`actions.${text}`, { card: "K♠" }),
        seatName: (seat) => `Seat ${seat}`,
    };
    return reasonText(words, [margin], "", "pass");
}"""


@pytest.mark.parametrize(
    ("locale", "said"),
    [("en-GB", "than order up K♠"), ("nl-NL", "dan K♠ bestellen"), ("de-DE", "als K♠ bestellen")],
)
def test_a_card_named_first_mid_sentence_keeps_its_letter(
    new_page: PageFactory, locale: str, said: str
) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    assert said in page.evaluate(REASON, MARGIN)
