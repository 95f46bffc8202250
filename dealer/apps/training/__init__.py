"""``dealer train``: the dealer school (drills, scoring, reports); see :mod:`.session`.

The public names a caller needs are here: the :class:`Trainer`, its :class:`Drill` list, the
:class:`Score` with its :class:`Mistake` records and :class:`Skill` groups, and the deliberate
:class:`Slip` a drill can ask the trainee to catch.
"""

from __future__ import annotations

from dealer.apps.training.drills.procedure import charged_rule
from dealer.apps.training.drills.slips import Slip, slip_mishap
from dealer.apps.training.scoring import Mistake, Score, Skill
from dealer.apps.training.session import Drill, Trainer

__all__ = ["Drill", "Mistake", "Score", "Skill", "Slip", "Trainer", "charged_rule", "slip_mishap"]
