"""Speed: seeded random 6-handed no-limit hands in dealer and in PokerKit, in one run.

Both sides play the same kind of hand the same number of times: blinds 1/2, six stacks of 400, every
step of the procedure done one at a time (dealer: post, shuffle, cut, twelve pitches, burns, board,
betting, showdown, push, button; PokerKit: see ``bench/pokerkit_side.py``), with a seeded random
betting mix of about the same shape (facing a bet: 40% fold, 45% call, 12% min-raise, 3% all-in).
Dealer runs with ``audit`` off. Prints hands/s for each, the ratio, and the hands' shape so the two
workloads can be compared.

    python bench/bench.py [--hands 2000] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).absolute().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # the repository (dealer) and bench/ (pokerkit_side)

from pokerkit_side import PLAYERS, STACK, play_hand, run_pokerkit  # noqa: E402

from dealer.events import Kind  # noqa: E402
from dealer.random_play import Mix, play_random_hand  # noqa: E402
from dealer.ruleset import load_ruleset  # noqa: E402
from dealer.stakes import Stakes, Structure  # noqa: E402
from dealer.table import Table  # noqa: E402

MIX = Mix(fold=40, free_fold=0, passive=45, min_raise=12, any_raise=0, all_in=3)
_ACTIONS = frozenset({Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE})


def bench_table() -> Table:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2))
    stacks = dict.fromkeys(range(1, PLAYERS + 1), Decimal(STACK))
    return Table(stakes, stacks, PLAYERS, load_ruleset("seed"))


def run_dealer(hands: int, seed: int) -> tuple[float, float, float]:
    """Play ``hands`` hands; return (seconds, player actions per hand, showdown share)."""
    table = bench_table()
    actions = showdowns = 0
    start = time.perf_counter()
    for number in range(hands):
        hand = play_random_hand(table, seed * 1_000_003 + number, mix=MIX)
        actions += sum(1 for event in hand.events if event.kind in _ACTIONS)
        showdowns += any(event.kind is Kind.SHOW for event in hand.events)
    seconds = time.perf_counter() - start
    return seconds, actions / hands, showdowns / hands


def pokerkit_shape(hands: int, seed: int) -> tuple[float, float]:
    """PokerKit's hands' shape (player actions per hand, showdown share), outside the timing."""
    import random

    from pokerkit import (
        CheckingOrCalling,
        CompletionBettingOrRaisingTo,
        Folding,
        HoleCardsShowingOrMucking,
    )

    random.seed(seed)
    policy = random.Random(seed)
    kinds = (CheckingOrCalling, CompletionBettingOrRaisingTo, Folding)
    actions = showdowns = 0
    for _ in range(hands):
        state = play_hand(policy)
        actions += sum(isinstance(op, kinds) for op in state.operations)
        showdowns += any(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)
    return actions / hands, showdowns / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the dealer side")
    args = parser.parse_args()

    run_dealer(min(200, args.hands), args.seed + 1)  # warm up: caches, the procedure machine
    seconds, dealer_actions, dealer_showdowns = run_dealer(args.hands, args.seed)
    _, pk_seconds = run_pokerkit(args.hands, args.seed)
    pk_actions, pk_showdowns = pokerkit_shape(min(args.hands, 500), args.seed)
    dealer_rate, pk_rate = args.hands / seconds, args.hands / pk_seconds
    print(f"dealer:   {args.hands} hands in {seconds:.2f} s = {dealer_rate:,.0f} hands/s "
          f"({dealer_actions:.1f} player actions/hand, {dealer_showdowns:.0%} showdowns)")
    print(f"pokerkit: {args.hands} hands in {pk_seconds:.2f} s = {pk_rate:,.0f} hands/s "
          f"({pk_actions:.1f} player actions/hand, {pk_showdowns:.0%} showdowns)")
    print(f"ratio dealer/pokerkit: {dealer_rate / pk_rate:.1f}x")

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run_dealer, args.hands, args.seed)
        stats = pstats.Stats(profile, stream=sys.stdout)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
