"""The table for one hand: who is dealt in with what stack, the button, the stakes and the ruleset.

>>> from decimal import Decimal
>>> from dealer.rules.rulesets import load_ruleset
>>> from dealer.core.stakes import AntePayer, Stakes, Structure
>>> table = Table(Stakes.limit(Decimal(5), Decimal(10)), {1: Decimal(100), 2: Decimal(100)}, 1,
...               load_ruleset("seed"))
>>> table.positions.small_blind, table.positions.big_blind
(1, 2)
>>> Table(table.stakes, {1: Decimal(100)}, 1, table.ruleset)
Traceback (most recent call last):
...
dealer.core.table.TableError: 1 player: a hand needs 2 to 9 players under seed (TABLE-SIZE)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from dealer.core.chips import ZERO, Chips
from dealer.core.errors import DealerError
from dealer.core.positions import (
    BUTTON,
    UNDER_THE_GUN,
    Positions,
    clockwise_from,
    dead_button_positions,
    seat_positions,
)
from dealer.core.ruleset import Ruleset
from dealer.core.stakes import AntePayer, Stakes, Structure

SEATS = range(1, 11)
_LIMIT: Final = Structure.LIMIT  # a constant: Python 3.11's EnumType hook (dealer.core.betting)


class TableError(DealerError, ValueError):
    """A table that cannot host a hand."""


@dataclass(frozen=True, slots=True, init=False)
class Table:
    stakes: Stakes
    stacks: Mapping[int, Chips]  # the seats dealt in, with their stacks as the hand starts
    button: int
    ruleset: Ruleset
    blinds_at: tuple[int, int] | None = None  # dead button: the small and big blind seats (LA 151)
    straddle_from: str = UNDER_THE_GUN  # or BUTTON, where the ruleset allows it (STRADDLE)
    # After a misplaced button (BUTTON-MISPLACED, LA 109): the buttons of the hands since, so that
    # the button skips a seat that had it in this round; None when the rotation is plain.
    catch_up: tuple[int, ...] | None = None
    tournament: bool = False  # a tournament table: no straddle (STRADDLE; 004, LA 11)
    positions: Positions = field(init=False, compare=False)

    def __init__(
        self,
        stakes: Stakes,
        stacks: Mapping[int, Chips],
        button: int,
        ruleset: Ruleset,
        blinds_at: tuple[int, int] | None = None,
        straddle_from: str = UNDER_THE_GUN,
        catch_up: tuple[int, ...] | None = None,
        tournament: bool = False,
    ) -> None:
        # Still frozen: each field set once through its slot's own setter, not by name through
        # object.__setattr__ as the dataclass's __init__ does (a table is made for every hand).
        if tournament and stakes.straddle > ZERO:
            raise TableError("no straddle at a tournament table (STRADDLE)")
        _SET_STAKES(self, stakes)
        _SET_STACKS(self, stacks)
        _SET_BUTTON(self, button)
        _SET_RULESET(self, ruleset)
        _SET_BLINDS_AT(self, blinds_at)
        _SET_STRADDLE_FROM(self, straddle_from)
        _SET_CATCH_UP(self, catch_up)
        _SET_TOURNAMENT(self, tournament)
        positions = _positions(stakes, stacks, button, ruleset, blinds_at, straddle_from)
        _SET_POSITIONS(self, positions)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.stacks))

    @property
    def ante_payer(self) -> int | None:
        """The seat posting the whole table's ante (ANTE): the big blind, or the button (the
        last seat dealt to, under a dead button); ``None`` when every player antes, or no ante.

        >>> from decimal import Decimal
        >>> from dealer.rules.rulesets import load_ruleset
        >>> stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(100), Decimal(200),
        ...                        ante=Decimal(200), ante_by=AntePayer.BIG_BLIND)
        >>> seats = dict.fromkeys((1, 2, 3), Decimal(5000))
        >>> Table(stakes, seats, 1, load_ruleset("seed")).ante_payer
        3
        """
        stakes = self.stakes
        if stakes.ante <= ZERO or stakes.ante_by is AntePayer.EACH:
            return None
        if stakes.ante_by is AntePayer.BIG_BLIND:
            return self.positions.big_blind
        button = self.button
        return button if button in self.stacks else self.positions.deal_order[-1]

    def next_hand(self, stacks: Mapping[int, Chips], button: int | None = None) -> Table | None:
        """The table for the next hand: the same stakes, the button one seat on (BUTTON-MOVE),
        or at ``button`` when a ruling says where it goes.

        Players with no chips left are not dealt in; ``None`` when fewer than two remain.
        """
        seating = self._next_seating(stacks, button)
        if seating is None:
            return None
        playing, button, blinds_at = seating
        catch_up = None
        if self.catch_up is not None and len(self.catch_up) + 1 < len(playing) - 1:
            catch_up = (*self.catch_up, self.button)
        stakes = self._next_stakes(playing, button)
        return Table(
            stakes, playing, button, self.ruleset, blinds_at, self.straddle_from, catch_up,
            self.tournament,
        )  # fmt: skip

    def _next_stakes(self, playing: Mapping[int, Chips], button: int) -> Stakes:
        """The straddle is an option (STRADDLE): where the next hand has no seat that may post it
        the option lapses and that hand is played without it: heads-up, a dead button for a
        button straddle, or three-handed in limit where under the gun is the button and the
        ruleset knows the button straddle (LA 11)."""
        stakes = self.stakes
        if stakes.straddle > ZERO and _straddle_lapses(
            len(playing), button in playing, self.straddle_from, stakes, self.ruleset
        ):
            stakes = replace(stakes, straddle=ZERO)
        return stakes

    def next_button(self, stacks: Mapping[int, Chips], button: int | None = None) -> int | None:
        """``next_hand(stacks, button).button`` (``None`` for no next hand), raising what it would
        raise, without building the table: the button move only needs the seat.

        >>> from decimal import Decimal
        >>> from dealer.rules.rulesets import load_ruleset
        >>> table = Table(Stakes.limit(Decimal(5), Decimal(10)),
        ...               dict.fromkeys((2, 5, 7), Decimal(50)), 7, load_ruleset("seed"))
        >>> table.next_button({2: Decimal(0), 5: Decimal(80), 7: Decimal(70)})
        5
        """
        seating = self._next_seating(stacks, button)
        if seating is None:
            return None
        playing, button, blinds_at = seating
        stakes = self._next_stakes(playing, button)
        _positions(stakes, playing, button, self.ruleset, blinds_at, self.straddle_from)
        return button

    def _next_seating(
        self, stacks: Mapping[int, Chips], button: int | None
    ) -> tuple[dict[int, Chips], int, tuple[int, int] | None] | None:
        """The next hand's players, button and dead-button blinds; ``None`` for no next hand."""
        if stacks and min(stacks.values()) > ZERO:  # every seat has chips (most hands): copied
            playing = dict(stacks)  # in C, no comprehension's frame and comparison a seat
        else:
            playing = {seat: amount for seat, amount in stacks.items() if amount > ZERO}
        if len(playing) < 2:
            return None
        if button is None and self.ruleset.dead_button and len(playing) > 2:
            # DEAD-BUTTON (LA 151): the big blind goes to the next player due for it; the small
            # blind and the button follow it, even onto seats left empty.
            small = self.blinds_at[0] if self.blinds_at else self.positions.small_blind
            big = self.positions.big_blind
            due = clockwise_from(tuple(playing), after=big)[0]
            return playing, small or self.button, (big, due)
        if button is None and self.catch_up is not None:
            # LA 109: every player gets each position once in the round: a seat that had the
            # button since it was misplaced is passed over once.
            had = (*self.catch_up, self.button)[-(len(playing) - 1) :]
            button = next(
                (
                    seat
                    for seat in clockwise_from(tuple(playing), after=self.button)
                    if seat not in had
                ),
                None,
            )
        if button is None and len(playing) == 2:
            # HEADS-UP (TR 87, LA 151): the big blind goes to the player due for it, so nobody
            # posts it twice in a row when play becomes heads-up; the other player has the button.
            due = clockwise_from(tuple(playing), after=self.positions.big_blind)[0]
            button = next(seat for seat in playing if seat != due)
        if button is None or button not in playing:
            button = _next_seat(playing, self.button)
        return playing, button, None


