"""Properties over random hands (tables and seeds drawn by hypothesis).

Cards and chips are conserved after every event (the hand runs with ``audit=True``, which checks
the card ledger and the chip total after each event), and the moves ``options()`` lists are exactly
the moves the hand accepts.
"""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.betting import Move, Options
from dealer.core.chips import ZERO
from dealer.core.deck import DeckPlan
from dealer.core.stakes import Structure
from dealer.core.steps import PlayerAction, Step
from dealer.engine.hand import Hand
from dealer.engine.random_play import Mix, random_action, random_table

MIXES = st.sampled_from(
    [
        Mix(),
        Mix(fold=1, passive=4, min_raise=2, any_raise=3, all_in=3),
        Mix(fold=0, free_fold=1, passive=10, min_raise=1, any_raise=0, all_in=0),
    ]
)
SETTINGS = settings(max_examples=400, deadline=None)


def _tries(options: Options, hand: Hand) -> list[tuple[PlayerAction, bool]]:
    """Every listed move (bets and raises at the minimum, the maximum and between), as accepted;
    every move not listed, as refused."""
    seat, listed = options.seat, set(options.moves)
    total = hand.stacks[seat] + (hand.betting.bets[seat] if hand.betting else ZERO)
    tries: list[tuple[PlayerAction, bool]] = []
    for move in Move:
        if move in (Move.BET, Move.RAISE):
            if move in listed:
                assert options.min_to is not None and options.max_to is not None
                unit = hand.table.stakes.chip_unit
                middle = options.min_to + ((options.max_to - options.min_to) // 2 // unit) * unit
                for to in {options.min_to, middle, options.max_to}:
                    tries.append((PlayerAction(seat, move, to), True))
            else:
                tries.append((PlayerAction(seat, move, total), False))
        else:
            tries.append((PlayerAction(seat, move), move in listed))
    return tries


@SETTINGS
@given(
    table_seed=st.integers(0, 2**32 - 1),
    structure=st.sampled_from(list(Structure)),
    players=st.integers(2, 9),
    seed=st.integers(0, 2**32 - 1),
    mix=MIXES,
)
def test_cards_and_chips_are_conserved_and_listed_moves_are_exactly_the_legal_ones(
    table_seed: int, structure: Structure, players: int, seed: int, mix: Mix
) -> None:
    table = random_table(random.Random(table_seed), structure, players=players)
    hand = Hand(table, DeckPlan(seed=seed), audit=True)  # audit: ledger and chips after each event
    rng = random.Random(seed)
    while not hand.is_over:
        step: Step | None = hand.next_dealer_step()
        if step is None:
            assert hand.betting is not None
            options = hand.betting.options()
            for action, legal in _tries(options, hand):
                assert hand.can(action) is legal, f"{action}: listed {options}"
            step = random_action(hand, rng, mix)
        hand.apply(step)
    start = sum(table.stacks.values(), ZERO)
    assert sum(hand.stacks.values(), ZERO) == start and hand.pot == ZERO
    assert all(amount >= ZERO for amount in hand.stacks.values())
    ledger = hand.ledger
    places = [ledger.stub, *ledger.hands.values(), ledger.board, ledger.burns, ledger.muck]
    assert sum(len(cards) for cards in places) == 52 and len(ledger.board) in (0, 3, 4, 5)


@SETTINGS
@given(table_seed=st.integers(0, 2**32 - 1), seed=st.integers(0, 2**32 - 1))
def test_the_same_seeds_play_the_same_hand(table_seed: int, seed: int) -> None:
    def events() -> list[str]:
        table = random_table(random.Random(table_seed))
        hand = Hand(table, DeckPlan(seed=seed))
        rng = random.Random(seed)
        while not hand.is_over:
            step = hand.next_dealer_step()
            hand.apply(step if step is not None else random_action(hand, rng))
        return [str(event) for event in hand.events]

    assert events() == events()


def test_a_listed_raise_below_the_minimum_is_refused_by_one_chip() -> None:
    table = random_table(random.Random(5), Structure.NO_LIMIT, players=3)
    hand = Hand(table, DeckPlan(seed=5))
    while hand.next_dealer_step() is not None:
        hand.apply(hand.next_dealer_step())  # type: ignore[arg-type]
    assert hand.betting is not None
    options = hand.betting.options()
    assert options.min_to is not None and options.max_to is not None
    below = options.min_to - table.stakes.chip_unit
    assert options.max_to > options.min_to > below > Decimal(0)
    assert not hand.can(PlayerAction(options.seat, Move.RAISE, below))
    assert hand.can(PlayerAction(options.seat, Move.RAISE, options.min_to))
