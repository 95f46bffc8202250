"""The event log: one record per physical operation, in the order it happened.

An event's typed fields say what the readers need (all-in, the pot, the hand shown, the street, the
cut, why a hand was mucked); ``note`` is the log's words only, and nothing reads it back.

>>> from dealer.core.cards import parse_cards
>>> str(Event(Kind.PITCH, seat=3, cards=parse_cards("As")))
'pitch As to seat 3'
>>> board = Event(Kind.BOARD, cards=parse_cards("Kd"), note="flop", street=Street.FLOP)
>>> str(board), board.street
('board Kd (flop)', <Street.FLOP: 'flop'>)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from dealer.core.cards import Card, format_cards
from dealer.core.chips import Chips, format_chips
from dealer.core.hand_value import HandValue
from dealer.core.stakes import Street


class Kind(StrEnum):
    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    SHUFFLE = "shuffle"
    CUT = "cut"
    PITCH = "pitch"
    BURN = "burn"
    BOARD = "board"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"
    MUCK = "muck"
    SHOW = "show"
    ANNOUNCE = "announce"  # what a player says that a ruling reads (PLAY-BOARD)
    RELEASE = "release"  # a hand let go face down that is not dead by that alone (LA 106)
    PUSH = "push"
    BUTTON = "button"
    RULING = "ruling"
    SET_ASIDE = "set aside"
    TO_STUB = "back to the stub"
    GATHER = "gather"
    SKIP = "skip"
    FLASH = "flash"
    SCRAP = "scrap"
    DECK = "deck"
    VOID = "void"
    SCRAMBLE = "scramble"
    UNNOTICED = "unnoticed"  # a mishap nobody called attention to yet (NOTICED-LATE)
    NOTICE = "floor called"  # attention is called to it now


class Why(StrEnum):
    """Why a hand went to the muck, or the button moved, where a reader needs to know."""

    UNSHOWN = "unshown"  # mucked at the showdown without showing (SHOWDOWN-MUCK)
    PLAYS_BOARD = "plays the board"  # thrown away, the board being its hand (PLAY-BOARD)
    RELEASED_UNSHOWN = "released unshown"  # let go face down and not retrieved (FOLD)
    DEAD_HAND = "dead hand"  # killed by a ruling
    CORRECTED = "corrected"  # the button put back where it belongs (BUTTON-MISPLACED)
    FOUND = "found"  # the button found where it should not be (BUTTON-MISPLACED)
    LAST_HAND = "fewer than two players left"  # the button does not move: no next hand


class Event(NamedTuple):
    """One physical operation. A named tuple rather than a frozen dataclass: a hand logs some
    forty, and a tuple is built at half the cost.

    ``all_in``: the bet or post left the player all-in; ``pot``: a push's pot (0 the main pot, then
    the side pots); ``hand``: the hand shown; ``street``: the street a board card or its burn is
    for; ``at``: where a cut split the stub (``None`` for a cut that kept it), or how many cards
    a shuffle or a gathering left in it; ``why``: a muck's or a button's reason; ``rule``: the
    rule a ruling applies.
    """

    kind: Kind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    amount: Chips | None = None
    note: str = ""  # the log's words only
    all_in: bool = False
    pot: int | None = None
    hand: HandValue | None = None
    street: Street | None = None
    at: int | None = None
    why: Why | None = None
    rule: str | None = None

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.amount is not None:
            parts.append(format_chips(self.amount))
        if self.seat is not None:
            parts.append(f"{'to' if self.kind in _TO_SEAT else 'by'} seat {self.seat}")
        text = " ".join(parts)
        return f"{text} ({self.note})" if self.note else text

    def as_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"kind": self.kind.value}
        if self.seat is not None:
            record["seat"] = self.seat
        if self.cards:
            record["cards"] = [str(card) for card in self.cards]
        if self.amount is not None:
            record["amount"] = format_chips(self.amount)
        if self.note:
            record["note"] = self.note
        return record


_TO_SEAT = frozenset({Kind.PITCH, Kind.RETURN, Kind.PUSH, Kind.BUTTON})
