"""One seat as a player standing at the table sees it: the one reading both the terminal's drawn
table (:mod:`dealer.apps.present.table`) and the web page's (:mod:`dealer.apps.web.view`) draw from.

Hole cards are face down (``None``) unless the table has seen them (an exposed card, a flashed
card, a shown hand). Only the hand's public reading (ledger, stacks, committed, folded, exposed,
events, positions, to_act) is used.

>>> from decimal import Decimal
>>> from dealer.core.deck import DeckPlan
>>> from dealer.core.stakes import Stakes
>>> from dealer.core.table import Table
>>> from dealer.rules.rulesets import load_ruleset
>>> table = Table(Stakes.limit(Decimal(5), Decimal(10)),
...               {1: Decimal(100), 2: Decimal(100)}, 2, load_ruleset("seed"))
>>> [(view.seat, view.stack, view.tags) for view in seat_views(Hand(table, DeckPlan(seed=7)))]
[(1, Decimal('100'), ('big-blind',)), (2, Decimal('100'), ('button', 'small-blind'))]
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer.core.cards import Card
from dealer.core.chips import ZERO, Chips
from dealer.engine.hand import Hand

__all__ = ["SeatView", "seat_views"]


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    stack: Chips
    committed: Chips  # in the pot this hand, not yet pushed
    cards: tuple[Card | None, ...]  # None: face down
    folded: bool
    all_in: bool
    to_act: bool
    tags: tuple[str, ...]  # "button", "small-blind", "big-blind", "straddle", in that order

    @property
    def hidden(self) -> int:
        return sum(card is None for card in self.cards)

    @property
    def shown(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card is not None)


def seat_views(hand: Hand) -> list[SeatView]:
    """Every seat dealt in, in seat order."""
    seen = hand.face_up
    positions = hand.table.positions
    where = (
        ("button", positions.button),
        ("small-blind", positions.small_blind),
        ("big-blind", positions.big_blind),
        ("straddle", positions.straddle),
    )
    views = []
    for seat in hand.table.seats:
        committed = hand.committed.get(seat, ZERO)
        views.append(
            SeatView(
                seat=seat,
                stack=hand.stacks[seat],
                committed=committed,
                cards=tuple(
                    card if card in seen else None for card in hand.ledger.hands.get(seat, [])
                ),
                folded=seat in hand.folded,
                all_in=hand.stacks[seat] == 0 and committed > 0,
                to_act=seat == hand.to_act,
                tags=tuple(tag for tag, at in where if at == seat),
            )
        )
    return views
