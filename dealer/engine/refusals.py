"""The engine's refusals, one type per kind (the betting's are in :mod:`dealer.core.betting`): a
step out of the procedure's order, a mishap not known here, a showdown call that cannot be made.

Each carries its message ID (``code``), its rule and typed fields; what the procedure expected is
an :class:`Expects`, worded in any language at the edge.

>>> from dealer.core.steps import parse_step
>>> refused = OutOfOrder("BURN", expects=Expects("BURN", None, "turn_burn", 1, None),
...                      step=parse_step("turn"))
>>> str(refused), refused.code, refused.rule
('expected burn before the turn (BURN); got: turn', 'refuse-expected', 'BURN')
"""

from __future__ import annotations

from typing import NamedTuple

from dealer.core.errors import Refusal
from dealer.engine.obligations import Owed
from dealer.engine.procedure import procedure

__all__ = [
    "AlreadyTabled",
    "BoardAlreadySaid",
    "BoardThrown",
    "Expects",
    "NoHandAtShowdown",
    "OutOfOrder",
    "SeenAtOnce",
    "TabledNotMucked",
    "TouchedMuck",
    "UnknownIrregularity",
]


class Expects(NamedTuple):
    """What the procedure required when a step came: the step a ruling owes (``owed``), else
    what the state expects (``procedures/holdem.yaml``), with the seat to pitch to or to act."""

    rule: str
    owed: Owed | None
    state: str
    next_seat: int | None
    to_act: int | None

    def words(self, lang: str = "en") -> str:
        """``burn before the turn (BURN)``, in ``lang``."""
        owed = self.owed
        if owed is not None:
            return owed.expected if lang == "en" else f"{owed.text_in(lang)} ({owed.rule})"
        spec = procedure().states[self.state]
        text = spec.expectation(lang).format(next_seat=self.next_seat, to_act=self.to_act)
        return f"{text} ({spec.rule})"

    def __str__(self) -> str:  # the log's words
        return self.words()


class OutOfOrder(Refusal):
    """A step that is not the one the procedure (or a ruling under way) expects now."""

    code = "refuse-expected"
    english = "expected {expects}; got: {step}"
    cites_rule = False  # what was expected names it


class SeenAtOnce(OutOfOrder):
    """A mishap said to go unnoticed while the floor is at the table (NOTICED-LATE)."""

    code = "refuse-expected-unnoticed"
    english = "expected {expects}; got: {step} unnoticed"


class UnknownIrregularity(Refusal):
    code = "refuse-no-irregularity"
    english = "no irregularity is known for '{step}' here: {expects}"
    cites_rule = False


# The showdown (SHOWDOWN-MUCK, PLAY-BOARD, FOLD): worded as the betting's are, the rule last.
class NoHandAtShowdown(Refusal):
    code = "refuse-no-hand"
    english = "seat {seat} holds no hand at the showdown ({rule})"


class BoardThrown(Refusal):
    code = "refuse-board-thrown"
    english = (
        "seat {seat} said the board plays and threw the cards away: the hand is the board ({rule})"
    )


class TouchedMuck(Refusal):
    code = "refuse-touched"
    english = "seat {seat}'s hand already touched the muck ({rule})"


class TabledNotMucked(Refusal):
    code = "refuse-tabled-muck"
    english = "seat {seat}'s hand is tabled: it is read by its cards and may not be mucked ({rule})"


class AlreadyTabled(Refusal):
    code = "refuse-tabled"
    english = "seat {seat}'s hand is already tabled ({rule})"


class BoardAlreadySaid(Refusal):
    code = "refuse-board-said"
    english = "seat {seat} has already said the board plays ({rule})"
