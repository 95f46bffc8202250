"""The ledger's audit check by card identity gives the full count's verdicts.

``Ledger.check`` settles the usual case by the cards' identities and counts card by card only
when that fails; ``Ledger._count`` is the count alone. On ledgers moved at random and then broken
at random (a card lost, one added twice, a foreign copy, a deck that repeats a card) both give the
same verdict and, when broken, the same message.
"""

from __future__ import annotations

import copy
import random

import pytest

from dealer.core.cards import Card, Rank, Suit, full_deck
from dealer.core.ledger import Ledger, LedgerError, Place


def _verdict(check: object) -> str | None:
    try:
        check()  # type: ignore[operator]
    except LedgerError as error:
        return str(error)
    return None


def _moved(rng: random.Random, deck: tuple[Card, ...]) -> Ledger:
    ledger = Ledger(deck)
    for _ in range(rng.randint(0, 30)):
        roll = rng.random()
        if not ledger.stub:
            break
        if roll < 0.5:
            ledger.pitch(rng.randint(1, 9))
        elif roll < 0.7:
            ledger.burn()
        elif roll < 0.85:
            ledger.turn_up()
        elif ledger.hands and roll < 0.95:
            ledger.muck_hand(rng.choice(list(ledger.hands)))
        else:
            ledger.scrap_top()
    return ledger


def _break(rng: random.Random, ledger: Ledger) -> None:
    piles = [ledger.board, ledger.burns, ledger.muck, ledger.set_aside, ledger.scrap]
    piles += list(ledger.hands.values())
    pile = rng.choice(piles)
    roll = rng.random()
    if roll < 0.25 and pile:
        pile.pop()  # a card lost
    elif roll < 0.5 and ledger.stub:
        pile.append(ledger.stub[0])  # a card in two places
    elif roll < 0.75:
        pile.append(copy.copy(full_deck()[rng.randrange(52)]))  # an equal card, another object
    elif pile:
        card = pile.pop()  # a card swapped for an equal copy: still the same cards by value
        pile.append(copy.copy(card))


@pytest.mark.parametrize("seed", range(300))
def test_the_identity_check_gives_the_full_count_s_verdict(seed: int) -> None:
    rng = random.Random(seed)
    deck = full_deck()
    if seed % 5 == 0:  # a deck with a duplicate card (DECK-DUPLICATE): only the count can tell
        deck = (*deck, deck[rng.randrange(52)])
    ledger = _moved(rng, deck)
    assert _verdict(ledger.check) is None and _verdict(ledger._count) is None
    if seed % 2:
        _break(rng, ledger)
    assert _verdict(ledger.check) == _verdict(ledger._count)


def test_a_lost_card_is_named() -> None:
    ledger = Ledger(full_deck())
    ledger.pitch(1)
    ledger.hands[1].clear()
    with pytest.raises(LedgerError, match=r"missing \['2c'\], extra \[\]"):
        ledger.check()
    ledger.hands[1].append(Card(Rank.TWO, Suit.CLUBS))  # an equal card, not the deck's object
    ledger.check()  # the same cards by value: the count accepts it, as before
    ledger.move(ledger.hands[1][0], Place.MUCK)
    ledger.check()
    assert ledger.muck == [Card(Rank.TWO, Suit.CLUBS)]


def test_a_broken_ledger_stays_broken_however_often_it_is_checked() -> None:
    """A state found right is settled by comparing it with the last one; a broken one never
    becomes the one compared with."""
    ledger = Ledger(full_deck())
    ledger.pitch(1)
    ledger.check()
    ledger.check()  # the same state: settled by the comparison
    ledger.hands[1].append(ledger.stub[0])  # a card in two places
    for _ in range(2):
        with pytest.raises(LedgerError, match=r"missing \[\], extra \['2d'\]"):
            ledger.check()
