"""The procedure machine's model: one hand's state bound to the procedure's vocabulary.

:class:`HandModel` is what ``transitions`` drives: the methods named in ``procedures/holdem.yaml``
are its conditions and card moves (the normal procedure's in :mod:`dealer.engine.normal`, the
irregularities' in :mod:`dealer.engine.irregularities`), and what every step goes through, verify,
can and apply, is :mod:`dealer.engine.applying`'s. It is internal: programs drive a hand
through the small facade :class:`dealer.engine.hand.Hand`.

Every step is verified first: one that does not fit the procedure (or the steps a ruling owes) is
refused with what was expected and the rule, and leaves the hand as it was. A mishap is never
refused when the machine recognises it: it is ruled on.
"""

from __future__ import annotations

from dealer.core.errors import Refusal
from dealer.core.native import mypyc_attr
from dealer.engine.applying import AnyStep
from dealer.engine.irregularities import Irregularities
from dealer.engine.state import InvariantError

__all__ = ["AnyStep", "HandModel", "InvariantError", "Refusal"]


# The compiled build compiles it (setup.py): a hand is then a compiled class's own instance, and
# every call the engine makes on it a native one. The reference (dealer.engine.reference) derives
# from it.
@mypyc_attr(allow_interpreted_subclasses=True)
class HandModel(Irregularities):
    """A hand from the forced bets to the button move, as the machine sees it."""
