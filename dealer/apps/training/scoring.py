"""Scoring a school can use: first-attempt accuracy per skill, one mistake per position.

A *position* is one thing the trainee must get right: a dealer step, an award, an answer. However
many tries it takes, a position counts once: right if the first try was right, else one mistake
(under the rule it broke and that rule's skill). Time is kept per position and per hand; a hand
left unfinished (the trainee quit) is not counted as a hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dealer.rules.rulebook import Section, ids, rule

__all__ = ["Mistake", "Score", "Skill", "skill_of"]


class Skill(StrEnum):
    """What a school grades separately."""

    PROCEDURE = "procedure"  # post, shuffle, cut, push, the button
    DEAL_ORDER = "deal-order"
    BURNS = "burns"
    BOARD = "board"
    REMEDIES = "remedies"  # carrying out a ruling's steps
    RULINGS = "rulings"  # naming the ruling of a mishap
    POT_COUNT = "pot-count"
    BET_SIZING = "bet-sizing"  # call amounts, minimum raises, pot-limit maximums, reopening
    SIDE_POTS = "side-pots"  # building and awarding pots, the odd chip
    CHANGE = "change"  # making change, colouring up (CHIP-UNIT)
    SHOWDOWN = "showdown"  # winners, hand names, split pots, show order
    ACTION = "action"  # judging players' actions


_BY_RULE = {
    "DEAL-ORDER": Skill.DEAL_ORDER,
    "BURN": Skill.BURNS,
    "FLOP": Skill.BOARD,
    "TURN": Skill.BOARD,
    "RIVER": Skill.BOARD,
    "SIDE-POTS": Skill.SIDE_POTS,
    "ODD-CHIP": Skill.SIDE_POTS,
    "SHOWDOWN": Skill.SHOWDOWN,
    "SHOW-ORDER": Skill.SHOWDOWN,
    "PLAY-BOARD": Skill.SHOWDOWN,
    "NL-MIN-RAISE": Skill.BET_SIZING,
    "POT-LIMIT": Skill.BET_SIZING,
    "LIMIT-ALLIN": Skill.BET_SIZING,
    "LIMIT-STAKES": Skill.BET_SIZING,
}


def skill_of(rule_id: str) -> Skill:
    """The skill a dealer step's rule belongs to (a §B ruling's steps: remedies).

    >>> skill_of("BURN"), skill_of("TURN-PREMATURE"), skill_of("SHUFFLE-CUT")
    (<Skill.BURNS: 'burns'>, <Skill.REMEDIES: 'remedies'>, <Skill.PROCEDURE: 'procedure'>)
    """
    if rule_id in _BY_RULE:
        return _BY_RULE[rule_id]
    if rule_id in ids() and rule(rule_id).section is Section.B:
        return Skill.REMEDIES
    return Skill.PROCEDURE


@dataclass(frozen=True, slots=True)
class Mistake:
    hand: int
    expected: str  # the step, award or answer that was right
    got: str
    rule: str
    skill: Skill | None = None  # None: the rule's own skill

    @property
    def graded(self) -> Skill:
        return self.skill if self.skill is not None else skill_of(self.rule)

    def as_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "expected": self.expected,
            "got": self.got,
            "rule": self.rule,
            "skill": self.graded.value,
        }


@dataclass
class _Tally:
    positions: int = 0
    first_right: int = 0


@dataclass
class Score:
    drill: str
    ruleset: str
    seed: int
    learn: bool = False  # the next step was shown before each one
    hands: int = 0  # finished hands (questions)
    started: int = 0
    steps_right: int = 0  # positions right at the first try
    steps_wrong: int = 0  # positions with a mistake (one each, however many retries)
    retries: int = 0  # wrong tries after the first at the same position
    seconds: float = 0.0  # over finished hands
    step_seconds: float = 0.0  # over every position
    mistakes: list[Mistake] = field(default_factory=list)
    skills: dict[Skill, _Tally] = field(default_factory=dict)

    def position(self, skill: Skill, mistake: Mistake | None, seconds: float = 0.0) -> None:
        """One position done: right at the first try, or with this (first) mistake."""
        tally = self.skills.setdefault(skill, _Tally())
        tally.positions += 1
        self.step_seconds += seconds
        if mistake is None:
            tally.first_right += 1
            self.steps_right += 1
        else:
            self.steps_wrong += 1
            self.mistakes.append(mistake)

    @property
    def positions(self) -> int:
        return self.steps_right + self.steps_wrong

    @property
    def seconds_per_hand(self) -> float:
        return round(self.seconds / self.hands, 1) if self.hands else 0.0

    @property
    def seconds_per_step(self) -> float:
        return round(self.step_seconds / self.positions, 1) if self.positions else 0.0

    def accuracy(self) -> dict[str, dict[str, float | int]]:
        """First-attempt accuracy per skill, in the skills' order."""
        return {
            skill.value: {
                "positions": tally.positions,
                "first_right": tally.first_right,
                "accuracy": round(tally.first_right / tally.positions, 3),
            }
            for skill in Skill
            if (tally := self.skills.get(skill)) is not None and tally.positions
        }

    def by_rule(self) -> dict[str, int]:
        """Mistakes per rule ID, most first."""
        counts = Counter(mistake.rule for mistake in self.mistakes)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def by_skill(self) -> dict[str, int]:
        counts = Counter(mistake.graded.value for mistake in self.mistakes)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def as_json(self) -> dict[str, Any]:
        return {
            "drill": self.drill,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "learn": self.learn,
            "hands": self.hands,
            "hands_started": self.started,
            "steps_right": self.steps_right,
            "steps_wrong": self.steps_wrong,
            "retries": self.retries,
            "seconds_per_hand": self.seconds_per_hand,
            "seconds_per_step": self.seconds_per_step,
            "skills": self.accuracy(),
            "mistakes_by_rule": self.by_rule(),
            "mistakes_by_skill": self.by_skill(),
            "mistakes": [mistake.as_json() for mistake in self.mistakes],
        }
