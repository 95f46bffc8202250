"""The one-pass shuffle, the cut and the restack give exactly what their definitions give.

``shuffled`` draws all its words in one pass when no word can be rejected; ``_shuffled_stepwise``
is the definition word by word (with rejection). The golden digest pins the outputs of the
implementation before the fast path was added, for int and string seeds and several deck sizes.
"""

from __future__ import annotations

import hashlib
import itertools

import pytest

from dealer.core import deck
from dealer.core.cards import Card, Rank, Suit, format_cards, full_deck, parse_cards
from dealer.core.deck import cut, cut_position, shuffled
from dealer.core.ledger import Ledger, LedgerError

GOLDEN = "f34d1323bf35c7bd34176269c289f0d45092a5e78558b94cf9ff6c417598f095"


def test_outputs_match_the_pinned_digest() -> None:
    digest = hashlib.sha256()
    for seed in [*range(300), *(f"{i}:1" for i in range(300))]:
        for size in (52, 45, 39, 7, 2):
            digest.update(format_cards(shuffled(full_deck()[:size], seed)).encode() + b"|")
            digest.update(str(cut_position(seed, size)).encode() + b"|")
    assert digest.hexdigest() == GOLDEN


def test_one_pass_shuffle_is_the_stepwise_definition() -> None:
    cards = [Card(rank, suit) for _ in range(6) for rank in Rank for suit in Suit]
    for size in range(0, 300, 7):
        for seed in (size, f"{size}:1"):
            pile = cards[:size]
            assert shuffled(pile, seed) == deck._shuffled_stepwise(list(pile), seed)


def test_cut_position_is_the_first_accepted_word() -> None:
    for seed in range(500):
        for size in (0, 1, 5, 8, 9, 39, 52):
            low = min(4, size // 2)
            bound = max(1, size - 2 * low + 1)
            want = low + deck._below(deck._words(f"cut:{seed}"), bound)
            assert cut_position(seed, size) == want


def test_rejections_fall_back_to_the_definition(monkeypatch: pytest.MonkeyPatch) -> None:
    """With limits low enough that words are often rejected, both paths still agree."""

    def low_limit(bound: int) -> int:
        return (1 << 63) - (1 << 63) % bound

    limits = (0, *(low_limit(bound) for bound in range(1, 257)))
    words = list(itertools.islice(deck._words(3), 200))
    monkeypatch.setattr(deck, "_limit", low_limit)
    monkeypatch.setattr(deck, "_LIMITS", limits)
    monkeypatch.setattr(deck, "_REJECTABLE", b"")  # every stream may hold a rejected word
    order = list(full_deck())
    stream = iter(words)
    for index in range(51, 0, -1):  # the definition by hand
        word = next(stream)
        while word >= limits[index + 1]:
            word = next(stream)
        other = word % (index + 1)
        order[index], order[other] = order[other], order[index]
    assert shuffled(full_deck(), 3) == tuple(order)
    assert any(word >= limits[52] for word in words[:51])  # a word was rejected
    for seed in range(200):
        low_word = next(word for word in deck._words(f"cut:{seed}") if word < low_limit(45))
        assert cut_position(seed, 52) == 4 + low_word % 45


def test_restack_keeps_exactly_the_stub_cards() -> None:
    ledger = Ledger(full_deck())
    ledger.restack(shuffled(ledger.stub, 1))
    ledger.restack(cut(ledger.stub, 20))
    assert ledger.stub == cut(shuffled(full_deck(), 1), 20)
    stub = ledger.stub
    for bad in (stub[1:], (stub[1], *stub[1:]), (*stub, stub[0])):  # a card lost, repeated, added
        with pytest.raises(LedgerError):
            ledger.restack(bad)
    copies = [Card(card.rank, card.suit) for card in reversed(stub)]  # equal cards, not interned
    ledger.restack(copies)
    assert ledger.stub == tuple(copies)
    card = ledger.pitch(1)
    assert ledger.stub == tuple(copies[1:])
    with pytest.raises(LedgerError):
        ledger.restack(copies)  # the pitched card is no longer in the stub
    ledger.gather()
    assert ledger.stub == (card, *copies[1:])
    ledger.restack(shuffled(ledger.stub, 2))
    ledger.check()


def test_only_the_seeded_shuffle_is_trusted_to_keep_the_cards() -> None:
    # SHUFFLE-CUT: the engine skips the restack's count only for a shuffle made of swaps of the
    # stub's own cards; a stacked first shuffle names cards of its own and is counted.
    stacked = deck.DeckPlan(seed=4, stacked=parse_cards("As Kd"))
    assert deck.DeckPlan(seed=4).permutes(0) and stacked.permutes(1)
    assert not stacked.permutes(0)
    for seed in range(200):
        for stub in (full_deck(), full_deck()[7:], parse_cards("As Kd Qh")):
            mixed = deck.DeckPlan(seed=seed).shuffle(stub, seed % 3)
            assert sorted(map(id, mixed)) == sorted(map(id, stub))  # the very same card objects
    ledger = Ledger(full_deck())
    ledger.restack(shuffled(ledger.stub, 9), permuted=True)
    assert ledger.stub == shuffled(full_deck(), 9)
    ledger.check()
    small = Ledger(parse_cards("As Kd Qh"))
    foreign = deck.DeckPlan(seed=4, stacked=parse_cards("As 2c"))  # 2c is not in this deck
    with pytest.raises(LedgerError):  # the stacked first shuffle is counted: refused
        small.restack(foreign.shuffle(small.stub, 0), permuted=foreign.permutes(0))


def test_restack_refuses_a_foreign_card() -> None:
    ledger = Ledger(parse_cards("As Kd Qh Jc Tc 9c"))
    with pytest.raises(LedgerError):
        ledger.restack(parse_cards("As Kd Qh Jc Tc 2c"))
    ledger.burn()
    with pytest.raises(LedgerError):
        ledger.restack(parse_cards("Kd Qh Jc Tc 2c"))
    ledger.restack(parse_cards("9c Tc Jc Qh Kd"))
    assert ledger.stub == parse_cards("9c Tc Jc Qh Kd")
    ledger.check()


@pytest.mark.parametrize("size", [52, 45, 39, 7, 2])
def test_a_ledger_cut_is_the_deck_cut(size: int) -> None:
    """``Ledger.cut`` rotates the stub in place: the same order as :func:`cut`, every card kept."""
    for position in range(1, size):
        ledger = Ledger(shuffled(full_deck(), size)[:size])
        before = ledger.stub
        ledger.cut(position)
        assert ledger.stub == cut(before, position)
        ledger.check()
        assert ledger.pitch(1) == before[position]  # the top after the cut


def test_a_ledger_cut_must_leave_two_packets() -> None:
    ledger = Ledger(full_deck())
    for position in (0, 52, -1):
        with pytest.raises(ValueError, match=f"cut at {position} must leave cards in both packets"):
            ledger.cut(position)
    assert ledger.stub == full_deck()
