"""The table as the page draws it: what a player standing at the table could see, as JSON data.

The seats are :func:`dealer.apps.present.seat.seat_views` (the terminal's drawn table reads the
same).
Hole cards are face down (``null``) unless the table has seen them (an exposed card, a shown hand);
the stub, the burns and the muck are counts; the board and the set-aside cards are named. Only the
hand's public reading (ledger, stacks, committed, folded, events) is used.
"""

from __future__ import annotations

from typing import Any

from dealer.apps.present.seat import seat_views
from dealer.core.chips import format_chips
from dealer.core.pots import PotError, build_pots
from dealer.engine.hand import Hand

__all__ = ["table_view"]


def _pots(hand: Hand) -> list[dict[str, object]]:
    """The main pot and side pots while nothing is pushed yet (each with its index, as an award
    names it: 0 the main pot, N side pot N); then what is left, as one. A side pot exists only once
    a betting round has closed with a player still in the hand all in (SIDE-POTS): until then
    blinds, a straddle and bets of different sizes are chips in front of their seats, and the pot
    is one."""
    if hand.pot <= 0:
        return []
    all_in = any(hand.stacks[seat] == 0 for seat in hand.live)
    if hand.pushed == 0 and all_in and hand.betting is None:
        try:
            pots = build_pots(hand.committed, hand.folded)
        except PotError:
            pots = ()
        if pots:
            return [
                {"index": index, "amount": format_chips(pot.amount)}
                for index, pot in enumerate(pots)
                if pot.amount > 0
            ]
    return [{"index": 0, "amount": format_chips(hand.pot)}]


def table_view(hand: Hand, *, counted: bool = True) -> dict[str, Any]:
    """The drawn table's data (see the module's docstring). Not ``counted``: the chips in front
    of the seats and the pots are left out (``null``, none), for a question that asks for them.

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
    positions = hand.table.positions
    ledger = hand.ledger
    seats = [
        {
            "seat": view.seat,
            "stack": format_chips(view.stack),
            "bet": format_chips(view.committed) if counted else None,
            "all_in": view.all_in,
            "cards": [None if card is None else str(card) for card in view.cards],
            "folded": view.folded,
            "button": "button" in view.tags,
            "small_blind": "small-blind" in view.tags,
            "big_blind": "big-blind" in view.tags,
            "straddle": "straddle" in view.tags,
            "to_act": view.to_act,
        }
        for view in seat_views(hand)
    ]
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
        "pots": _pots(hand) if counted else [],
        "to_act": hand.to_act,
        "rulings": [ruled.rule_id for ruled in hand.rulings],
    }
