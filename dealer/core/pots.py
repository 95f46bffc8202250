"""Main pot and side pots, their award with the odd chip, and the order of the show (SIDE-POTS,
ODD-CHIP, SHOW-ORDER).

>>> from decimal import Decimal as D
>>> pots = build_pots({1: D(50), 2: D(100), 3: D(300), 4: D(300)}, folded={4})
>>> [(format_chips(pot.amount), pot.eligible) for pot in pots]
[('200', (1, 2, 3)), ('150', (2, 3)), ('400', (3,))]
>>> shares = award(pots, {1: (5, 14), 2: (5, 14), 3: (1, 9)}, button=3, chip_unit=D(1),
...                seats_at_table=(1, 2, 3, 4))
>>> [(share.pot_index, share.seat, format_chips(share.amount)) for share in shares]
[(2, 3, '400'), (1, 2, '150'), (0, 1, '100'), (0, 2, '100')]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dealer.core.chips import ZERO, Chips, format_chips, zero_of
from dealer.core.errors import DealerError
from dealer.core.positions import clockwise_from


class PotError(DealerError, ValueError):
    """Contributions, rankings or seats from which no pot can be built or awarded."""


@dataclass(frozen=True, slots=True, init=False)
class Pot:
    """Chips and the seats still in the hand that can win them (SIDE-POTS)."""

    amount: Chips
    eligible: tuple[int, ...]

    def __init__(self, amount: Chips, eligible: tuple[int, ...]) -> None:
        # Still frozen: each field set once through its slot's own setter, not by name through
        # object.__setattr__ as the dataclass's __init__ does (pots are built at every push).
        _SET_AMOUNT(self, amount)
        _SET_ELIGIBLE(self, eligible)


_POT_SLOTS: dict[str, Any] = dict(vars(Pot))
_SET_AMOUNT: Callable[[Pot, Chips], None] = _POT_SLOTS["amount"].__set__
_SET_ELIGIBLE: Callable[[Pot, tuple[int, ...]], None] = _POT_SLOTS["eligible"].__set__


def pot_name(index: int) -> str:
    """``main pot`` for index 0, then ``side pot 1``, ``side pot 2``, ..."""
    return "main pot" if index == 0 else f"side pot {index}"


class Contributions(dict[int, Chips]):
    """What each seat has put in the pot this hand (seat -> amount), with ``dead``: the part of
    it that is dead money for the main pot (a big-blind or button ante, ANTE). The dead part
    travels with the amounts so that every pot built from them sees it.

    >>> from decimal import Decimal as D
    >>> paid = Contributions({1: D(300), 2: D(500)})
    >>> paid.dead[2] = D(200)  # seat 2, the big blind, posted a 200 ante for the table
    >>> [(format_chips(pot.amount), pot.eligible) for pot in build_pots(paid, folded=())]
    [('800', (1, 2))]
    """

    __slots__ = ("dead",)

    def __init__(self, *args: Mapping[int, Chips]) -> None:
        super().__init__(*args)
        self.dead: dict[int, Chips] = {}


def build_pots(
    committed: Mapping[int, Chips],
    folded: Collection[int],
    dead: Mapping[int, Chips] | None = None,
    *,
    zero: Chips = ZERO,
) -> tuple[Pot, ...]:
    """Split what each seat put in this hand into the main pot and the side pots (SIDE-POTS).

    A pot is cut at each amount a seat still in the hand has put in; the main pot comes first.
    Folded seats' chips fill the pots up to what they put in, but they win none. Chips a folded
    seat put in above every live seat go into the last pot. An excess nobody matched is a pot with
    one eligible seat (to be returned to it).

    ``dead`` (by default the ``dead`` part of :class:`Contributions`) is the part of each seat's
    amount that is dead money: it is no part of the seat's bet and goes whole to the main pot
    (ANTE: a big-blind ante). ``zero``: the zero of the amounts' kind (``0`` for a whole-chip
    hand's ints, :data:`~dealer.core.chips.Chips`), so that no sum mixes an int and a Decimal.

    >>> from decimal import Decimal as D
    >>> pots = build_pots({1: D(100), 2: D(500), 3: D(400)}, (), dead={2: D(100)})
    >>> [(format_chips(pot.amount), pot.eligible) for pot in pots]
    [('400', (1, 2, 3)), ('600', (2, 3))]
    """
    if dead is None:
        dead = getattr(committed, "dead", None)
    if dead:
        # Never more dead than the seat has in (chips returned by a ruling take it back too).
        parts = {seat: min(amount, committed.get(seat, zero)) for seat, amount in dead.items()}
        money = sum(parts.values(), zero)
        if money > zero:
            live_part = {seat: paid - parts.get(seat, zero) for seat, paid in committed.items()}
            cut = list(build_pots(live_part, folded, {}, zero=zero))
            if cut:
                cut[0] = Pot(cut[0].amount + money, cut[0].eligible)
                return tuple(cut)
            seats = tuple(sorted(seat for seat in committed if seat not in folded))
            if not seats:
                raise PotError("every seat has folded: no one can win the pot (SIDE-POTS)")
            return (Pot(money, seats),)
    for seat, amount in committed.items():
        if amount < zero:
            raise PotError(f"seat {seat} committed {amount}: cannot be negative (SIDE-POTS)")
    paid_in = committed.values()
    live = {seat: amount for seat, amount in committed.items() if seat not in folded}
    total = sum(paid_in, zero)
    if not live:
        if total > zero:
            raise PotError("every seat has folded: no one can win the pot (SIDE-POTS)")
        return ()
    amounts = set(live.values())
    if len(amounts) == 1 and max(amounts) > zero:
        # The usual showdown: every live seat put in the same, so one pot of every chip (the loop
        # below adds up the same total, to the same exponent) that they are all eligible for.
        return (Pot(total, tuple(sorted(live))),)
    levels = sorted({amount for amount in amounts if amount > zero})
    if not levels:  # only folded seats put chips in: the seats left share them
        return (Pot(total, tuple(sorted(live))),) if total > zero else ()
    pots: list[Pot] = []
    below = zero
    for number, level in enumerate(levels):
        top = level if number < len(levels) - 1 else max(paid_in)
        amount = sum((min(paid, top) - min(paid, below) for paid in paid_in), zero)
        eligible = tuple(sorted([seat for seat, paid in live.items() if paid >= level]))
        if pots and pots[-1].eligible == eligible:  # defensive: levels of live seats always differ
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = top
    return tuple(pots)


@dataclass(frozen=True, slots=True, init=False)
class Share:
    """The part of one pot that goes to one seat."""

    pot_index: int
    seat: int
    amount: Chips

    def __init__(self, pot_index: int, seat: int, amount: Chips) -> None:
        _SET_POT_INDEX(self, pot_index)  # as Pot's: through the slots' own setters
        _SET_SEAT(self, seat)
        _SET_SHARE(self, amount)


_SHARE_SLOTS: dict[str, Any] = dict(vars(Share))
_SET_POT_INDEX: Callable[[Share, int], None] = _SHARE_SLOTS["pot_index"].__set__
_SET_SEAT: Callable[[Share, int], None] = _SHARE_SLOTS["seat"].__set__
_SET_SHARE: Callable[[Share, Chips], None] = _SHARE_SLOTS["amount"].__set__


def clockwise_from_button(seats: Collection[int], button: int) -> tuple[int, ...]:
    """Seats in order from the first clockwise of the button, the button itself last.

    >>> clockwise_from_button((1, 3, 6, 9), button=6)
    (9, 1, 3, 6)
    """
    return clockwise_from(tuple(seats), after=button)


def award(
    pots: Sequence[Pot],
    ranking: Mapping[int, tuple[int, ...]],
    button: int,
    chip_unit: Chips,
    seats_at_table: Sequence[int],
) -> tuple[Share, ...]:
    """Award each pot separately, the last side pot first and the main pot last (ODD-CHIP).

    ``ranking`` maps each seat that showed to its hand key (higher wins). An eligible seat missing
    from it has mucked and gives up its claim, except that a pot with a single eligible seat goes to
    that seat unshown. Ties split in whole ``chip_unit``s; the units left over go one each to the
    tied seats from the first clockwise of the button. A pot's shares are listed in that order.
    """
    if chip_unit <= 0:
        raise PotError(f"the chip unit must be positive, got {chip_unit} (ODD-CHIP)")
    table = set(seats_at_table)
    shares: list[Share] = []
    for index in range(len(pots) - 1, -1, -1):
        pot = pots[index]
        eligible = pot.eligible
        if not table.issuperset(eligible):
            stranger = next(seat for seat in eligible if seat not in table)
            raise PotError(f"{pot_name(index)}: seat {stranger} is not at the table (SIDE-POTS)")
        winners: tuple[int, ...] = eligible
        if len(eligible) > 1:
            best: tuple[int, ...] | None = None  # one pass: the best key and who holds it
            for seat in eligible:
                if seat in ranking:
                    key = ranking[seat]
                    if best is None or key > best:
                        best, winners = key, (seat,)
                    elif key == best:
                        winners += (seat,)
            if best is None:
                raise PotError(
                    f"{pot_name(index)}: none of seats {_seats(eligible)} showed a hand (SHOWDOWN)"
                )
        shares.extend(_split(index, pot.amount, winners, button, chip_unit))
    return tuple(shares)


def _split(
    index: int, amount: Chips, winners: Collection[int], button: int, chip_unit: Chips
) -> list[Share]:
    if len(winners) == 1:  # one winner (the usual case): the whole pot, nothing to split
        return [Share(index, seat, amount) for seat in winners if amount > 0]
    zero = zero_of(chip_unit)
    units, rest = divmod(amount, chip_unit)
    each, odd = divmod(int(units), len(winners))
    shares = []
    for place, seat in enumerate(clockwise_from_button(winners, button)):
        part = (each + (1 if place < odd else 0)) * chip_unit
        # Less than a unit left over (an all-in for an odd amount, CHIP-UNIT): it goes with the
        # odd chips, to the first tied hand clockwise from the button (ODD-CHIP).
        part += rest if place == 0 else zero  # the unit's zero, as every share had it
        if part > 0:
            shares.append(Share(index, seat, part))
    return shares


def show_order(
    live: Collection[int],
    button: int,
    last_aggressor: int | None,
    pots: Sequence[Pot] = (),
) -> tuple[int, ...]:
    """The order in which the seats still in the hand show at the showdown (SHOW-ORDER, LA 145).

    ``live``: the seats that have not folded (all-in seats included). ``last_aggressor``: the last
    seat to bet or raise on the river, or None when the river was checked through. ``pots``: the
    pots from :func:`build_pots`, which tell who is all-in for which pot.

    The first to show is the last aggressor, else the first live seat clockwise of the button; the
    others follow clockwise. Seats in a side pot show before seats all-in for an earlier pot only:
    seats are grouped by the last contested pot (two or more eligible) they are in, the last pot's
    group first. (When the betting ended before the river with an all-in, pass the all-in seat as
    ``last_aggressor``: LA 145 has it show first.)

    >>> from decimal import Decimal as D
    >>> pots = build_pots({2: D(10), 5: D(40), 7: D(40)}, folded=())
    >>> show_order({2, 5, 7}, button=1, last_aggressor=None, pots=pots)
    (5, 7, 2)
    """
    if last_aggressor is not None and last_aggressor not in live:
        raise PotError(f"last aggressor seat {last_aggressor} is not in the hand (SHOW-ORDER)")
    start = button if last_aggressor is None else last_aggressor - 1
    order = clockwise_from_button(live, start)
    depth: dict[int, int] = {}  # filled only when a side pot is contested
    for index, pot in enumerate(pots):
        eligible = pot.eligible
        if len(eligible) < 2:
            continue
        for seat in eligible:
            if seat not in order:
                raise PotError(
                    f"seat {seat} is eligible for {pot_name(index)} but has folded (SHOW-ORDER)"
                )
        if index:
            if not depth:
                depth = dict.fromkeys(order, 0)
            for seat in eligible:
                depth[seat] = index
    if not depth:  # everyone is in the main pot only: the clockwise order stands
        return order
    return tuple(sorted(order, key=lambda seat: -depth[seat]))


def describe_award(
    pots: Sequence[Pot], shares: Sequence[Share], names: Mapping[int, str] | None = None
) -> tuple[str, ...]:
    """One line per pot in the order awarded, e.g. ``main pot 30 to seat 3 (flush, ace high)``.

    ``names`` maps seats to the name of the hand they showed. A split pot reads
    ``main pot 31 split: 16 to seat 4, 15 to seat 2 (two pair, kings and sevens, ace kicker)``.
    """
    hand_names = names or {}
    lines = []
    order = list(dict.fromkeys(share.pot_index for share in shares))
    for index in order:
        pot = pots[index]
        parts = [share for share in shares if share.pot_index == index]
        if len(pot.eligible) == 1:
            why = " (uncontested)"
        else:
            shown = {hand_names[share.seat] for share in parts if share.seat in hand_names}
            why = f" ({'; '.join(sorted(shown))})" if shown else ""
        head = f"{pot_name(index)} {format_chips(pot.amount)}"
        if len(parts) == 1:
            lines.append(f"{head} to seat {parts[0].seat}{why}")
        else:
            split = ", ".join(f"{format_chips(part.amount)} to seat {part.seat}" for part in parts)
            lines.append(f"{head} split: {split}{why}")
    return tuple(lines)


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(seat) for seat in seats)
