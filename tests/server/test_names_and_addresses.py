"""The pieces the identity defences stand on: name skeletons and address keys."""

from __future__ import annotations

import unicodedata

import pytest

from euchre.server.addresses import limit_key, parse_proxies
from euchre.store.names import invisible_characters, skeleton


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ann", "ann"),
        ("Ann", "\u0410nn"),  # Cyrillic A
        ("ann", "\u0430nn"),  # Cyrillic a
        ("Ann", "\uff21\uff4e\uff4e"),  # full-width
        ("ANN", "\u0391\u039d\u039d"),  # Greek capitals
        ("Bob", "B0B"),
        ("Straße", "STRASSE"),
        ("John", "\U0001d409ohn"),  # mathematical bold J
        ("Harold", "Harold."),  # the separators between words are no part of a name
        ("Harold", "Har old"),
        ("Harold", "H.a-r_o'l d"),
        ("Ann Lee", "AnnLee"),
        ("Tom", "T\U0001d5c8m"),  # a mathematical small o: it has no capital of its own
        ("Jim", "J\U0001d5c2m"),  # a mathematical small i
        ("Bob", "B\u1d0fb"),  # a small capital O
        ("Barbara", "B\u1d00\u0280\u0299\u1d00\u0280\u1d00"),  # small capitals
        ("Lili", "\u029fi\u029fi"),
    ],
)
def test_look_alikes_share_a_skeleton(one: str, other: str) -> None:
    assert skeleton(one) == skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("Ann", "Anna"), ("Bob", "Rob"), ("Jürgen", "Jorgen")])
def test_different_names_keep_different_skeletons(one: str, other: str) -> None:
    assert skeleton(one) != skeleton(other)


def test_every_compatibility_form_of_a_letter_or_digit_is_that_letter_or_digit() -> None:
    """Each character that NFKC makes one ASCII letter or digit (full-width, mathematical,
    superscript, circled ...) gives a name the skeleton of the name with that letter."""
    differing = []
    for code in range(0x80, 0x30000):
        form = unicodedata.normalize("NFKC", chr(code))
        one_letter = len(form) == 1 and form.isascii() and form.isalnum()
        if one_letter and skeleton(f"x{chr(code)}x") != skeleton(f"x{form}x"):
            differing.append(f"U+{code:04X} {form}")
    assert differing == []


def test_invisible_characters_are_named() -> None:
    assert invisible_characters("An\u202en\u200b") == ["U+202E", "U+200B"]
    assert invisible_characters("Ann Marie-Lou O'Neil") == []
    assert invisible_characters("Bob\u3164") == ["U+3164"]  # a letter that shows nothing
    assert invisible_characters("\uffa0") == ["U+FFA0"]
    # combining marks that show nothing: "Rosalind" with one looks like "Rosalind"
    for mark in ("\u034f", "\ufe00", "\ufe0f", "\U000e0100", "\u180b", "\u17b4"):
        assert invisible_characters(f"Rosa{mark}lind") == [f"U+{ord(mark):04X}"]
    assert invisible_characters("Jos\u0065\u0301 Ng\u0169\u0303") == []  # marks that show


def test_a_subdivision_flags_tags_show_and_stray_tags_are_named() -> None:
    england = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    assert invisible_characters(f"Ann {england}") == []
    assert invisible_characters("Ann\U000e0067\U000e007f") == ["U+E0067", "U+E007F"]
    unclosed = "\U0001f3f4\U000e0067\U000e0062"
    assert invisible_characters(unclosed) == ["U+E0067", "U+E0062"]


def test_addresses_are_keyed_ipv4_as_is_and_ipv6_by_64() -> None:
    assert limit_key("203.0.113.7") == "203.0.113.7"
    assert limit_key("2001:db8:1:2::1") == limit_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert limit_key("2001:db8:1:3::1") != limit_key("2001:db8:1:2::1")
    assert limit_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert limit_key("unix-socket") == "unix-socket"


def test_trusted_proxies_are_parsed_or_refused_with_the_reason() -> None:
    assert parse_proxies("") == []
    assert parse_proxies("10.0.0.5, 192.168.0.0/16,2001:db8::/48") == [
        "10.0.0.5",
        "192.168.0.0/16",
        "2001:db8::/48",
    ]
    with pytest.raises(ValueError, match=r"'proxy\.example' is not an IP address or network"):
        parse_proxies("10.0.0.5,proxy.example")
    with pytest.raises(ValueError, match="'\\*' is not allowed"):
        parse_proxies("*")
