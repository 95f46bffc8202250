"""The card ledger: where every card of the deck is, moved only by single primitives.

Places (RULES.md, card accounting): the stub, a seat's hand, the board, the burn pile, the muck, set
aside (out of play) and scrap (boxed or foreign cards). No primitive creates or loses a card.

>>> from dealer.core.cards import parse_cards
>>> ledger = Ledger(parse_cards("As Kd Qh Jc Tc 9c"))
>>> ledger.pitch(3), ledger.burn(), ledger.turn_up()
(Card('As'), Card('Kd'), Card('Qh'))
>>> ledger.where(parse_cards("As")[0])
Location(place=<Place.SEAT: 'seat'>, seat=3)
>>> ledger.check()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import NamedTuple

from dealer.core.cards import Card
from dealer.core.chips import ZERO, Chips
from dealer.core.deck import cut
from dealer.core.errors import DealerError
from dealer.core.native import mypyc_attr


class Place(StrEnum):
    STUB = "stub"
    SEAT = "seat"
    BOARD = "board"
    BURN = "burn"
    MUCK = "muck"
    SET_ASIDE = "set aside"
    SCRAP = "scrap"


_NOT_YET: frozenset[int] = frozenset({-1})  # the deck's identities, not yet taken (no id is < 0)


class Location(NamedTuple):
    """Where a card lies: a place, and the seat for a card in a hand."""

    place: Place
    seat: int | None = None

    def __str__(self) -> str:
        return f"seat {self.seat}" if self.place is Place.SEAT else self.place.value


@mypyc_attr(native_class=False)  # two built-in bases (DealerError, RuntimeError)
class LedgerError(DealerError, RuntimeError):
    """A move the ledger cannot make (an empty stub, a card that is not where it is said to be)."""


class Ledger:
    """Every card of one deck, in exactly one place.

    The stub is kept with its top card last, so a pitch is a list pop; :attr:`stub` shows it top
    first.
    """

    __slots__ = (
        "_checked",
        "_deck",
        "_deck_ids",
        "_stub",
        "_view",
        "board",
        "burns",
        "hands",
        "muck",
        "scrap",
        "set_aside",
    )

    def __init__(self, deck: Sequence[Card]) -> None:
        self._deck = tuple(deck)  # counted only when checked (audit)
        # The deck's cards by identity (cards are interned), made at the first check; None when
        # the deck repeats an object, so that only the full count can check it.
        self._deck_ids: frozenset[int] | None = _NOT_YET
        self._checked: list[Card] = []  # every card, pile by pile, as last found in order
        self._stub: list[Card] = list(reversed(self._deck))
        self._view: tuple[Card, ...] | None = self._deck  # the stub top first; None when it moved
        self.hands: dict[int, list[Card]] = {}
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.muck: list[Card] = []
        self.set_aside: list[Card] = []
        self.scrap: list[Card] = []

    @property
    def stub(self) -> tuple[Card, ...]:
        """The stub, top card first."""
        view = self._view
        if view is None:
            view = self._view = tuple(reversed(self._stub))
        return view

    def _draw(self) -> Card:
        if not self._stub:
            raise LedgerError("the stub is empty")
        self._view = None
        return self._stub.pop()

    # Primitives: each moves exactly one card, or reorders the stub.

    def pitch(self, seat: int) -> Card:
        """Top of the stub to a seat, face down."""
        stub = self._stub  # _draw inline here and in burn and turn_up: every hand's cards
        if not stub:
            raise LedgerError("the stub is empty")
        self._view = None
        card = stub.pop()
        hand = self.hands.get(seat)  # not setdefault: it would make an empty list every pitch
        if hand is None:
            self.hands[seat] = [card]
        else:
            hand.append(card)
        return card

    def burn(self) -> Card:
        stub = self._stub
        if not stub:
            raise LedgerError("the stub is empty")
        self._view = None
        card = stub.pop()
        self.burns.append(card)
        return card

    def turn_up(self) -> Card:
        """Top of the stub to the board, face up."""
        stub = self._stub
        if not stub:
            raise LedgerError("the stub is empty")
        self._view = None
        card = stub.pop()
        self.board.append(card)
        return card

    def scrap_top(self) -> Card:
        """The top of the stub to scrap (a boxed card: it counts as a scrap of paper, LA 21)."""
        card = self._draw()
        self.scrap.append(card)
        return card

    def muck_hand(self, seat: int) -> tuple[Card, ...]:
        cards = tuple(self.hands.pop(seat, ()))
        self.muck.extend(cards)
        return cards

    def take(self, card: Card) -> Place:
        """Lift one card from wherever it lies (not the stub), ready to be placed elsewhere."""
        for place, pile in self._piles():
            if card in pile:
                pile.remove(card)
                if place is Place.SEAT:
                    self.hands = {seat: cards for seat, cards in self.hands.items() if cards}
                return place
        raise LedgerError(f"{card} is not on the table")

    def _piles(self) -> Iterable[tuple[Place, list[Card]]]:
        yield from ((Place.SEAT, cards) for cards in self.hands.values())
        yield from self._piles_by_place()

    def _piles_by_place(self) -> Iterable[tuple[Place, list[Card]]]:
        yield Place.BOARD, self.board
        yield Place.BURN, self.burns
        yield Place.MUCK, self.muck
        yield Place.SET_ASIDE, self.set_aside
        yield Place.SCRAP, self.scrap

    def move(self, card: Card, place: Place, seat: int | None = None) -> Place:
        """Move one card that lies on the table to ``place`` (to the stub: on top).

        Return where it was.
        """
        origin = self.take(card)
        if place is Place.STUB:
            self._stub.append(card)
            self._view = None
        elif place is Place.SEAT:
            if seat is None:
                raise LedgerError("a card moved to a seat needs the seat")
            self.hands.setdefault(seat, []).append(card)
        else:
            dict(self._piles_by_place())[place].append(card)
        return origin

    def gather(self) -> None:
        """Every card on the table back to the stub (a misdeal retrieves all cards, MISDEAL-REDEAL;
        a boxed card was scrap for that deal only)."""
        for _, pile in list(self._piles()):
            self._stub.extend(pile)
            pile.clear()
        self.hands = {}
        self._view = None

    def cut(self, position: int) -> None:
        """Cut the stub at ``position`` (:func:`dealer.core.deck.cut`, which checks the position).

        A cut only moves the top packet under the rest, so unlike :meth:`restack` there is nothing
        to count.
        """
        self._view = cut(self.stub, position)
        self._stub = list(reversed(self._view))

    def restack(self, order: Sequence[Card], *, permuted: bool = False) -> None:
        """Give the stub a new order (a shuffle or a cut); it must hold the same cards.

        ``permuted``: the order is the stub's own cards reordered by the caller's swaps (the
        seeded shuffle, :meth:`dealer.core.deck.DeckPlan.permutes`), the same cards by
        construction, so they are not counted again (an audited hand still checks every card
        after the event).
        """
        view = tuple(order)
        if not permuted and not _same_cards(view, self._stub):
            raise LedgerError("a shuffle or cut must keep exactly the cards of the stub")
        self._stub = list(reversed(view))
        self._view = view

    def where(self, card: Card) -> Location:
        if card in self._stub:
            return Location(Place.STUB)
        for seat, cards in self.hands.items():
            if card in cards:
                return Location(Place.SEAT, seat)
        for place, pile in self._piles_by_place():
            if card in pile:
                return Location(place)
        raise LedgerError(f"{card} is nowhere")

    def check(self) -> None:
        """Raise :class:`LedgerError` unless every card of the deck is in exactly one place.

        Checked after every event of an audited hand, so the usual cases are settled cheaply,
        and exactly. Every card, pile by pile, is compared with the cards as the last check
        found them: the same cards in the same piles in the same order (a bet or a check moves
        no card) hold the same cards, already found right. Otherwise the cards' identities
        settle it: as many cards on the table and in the stub as in the deck, and each of the
        deck's card objects among them, means each is there exactly once. Anything else (a
        repeated or foreign card, a lost one) is counted card by card, which gives the verdict
        and the message.
        """
        cards = self._stub + self.board + self.burns + self.muck + self.set_aside + self.scrap
        for held in self.hands.values():
            cards += held
        if cards == self._checked:  # compared item by item, identical cards at once
            return
        ids = self._deck_ids
        if ids is _NOT_YET:
            found = frozenset(map(id, self._deck))
            ids = self._deck_ids = found if len(found) == len(self._deck) else None
        if ids is None or len(cards) != len(ids) or set(map(id, cards)) != ids:
            self._count()
        self._checked = cards

    def _count(self) -> None:
        """The full check: the cards counted by value, pile by pile, against the deck."""
        held = Counter(self._stub)
        for _, pile in self._piles():
            held.update(pile)
        deck = Counter(self._deck)
        if held != deck:
            missing = deck - held
            extra = held - deck
            raise LedgerError(
                "card ledger broken: "
                f"missing {sorted(map(str, missing.elements()))}, "
                f"extra {sorted(map(str, extra.elements()))}"
            )


def check_chips(
    stacks: Mapping[int, Chips],
    committed: Mapping[int, Chips],
    pushed: Chips,
    total: Chips,
    round_bets: Mapping[int, Chips] | None = None,
) -> None:
    """Raise :class:`LedgerError` unless the chips add up *and* the pot is made of what it
    should be: no stack and no seat's commitment below zero, no more pushed than was put in, and
    each bet of the betting round under way among the chips its seat has in the pot (a redeal's
    blinds are in the pot; chips returned to a stack are not still counted as bet). The total
    alone misses a pot whose blinds were returned and then bet on again.

    >>> from decimal import Decimal as D
    >>> check_chips({1: D(98), 2: D(99)}, {1: D(2), 2: D(1)}, D(0), D(200), {1: D(2), 2: D(1)})
    >>> check_chips({1: D(100), 2: D(100)}, {1: D(0), 2: D(0)}, D(0), D(200), {1: D(2)})
    Traceback (most recent call last):
    ...
    dealer.core.ledger.LedgerError: pot broken: seat 1 has a bet of 2 this round but 0 in the pot
    >>> check_chips({1: D(103), 2: D(100)}, {1: D(-3), 2: D(0)}, D(0), D(200))
    Traceback (most recent call last):
    ...
    dealer.core.ledger.LedgerError: pot broken: seat 1 committed -3
    """
    in_pot = ZERO
    for seat, amount in committed.items():
        if amount < ZERO:
            raise LedgerError(f"pot broken: seat {seat} committed {amount}")
        in_pot += amount
    on_table = ZERO
    for seat, amount in stacks.items():
        if amount < ZERO:
            raise LedgerError(f"chips broken: seat {seat} has a stack of {amount}")
        on_table += amount
    if not ZERO <= pushed <= in_pot:
        raise LedgerError(f"pot broken: {pushed} pushed from a pot of {in_pot}")
    if on_table + in_pot - pushed != total:
        raise LedgerError(
            f"chips not conserved: {on_table + in_pot - pushed} on the table, {total} at the start"
        )
    if round_bets:
        for seat, bet in round_bets.items():
            if bet < ZERO or bet > committed.get(seat, ZERO):
                raise LedgerError(
                    f"pot broken: seat {seat} has a bet of {bet} this round but "
                    f"{committed.get(seat, ZERO)} in the pot"
                )


def _same_cards(one: Sequence[Card], other: Sequence[Card]) -> bool:
    """Whether two piles hold the same cards, counting repeats.

    Cards are interned, so the usual case is settled on the objects' identities without hashing a
    card; anything else (a repeated or a non-interned card) is counted.
    """
    if len(one) != len(other):
        return False
    ids = set(map(id, one))
    if len(ids) == len(one) and ids == set(map(id, other)):
        return True
    return Counter(one) == Counter(other)
