"""Replay a hold'em hand in PokerKit 0.7.7 to get an independent result for our ``dealer`` engine.

A hand is described neutrally (:class:`OracleHand`: seats, button, stacks, blinds, cards, actions);
:func:`play` feeds it to PokerKit step by step and returns final stacks, pots and pot winners
(:class:`OracleResult`). Any disagreement about whose turn it is or about a move's legality raises
:class:`OracleMismatch` naming the seat and PokerKit's own complaint.

PokerKit facts the translation relies on (checked against the installed source, ``state.py``):

- Player index 0 is the first seat clockwise of the button; the button is the last index. Blinds,
  straddle and antes are given positionally from index 0 (small blind, big blind, straddle).
- Heads-up, PokerKit swaps the first two blinds: index 0 (the non-button seat) posts the big blind,
  index 1 (the button) posts the small blind, acts first pre-flop and last after (HEADS-UP).
- Hole cards go one at a time from index 0, so the button gets the last card (DEAL-ORDER).
- Amounts are ints here: everything is scaled to whole ``chip_unit`` units and scaled back.
- Split pots: PokerKit gives the whole remainder of a division to the first tied hand in index
  order, i.e. first clockwise of the button. ODD-CHIP hands several odd chips out one at a time
  clockwise, so with a remainder of two or more units (a three-way or bigger tie) the oracle moves
  chips to match ODD-CHIP and reports the move in :attr:`OracleResult.odd_chip_adjustment`.
- Limit cap: PokerKit counts completions/bets/raises per street; the big blind is not counted.
  With ``cap_bets`` bets per round (LIMIT-CAP, default 4 = bet + 3 raises) the oracle allows
  ``cap_bets`` raises after the flop and ``cap_bets - 1`` pre-flop (the big blind is the first bet),
  one fewer again when a straddle was posted (the straddle counts as a raise).
- No-limit/pot-limit minimum: the opening bet is the big blind; a raise is at least the largest
  full raise so far in the round. Pre-flop PokerKit treats the blinds/straddle as no raise at all,
  so after a straddle of 2 BB the minimum raise is to 3 BB (as LA 11). A short all-in does not
  reopen the betting for players who already acted unless consecutive short all-ins add up to a
  full raise (NL-MIN-RAISE). In limit, an all-in for less is never treated as a full bet
  (LIMIT-ALLIN's half-bet rule is not modelled).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from pokerkit import (
    Automation,
    BettingStructure,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Deck,
    Mode,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from dealer.core.cards import Card, full_deck

STRUCTURES = {
    "limit": BettingStructure.FIXED_LIMIT,
    "no-limit": BettingStructure.NO_LIMIT,
    "pot-limit": BettingStructure.POT_LIMIT,
}
MOVES = ("fold", "check", "call", "bet", "raise", "all-in")

# Only bookkeeping steps are automated; dealing, betting, showdown, hand killing and the push are
# driven here so the oracle sees every card and every pot.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.CHIPS_PULLING,
)


class OracleMismatch(Exception):
    """PokerKit disagrees with the hand description (turn order, legality, cards or amounts)."""


@dataclass(frozen=True, slots=True)
class OracleHand:
    """One hand, described without reference to either engine."""

    structure: str  # "limit" | "no-limit" | "pot-limit"
    seats: tuple[int, ...]  # occupied seats, ascending (clockwise)
    button: int  # an occupied seat
    stacks: Mapping[int, Decimal]  # starting stacks by seat
    small_blind: Decimal
    big_blind: Decimal
    small_bet: Decimal  # limit sizes; ignored for no-limit and pot-limit
    big_bet: Decimal
    ante: Decimal  # per player, 0 for none
    straddle: Decimal  # 0 for none; posted by the seat left of the big blind
    hole: Mapping[int, tuple[Card, Card]]
    board: tuple[Card, ...]  # only as many cards as the hand reached
    actions: tuple[tuple[int, str, Decimal | None], ...]  # (seat, move, street total after it)
    chip_unit: Decimal  # smallest chip: amounts are multiples, odd chips are this size
    cap_bets: int | None = 4  # limit only: bets per round including the opening bet; None = no cap


@dataclass(frozen=True, slots=True)
class OracleResult:
    """PokerKit's outcome, in our seats and Decimal chips."""

    final_stacks: Mapping[int, Decimal]  # after the ODD-CHIP adjustment
    # Main pot first, then side pots, as PokerKit forms them once the betting is over (before any
    # hand is killed): (amount, eligible seats ascending). Uncalled bets are already returned. When
    # all but one fold, PokerKit hands the winner's whole last-street bet back outside the pot; the
    # oracle puts the part that was matched into the pot (and into ``winners``) as a dealer would.
    pots: tuple[tuple[Decimal, tuple[int, ...]], ...]
    # Gross chips each seat is pushed from the pots (its own contribution included; an uncalled bet
    # handed back is not a win). Seats that win nothing are absent.
    winners: Mapping[int, Decimal]
    # Chips moved relative to PokerKit's own split to follow ODD-CHIP; empty when none.
    odd_chip_adjustment: Mapping[int, Decimal] = field(default_factory=dict)


