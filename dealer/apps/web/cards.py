"""The card images the pages show: 52 faces and one back, drawn here as SVG (no font needed for
the suits, which are paths). ``python -m dealer.apps.web.cards`` writes them into ``static/cards``;
a test holds the shipped files to this drawing.

>>> card_svg("Td").count("<path"), "10" in card_svg("Td")
(2, True)
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["RANKS", "SUITS", "back_svg", "card_svg", "write_all"]

RANKS = "23456789TJQKA"
SUITS = "shdc"
_COLOURS = {"s": "#1b1b1b", "c": "#1b1b1b", "h": "#c8102e", "d": "#c8102e"}
# Each suit in a 100x100 box.
_SUIT_PATHS = {
    "h": "M50 90 C20 65 5 50 5 30 C5 15 17 5 30 5 C40 5 47 11 50 20 C53 11 60 5 70 5"
    " C83 5 95 15 95 30 C95 50 80 65 50 90 Z",
    "d": "M50 3 L88 50 L50 97 L12 50 Z",
    "s": "M50 5 C80 30 95 45 95 62 C95 77 84 85 72 85 C63 85 56 80 53 74 C54 84 58 91 66 96"
    " L34 96 C42 91 46 84 47 74 C44 80 37 85 28 85 C16 85 5 77 5 62 C5 45 20 30 50 5 Z",
    "c": "M50 5 C63 5 72 15 72 27 C72 33 70 38 66 42 C70 40 74 39 78 39 C90 39 98 49 98 61"
    " C98 73 89 83 77 83 C67 83 59 77 55 69 C55 80 59 89 66 96 L34 96 C41 89 45 80 45 69"
    " C41 77 33 83 23 83 C11 83 2 73 2 61 C2 49 10 39 22 39 C26 39 30 40 34 42"
    " C30 38 28 33 28 27 C28 15 37 5 50 5 Z",
}
_HEAD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="84" viewBox="0 0 60 84">'
    '<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="{fill}" stroke="#555"/>'
)


def _suit(suit: str, x: float, y: float, size: float) -> str:
    scale = size / 100
    return (
        f'<path transform="translate({x:g} {y:g}) scale({scale:g})" d="{_SUIT_PATHS[suit]}"'
        f' fill="{_COLOURS[suit]}"/>'
    )


def card_svg(code: str) -> str:
    """The face of card ``code`` (``As``, ``Td``): its rank and suit in two corners, a big suit."""
    rank, suit = code[0], code[1]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {code!r}")
    label = "10" if rank == "T" else rank
    colour = _COLOURS[suit]
    text = (
        f'<text x="{{x}}" y="{{y}}" font-family="DejaVu Sans, Arial, sans-serif" font-size="15"'
        f' font-weight="bold" fill="{colour}" text-anchor="middle"{{turn}}>{label}</text>'
    )
    return "".join(
        [
            _HEAD.format(fill="#fff"),
            text.format(x=10, y=17, turn=""),
            _suit(suit, 3, 20, 14),
            _suit(suit, 16, 28, 28),
            text.format(x=50, y=67, turn=' transform="rotate(180 50 62)"'),
            "</svg>\n",
        ]
    )


def back_svg() -> str:
    """The back of every card: a plain patterned back."""
    return (
        _HEAD.format(fill="#1d4e89")
        + '<rect x="5" y="5" width="50" height="74" rx="3" fill="none" stroke="#fff"'
        ' stroke-width="1.5"/><path d="M5 5 L55 79 M55 5 L5 79" stroke="#6f9fd8"'
        ' stroke-width="1"/></svg>\n'
    )


def all_images() -> dict[str, str]:
    """File name -> SVG text, for every card and the back."""
    images = {f"{rank}{suit}.svg": card_svg(rank + suit) for rank in RANKS for suit in SUITS}
    images["back.svg"] = back_svg()
    return images


def write_all(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, svg in all_images().items():
        (folder / name).write_text(svg, encoding="utf-8")


if __name__ == "__main__":
    write_all(
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "static" / "cards"
    )
