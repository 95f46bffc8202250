"""Playing cards and their notation.

A card is written rank then suit: ``As``, ``Td``, ``9c``, ``2h``. ``10`` is accepted for the ten and
case does not matter, so ``10H`` and ``th`` both read as ``Th``.

>>> parse_card("10h")
Card('Th')
>>> parse_cards("As Kd")
(Card('As'), Card('Kd'))
>>> str(full_deck()[0]), str(full_deck()[-1]), len(full_deck())
('2c', 'As', 52)
>>> parse_card("1x")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
dealer.core.cards.CardError: bad card '1x': expected a rank (2-9, T, J, Q, K, A)
and a suit (s, h, d, c)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from dealer.core.errors import DealerError


class CardError(DealerError, ValueError):
    """A card written in a way that is not a card."""


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self - 2]


class Suit(StrEnum):
    """Suits, listed from lowest to highest for BUTTON-START.

    Spades > hearts > diamonds > clubs.
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


RANK_SYMBOLS = "23456789TJQKA"
_RANK_BY_SYMBOL = {symbol: Rank(index + 2) for index, symbol in enumerate(RANK_SYMBOLS)}
_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        # copied or pickled through the constructor (the compiled build's frozen class has no
        # other way to be filled in)
        return Card, (self.rank, self.suit)

    @property
    def order(self) -> tuple[int, int]:
        """Rank first, then suit: the order that decides the high card for the button."""
        return (int(self.rank), _SUIT_ORDER[self.suit])


def parse_card(text: str) -> Card:
    """Read one card; raise :class:`CardError` naming the text when it is not a card."""
    word = text.strip()
    rank_text, suit_text = word[:-1].upper(), word[-1:].lower()
    if rank_text == "10":
        rank_text = "T"
    rank = _RANK_BY_SYMBOL.get(rank_text)
    if rank is None or suit_text not in _SUIT_BY_SYMBOL:
        raise CardError(
            f"bad card {text!r}: expected a rank (2-9, T, J, Q, K, A) and a suit (s, h, d, c)"
        )
    return _CARDS[rank, _SUIT_BY_SYMBOL[suit_text]]


def parse_cards(text: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Read cards separated by spaces (or a list of card words)."""
    words = text.split() if isinstance(text, str) else [str(word) for word in text]
    return tuple(parse_card(word) for word in words)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


_SUIT_BY_SYMBOL = {suit.value: suit for suit in Suit}
_CARDS = {(rank, suit): Card(rank, suit) for rank in Rank for suit in Suit}


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order: deuces to aces, clubs to spades within a rank."""
    return _FULL_DECK


_FULL_DECK = tuple(_CARDS[rank, suit] for rank in Rank for suit in Suit)