_SLOTS: dict[str, Any] = dict(vars(Table))
_SET_STAKES: Callable[[Table, Stakes], None] = _SLOTS["stakes"].__set__
_SET_STACKS: Callable[[Table, Mapping[int, Chips]], None] = _SLOTS["stacks"].__set__
_SET_BUTTON: Callable[[Table, int], None] = _SLOTS["button"].__set__
_SET_RULESET: Callable[[Table, Ruleset], None] = _SLOTS["ruleset"].__set__
_SET_BLINDS_AT: Callable[[Table, tuple[int, int] | None], None] = _SLOTS["blinds_at"].__set__
_SET_STRADDLE_FROM: Callable[[Table, str], None] = _SLOTS["straddle_from"].__set__
_SET_CATCH_UP: Callable[[Table, tuple[int, ...] | None], None] = _SLOTS["catch_up"].__set__
_SET_TOURNAMENT: Callable[[Table, bool], None] = _SLOTS["tournament"].__set__
_SET_POSITIONS: Callable[[Table, Positions], None] = _SLOTS["positions"].__set__


def _positions(
    stakes: Stakes,
    stacks: Mapping[int, Chips],
    button: int,
    ruleset: Ruleset,
    blinds_at: tuple[int, int] | None,
    straddle_from: str,
) -> Positions:
    """A table's positions, once its seating is checked (TABLE-SIZE, STRADDLE)."""
    seats = tuple(sorted(stacks))
    _check_size(seats, ruleset)
    if min(stacks.values()) <= ZERO:
        broke = next(seat for seat in seats if stacks[seat] <= ZERO)
        raise TableError(f"seat {broke} has no chips and cannot be dealt in")
    return _place(
        seats,
        button,
        blinds_at,
        straddle_from,
        stakes.straddle > ZERO,
        stakes.structure is _LIMIT,
        ruleset.name,
        ruleset.straddle_seats,
    )


