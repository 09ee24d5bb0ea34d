"""Names people could mistake for one another.

Two names are the same name when their skeletons are equal (the idea of Unicode TR39's
confusable detection): NFKC folds full-width and other compatibility forms, case is
ignored, and each character is replaced by the representative (the lowest code point) of
its look-alikes in the Unicode confusables table that ``confusable-homoglyphs`` ships
(the table's overlapping rows joined into groups). So ``Аnn`` with a Cyrillic A,
``Ａｎｎ`` and ``ann`` are one name, and ``Bоb`` with a Cyrillic о is ``Bob``.

Names may not hold format or control characters (bidi overrides and isolates, zero
widths) or letters that show nothing (the Hangul fillers): they could reorder or hide what
others see.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import utils as homoglyph_data

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
# Letters that show nothing (Unicode marks them default-ignorable or blank): a name of
# them looks empty, and one beside "Bob" looks like "Bob".
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


@functools.cache
def _representatives() -> dict[str, str]:
    """Each confusable character's representative (built once, from the package's data).

    A row of the table lists one character's look-alikes, and rows overlap: Cyrillic о is
    in Latin o's row and in Greek ο's. The rows are joined (union-find), so every character
    of a joined group takes one representative, the group's lowest code point."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while (up := parent.setdefault(char, char)) != char:
            parent[char] = parent.setdefault(up, up)
            char = up
        return char

    for char, glyphs in homoglyph_data.load("confusables.json").items():
        if len(char) != 1:
            continue
        for glyph in glyphs:
            other = glyph["c"].strip("\u200e\u200f")
            if len(other) == 1:
                low, high = sorted((root(char), root(other)), key=ord)
                parent[high] = low
    return {char: root(char) for char in parent}


def skeleton(name: str) -> str:
    """The form two look-alike names share."""
    table = _representatives()

    def mapped(text: str) -> str:
        return "".join(table.get(c, c) for c in unicodedata.normalize("NFKC", text))

    # Upper case first, so names stay unique whatever their case (Bob, BOB) and capital
    # look-alikes (Greek, Cyrillic) meet; then folded, and mapped again.
    return mapped(mapped(name.upper()).casefold())


def invisible_characters(name: str) -> list[str]:
    """The format, control and blank characters in a name, as ``U+XXXX`` codes."""
    return [
        f"U+{ord(c):04X}"
        for c in name
        if unicodedata.category(c) in INVISIBLE_CATEGORIES or c in BLANK_LETTERS
    ]
