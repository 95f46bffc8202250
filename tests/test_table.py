"""Tables: who may straddle, and where the button goes when players leave."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer.core.positions import BUTTON
from dealer.core.stakes import Stakes, Structure
from dealer.core.table import Table, TableError
from dealer.rules.rulesets import load_ruleset

STACKS = dict.fromkeys(range(1, 6), Decimal(100))


def test_no_button_straddle_in_limit() -> None:
    stakes = Stakes.limit(Decimal(5), Decimal(10), straddle=Decimal(10))
    refusal = r"^no button straddle in a limit game \(STRADDLE, LA 11\)$"
    with pytest.raises(TableError, match=refusal):
        Table(stakes, STACKS, 5, load_ruleset("wsop-2024"), straddle_from=BUTTON)


def test_a_button_straddle_acts_last_and_stays_with_the_table() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2), straddle=Decimal(4))
    table = Table(stakes, STACKS, 5, load_ruleset("wsop-2024"), straddle_from=BUTTON)
    assert (table.positions.straddle, table.positions.preflop_order) == (5, (3, 4, 1, 2, 5))
    after = table.next_hand(STACKS)
    assert after is not None
    assert (after.button, after.positions.straddle, after.positions.preflop_order) == (
        1,
        1,
        (4, 5, 2, 3, 1),
    )


def test_dead_button_when_the_small_blind_leaves_under_wsop() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2))
    table = Table(stakes, STACKS, 1, load_ruleset("wsop-2024"))
    left = {seat: stack for seat, stack in STACKS.items() if seat != 2}
    after = table.next_hand(left)
    assert after is not None
    positions = after.positions
    assert (after.button, positions.small_blind, positions.big_blind) == (2, 3, 4)
    assert positions.deal_order == (3, 4, 5, 1)
    seed_after = Table(stakes, STACKS, 1, load_ruleset("seed")).next_hand(left)
    assert seed_after is not None
    assert (seed_after.button, seed_after.positions.small_blind) == (3, 4)
