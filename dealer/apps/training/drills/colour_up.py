"""Chips for the money drill: the table's denominations, making change and colouring up.

The smallest chip in play is the table's chip unit (CHIP-UNIT, LA 130); the others are the usual
casino chips above it (1, 5, 25, 100, 500, 1000, 5000, 25000), each a whole number of the one
below, five kinds in all. Colouring up a stack is changing it into the fewest chips of these,
which for such chips (each dividing the next) is the greedy choice: the most of the biggest chip,
then of the next. RULES.md has no colour-up rule of its own: a wrong answer is charged to
CHIP-UNIT, the rule that fixes the chips a table plays with.

>>> from decimal import Decimal
>>> fewest(Decimal(637), denominations(Decimal(1)))
((Decimal('500'), 1), (Decimal('100'), 1), (Decimal('25'), 1), (Decimal('5'), 2), (Decimal('1'), 2))
>>> " ".join(str(chip) for chip in denominations(Decimal(25)))
'5000 1000 500 100 25'
>>> " ".join(str(chip) for chip in denominations(Decimal("2.5")))
'500 100 25 5 2.5'
>>> read_chips("1x500 1x100, 1x25 2x5 2x1", denominations(Decimal(1))) == fewest(
...     Decimal(637), denominations(Decimal(1)))
True
>>> read_chips("3x7", denominations(Decimal(1))) is None  # no 7 chip at this table
True
"""

from __future__ import annotations

import re
from decimal import Decimal

from dealer.core.chips import CHIP_VALUES, ChipError, format_chips, parse_chips

__all__ = ["Chips", "denominations", "fewest", "read_chips", "said"]

# The casino's chips the drill colours up with: the usual chip values (dealer.core.chips, the
# ones CHIP-UNIT's default reads) from 1 to 25,000; a table uses its chip unit and those above it.
_CASINO = tuple(sorted(chip for chip in CHIP_VALUES if 1 <= chip <= 25000))

Chips = tuple[tuple[Decimal, int], ...]  # (chip, how many), the biggest chip first, none at 0

_ITEM = re.compile(r"^(\d+)\s*[x×*]\s*(\S+)$")


def denominations(unit: Decimal) -> tuple[Decimal, ...]:
    """The table's five kinds of chip, the biggest first: the unit, then each casino chip that
    is a whole number of the last one taken."""
    chips = [unit]
    for chip in _CASINO:
        if len(chips) < 5 and chip > chips[-1] and chip % chips[-1] == 0:
            chips.append(chip)
    return tuple(reversed(chips))


def fewest(amount: Decimal, chips: tuple[Decimal, ...]) -> Chips:
    """``amount`` in the fewest chips (greedy: right for these steps, each a multiple of the
    next smaller one)."""
    found = []
    for chip in chips:
        count = int(amount // chip)
        if count:
            found.append((chip, count))
            amount -= chip * count
    if amount:
        raise ValueError(f"{amount} is not a whole number of chips")
    return tuple(found)


def read_chips(text: str, chips: tuple[Decimal, ...]) -> Chips | None:
    """A typed answer (``2x500 1x25``, in any order, commas allowed) as chips, or None when it
    is not one: a word that is no ``COUNTxCHIP``, or a chip the table does not have."""
    counts: dict[Decimal, int] = {}
    items = text.replace(",", " ").replace(" x ", "x").split()
    if not items:
        return None
    for item in items:
        found = _ITEM.match(item)
        if found is None:
            return None
        try:
            chip = parse_chips(found.group(2))
        except ChipError:
            return None
        if chip not in chips:
            return None
        counts[chip] = counts.get(chip, 0) + int(found.group(1))
    return tuple((chip, counts[chip]) for chip in chips if counts.get(chip))


def said(found: Chips) -> str:
    """Chips as the trainee types them: ``1x500 2x25``."""
    return " ".join(f"{count}x{format_chips(chip)}" for chip, count in found)
