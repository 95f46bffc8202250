"""Verify, can, apply: what every step of a hand goes through, before and while the machine runs
it.

:class:`Applying` checks a step against what the rulings under way owe and what the machine
allows, refuses it with what was expected and the rule, and runs the machine's transition; the
hand model (:class:`dealer.engine.model.HandModel`) derives from it, through the irregularities'
vocabulary (:class:`dealer.engine.irregularities.Irregularities`): one line of classes, which the
optional compiled build (``setup.py``) compiles, a compiled class having one compiled base.
"""

from __future__ import annotations

from typing import Final

from dealer.core.errors import Refusal
from dealer.core.events import Event
from dealer.core.mishaps import Mishap
from dealer.core.native import mypyc_attr
from dealer.core.steps import DealerStep, PlayerAction, ShowdownCall, Verb
from dealer.engine.normal import Dealing
from dealer.engine.obligations import Owed
from dealer.engine.procedure import Route, procedure
from dealer.engine.refusals import Expects, OutOfOrder, SeenAtOnce, UnknownIrregularity
from dealer.engine.state import AnyStep

__all__ = ["AnyStep", "Applying"]

_VERB_BY_TRIGGER = {verb.trigger: verb for verb in Verb}
# Read at every dealer step: a constant, as Python 3.11's EnumType.__getattr__ hook makes
# ``Verb.PITCH`` cost about ten global reads (see dealer.core.betting).
_PITCH: Final = Verb.PITCH


