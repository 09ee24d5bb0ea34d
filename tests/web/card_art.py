"""The project's own card artwork: writes src/euchre/web/cards/*.svg.

Run ``python tests/web/card_art.py`` after changing the drawing; a test checks that the
committed files match this generator. Every face draws in ``currentColor`` inside a
``<g id="card">``, so the page picks the suit colours (two- or four-colour deck) by CSS
when it shows a card with ``<use href="cards/Ah.svg#card">``.
"""

from __future__ import annotations

import sys
from pathlib import Path

CARDS_DIR = Path(__file__).resolve().parents[2] / "src" / "euchre" / "web" / "cards"
W, H = 240, 336
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
SUITS = "cdsh"
RANKS = "789TJQKA"
STANDALONE_COLOURS = {"c": "#111111", "s": "#111111", "d": "#c8102e", "h": "#c8102e"}

# Suit pips in a 100 x 100 box centred on (50, 50).
PIPS = {
    "d": "M50 2 L88 50 L50 98 L12 50 Z",
    "h": (
        "M50 94 C28 74 3 56 3 31 C3 14 15 3 29 3 C40 3 47 10 50 19 "
        "C53 10 60 3 71 3 C85 3 97 14 97 31 C97 56 72 74 50 94 Z"
    ),
    "s": (
        "M50 3 C70 24 97 42 97 63 C97 78 86 87 73 87 C64 87 57 82 53 75 "
        "C54 85 58 92 67 98 L33 98 C42 92 46 85 47 75 C43 82 36 87 27 87 "
        "C14 87 3 78 3 63 C3 42 30 24 50 3 Z"
    ),
    "c": (
        "M50 4 A21 21 0 0 1 66 39 A21 21 0 1 1 54 71 C55 84 59 92 67 98 L33 98 "
        "C41 92 45 84 46 71 A21 21 0 1 1 34 39 A21 21 0 0 1 50 4 Z"
    ),
}

# Pip centres (x, y) per rank; pips below the middle are drawn upside down.
_L, _M, _R = 76, 120, 164
_ROWS4 = (84, 140, 196, 252)
_ROWS3 = (84, 168, 252)
PIP_LAYOUT: dict[str, list[tuple[int, int]]] = {
    "7": [(x, y) for x in (_L, _R) for y in _ROWS3] + [(_M, 126)],
    "8": [(x, y) for x in (_L, _R) for y in _ROWS3] + [(_M, 126), (_M, 210)],
    "9": [(x, y) for x in (_L, _R) for y in _ROWS4] + [(_M, 168)],
    "T": [(x, y) for x in (_L, _R) for y in _ROWS4] + [(_M, 112), (_M, 224)],
}

