"""Shuffling and cutting (SHUFFLE-CUT), reproducible on every machine and Python version.

The shuffle is Fisher-Yates driven by SHA-256 in counter mode: the random stream for seed ``s``
is ``sha256(f"dealer-shuffle:{s}:{n}")`` for ``n = 0, 1, 2, ...``, read as big-endian 64-bit
words, and a draw below ``k`` rejects words at or above the largest multiple of ``k`` (no modulo
bias). It depends only on ``hashlib``, so unlike :mod:`random` its output is fixed by this
definition, not by the interpreter.

>>> from dealer.core.cards import format_cards, full_deck
>>> format_cards(shuffled(full_deck(), 1)[:5])
'3c Ah 2d 5c Qc'
>>> format_cards(cut(shuffled(full_deck(), 1), 2)[:3])
'2d 5c Qc'
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from hashlib import sha256
from typing import Any

from dealer.core.cards import Card

_FOUR_WORDS = struct.Struct(">4Q")
_FIRST_WORD = struct.Struct(">Q")
_MAX_DIGESTS = 64  # the one-pass shuffle covers decks up to 257 cards (4 words a digest)
_COUNTERS = tuple(str(counter).encode() for counter in range(_MAX_DIGESTS))
_UNPACKERS = tuple(struct.Struct(f">{4 * digests}Q") for digests in range(_MAX_DIGESTS + 1))
# A draw below ``bound`` rejects only words above 2**64 - bound, so for bounds up to 257 only a word
# whose top 7 bytes are all ones can be rejected; a stream without 7 such bytes in a row has none.
_REJECTABLE = b"\xff" * 7
# The positions Fisher-Yates draws a card for in a deck whose last position is ``top``, top first.
_DOWN = tuple(range(top, 0, -1) for top in range(4 * _MAX_DIGESTS + 1))
# ... and the bound of each of those draws (the position plus one), for a deck of ``size`` cards.
_BOUNDS = tuple(range(size, 1, -1) for size in range(4 * _MAX_DIGESTS + 2))


def _words(seed: int | str) -> Iterator[int]:
    """The random stream of ``seed``, word by word: the definition, used when a draw is rejected."""
    prefix = f"dealer-shuffle:{seed}:".encode()
    counter = 0
    while True:
        yield from _FOUR_WORDS.unpack(sha256(prefix + str(counter).encode()).digest())
        counter += 1


def _below(words: Iterator[int], bound: int) -> int:
    limit = _limit(bound)
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def shuffled(cards: Sequence[Card], seed: int | str) -> tuple[Card, ...]:
    """The cards in a new order, top card first, fixed by ``seed``."""
    order = list(cards)
    size = len(order)
    digests = (size + 2) // 4  # the size - 1 draws take a word each when none is rejected
    if digests > _MAX_DIGESTS:
        return _shuffled_stepwise(order, seed)
    seeded = sha256(f"dealer-shuffle:{seed}:".encode())
    parts = []
    for counter in _COUNTERS[:digests]:
        digest = seeded.copy()  # cheaper than hashing the prefix anew for each counter
        digest.update(counter)
        parts.append(digest.digest())
    stream = b"".join(parts)
    if _REJECTABLE in stream:  # about never: a draw may be rejected, so draw word by word
        return _shuffled_stepwise(order, seed)
    # No word is rejected, so the draw for each position is simply the next word of the stream.
    words = _UNPACKERS[digests].unpack(stream)  # the last digest may have spare words
    for index, bound, word in zip(_DOWN[size - 1], _BOUNDS[size], words, strict=False):
        other = word % bound
        order[index], order[other] = order[other], order[index]
    return tuple(order)


def _shuffled_stepwise(order: list[Card], seed: int | str) -> tuple[Card, ...]:
    """:func:`shuffled` as defined, a word at a time with rejection (any deck size)."""
    words = _words(seed)
    for index in range(len(order) - 1, 0, -1):
        bound = index + 1
        limit = _LIMITS[bound] if bound < len(_LIMITS) else _limit(bound)
        word = next(words)
        while word >= limit:  # as _below: reject the words that would bias the draw
            word = next(words)
        other = word % bound
        order[index], order[other] = order[other], order[index]
    return tuple(order)


def _limit(bound: int) -> int:
    return (1 << 64) - (1 << 64) % bound


_LIMITS = (0, *(_limit(bound) for bound in range(1, 257)))  # precomputed for decks up to 256


def cut(cards: Sequence[Card], position: int) -> tuple[Card, ...]:
    """Cut the deck: the top ``position`` cards go under the rest.

    A cut must leave cards in both packets, so ``position`` is between 1 and ``len(cards) - 1``.
    """
    if not 0 < position < len(cards):
        raise ValueError(
            f"cut at {position} must leave cards in both packets (1 to {len(cards) - 1})"
        )
    return tuple(cards[position:]) + tuple(cards[:position])


def cut_position(seed: int | str, size: int) -> int:
    """A cut position fixed by ``seed``, away from the very top and bottom.

    Each packet keeps at least 4 cards.
    """
    low = min(4, size // 2)
    bound = max(1, size - 2 * low + 1)
    # The first word of the stream decides, unless it is rejected (about never).
    word: int = _FIRST_WORD.unpack_from(sha256(f"dealer-shuffle:cut:{seed}:0".encode()).digest())[0]
    if word >= _limit(bound):
        return low + _below(_words(f"cut:{seed}"), bound)
    return low + word % bound


@dataclass(frozen=True, slots=True, init=False)
class DeckPlan:
    """How the deck of one hand comes out of the shuffle and the cut.

    Seeded: every shuffle is :func:`shuffled` with the seed and the shuffle's number in the hand,
    and the cut falls at ``cut_at`` or at :func:`cut_position`. Stacked: ``stacked`` is the order
    the first shuffle yields, top first (the cards not named follow in seeded order), and the cut
    leaves it as it is unless ``cut_at`` is given. Later shuffles in the hand (a misdeal, a
    reshuffled stub) are seeded.
    """

    seed: int | str = 0
    stacked: tuple[Card, ...] | None = None
    cut_at: int | None = None
    # stacked cards that stand for cards a recorded hand does not know (PHH ``????``): dealt for
    # the audit, never deciding a pot, exported back as unknown
    unknown: frozenset[Card] = frozenset()
    missing: tuple[Card, ...] = ()  # cards the deck lacks: a deck found short (DECK-MISSING-CARDS)

    def __init__(
        self,
        seed: int | str = 0,
        stacked: tuple[Card, ...] | None = None,
        cut_at: int | None = None,
        unknown: frozenset[Card] = frozenset(),
        missing: tuple[Card, ...] = (),
    ) -> None:
        # Still frozen: each field set once through its slot's own setter, not by name through
        # object.__setattr__ as the dataclass's __init__ does (a plan is made for every hand).
        _SET_SEED(self, seed)
        _SET_STACKED(self, stacked)
        _SET_CUT_AT(self, cut_at)
        _SET_UNKNOWN(self, unknown)
        _SET_MISSING(self, missing)

    def shuffle(self, stub: Sequence[Card], number: int) -> tuple[Card, ...]:
        mixed = shuffled(stub, f"{self.seed}:{number}" if number else self.seed)
        if number or self.stacked is None:
            return mixed
        named = set(self.stacked)
        return self.stacked + tuple(card for card in mixed if card not in named)

    def permutes(self, number: int) -> bool:
        """Whether shuffle number ``number`` of the hand only reorders the cards it is given (the
        seeded shuffle's swaps), so that the result holds the same cards by construction; a
        stacked first shuffle names cards of its own and is checked."""
        return number > 0 or self.stacked is None

    def cut_point(self, size: int, number: int) -> int | None:
        """Where cut number ``number`` of the hand falls.

        ``None`` leaves a stacked deck as given.
        """
        if self.cut_at is not None and number == 0:
            return self.cut_at
        if self.stacked is not None and number == 0:
            return None
        return cut_position(f"{self.seed}:{number}", size)


_SLOTS: dict[str, Any] = dict(vars(DeckPlan))
_SET_SEED: Callable[[DeckPlan, int | str], None] = _SLOTS["seed"].__set__
_SET_STACKED: Callable[[DeckPlan, tuple[Card, ...] | None], None] = _SLOTS["stacked"].__set__
_SET_CUT_AT: Callable[[DeckPlan, int | None], None] = _SLOTS["cut_at"].__set__
_SET_UNKNOWN: Callable[[DeckPlan, frozenset[Card]], None] = _SLOTS["unknown"].__set__
_SET_MISSING: Callable[[DeckPlan, tuple[Card, ...]], None] = _SLOTS["missing"].__set__
