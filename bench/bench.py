"""Speed: seeded random 6-handed no-limit hands in dealer and in PokerKit, in one run.

Both sides play the same hands the same way: blinds 1/2, six stacks of 400, every step of the
procedure done one at a time (dealer: post, shuffle, cut, twelve pitches, burns, board, betting,
showdown, push, button; PokerKit: see ``bench/pokerkit_side.py``), and the same seeded random
betting policy (``pokerkit_side.act``, move for move: facing a bet 3% all-in, 12% min-raise, 40%
fold, 45% call; else 3% all-in, 27% min-bet, 70% check), drawn from one ``random.Random`` per run
on each side. Dealer runs with ``audit`` off; its deck is shuffled by its own seeded shuffle, one
seed a hand. The two sides run in turn ``--rounds`` times and each side's fastest round counts (as
``timeit`` does: slower rounds measure the machine's other work, not the code). Prints hands/s for
each, the ratio, and the hands' shape so the two workloads can be compared.

    python bench/bench.py [--hands 2000] [--rounds 5] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).absolute().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # the repository (dealer) and bench/ (pokerkit_side)

from pokerkit_side import PLAYERS, STACK, play_hand, run_pokerkit  # noqa: E402

from dealer.core.betting import Move  # noqa: E402
from dealer.core.deck import DeckPlan  # noqa: E402
from dealer.core.events import Kind  # noqa: E402
from dealer.core.stakes import Stakes, Structure  # noqa: E402
from dealer.core.steps import PlayerAction  # noqa: E402
from dealer.core.table import Table  # noqa: E402
from dealer.engine.hand import Hand  # noqa: E402
from dealer.rules.rulesets import load_ruleset  # noqa: E402

_ACTIONS = frozenset({Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE})


def bench_table() -> Table:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2))
    stacks = dict.fromkeys(range(1, PLAYERS + 1), Decimal(STACK))
    return Table(stakes, stacks, PLAYERS, load_ruleset("seed"))


def act(hand: Hand, policy: random.Random) -> PlayerAction:
    """``pokerkit_side.act`` on dealer's options: the same roll gives the same kind of move."""
    assert hand.betting is not None
    options = hand.betting.options()
    roll = policy.random()
    facing = options.to_call > 0
    moves = options.moves
    wager = Move.RAISE if Move.RAISE in moves else Move.BET if Move.BET in moves else None
    if wager is not None:
        if roll < 0.03:
            return PlayerAction(options.seat, wager, options.max_to)  # all in
        if roll < (0.15 if facing else 0.30):
            return PlayerAction(options.seat, wager, options.min_to)
    move = Move.FOLD if facing and roll > 0.60 else Move.CALL if facing else Move.CHECK
    said = _SAID.get((options.seat, move))
    if said is None:  # actions are values: one of each is enough, as PokerKit's fold() makes none
        said = _SAID[options.seat, move] = PlayerAction(options.seat, move)
    return said


_SAID: dict[tuple[int, Move], PlayerAction] = {}


def play(table: Table, deck_seed: int, policy: random.Random) -> Hand:
    """One hand: autopilot deals, ``act`` plays."""
    hand = Hand(table, DeckPlan(seed=deck_seed))
    while not hand.is_over:
        step = hand.next_dealer_step()
        hand.apply(step if step is not None else act(hand, policy))
    return hand


def run_dealer(hands: int, seed: int) -> float:
    """Play ``hands`` hands; return the seconds taken."""
    table = bench_table()
    policy = random.Random(seed)
    start = time.perf_counter()
    for number in range(hands):
        play(table, seed * 1_000_003 + number, policy)
    return time.perf_counter() - start


def dealer_shape(hands: int, seed: int) -> tuple[float, float]:
    """The hands' shape (player actions per hand, showdown share), outside the timing."""
    table = bench_table()
    policy = random.Random(seed)
    actions = showdowns = 0
    for number in range(hands):
        events = play(table, seed * 1_000_003 + number, policy).events
        actions += sum(1 for event in events if event.kind in _ACTIONS)
        showdowns += any(event.kind is Kind.SHOW for event in events)
    return actions / hands, showdowns / hands


def pokerkit_shape(hands: int, seed: int) -> tuple[float, float]:
    """PokerKit's hands' shape (player actions per hand, showdown share), outside the timing."""
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
    parser.add_argument("--rounds", type=int, default=5, help="the fastest round of each counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the dealer side")
    args = parser.parse_args()

    run_dealer(min(200, args.hands), args.seed + 1)  # warm up: caches, the procedure machine
    run_pokerkit(min(50, args.hands), args.seed + 1)
    seconds = pk_seconds = float("inf")
    for _ in range(max(1, args.rounds)):
        seconds = min(seconds, run_dealer(args.hands, args.seed))
        pk_seconds = min(pk_seconds, run_pokerkit(args.hands, args.seed)[1])
    dealer_actions, dealer_showdowns = dealer_shape(min(args.hands, 500), args.seed)
    pk_actions, pk_showdowns = pokerkit_shape(min(args.hands, 500), args.seed)
    dealer_rate, pk_rate = args.hands / seconds, args.hands / pk_seconds
    print(
        f"dealer:   {args.hands} hands in {seconds:.2f} s = {dealer_rate:,.0f} hands/s "
        f"({dealer_actions:.1f} player actions/hand, {dealer_showdowns:.0%} showdowns)"
    )
    print(
        f"pokerkit: {args.hands} hands in {pk_seconds:.2f} s = {pk_rate:,.0f} hands/s "
        f"({pk_actions:.1f} player actions/hand, {pk_showdowns:.0%} showdowns)"
    )
    print(f"ratio dealer/pokerkit: {dealer_rate / pk_rate:.1f}x")

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run_dealer, args.hands, args.seed)
        stats = pstats.Stats(profile, stream=sys.stdout)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
