"""Random hands with mishaps injected at random moments, under both rulesets, played to the end by
autopilot and random players: cards and chips are accounted for after every event, and every hand
ends (settled, replayed after a misdeal, or void), never stuck."""

from __future__ import annotations

import random

import pytest

from dealer.core.deck import DeckPlan
from dealer.core.mishaps import Mishap, MishapKind
from dealer.core.table import SEATS
from dealer.engine.hand import Hand, InvariantError
from dealer.engine.random_play import random_action, random_table

MAX_STEPS = 600
HANDS = 1000  # per ruleset


def candidates(hand: Hand, rng: random.Random) -> list[Mishap]:
    """Mishaps of every kind, with seats and cards drawn from the hand as it stands."""
    seats = list(hand.table.seats)
    held = [(seat, card) for seat, cards in hand.ledger.hands.items() for card in cards]
    seen = [card for _, card in held] + list(hand.ledger.board)
    offers = [
        Mishap(MishapKind.EXPOSED, seat=hand.next_seat),
        Mishap(MishapKind.PITCH, seat=rng.choice(list(SEATS))),
        Mishap(MishapKind.SKIP, seat=hand.next_seat),
        Mishap(MishapKind.SHORT, seat=rng.choice(seats)),
        Mishap(MishapKind.BURN),
        Mishap(MishapKind.FLOP),
        Mishap(MishapKind.FLOP, count=4),
        Mishap(MishapKind.TURN),
        Mishap(MishapKind.RIVER),
        Mishap(MishapKind.BOXED),
        Mishap(MishapKind.BUTTON, seat=rng.choice(seats)),
        Mishap(MishapKind.FOREIGN),
        Mishap(MishapKind.FOREIGN_IN_STUB),
        Mishap(MishapKind.JOKER),
        Mishap(MishapKind.DECK_SHORT),
    ]
    if held:
        seat, card = rng.choice(held)
        offers.append(Mishap(MishapKind.FLASH, seat=seat, card=card))
    if seen:
        offers.append(Mishap(MishapKind.DUPLICATE, card=rng.choice(seen)))
    return [mishap for mishap in offers if hand.can(mishap)]


def play_with_mishaps(seed: int, ruleset: str) -> tuple[Hand, list[str]]:
    rng = random.Random(seed)
    table = random_table(rng, ruleset=ruleset)
    hand = Hand(table, DeckPlan(seed=seed), audit=True)
    injected: list[str] = []
    for _ in range(MAX_STEPS):
        if hand.is_over:
            return hand, injected
        if len(injected) < 2 and rng.random() < 0.08:
            offers = candidates(hand, rng)
            if offers:
                mishap = rng.choice(offers)
                hand.apply(mishap)
                injected.append(str(mishap))
                continue
        step = hand.next_dealer_step()
        hand.apply(step if step is not None else random_action(hand, rng))
    stuck = f"seed {seed} under {ruleset}: stuck at {hand.expected()} after {injected}"
    raise AssertionError(stuck)


@pytest.mark.parametrize("ruleset", ["seed", "wsop-2024"])
def test_random_mishaps_never_lose_a_card_or_a_chip_and_every_hand_ends(ruleset: str) -> None:
    ruled: set[str] = set()
    for seed in range(HANDS):
        try:
            hand, _ = play_with_mishaps(seed, ruleset)
        except InvariantError as error:
            raise AssertionError(f"seed {seed} under {ruleset}: {error}") from None
        assert hand.is_over
        hand.check()
        assert sum(hand.stacks.values()) == hand.chips_total
        ruled.update(ruling.rule_id for ruling in hand.rulings)
    assert len(ruled) >= 15, sorted(ruled)  # the injections reach most of the catalogue
