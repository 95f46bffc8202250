"""SHOWDOWN-MUCK against PokerKit: random hands played to the showdown, some players mucking
unshown, give the same final stacks in both engines.

SHOWDOWN-MUCK: a player who mucks unshown "has no claim to any pot"; "Each pot goes to the best hand
shown among those eligible for it; when every other hand eligible for a pot has been mucked, the
last one takes that pot without being shown (LA 15, LA 139)". PokerKit asks each player to show or
muck (``show_or_muck_hole_cards``) and kills the mucked hands; the same seats muck in both.
"""

from __future__ import annotations

import random

from dealer.core.chips import Chips
from dealer.core.events import Kind
from dealer.core.pots import build_pots
from dealer.core.stakes import Structure
from dealer.core.steps import parse_step
from dealer.engine.hand import Hand
from dealer.engine.random_play import play_random_hand
from tests.oracle.pokerkit_oracle import OracleHand, _Replay
from tests.oracle.test_cross_check import cross_table, oracle_hand

_ACTS = frozenset({Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE, Kind.FOLD})
HANDS = 600  # seeds tried; about half reach a showdown of two or more hands in big-bet games


class _MuckingReplay(_Replay):
    """The oracle's replay, with the seats in ``mucks`` mucking when PokerKit asks them."""

    def __init__(self, hand: OracleHand, mucks: frozenset[int]) -> None:
        super().__init__(hand)
        self.mucks = mucks

    def _step(self) -> None:
        state = self.state
        if state.actor_index is None and state.can_show_or_muck_hole_cards():
            player = state.showdown_index
            assert player is not None
            state.show_or_muck_hole_cards(self.order[player] not in self.mucks)
            return
        super()._step()


Found = tuple[Hand, frozenset[int], list[tuple[int, ...]]]


def _with_mucks(seed: int) -> Found | None:
    """Hand ``seed`` (no-limit or pot-limit, where the oracle splits as ODD-CHIP does) played to
    its showdown in dealer, then some of the hands mucked, in a random order; with the seats
    that could win each pot before the mucks. None without a showdown of two hands or more."""
    table = cross_table(seed)
    if table.stakes.structure is Structure.LIMIT:
        return None
    hand = play_random_hand(table, seed, audit=True, stop="showdown")
    if hand.state != "showdown" or len(hand.live) < 2:
        return None
    river = max(at for at, event in enumerate(hand.events) if event.kind is Kind.BOARD)
    if not any(event.kind in _ACTS for event in hand.events[river:]):
        # Betting ended before the river: PokerKit has the hands shown or mucked before the
        # board is run out, and fails when a muck leaves one hand there (a scenario covers it:
        # procedure/showdown-muck-side-pot.yaml has a side pot and an all-in for the main pot).
        return None
    eligible = [pot.eligible for pot in build_pots(hand.committed, hand.folded)]
    rng = random.Random(seed)
    live = list(hand.live)
    mucks = rng.sample(live, rng.randint(1, len(live) - 1))  # one hand at least is left
    for seat in mucks:
        hand.apply(parse_step(f"seat {seat} mucks"))
    while not hand.is_over:
        step = hand.next_dealer_step()
        assert step is not None, f"hand {seed}: a player is to act after the showdown"
        hand.apply(step)
    return hand, frozenset(mucks), eligible


def test_mucked_hands_lose_every_pot_as_in_pokerkit() -> None:
    played = changed = 0
    wrong = []
    for seed in range(HANDS):
        found = _with_mucks(seed)
        if found is None:
            continue
        hand, mucks, eligible = found
        if any(set(seats) <= mucks for seats in eligible):
            # every hand that could win a side pot mucked: PokerKit burns those chips ("non-standard
            # folds"), SHOWDOWN-MUCK gives the pot to the last of them (scenario
            # procedure/showdown-muck-every-side-pot-hand.yaml)
            continue
        played += 1
        theirs = _MuckingReplay(oracle_hand(hand), mucks).run().final_stacks
        changed += theirs != _MuckingReplay(oracle_hand(hand), frozenset()).run().final_stacks
        ours: dict[int, Chips] = dict(hand.stacks)
        if ours != dict(theirs):
            wrong.append(f"hand {seed}, mucks {sorted(mucks)}: dealer {ours} != PokerKit {theirs}")
    assert wrong == []
    assert played >= 100
    assert changed >= 30  # hands where a muck moved chips: a muck played as a show would fail
