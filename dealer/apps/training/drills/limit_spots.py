"""Limit spots for the action quiz: a short all-in after a player has acted (LIMIT-ALLIN, LA 129).

Random players almost never make a short all-in raise in a limit game, so the spot is built: a
limit table without antes or straddle, the first player to act pre-flop raises, the next one is
all-in for a full raise plus a part of a bet (in whole chips, below or from half a bet), the
others call, and the hand stops when the first raiser is to act again. Under LIMIT-ALLIN the
betting is reopened for it only when the all-in is half a bet or more over the full raise.
"""

from __future__ import annotations

import random
from dataclasses import replace

from dealer.apps.training.drills.stages import betting_of
from dealer.core.betting import Move
from dealer.core.chips import decimal_of
from dealer.core.deck import DeckPlan
from dealer.core.stakes import Street, Structure
from dealer.core.steps import PlayerAction
from dealer.core.table import Table
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_table

__all__ = ["limit_allin_spot"]


def _to_preflop(hand: Hand) -> None:
    while betting_of(hand.state) is not Street.PREFLOP:
        step = hand.next_dealer_step()
        assert step is not None
        hand.apply(step)


def limit_allin_spot(rng: random.Random, ruleset: str, *, reopened: bool) -> Hand | None:
    """A limit hand stopped where a player who raised faces a short all-in re-raise that does
    (``reopened``) or does not reopen the betting for it; None when the draws offered none."""
    for _ in range(30):
        table = random_table(rng, Structure.LIMIT, players=rng.randint(3, 6), ruleset=ruleset)
        stakes = table.stakes
        if stakes.ante or stakes.straddle:
            continue
        seed = rng.randrange(1 << 31)
        probe = Hand(table, DeckPlan(seed=seed))
        _to_preflop(probe)
        assert probe.betting is not None and probe.to_act is not None
        order = probe.betting.order
        opener = probe.to_act
        short = order[(order.index(opener) + 1) % len(order)]
        bet, unit = decimal_of(stakes.bet_size(Street.PREFLOP)), decimal_of(stakes.chip_unit)
        # The part of a bet the all-in goes over the full raise, in whole chips: below half a
        # bet, or half a bet and more (but less than a whole one).
        while bet / unit < 4:  # chips too big to make part of a bet: smaller ones (CHIP-UNIT)
            unit /= 2
            table = replace(table, stakes=replace(stakes, chip_unit=unit))
        parts = [unit * k for k in range(1, int(bet / unit)) if (unit * k >= bet / 2) is reopened]
        part = rng.choice(parts)
        full = stakes.big_blind + bet
        if any(table.stacks[seat] < 4 * full for seat in table.seats if seat != short):
            continue
        built = _play(replace(table, stacks={**table.stacks, short: full + part}), seed, opener)
        if built is not None:
            return built
    return None


def _play(table: Table, seed: int, opener: int) -> Hand | None:
    hand = Hand(table, DeckPlan(seed=seed), audit=True)
    _to_preflop(hand)
    shoved = False
    while hand.betting is not None and hand.to_act is not None:
        betting, seat = hand.betting, hand.to_act
        options = betting.options()
        if shoved and seat == opener:
            return hand if options.to_call > 0 else None
        if seat == opener and options.min_to is not None:
            hand.apply(PlayerAction(seat, Move.RAISE, options.min_to))
        elif betting.high > table.stakes.big_blind and not shoved:
            shoved = True
            hand.apply(PlayerAction(seat, Move.RAISE, betting.bets[seat] + hand.stacks[seat]))
        else:
            hand.apply(PlayerAction(seat, Move.CALL if options.to_call > 0 else Move.CHECK))
    return None
