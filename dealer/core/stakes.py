"""The stakes of a hold'em game: betting structure, blinds, bet sizes, chip unit and cap.

>>> stakes = Stakes.limit(Decimal(5), Decimal(10))
>>> stakes.small_blind, stakes.big_blind, stakes.bet_size(Street.FLOP), stakes.bet_size(Street.TURN)
(Decimal('2.5'), Decimal('5'), Decimal('5'), Decimal('10'))
>>> Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2)).bet_size(Street.RIVER)
Decimal('2')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from dealer.core.chips import ZERO, Chips, default_unit, whole


class Structure(StrEnum):
    """How much may be bet (LIMIT-STAKES, NO-LIMIT, POT-LIMIT)."""

    LIMIT = "limit"
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"


class AntePayer(StrEnum):
    """Who posts the ante (ANTE): every player dealt in, or one seat for the whole table.

    A big-blind ante (WSOP TR 86 names it, "BBA") or a button ante is the whole table's ante,
    posted by that one seat as dead money: it goes to the main pot and is no part of the seat's
    live bet."""

    EACH = "each"
    BIG_BLIND = "big-blind"
    BUTTON = "button"


class Street(StrEnum):
    """The four betting rounds."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


@dataclass(frozen=True, slots=True)
class Stakes:
    """Blinds and bet sizes of one game.

    ``small_bet``/``big_bet`` are the limit bet sizes (LIMIT-STAKES); in big-bet games both equal
    the big blind. ``cap_bets`` counts the bet and the raises of one round (LIMIT-CAP): 4 under
    ``seed`` (bet + 3 raises), 5 under ``wsop-2024``; ``None`` for no cap. ``cap_lifted_heads_up``
    lifts the cap when a round begins with exactly two players who are not all-in (LA 127).
    """

    structure: Structure
    small_blind: Chips
    big_blind: Chips
    small_bet: Chips
    big_bet: Chips
    chip_unit: Chips
    ante: Chips = ZERO
    straddle: Chips = ZERO
    cap_bets: int | None = 4
    cap_lifted_heads_up: bool = False
    ante_by: AntePayer = AntePayer.EACH  # EACH: ``ante`` from every player; else the one total

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "small_bet", "big_bet", "chip_unit"):
            if not _amount(value := getattr(self, name)) or value <= 0:
                raise ValueError(f"stakes: {name} must be a positive Decimal, got {value!r}")
        for name in ("ante", "straddle"):
            if not _amount(value := getattr(self, name)) or value < 0:
                raise ValueError(f"stakes: {name} must be a Decimal, zero or more, got {value!r}")
        if self.cap_bets is not None and self.cap_bets < 1:
            raise ValueError(f"stakes: cap_bets must be 1 or more, or None, got {self.cap_bets}")

    @classmethod
    def limit(
        cls,
        small_bet: Decimal,
        big_bet: Decimal,
        *,
        small_blind: Decimal | None = None,
        chip_unit: Decimal | None = None,
        cap_bets: int | None = 4,
        cap_lifted_heads_up: bool = False,
        ante: Decimal = ZERO,
        straddle: Decimal = ZERO,
        ante_by: AntePayer = AntePayer.EACH,
    ) -> Stakes:
        """Fixed limit ``small_bet/big_bet``: big blind = small bet, small blind = half (BLINDS);
        the chip unit defaults to the smallest chip that makes the big blind (CHIP-UNIT,
        :func:`~dealer.core.chips.default_unit`, as a scenario's table has it)."""
        sb = small_bet / 2 if small_blind is None else small_blind
        if chip_unit is None:
            chip_unit = default_unit(small_bet, sb)  # the big blind is the small bet
        return cls(
            structure=Structure.LIMIT,
            small_blind=sb,
            big_blind=small_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            chip_unit=chip_unit,
            ante=ante,
            straddle=straddle,
            cap_bets=cap_bets,
            cap_lifted_heads_up=cap_lifted_heads_up,
            ante_by=ante_by,
        )

    @classmethod
    def blinds(
        cls,
        structure: Structure,
        small_blind: Decimal,
        big_blind: Decimal,
        *,
        chip_unit: Decimal | None = None,
        ante: Decimal = ZERO,
        straddle: Decimal = ZERO,
        ante_by: AntePayer = AntePayer.EACH,
    ) -> Stakes:
        """A no-limit or pot-limit game ``small_blind/big_blind``; the chip unit defaults to the
        smallest chip that makes the big blind (CHIP-UNIT, :func:`~dealer.core.chips.default_unit`,
        as a scenario's table has it): an ante is a forced bet, not a wager, and sets no unit.

        >>> Stakes.blinds(Structure.NO_LIMIT, Decimal(25), Decimal(50), ante=Decimal(10)).chip_unit
        Decimal('25')
        """
        if chip_unit is None:
            chip_unit = default_unit(big_blind, small_blind)
        return cls(
            structure=structure,
            small_blind=small_blind,
            big_blind=big_blind,
            small_bet=big_blind,
            big_bet=big_blind,
            chip_unit=chip_unit,
            ante=ante,
            straddle=straddle,
            cap_bets=None,
            ante_by=ante_by,
        )

    def in_whole_chips(self) -> Stakes | None:
        """These stakes with every amount an int, where each is whole and written without a point
        (:func:`~dealer.core.chips.whole`): the stakes a whole-chip hand plays with inside (see
        :data:`~dealer.core.chips.Chips`); ``None`` where any amount is not.

        >>> Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2)).in_whole_chips().big_blind
        2
        >>> Stakes.limit(Decimal(5), Decimal(10)).in_whole_chips() is None  # a 2.5 small blind
        True
        """
        # The table's stakes are the same object hand after hand; frozen, the same answer. The
        # pair is read and written as one tuple: another thread's write cannot tear it.
        known, made = _IN_WHOLE_CHIPS[0]
        if known is not self:
            made = self._in_whole_chips()
            _IN_WHOLE_CHIPS[0] = (self, made)
        return made

    def _in_whole_chips(self) -> Stakes | None:
        amounts = [
            whole(amount)
            for amount in (
                self.small_blind, self.big_blind, self.small_bet, self.big_bet, self.chip_unit,
                self.ante, self.straddle,
            )
        ]  # fmt: skip
        sb, bb, small, big, unit, ante, straddle = amounts
        if sb is None or bb is None or small is None or big is None or unit is None:
            return None
        if ante is None or straddle is None:
            return None
        return Stakes(
            self.structure, sb, bb, small, big, unit, ante, straddle,
            self.cap_bets, self.cap_lifted_heads_up, self.ante_by,
        )  # fmt: skip

    def bet_size(self, street: Street) -> Chips:
        """The limit bet size on ``street`` (LIMIT-STAKES); the big blind in big-bet games."""
        if self.structure is not Structure.LIMIT:
            return self.big_blind
        if street in (Street.PREFLOP, Street.FLOP):
            return self.small_bet
        return self.big_bet


# The last stakes asked for in whole chips and the answer (a one-entry cache by identity).
_IN_WHOLE_CHIPS: list[tuple[Stakes | None, Stakes | None]] = [(None, None)]


def _amount(value: object) -> bool:
    """An exact amount: a finite Decimal, or an int (a whole-chip hand's stakes, not a bool)."""
    if isinstance(value, Decimal):
        return value.is_finite()
    return isinstance(value, int) and not isinstance(value, bool)
