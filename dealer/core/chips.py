"""Exact money: chips are :class:`decimal.Decimal`, never floats.

A 5/10 limit game has a 2.5 small blind.

>>> parse_chips("2.5") + parse_chips(5)
Decimal('7.5')
>>> parse_chips("٢٣")
Traceback (most recent call last):
...
dealer.core.chips.ChipError: bad amount '٢٣': write it with the digits 0 to 9
>>> parse_chips(2.5)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
dealer.core.chips.ChipError: bad amount 2.5: write chips as whole or decimal numbers read exactly,
not floats
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from math import gcd

from dealer.core.errors import DealerError

# An amount of chips as the engine holds it. What users give is a Decimal (``parse_chips``); a hand
# whose stakes and stacks are all whole and written without a point (a Decimal of exponent 0, as
# ``Decimal(400)`` or ``Decimal("400")``: see ``whole``) keeps its amounts as ints inside, and an
# int is what it gives back (its stacks, bets, pots, options, wagers and events' amounts). Such an
# int is the very amount: equal to the Decimal, the same hash and order, the same ``str()``
# (``str(400) == str(Decimal(400))``), and an int mixed with a Decimal gives exactly the Decimal
# the Decimal alone gives (an int is converted exactly, to exponent 0), so a hand prints the same
# events either way. True division is the one operation that differs (``5 / 2`` is a float): the
# engine never divides an amount. A hand with any other amount (a 2.5 small blind, ``"400.0"``)
# keeps Decimals throughout, as given.
Chips = int | Decimal
ZERO = Decimal(0)
_ONE = Decimal(1)


class ChipError(DealerError, ValueError):
    """An amount that is not an exact, non-negative number of chips."""


def parse_chips(value: object) -> Decimal:
    """Read an amount from an int, a Decimal or a numeral string.

    Floats are refused: they are inexact.
    """
    if isinstance(value, bool | float):
        raise ChipError(
            f"bad amount {_said(value)}: "
            "write chips as whole or decimal numbers read exactly, not floats"
        )
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, str):
        if not value.isascii():  # Decimal reads "2٠" as 20; a seat or a cut takes ASCII digits only
            raise ChipError(f"bad amount {_said(value)}: write it with the digits 0 to 9")
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise ChipError(f"bad amount {_said(value)}: not a number") from None
    else:
        raise ChipError(f"bad amount {_said(value)}: not a number")
    if not amount.is_finite() or amount < 0:
        raise ChipError(f"bad amount {_said(value)}: must be a finite number, zero or more")
    return _bounded(amount, value)


# Money is exact or refused, never rounded: at most 15 digits before the point and 6 after, so
# every sum of a hand stays well inside the 28 digits of the default decimal context.
MAX_WHOLE_DIGITS = 15
MAX_PLACES = 6
_PLACES = Decimal(1).scaleb(-MAX_PLACES)


def _bounded(amount: Decimal, value: object) -> Decimal:
    """
    >>> parse_chips("1E+999999999")
    Traceback (most recent call last):
    ...
    dealer.core.chips.ChipError: bad amount '1E+999999999': too large (at most 15 digits ...)
    >>> parse_chips("2.5000000")
    Decimal('2.500000')
    >>> parse_chips("0.0000001")
    Traceback (most recent call last):
    ...
    dealer.core.chips.ChipError: bad amount '0.0000001': at most 6 digits after the point
    """
    if amount and amount.adjusted() >= MAX_WHOLE_DIGITS:
        raise ChipError(
            f"bad amount {_said(value)}: too large "
            f"(at most {MAX_WHOLE_DIGITS} digits before the point)"
        )
    if amount.as_tuple().exponent < -MAX_PLACES:  # type: ignore[operator]
        if len(amount.as_tuple().digits) > MAX_WHOLE_DIGITS + MAX_PLACES + 64:
            raise ChipError(f"bad amount {_said(value)}: too many digits")
        exact = amount.quantize(_PLACES)
        if exact != amount:
            raise ChipError(
                f"bad amount {_said(value)}: at most {MAX_PLACES} digits after the point"
            )
        amount = exact
    return amount


def _said(value: object) -> str:
    """An amount as written: text quoted, numbers as numbers (never ``Decimal('...')``)."""
    return repr(value) if isinstance(value, str) else str(value)


def whole(amount: Chips) -> int | None:
    """``amount`` as an int where the int prints as the amount does (an int, or a Decimal of
    exponent 0); ``None`` for any other amount, which a hand keeps as a Decimal.

    >>> whole(Decimal(400)), whole(Decimal("400")), whole(7)
    (400, 400, 7)
    >>> whole(Decimal("400.0")), whole(Decimal("2.5")), whole(Decimal("4E+2")), whole(Decimal("-0"))
    (None, None, None, None)
    """
    if isinstance(amount, int):
        return amount
    # exponent 0 (1's), and no sign: a Decimal("-0") prints "-0", and no other amount is below 0
    return int(amount) if amount.same_quantum(_ONE) and not amount.is_signed() else None


def decimal_of(amount: Chips) -> Decimal:
    """``amount`` as a Decimal, for what needs one (its methods, a division): a whole-chip hand's
    int becomes the Decimal of exponent 0 it was made from (the same ``str()``).

    >>> decimal_of(400), decimal_of(Decimal("2.5"))
    (Decimal('400'), Decimal('2.5'))
    """
    return Decimal(amount) if isinstance(amount, int) else amount


def zero_of(amount: Chips) -> Chips:
    """The zero of ``amount``'s kind: ``0`` in a whole-chip hand, ``Decimal(0)`` in any other (an
    int and a Decimal mixed give the same answers, but each operation takes a conversion)."""
    return 0 if type(amount) is int else ZERO


def format_chips(amount: Chips) -> str:
    """Print an amount without a trailing ``.0``: ``2.5``, ``10``.

    >>> format_chips(Decimal("10.0")), format_chips(Decimal("2.50")), format_chips(10)
    ('10', '2.5', '10')
    """
    if isinstance(amount, int):  # a whole-chip hand's amount (see Chips)
        return str(amount)
    return format(amount.normalize(), "f")


# The usual chip values, largest first: what a card room makes its blinds and antes from.
CHIP_VALUES = tuple(
    Decimal(value)
    for value in (
        "5000000", "1000000", "500000", "100000", "25000", "5000", "1000", "500", "100", "25",
        "5", "1", "0.5", "0.25", "0.1", "0.05", "0.01",
    )
)  # fmt: skip


def default_unit(big_blind: Decimal, small_blind: Decimal = ZERO) -> Decimal:
    """CHIP-UNIT by default: the smallest chip used to make the big blind (LA 130), made from the
    usual chip values largest first, and in any case a chip that makes it; the small blind's only
    where there is no big blind. Antes and an odd small blind are forced bets, not wagers: they do
    not set the unit.

    >>> str(default_unit(Decimal(80000), Decimal(40000)))  # 80,000 = 3 x 25,000 + 5,000
    '5000'
    >>> [str(default_unit(Decimal(b), Decimal(s))) for b, s in (("50", "25"), ("200", "100"))]
    ['25', '100']
    >>> str(default_unit(Decimal(5), Decimal("2.5"))), str(default_unit(Decimal(0), Decimal(3)))
    ('5', '1')
    """
    made = big_blind if big_blind > 0 else small_blind
    if made <= 0:
        return Decimal(1)
    rest, smallest = made, made
    for value in CHIP_VALUES:
        if rest >= value:
            rest %= value
            smallest = value
    return exact_gcd(made, smallest)


def exact_gcd(*amounts: Decimal) -> Decimal:
    """The largest amount that makes each of ``amounts`` a whole number of times."""
    scale = max(0, *(-int(amount.as_tuple().exponent) for amount in amounts))
    whole = [int(amount.scaleb(scale)) for amount in amounts]
    unit = Decimal(gcd(*whole)).scaleb(-scale)
    return unit.quantize(Decimal(1)) if unit == unit.to_integral_value() else unit.normalize()
