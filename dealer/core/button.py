"""Where the button starts a new game (BUTTON-START, LA 91, 146, 147): each player is dealt one card
face up and the highest card, by rank and then by suit (spades, hearts, diamonds, clubs), takes it.

>>> button, cards = draw_for_button((1, 4, 6), seed=3)
>>> button, {seat: str(card) for seat, card in cards.items()}
(1, {1: 'Kd', 4: '7c', 6: '4s'})
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer.core.cards import Card, full_deck
from dealer.core.deck import shuffled


def draw_for_button(seats: Sequence[int], seed: int | str) -> tuple[int, dict[int, Card]]:
    """Deal one card to each seat from a deck shuffled by ``seed``; the highest card's seat."""
    deck = shuffled(full_deck(), f"button:{seed}")
    cards = dict(zip(sorted(seats), deck, strict=False))
    button = max(cards, key=lambda seat: cards[seat].order)
    return button, cards
