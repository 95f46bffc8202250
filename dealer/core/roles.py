"""The roles a card plays in an irregularity: the names the mishaps give the cards they moved and
the rulebook gives the cards its rulings decide on (``cards: [{card: ROLE, fate: ...}]``).

One vocabulary for both, so that a ruling can never miss a card a mishap moved: the procedure's
loader checks every mishap's roles against every ruling it can lead to.

>>> Role("premature turn card") is Role.PREMATURE_TURN_CARD
True
>>> Role.premature(Role.PREMATURE_FLOP_CARDS.street)
<Role.PREMATURE_FLOP_CARDS: 'premature flop cards'>
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])


class Role(StrEnum):
    # hole cards
    EXPOSED_CARD = "exposed card"  # exposed by the dealer during the deal (or while replacing one)
    MISDEALT_CARD = "misdealt card"  # pitched to the wrong seat during the deal
    EXTRA_CARD = "extra card"  # one card too many once everyone has two
    SHORT_HAND = "short hand"  # the cards of a hand found short
    FLASHED_CARD = "flashed card"  # shown by its own player
    REPLACEMENT_CARD = "replacement card"  # given in place of an exposed card
    TOP_CARD_OF_THE_STUB = "top card of the stub"  # dealt to a short hand
    ALL_DEALT_CARDS = "all dealt cards"  # a misdeal: everything dealt comes back
    # board cards
    PREMATURE_FLOP_CARDS = "premature flop cards"
    PREMATURE_TURN_CARD = "premature turn card"
    PREMATURE_RIVER_CARD = "premature river card"
    FLOP_CARDS = "flop cards"  # a flop of the wrong size, or turned without a burn
    CHOSEN_FLOP_CARD = "chosen flop card"  # picked at random from a scrambled flop to be a burn
    OTHER_FLOP_CARDS = "other flop cards"
    CARD_TURNED_WITHOUT_BURN = "card turned without a burn"
    # a board rebuilt after a burn error found late (BURN-ERROR (e)): the card put in a place, and
    # the card it took the place of
    CARD_THAT_WOULD_HAVE_COME = "card that would have come"
    BOARD_CARD_TAKEN_BACK = "board card taken back"
    # burns
    FLOP_BURN = "flop burn"
    TURN_BURN = "turn burn"
    RIVER_BURN = "river burn"
    EXTRA_BURN_CARD = "extra burn card"
    HELD_BURN = "held burn"  # a card a ruling held to be this street's burn (SEEN-CARD-STAYS-OUT)
    # the deck
    BOXED_CARD = "boxed card"
    BOXED_CARDS = "boxed cards"
    DUPLICATE_CARDS = "duplicate cards"
    FOREIGN_CARD = "foreign card"
    JOKER = "joker"

    @property
    def street(self) -> str | None:
        """The street a premature card belongs to."""
        return _PREMATURE_STREET.get(self)

    @staticmethod
    def premature(street: str | None) -> Role:
        """The role of the cards turned early for ``street`` (flop, turn or river)."""
        for role, named in _PREMATURE_STREET.items():
            if named == street:
                return role
        raise ValueError(f"no premature cards for {street!r}")


_PREMATURE_STREET = {
    Role.PREMATURE_FLOP_CARDS: "flop",
    Role.PREMATURE_TURN_CARD: "turn",
    Role.PREMATURE_RIVER_CARD: "river",
}


def touches(*roles: Role) -> Callable[[_F], _F]:
    """Declare the roles a mishap's physical callback gives the cards it moves (the procedure's
    loader checks them against every ruling the mishap can lead to)."""

    def mark(method: _F) -> _F:
        _TOUCHED[method] = roles
        return method

    return mark


# The roles declared, by the method itself: kept here rather than as an attribute of the method,
# which a compiled method (the compiled build's, setup.py) cannot take.
_TOUCHED: dict[object, tuple[Role, ...]] = {}


def roles_touched(method: object) -> tuple[Role, ...]:
    """The roles :func:`touches` declared on ``method``; none for any other callable."""
    return _TOUCHED.get(method, ())
