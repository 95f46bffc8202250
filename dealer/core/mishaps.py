"""Mishaps: what physically happened at the table out of procedure (RULES.md §B).

A mishap is not refused like a wrong step: the machine recognises which irregularity it is from the
state of the hand and rules on it. A scenario writes it as ``{mishap: TEXT}``.

>>> parse_mishap("pitch 3 exposed")
Mishap(kind=<MishapKind.EXPOSED: 'exposed'>, seat=3, card=None, count=None, noticed=True, at=None)
>>> parse_mishap("pitch 3 off the table") == parse_mishap("pitch 3 flashed")
True
>>> str(parse_mishap("flop 4")), str(parse_mishap("seat 2 exposes Ah"))
('flop 4', 'seat 2 exposes Ah')
>>> parse_mishap("turn").trigger, str(parse_mishap("turn Kh"))
('mishap_turn', 'turn Kh')
>>> parse_mishap("replace 3 exposed").trigger
'mishap_replace_exposed'
>>> parse_mishap("pitch 1 mixed").trigger, str(parse_mishap("pitch 1  Mixed"))
('mishap_mixed', 'pitch 1 mixed')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dealer.core.cards import Card, CardError, parse_card
from dealer.core.steps import StepError, is_number


class MishapKind(StrEnum):
    PITCH = "pitch"  # pitch N: to a seat out of turn, or an extra card after the deal
    EXPOSED = "exposed"  # pitch N exposed (or flashed, or off the table): a hole card seen
    MIXED = "mixed"  # pitch N mixed: an extra card that nobody can tell from the hand's own
    REPLACE_EXPOSED = "replace exposed"  # replace N exposed: the replacement card seen too
    SKIP = "skip"  # skip N: the last card of the deal not given to seat N (unnoticed)
    SHORT = "short"  # short N: seat N is found with too few cards
    BURN = "burn"  # a second burn
    FLOP = "flop"  # flop [N]: a flop turned early, without a burn, or of N cards
    TURN = "turn"
    RIVER = "river"
    FLASH = "flash"  # seat N exposes CARD: a player shows their own card
    FLOP_FACE_DOWN = "flop face down"  # the flop laid out face down, not yet turned
    BOXED = "boxed"  # boxed card: the top card of the stub is found face up
    BUTTON = "button"  # button N: the button is out of position; it belongs at seat N
    DUPLICATE = "duplicate"  # duplicate CARD: two cards of the same rank and suit
    FOREIGN = "foreign"  # foreign card: a card with another back, found in play
    FOREIGN_IN_STUB = "foreign in stub"  # foreign card in stub: found in the stub
    JOKER = "joker"  # joker [N]: a joker turns up (in seat N's hand)
    DECK_SHORT = "deck short"  # the deck is found short of cards


@dataclass(frozen=True, slots=True)
class Mishap:
    kind: MishapKind
    seat: int | None = None
    card: Card | None = None
    count: int | None = None  # flop: how many cards were turned
    noticed: bool = True  # False: nobody noticed it yet; `notice` calls the floor (NOTICED-LATE)
    at: int | None = None  # boxed card: the place of the flop it was found at, while dealing it

    @property
    def trigger(self) -> str:
        name = "mishap_" + self.kind.value.replace(" ", "_")
        return name if self.noticed else f"{name}_unnoticed"

    def __str__(self) -> str:
        kind, seat, card = self.kind, self.seat, self.card
        if kind is MishapKind.EXPOSED:
            return f"pitch {seat} exposed"
        if kind is MishapKind.MIXED:
            return f"pitch {seat} mixed"
        if kind is MishapKind.REPLACE_EXPOSED:
            return f"replace {seat} exposed"
        if kind is MishapKind.FLASH:
            return f"seat {seat} exposes {card}"
        words = {
            MishapKind.FLOP_FACE_DOWN: "flop face down",
            MishapKind.BOXED: "boxed card",
            MishapKind.FOREIGN: "foreign card",
            MishapKind.FOREIGN_IN_STUB: "foreign card in stub",
        }.get(kind, kind.value)
        extra = seat if seat is not None else card if card is not None else self.count
        return words if extra is None else f"{words} {extra}"


_USAGE = (
    "expected pitch N [exposed|flashed|off the table|mixed], replace N exposed, skip N, short N, "
    "burn, flop [N], flop face down, turn [CARD], river [CARD], seat N exposes CARD, boxed card, "
    "button N, duplicate CARD, foreign card [in stub], joker [N] or deck short"
)
_PLAIN = {
    "burn": MishapKind.BURN,
    "flop": MishapKind.FLOP,
    "flop face down": MishapKind.FLOP_FACE_DOWN,
    "turn": MishapKind.TURN,
    "river": MishapKind.RIVER,
    "boxed card": MishapKind.BOXED,
    "foreign card": MishapKind.FOREIGN,
    "foreign card in stub": MishapKind.FOREIGN_IN_STUB,
    "joker": MishapKind.JOKER,
    "deck short": MishapKind.DECK_SHORT,
}
# A card flashed by the dealer or dealt off the table counts as exposed (HOLE-EXPOSED-OTHER).
_EXPOSED = ("exposed", "flashed", "off the table")
_SEATED = {"pitch": MishapKind.PITCH, "skip": MishapKind.SKIP, "short": MishapKind.SHORT,
           "button": MishapKind.BUTTON, "joker": MishapKind.JOKER}  # fmt: skip


# A flop mishap turns at least the flop's three cards (a flop short of cards is no mishap the rules
# name) and at most ten: any count above four gets the same ruling (FLOP-TOO-MANY), and ten is
# still far fewer than the stub holds at the flop with ten players (31 cards).
MIN_FLOP_CARDS, MAX_FLOP_CARDS = 3, 10


def _flop_count(word: str, text: str) -> int:
    """
    >>> parse_mishap("flop 52")
    Traceback (most recent call last):
    ...
    dealer.core.steps.StepError: bad mishap 'flop 52': a flop turns 3 to 10 cards, not 52
    """
    count = _number(word, text)
    if not MIN_FLOP_CARDS <= count <= MAX_FLOP_CARDS:
        raise StepError(
            f"bad mishap {text!r}: a flop turns {MIN_FLOP_CARDS} to {MAX_FLOP_CARDS} cards, "
            f"not {count}"
        )
    return count


def _number(word: str, text: str) -> int:
    if not is_number(word):
        raise StepError(f"bad mishap {text!r}: {word!r} is not a number")
    return int(word)


def _card(word: str, text: str) -> Card:
    try:
        return parse_card(word)
    except CardError as error:
        raise StepError(f"bad mishap {text!r}: {error}") from None


def parse_mishap(text: str) -> Mishap:
    """Read a mishap as a scenario writes it."""
    words = text.lower().split()
    phrase = " ".join(words)
    if phrase in _PLAIN:
        return Mishap(_PLAIN[phrase])
    if len(words) >= 3 and words[0] == "pitch" and " ".join(words[2:]) in _EXPOSED:
        return Mishap(MishapKind.EXPOSED, seat=_number(words[1], text))
    if len(words) == 3 and words[0] == "pitch" and words[2] == "mixed":
        return Mishap(MishapKind.MIXED, seat=_number(words[1], text))
    if len(words) >= 3 and words[0] == "replace" and " ".join(words[2:]) in _EXPOSED:
        return Mishap(MishapKind.REPLACE_EXPOSED, seat=_number(words[1], text))
    if len(words) == 2 and words[0] in _SEATED:
        return Mishap(_SEATED[words[0]], seat=_number(words[1], text))
    if len(words) in (2, 3) and words[0] == "flop" and words[-1] in ("cards", words[1]):
        return Mishap(MishapKind.FLOP, count=_flop_count(words[1], text))
    if len(words) == 4 and words[0] == "seat" and words[2] == "exposes":
        return Mishap(MishapKind.FLASH, seat=_number(words[1], text), card=_card(words[3], text))
    if len(words) == 2 and words[0] in ("turn", "river") and not is_number(words[1]):
        # The card the table saw turned ("turn Kh"): the replay checks it is the one turned.
        return Mishap(_PLAIN[words[0]], card=_card(words[1], text))
    if len(words) == 2 and words[0] == "duplicate":
        return Mishap(MishapKind.DUPLICATE, card=_card(words[1], text))
    raise StepError(f"unknown mishap {text!r}: {_USAGE}")
