"""The players' showdown steps (SHOWDOWN-MUCK, PLAY-BOARD, FOLD) on random hands, both rulesets:
any mix of shows, mucks, board announcements and touches of the muck, in any order, is taken or
refused with the rule, every card and chip stays accounted for (the audit checks after every
event), and the hand always ends with the pot pushed to hands that claim it."""

from __future__ import annotations

import random

import pytest

from dealer.core.errors import Refusal
from dealer.core.events import Kind
from dealer.core.steps import Call, ShowdownCall
from dealer.engine.random_play import play_random_hand, random_table

HANDS = 150  # per ruleset


@pytest.mark.parametrize("ruleset", ["seed", "wsop-2024"])
def test_any_showdown_calls_end_the_hand_with_every_chip(ruleset: str) -> None:
    showdowns = mucked = 0
    for seed in range(HANDS):
        rng = random.Random(seed)
        hand = play_random_hand(
            random_table(rng, ruleset=ruleset), seed, audit=True, stop="showdown"
        )
        if hand.state != "showdown":
            continue
        showdowns += 1
        live = list(hand.live)
        for _ in range(rng.randint(0, 2 * len(live))):
            step = ShowdownCall(rng.choice(live), rng.choice(list(Call)))
            if hand.state != "showdown":
                break
            events = len(hand.events)
            try:
                hand.apply(step)
            except Refusal as refusal:
                assert refusal.rule in ("SHOWDOWN", "SHOWDOWN-MUCK", "PLAY-BOARD", "FOLD")
                assert len(hand.events) == events  # a refused step changes nothing
        while not hand.is_over:
            dealer_step = hand.next_dealer_step()
            assert dealer_step is not None, f"hand {seed}: a player is to act after the showdown"
            hand.apply(dealer_step)
        pushed = [event.seat for event in hand.events if event.kind is Kind.PUSH]
        dead = {event.seat for event in hand.events if event.kind is Kind.MUCK}
        mucked += bool(dead)
        assert pushed, f"hand {seed}: no pot pushed"
        live_at_end = set(hand.live)
        # a pot goes to a hand still live, or (SHOWDOWN-MUCK) to the last hand of a pot whose
        # every other hand had mucked
        assert set(pushed) <= live_at_end | dead, f"hand {seed}"
    assert showdowns >= 40 and mucked >= 20