# The compiled build: the hand model derives from it (compiled; the tests' reference derives
# from that, interpreted).
@mypyc_attr(allow_interpreted_subclasses=True)
class Applying(Dealing):
    """What a step goes through: the checks, the refusal naming what was expected, and the run
    of the machine's transition (the hand model's part that every step of every hand takes)."""

    # -- what is expected ----------------------------------------------------------------------

    def expected(self, lang: str = "en") -> str:
        """What the procedure requires now, with its rule: ``burn before the turn (BURN)``;
        refusals quote it in English, the floor's answers in ``lang``."""
        return self.expects().words(lang)

    def expects(self, owed: Owed | None = None) -> Expects:
        """What the procedure requires now, typed: the step the first ruling under way owes
        (or ``owed``), else what the state expects."""
        if owed is None and self.owed and self.owed[0].verb is not None:
            owed = self.owed[0]
        if owed is not None:
            return Expects(owed.rule, owed, self.state, self.next_seat, self.to_act)
        rule = procedure().states[self.state].rule
        return Expects(rule, None, self.state, self.next_seat, self.to_act)

    def next_dealer_step(self) -> DealerStep | None:
        """The correct dealer step now (autopilot); ``None`` if a player acts or the hand ended."""
        owed = self.obligations.owed
        if owed:
            head = owed[0]
            if head.verb is not None:
                return _dealer_step(head.verb, head.seat)
            if head.by_players:
                return None
        step = (_AUTOPILOT or _autopilot())[self.state]
        if step is not None and step.verb is _PITCH:  # the seat owed the pitch (next_seat)
            pitched, sequence = self.pitched, self.deal_sequence
            seat = sequence[pitched] if pitched < len(sequence) else None
            found = _PITCHES.get(seat)  # _dealer_step's look-up, without its call or its pair
            if found is None:
                found = _PITCHES[seat] = _dealer_step(_PITCH, seat)
            return found
        return step

    # -- verify / can / apply ------------------------------------------------------------------

    def verify(self, step: AnyStep) -> None:
        """Raise :class:`Refusal` unless ``step`` is what the procedure allows now."""
        self._verify_order(step)
        if isinstance(step, PlayerAction):
            self.round.verify(step.seat, step.move, step.to)  # a typed BettingError
        elif not self._allows(step.trigger, step):
            raise self._unexpected(step)

    def _verify_order(self, step: AnyStep) -> None:
        """The checks running the machine does not make: the steps a ruling owes come first, and a
        player acts only in an open betting round."""
        owed = self.obligations.owed  # not the property twice: every player action asks
        head = owed[0] if owed else None
        if isinstance(step, PlayerAction):
            if head is not None and head.verb is not None:
                raise OutOfOrder(head.rule, expects=self.expects(head), step=step)
            betting = self.betting
            if betting is None or betting.to_act is None:  # no round open (is_complete inline)
                raise self._unexpected(step)
        elif isinstance(step, ShowdownCall):
            if head is not None and head.verb is not None:
                raise OutOfOrder(head.rule, expects=self.expects(head), step=step)
            if self._knows(step.trigger):  # at the showdown: says why not
                refusal = self.call_refusal(step)
                if refusal is not None:
                    raise refusal
        elif head is None or (isinstance(step, DealerStep) and step.verb is Verb.NOTICE):
            return
        elif isinstance(step, DealerStep) and not _fits(head, step):
            if head.verb is None and not head.by_players:  # the deal is awaited
                raise self._unexpected(step)
            raise OutOfOrder(head.rule, expects=self.expects(head), step=step)
        elif isinstance(step, Mishap) and not step.noticed and not head.by_players:
            # a ruling's steps are under way: the floor is at the table and sees it at once; once
            # the next owed step waits for a betting round, it has left (NOTICED-LATE)
            raise SeenAtOnce(head.rule, expects=self.expects(head), step=step)
        elif isinstance(step, Mishap) and self.obligations.gathering:
            # the cards are being gathered (a misdeal, a void hand): nothing more is dealt
            raise OutOfOrder(head.rule, expects=self.expects(head), step=step)

    def _unexpected(self, step: AnyStep) -> Refusal:
        expects = self.expects()
        if isinstance(step, Mishap):
            return UnknownIrregularity(expects.rule, expects=expects, step=step)
        return OutOfOrder(expects.rule, expects=expects, step=step)

    def can(self, step: AnyStep) -> bool:
        try:
            self.verify(step)
        except Refusal:
            return False
        return True

    def apply(self, step: AnyStep) -> list[Event]:
        """Perform ``step``; return the events it caused, in physical order.

        An audited hand verifies the step in full first. Otherwise the run itself finishes the
        checks: no transition's conditions holding, or the betting round refusing the wager (it
        checks before it moves a chip), leaves the hand as it was and is the same refusal.
        """
        start = len(self.events)
        self._perform(step)
        return self.events[start:]

    def advance(self) -> list[Event]:
        """Perform the correct dealer steps, one by one as :meth:`apply` performs each, until a
        player is to act, the floor or a player is awaited, or the hand is over: the next decision
        in one call. Return the events they caused (none when a decision is awaited already)."""
        step = self.next_dealer_step()
        if step is None:  # a decision is awaited already (most calls): no step, no events
            return []
        start = len(self.events)
        self._run_dealer_steps(step)
        return self.events[start:]

    def _run_dealer_steps(self, step: DealerStep | None) -> None:
        """Perform ``step`` and the dealer steps autopilot names after it, each as :meth:`apply`
        would, until none is named (a player acts, the floor or a player is awaited, the hand is
        over). A run of steps in one state (the pitches of the deal) takes its routes, looked up
        once, transition by transition: each step's conditions asked, its callbacks called, its
        events logged, as :meth:`_fire` does (both through :meth:`_take`); an audited hand, a
        ruling's steps or a transition under way take :meth:`_perform` or :meth:`_fire`, step by
        step."""
        obligations = self.obligations
        autopilot = _AUTOPILOT or _autopilot()
        while step is not None:
            if self.audit or obligations.owed or self._firing:
                if self.audit or obligations.owed:
                    self._perform(step)
                elif not self._fire(step.trigger, step):
                    raise self._unexpected(step)
                step = self.next_dealer_step()
                continue
            state = self.state
            routes = self._routes.get(state, _NO_ROUTES).get(step.trigger, ())
            pitching = step.verb is _PITCH
            while True:
                # no transition is under way here: the step's route searched and run as _fire does
                if not self._take(routes, step):
                    raise self._unexpected(step)
                if obligations.owed:  # a ruling's step is owed now: the step-by-step path
                    step = self.next_dealer_step()
                    break
                # next_dealer_step with nothing owed, inline: autopilot's step for the state now
                here = self.state
                if here != state:  # another state: its step, and its routes looked up
                    step = autopilot[here]
                    if step is None:
                        return
                    state = here
                    routes = self._routes.get(here, _NO_ROUTES).get(step.trigger, ())
                    pitching = step.verb is _PITCH
                # the same state (the run goes on): the same step again, a pitch to the next seat
                if pitching:
                    pitched, sequence = self.pitched, self.deal_sequence
                    seat = sequence[pitched] if pitched < len(sequence) else None
                    found = _PITCHES.get(seat)
                    if found is None:
                        found = _PITCHES[seat] = _dealer_step(_PITCH, seat)
                    step = found

    def _each_dealer_step(self, step: DealerStep | None) -> None:
        """:meth:`_run_dealer_steps` step by step, each through :meth:`_fire` (or
        :meth:`_perform`): what a model that fires its transitions otherwise runs (the
        reference, :mod:`dealer.engine.reference`)."""
        while step is not None:
            if self.audit or self.obligations.owed:
                self._perform(step)
            elif not self._fire(step.trigger, step):  # _perform's path for a dealer step then
                raise self._unexpected(step)
            step = self.next_dealer_step()

    def _perform(self, step: AnyStep) -> None:
        owed = self.obligations.owed
        if self.audit:
            self.verify(step)
        elif owed:
            self._verify_order(step)
        elif isinstance(step, PlayerAction):  # _verify_order's check when nothing is owed
            betting = self.betting
            if betting is None or betting.to_act is None:
                raise self._unexpected(step)
        elif type(step) is DealerStep:  # nothing owed: nothing is out of order
            pass
        elif isinstance(step, ShowdownCall):
            self._verify_order(step)
        if owed and isinstance(step, DealerStep) and owed[0].verb is step.verb:
            self._apply_owed(step)
            return
        done = self._fire(step.trigger, step)  # a refused wager raises its typed BettingError
        if not done:
            raise self._unexpected(step)

    def _apply_owed(self, step: DealerStep) -> None:
        """Perform the step the last ruling owes next: it is off the list (and ``doing``) while it
        runs, so that a round it closes sees what is owed after it; back on it if refused."""
        obligations = self.obligations
        head = obligations.begin()
        try:
            done = self._fire(step.trigger, step)
        except Refusal:  # a BettingError too
            obligations.put_back(head)
            raise
        finally:
            obligations.end()
        if not done:  # nothing moved: the refusal reads the hand as it was
            obligations.put_back(head)
            raise self._unexpected(step)


