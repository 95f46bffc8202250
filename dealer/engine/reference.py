"""The reference the engine path is held to: every transition decided and fired by ``transitions``.

A hand runs the routes read out of the procedure machine (:meth:`HandState._fire
<dealer.engine.state.HandState._fire>`). :class:`MachineModel` is the same hand with the two
engine calls, deciding and firing, handed to the machine itself: ``Machine._can_trigger`` (what
``may_<trigger>`` asks) to decide, ``machine.events[trigger].trigger(hand, step)`` to fire, with
the machine's own queue for a trigger a callback fires (``queued=True``). Tests hold the two to
the same events and states on every scenario and on random hands with mishaps
(``tests/test_procedure.py``); a hand made with ``Hand(..., machine=True)`` is one. Nothing in the
product runs it.
"""

from __future__ import annotations

from transitions import Machine

from dealer.core.steps import DealerStep
from dealer.engine.model import HandModel
from dealer.engine.procedure import machine
from dealer.engine.state import AnyStep

__all__ = ["MachineModel"]


class MachineModel(HandModel):
    """A hand whose transitions ``transitions`` decides and fires."""

    def _reference(self) -> Machine:
        return machine(type(self))

    def _knows(self, trigger: str) -> bool:
        event = self._reference().events.get(trigger)
        return event is not None and bool(event.transitions.get(self.state))

    def _allows(self, trigger: str, step: AnyStep) -> bool:
        return bool(self._reference()._can_trigger(self, trigger, step))

    def _run_dealer_steps(self, step: DealerStep | None) -> None:
        self._each_dealer_step(step)  # every dealer step through the machine's own _fire

    def _fire(self, trigger: str, step: AnyStep) -> bool:
        reference = self._reference()
        if self._firing:  # a transition is under way: the machine queues this one
            return bool(reference.events[trigger].trigger(self, step))
        # queued, the machine answers True whatever happens: whether a transition applies is asked
        # first (conditions only read the hand)
        if not reference._can_trigger(self, trigger, step):
            return False
        self._firing = True  # marks the transition under way for the triggers its callbacks fire
        try:
            reference.events[trigger].trigger(self, step)
        finally:
            self._firing = False
        return True