def play(hand: OracleHand) -> OracleResult:
    """Play ``hand`` through PokerKit and return its result; raise :class:`OracleMismatch` on any
    disagreement and ``ValueError`` when the description itself is malformed."""
    return _Replay(hand).run()


def player_order(seats: tuple[int, ...], button: int) -> tuple[int, ...]:
    """Seats in PokerKit index order: first seat clockwise of the button first, button last.

    >>> player_order((1, 3, 5, 8), 5)
    (8, 1, 3, 5)
    >>> player_order((2, 7), 7)
    (2, 7)
    """
    at = seats.index(button)
    return seats[at + 1 :] + seats[: at + 1]


def _units(amount: Decimal, unit: Decimal, what: str) -> int:
    count = amount / unit
    if count != count.to_integral_value():
        raise ValueError(f"{what} {amount} is not a whole number of {unit} chips (CHIP-UNIT)")
    return int(count)


def _validate(hand: OracleHand) -> None:
    if hand.structure not in STRUCTURES:
        raise ValueError(f"unknown structure {hand.structure!r}: expected {list(STRUCTURES)}")
    if not 2 <= len(hand.seats) <= 10 or list(hand.seats) != sorted(set(hand.seats)):
        raise ValueError(f"seats {hand.seats} must be 2 to 10 distinct seats in ascending order")
    if hand.button not in hand.seats:
        raise ValueError(f"button seat {hand.button} is not an occupied seat {hand.seats}")
    for name, mapping in (("stacks", hand.stacks), ("hole", hand.hole)):
        if set(mapping) != set(hand.seats):
            raise ValueError(f"{name} seats {sorted(mapping)} differ from seats {list(hand.seats)}")
    if hand.straddle and len(hand.seats) < 3:
        raise ValueError("a straddle needs three or more players (STRADDLE)")
    if hand.chip_unit <= 0 or hand.big_blind <= 0:
        raise ValueError("chip unit and big blind must be positive")
    cards = [card for seat in hand.seats for card in hand.hole[seat]] + list(hand.board)
    if len(set(cards)) != len(cards) or len(hand.board) > 5:
        raise ValueError("hole and board cards must be distinct, at most 5 board cards")
    for seat, move, _ in hand.actions:
        if seat not in hand.seats or move not in MOVES:
            raise ValueError(f"bad action ({seat}, {move!r}): moves are {MOVES}")


