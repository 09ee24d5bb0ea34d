"""Names people could mistake for one another.

Two names are the same name when their skeletons are equal (the idea of Unicode TR39's
confusable detection): NFKC folds full-width and other compatibility forms, case is
ignored, and each character is replaced by the representative (the lowest code point) of
its look-alikes in the Unicode confusables table that ``confusable-homoglyphs`` ships
(the table's overlapping rows joined into groups); and the letters TR39 finds like two
(``m`` and ``rn``, ``w`` and ``vv``, ``d`` and ``cl``) are one. So ``Аnn`` with a Cyrillic A,
``Ａｎｎ`` and ``ann`` are one name, ``Bоb`` with a Cyrillic о is ``Bob``, and ``Torn`` is
``Tom``.

Names may not hold format or control characters (bidi overrides and isolates, zero
widths), letters that show nothing (the Hangul fillers) or marks that show nothing
(variation selectors, the grapheme joiner): they could reorder or hide what others see.
The separators a name may hold between words (spaces, ``. ' - _``) are no part of its
skeleton: ``Harold.`` and ``Har old`` are ``Harold``.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from confusable_homoglyphs import utils as homoglyph_data

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
# Letters that show nothing (Unicode marks them default-ignorable or blank): a name of
# them looks empty, and one beside "Bob" looks like "Bob".
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Combining marks that show nothing (Unicode's default-ignorable marks: the grapheme
# joiner, variation selectors, Mongolian free variation selectors, Khmer inherent vowels):
# "Admin" with one of them looks like "Admin".
SILENT_MARKS = frozenset(
    [chr(c) for c in (0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F)]
    + [chr(c) for c in range(0xFE00, 0xFE10)]
    + [chr(c) for c in range(0xE0100, 0xE01F0)]
)
# What names may hold between words: "Har old", "Har-old" and "Harold." read as Harold.
SEPARATORS = re.compile(r"[\s.'_-]+")
# Letters that look like two others: "Torn" beside "Tom", "VVendy" beside "Wendy".
LETTER_SEQUENCES = {"m": "rn", "w": "vv", "d": "cl"}
# Small capitals read as their letters ("Bᴀʀʙᴀʀᴀ" beside "Barbara"): the confusables table
# lists few of them.
_SMALL_CAPITAL = re.compile(r"(?:LATIN|MODIFIER) LETTER SMALL CAPITAL ([A-Z])")


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


def _folded(text: str) -> str:
    """Each character replaced by its look-alikes' representative, case ignored."""
    table = _representatives()

    def mapped(text: str) -> str:
        return "".join(table.get(c, c) for c in unicodedata.normalize("NFKC", text))

    # Compatibility forms first (a mathematical 𝗈 has no capital; as o it has one), then
    # upper case, so names stay unique whatever their case (Bob, BOB) and capital
    # look-alikes (Greek, Cyrillic) meet; a representative may be a small letter with a
    # capital of its own (small capital ᴏ stands for o, whose capital is O), so capitals
    # are taken and mapped again until nothing changes; then folded, and mapped again.
    folded, previous = unicodedata.normalize("NFKC", text), ""
    for _ in range(4):  # two rounds settle every character (tests/server: the whole table)
        if folded == previous:
            break
        previous, folded = folded, mapped(folded.upper())
    return mapped(folded.casefold())


@functools.cache
def _letter_sequences() -> dict[str, str]:
    """Each letter that looks like a sequence of letters (TR39: m rn, w vv, d cl), both
    folded. The package's table holds m's row; w's and d's are in Unicode's current table
    but not in the package's, so the three are listed here."""
    return {_folded(letter): _folded(sequence) for letter, sequence in LETTER_SEQUENCES.items()}


def _joined(text: str) -> str:
    """Every such sequence written as its letter, the first ones first: ``vw`` and ``wv``
    are both written out (``vvv``) before they are joined, so they meet as ``wv``."""
    sequences = _letter_sequences()
    spelled = "".join(sequences.get(c, c) for c in text)
    joined, at = [], 0
    while at < len(spelled):
        for letter, sequence in sequences.items():
            if spelled.startswith(sequence, at):
                joined.append(letter)
                at += len(sequence)
                break
        else:
            joined.append(spelled[at])
            at += 1
    # The sequences share no letters but v with v, so as many are joined as the name
    # had: a skeleton is never longer than its characters' (the key column's length).
    return "".join(joined)


def skeleton(name: str) -> str:
    """The form two look-alike names share: the separators between words dropped, so that
    "Harold." and "Har old" are Harold, and the accents of Latin, Greek and Cyrillic
    letters too, so that "Zédekiah" is Zedekiah."""
    spaced_out = SEPARATORS.sub("", name)
    return _joined(_folded("".join(map(_letter_of, _unaccented(spaced_out)))))


@functools.cache
def _letter_of(char: str) -> str:
    """A small capital's letter, else the character."""
    capital = _SMALL_CAPITAL.fullmatch(unicodedata.name(char, ""))
    return capital[1] if capital else char


# The scripts whose accents only decorate a letter; elsewhere a mark can be the vowel
# itself (Devanagari, Thai), and names that differ by one are different names.
_ACCENTED_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _unaccented(text: str) -> str:
    """``text`` without the combining marks on its Latin, Greek and Cyrillic letters."""
    kept: list[str] = []
    base = ""
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.category(char) != "Mn":
            base = unicodedata.name(char, "").partition(" ")[0]
        elif base in _ACCENTED_SCRIPTS:
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept))


# A subdivision flag (England, Scotland, Wales) is a black flag, the subdivision's code in
# tag letters and digits (a region and up to four more), and a cancel tag. Tag characters
# anywhere else show nothing and could hide text.
_FLAG_TAGS = re.compile("\U0001f3f4([\U000e0030-\U000e0039\U000e0061-\U000e007a]{2,7}\U000e007f)")


def flag_tag_positions(text: str) -> frozenset[int]:
    """Where ``text`` holds the tag characters of a subdivision flag: they draw the flag."""
    return frozenset(
        at for found in _FLAG_TAGS.finditer(text) for at in range(found.start(1), found.end(1))
    )


def invisible_characters(name: str) -> list[str]:
    """The format, control and blank characters and the marks that show nothing in a name,
    as ``U+XXXX`` codes (but the tags of a subdivision flag, which show as the flag)."""
    flags = flag_tag_positions(name)
    return [
        f"U+{ord(c):04X}"
        for at, c in enumerate(name)
        if (unicodedata.category(c) in INVISIBLE_CATEGORIES or c in BLANK_LETTERS | SILENT_MARKS)
        and at not in flags
    ]
