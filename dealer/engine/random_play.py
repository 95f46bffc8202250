"""Seeded random players and tables: varied legal hands for cross-checks, properties and speed.

The random player picks one of the moves :meth:`dealer.core.betting.BettingRound.options` offers,
with
weights from a :class:`Mix`; bets and raises go to the minimum, to the maximum or to a random number
of chip units in between, so short stacks and big bets give many all-ins and side pots. The dealer's
steps come from autopilot (:meth:`dealer.engine.hand.Hand.next_dealer_step`). Everything is fixed by
the
seed: the same table and seed always play the same hand.

>>> import random
>>> from dealer.core.stakes import Structure
>>> table = random_table(random.Random(3), Structure.NO_LIMIT)
>>> hand = play_random_hand(table, seed=3, audit=True)
>>> hand.is_over, sum(hand.stacks.values()) == sum(table.stacks.values())
(True, True)
>>> [str(event) for event in play_random_hand(table, seed=3).events] == [
...     str(event) for event in hand.events]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

from dealer.core.betting import Move, Options
from dealer.core.chips import Chips
from dealer.core.deck import DeckPlan
from dealer.core.stakes import Stakes, Structure
from dealer.core.steps import PlayerAction
from dealer.core.table import SEATS, Table
from dealer.engine.hand import Hand
from dealer.rules.rulesets import load_ruleset

__all__ = [
    "DEFAULT_MIX",
    "Mix",
    "play_random_hand",
    "random_action",
    "random_table",
]


@dataclass(frozen=True, slots=True)
class Mix:
    """Relative weights (whole numbers) of the random player's choices.

    ``fold`` applies when facing a bet, ``free_fold`` when a check is possible (legal, if unwise);
    ``passive`` is the check or the call; ``min_raise``, ``any_raise`` and ``all_in`` need the move
    to be on offer. A choice with no legal move is dropped before drawing.
    """

    fold: int = 3
    free_fold: int = 0
    passive: int = 8
    min_raise: int = 2
    any_raise: int = 1
    all_in: int = 1


DEFAULT_MIX = Mix()


def _amount(options: Options, unit: Chips, rng: random.Random, anywhere: bool) -> Chips:
    """A bet or raise-to between ``min_to`` and ``max_to``, in whole chip units from the minimum."""
    low, high = options.min_to, options.max_to
    if low is None or high is None:
        raise ValueError("no bet or raise is open to this player")
    if not anywhere or high <= low:
        return low
    steps = int((high - low) // unit)
    pick = rng.randint(0, steps + 1)
    return high if pick > steps else low + pick * unit


def random_action(hand: Hand, rng: random.Random, mix: Mix = DEFAULT_MIX) -> PlayerAction:
    """A legal action for the player to act, drawn with ``mix``'s weights."""
    betting = hand.betting
    if betting is None or betting.to_act is None:
        raise ValueError("no player is to act")
    options = betting.options()
    moves = options.moves
    seat = options.seat
    facing = options.to_call > 0
    wager = Move.RAISE if Move.RAISE in moves else Move.BET if Move.BET in moves else None
    weights = [
        mix.fold if facing else mix.free_fold,
        mix.passive,
        mix.min_raise if wager else 0,
        mix.any_raise if wager else 0,
        mix.all_in if Move.ALL_IN in moves else 0,
    ]
    total = sum(weights)
    roll = rng.randrange(total) if total > 0 else len(weights)
    choice = 0
    while choice < len(weights) and roll >= weights[choice]:
        roll -= weights[choice]
        choice += 1
    if choice == 0:
        return PlayerAction(seat, Move.FOLD)
    if choice in (2, 3) and wager is not None:
        to = _amount(options, hand.table.stakes.chip_unit, rng, anywhere=choice == 3)
        return PlayerAction(seat, wager, to)
    if choice == 4:
        return PlayerAction(seat, Move.ALL_IN)
    return PlayerAction(seat, Move.CALL if facing else Move.CHECK)


