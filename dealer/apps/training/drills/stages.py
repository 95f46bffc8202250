"""Where a hand stands, asked of the procedure data (``procedures/holdem.yaml``: each state's
dealer step, street, betting and final marks), so that the trainer never spells the machine's
state names: a state renamed or added in the data needs no change here.

>>> from dealer.core.stakes import Street
>>> dealer_step_of("flop_burn"), street_of("flop_burn"), betting_of("flop_burn")
(<Verb.BURN: 'burn'>, <Street.FLOP: 'flop'>, None)
>>> betting_of("turn_betting") is Street.TURN, dealer_step_of("turn_betting")
(True, None)
"""

from __future__ import annotations

from functools import cache

from dealer.core.stakes import Street
from dealer.core.steps import BOARD_VERBS, Verb
from dealer.engine.hand import Hand
from dealer.engine.procedure import procedure

__all__ = [
    "awarding",
    "betting_of",
    "board_due",
    "burn_due",
    "dealer_step_of",
    "dealing",
    "posting",
    "settled",
    "showing_down",
    "street_of",
]


@cache
def _verbs() -> dict[str, Verb]:
    return {verb.trigger: verb for verb in Verb}


def dealer_step_of(state: str) -> Verb | None:
    """The dealer step the procedure performs in ``state`` (None in a betting round)."""
    spec = procedure().states[state]
    return _verbs().get(spec.next) if spec.next is not None else None


def street_of(state: str) -> Street | None:
    return procedure().states[state].street


def betting_of(state: str) -> Street | None:
    """The street whose betting round ``state`` is, or None when it is no betting round."""
    spec = procedure().states[state]
    return spec.street if spec.betting else None


def posting(hand: Hand) -> bool:
    return dealer_step_of(hand.state) is Verb.POST


def dealing(hand: Hand) -> bool:
    return dealer_step_of(hand.state) is Verb.PITCH


def burn_due(hand: Hand) -> Street | None:
    """The street whose burn the procedure expects now, if any."""
    return street_of(hand.state) if dealer_step_of(hand.state) is Verb.BURN else None


def board_due(hand: Hand) -> Verb | None:
    """The board step (flop, turn, river) the procedure expects now, if any."""
    verb = dealer_step_of(hand.state)
    return verb if verb in BOARD_VERBS else None


def showing_down(hand: Hand) -> bool:
    return dealer_step_of(hand.state) is Verb.SHOWDOWN


def awarding(hand: Hand) -> bool:
    """The pots are to be awarded (the procedure's push)."""
    return dealer_step_of(hand.state) is Verb.PUSH


def settled(hand: Hand) -> bool:
    """A betting round has just ended and its bets are in the pot: the next street's burn, or the
    showdown, is owed."""
    return burn_due(hand) is not None or showing_down(hand)
