"""Speed: the same 6-handed no-limit hands in dealer and in PokerKit, timed in paired rounds.

What is measured. Both sides play the same hands: six players at blinds 1/2 with 400 each to start,
stacks carried from hand to hand (a player who goes broke buys in again for 400), the button one
seat on every hand, the cards of dealer's seeded shuffle and cut, and one shared betting policy
drawn from one ``random.Random`` per side (facing a bet: 3% all in, 12% minimum raise, 45% fold,
40% call; else 3% all in, 27% minimum bet, 70% check; a wager only where some other player could
still call it). Every step is done one at a time on both sides:

- dealer (``audit`` off): post, shuffle, cut, twelve pitches, burns and board cards, showdown,
  push and button, each the step autopilot names, performed one at a time by ``Hand.advance`` up
  to the next decision (one call); every player action a ``Hand.apply`` of a new
  ``PlayerAction``; a new ``Table`` (``next_hand``) for every hand;
- PokerKit (``bench/pokerkit_side.py``): blinds, twelve hole deals, burns, board deals, every
  action, bet collections, show-or-muck, kills, pushes and pulls, each operation found from its
  public status fields and verified once, by PokerKit itself.

Before timing, the first hands are checked to be the same hands: each side's operations counted
by type (posts, hole cards, burns, board cards, folds, checks or calls, bets or raises) and every
player's final stack agree. Then the two sides run in turn ``--rounds`` times (the order swapped
every round), each timed in CPU seconds of this process (``time.process_time``: what other programs
on the machine do is not counted, but what they do to the caches and the clock still is); each
round's pair gives a ratio, and the median ratio is the result. The interpreter, the packages and
the method are printed with it.

    python bench/bench.py [--hands 2000] [--rounds 7] [--seed 1] [--check 300]
    python bench/bench.py --profile dealer      # or pokerkit: one side's profile
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import platform
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping
from decimal import Decimal
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).absolute().parent
sys.path.insert(0, str(HERE))  # bench/ (pokerkit_side)
if importlib.util.find_spec("dealer") is None:  # else the installed package: compiled or not
    sys.path.insert(1, str(HERE.parent))  # a checkout without an install

import pokerkit  # noqa: E402
import pokerkit_side as pk  # noqa: E402

from dealer.core.betting import Move  # noqa: E402
from dealer.core.cards import Card, full_deck  # noqa: E402
from dealer.core.deck import DeckPlan, cut  # noqa: E402
from dealer.core.events import Kind  # noqa: E402
from dealer.core.stakes import Stakes, Structure  # noqa: E402
from dealer.core.steps import PlayerAction  # noqa: E402
from dealer.core.table import Table  # noqa: E402
from dealer.engine.hand import Hand  # noqa: E402
from dealer.rules.rulesets import load_ruleset  # noqa: E402

STACK = Decimal(pk.STACK)
SEATS = tuple(range(1, pk.PLAYERS + 1))  # dealer's seat n is PokerKit's seat n - 1


def deck_seed(seed: int, number: int) -> int:
    """The deck seed of hand ``number`` of a run."""
    return seed * 1_000_003 + number


def deck_order(seed: int, number: int) -> tuple[Card, ...]:
    """The stub of hand ``number`` after its shuffle and cut, top first (what dealer deals from)."""
    plan = DeckPlan(seed=deck_seed(seed, number))
    order = plan.shuffle(full_deck(), 0)
    position = plan.cut_point(len(order), 0)
    return order if position is None else cut(order, position)


def first_table() -> Table:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(pk.BLINDS[0]), Decimal(pk.BLINDS[1]))
    return Table(stakes, dict.fromkeys(SEATS, STACK), SEATS[0], load_ruleset("seed"))


def act(hand: Hand, policy: random.Random) -> PlayerAction:
    """``pokerkit_side.act`` on dealer's betting round: the same roll gives the same move. As on
    PokerKit's side, the public fields tell who acts and whether a bet is faced, and the options
    (the wager range) are asked for only when the roll wants a wager."""
    betting = hand.betting
    assert betting is not None
    seat = betting.to_act
    assert seat is not None
    roll = policy.random()
    facing = betting.high > betting.bets[seat]
    if roll < (pk.MIN_WAGER_FACING if facing else pk.MIN_WAGER_FREE):
        options = betting.options()
        moves = options.moves
        wager = Move.RAISE if Move.RAISE in moves else Move.BET if Move.BET in moves else None
        if wager is not None and _callable(betting.bets, betting.stacks, betting.live, seat):
            to = options.max_to if roll < pk.ALL_IN else options.min_to
            return PlayerAction(seat, wager, to)
    if facing and roll > pk.FOLD_ABOVE:
        return PlayerAction(seat, Move.FOLD)
    return PlayerAction(seat, Move.CALL if facing else Move.CHECK)


def _callable(
    bets: Mapping[int, Decimal | int],  # ints in a whole-chip hand (dealer.core.chips.Chips)
    stacks: Mapping[int, Decimal | int],
    live: tuple[int, ...],
    seat: int,
) -> bool:
    """Whether another player could still put in more than the bet (the policy's wager rule)."""
    high = max(bets.values())
    return any(other != seat and bets[other] + stacks[other] > high for other in live)


def play(table: Table, number: int, seed: int, policy: random.Random) -> Hand:
    """One hand: the dealer's steps up to each decision in one call (``Hand.advance``: every
    step autopilot names, one at a time), ``act`` for the players."""
    hand = Hand(table, DeckPlan(seed=deck_seed(seed, number)))
    hand.advance()
    while not hand.is_over:
        hand.apply(act(hand, policy))
        hand.advance()
    return hand


def after(hand: Hand) -> Table:
    """The next hand's table: full stacks again, the button one seat on (BUTTON-MOVE)."""
    table = hand.table.next_hand(dict.fromkeys(SEATS, STACK))
    assert table is not None
    return table


def run_dealer(hands: int, seed: int, *, keep: bool = False) -> tuple[float, list[Hand]]:
    """Play ``hands`` hands; return the CPU seconds taken (and the hands, with ``keep``)."""
    policy = random.Random(seed)
    table = first_table()
    kept: list[Hand] = []
    start = time.process_time()
    for number in range(hands):
        hand = play(table, number, seed, policy)
        table = after(hand)
        if keep:
            kept.append(hand)
    return time.process_time() - start, kept


def pokerkit_decks(hands: int, seed: int) -> list[tuple[pk.Card, ...]]:
    """The decks of ``hands`` hands as PokerKit's cards (made before the timing)."""
    return [pk.pokerkit_deck([str(card) for card in deck_order(seed, n)]) for n in range(hands)]


# -- the same hands ------------------------------------------------------------------------------

_DEALER_KINDS = {
    Kind.SMALL_BLIND: "post",
    Kind.BIG_BLIND: "post",
    Kind.PITCH: "hole card",
    Kind.BURN: "burn",
    Kind.FOLD: "fold",
    Kind.CHECK: "check or call",
    Kind.CALL: "check or call",
    Kind.BET: "bet or raise",
    Kind.RAISE: "bet or raise",
}
_POKERKIT_KINDS = {
    "BlindOrStraddlePosting": "post",
    "HoleDealing": "hole card",
    "CardBurning": "burn",
    "Folding": "fold",
    "CheckingOrCalling": "check or call",
    "CompletionBettingOrRaisingTo": "bet or raise",
}


def dealer_counts(hand: Hand) -> Counter[str]:
    counts: Counter[str] = Counter()
    for event in hand.events:
        if event.kind is Kind.BOARD:
            counts["board card"] += 1
        elif event.kind in _DEALER_KINDS:
            counts[_DEALER_KINDS[event.kind]] += 1
    return counts


def pokerkit_counts(state: pk.State) -> Counter[str]:
    counts: Counter[str] = Counter()
    for operation in state.operations:
        name = type(operation).__name__
        if isinstance(operation, pokerkit.BoardDealing):
            counts["board card"] += len(operation.cards)
        elif name in _POKERKIT_KINDS:
            counts[_POKERKIT_KINDS[name]] += 1
    return counts


def same_hands(hands: int, seed: int) -> list[str]:
    """Where the two sides' first ``hands`` hands differ (operation counts by type, final
    stacks by seat); empty when they are the same hands."""
    _, ours = run_dealer(hands, seed, keep=True)
    _, theirs = pk.run_pokerkit(pokerkit_decks(hands, seed), seed, keep=True)
    found = []
    for number, (hand, state) in enumerate(zip(ours, theirs, strict=True)):
        assert hand.table.button == number % pk.PLAYERS + 1  # the button moved every hand
        stacks = {seat: int(hand.stacks[seat]) for seat in SEATS}
        order = pk.seat_order(number)
        their_stacks = {order[i] + 1: amount for i, amount in enumerate(odd_chips(state))}
        if dealer_counts(hand) != pokerkit_counts(state) or stacks != their_stacks:
            found.append(
                f"hand {number}: dealer {dict(dealer_counts(hand))} {stacks}; "
                f"PokerKit {dict(pokerkit_counts(state))} {their_stacks}"
            )
    return found


def odd_chips(state: pk.State) -> list[int]:
    """PokerKit's final stacks with each split pot divided by ODD-CHIP (LA 148): the odd chips one
    each to the tied hands in turn from the button's left, where PokerKit gives them all to the
    first (its only difference from dealer in these hands)."""
    stacks = list(state.stacks)
    for operation in state.operations:
        if not isinstance(operation, pokerkit.ChipsPushing):
            continue
        tied = [index for index, amount in enumerate(operation.amounts) if amount]
        share, odd = divmod(sum(operation.amounts), len(tied))
        for rank, index in enumerate(tied):  # PokerKit's order starts left of the button
            stacks[index] += share + (rank < odd) - operation.amounts[index]
    return stacks


def shape(hands: int, seed: int) -> tuple[float, float]:
    """Player actions per hand and the share of hands with a showdown (dealer's side)."""
    _, played = run_dealer(hands, seed, keep=True)
    kinds = (Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE)
    actions = sum(event.kind in kinds for hand in played for event in hand.events)
    showdowns = sum(any(event.kind is Kind.SHOW for event in hand.events) for hand in played)
    return actions / hands, showdowns / hands


# -- timing --------------------------------------------------------------------------------------


def versions() -> str:
    names = ("dealer", "pokerkit", "transitions", "pyyaml")
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    found[0] += f" ({build()})"
    return ", ".join(found)


def build() -> str:
    """Which build of dealer runs: the pure package, or the hot modules compiled (mypyc)."""
    import dealer.engine.state

    compiled = not dealer.engine.state.__file__.endswith(".py")
    return "compiled with mypyc, DEALER_COMPILE=1" if compiled else "pure Python"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per side per round")
    parser.add_argument("--rounds", type=int, default=7, help="paired rounds (median ratio)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=300, help="hands checked to be the same")
    parser.add_argument("--profile", choices=("dealer", "pokerkit"), help="one side's profile")
    args = parser.parse_args()

    differ = same_hands(min(args.check, args.hands), args.seed)
    if differ:
        print(f"NOT the same hands on both sides ({len(differ)}); first:\n{differ[0]}")
        return 1
    decks = pokerkit_decks(args.hands, args.seed)
    run_dealer(min(200, args.hands), args.seed + 1)  # warm up: caches, the procedure machine
    pk.run_pokerkit(decks[:50], args.seed)

    if args.profile:
        profile = cProfile.Profile()
        if args.profile == "dealer":
            profile.runcall(run_dealer, args.hands, args.seed)
        else:
            profile.runcall(pk.run_pokerkit, decks, args.seed)
        pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(30)
        return 0

    ratios, ours, theirs = [], [], []
    for number in range(max(1, args.rounds)):
        if number % 2:
            their_seconds, _ = pk.run_pokerkit(decks, args.seed)
            our_seconds, _ = run_dealer(args.hands, args.seed)
        else:
            our_seconds, _ = run_dealer(args.hands, args.seed)
            their_seconds, _ = pk.run_pokerkit(decks, args.seed)
        ours.append(args.hands / our_seconds)
        theirs.append(args.hands / their_seconds)
        ratios.append(their_seconds / our_seconds)
    actions, showdowns = shape(min(args.hands, 500), args.seed)

    print(f"python:   {platform.python_implementation()} {platform.python_version()} "
          f"({platform.machine()}, {platform.system()})")  # fmt: skip
    print(f"packages: {versions()}")
    print(
        f"method:   the same {args.hands} hands a side ({actions:.1f} player actions a hand, "
        f"{showdowns:.0%} showdowns; first {min(args.check, args.hands)} checked equal), "
        f"{len(ratios)} paired rounds, CPU time (time.process_time), median ratio"
    )
    print(f"dealer:   {statistics.median(ours):,.0f} hands/s (median; rounds "
          f"{min(ours):,.0f} to {max(ours):,.0f})")  # fmt: skip
    print(f"pokerkit: {statistics.median(theirs):,.0f} hands/s (median; rounds "
          f"{min(theirs):,.0f} to {max(theirs):,.0f})")  # fmt: skip
    print(f"ratios:   {' '.join(f'{ratio:.2f}' for ratio in ratios)}")
    print(f"ratio dealer/pokerkit: {statistics.median(ratios):.2f}x (median of paired rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
