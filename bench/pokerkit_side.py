"""PokerKit side of the speed comparison: seeded random 6-handed no-limit hands in PokerKit 0.7.7.

Each hand is a fresh ``State`` (blinds 1/2, every stack 400 = 200 big blinds, cash-game mode) and
is driven with **no automations at all**: the blinds are posted, every hole card is dealt one at a
time, the flop, turn and river are each preceded by a burn card, bets are collected after each
round, hands are shown or mucked at showdown (PokerKit's default: show only if the hand can still
win or in an all-in), losing hands are killed, each pot is pushed and the chips are pulled into the
stacks. The deck is PokerKit's own, shuffled with the module-level ``random`` (seeded here).

The betting policy is a seeded random mix: facing a bet, fold / call / min-raise / all-in; otherwise
check / min-bet / all-in. It produces folds before the flop, showdowns and some all-ins.

Run ``python bench/pokerkit_side.py [hands] [seed]`` to print the rate in hands per second.
"""

from __future__ import annotations

import random
import sys
import time

from pokerkit import Automation, Mode, NoLimitTexasHoldem, State

PLAYERS = 6
BLINDS = (1, 2)
STACK = 400  # 200 big blinds
AUTOMATIONS: tuple[Automation, ...] = ()  # every step is done by hand below


def new_state() -> State:
    """A fresh 6-handed no-limit hand with full stacks."""
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        True,  # ante trimming (no antes here)
        0,
        BLINDS,
        BLINDS[1],
        STACK,
        PLAYERS,
        mode=Mode.CASH_GAME,
    )


def act(state: State, policy: random.Random) -> None:
    """One seeded random legal action for the player to act."""
    roll = policy.random()
    facing = bool(state.checking_or_calling_amount)
    if state.can_complete_bet_or_raise_to():
        if roll < 0.03:
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            return
        if roll < (0.15 if facing else 0.30):
            state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
            return
    if facing and roll > 0.60:
        state.fold()
    else:
        state.check_or_call()


def play_hand(policy: random.Random) -> State:
    """Play one hand through every PokerKit operation; return the finished state."""
    state = new_state()
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
            act(state, policy)
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
        else:  # pragma: no cover - PokerKit always offers a step while the hand is live
            raise RuntimeError("PokerKit state is stuck")
    assert sum(state.stacks) == PLAYERS * STACK
    return state


def run_pokerkit(hands: int, seed: int) -> tuple[int, float]:
    """Play ``hands`` seeded hands; return (hands played, seconds taken)."""
    random.seed(seed)  # PokerKit shuffles each new deck with the module-level random
    policy = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        play_hand(policy)
    return hands, time.perf_counter() - start


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    played, seconds = run_pokerkit(count, seed)
    print(f"pokerkit: {played} hands in {seconds:.2f} s = {played / seconds:.0f} hands/s")
