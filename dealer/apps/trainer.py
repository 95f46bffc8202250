"""``dealer train``: its old import path; the trainer lives in :mod:`dealer.apps.training`."""

from __future__ import annotations

from dealer.apps.training.drills.procedure import charged_rule
from dealer.apps.training.drills.slips import Slip, slip_mishap
from dealer.apps.training.scoring import Mistake, Score, Skill
from dealer.apps.training.session import Drill, Trainer

__all__ = ["Drill", "Mistake", "Score", "Skill", "Slip", "Trainer", "charged_rule", "slip_mishap"]
