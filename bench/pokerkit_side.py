"""PokerKit side of the speed comparison, driven the fastest way its public API allows.

Six players at blinds 1/2 in PokerKit's cash-game mode, every step done by hand (no automations):
the blinds are posted, each hole card is dealt one at a time, each board street is preceded by a
burn, the bets are collected after each round, hands are shown or mucked (PokerKit's default: a
hand is shown when it can still win), losing hands are killed, each pot is pushed and the chips
pulled into the stacks.

Fair driving: the next operation is found by reading PokerKit's public status fields
(``actor_index``, ``hole_dealing_statuses``, ``bet_collection_status``, ``card_burning_status``,
``board_dealing_counts``, ``blind_or_straddle_posting_statuses``, ...; the most frequent first),
and each operation is then performed once: PokerKit verifies it itself, once. No ``can_*()``
probe runs (each is a full verification that raises and is caught, and the card probes copy the
deck). The betting policy reads ``bets`` to know whether the player faces a bet, and asks for the
wager range (one verification) only when its roll wants a wager.

The button moves every hand, as on dealer's side: PokerKit has no button of its own, its player
order is (small blind, ..., button), so each hand seats the players one seat on. Every hand starts
with full stacks on both sides, so each hand is the same on both sides whatever came before (with
stacks carried over, the one place where PokerKit and our ODD-CHIP split differently, two odd chips
among three tied hands, would make every later hand differ by a chip). The deck is the one
dealer's seeded shuffle and cut give for the same hand (PokerKit shuffles its own first, in
``create_state``, and is then handed that order), so both sides play the same cards and actions
and end with the same stacks; the benchmark and ``tests/oracle/test_bench_fairness.py`` check it.

    python bench/pokerkit_side.py [hands] [seed]     # the rate alone
"""

from __future__ import annotations

import random
import sys
import time
from collections import deque
from collections.abc import Sequence

from pokerkit import Automation, Card, Mode, NoLimitTexasHoldem, State

__all__ = ["Card", "State", "pokerkit_deck", "run_pokerkit", "seat_order"]

PLAYERS = 6
BLINDS = (1, 2)
STACK = 400  # 200 big blinds
AUTOMATIONS: tuple[Automation, ...] = ()  # every step is done by hand below

# The shared betting policy, by one roll of ``random()`` per decision (dealer's side: bench.py):
ALL_IN = 0.03  # below this, a wager is all in (when a wager is allowed)
MIN_WAGER_FACING = 0.15  # below this, facing a bet: a minimum raise
MIN_WAGER_FREE = 0.30  # below this, not facing one: a minimum bet
FOLD_ABOVE = 0.60  # facing a bet, above this: fold; else call or check


def new_state(stacks: Sequence[int]) -> State:
    """A fresh 6-handed no-limit hand; ``stacks`` from the small blind round to the button."""
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        True,  # ante trimming (no antes here)
        0,
        BLINDS,
        BLINDS[1],
        tuple(stacks),
        PLAYERS,
        mode=Mode.CASH_GAME,
    )


def act(state: State, actor: int, policy: random.Random) -> None:
    """The shared policy's move for the player to act."""
    roll = policy.random()
    bets = state.bets
    facing = max(bets) > bets[actor]
    if roll < (MIN_WAGER_FACING if facing else MIN_WAGER_FREE):
        # one verification: None when no wager is allowed (e.g. everyone else is all in)
        top = state.max_completion_betting_or_raising_to_amount
        if top is not None:
            if roll >= ALL_IN:
                top = state.min_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(top)
            return
    if facing and roll > FOLD_ABOVE:
        state.fold()
    else:
        state.check_or_call()


def play_hand(state: State, policy: random.Random) -> State:
    """Play one hand through every PokerKit operation, each found from the status fields."""
    while state.status:
        actor = state.actor_index
        if actor is not None:
            act(state, actor, policy)
        elif any(state.hole_dealing_statuses):
            state.deal_hole()
        elif state.bet_collection_status:
            state.collect_bets()
        elif state.card_burning_status:
            state.burn_card()
        elif any(state.board_dealing_counts):
            state.deal_board()
        elif any(state.blind_or_straddle_posting_statuses):
            state.post_blind_or_straddle()
        elif any(state.runout_count_selector_statuses):
            state.select_runout_count(1)
        elif state.showdown_indices:
            state.show_or_muck_hole_cards()
        elif any(state.hand_killing_statuses):
            state.kill_hand()
        elif any(state.chips_pulling_statuses):
            state.pull_chips()
        else:  # the only operation left while the hand is on
            state.push_chips()
    return state


def pokerkit_deck(cards: Sequence[str]) -> tuple[Card, ...]:
    """PokerKit's cards for a deck written ``As Kd ...`` (top first)."""
    return tuple(_CARDS[card] for card in cards)


_CARDS = {repr(card): card for card in Card.parse("".join(r + s for r in "23456789TJQKA"
                                                           for s in "cdhs"))}  # fmt: skip


def seat_order(number: int) -> list[int]:
    """The seats (0 to 5) of hand ``number``, from the small blind round to the button: the button
    starts on seat 0 and moves one seat on every hand."""
    button = number % PLAYERS
    return [(button + 1 + index) % PLAYERS for index in range(PLAYERS)]


def run_pokerkit(
    decks: Sequence[Sequence[Card]], seed: int, *, keep: bool = False
) -> tuple[float, list[State]]:
    """Play one hand per deck; return the CPU seconds taken (and the states, with ``keep``)."""
    policy = random.Random(seed)
    kept: list[State] = []
    stacks = [STACK] * PLAYERS  # by seat: every hand starts with full stacks
    start = time.process_time()
    for number, deck in enumerate(decks):
        state = new_state([stacks[seat] for seat in seat_order(number)])
        state.deck_cards = deque(deck)  # the cards dealer's shuffle and cut give this hand
        play_hand(state, policy)
        if keep:
            kept.append(state)
    return time.process_time() - start, kept


if __name__ == "__main__":
    import bench  # bench.py beside this file: dealer's decks for the same hands

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    seconds, _ = run_pokerkit(bench.pokerkit_decks(count, seed), seed)
    print(f"pokerkit: {count} hands in {seconds:.2f} s CPU = {count / seconds:.0f} hands/s")