def _straddle_lapses(
    players: int, button_live: bool, straddle_from: str, stakes: Stakes, ruleset: Ruleset
) -> bool:
    if players < 3:
        return True
    if straddle_from == BUTTON:
        return not button_live or (players == 3 and stakes.structure is Structure.LIMIT)
    return players == 3 and _button_straddle_barred(stakes.structure, ruleset.straddle_seats)


def _button_straddle_barred(structure: Structure, straddle_seats: tuple[str, ...]) -> bool:
    """Three-handed, under the gun is the button: where the ruleset has button straddles that
    is one, and there is none in limit (LA 11); seed's only straddle seat is that one seat."""
    return structure is Structure.LIMIT and BUTTON in straddle_seats


def _next_seat(playing: Mapping[int, Chips], after: int) -> int:
    """The first seat dealt in clockwise after seat ``after``: ``clockwise_from(...)[0]`` without
    building the whole rotation (the button moves on every hand)."""
    ordered = sorted(playing)
    cut = bisect_right(ordered, after)
    return ordered[cut] if cut < len(ordered) else ordered[0]


def _check_size(seats: tuple[int, ...], ruleset: Ruleset) -> None:
    """TABLE-SIZE: seats 1 to 10, and as many players as the ruleset allows."""
    # the seats come sorted: all exist when the first and the last do (checked on every table)
    if seats and not (seats[0] in SEATS and seats[-1] in SEATS):
        bad = next(seat for seat in seats if seat not in SEATS)
        raise TableError(f"seat {bad} does not exist: seats are 1 to 10 (TABLE-SIZE)")
    players = len(seats)
    if not 2 <= players <= ruleset.max_players:
        noun = "player" if players == 1 else "players"
        raise TableError(
            f"{players} {noun}: a hand needs 2 to {ruleset.max_players} players under "
            f"{ruleset.name} (TABLE-SIZE)"
        )


@lru_cache(maxsize=256)
def _place(
    seats: tuple[int, ...],
    button: int,
    blinds_at: tuple[int, int] | None,
    straddle_from: str,
    straddle: bool,
    limit: bool,
    ruleset: str,
    straddle_seats: tuple[str, ...],
) -> Positions:
    """The positions of a seating (the next hand with the same players gets them from the cache;
    an error is never cached), once the straddle is checked (STRADDLE)."""
    players = len(seats)
    if straddle and not straddle_seats:
        raise TableError(f"no straddle under {ruleset}: its rules allow none (STRADDLE)")
    if straddle and straddle_from not in straddle_seats:
        raise TableError(f"no straddle from the {straddle_from} under {ruleset} (STRADDLE)")
    if straddle and straddle_from == BUTTON and limit:
        raise TableError("no button straddle in a limit game (STRADDLE, LA 11)")
    if straddle and players == 3 and limit and BUTTON in straddle_seats:
        raise TableError(
            "three-handed the straddle is on the button: no button straddle in a limit game "
            "(STRADDLE, LA 11)"
        )
    try:
        if blinds_at is not None and players > 2:
            small, big = blinds_at
            small_blind = small if small in seats else None
            return dead_button_positions(seats, button, small_blind, big, straddle, straddle_from)
        return seat_positions(seats, button, straddle, straddle_from)
    except ValueError as error:
        raise TableError(str(error)) from None
