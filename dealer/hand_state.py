"""The state of one hand: cards, chips, the betting round, rulings owed, and the log.

:class:`HandState` holds what the procedure vocabularies (:mod:`dealer.dealing`,
:mod:`dealer.mishaps`) read and change; :class:`dealer.hand.Hand` combines them into the
machine's model.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from dealer.betting import BettingRound, Move
from dealer.cards import Card, full_deck
from dealer.chips import ZERO
from dealer.deck import DeckPlan
from dealer.events import Event, Kind
from dealer.ledger import Ledger, LedgerError
from dealer.mishap import Mishap
from dealer.procedure import machine, procedure, routes
from dealer.remedy import Owed, Ruled
from dealer.steps import Step
from dealer.table import Table


class InvariantError(AssertionError):
    """Cards or chips not accounted for: a bug, never a ruling."""


class HandState:
    """Everything a hand is at one moment; ``state`` is read and set by the procedure machine."""

    state: str

    def __init__(
        self,
        table: Table,
        plan: DeckPlan,
        deck: Sequence[Card] | None = None,
        *,
        audit: bool = False,
    ) -> None:
        self.table = table
        self.plan = plan
        self.audit = audit  # check cards and chips after every event (tests and replay)
        self.ledger = Ledger(full_deck() if deck is None else deck)
        self.stacks: dict[int, Decimal] = dict(table.stacks)
        self.committed: dict[int, Decimal] = dict.fromkeys(table.seats, ZERO)  # in the pot, by seat
        self.forced: dict[int, Decimal] = dict.fromkeys(
            table.seats, ZERO
        )  # antes, blinds, straddle
        self.posted: dict[int, Decimal] = {}  # this hand's blinds and straddle, by seat
        self.pushed = ZERO  # chips already pushed to winners from the pot
        self.chips_total = sum(self.stacks.values(), ZERO)
        self.folded: set[int] = set()
        self.betting: BettingRound | None = None
        self.actions: list[Move] = []  # every player action, for substantial action
        self.river_aggressor: int | None = None  # the last to bet or raise on the river
        self.deal_sequence = table.positions.deal_order * 2
        self.pitched = 0  # places of the deal sequence served (or skipped)
        self.shuffles = 0
        self.cuts = 0
        self.events: list[Event] = []
        self.rulings: list[Ruled] = []
        self.owed: list[Owed] = []  # the steps the last ruling still owes, next first
        self.doing: Owed | None = None  # the owed step being performed (callbacks read it)
        self.touched: dict[str, tuple[Card, ...]] = {}  # the cards the last mishap moved, by name
        self.exposed: list[Card] = []  # hole cards the dealer exposed in this deal
        self.extra: list[Card] = []  # extra cards dealt after the deal
        self.boxed: list[Card] = []
        self.void = False
        self.button_fix: int | None = None  # where the button belonged (BUTTON-MISPLACED)
        self.next_button: int | None = None
        self.button_override: int | None = None  # a ruling's say on the next button, if any
        self.state = procedure().initial
        self._machine = machine()
        self._routes = routes()

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

    @property
    def substantial_action(self) -> bool:
        """LA 105: three actions, or two but not two folds or two checks (posts don't count)."""
        moves = self.actions
        if len(moves) >= 3:
            return True
        return len(moves) == 2 and not (
            moves[0] == moves[1] and moves[0] in (Move.FOLD, Move.CHECK)
        )

    # -- bookkeeping ---------------------------------------------------------------------------

    def check(self) -> None:
        """Raise :class:`InvariantError` unless every card and every chip is accounted for."""
        try:
            self.ledger.check()
        except LedgerError as error:
            raise InvariantError(str(error)) from None
        total = sum(self.stacks.values(), ZERO) + self.pot
        if total != self.chips_total:
            raise InvariantError(
                f"chips not conserved: {total} on the table, {self.chips_total} at the start"
            )

    def _log(self, kind: Kind, **fields: Any) -> None:
        self.events.append(Event(kind, **fields))
        if self.audit:
            self.check()

    def _fire(self, trigger: str, step: Step | Mishap) -> bool:
        """Run the transition ``trigger`` names from this state: through the ``transitions``
        machine when audited, else along the same transitions read out of it (``routes``).
        False when no transition's conditions hold (nothing has changed then)."""
        if self.audit:
            return bool(self._machine.events[trigger].trigger(self, step))
        for route in self._routes.by_trigger.get((trigger, self.state), ()):
            if all(self._holds(name, step) == wanted for name, wanted in route.conditions):
                for name in route.before:
                    getattr(self, name)(step)
                if route.dest is not None:
                    self.state = route.dest
                    for name in self._routes.on_enter[route.dest]:
                        getattr(self, name)(step)
                for name in route.after:
                    getattr(self, name)(step)
                return True
        return False

    def _holds(self, condition: str, step: Step | Mishap) -> bool:
        """A condition named in the procedure data, asked of this hand."""
        return bool(getattr(self, condition)(step))
