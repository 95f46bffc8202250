"""The state of one hand: cards, chips, the betting round, rulings owed, and the log.

:class:`HandState` holds what the procedure vocabularies (:mod:`dealer.engine.normal`,
:mod:`dealer.engine.irregularities`) read and change; :class:`dealer.engine.hand.Hand` combines
them into the
machine's model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import filterfalse
from typing import Any, Final

from dealer.core.betting import BettingRound, Move
from dealer.core.cards import Card, full_deck
from dealer.core.chips import ZERO, Chips, whole
from dealer.core.deck import DeckPlan
from dealer.core.events import Event, Kind, Why
from dealer.core.hand_value import HandValue
from dealer.core.ledger import Ledger, LedgerError, Place, check_chips
from dealer.core.mishaps import Mishap
from dealer.core.native import mypyc_attr
from dealer.core.roles import Role
from dealer.core.stakes import Stakes, Street
from dealer.core.steps import Step
from dealer.core.table import Table
from dealer.engine.obligations import Obligations, Owed, Ruled
from dealer.engine.procedure import Route, StateSpec, final_state, procedure, routes

# A callback of a transition a mishap fires (or of the state it enters) is called with the
# mishap: the compiled build checks the argument's type.
AnyStep = Step | Mishap


@mypyc_attr(native_class=False)  # an AssertionError, subclassed by no compiled class
class InvariantError(AssertionError):
    """Cards or chips not accounted for, or a callback given what its transition never gives it
    (a step naming no seat, no betting round open): a bug, never a ruling."""


def seat_named(step: AnyStep) -> int:
    """The seat ``step`` names: the transitions whose callbacks read it take only steps naming
    one (``pitch N``, ``short N``, a replacement owed to a seat)."""
    seat = step.seat
    if seat is None:
        raise InvariantError(f"'{step}' names no seat")
    return seat


# The compiled build: the hand model (dealer.engine.model) derives from it (compiled; the tests'
# reference derives from that, interpreted).
@mypyc_attr(allow_interpreted_subclasses=True)
class HandState:
    """Everything a hand is at one moment; ``state`` is read and set by the procedure machine."""

    # Slots: a hand has some forty-six attributes, past the thirty that CPython 3.11 keeps in an
    # instance's shared-key values, so without them every hand copies them into a dict of its own
    # and each read of one is a dict look-up.
    __slots__ = (
        "_firing",
        "_queue",
        "_routes",
        "_states",
        "actions",
        "all_in_shows_first",
        "audit",
        "betting",
        "board_hands",
        "board_said",
        "boxed",
        "button_fix",
        "button_override",
        "chips_total",
        "committed",
        "cuts",
        "deal_sequence",
        "events",
        "exposed",
        "extra",
        "final",
        "folded",
        "forced",
        "last_all_in",
        "ledger",
        "mucked",
        "next_button",
        "obligations",
        "pending_push",
        "pitched",
        "plan",
        "posted",
        "pushed",
        "released",
        "river_aggressor",
        "round_aggressor",
        "round_all_in_call",
        "round_push",
        "rulings",
        "short_due",
        "shuffles",
        "stacks",
        "stakes",
        "state",
        "table",
        "tabled",
        "touched",
        "void",
        "zero",
    )

    state: str
    _states: Mapping[str, StateSpec]
    _routes: dict[str, dict[str, tuple[Route, ...]]]  # routes(...).by_state: state, trigger

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
        # The number type, decided once from the hand's inputs (Chips): ints where the stakes and
        # every stack are whole amounts written without a point, else the table's Decimals.
        stakes = table.stakes.in_whole_chips()
        stacks = None if stakes is None else _whole_stacks(table.stacks)
        if stakes is None or stacks is None:
            self.stakes: Stakes = table.stakes
            self.stacks: dict[int, Chips] = dict(table.stacks)
            self.zero: Chips = ZERO
        else:
            self.stakes = stakes
            self.stacks = stacks
            self.zero = 0
        zero = self.zero
        seats = table.seats
        self.committed: dict[int, Chips] = dict.fromkeys(seats, zero)  # in the pot, by seat
        self.forced: dict[int, Chips] = dict.fromkeys(seats, zero)  # antes, blinds, straddle
        self.posted: dict[int, Chips] = {}  # this hand's blinds and straddle, by seat
        self.pushed: Chips = zero  # chips already pushed to winners from the pot
        self.chips_total: Chips = sum(self.stacks.values(), zero)
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
        spec = procedure()
        self.state = spec.initial
        self._states = spec.states  # read by the callbacks that ask their state's spec
        self._routes = routes(type(self)).by_state
        self._firing = False  # a transition is running: a trigger fired now waits in _queue
        self._queue: list[tuple[str, AnyStep]] = []
        self.final = final_state()  # the state that ends the hand (kept: read once a process)

    # -- reading the hand ----------------------------------------------------------------------

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still holding a hand, in deal order."""
        folded, order = self.folded, self.table.positions.deal_order
        # filterfalse: the comprehension's frame made in C's loop instead (asked several times)
        return tuple(filterfalse(folded.__contains__, order)) if folded else order

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
    def round(self) -> BettingRound:
        """The betting round under way, for the callbacks that run only while one is."""
        betting = self.betting
        if betting is None:
            raise InvariantError(f"no betting round is under way in state {self.state}")
        return betting

    @property
    def pot(self) -> Chips:
        return sum(self.committed.values(), self.zero) - self.pushed

    @property
    def is_over(self) -> bool:
        return self.state == self.final

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
        amount: Chips | None = None,
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
        self.events.append(new_event(Event, fields))
        if self.audit:
            self.check()

    def _record(self, fields: tuple[Any, ...]) -> None:
        """Log the event of ``fields``, all twelve in Event's order: ``_log`` without its keyword
        call, for the events of every hand."""
        self.events.append(new_event(Event, fields))
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
            self._log(_BURN, cards=(held,), note=" ".join(filter(None, (note, rule_id))))
            return held
        card = self.ledger.burn()
        # _log's event built here: every street's burn (the same twelve fields, in order)
        fields = (_BURN, None, (card,), None, note, False, None, None, None, None, None, None)
        self.events.append(new_event(Event, fields))
        if self.audit:
            self.check()
        return card

    # -- the engine path: deciding and firing a transition (docs/how-it-works.md) --------------

    def _knows(self, trigger: str) -> bool:
        """Whether the procedure has any transition for ``trigger`` from this state."""
        return trigger in self._routes.get(self.state, _NO_ROUTES)

    def _route(self, trigger: str, step: AnyStep) -> Route | None:
        """The transition ``trigger`` takes from this state for ``step``: the first whose
        conditions hold, in the order of the data; None when none does (it only asks)."""
        for route in self._routes.get(self.state, _NO_ROUTES).get(trigger, ()):
            for condition, wanted in route.conditions:
                if condition(self, step) != wanted:
                    break
            else:
                return route
        return None

    def _allows(self, trigger: str, step: AnyStep) -> bool:
        """Whether some transition takes ``step`` from this state (a verification)."""
        return self._route(trigger, step) is not None

    def _fire(self, trigger: str, step: AnyStep) -> bool:
        """Run the transition ``trigger`` takes from this state: its before calls, the state
        change and the new state's on-enter calls, then its after calls. False when there is none
        (nothing has changed then). A trigger fired by a callback while a transition runs waits
        until that transition is done, then runs in turn (``transitions``' ``queued=True``)."""
        if self._firing:
            self._queue.append((trigger, step))
            return True
        return self._take(self._routes.get(self.state, _NO_ROUTES).get(trigger, ()), step)

    def _take(self, routes: tuple[Route, ...], step: AnyStep) -> bool:
        """Run the first of ``routes`` (a trigger's routes from this state) whose conditions
        ``step`` meets, as :meth:`_fire` describes; False when none does (nothing has changed
        then). No transition may be under way. The run of the dealer's steps calls it with the
        routes it looked up once."""
        # _route's search, inlined: it runs on every event of every hand (most routes have no
        # conditions at all); each route unpacked once, the one taken read after the loop
        for conditions, before, dest, after in routes:  # noqa: B007
            if not conditions:
                break
            for condition, wanted in conditions:
                if condition(self, step) != wanted:
                    break
            else:
                break
        else:
            return False
        self._firing = True
        try:
            for call in before:
                call(self, step)
            if dest is not None:
                self.state = dest
            for call in after:
                call(self, step)
        except BaseException:
            self._queue.clear()  # a refusal or an error drops what was queued, as transitions does
            raise
        finally:
            self._firing = False
        queue = self._queue
        while queue:  # the triggers fired meanwhile, in turn (each drains what it queues)
            trigger, queued = queue.pop(0)
            # _fire's own path with no transition under way (none is, here): its routes, taken
            self._take(self._routes.get(self.state, _NO_ROUTES).get(trigger, ()), queued)
        return True


_NO_ROUTES: dict[str, tuple[Route, ...]] = {}  # a state no transition leaves (the final one)
_BURN: Final = Kind.BURN  # a constant: Python 3.11's EnumType hook (see dealer.core.betting)

# Event(...) without the named tuple's Python-level __new__: the log takes some forty per hand.
# The events of every hand's steps (a pitch, an action, a burn) are built by their callbacks with
# it, the twelve fields in Event's order, as _log builds them, without its call.
new_event = tuple.__new__


def _whole_stacks(stacks: Mapping[int, Chips]) -> dict[int, Chips] | None:
    """The stacks as ints where every one is whole (:func:`~dealer.core.chips.whole`), else
    ``None``."""
    ints: dict[int, Chips] = {}
    for seat, amount in stacks.items():
        chips = whole(amount)
        if chips is None:
            return None
        ints[seat] = chips
    return ints
