"""Hold'em hand values: the best five cards out of five, six or seven (SHOWDOWN).

A direct evaluator: cards become small integer codes (rank then suit), a rank mask per suit finds
flushes and straights, and the groups of equal rank find everything else. No table of all hands;
the latest results are kept a while, since the showdown and the push ask for the same hands.

>>> from dealer.core.cards import parse_cards
>>> hand = best_hand(parse_cards("Ah 7c"), parse_cards("Kd Ks 7d 2c 9h"))
>>> hand.name
'two pair, kings and sevens, ace kicker'
>>> " ".join(str(card) for card in hand.best)
'Ks Kd 7d 7c Ah'
>>> hand.key
(2, 13, 7, 14)
>>> evaluate(parse_cards("As 2d 3c 4h 5s")).name
'straight, five high'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import Any, Final

from dealer.core.cards import Card, Rank, Suit, full_deck
from dealer.core.errors import DealerError


class HandError(DealerError, ValueError):
    """Cards that do not make a hold'em hand."""


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


# Members read on every evaluation and naming, as constants: Python 3.11's EnumType.__getattr__
# hook makes each ``Category.PAIR`` cost about ten global reads (see dealer.core.betting).
_CATEGORY: Final = tuple(Category)  # by value: 0 to 8
_HIGH_CARD: Final = Category.HIGH_CARD
_PAIR: Final = Category.PAIR
_TWO_PAIR: Final = Category.TWO_PAIR
_THREE_OF_A_KIND: Final = Category.THREE_OF_A_KIND
_STRAIGHT: Final = Category.STRAIGHT
_FLUSH: Final = Category.FLUSH
_FULL_HOUSE: Final = Category.FULL_HOUSE
_FOUR_OF_A_KIND: Final = Category.FOUR_OF_A_KIND
_STRAIGHT_FLUSH: Final = Category.STRAIGHT_FLUSH