class _Replay:
    """Drives one PokerKit state through the hand, one PokerKit operation at a time."""

    def __init__(self, hand: OracleHand) -> None:
        _validate(hand)
        self.hand = hand
        self.order = player_order(hand.seats, hand.button)
        self.index = {seat: i for i, seat in enumerate(self.order)}
        used = {card for cards in hand.hole.values() for card in cards} | set(hand.board)
        self.spare = [card for card in full_deck() if card not in used]  # burn cards
        self.board_left = list(hand.board)
        self.actions_left = list(hand.actions)
        self.pots: tuple[tuple[Decimal, tuple[int, ...]], ...] | None = None
        self.won = [0] * len(self.order)
        self.adjust = [0] * len(self.order)
        self.called = 0  # fold-out: the winner's matched bet on the last street
        self.state = self._new_state()

    def _u(self, amount: Decimal, what: str) -> int:
        return _units(amount, self.hand.chip_unit, what)

    def _chips(self, units: int) -> Decimal:
        return units * self.hand.chip_unit

    def _new_state(self) -> State:
        hand = self.hand
        structure = STRUCTURES[hand.structure]
        if structure is BettingStructure.FIXED_LIMIT:
            small, big = self._u(hand.small_bet, "small bet"), self._u(hand.big_bet, "big bet")
            sizes = [small, small, big, big]
            caps = _limit_caps(hand.cap_bets)
        else:
            sizes = [self._u(hand.big_blind, "big blind")] * 4
            caps = [None] * 4
        streets = tuple(
            Street(
                street > 0,  # burn before flop, turn and river
                (False, False) if street == 0 else (),
                (0, 3, 1, 1)[street],
                False,
                Opening.POSITION,
                sizes[street],
                caps[street],
            )
            for street in range(4)
        )
        blinds = [self._u(hand.small_blind, "small blind"), self._u(hand.big_blind, "big blind")]
        if hand.straddle:
            blinds.append(self._u(hand.straddle, "straddle"))
        stacks = [self._u(hand.stacks[seat], f"seat {seat} stack") for seat in self.order]
        return State(
            AUTOMATIONS,
            Deck.STANDARD,
            (StandardHighHand,),
            streets,
            structure,
            True,  # uniform antes: trim like bets
            self._u(hand.ante, "ante"),
            tuple(blinds),
            0,
            tuple(stacks),
            len(self.order),
            mode=Mode.CASH_GAME,
        )

    def run(self) -> OracleResult:
        state = self.state
        while state.status:
            self._step()
        if self.actions_left:
            seat, move, _ = self.actions_left[0]
            raise OracleMismatch(f"hand is over in PokerKit but seat {seat} still has {move!r}")
        if self.board_left:
            left = " ".join(str(card) for card in self.board_left)
            raise OracleMismatch(f"hand is over in PokerKit with board cards left: {left}")
        assert self.pots is not None
        stacks = [units + fix for units, fix in zip(state.stacks, self.adjust, strict=True)]
        return OracleResult(
            final_stacks={seat: self._chips(stacks[self.index[seat]]) for seat in self.hand.seats},
            pots=self.pots,
            winners={
                seat: self._chips(self.won[i] + self.adjust[i])
                for i, seat in enumerate(self.order)
                if self.won[i] + self.adjust[i]
            },
            odd_chip_adjustment={
                seat: self._chips(fix)
                for seat, fix in zip(self.order, self.adjust, strict=True)
                if fix
            },
        )

    def _step(self) -> None:
        state = self.state
        if state.can_burn_card():
            state.burn_card(str(self.spare.pop()))
        elif state.can_deal_hole():
            player = state.hole_dealee_index
            assert player is not None
            seat = self.order[player]
            card = self.hand.hole[seat][len(state.hole_cards[player])]
            state.deal_hole(str(card), player)
        elif state.board_dealing_count is not None:
            count = state.board_dealing_count
            if len(self.board_left) < count:
                raise OracleMismatch(
                    f"PokerKit deals {count} more board card(s) but the board has "
                    f"{len(self.hand.board)}; the hand reached further than described"
                )
            cards, self.board_left = self.board_left[:count], self.board_left[count:]
            state.deal_board("".join(str(card) for card in cards))
        elif state.actor_index is not None:
            self._act(state.actor_index)
        elif state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)  # everyone shows: pots go by hand strength
        elif state.can_kill_hand():
            self._snapshot_pots()
            state.kill_hand()
        elif state.can_push_chips():
            self._snapshot_pots()
            self._push()
        else:  # pragma: no cover - PokerKit always has a next step while status is True
            raise OracleMismatch("PokerKit is stuck with no operation available")

    def _act(self, player: int) -> None:
        state = self.state
        seat = self.order[player]
        if not self.actions_left:
            raise OracleMismatch(f"PokerKit waits for seat {seat} to act but no actions are left")
        want_seat, move, to = self.actions_left.pop(0)
        if want_seat != seat:
            raise OracleMismatch(
                f"expected seat {want_seat} to {move}, but PokerKit has seat {seat} to act"
            )
        facing = max(state.bets) - state.bets[player]
        before = state.bets[player]
        where = f"seat {seat} {move}" + ("" if to is None else f" to {to}")
        if move in ("bet", "raise") and to is None:
            raise ValueError(f"{where}: a bet or raise needs its 'to' amount")
        try:
            if move == "fold":
                bets = list(state.bets)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # cash game: folding instead of checking is ok
                    state.fold()
                if sum(state.statuses) == 1:
                    winner = state.statuses.index(True)
                    rest = [bet for i, bet in enumerate(bets) if i != winner]
                    self.called = min(bets[winner], max(rest))
                return
            if move == "check" and facing:
                raise OracleMismatch(f"{where}: PokerKit has {self._chips(facing)} to call")
            if move == "call" and not facing:
                raise OracleMismatch(f"{where}: PokerKit says there is nothing to call")
            if move == "bet" and max(state.bets):
                raise OracleMismatch(f"{where}: PokerKit already has a bet in this round")
            if move == "raise" and not max(state.bets):
                raise OracleMismatch(f"{where}: PokerKit has no bet to raise")
            if move in ("check", "call"):
                total = before + state.check_or_call().amount
            else:
                total = self._wager(player, move, to, where)
        except ValueError as error:
            raise OracleMismatch(f"{where}: PokerKit refuses: {error}") from error
        if move == "all-in" and state.stacks[player]:
            left = self._chips(state.stacks[player])
            raise OracleMismatch(f"{where}: PokerKit leaves {left} behind")
        if to is not None and total != self._u(to, f"{where} amount"):
            raise OracleMismatch(f"{where}: PokerKit puts the street total at {self._chips(total)}")

    def _wager(self, player: int, move: str, to: Decimal | None, where: str) -> int:
        """Bet, raise or all-in; return the player's street total afterwards."""
        state = self.state
        everything = state.stacks[player] + state.bets[player]
        amount = everything if to is None else self._u(to, f"{where} amount")
        if move == "all-in" and amount <= max(state.bets):
            return state.bets[player] + state.check_or_call().amount  # all-in call, maybe for less
        operation: CompletionBettingOrRaisingTo = state.complete_bet_or_raise_to(amount)
        return operation.amount

    def _snapshot_pots(self) -> None:
        if self.pots is None:
            pots = [
                (pot.amount, tuple(sorted(self.order[i] for i in pot.player_indices)))
                for pot in self.state.pots
            ]
            if self.called:  # a fold-out leaves a single pot, the winner's alone
                pots[-1] = (pots[-1][0] + self.called, pots[-1][1])
            self.pots = tuple((self._chips(amount), seats) for amount, seats in pots)

    def _push(self) -> None:
        """Push one (sub-)pot; note where ODD-CHIP would put the odd chips differently."""
        state = self.state
        eligible = [pot.player_indices for pot in state.pots]
        showdown = sum(state.statuses) > 1
        hands = tuple(state.get_up_hands(0, 0)) if showdown else ()
        operation: ChipsPushing = state.push_chips()
        for player, amount in enumerate(operation.amounts):
            self.won[player] += amount
        if not showdown:
            self.won[state.statuses.index(True)] += self.called
            self.called = 0
            return
        shown = {i: hand for i in eligible[operation.pot_index] if (hand := hands[i]) is not None}
        best = max(shown.values())
        tied = [i for i, hand in shown.items() if hand == best]  # clockwise from the button
        share, odd = divmod(sum(operation.amounts), len(tied))
        for rank, player in enumerate(tied):
            self.adjust[player] += share + (rank < odd) - operation.amounts[player]


def _limit_caps(cap_bets: int | None) -> list[int | None]:
    """PokerKit's per-street raise counts for a cap of ``cap_bets`` bets a round (LIMIT-CAP)."""
    if cap_bets is None:
        return [None] * 4
    preflop = cap_bets - 1  # LA 126: a straddle does not count toward the pre-flop maximum
    if preflop < 0:
        raise ValueError(f"cap of {cap_bets} bets leaves no pre-flop raise (LIMIT-CAP)")
    return [preflop, cap_bets, cap_bets, cap_bets]