def _autopilot() -> dict[str, DealerStep | None]:
    """The dealer step each state's ``next`` names (none where players act; a pitch names its
    seat when asked): built once, kept in ``_AUTOPILOT`` (every dealer step reads it)."""
    if not _AUTOPILOT:
        for name, spec in procedure().states.items():
            verb = _VERB_BY_TRIGGER[spec.next] if spec.next is not None else None
            _AUTOPILOT[name] = _dealer_step(verb, None) if verb is not None else None
    return _AUTOPILOT


_AUTOPILOT: dict[str, DealerStep | None] = {}
_NO_ROUTES: dict[str, tuple[Route, ...]] = {}  # a state no transition leaves (the final one)


_STEPS: dict[tuple[Verb, int | None], DealerStep] = {}
_PITCHES: dict[int | None, DealerStep] = {}  # the pitches among them, by seat


def _dealer_step(verb: Verb, seat: int | None) -> DealerStep:
    """The step value, made once: autopilot asks for the same few dozen in every hand."""
    step = _STEPS.get((verb, seat))
    if step is None:
        step = _STEPS[verb, seat] = DealerStep(verb, seat=seat)
    return step


def _fits(head: Owed, step: DealerStep) -> bool:
    """A ruling's owed steps come first: the next one, or the deal it awaits."""
    if head.verb is None:
        return step.verb is Verb.PITCH and not head.by_players
    return step.verb is head.verb and (head.seat is None or step.seat == head.seat)
