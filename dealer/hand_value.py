"""Hold'em hand values: the best five cards out of five, six or seven (SHOWDOWN).

A direct evaluator: cards become small integer codes (rank then suit), a rank mask per suit finds
flushes and straights, and the four masks combined bit by bit find pairs, trips and quads. No table
of all hands; the latest results are kept a while, since the showdown and the push ask for the
same hands.

>>> from dealer.cards import parse_cards
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from dealer.cards import Card, Rank, Suit, full_deck


class HandError(ValueError):
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


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """The value of a hand. ``key`` decides: higher is better, equal keys tie (SHOWDOWN).

    Equality and ordering use ``key`` only, so ``==`` means "ties with".
    """

    key: tuple[int, ...]
    category: Category
    best: tuple[Card, ...]

    @property
    def name(self) -> str:
        """Plain English, e.g. ``full house, queens full of fours``."""
        name = _NAMES.get(self.key)
        if name is None:
            name = describe_key(self.key)
            if len(_NAMES) >= _NAMES_SIZE:
                _NAMES.clear()
            _NAMES[self.key] = name
        return name

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


# Names by key: the showdown names every hand it shows. There are 7,462 different hold'em hands,
# so the cap only matters for keys made up by hand.
_NAMES: dict[tuple[int, ...], str] = {}
_NAMES_SIZE = 8192


def describe_key(key: tuple[int, ...]) -> str:
    """Name a hand from its key: ``(6, 12, 4)`` is ``full house, queens full of fours``."""
    category, ranks = Category(key[0]), key[1:]
    one, many = _SINGULAR, _PLURAL
    if category is Category.STRAIGHT_FLUSH:
        return "royal flush" if ranks[0] == Rank.ACE else f"straight flush, {one[ranks[0]]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {many[ranks[0]]}, {one[ranks[1]]} kicker"
    if category is Category.FULL_HOUSE:
        return f"full house, {many[ranks[0]]} full of {many[ranks[1]]}"
    if category is Category.FLUSH:
        return f"flush, {one[ranks[0]]} high"
    if category is Category.STRAIGHT:
        return f"straight, {one[ranks[0]]} high"
    if category is Category.THREE_OF_A_KIND:
        return f"three of a kind, {many[ranks[0]]}"
    if category is Category.TWO_PAIR:
        return f"two pair, {many[ranks[0]]} and {many[ranks[1]]}, {one[ranks[2]]} kicker"
    if category is Category.PAIR:
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
_CODE_BY_ID_GET = _CODE_BY_ID.get
_SEQUENCES = (list, tuple)


def _code(card: Card) -> int:
    code = _CODE_BY_ID.get(id(card))
    if code is None:  # a Card built directly rather than parsed: not the interned object
        if not isinstance(card, Card):
            raise HandError(f"not a card: {card!r} (SHOWDOWN)")
        code = (int(card.rank) - 2) * 4 + _SUIT_INDEX[card.suit]
    return code


def _straight_table() -> tuple[int, ...]:
    """Per 13-bit rank mask (bit 0 = deuce): the high rank index of its best straight, or -1."""
    windows = [(0b11111 << low, low + 4) for low in range(8, -1, -1)]
    windows.append(((1 << 12) | 0b1111, 3))  # the wheel, A-2-3-4-5, five high
    table = []
    for mask in range(1 << 13):
        table.append(next((high for window, high in windows if mask & window == window), -1))
    return tuple(table)


_STRAIGHT_HIGH = _straight_table()
# The rank indexes of the straight with a given high rank index, in order (the wheel's ace last).
_STRAIGHT_RANKS = {high: tuple(range(high, high - 5, -1)) for high in range(4, 13)} | {
    3: (3, 2, 1, 0, 12)
}


# Each code's share of evaluate()'s packed sum: its rank bit in its suit's 16-bit rank mask (bits
# 16 * suit on), plus one in its suit's 4-bit count above bit 64. Cards are distinct, so the sum of
# the shares is the four rank masks and the four suit counts at once, added up in C by sum().
_SHARE = tuple(
    1 << ((code & 3) * 16 + (code >> 2)) | 1 << (64 + (code & 3) * 4) for code in range(52)
)
_RANKS = 0x1FFF  # one suit's rank mask
_RANK = tuple((code >> 2) + 2 for code in range(52))  # a code's rank, as in keys
# A suit count of 5 or more: adding 3 to each 4-bit count sets its top bit (counts are at most 7).
_FLUSH_TEST = 0x3333
_FLUSH_BITS = 0x8888
_FLUSH_SUIT = {bit: suit for suit, bit in enumerate((0x8, 0x80, 0x800, 0x8000))}

# Results by the sorted codes: the showdown names a hand and the push ranks the same cards again.
# Values are immutable, so sharing one is safe. Small (a hand needs one entry a seat) and cleared
# when full, which only costs re-evaluating; a changed hand or board is a new key.
_MEMO: dict[tuple[int, ...], HandValue] = {}
_MEMO_SIZE = 256

_SF, _QUADS, _FULL = Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND, Category.FULL_HOUSE
_FLUSH, _STRAIGHT, _TRIPS = Category.FLUSH, Category.STRAIGHT, Category.THREE_OF_A_KIND
_TWO_PAIR, _PAIR, _HIGH = Category.TWO_PAIR, Category.PAIR, Category.HIGH_CARD


def evaluate(cards: Iterable[Card]) -> HandValue:
    """The value of the best five of 5, 6 or 7 distinct cards (SHOWDOWN)."""
    if not isinstance(cards, _SEQUENCES):
        cards = tuple(cards)
    codes = [_CODE_BY_ID_GET(id(card), -1) for card in cards]
    if -1 in codes:  # a Card built directly rather than parsed (or not a card at all)
        codes = [_code(card) for card in cards]
    count = len(codes)
    if not 5 <= count <= 7:
        raise HandError(f"a hand is the best five of 5 to 7 cards, got {count} (SHOWDOWN)")
    codes.sort(reverse=True)  # by rank, highest first; spades first within a rank
    memo_key = tuple(codes)
    found = _MEMO.get(memo_key)
    if found is not None:
        return found
    if len(set(codes)) != count:
        raise HandError(f"the same card appears twice in {_text(codes)} (SHOWDOWN)")
    found = _evaluate(codes, sum([_SHARE[code] for code in codes]))
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[memo_key] = found
    return found


def _evaluate(codes: list[int], packed: int) -> HandValue:
    """The best five of distinct ``codes`` sorted highest first; ``packed`` is their shares' sum."""
    flush = ((packed >> 64) + _FLUSH_TEST) & _FLUSH_BITS
    if flush:  # with at most seven cards a flush rules out four of a kind and a full house
        suit = _FLUSH_SUIT[flush]
        high = _STRAIGHT_HIGH[(packed >> (suit << 4)) & _RANKS]
        if high >= 0:
            best = [rank * 4 + suit for rank in _STRAIGHT_RANKS[high]]
            return _value(_SF, (8, high + 2), best)
        best = [code for code in codes if code & 3 == suit][:5]
        return _value(_FLUSH, (5, *_ranks(best)), best)

    # Bit-sliced rank counts: a rank is in two suits of clubs-diamonds, of hearts-spades, or one
    # of each; in three when one of those pairs is whole and the other half is there.
    clubs, diamonds = packed & _RANKS, (packed >> 16) & _RANKS
    hearts, spades = (packed >> 32) & _RANKS, (packed >> 48) & _RANKS
    low_two, high_two = clubs & diamonds, hearts & spades
    low_any, high_any = clubs | diamonds, hearts | spades
    ranks = low_any | high_any
    if ranks.bit_count() == len(codes):  # no two cards of a rank
        high = _STRAIGHT_HIGH[ranks]
        if high >= 0:
            return _straight(codes, high)
        best = codes[:5]
        return _value(_HIGH, (0, *_ranks(best)), best)

    quads = low_two & high_two
    if quads:
        rank = quads.bit_length() - 1
        kicker = next(code for code in codes if code >> 2 != rank)
        top = rank * 4
        best = [top + 3, top + 2, top + 1, top, kicker]
        return _value(_QUADS, (7, rank + 2, _RANK[kicker]), best)
    pairs = low_two | high_two | (low_any & high_any)  # two or more of a rank
    trips = (low_two & high_any) | (high_two & low_any)  # three (no four here)
    rank = (trips or pairs).bit_length() - 1  # the trips, else the highest pair
    if trips:
        others = pairs & ~(1 << rank)  # a second trips, else the pairs: the highest fills
        if others:
            low = others.bit_length() - 1
            best = [code for code in codes if code >> 2 == rank]
            best += [code for code in codes if code >> 2 == low][:2]
            return _value(_FULL, (6, rank + 2, low + 2), best)

    high = _STRAIGHT_HIGH[ranks]
    if high >= 0:
        return _straight(codes, high)

    # Below: every rank above the trips or the top pair has one card (else it would be a full
    # house or the top pair), so the group starts after as many codes as there are higher ranks.
    at = (ranks >> (rank + 1)).bit_count()
    if trips:
        best = codes[at : at + 3]
        first, second = (codes[:at] + codes[at + 3 :])[:2]
        return _value(_TRIPS, (3, rank + 2, _RANK[first], _RANK[second]), [*best, first, second])
    pairs &= ~(1 << rank)
    if pairs:  # the second pair also follows one card per higher rank, and the top pair
        low = pairs.bit_length() - 1
        low_at = (ranks >> (low + 1)).bit_count() + 1
        kicker = codes[0] if at else codes[2] if low_at > 2 else codes[4]
        best = [*codes[at : at + 2], *codes[low_at : low_at + 2], kicker]
        return _value(_TWO_PAIR, (2, rank + 2, low + 2, _RANK[kicker]), best)
    best = codes[at : at + 2]
    first, second, third = (codes[:at] + codes[at + 2 :])[:3]
    key = (1, rank + 2, _RANK[first], _RANK[second], _RANK[third])
    return _value(_PAIR, key, [*best, first, second, third])


def _ranks(best: list[int]) -> tuple[int, int, int, int, int]:
    """The ranks of five codes, for a key: unpacked, cheaper than a generator."""
    first, second, third, fourth, fifth = best
    return _RANK[first], _RANK[second], _RANK[third], _RANK[fourth], _RANK[fifth]


def _straight(codes: list[int], high: int) -> HandValue:
    top = {code >> 2: code for code in reversed(codes)}  # each rank's highest suit wins
    best = [top[rank] for rank in _STRAIGHT_RANKS[high]]
    return _value(_STRAIGHT, (4, high + 2), best)


def _value(category: Category, key: tuple[int, ...], best: list[int]) -> HandValue:
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
