"""Whole chips as int inside the engine (issue 27): a hand whose stakes and stacks are whole
amounts written without a point plays on ints, and plays the very hand its Decimals play: the
same events, refusals and stacks by ``str()``, amounts said later as ``"8.0"`` or ``"8.5"``
included (an int mixed with a Decimal gives the Decimals' own answer). The Decimal side is the
same code with the whole-chip stakes refused (``Stakes.in_whole_chips`` patched to ``None``), so
it runs on the pure modules only."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from dealer.core.betting import Move
from dealer.core.chips import decimal_of, whole
from dealer.core.deck import DeckPlan
from dealer.core.errors import DealerError
from dealer.core.events import Kind
from dealer.core.stakes import AntePayer, Stakes, Structure
from dealer.core.steps import PlayerAction, Step
from dealer.core.table import Table
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_action
from dealer.rules.rulesets import load_ruleset

D = Decimal


def _table(seed: int) -> Table:
    rng = random.Random(seed)
    bb = rng.choice([2, 10, 50, 200])
    structure = rng.choice(list(Structure))
    ante, by = D(rng.choice([0, 0, 1, 5])), rng.choice(list(AntePayer))
    if structure is Structure.LIMIT:
        stakes = Stakes.limit(D(bb), D(2 * bb), small_blind=D(bb // 2), ante=ante, ante_by=by)
    else:
        stakes = Stakes.blinds(structure, D(bb // 2), D(bb), ante=ante, ante_by=by)
    seats = sorted(rng.sample(range(1, 10), rng.randint(2, 9)))
    stacks = {seat: D(rng.choice([bb * 3, bb * 40, bb * 100 + 1, 7])) for seat in seats}
    return Table(stakes, stacks, rng.choice(seats), load_ruleset("seed"))


def _said(to: Decimal, kind: int) -> Decimal:
    """An amount written another way: with a point, half a chip more, or as it is."""
    return (D(f"{to}.0") if "." not in str(to) else to, to + D("0.5"), to)[kind]


def _play(table: Table, seed: int) -> tuple[list[str], Hand]:
    hand = Hand(table, DeckPlan(seed=seed), audit=seed % 3 == 0)
    rng = random.Random(seed)
    lines: list[str] = []
    while not hand.is_over:
        step: Step | None = hand.next_dealer_step()
        if step is None:
            action = random_action(hand, rng)
            if action.to is not None and rng.random() < 0.5:
                said = PlayerAction(action.seat, action.move, _said(D(action.to), rng.randrange(3)))
                try:
                    hand.verify(said)
                    action = said
                except DealerError as refused:
                    lines.append(f"refused {refused}")
            step = action
        try:
            hand.apply(step)
        except DealerError as refused:  # a random amount off the chip unit: the same refusal
            lines.append(f"refused {refused}")
            break
    lines.extend(str(event) for event in hand.events)
    lines.append(" ".join(f"{seat}:{amount}" for seat, amount in sorted(hand.stacks.items())))
    lines.append(f"pot {hand.pot} pushed {hand.pushed}")
    return lines, hand


def test_a_whole_chip_hand_plays_its_decimals_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    ints = 0
    for seed in range(120):
        table = _table(seed)
        on_ints, hand = _play(table, seed)
        blinds = [event.amount for event in hand.events if event.kind is Kind.BIG_BLIND]
        ints += type(blinds[0]) is int  # played on ints (later amounts said "8.0" mix in)
        with monkeypatch.context() as patch:
            patch.setattr(Stakes, "in_whole_chips", lambda self: None)
            on_decimals, other = _play(table, seed)
        assert all(isinstance(amount, Decimal) for amount in other.stacks.values())
        assert on_ints == on_decimals, seed
    assert ints >= 100  # nearly every hand here is a whole-chip hand


def test_what_makes_a_hand_whole() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, D(1), D(2))
    seats = {1: D(100), 2: D(100)}
    hand = Hand(Table(stakes, seats, 1, load_ruleset("seed")), DeckPlan(seed=1))
    assert {type(amount) for amount in hand.stacks.values()} == {int}
    assert hand.table.stakes is stakes  # the caller's stakes stay the caller's
    for odd in (D("100.0"), D("1E+2")):
        table = Table(stakes, {1: D(100), 2: odd}, 1, load_ruleset("seed"))
        hand = Hand(table, DeckPlan(seed=1))
        assert {type(amount) for amount in hand.stacks.values()} == {Decimal}
        assert str(hand.stacks[2]) == str(odd)
    half = Stakes.limit(D(5), D(10))  # a 2.5 small blind
    assert half.in_whole_chips() is None
    assert [whole(D("7")), whole(D("7.0")), whole(7)] == [7, None, 7]
    assert str(decimal_of(400)) == "400"


def test_an_amount_with_a_fraction_is_refused_as_before() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, D(1), D(2))
    hand = Hand(Table(stakes, {1: D(100), 2: D(100)}, 1, load_ruleset("seed")), DeckPlan(seed=1))
    hand.advance()
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(DealerError, match=r"raise to 6\.5 is not a multiple of the 1 chip"):
        hand.apply(PlayerAction(seat, Move.RAISE, D("6.5")))
    hand.apply(PlayerAction(seat, Move.RAISE, D("6.0")))
    assert str(hand.stacks[seat]) == "94.0"  # what the Decimals give: 100 - 6.0
