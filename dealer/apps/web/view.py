"""The table as the page draws it: what a player standing at the table could see, as JSON data.

Hole cards are face down (``null``) unless the table has seen them (an exposed card, a shown hand);
the stub, the burns and the muck are counts; the board and the set-aside cards are named. Only the
hand's public reading (ledger, stacks, committed, folded, events) is used.
"""

from __future__ import annotations

from typing import Any

from dealer.core.chips import ZERO, format_chips
from dealer.core.pots import PotError, build_pots
from dealer.engine.hand import Hand

__all__ = ["table_view"]


def _pots(hand: Hand) -> list[dict[str, str]]:
    """The main pot and side pots while nothing is pushed yet; then what is left, as one."""
    if hand.pot <= 0:
        return []
    if hand.pushed == 0:
        try:
            pots = build_pots(hand.committed, hand.folded)
        except PotError:
            pots = ()
        if pots:
            return [{"amount": format_chips(pot.amount)} for pot in pots if pot.amount > 0]
    return [{"amount": format_chips(hand.pot)}]


def table_view(hand: Hand) -> dict[str, Any]:
    """The drawn table's data (see the module's docstring).

    >>> from decimal import Decimal
    >>> from dealer.core.deck import DeckPlan
    >>> from dealer.core.stakes import Stakes
    >>> from dealer.core.table import Table
    >>> from dealer.rules.rulesets import load_ruleset
    >>> table = Table(Stakes.limit(Decimal(5), Decimal(10)),
    ...               {1: Decimal(100), 2: Decimal(100)}, 2, load_ruleset("seed"))
    >>> view = table_view(Hand(table, DeckPlan(seed=7)))
    >>> view["stub"], view["button"], [seat["stack"] for seat in view["seats"]]
    (52, 2, ['100', '100'])
    """
    face_up = hand.face_up
    positions = hand.table.positions
    ledger = hand.ledger
    seats = []
    for seat in hand.table.seats:
        cards = ledger.hands.get(seat, [])
        committed = hand.committed.get(seat, ZERO)
        seats.append(
            {
                "seat": seat,
                "stack": format_chips(hand.stacks[seat]),
                "bet": format_chips(committed),
                "all_in": hand.stacks[seat] == 0 and committed > 0,
                "cards": [str(card) if card in face_up else None for card in cards],
                "folded": seat in hand.folded,
                "button": seat == positions.button,
                "small_blind": seat == positions.small_blind,
                "big_blind": seat == positions.big_blind,
                "straddle": seat == positions.straddle,
                "to_act": seat == hand.to_act,
            }
        )
    return {
        "state": hand.state,
        "ruleset": hand.table.ruleset.name,
        "button": positions.button,
        "seats": seats,
        "stub": len(ledger.stub),
        "burns": len(ledger.burns),
        "muck": len(ledger.muck),
        "scrap": len(ledger.scrap),
        "board": [str(card) for card in ledger.board],
        "set_aside": [str(card) for card in ledger.set_aside],
        "pots": _pots(hand),
        "to_act": hand.to_act,
        "rulings": [ruled.rule_id for ruled in hand.rulings],
    }
