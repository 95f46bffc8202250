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


# ---------------------------------------------------------------- STRADDLE as revised (turn 3)


def test_three_handed_the_button_straddles_and_acts_last() -> None:
    # STRADDLE, seed: "Three-handed that player is the button, who may straddle (in limit too); the
    # small blind then acts first pre-flop and the straddler last." wsop-2024: so except in limit.
    seats = dict.fromkeys((1, 2, 3), Decimal(100))
    no_limit = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2), straddle=Decimal(4))
    limit = Stakes.limit(Decimal(5), Decimal(10), straddle=Decimal(10))
    for ruleset, stakes in (("seed", no_limit), ("seed", limit), ("wsop-2024", no_limit)):
        positions = Table(stakes, seats, 3, load_ruleset(ruleset)).positions
        assert (positions.straddle, positions.preflop_order) == (3, (1, 2, 3)), ruleset
    refusal = r"^three-handed the straddle is on the button: no button straddle in a limit game"
    with pytest.raises(TableError, match=refusal):
        Table(limit, seats, 3, load_ruleset("wsop-2024"))


def test_no_straddle_heads_up_nor_at_a_tournament_table() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2), straddle=Decimal(4))
    with pytest.raises(TableError, match=r"^no straddle heads-up: the only other player is a "):
        Table(stakes, dict.fromkeys((1, 2), Decimal(100)), 2, load_ruleset("seed"))
    with pytest.raises(TableError, match=r"^no straddle at a tournament table \(STRADDLE\)$"):
        Table(stakes, STACKS, 5, load_ruleset("wsop-2024"), tournament=True)
    plain = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2))
    tournament = Table(plain, STACKS, 5, load_ruleset("seed"), tournament=True)
    after = tournament.next_hand(STACKS)
    assert after is not None and after.tournament is True


def test_a_button_straddle_lapses_when_the_button_is_dead() -> None:
    # Issue 28 item 5: wsop-2024, `straddle: button`, the small blind busts. The next hand has a
    # dead button (DEAD-BUTTON, LA 151), so nobody holds the seat that may straddle: the option
    # lapses for that hand (STRADDLE is an option) instead of an error.
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2), straddle=Decimal(4))
    table = Table(stakes, STACKS, 5, load_ruleset("wsop-2024"), straddle_from=BUTTON)
    busted = {**STACKS, 1: Decimal(0)}
    after = table.next_hand(busted)
    assert after is not None
    assert (after.button, after.positions.straddle, after.stakes.straddle) == (1, None, Decimal(0))
    assert table.next_button(busted) == 1
    # heads-up the option lapses too, and three-handed in limit where it would be on the button
    heads_up = table.next_hand({4: Decimal(100), 5: Decimal(100)})
    assert heads_up is not None and heads_up.stakes.straddle == 0
    limit = Stakes.limit(Decimal(5), Decimal(10), straddle=Decimal(10))
    four = dict.fromkeys((1, 2, 3, 4), Decimal(100))
    utg = Table(limit, four, 4, load_ruleset("wsop-2024"))
    three = utg.next_hand({**four, 4: Decimal(0)})
    assert three is not None and three.stakes.straddle == 0
    seed_three = Table(limit, four, 4, load_ruleset("seed")).next_hand({**four, 4: Decimal(0)})
    assert seed_three is not None and seed_three.positions.straddle == seed_three.button
