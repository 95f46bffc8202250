"""Seeded random hands played by ``dealer`` and replayed in PokerKit: same pots, winners, stacks.

Each hand is played by :func:`dealer.engine.random_play.play_random_hand` (autopilot deals, random
players
act); its cards (every pitch, the board) and its actions are read back from the hand's events and
fed to PokerKit through the oracle. Where our rules and PokerKit differ, the difference is encoded
here, narrowly, with the rule that decides it (``_OurRulesReplay``, ``_actions``,
``dealer_outcome``); no hand is skipped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

import pytest
from pokerkit import BettingStructure

from dealer.core.cards import Card
from dealer.core.chips import ZERO, Chips, decimal_of
from dealer.core.events import Kind
from dealer.core.pots import build_pots
from dealer.core.stakes import Structure
from dealer.core.table import Table
from dealer.engine.hand import Hand
from dealer.engine.random_play import play_random_hand, random_table
from tests.oracle.pokerkit_oracle import OracleHand, OracleMismatch, OracleResult, _Replay
from tests.oracle.pokerkit_oracle import play as plain_play

HANDS = 1000
STRUCTURES = (Structure.NO_LIMIT, Structure.LIMIT, Structure.POT_LIMIT)

Action = tuple[int, str, Decimal | None]
_FORCED = (Kind.SMALL_BLIND, Kind.BIG_BLIND, Kind.STRADDLE)


class _OurRulesReplay(_Replay):
    """The oracle's PokerKit replay, with two of our rules PokerKit does not have put in by hand.

    - LIMIT-ALLIN: in limit, an all-in for half a bet or more over the last full bet counts as a
      full bet (it counts for LIMIT-CAP and the next raise is a full bet over it); an all-in for
      less does not count, and the next raise is a full bet over the last full bet, not over the
      all-in. PokerKit raises over the all-in and counts every all-in towards its cap. After each
      limit wager we set PokerKit's cap count and its minimum raise for the street to ours; whether
      a player may re-raise is left to our engine (PokerKit's own short all-in refusal is turned
      off by keeping its last raise size at zero: the cross-check feeds it only our actions).
    - LIMIT-CAP: a straddle is no bet for the cap (LA 126), so pre-flop allows as many raises with
      a straddle as without (the oracle still counts the straddle as a raise).
    - ODD-CHIP: pots are split separately, each odd chip to the first tied hand clockwise from the
      button. PokerKit merges pots whose eligible players are the same once the losing hands are
      killed, and splits the sum; the split is redone here pot by pot, from the pots and shown
      hands taken before any hand is killed.
    """

    def __init__(self, hand: OracleHand) -> None:
        super().__init__(hand)
        if hand.structure == "limit" and hand.straddle and hand.cap_bets is not None:
            first, *rest = self.state.streets
            raises = hand.cap_bets - 1  # the big blind is the first bet; the straddle is none
            first = replace(first, max_completion_betting_or_raising_count=raises)
            self.state.streets = (first, *rest)
        self._streets = self.state.streets
        self._street_index: int | None = None
        self._full = 0  # limit: the bet level reached by the last full bet, in chip units
        self._hands: tuple[object, ...] = ()
        self._fair: list[int] | None = None  # what ODD-CHIP pushes to each player, in units

    def _wager(self, player: int, move: str, to: Decimal | None, where: str) -> int:
        state = self.state
        if state.betting_structure is not BettingStructure.FIXED_LIMIT:
            return super()._wager(player, move, to, where)
        index = state.street_index
        assert index is not None
        if index != self._street_index:
            self._street_index, self._full = index, max(state.bets)
        high = max(state.bets)
        total = super()._wager(player, move, to, where)
        if total <= high:  # an all-in call changes nothing
            return total
        state.streets = self._streets
        state.completion_betting_or_raising_amount = 0
        size = self._streets[index].min_completion_betting_or_raising_amount
        if 2 * (total - self._full) >= size:  # a full bet
            self._full = total
            state.acted_player_indices.clear()
            state.acted_player_indices.add(player)
            state.consecutive_short_all_in_amounts.clear()
        else:  # a short all-in: not a bet; the next raise is to the last full bet plus a bet
            state.completion_betting_or_raising_count -= 1
            streets = list(self._streets)
            gap = self._full + size - total
            streets[index] = replace(streets[index], min_completion_betting_or_raising_amount=gap)
            state.streets = tuple(streets)
        return total

    def _snapshot_pots(self) -> None:
        if self.pots is None and sum(self.state.statuses) > 1:
            self._hands = tuple(self.state.get_up_hands(0, 0))
        super()._snapshot_pots()

    def _push(self) -> None:
        if sum(self.state.statuses) == 1:
            super()._push()
            return
        operation = self.state.push_chips()
        for player, amount in enumerate(operation.amounts):
            self.won[player] += amount
        if self._fair is None:
            self._fair = self._split_pot_by_pot()
        self.adjust = [fair - won for fair, won in zip(self._fair, self.won, strict=True)]

    def _split_pot_by_pot(self) -> list[int]:
        assert self.pots is not None
        fair = [0] * len(self.order)
        for amount, seats in self.pots:
            shown = {self.index[seat]: self._hands[self.index[seat]] for seat in seats}
            best = max(hand for hand in shown.values() if hand is not None)  # type: ignore[type-var]
            tied = sorted(i for i, hand in shown.items() if hand == best)  # clockwise from button
            share, odd = divmod(self._u(amount, "pot"), len(tied))
            for rank, player in enumerate(tied):
                fair[player] += share + (rank < odd)
        return fair


def play(hand: OracleHand) -> OracleResult:
    """The oracle's :func:`~tests.oracle.pokerkit_oracle.play`, by our LIMIT-ALLIN and ODD-CHIP."""
    return _OurRulesReplay(hand).run()


