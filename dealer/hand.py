"""One hand of hold'em, driven step by step by the shared procedure machine.

``Hand`` is the machine's model: the methods named in ``procedures/holdem.yaml`` are its vocabulary
(conditions and card or chip moves). Every step is first verified: a step that does not fit the
procedure is refused with what was expected and the rule, and leaves the hand as it was.

>>> from decimal import Decimal
>>> from dealer.deck import DeckPlan
>>> from dealer.ruleset import load_ruleset
>>> from dealer.stakes import Stakes
>>> from dealer.steps import parse_step
>>> table = Table(Stakes.limit(Decimal(5), Decimal(10)),
...               {1: Decimal(100), 2: Decimal(100), 3: Decimal(100)}, 3, load_ruleset("seed"))
>>> hand = Hand(table, DeckPlan(seed=7))
>>> for text in ("post", "shuffle", "cut"):
...     _ = hand.apply(parse_step(text))
>>> hand.apply(parse_step("pitch 2"))
Traceback (most recent call last):
...
dealer.hand.Refusal: expected pitch to seat 1 (DEAL-ORDER); got: pitch 2
>>> [str(event) for event in hand.apply(parse_step("pitch 1"))]
['pitch 8d to seat 1']
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from dealer.betting import BettingError, BettingRound, Move
from dealer.cards import Card, full_deck
from dealer.chips import ZERO
from dealer.deck import DeckPlan, cut
from dealer.events import Event, Kind
from dealer.hand_value import best_hand
from dealer.ledger import Ledger
from dealer.pots import award, build_pots, pot_name
from dealer.procedure import machine, procedure
from dealer.stakes import Street
from dealer.steps import DealerStep, PlayerAction, Step, Verb
from dealer.table import Table

_VERB_BY_TRIGGER = {verb.trigger: verb for verb in Verb}
_MOVE_KIND = {
    Move.FOLD: Kind.FOLD,
    Move.CHECK: Kind.CHECK,
    Move.CALL: Kind.CALL,
    Move.BET: Kind.BET,
    Move.RAISE: Kind.RAISE,
}


class Refusal(ValueError):
    """A step that does not fit the procedure; ``rule`` is the rule it breaks."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class InvariantError(AssertionError):
    """Cards or chips not accounted for: a bug, never a ruling."""


