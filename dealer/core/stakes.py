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

from dealer.core.chips import ZERO, default_unit


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
    small_blind: Decimal
    big_blind: Decimal
    small_bet: Decimal
    big_bet: Decimal
    chip_unit: Decimal
    ante: Decimal = ZERO
    straddle: Decimal = ZERO
    cap_bets: int | None = 4
    cap_lifted_heads_up: bool = False
    ante_by: AntePayer = AntePayer.EACH  # EACH: ``ante`` from every player; else the one total

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "small_bet", "big_bet", "chip_unit"):
            value = getattr(self, name)
            if not isinstance(value, Decimal) or not value.is_finite() or value <= 0:
                raise ValueError(f"stakes: {name} must be a positive Decimal, got {value!r}")
        for name in ("ante", "straddle"):
            value = getattr(self, name)
            if not isinstance(value, Decimal) or not value.is_finite() or value < 0:
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

    def bet_size(self, street: Street) -> Decimal:
        """The limit bet size on ``street`` (LIMIT-STAKES); the big blind in big-bet games."""
        if self.structure is not Structure.LIMIT:
            return self.big_blind
        if street in (Street.PREFLOP, Street.FLOP):
            return self.small_bet
        return self.big_bet
