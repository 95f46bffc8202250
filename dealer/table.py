"""The table for one hand: who is dealt in with what stack, the button, the stakes and the ruleset.

>>> from dealer.ruleset import load_ruleset
>>> from dealer.stakes import Stakes, Structure
>>> table = Table(Stakes.limit(Decimal(5), Decimal(10)), {1: Decimal(100), 2: Decimal(100)}, 1,
...               load_ruleset("seed"))
>>> table.positions.small_blind, table.positions.big_blind
(1, 2)
>>> Table(table.stakes, {1: Decimal(100)}, 1, table.ruleset)
Traceback (most recent call last):
...
dealer.table.TableError: 1 player: a hand needs 2 to 9 players under seed (TABLE-SIZE)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from dealer.positions import (
    BUTTON,
    UNDER_THE_GUN,
    Positions,
    clockwise_from,
    dead_button_positions,
    seat_positions,
)
from dealer.ruleset import Ruleset
from dealer.stakes import Stakes, Structure

SEATS = range(1, 11)


class TableError(ValueError):
    """A table that cannot host a hand."""


@dataclass(frozen=True, slots=True)
class Table:
    stakes: Stakes
    stacks: Mapping[int, Decimal]  # the seats dealt in, with their stacks as the hand starts
    button: int
    ruleset: Ruleset
    blinds_at: tuple[int, int] | None = None  # dead button: the small and big blind seats (LA 151)
    straddle_from: str = UNDER_THE_GUN  # or BUTTON, where the ruleset allows it (STRADDLE)
    positions: Positions = field(init=False, compare=False)

    def __post_init__(self) -> None:
        seats = sorted(self.stacks)
        bad = [seat for seat in seats if seat not in SEATS]
        if bad:
            raise TableError(f"seat {bad[0]} does not exist: seats are 1 to 10 (TABLE-SIZE)")
        players = len(seats)
        if not 2 <= players <= self.ruleset.max_players:
            noun = "player" if players == 1 else "players"
            raise TableError(
                f"{players} {noun}: a hand needs 2 to {self.ruleset.max_players} players "
                f"under {self.ruleset.name} (TABLE-SIZE)"
            )
        broke = [seat for seat in seats if self.stacks[seat] <= 0]
        if broke:
            raise TableError(f"seat {broke[0]} has no chips and cannot be dealt in")
        straddle = self.stakes.straddle > 0
        if straddle and self.straddle_from not in self.ruleset.straddle_seats:
            raise TableError(
                f"no straddle from the {self.straddle_from} under {self.ruleset.name} (STRADDLE)"
            )
        if straddle and self.straddle_from == BUTTON and self.stakes.structure is Structure.LIMIT:
            raise TableError("no button straddle in a limit game (STRADDLE, LA 11)")
        try:
            if self.blinds_at is not None and players > 2:
                small, big = self.blinds_at
                small_blind = small if small in self.stacks else None
                positions = dead_button_positions(
                    seats, self.button, small_blind, big, straddle, self.straddle_from
                )
            else:
                positions = seat_positions(seats, self.button, straddle, self.straddle_from)
        except ValueError as error:
            raise TableError(str(error)) from None
        object.__setattr__(self, "positions", positions)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.stacks))

    def next_hand(self, stacks: Mapping[int, Decimal], button: int | None = None) -> Table | None:
        """The table for the next hand: the same stakes, the button one seat on (BUTTON-MOVE),
        or at ``button`` when a ruling says where it goes.

        Players with no chips left are not dealt in; ``None`` when fewer than two remain.
        """
        playing = {seat: amount for seat, amount in stacks.items() if amount > 0}
        if len(playing) < 2:
            return None
        if button is None and self.ruleset.dead_button and len(playing) > 2:
            # DEAD-BUTTON (LA 151): the big blind goes to the next player due for it; the small
            # blind and the button follow it, even onto seats left empty.
            small = self.blinds_at[0] if self.blinds_at else self.positions.small_blind
            big = self.positions.big_blind
            due = clockwise_from(tuple(playing), after=big)[0]
            button = small or self.button
            return Table(self.stakes, playing, button, self.ruleset, (big, due), self.straddle_from)
        if button is None or button not in playing:
            button = clockwise_from(tuple(playing), after=self.button)[0]
        return Table(self.stakes, playing, button, self.ruleset, straddle_from=self.straddle_from)
