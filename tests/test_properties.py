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

from dealer.core.betting import Move
from dealer.core.deck import DeckPlan
from dealer.core.stakes import Structure
from dealer.core.steps import PlayerAction
from dealer.engine.hand import Hand
from dealer.engine.random_play import Mix, random_action, random_table
from tests.helpers import BETTING_MIXES, assert_chips_conserved, play_listed_moves

MIXES = st.sampled_from(BETTING_MIXES)
SETTINGS = settings(max_examples=400, deadline=None)


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
    play_listed_moves(hand, random.Random(seed), mix)
    assert_chips_conserved(hand, table)
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