class Hand:
    """A hand from the forced bets to the button move."""

    state: str  # read and set by the procedure machine

    def __init__(
        self, table: Table, plan: DeckPlan, deck: Sequence[Card] | None = None, *, audit: bool = False
    ) -> None:
        self.table = table
        self.plan = plan
        self.ledger = Ledger(full_deck() if deck is None else deck)
        self.stacks: dict[int, Decimal] = dict(table.stacks)
        self.committed: dict[int, Decimal] = dict.fromkeys(table.seats, ZERO)
        self.folded: set[int] = set()
        self.events: list[Event] = []
        self.betting: BettingRound | None = None
        self.deal_sequence = table.positions.deal_order * 2
        self.pitched = 0
        self.shuffles = 0
        self.cuts = 0
        self.posted: dict[int, Decimal] = {}
        self.chips_total = sum(self.stacks.values(), ZERO)
        self.next_button: int | None = None
        self.pushed = ZERO  # chips already pushed to winners from the pot
        self.audit = audit  # check cards and chips after every event (tests and replay)
        self.state = procedure().initial
        self._machine = machine()

    # -- reading the hand ----------------------------------------------------------------------

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still holding a hand, in deal order."""
        return tuple(seat for seat in self.table.positions.deal_order if seat not in self.folded)

    @property
    def next_seat(self) -> int | None:
        """The seat owed the next pitch of the deal."""
        if self.pitched < len(self.deal_sequence):
            return self.deal_sequence[self.pitched]
        return None

    @property
    def to_act(self) -> int | None:
        return self.betting.to_act if self.betting is not None else None

    @property
    def pot(self) -> Decimal:
        return sum(self.committed.values(), ZERO) - self.pushed

    @property
    def is_over(self) -> bool:
        return self.state == "done"

    def expected(self) -> str:
        """What the procedure requires now, with its rule: ``burn before the turn (BURN)``."""
        spec = procedure().states[self.state]
        text = spec.expects.format(next_seat=self.next_seat, to_act=self.to_act)
        return f"{text} ({spec.rule})"

    def next_dealer_step(self) -> DealerStep | None:
        """The correct dealer step now (autopilot), or ``None`` when a player is to act or the hand is over."""
        trigger = procedure().states[self.state].next
        if trigger is None:
            return None
        verb = _VERB_BY_TRIGGER[trigger]
        return DealerStep(verb, seat=self.next_seat) if verb is Verb.PITCH else DealerStep(verb)

    # -- verify / can / apply ------------------------------------------------------------------

    def verify(self, step: Step) -> None:
        """Raise :class:`Refusal` unless ``step`` is what the procedure allows now."""
        if isinstance(step, PlayerAction):
            if self.betting is None or self.betting.is_complete:
                raise Refusal(f"expected {self.expected()}; got: {step}", self._rule())
            try:
                self.betting.verify(step.seat, step.move, step.to)
            except BettingError as error:
                raise Refusal(str(error), error.rule) from None
            return
        event = self._machine.events.get(step.trigger)
        for transition in event.transitions.get(self.state, ()) if event else ():
            if all(bool(getattr(self, c.func)(step)) == c.target for c in transition.conditions):
                return
        raise Refusal(f"expected {self.expected()}; got: {step}", self._rule())

    def can(self, step: Step) -> bool:
        try:
            self.verify(step)
        except Refusal:
            return False
        return True

    def apply(self, step: Step) -> list[Event]:
        """Perform ``step``; return the events it caused, in physical order."""
        self.verify(step)
        start = len(self.events)
        self._fire(step.trigger, step)
        return self.events[start:]

    def _fire(self, trigger: str, step: Step) -> None:
        self._machine.events[trigger].trigger(self, step)

    def _rule(self) -> str:
        return procedure().states[self.state].rule

    def check(self) -> None:
        """Raise :class:`InvariantError` unless every card and every chip is accounted for."""
        try:
            self.ledger.check()
        except RuntimeError as error:
            raise InvariantError(str(error)) from None
        total = sum(self.stacks.values(), ZERO) + self.pot
        if total != self.chips_total:
            raise InvariantError(f"chips not conserved: {total} on the table, {self.chips_total} at the start")

    def _log(self, kind: Kind, **fields: Any) -> None:
        self.events.append(Event(kind, **fields))
        if self.audit:
            self.check()

    # -- conditions (named in the procedure data) ----------------------------------------------

    def pitch_in_order(self, step: DealerStep) -> bool:
        return step.seat == self.next_seat

    def is_last_pitch(self, step: DealerStep) -> bool:
        return self.pitched == len(self.deal_sequence) - 1

    def one_player_left(self, step: Step) -> bool:
        return len(self.live) == 1

    # -- callbacks: forced bets, shuffle, cut, the deal ----------------------------------------

    def _put_in(self, seat: int, amount: Decimal, kind: Kind) -> Decimal:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        self._log(kind, seat=seat, amount=paid, note="all-in" if self.stacks[seat] == 0 else "")
        return paid

    def post_forced_bets(self, step: DealerStep) -> None:
        stakes, positions = self.table.stakes, self.table.positions
        if stakes.ante > 0:
            for seat in positions.deal_order:
                self._put_in(seat, stakes.ante, Kind.ANTE)
        self.posted[positions.small_blind] = self._put_in(
            positions.small_blind, stakes.small_blind, Kind.SMALL_BLIND
        )
        self.posted[positions.big_blind] = self._put_in(
            positions.big_blind, stakes.big_blind, Kind.BIG_BLIND
        )
        if positions.straddle is not None:
            self.posted[positions.straddle] = self._put_in(
                positions.straddle, stakes.straddle, Kind.STRADDLE
            )

    def shuffle_stub(self, step: DealerStep) -> None:
        self.ledger.restack(self.plan.shuffle(self.ledger.stub, self.shuffles))
        self.shuffles += 1
        self._log(Kind.SHUFFLE, note=f"{len(self.ledger.stub)} cards")

    def cut_stub(self, step: DealerStep) -> None:
        stub = self.ledger.stub
        position = step.at if step.at is not None else self.plan.cut_point(len(stub), self.cuts)
        if position is not None:
            self.ledger.restack(cut(stub, position))
        self.cuts += 1
        self._log(Kind.CUT, note=f"at {position}" if position is not None else "stack kept")

    def pitch_card(self, step: DealerStep) -> None:
        seat = self.deal_sequence[self.pitched]
        card = self.ledger.pitch(seat)
        self.pitched += 1
        self._log(Kind.PITCH, seat=seat, cards=(card,))

    # -- callbacks: betting --------------------------------------------------------------------

    def open_betting(self, step: Step) -> None:
        street = procedure().states[self.state].street
        assert street is not None, f"state {self.state} opens betting but names no street"
        positions = self.table.positions
        if street is Street.PREFLOP:
            order = positions.preflop_order
            stakes = self.table.stakes
            straddled = positions.straddle is not None
            self.betting = BettingRound(
                stakes,
                street,
                [seat for seat in order if seat not in self.folded],
                self.stacks,
                self.committed,
                posted=self.posted,
                posted_bet_count=2 if straddled else 1,
                posted_last_raise=(stakes.straddle - stakes.big_blind) if straddled else stakes.big_blind,
            )
        else:
            order = positions.postflop_order
            self.betting = BettingRound(
                self.table.stakes,
                street,
                [seat for seat in order if seat not in self.folded],
                self.stacks,
                self.committed,
            )
        if self.betting.is_complete:
            self._fire("end_round", step)

    def apply_wager(self, step: PlayerAction) -> None:
        assert self.betting is not None
        wager = self.betting.act(step.seat, step.move, step.to)
        if wager.move is Move.FOLD:
            self.folded.add(step.seat)
            self._log(Kind.FOLD, seat=step.seat)
            self.ledger.muck_hand(step.seat)
            return
        amount = {Move.CHECK: None, Move.CALL: wager.added}.get(wager.move, wager.to)
        self._log(
            _MOVE_KIND[wager.move], seat=step.seat, amount=amount, note="all-in" if wager.all_in else ""
        )

    def close_round_if_complete(self, step: PlayerAction) -> None:
        if self.betting is not None and self.betting.is_complete:
            self._fire("end_round", step)

    def settle_round(self, step: Step) -> None:
        assert self.betting is not None
        returned = self.betting.return_uncalled()
        if returned is not None:
            seat, amount = returned
            self._log(Kind.RETURN, seat=seat, amount=amount, note="uncalled bet")
        self.betting = None

    # -- callbacks: the board ------------------------------------------------------------------

    def burn_card(self, step: DealerStep) -> None:
        self._log(Kind.BURN, cards=(self.ledger.burn(),))

    def turn_flop(self, step: DealerStep) -> None:
        for _ in range(3):
            self._log(Kind.BOARD, cards=(self.ledger.turn_up(),), note="flop")

    def turn_board_card(self, step: DealerStep) -> None:
        self._log(Kind.BOARD, cards=(self.ledger.turn_up(),), note=step.verb.value)

    # -- callbacks: showdown, pot, button ------------------------------------------------------

    def show_hands(self, step: DealerStep) -> None:
        board = self.ledger.board
        for seat in self.live:
            value = best_hand(self.ledger.hands[seat], board)
            self._log(Kind.SHOW, seat=seat, cards=tuple(self.ledger.hands[seat]), note=value.name)

    def push_pots(self, step: DealerStep) -> None:
        pots = build_pots(self.committed, self.folded)
        live = self.live
        if len(live) == 1:
            ranking = {live[0]: (0,)}
        else:
            board = self.ledger.board
            ranking = {seat: best_hand(self.ledger.hands[seat], board).key for seat in live}
        shares = award(pots, ranking, self.table.button, self.table.stakes.chip_unit, self.table.seats)
        for share in shares:
            self.stacks[share.seat] += share.amount
            self.pushed += share.amount
            self._log(Kind.PUSH, seat=share.seat, amount=share.amount, note=pot_name(share.pot_index))
        for seat in self.committed:
            self.committed[seat] = ZERO
        self.pushed = ZERO

    def move_button_marker(self, step: DealerStep) -> None:
        after = self.table.next_hand(self.stacks)
        self.next_button = after.button if after is not None else None
        self._log(Kind.BUTTON, seat=self.next_button, note="" if after else "fewer than two players left")
