"""Speed beside every Python engine that plays full hold'em hands: dealer, PokerKit, clubs,
texasholdem and pokerfast, on the same kind of hands, timed in paired rounds.

The hands. Six players at blinds 1/2 with 400 each at the start of every hand, the shared betting
policy of ``bench/pokerkit_side.py`` (one roll of ``random()`` per decision: facing a bet 3% all in,
12% minimum raise, 45% fold, 40% call; else 3% all in, 27% minimum bet, 70% check; a wager only
where the engine allows one). dealer and PokerKit play the very same cards (``bench/bench.py``
checks it); the three others deal from their own shuffles, so their hands are of the same kind, not
the same cards. The policy reads no card, so engines that bet by the same rules play the same
actions and reach the same showdowns whatever their cards: the actions per hand and the share of
showdowns printed for each engine show that they did the same work.

How each is driven: the cheapest way its public API allows, one decision at a time.

- dealer: ``Hand.advance`` to each decision (every dealer step inside it, one at a time) and
  ``Hand.apply`` of each player action (``bench.play``), audit off.
- PokerKit: every operation found from its public status fields (``bench/pokerkit_side.py``).
- clubs: ``Dealer.reset(reset_button=True, reset_stacks=True)`` (the button kept on seat 0:
  clubs 0.1.4 fails on an odd chip with the button elsewhere) and ``Dealer.step(bet)`` with the
  observation's ``call``, ``min_raise`` and ``max_raise`` (a fold is ``step(-1)``).
- texasholdem: ``start_hand`` and ``take_action``, the stacks set back to 400 before each hand
  through ``players[i].chips``; the minimum raise from ``value_to_total(min_raise())``.
- pokerfast: a new ``FastHand`` (stacks fixed at 400) per hand, ``get_action_space`` and
  ``fold``, ``check``, ``call`` or ``bet_or_raise``.

What each one does not do (printed with the result): dealer alone burns, cuts, pitches card by card,
audits every card and chip after each step and keeps an event log; PokerKit burns and deals card by
card but has no cut or audit; clubs, texasholdem and pokerfast deal from a shuffled deck with no
burn, cut or audit, and clubs and pokerfast keep the button where it is.

Each round times every engine once (CPU seconds of this process, ``time.process_time``), in an
order rotated every round; each round gives each peer a ratio (its time over dealer's for the same
number of hands), and the median ratio is the result. Peers that are not installed are named and
left out: they are the optional ``bench`` extra (``pip install -e '.[bench]'``).

    python bench/peers.py [--hands 1000] [--rounds 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

HERE = Path(__file__).absolute().parent
sys.path.insert(0, str(HERE))  # bench/ (bench, pokerkit_side)
if importlib.util.find_spec("dealer") is None:  # else the installed package: compiled or not
    sys.path.insert(1, str(HERE.parent))

import pokerkit_side as pk  # noqa: E402

import bench  # noqa: E402
from dealer.core.events import Kind  # noqa: E402

PLAYERS, SMALL, BIG, STACK = pk.PLAYERS, pk.BLINDS[0], pk.BLINDS[1], pk.STACK


@dataclass(frozen=True, slots=True)
class Run:
    """One engine's run: CPU seconds, player actions and showdowns over its hands."""

    seconds: float
    actions: int
    showdowns: int


def _wager_roll(policy: random.Random, facing: bool) -> tuple[float, bool]:
    """The policy's roll and whether it asks for a wager (the shared thresholds)."""
    roll = policy.random()
    return roll, roll < (pk.MIN_WAGER_FACING if facing else pk.MIN_WAGER_FREE)


# -- dealer and PokerKit -------------------------------------------------------------------------

_ACTIONS = (Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE)


def run_dealer(hands: int, seed: int) -> Run:
    policy = random.Random(seed)
    table = bench.first_table()
    actions = showdowns = 0
    start = time.process_time()
    for number in range(hands):
        hand = bench.play(table, number, seed, policy)
        table = bench.after(hand)
        for event in hand.events:
            if event.kind in _ACTIONS:
                actions += 1
            elif event.kind is Kind.SHOW:
                showdowns += 1
                break
    return Run(time.process_time() - start, actions, showdowns)


def pokerkit_runner(hands: int, seed: int) -> Callable[[int, int], Run]:
    decks = bench.pokerkit_decks(hands, seed)  # made before the timing, as in bench.py

    def run(hands: int, seed: int) -> Run:
        seconds, states = pk.run_pokerkit(decks[:hands], seed, keep=True)
        actions = showdowns = 0
        for state in states:
            names = [type(operation).__name__ for operation in state.operations]
            actions += sum(
                name in ("Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo")
                for name in names
            )
            showdowns += "HoleCardsShowingOrMucking" in names
        return Run(seconds, actions, showdowns)

    return run


# -- clubs ---------------------------------------------------------------------------------------


def run_clubs(hands: int, seed: int) -> Run:
    import numpy  # clubs deals with numpy's random numbers
    from clubs import configs
    from clubs.poker.engine import Dealer

    random.seed(seed)
    numpy.random.seed(seed)
    config = {**configs.NO_LIMIT_HOLDEM_SIX_PLAYER, "start_stack": STACK}
    table = Dealer(**config)
    policy = random.Random(seed)
    actions = showdowns = 0
    start = time.process_time()
    for _ in range(hands):
        # the button stays on seat 0: clubs 0.1.4 indexes past its payouts when it splits an odd
        # chip with the button elsewhere (IndexError in Dealer._eval_round)
        observation = table.reset(reset_button=True, reset_stacks=True)
        done = False
        while not done:
            call = observation["call"]
            roll, wager = _wager_roll(policy, call > 0)
            if wager and observation["max_raise"] > call:
                bet = observation["max_raise"] if roll < pk.ALL_IN else observation["min_raise"]
            elif call and roll > pk.FOLD_ABOVE:
                bet = -1
            else:
                bet = call
            observation, _, ended = table.step(bet)
            actions += 1
            done = all(ended)
        showdowns += sum(table.active) > 1
    return Run(time.process_time() - start, actions, showdowns)


