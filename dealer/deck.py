"""Shuffling and cutting (SHUFFLE-CUT), reproducible on every machine and Python version.

The shuffle is Fisher-Yates driven by SHA-256 in counter mode: the random stream for seed ``s``
is ``sha256(f"dealer-shuffle:{s}:{n}")`` for ``n = 0, 1, 2, ...``, read as big-endian 64-bit
words, and a draw below ``k`` rejects words at or above the largest multiple of ``k`` (no modulo
bias). It depends only on ``hashlib``, so unlike :mod:`random` its output is fixed by this
definition, not by the interpreter.

>>> from dealer.cards import format_cards, full_deck
>>> format_cards(shuffled(full_deck(), 1)[:5])
'3c Ah 2d 5c Qc'
>>> format_cards(cut(shuffled(full_deck(), 1), 2)[:3])
'2d 5c Qc'
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from dealer.cards import Card

_FOUR_WORDS = struct.Struct(">4Q")


def _words(seed: int | str) -> Iterator[int]:
    prefix = f"dealer-shuffle:{seed}:"
    counter = 0
    while True:
        yield from _FOUR_WORDS.unpack(hashlib.sha256(f"{prefix}{counter}".encode()).digest())
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
    words = _words(f"cut:{seed}")
    low = min(4, size // 2)
    return low + _below(words, max(1, size - 2 * low + 1))


@dataclass(frozen=True, slots=True)
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

    def shuffle(self, stub: Sequence[Card], number: int) -> tuple[Card, ...]:
        mixed = shuffled(stub, f"{self.seed}:{number}" if number else self.seed)
        if number or self.stacked is None:
            return mixed
        named = set(self.stacked)
        return self.stacked + tuple(card for card in mixed if card not in named)

    def cut_point(self, size: int, number: int) -> int | None:
        """Where cut number ``number`` of the hand falls.

        ``None`` leaves a stacked deck as given.
        """
        if self.cut_at is not None and number == 0:
            return self.cut_at
        if self.stacked is not None and number == 0:
            return None
        return cut_position(f"{self.seed}:{number}", size)
