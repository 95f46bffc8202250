"""Who sits where this hand: button, blinds, straddle, the deal order and the order of action.

Seats are numbered clockwise. With three or more players the small blind is left of the button
(BLINDS); heads-up the button posts the small blind, acts first pre-flop and last after, and gets
the last card of the deal (HEADS-UP).

>>> p = seat_positions((1, 3, 4, 7), button=7, straddle=False)
>>> p.small_blind, p.big_blind, p.deal_order, p.preflop_order, p.postflop_order
(1, 3, (1, 3, 4, 7), (4, 7, 1, 3), (1, 3, 4, 7))
>>> h = seat_positions((2, 5), button=5, straddle=False)
>>> h.small_blind, h.big_blind, h.deal_order, h.preflop_order, h.postflop_order
(5, 2, (2, 5), (5, 2), (2, 5))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

UNDER_THE_GUN = "under-the-gun"
BUTTON = "button"


@dataclass(frozen=True, slots=True)
class Positions:
    button: int  # may be an empty seat under a dead button (DEAD-BUTTON)
    small_blind: int | None  # None: a dead small blind, nobody posts it
    big_blind: int
    straddle: int | None
    deal_order: tuple[int, ...]  # one round of the deal (DEAL-ORDER)
    preflop_order: tuple[int, ...]  # PREFLOP-ACTION, first to act first
    postflop_order: tuple[int, ...]  # POSTFLOP-ACTION

    @property
    def heads_up(self) -> bool:
        return len(self.deal_order) == 2


def clockwise_from(seats: Sequence[int], after: int) -> tuple[int, ...]:
    """The seats clockwise starting with the first one after seat ``after`` (which may be empty).

    >>> clockwise_from((1, 4, 6), after=4)
    (6, 1, 4)
    """
    ordered = sorted(seats)
    cut = bisect_right(ordered, after)  # the first seat after ``after``: one search, no filtering
    return tuple(ordered[cut:] + ordered[:cut])


HEADS_UP_STRADDLE = "no straddle heads-up: the only other player is a blind (STRADDLE)"


def dead_button_positions(
    seats: Sequence[int],
    button: int,
    small_blind: int | None,
    big_blind: int,
    straddle: bool,
    straddle_from: str = UNDER_THE_GUN,
) -> Positions:
    """Positions placed by the big blind (DEAD-BUTTON, LA 151): the button and the small blind
    may be empty seats; the deal starts with the first player clockwise of the button.

    >>> p = dead_button_positions((1, 3, 4), 2, small_blind=None, big_blind=3, straddle=False)
    >>> p.deal_order, p.preflop_order, p.postflop_order
    ((3, 4, 1), (4, 1, 3), (3, 4, 1))
    """
    if big_blind not in seats:
        raise ValueError(f"the big blind is at seat {big_blind}, which has no player (DEAD-BUTTON)")
    if len(seats) == 2 or (small_blind is not None and small_blind not in seats):
        raise ValueError("a dead small blind must be None, and heads-up has no dead button")
    order = clockwise_from(seats, after=button)
    after_big = clockwise_from(seats, after=big_blind)
    if straddle and straddle_from == BUTTON:
        if button not in seats:
            raise ValueError(
                f"the button at seat {button} is dead: nobody can straddle it (STRADDLE)"
            )
        before_button = tuple(seat for seat in after_big if seat != button)
        return Positions(
            button, small_blind, big_blind, button, order, (*before_button, button), order
        )
    if straddle and len(seats) < 3:
        raise ValueError(HEADS_UP_STRADDLE)
    straddler = after_big[0] if straddle else None
    first = clockwise_from(seats, after=straddler)[0] if straddler is not None else after_big[0]
    return Positions(
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        straddle=straddler,
        deal_order=order,
        preflop_order=clockwise_from(seats, after=first - 1),
        postflop_order=order,
    )


def seat_positions(
    seats: Sequence[int], button: int, straddle: bool, straddle_from: str = UNDER_THE_GUN
) -> Positions:
    """Positions for the players dealt in; the button must be one of them.

    A straddle comes from under the gun, or from the button (STRADDLE, LA 11): then the action
    starts under the gun, goes round to the blinds and ends with the button.

    >>> seat_positions((1, 2, 3, 4, 5), button=5, straddle=True, straddle_from=BUTTON).preflop_order
    (3, 4, 1, 2, 5)
    """
    if button not in seats:
        raise ValueError(f"the button is at seat {button}, which has no player (BUTTON)")
    order = clockwise_from(seats, after=button)  # small blind first, button last
    if straddle and len(order) < 3:
        # heads-up the only other player is a blind: no straddle (STRADDLE, a third blind), and
        # it is refused rather than dropped; three-handed the seat left of the big blind is the
        # button, which straddles and acts last, the small blind first
        raise ValueError(HEADS_UP_STRADDLE)
    if len(order) == 2:
        big_blind = order[0]
        return Positions(
            button=button,
            small_blind=button,
            big_blind=big_blind,
            straddle=None,
            deal_order=order,
            preflop_order=(button, big_blind),
            postflop_order=order,
        )
    if straddle and straddle_from == BUTTON:  # the button acts last, after the blinds
        straddler: int | None = button
        preflop = order[2:-1] + order[:2] + (button,)
    else:
        straddler = order[2] if straddle else None
        last_forced = 3 if straddler is not None else 2
        preflop = order[last_forced:] + order[:last_forced]
    return Positions(button, order[0], order[1], straddler, order, preflop, order)
