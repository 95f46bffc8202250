"""The audit checks what the pot is made of, not only the total (issue 28): a hand whose chips
add up but whose pot is wrong is an :class:`InvariantError` at the event where it goes wrong."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer.core.betting import Move
from dealer.core.deck import DeckPlan
from dealer.core.stakes import Stakes, Structure
from dealer.core.steps import PlayerAction
from dealer.core.table import Table
from dealer.engine.hand import Hand, InvariantError
from dealer.rules.rulesets import load_ruleset
from dealer.scenarios.replay import autopilot

D = Decimal


def _dealt() -> Hand:
    """A 1/2 hand of three, dealt: seat 2 posted the small blind, seat 3 the big (BLINDS)."""
    table = Table(
        Stakes.blinds(Structure.NO_LIMIT, D(1), D(2)),
        {1: D(100), 2: D(100), 3: D(100)},
        1,
        load_ruleset("seed"),
    )
    hand = Hand(table, DeckPlan(seed=5), audit=True)
    autopilot(hand, "preflop_betting")
    return hand


def test_a_sound_hand_passes_the_audit() -> None:
    hand = _dealt()
    hand.check()
    assert (hand.pot, dict(hand.committed)) == (D(3), {1: D(0), 2: D(1), 3: D(2)})


def test_blinds_returned_but_still_bet_are_caught_though_the_total_adds_up() -> None:
    # The void hand of issue 28 item 1: the blinds went back to the stacks, the round still
    # counts them as bet. 300 chips on the table either way.
    hand = _dealt()
    model = hand._model
    for seat in (2, 3):
        model.stacks[seat] += model.committed[seat]
        model.committed[seat] = D(0)
    broken = r"^pot broken: seat 2 has a bet of 1 this round but 0 in the pot$"
    with pytest.raises(InvariantError, match=broken):
        hand.check()


def test_a_negative_commitment_is_caught_though_the_total_adds_up() -> None:
    hand = _dealt()
    model = hand._model
    model.committed[1] -= D(3)
    model.stacks[1] += D(3)
    with pytest.raises(InvariantError, match=r"^pot broken: seat 1 committed -3$"):
        hand.check()


def test_more_pushed_than_put_in_is_caught() -> None:
    hand = _dealt()
    model = hand._model
    model.pushed = D(4)
    model.stacks[1] += D(4)
    with pytest.raises(InvariantError, match=r"^pot broken: 4 pushed from a pot of 3$"):
        hand.check()


def test_the_audit_runs_after_every_event() -> None:
    hand = _dealt()
    model = hand._model
    model.committed[3] = D(0)  # the big blind's chips vanish from the pot
    model.stacks[3] += D(2)
    with pytest.raises(InvariantError, match="seat 3 has a bet of 2 this round but 0 in the pot"):
        hand.apply(PlayerAction(1, Move.CALL))  # its event is audited
