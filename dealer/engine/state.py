"""The state of one hand: cards, chips, the betting round, rulings owed, and the log.

:class:`HandState` holds what the procedure vocabularies (:mod:`dealer.engine.normal`,
:mod:`dealer.engine.irregularities`) read and change; :class:`dealer.engine.hand.Hand` combines
them into the
machine's model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, cast

from dealer.core.betting import BettingRound, Move
from dealer.core.cards import Card, full_deck
from dealer.core.chips import ZERO
from dealer.core.deck import DeckPlan
from dealer.core.events import Event, Kind, Why
from dealer.core.hand_value import HandValue
from dealer.core.ledger import Ledger, LedgerError, Place, check_chips
from dealer.core.mishaps import Mishap
from dealer.core.native import mypyc_attr
from dealer.core.roles import Role
from dealer.core.stakes import Street
from dealer.core.steps import Step
from dealer.core.table import Table
from dealer.engine.obligations import Obligations, Owed, Ruled
from dealer.engine.procedure import machine as procedure_machine
from dealer.engine.procedure import procedure, routes


@mypyc_attr(native_class=False)  # an AssertionError, subclassed by no compiled class
class InvariantError(AssertionError):
    """Cards or chips not accounted for: a bug, never a ruling."""


# The compiled build: the hand model (dealer.engine.hand) derives from it and stays interpreted.
@mypyc_attr(allow_interpreted_subclasses=True)
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
        machine: bool = False,
    ) -> None:
        self.table = table
        self.plan = plan
        self.audit = audit  # check cards and chips after every event (tests and replay)
        # Fire every step through the ``transitions`` machine itself rather than the routes read
        # out of it: the reference the tests hold the routes to (``_fire``).
        self.through_machine = machine
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
        self.actions: list[tuple[int, Move]] = []  # every player action (SUBSTANTIAL-ACTION)
        self.river_aggressor: int | None = None  # the last to bet or raise on the river
        # SHOW-ORDER (LA 145): who pushed all-in. A push is an all-in bet or raise, and it counts
        # once another seat calls or raises it; a call that puts the caller all-in is no push.
        self.last_all_in: int | None = None  # the last push called in the hand
        self.round_push: int | None = None  # ... in this betting round
        self.pending_push: int | None = None  # the last push of this round, not yet answered
        self.round_aggressor: int | None = None  # the last to bet or raise in this round
        self.round_all_in_call = False  # a call in this round put the caller all-in
        self.all_in_shows_first: int | None = None  # betting ended before the river on an all-in
        self.tabled: list[int] = []  # seats whose hands are face up at the showdown
        self.board_said: set[int] = set()  # seats that said the board plays (PLAY-BOARD)
        self.board_hands: set[int] = set()  # ... and threw the cards away where that is enough
        self.released: set[int] = set()  # hands that touched the muck and are not dead (LA 106)
        self.mucked: list[int] = []  # seats whose hands were mucked at the showdown, in order
        self.deal_sequence = table.positions.deal_order * 2
        self.pitched = 0  # places of the deal sequence served (or skipped)
        self.shuffles = 0
        self.cuts = 0
        self.events: list[Event] = []
        self.rulings: list[Ruled] = []
        self.obligations = Obligations()  # what the rulings under way still require
        self.touched: dict[Role, tuple[Card, ...]] = {}  # the cards the last mishap moved
        self.exposed: list[Card] = []  # hole cards the dealer exposed in this deal
        self.extra: list[Card] = []  # extra cards dealt after the deal
        self.short_due: dict[int, int] = {}  # a card never given: the stub's size when it was due
        self.boxed: list[Card] = []
        self.void = False
        self.button_fix: int | None = None  # where the button belonged (BUTTON-MISPLACED)
        self.next_button: int | None = None
        self.button_override: int | None = None  # a ruling's say on the next button, if any
        self.state = procedure().initial
        self._machine = procedure_machine(type(self))
        self._calls = _calls(type(self))

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
        return procedure().states[self.state].final

    @property
    def owed(self) -> list[Owed]:
        """What the rulings under way still owe, next first."""
        return self.obligations.owed

    @property
    def substantial_action(self) -> bool:
        """LA 105: three actions, or two but not two folds or two checks (posts don't count)."""
        moves = [move for _, move in self.actions]
        if len(moves) >= 3:
            return True
        return len(moves) == 2 and not (
            moves[0] == moves[1] and moves[0] in (Move.FOLD, Move.CHECK)
        )

    # -- bookkeeping ---------------------------------------------------------------------------

    def check(self) -> None:
        """Raise :class:`InvariantError` unless every card and every chip is accounted for, and
        the pot is made of what it should be (:func:`~dealer.core.ledger.check_chips`)."""
        try:
            self.ledger.check()
            bets = self.betting.bets if self.betting is not None else None
            check_chips(self.stacks, self.committed, self.pushed, self.chips_total, bets)
        except LedgerError as error:
            raise InvariantError(str(error)) from None

    def _log(
        self,
        kind: Kind,
        seat: int | None = None,
        cards: tuple[Card, ...] = (),
        amount: Decimal | None = None,
        note: str = "",
        *,
        all_in: bool = False,
        pot: int | None = None,
        hand: HandValue | None = None,
        street: Street | None = None,
        at: int | None = None,
        why: Why | None = None,
        rule: str | None = None,
    ) -> None:
        # the typed fields are what readers read; the note is the log's words only
        fields = (kind, seat, cards, amount, note, all_in, pot, hand, street, at, why, rule)
        self.events.append(_new_event(Event, fields))
        if self.audit:
            self.check()

    def _burn(self, note: str = "") -> Card:
        """Burn one card: the one a ruling holds to be the next burn (SEEN-CARD-STAYS-OUT), else
        the top of the stub."""
        doing = self.obligations.doing
        held = self.obligations.next_burn(self.ledger)
        if held is not None:
            self.ledger.move(held, Place.BURN)
            self.obligations.burned(held)
            rule_id = doing.rule if doing is not None else ""
            self._log(Kind.BURN, cards=(held,), note=" ".join(filter(None, (note, rule_id))))
            return held
        card = self.ledger.burn()
        self._log(Kind.BURN, cards=(card,), note=note)
        return card

    def _fire(self, trigger: str, step: Step | Mishap) -> bool:
        """Run the transition ``trigger`` names from this state: along the transitions read out
        of the machine (``routes``), or through the ``transitions`` machine itself for a hand
        made with ``machine=True`` (tests hold the two to the same hands). False when no
        transition's conditions hold (nothing has changed then)."""
        if self.through_machine:
            return bool(self._machine.events[trigger].trigger(self, step))
        fire = self._calls.get((trigger, self.state))
        return fire is not None and fire(self, step)


# Event(...) without the named tuple's Python-level __new__: the log takes some forty per hand.
_new_event = tuple.__new__

_Call = Callable[[Any, Any], object]
_Fire = Callable[[Any, Any], bool]
_Route = tuple[tuple[tuple[str, bool], ...], tuple[str, ...], str | None, tuple[str, ...],
               tuple[str, ...]]  # fmt: skip


def _method(model: type, name: str) -> _Call:
    """The function a callback name stands for: the model's method, or (``ruling:ID``, made by
    the model's ``__getattr__``) a call looking it up on the hand."""
    found = getattr(model, name, None)
    if callable(found):
        return cast(_Call, found)
    return lambda hand, step: getattr(hand, name)(step)


_CALLS: dict[type, dict[tuple[str, str], _Fire]] = {}


def _calls(model: type) -> dict[tuple[str, str], _Fire]:
    """``routes()`` with every name resolved to its function, once per model class: the fast
    path then makes no attribute lookups by name."""
    found = _CALLS.get(model)
    if found is None:
        found = _CALLS[model] = _resolve(model)
    return found


_ALLOWS: dict[type, dict[tuple[str, str], _Fire]] = {}


def allows(model: type) -> dict[tuple[str, str], _Fire]:
    """For each (trigger, state), a function telling whether some transition's conditions hold
    for a step (a verification: it only asks, it moves nothing); written once per model class
    as :func:`_compile` writes the transitions."""
    found = _ALLOWS.get(model)
    if found is None:
        found = _ALLOWS[model] = _resolve(model, run=False)
    return found


def _resolve(model: type, *, run: bool = True) -> dict[tuple[str, str], _Fire]:
    table = routes(model)
    return {
        key: _compile(
            model,
            [
                (route.conditions, route.before, route.dest,
                 table.on_enter[route.dest] if route.dest is not None else (), route.after)
                for route in found
            ],
            run=run,
        )
        for key, found in table.by_trigger.items()
    }  # fmt: skip


def _compile(model: type, found: list[_Route], *, run: bool = True) -> _Fire:
    """One function running the transitions of one (trigger, state), as ``_fire`` documents:
    the first whose conditions hold runs its before callbacks, enters its state, runs its after
    callbacks, and the function returns True; False if none applies. Written out as code (as
    ``dataclasses`` writes ``__init__``) so a step costs its callbacks' calls and nothing else.
    Without ``run``, only whether some transition's conditions hold."""
    names: dict[str, object] = {}
    lines = ["def fire(hand, step):"]

    def call(name: str) -> str:
        local = f"f{len(names)}"
        names[local] = _method(model, name)
        return f"{local}(hand, step)"

    for conditions, before, dest, entered, after in found:
        tests = [f"bool({call(name)}) is {wanted}" for name, wanted in conditions]
        lines.append(f"    if {' and '.join(tests) or 'True'}:")
        if not run:
            lines.append("        return True")
            continue
        lines.extend(f"        {call(name)}" for name in before)
        if dest is not None:
            lines.append(f"        hand.state = {dest!r}")
            lines.extend(f"        {call(name)}" for name in entered)
        lines.extend(f"        {call(name)}" for name in after)
        lines.append("        return True")
    lines.append("    return False")
    exec("\n".join(lines), names)  # our own text, made of the procedure's names
    return cast(_Fire, names["fire"])