# -- texasholdem ---------------------------------------------------------------------------------


def run_texasholdem(hands: int, seed: int) -> Run:
    from texasholdem.game.action_type import ActionType
    from texasholdem.game.game import TexasHoldEm
    from texasholdem.game.player_state import PlayerState

    random.seed(seed)  # its shuffle and first button come from the random module
    game = TexasHoldEm(buyin=STACK, big_blind=BIG, small_blind=SMALL, max_players=PLAYERS)
    policy = random.Random(seed)
    actions = showdowns = 0
    start = time.process_time()
    for _ in range(hands):
        for player in game.players:
            player.chips = STACK
            player.state = PlayerState.IN
        game.start_hand()
        while game.is_hand_running():
            seat = game.current_player
            to_call = game.chips_to_call(seat)
            roll, wager = _wager_roll(policy, to_call > 0)
            moves = game.get_available_moves()
            if wager and ActionType.RAISE in moves.action_types:
                span = moves.raise_range
                game.take_action(ActionType.RAISE, total=span[-1] if roll < pk.ALL_IN else span[0])
            elif to_call and roll > pk.FOLD_ABOVE:
                game.take_action(ActionType.FOLD)
            else:
                game.take_action(ActionType.CALL if to_call else ActionType.CHECK)
            actions += 1
        showdowns += _texasholdem_showdown(game)
    return Run(time.process_time() - start, actions, showdowns)


def _texasholdem_showdown(game: Any) -> bool:
    """Whether some pot of the hand was decided by comparing hands (rank -1: won uncontested)."""
    settle = game.hand_history.settle
    return any(rank != -1 for _, rank, _ in settle.pot_winners.values())


# -- pokerfast -----------------------------------------------------------------------------------


def run_pokerfast(hands: int, seed: int) -> Run:
    from pokerfast import FastHand

    rng = random.Random(seed)  # its deals
    policy = random.Random(seed)
    actions = showdowns = 0
    start = time.process_time()
    for _ in range(hands):
        hand = FastHand(
            player_count=PLAYERS, small_blind=SMALL, big_blind=BIG,
            min_stack=STACK, max_stack=STACK, rng=rng,
        )  # fmt: skip
        while not hand.done:
            space = hand.get_action_space()
            call = space.get("call", 0)
            roll, wager = _wager_roll(policy, call > 0)
            if wager and "min_bet" in space:
                hand.bet_or_raise(space["max_bet"] if roll < pk.ALL_IN else space["min_bet"])
            elif call and roll > pk.FOLD_ABOVE:
                hand.fold()
            elif call:
                hand.call()
            else:
                hand.check()
            actions += 1
        showdowns += hand.active_players > 1
    return Run(time.process_time() - start, actions, showdowns)


# -- the run -------------------------------------------------------------------------------------

NOT_DONE = {
    "pokerkit": "no cut, no audit",
    "clubs": "no burn, no cut, no card-by-card deal, no audit, no event log, no button move",
    "texasholdem": "no burn, no cut, no card-by-card deal, no audit",
    "pokerfast": "no burn, no cut, no card-by-card deal, no audit, no button move",
}
PEERS: dict[str, Callable[[int, int], Run]] = {
    "clubs": run_clubs,
    "texasholdem": run_texasholdem,
    "pokerfast": run_pokerfast,
}


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="paired rounds (median ratio)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    engines: dict[str, Callable[[int, int], Run]] = {"dealer": run_dealer}
    if _installed("pokerkit"):
        engines["pokerkit"] = pokerkit_runner(args.hands, args.seed)
    missing = [name for name in PEERS if not _installed(name)]
    engines.update({name: run for name, run in PEERS.items() if name not in missing})
    for engine in engines.values():  # warm up: imports, caches, the procedure machine
        engine(min(100, args.hands), args.seed + 1)

    seconds: dict[str, list[float]] = {name: [] for name in engines}
    shapes: dict[str, Run] = {}
    names = list(engines)
    for number in range(max(1, args.rounds)):
        order = names[number % len(names) :] + names[: number % len(names)]
        for name in order:
            done = engines[name](args.hands, args.seed)
            seconds[name].append(done.seconds)
            shapes[name] = done

    print(f"python:  {platform.python_implementation()} {platform.python_version()} "
          f"({platform.machine()}, {platform.system()})")  # fmt: skip
    print(f"dealer:  {_version('dealer')} ({bench.build()})")
    print(f"method:  {args.hands} hands an engine a round, {args.rounds} rounds in rotated order, "
          "CPU time (time.process_time), ratio: peer's time / dealer's, median")  # fmt: skip
    if missing:
        print(f"not installed (pip install -e '.[bench]'): {', '.join(missing)}")
    ours = seconds["dealer"]
    for name in names:
        shape = shapes[name]
        rate = statistics.median(args.hands / s for s in seconds[name])
        line = (f"{name:12} {_version(name):8} {rate:8,.0f} hands/s  "
                f"{shape.actions / args.hands:4.1f} actions, {shape.showdowns / args.hands:4.0%} "
                "showdowns a hand")  # fmt: skip
        if name != "dealer":
            ratio = statistics.median(t / o for t, o in zip(seconds[name], ours, strict=True))
            line += f"  dealer is {ratio:5.2f}x its speed; it does {NOT_DONE[name]}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