_SINGULAR = (
    "",
    "",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_PLURAL = (
    "",
    "",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


@dataclass(frozen=True, slots=True, eq=False, init=False)
class HandValue:
    """The value of a hand. ``key`` decides: higher is better, equal keys tie (SHOWDOWN).

    Equality and ordering use ``key`` only, so ``==`` means "ties with".
    """

    key: tuple[int, ...]
    category: Category
    best: tuple[Card, ...]

    def __init__(self, key: tuple[int, ...], category: Category, best: tuple[Card, ...]) -> None:
        # Still frozen: each field set once through its slot's own setter, not by name through
        # object.__setattr__ as the dataclass's __init__ does (one per evaluation).
        _SET_KEY(self, key)
        _SET_CATEGORY(self, category)
        _SET_BEST(self, best)

    @property
    def name(self) -> str:
        """Plain English, e.g. ``full house, queens full of fours``."""
        return describe_key(self.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key


_SLOTS: dict[str, Any] = dict(vars(HandValue))
_SET_KEY: Callable[[HandValue, tuple[int, ...]], None] = _SLOTS["key"].__set__
_SET_CATEGORY: Callable[[HandValue, Category], None] = _SLOTS["category"].__set__
_SET_BEST: Callable[[HandValue, tuple[Card, ...]], None] = _SLOTS["best"].__set__


@lru_cache(maxsize=8192)  # 7,462 different hands: the showdown names the same ones again
def describe_key(key: tuple[int, ...]) -> str:
    """Name a hand from its key: ``(6, 12, 4)`` is ``full house, queens full of fours``."""
    category, ranks = _CATEGORY[key[0]], key[1:]  # a tuple, not Category()'s Python call
    one, many = _SINGULAR, _PLURAL
    if category is _STRAIGHT_FLUSH:
        return "royal flush" if ranks[0] == Rank.ACE else f"straight flush, {one[ranks[0]]} high"
    if category is _FOUR_OF_A_KIND:
        return f"four of a kind, {many[ranks[0]]}, {one[ranks[1]]} kicker"
    if category is _FULL_HOUSE:
        return f"full house, {many[ranks[0]]} full of {many[ranks[1]]}"
    if category is _FLUSH:
        return f"flush, {one[ranks[0]]} high"
    if category is _STRAIGHT:
        return f"straight, {one[ranks[0]]} high"
    if category is _THREE_OF_A_KIND:
        return f"three of a kind, {many[ranks[0]]}"
    if category is _TWO_PAIR:
        return f"two pair, {many[ranks[0]]} and {many[ranks[1]]}, {one[ranks[2]]} kicker"
    if category is _PAIR:
        return f"pair of {many[ranks[0]]}, {_words(ranks[1:])} kickers"
    return f"high card, {one[ranks[0]]}, {_words(ranks[1:])}"


def _words(ranks: Sequence[int]) -> str:
    return " ".join(_SINGULAR[rank] for rank in ranks)


# A card's code is (rank - 2) * 4 + suit index, suits ordered c < d < h < s: codes sorted in
# descending order list cards by rank, spades first within a rank (the representatives we keep).
_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}
# Keyed by id(): the parsed cards are interned, and hashing a Card (two enums) is slow.
_CODE_BY_ID = {id(card): (card.rank - 2) * 4 + _SUIT_INDEX[card.suit] for card in full_deck()}
_CARD_BY_CODE = tuple(sorted(full_deck(), key=lambda card: _CODE_BY_ID[id(card)]))


def _code(card: Card) -> int:
    code = _CODE_BY_ID.get(id(card))
    if code is None:  # a Card built directly rather than parsed: not the interned object
        if not isinstance(card, Card):
            raise HandError(f"not a card: {card!r} (SHOWDOWN)")
        code = (int(card.rank) - 2) * 4 + _SUIT_INDEX[card.suit]
    return code


def _straight_table() -> tuple[int, ...]:
    """Per 13-bit rank mask (bit 0 = deuce): the high rank index of its best straight, or -1.

    A bit of ``runs`` is set where five ranks in a row start, so the highest one names the best
    straight; the wheel (A-2-3-4-5, five high) counts only without another (built at import: a
    loop of bit operations rather than a search per mask, for the command line's start).

    >>> table = _straight_table()
    >>> table[0b1111100000000], table[0b1000000001111], table[0b1000000011111], table[0b1111]
    (12, 3, 4, -1)
    """
    wheel = (1 << 12) | 0b1111
    table = []
    for mask in range(1 << 13):
        runs = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)
        table.append(runs.bit_length() + 3 if runs else 3 if mask & wheel == wheel else -1)
    return tuple(table)


_STRAIGHT_HIGH = _straight_table()
# The rank indexes of the straight with a given high rank index, in order (the wheel's ace last).
_STRAIGHT_RANKS = {high: tuple(range(high, high - 5, -1)) for high in range(4, 13)} | {
    3: (3, 2, 1, 0, 12)
}


# Results by the sorted codes: the showdown names a hand and the push ranks the same cards again.
# Values are immutable, so sharing one is safe. Small (a hand needs one entry a seat) and cleared
# when full, which only costs re-evaluating; a changed hand or board is a new key.
_MEMO: dict[tuple[int, ...], HandValue] = {}
_MEMO_SIZE = 256


def evaluate(cards: Iterable[Card]) -> HandValue:
    """The value of the best five of 5, 6 or 7 distinct cards (SHOWDOWN)."""
    cards = cards if isinstance(cards, list | tuple) else tuple(cards)
    # parsed cards, the usual case: their codes looked up by identity in C's loop (no frame)
    # (typed Any, not cast: typing.cast is a Python call, two a showdown's hand)
    looked_up: list[Any] = list(map(_CODE_BY_ID.get, map(id, cards)))
    codes: list[int] = [_code(card) for card in cards] if None in looked_up else looked_up
    count = len(codes)
    if not 5 <= count <= 7:
        raise HandError(f"a hand is the best five of 5 to 7 cards, got {count} (SHOWDOWN)")
    codes.sort(reverse=True)
    memo_key = tuple(codes)
    found = _MEMO.get(memo_key)
    if found is None:
        if len(set(codes)) != count:
            raise HandError(f"the same card appears twice in {_text(codes)} (SHOWDOWN)")
        found = _evaluate(codes)
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[memo_key] = found
    return found


def _evaluate(codes: list[int]) -> HandValue:
    """The best five of distinct ``codes``, sorted highest first."""

    suit_masks = [0, 0, 0, 0]
    groups: list[list[int]] = []  # cards of equal rank, highest rank first
    previous = -1
    for code in codes:
        rank = code >> 2
        suit_masks[code & 3] |= 1 << rank
        if rank == previous:
            groups[-1].append(code)
        else:
            groups.append([code])
            previous = rank

    # With at most seven cards a flush rules out four of a kind and a full house.
    for suit, mask in enumerate(suit_masks):
        if mask.bit_count() >= 5:
            high = _STRAIGHT_HIGH[mask]
            if high >= 0:
                best = [rank * 4 + suit for rank in _STRAIGHT_RANKS[high]]
                return _value(_STRAIGHT_FLUSH, (high,), best)
            best = [code for code in codes if code & 3 == suit][:5]
            return _value(_FLUSH, [code >> 2 for code in best], best)

    groups.sort(key=len, reverse=True)  # stable: equal sizes stay highest rank first
    first = groups[0]
    size = len(first)
    rank = first[0] >> 2
    if size == 4:
        kicker = max(code for code in codes if code >> 2 != rank)
        return _value(_FOUR_OF_A_KIND, (rank, kicker >> 2), [*first, kicker])
    if size == 3 and len(groups[1]) >= 2:
        pair = groups[1][:2]
        return _value(_FULL_HOUSE, (rank, pair[0] >> 2), first + pair)

    high = _STRAIGHT_HIGH[suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]]
    if high >= 0:
        top = {group[0] >> 2: group[0] for group in groups}
        best = [top[rank] for rank in _STRAIGHT_RANKS[high]]
        return _value(_STRAIGHT, (high,), best)

    if size == 3:
        kickers = [code for code in codes if code >> 2 != rank][:2]
        return _value(_THREE_OF_A_KIND, (rank, kickers[0] >> 2, kickers[1] >> 2), first + kickers)
    if size == 2:
        second = groups[1]
        if len(second) == 2:
            low = second[0] >> 2
            for kicker in codes:  # highest first; a loop, not a generator's frame (common)
                if kicker >> 2 != rank and kicker >> 2 != low:
                    break
            return _value(_TWO_PAIR, (rank, low, kicker >> 2), [*first, *second, kicker])
        kickers = [code for code in codes if code >> 2 != rank][:3]
        return _value(_PAIR, [rank] + [code >> 2 for code in kickers], first + kickers)
    best = codes[:5]
    return _value(_HIGH_CARD, [code >> 2 for code in best], best)


def _value(category: Category, rank_indexes: Iterable[int], best: list[int]) -> HandValue:
    # comprehensions, not generator expressions: a generator costs a frame resumed per item
    key = (int(category), *[index + 2 for index in rank_indexes])
    return HandValue(key, category, tuple([_CARD_BY_CODE[code] for code in best]))


def _text(codes: Iterable[int]) -> str:
    return " ".join(str(_CARD_BY_CODE[code]) for code in sorted(codes, reverse=True))


def best_hand(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """The best five of two hole cards and the board; two, one or no hole cards play (SHOWDOWN)."""
    if len(hole) != 2:
        raise HandError(f"a hold'em hand has 2 hole cards, got {len(hole)} (SHOWDOWN)")
    if not 3 <= len(board) <= 5:
        raise HandError(f"the board has 3 to 5 cards, got {len(board)} (SHOWDOWN)")
    return evaluate([*hole, *board])


def plays_the_board(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """True when no hole card improves on the five board cards (PLAY-BOARD)."""
    if len(board) != 5:
        raise HandError(f"playing the board needs all 5 board cards, got {len(board)} (PLAY-BOARD)")
    return best_hand(hole, board).key == evaluate(board).key