def play_random_hand(
    table: Table,
    seed: int,
    *,
    audit: bool = False,
    mix: Mix = DEFAULT_MIX,
    stop: str | None = None,
) -> Hand:
    """Play one hand: autopilot deals, random players (seeded by ``seed``) act.

    The deck is shuffled with ``DeckPlan(seed=seed)``. With ``stop`` the hand is left as soon as it
    reaches that procedure state (e.g. ``"pushing"``, to look at the pots before the push).
    """
    hand = Hand(table, DeckPlan(seed=seed), audit=audit)
    rng = random.Random(seed)
    while not hand.is_over and hand.state != stop:
        step = hand.next_dealer_step()
        hand.apply(step if step is not None else random_action(hand, rng, mix))
    return hand


# (small bet, big bet, small blind) for limit; (small blind, big blind, chip unit) for big-bet ones.
_LIMIT_GAMES = (
    (Decimal(5), Decimal(10), Decimal("2.5")),
    (Decimal(2), Decimal(4), Decimal(1)),
    (Decimal(10), Decimal(20), Decimal(5)),
)
_BLIND_GAMES = (
    (Decimal(1), Decimal(2), Decimal(1)),
    (Decimal(5), Decimal(10), Decimal(5)),
    (Decimal(25), Decimal(50), Decimal(25)),
    (Decimal(2), Decimal(5), Decimal(1)),
)


def _stakes(rng: random.Random, structure: Structure, players: int, ruleset: str) -> Stakes:
    if structure is Structure.LIMIT:
        small_bet, big_bet, small_blind = rng.choice(_LIMIT_GAMES)
        big_blind, unit = small_bet, small_blind
    else:
        small_blind, big_blind, unit = rng.choice(_BLIND_GAMES)
    ante = unit * rng.choice((1, 2)) if rng.random() < 0.25 else Decimal(0)
    straddle = 2 * big_blind if players >= 4 and rng.random() < 0.25 else Decimal(0)
    if structure is Structure.LIMIT:
        rules = load_ruleset(ruleset)
        return Stakes.limit(
            small_bet,
            big_bet,
            small_blind=small_blind,
            chip_unit=unit,
            cap_bets=rules.limit_cap_bets,
            cap_lifted_heads_up=rules.limit_cap_lifted_heads_up,
            ante=ante,
            straddle=straddle,
        )
    return Stakes.blinds(
        structure, small_blind, big_blind, chip_unit=unit, ante=ante, straddle=straddle
    )


def _stack(rng: random.Random, big_blind: Chips, unit: Chips) -> Chips:
    """A stack in whole chip units: now and then below the big blind, often short, some deep."""
    per_blind = int(big_blind // unit)
    roll = rng.random()
    if roll < 0.05:
        units = rng.randint(1, max(1, per_blind))
    elif roll < 0.40:
        units = rng.randint(per_blind, 15 * per_blind)
    elif roll < 0.80:
        units = rng.randint(15 * per_blind, 60 * per_blind)
    else:
        units = rng.randint(60 * per_blind, 250 * per_blind)
    return units * unit


def random_table(
    rng: random.Random,
    structure: Structure | None = None,
    *,
    players: int | None = None,
    ruleset: str = "seed",
) -> Table:
    """A table drawn from ``rng``: 2 to 9 players on random seats (so empty seats), random button,
    varied stacks, sometimes antes and (4+ players) a straddle of two big blinds.

    >>> table = random_table(random.Random(1), Structure.LIMIT, players=4)
    >>> len(table.seats), table.stakes.structure.value, table.button in table.seats
    (4, 'limit', True)
    """
    rules = load_ruleset(ruleset)
    count = players if players is not None else rng.randint(2, rules.max_players)
    kind = structure if structure is not None else rng.choice(list(Structure))
    stakes = _stakes(rng, kind, count, ruleset)
    seats = sorted(rng.sample(list(SEATS), count))
    stacks = {seat: _stack(rng, stakes.big_blind, stakes.chip_unit) for seat in seats}
    return Table(stakes, stacks, rng.choice(seats), rules)