CROWNS = {
    "K": "M-34 18 L-34 -14 L-17 2 L0 -22 L17 2 L34 -14 L34 18 Z",
    "Q": (
        "M-30 18 L-34 -8 A6 6 0 1 1 -24 -12 L-14 2 L-4 -18 A6 6 0 1 1 4 -18 "
        "L14 2 L24 -12 A6 6 0 1 1 34 -8 L30 18 Z"
    ),
    "J": (
        "M-32 18 L-32 4 C-32 -12 -16 -20 0 -20 C16 -20 32 -12 32 4 L32 18 Z "
        "M18 -14 C30 -34 44 -30 42 -16 C36 -24 28 -20 22 -8 Z"
    ),
}


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def pip(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    move = f"translate({x - size / 2:g} {y - size / 2:g}) scale({size / 100:g})"
    if flip:
        move = f"rotate(180 {x:g} {y:g}) {move}"
    return f'<path d="{PIPS[suit]}" transform="{move}"/>'


def frame() -> str:
    return (
        f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="16" fill="#ffffff" '
        'stroke="#8a8a8a" stroke-width="3"/>'
    )


def corner(rank: str, suit: str) -> str:
    """Rank and suit in the top-left corner and, turned, in the bottom-right one."""
    label = rank_label(rank)
    size = 44 if len(label) == 1 else 38
    spacing = ' letter-spacing="-3"' if len(label) > 1 else ""
    one = (
        f'<text x="26" y="50" font-family="{FONT}" font-weight="bold" font-size="{size}" '
        f'text-anchor="middle"{spacing}>{label}</text>{pip(suit, 26, 76, 30)}'
    )
    return f'{one}<g transform="rotate(180 {W / 2:g} {H / 2:g})">{one}</g>'


def number_face(rank: str, suit: str) -> str:
    return "".join(pip(suit, x, y, 46, flip=y > H / 2) for x, y in PIP_LAYOUT[rank])


def ace_face(suit: str) -> str:
    return pip(suit, W / 2, H / 2, 118)


def court_face(rank: str, suit: str) -> str:
    """A double-headed court card: crown, letter and pip, and the same turned round."""
    inner = (
        '<rect x="50" y="52" width="140" height="232" rx="8" fill="#f8f1de" '
        'stroke="currentColor" stroke-width="3"/>'
    )
    half = (
        f'<path d="{CROWNS[rank]}" transform="translate(120 84) scale(0.9)" fill="#d4a017" '
        'stroke="currentColor" stroke-width="3" stroke-linejoin="round"/>'
        f'<text x="120" y="152" font-family="{FONT}" font-weight="bold" font-size="54" '
        f'text-anchor="middle">{rank}</text>'
        f"{pip(suit, 74, 120, 22)}{pip(suit, 166, 120, 22)}"
    )
    line = '<path d="M58 168 L182 168" stroke="currentColor" stroke-width="2"/>'
    turned = f'<g transform="rotate(180 {W / 2:g} {H / 2:g})">{half}</g>'
    return inner + half + turned + line


def joker_face() -> str:
    star = "M0 -56 L13 -18 L53 -17 L21 7 L33 46 L0 22 L-33 46 L-21 7 L-53 -17 L-13 -18 Z"
    letters = "".join(
        f'<text x="24" y="{44 + 26 * i}" font-family="{FONT}" font-weight="bold" '
        f'font-size="24" text-anchor="middle">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    return (
        '<g fill="#5b2a86">'
        f"{letters}"
        f'<g transform="rotate(180 {W / 2:g} {H / 2:g})">{letters}</g>'
        f'<path d="{star}" transform="translate(120 160) scale(1.3)" fill="#d4a017" '
        'stroke="#5b2a86" stroke-width="3" stroke-linejoin="round"/>'
        f'<text x="120" y="262" font-family="{FONT}" font-weight="bold" font-size="30" '
        'text-anchor="middle">JOKER</text>'
        "</g>"
    )


def back_face() -> str:
    return (
        '<defs><pattern id="lattice" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<path d="M10 0 L20 10 L10 20 L0 10 Z" fill="none" stroke="#9fb8e8" '
        'stroke-width="2"/></pattern></defs>'
        f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="16" fill="#1d3f8f" '
        'stroke="#8a8a8a" stroke-width="3"/>'
        f'<rect x="16" y="16" width="{W - 32}" height="{H - 32}" rx="8" fill="url(#lattice)" '
        'stroke="#ffffff" stroke-width="4"/>'
        '<circle cx="120" cy="168" r="34" fill="#1d3f8f" stroke="#ffffff" stroke-width="4"/>'
        '<g fill="#ffffff">'
        f"{pip('s', 108, 156, 18)}{pip('h', 132, 156, 18)}"
        f"{pip('d', 108, 180, 18)}{pip('c', 132, 180, 18)}"
        "</g>"
    )


def document(body: str, colour: str, title: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" style="color:{colour}">'
        f"<title>{title}</title>"
        f'<g id="card" fill="currentColor">{body}</g></svg>\n'
    )


def card_svg(text: str) -> str:
    """The SVG file for a card (``Ah``, ``Tc``, ``B`` for the Joker) or ``back``."""
    if text == "back":
        return document(back_face(), "#1d3f8f", "card back")
    if text == "B":
        return document(frame() + joker_face(), "#5b2a86", "Joker")
    rank, suit = text[0], text[1]
    if rank in PIP_LAYOUT:
        face = number_face(rank, suit)
    elif rank == "A":
        face = ace_face(suit)
    else:
        face = court_face(rank, suit)
    return document(frame() + corner(rank, suit) + face, STANDALONE_COLOURS[suit], text)


def all_cards() -> dict[str, str]:
    """File name -> SVG text for every card, the Joker and the back."""
    names = [r + s for s in SUITS for r in RANKS] + ["B", "back"]
    return {f"{name}.svg": card_svg(name) for name in names}


def write_all(folder: Path = CARDS_DIR) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    files = all_cards()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return len(files)


if __name__ == "__main__":
    count = write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else CARDS_DIR)
    print(f"wrote {count} card files")
