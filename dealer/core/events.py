"""The event log: one record per physical operation, in the order it happened.

>>> from dealer.core.cards import parse_cards
>>> str(Event(Kind.PITCH, seat=3, cards=parse_cards("As")))
'pitch As to seat 3'
>>> str(Event(Kind.BOARD, cards=parse_cards("Kd"), note="flop"))
'board Kd (flop)'
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum
from typing import Any, NamedTuple

from dealer.core.cards import Card, format_cards
from dealer.core.chips import format_chips


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


class Event(NamedTuple):
    """One physical operation. A named tuple rather than a frozen dataclass: a hand logs some
    forty, and a tuple is built at half the cost."""

    kind: Kind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    amount: Decimal | None = None
    note: str = ""

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