def cross_table(seed: int) -> Table:
    """The table of cross-check hand ``seed``: the structures in turn, everything else random.

    One thing PokerKit cannot play: under BLINDS a big blind or straddle posted short (all-in for
    less) still makes the full blind the bet to call, while PokerKit makes the largest chips posted
    the bet. So the cross-check tables give the big blind and the straddle their ante and full
    blind (the short blind is covered by the scenarios and the property tests, which use
    :func:`random_table` as it is).
    """
    table = random_table(random.Random(seed), STRUCTURES[seed % len(STRUCTURES)])
    stakes, positions = table.stakes, table.positions
    needs = {positions.big_blind: stakes.big_blind}
    if positions.straddle is not None:
        needs[positions.straddle] = stakes.straddle
    stacks = dict(table.stacks)
    for seat, blind in needs.items():
        stacks[seat] = max(stacks[seat], stakes.ante + blind)
    return Table(stakes, stacks, table.button, table.ruleset)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What both engines must agree on."""

    pots: tuple[tuple[Chips, tuple[int, ...]], ...]
    winners: dict[int, Chips]
    stacks: dict[int, Chips]


def _actions(hand: Hand) -> tuple[Action, ...]:
    """The players' actions from the events, as (seat, move, street total after it).

    Two narrow translations, each where PokerKit's bookkeeping differs but the chips cannot:

    - SIDE-POTS lets a player bet or raise while another player still has chips, even if no other
      player can put in more than the current bet; PokerKit refuses that raise ("no reason to
      raise"). Nobody can call its excess, so it always comes back as an uncalled bet (RETURN) and
      the hand plays exactly as if it were a call (or a check): the oracle is given that.
    - ROUND-END: when every other player is all-in or folded and the one player left with chips
      has matched the bet, the round is over (there is nobody left to bet against). PokerKit still
      asks that player to act if it has not acted since the last raise; the oracle is given the
      check that changes nothing. (A player PokerKit left out of the round at its start, having
      nothing to win beyond the others' chips, is not asked.)
    """
    stacks = {seat: decimal_of(amount) for seat, amount in hand.table.stacks.items()}
    street: dict[int, Decimal] = dict.fromkeys(stacks, ZERO)
    folded: set[int] = set()
    acted: set[int] = set()  # PokerKit's view: acted since the round's last bet or raise
    in_round = False
    actions: list[Action] = []

    def close_round() -> None:
        live = [s for s in hand.table.positions.postflop_order if s not in folded]
        pending = [s for s in live if stacks[s] > 0 and s not in acted]
        if len(live) >= 2 and pending:
            high = max(street.values())
            assert len(pending) == 1 and street[pending[0]] >= high, f"round ends with {pending}"
            actions.append((pending[0], "check", None))

    for event in hand.events:
        kind, seat = event.kind, event.seat
        amount = None if event.amount is None else decimal_of(event.amount)  # the oracle's kind
        if kind in (Kind.RETURN, Kind.BURN, Kind.SHOW, Kind.PUSH) and in_round:
            close_round()
            in_round, acted = False, set()
        if kind is Kind.BURN:
            street = dict.fromkeys(stacks, ZERO)
            continue
        if seat is None:
            continue
        high = max(street.values())
        if kind in (Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE):
            if not in_round:
                in_round, acted = True, _left_out(stacks, street, folded)
            acted.add(seat)
        if kind is Kind.ANTE:
            assert amount is not None
            stacks[seat] -= amount
        elif kind in _FORCED:
            assert amount is not None
            stacks[seat] -= amount
            street[seat] += amount
        elif kind is Kind.RETURN:
            assert amount is not None
            stacks[seat] += amount
            street[seat] -= amount
        elif kind is Kind.FOLD:
            folded.add(seat)
            actions.append((seat, "fold", None))
        elif kind is Kind.CHECK:
            actions.append((seat, "check", None))
        elif kind is Kind.CALL:
            assert amount is not None
            stacks[seat] -= amount
            street[seat] += amount
            move = "all-in" if event.note == "all-in" else "call"
            actions.append((seat, move, street[seat]))
        elif kind in (Kind.BET, Kind.RAISE):
            assert amount is not None
            others = [s for s in stacks if s != seat and s not in folded]
            uncallable = all(street[s] + stacks[s] <= high for s in others)
            stacks[seat] -= amount - street[seat]
            if uncallable:  # SIDE-POTS: PokerKit only lets this player call (or check)
                actions.append(
                    (seat, "call", high) if street[seat] < high else (seat, "check", None)
                )
            else:
                move = "all-in" if event.note == "all-in" else kind.value
                actions.append((seat, move, amount))
                acted = {seat}
            street[seat] = amount
    return tuple(actions)


def _left_out(stacks: dict[int, Decimal], street: dict[int, Decimal], folded: set[int]) -> set[int]:
    """Seats PokerKit does not ask at the start of a round: their "effective stack" is nothing
    (no other player still in can put in more than they already have in front of them)."""
    live = [s for s in stacks if s not in folded]
    totals = sorted(street[s] + stacks[s] for s in live)
    second = totals[-2] if len(totals) > 1 else ZERO
    return {s for s in live if stacks[s] > 0 and second - street[s] <= 0}


def oracle_hand(hand: Hand) -> OracleHand:
    """The dealer hand described for the oracle: same table, cards (from the events) and actions."""
    table, stakes = hand.table, hand.table.stakes
    hole: dict[int, list[Card]] = {seat: [] for seat in table.seats}
    board: list[Card] = []
    for event in hand.events:
        if event.kind is Kind.PITCH and event.seat is not None:
            hole[event.seat].extend(event.cards)
        elif event.kind is Kind.BOARD:
            board.extend(event.cards)
    straddled = table.positions.straddle is not None
    return OracleHand(
        structure=stakes.structure.value,
        seats=table.seats,
        button=table.button,
        stacks={seat: decimal_of(amount) for seat, amount in table.stacks.items()},
        small_blind=decimal_of(stakes.small_blind),
        big_blind=decimal_of(stakes.big_blind),
        small_bet=decimal_of(stakes.small_bet),
        big_bet=decimal_of(stakes.big_bet),
        ante=decimal_of(stakes.ante),
        straddle=decimal_of(stakes.straddle) if straddled else ZERO,
        hole={seat: (cards[0], cards[1]) for seat, cards in hole.items()},
        board=tuple(board),
        actions=_actions(hand),
        chip_unit=decimal_of(stakes.chip_unit),
        cap_bets=stakes.cap_bets if stakes.structure is Structure.LIMIT else None,
    )


def dealer_outcome(table: Table, seed: int) -> tuple[Hand, Outcome]:
    """Play hand ``seed`` in dealer; the pots are read just before the push."""
    hand = play_random_hand(table, seed, stop="pushing")
    pots = tuple((pot.amount, pot.eligible) for pot in build_pots(hand.committed, hand.folded))
    top = max(hand.committed, key=lambda seat: hand.committed[seat])
    excess = hand.committed[top] - max(
        (amount for seat, amount in hand.committed.items() if seat != top), default=ZERO
    )
    while not hand.is_over:
        step = hand.next_dealer_step()
        assert step is not None, f"hand {seed}: a player is to act after the showdown"
        hand.apply(step)
    winners: dict[int, Chips] = {}
    for event in hand.events:
        if event.kind is Kind.PUSH and event.seat is not None and event.amount is not None:
            winners[event.seat] = winners.get(event.seat, ZERO) + event.amount
    if len(hand.live) > 1 and excess > 0:
        # SIDE-POTS: chips of the top contributor that nobody else matched (an ante over a short
        # all-in ante: antes belong to no betting round, so no uncalled bet is returned) end in a
        # pot of their own pushed back to it; PokerKit hands them back before forming the pots.
        amount, seats = pots[-1]
        assert seats == (top,) and amount >= excess, f"hand {seed}: unmatched {excess} by {top}"
        pots = pots[:-1] + (((amount - excess, seats),) if amount > excess else ())
        winners[top] -= excess
        if not winners[top]:
            del winners[top]
    return hand, Outcome(pots, winners, dict(hand.stacks))


def oracle_outcome(result: OracleResult) -> Outcome:
    return Outcome(result.pots, dict(result.winners), dict(result.final_stacks))


def cross_check(seed: int) -> str | None:
    """Play hand ``seed`` in both engines; a description of any disagreement, else ``None``."""
    table = cross_table(seed)
    hand, ours = dealer_outcome(table, seed)
    try:
        theirs = oracle_outcome(play(oracle_hand(hand)))
    except OracleMismatch as mismatch:
        return f"hand {seed}: PokerKit disagrees: {mismatch}\n{_describe(hand)}"
    if ours != theirs:
        return f"hand {seed}: dealer {ours} != PokerKit {theirs}\n{_describe(hand)}"
    return None


def _describe(hand: Hand) -> str:
    table = hand.table
    head = (
        f"  {table.stakes.structure} {table.stakes.small_blind}/{table.stakes.big_blind} "
        f"ante {table.stakes.ante} straddle {table.stakes.straddle} button {table.button} "
        f"stacks {dict(table.stacks)}"
    )
    return "\n".join([head, *(f"  {event}" for event in hand.events)])


def mismatches(seeds: range) -> Iterator[str]:
    for seed in seeds:
        found = cross_check(seed)
        if found is not None:
            yield found


def test_the_random_hands_cover_all_ins_side_pots_and_every_table_size() -> None:
    sizes, side_pots, all_ins, straddles, antes = set(), 0, 0, 0, 0
    for seed in range(0, HANDS, 10):
        table = cross_table(seed)
        hand, ours = dealer_outcome(table, seed)
        sizes.add(len(table.seats))
        side_pots += len(ours.pots) > 1
        all_ins += any(event.note == "all-in" for event in hand.events)
        straddles += table.positions.straddle is not None
        antes += table.stakes.ante > 0
    assert sizes == set(range(2, 10))
    assert side_pots >= 25 and all_ins >= 50 and straddles >= 5 and antes >= 10


@pytest.mark.parametrize("block", range(10))
def test_dealer_and_pokerkit_agree_hand_by_hand(block: int) -> None:
    size = HANDS // 10
    found = list(mismatches(range(block * size, (block + 1) * size)))
    assert found == [], f"{len(found)} mismatches; first:\n{found[0]}"


def test_the_rules_put_into_pokerkit_are_needed_and_suffice() -> None:
    # LIMIT-ALLIN, an all-in for less than half a bet: our next raise is to 20, PokerKit's to 25.
    hand, _ = dealer_outcome(cross_table(202), 202)
    refused = r"^seat 6 raise to 20: PokerKit refuses: The amount 4 is below the minimum allowed 5"
    with pytest.raises(OracleMismatch, match=refused):
        plain_play(oracle_hand(hand))
    # LIMIT-ALLIN, an all-in for half a bet or more reopens the betting; PokerKit does not.
    hand, _ = dealer_outcome(cross_table(460), 460)
    with pytest.raises(OracleMismatch, match="Short all-in cannot be raised"):
        plain_play(oracle_hand(hand))
    # ODD-CHIP pot by pot: 37 and 291 split between seats 7 and 4, an odd chip each to seat 7;
    # PokerKit merges the two pots (same two players left) and splits 328 evenly.
    hand, ours = dealer_outcome(cross_table(2294), 2294)
    assert ours.winners == {7: Decimal(291), 4: Decimal(163)}
    assert dict(plain_play(oracle_hand(hand)).winners) == {7: Decimal(290), 4: Decimal(164)}
    assert [cross_check(seed) for seed in (202, 460, 2294)] == [None, None, None]
