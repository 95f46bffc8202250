"""The speed benchmark compares like with like (``bench/bench.py``, ``bench/pokerkit_side.py``).

- PokerKit's driver reads status fields instead of probing with ``can_*()``, and still performs
  exactly the operations a driver made of probes performs, in the same order.
- dealer and PokerKit play the same hands: the same operations counted by type and the same final
  stacks, seat by seat (split pots divided by ODD-CHIP on PokerKit's side, the one rule in which the
  two differ in these hands), with the button one seat on every hand.
- The deck PokerKit is handed is the stub dealer deals from.
"""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType

import pytest
from pokerkit import State

from dealer.core.events import Kind
from tests.helpers import load_bench

HANDS = 40


@pytest.fixture(scope="module")
def speed() -> ModuleType:
    return load_bench("bench")


def _probing_hand(pk: ModuleType, state: State, policy: random.Random) -> State:
    """The driver the benchmark used before: each step found by a chain of ``can_*()`` probes,
    and the policy's wager found by probing too."""
    while state.status:
        if state.can_post_blind_or_straddle():
            state.post_blind_or_straddle()
        elif state.can_collect_bets():
            state.collect_bets()
        elif state.can_burn_card():
            state.burn_card()
        elif state.can_deal_hole():
            state.deal_hole()
        elif state.can_deal_board():
            state.deal_board()
        elif state.actor_index is not None:
            roll = policy.random()
            facing = bool(state.checking_or_calling_amount)
            wants = roll < (pk.MIN_WAGER_FACING if facing else pk.MIN_WAGER_FREE)
            if wants and state.can_complete_bet_or_raise_to():
                top = state.max_completion_betting_or_raising_to_amount
                if roll >= pk.ALL_IN:
                    top = state.min_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(top)
                continue
            if facing and roll > pk.FOLD_ABOVE:
                state.fold()
            else:
                state.check_or_call()
        elif state.can_select_runout_count():
            state.select_runout_count(1)
        elif state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards()
        elif state.can_kill_hand():
            state.kill_hand()
        elif state.can_push_chips():
            state.push_chips()
        elif state.can_pull_chips():
            state.pull_chips()
        else:
            raise AssertionError("PokerKit offers no step while the hand is on")
    return state


def test_the_status_driver_performs_exactly_the_probing_driver_s_operations(
    speed: ModuleType,
) -> None:
    pk = speed.pk
    decks = speed.pokerkit_decks(HANDS, 3)
    _, states = pk.run_pokerkit(decks, 3, keep=True)
    policy = random.Random(3)
    kinds: Counter[str] = Counter()
    for number, (deck, state) in enumerate(zip(decks, states, strict=True)):
        probed = pk.new_state([pk.STACK] * pk.PLAYERS)
        probed.deck_cards = type(probed.deck_cards)(deck)
        _probing_hand(pk, probed, policy)
        assert probed.operations == state.operations, f"hand {number}"
        assert probed.stacks == state.stacks, f"hand {number}"
        kinds.update(type(operation).__name__ for operation in state.operations)
    # every kind of operation the benchmark relies on occurs
    assert {
        "BlindOrStraddlePosting", "BetCollection", "CardBurning", "HoleDealing", "BoardDealing",
        "Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo", "HoleCardsShowingOrMucking",
        "HandKilling", "ChipsPushing", "ChipsPulling",
    } <= set(kinds)  # fmt: skip
    assert kinds["HoleDealing"] == 12 * HANDS and kinds["BlindOrStraddlePosting"] == 2 * HANDS


def test_dealer_and_pokerkit_play_the_same_hands(speed: ModuleType) -> None:
    assert speed.same_hands(HANDS, 1) == []
    assert speed.same_hands(HANDS, 2) == []


def test_the_button_moves_every_hand_and_the_hands_vary(speed: ModuleType) -> None:
    _, hands = speed.run_dealer(12, 1, keep=True)
    assert [hand.table.button for hand in hands] == [1, 2, 3, 4, 5, 6] * 2
    assert [hand.table.positions.small_blind for hand in hands[:6]] == [2, 3, 4, 5, 6, 1]
    endings = {tuple(sorted(hand.stacks.items())) for hand in hands}
    assert len(endings) > 6  # hands are won and lost, not all passed round
    assert any(event.kind is Kind.SHOW for hand in hands for event in hand.events)
    assert any(event.note == "all-in" for hand in hands for event in hand.events)


def test_pokerkit_is_handed_the_stub_dealer_deals_from(speed: ModuleType) -> None:
    _, hands = speed.run_dealer(3, 5, keep=True)
    for number, hand in enumerate(hands):
        deck = speed.deck_order(5, number)
        pitched = [event.cards[0] for event in hand.events if event.kind is Kind.PITCH]
        assert pitched == list(deck[:12])
        assert [repr(card) for card in speed.pokerkit_decks(number + 1, 5)[number]] == [
            str(card) for card in deck
        ]
