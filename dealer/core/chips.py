"""Exact money: chips are :class:`decimal.Decimal`, never floats.

A 5/10 limit game has a 2.5 small blind.

>>> parse_chips("2.5") + parse_chips(5)
Decimal('7.5')
>>> parse_chips(2.5)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
dealer.core.chips.ChipError: bad amount 2.5: write chips as whole or decimal numbers read exactly,
not floats
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from dealer.core.errors import DealerError

Chips = Decimal
ZERO = Decimal(0)


class ChipError(DealerError, ValueError):
    """An amount that is not an exact, non-negative number of chips."""


def parse_chips(value: object) -> Decimal:
    """Read an amount from an int, a Decimal or a numeral string.

    Floats are refused: they are inexact.
    """
    if isinstance(value, bool | float):
        raise ChipError(
            f"bad amount {value!r}: "
            "write chips as whole or decimal numbers read exactly, not floats"
        )
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, str):
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise ChipError(f"bad amount {value!r}: not a number") from None
    else:
        raise ChipError(f"bad amount {value!r}: not a number")
    if not amount.is_finite() or amount < 0:
        raise ChipError(f"bad amount {value!r}: must be a finite number, zero or more")
    return amount


def format_chips(amount: Decimal) -> str:
    """Print an amount without a trailing ``.0``: ``2.5``, ``10``.

    >>> format_chips(Decimal("10.0")), format_chips(Decimal("2.50"))
    ('10', '2.5')
    """
    text = format(amount.normalize(), "f")
    return text
