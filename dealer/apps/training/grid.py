"""The class grid: trainees × the school's skills, computed from the stored session reports.

Each cell adds a trainee's sessions up for one skill (:class:`dealer.apps.training.scoring.Skill`)
the way ``dealer train --summary`` does (:func:`dealer.apps.training.report.summarize`): the
positions drilled, how many were right at the first try, in how many sessions (attempts), and the
verdict against ``procedures/school.yaml``: not yet attempted, too few positions to judge, pass or
fail (a skill without a pass mark is only counted). Each cell keeps its progress over time: the
accuracy session by session and the running total. Per trainee the same by skill, and the
mistakes by rule with the rule's sources. Values only (codes, counts, times): the words are made
at the edge (the web pages, the CSV's codes).

>>> from dealer.apps.training.report import School
>>> school = School({"burns": 0.9, "board": 0.9}, minimum=4)
>>> ann = {"drill": "normal", "skills": {"burns": {"positions": 4, "first_right": 3},
...        "board": {"positions": 3, "first_right": 3}},
...        "mistakes": [{"hand": 1, "expected": "burn", "got": "turn", "rule": "BURN",
...                      "skill": "burns"}]}
>>> again = {"drill": "normal", "skills": {"burns": {"positions": 6, "first_right": 6}}}
>>> grid = class_grid([Sitting("Ann", 10.0, ann), Sitting("Ann", 20.0, again),
...                    Sitting("Bo", 15.0, {"drill": "normal", "skills": {}})], school)
>>> [row.trainee for row in grid.rows]
['Ann', 'Bo']
>>> burns = grid.rows[0].cell(Skill.BURNS)
>>> burns.attempts, burns.positions, burns.first_right, burns.accuracy, burns.status
(2, 10, 9, 0.9, <Status.PASS: 'pass'>)
>>> [(p.when, p.accuracy, p.total) for p in burns.history]
[(10.0, 0.75, 0.75), (20.0, 1.0, 0.9)]
>>> grid.rows[0].cell(Skill.BOARD).status  # 3 positions, 4 needed
<Status.TOO_FEW: 'too-few'>
>>> grid.rows[1].cell(Skill.BURNS).status
<Status.NOT_ATTEMPTED: 'not-attempted'>
>>> [(r.rule, r.mistakes, r.skill.value) for r in trainee_detail(grid, "Ann").rules]
[('BURN', 1, 'burns')]
>>> print(grid_csv(grid).splitlines()[3])  # procedure, deal-order, then burns
Ann,burns,2,10,9,0.900,0.90,pass
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dealer.apps.training.report import School
from dealer.apps.training.scoring import Skill, skill_of
from dealer.rules.rulebook import ids, rule

__all__ = [
    "Cell",
    "Grid",
    "MistakeRecord",
    "Point",
    "Row",
    "RuleTally",
    "Sitting",
    "Status",
    "TraineeDetail",
    "class_grid",
    "grid_csv",
    "overall",
    "trainee_detail",
]


class Status(StrEnum):
    """A cell's verdict against the school's pass mark."""

    NOT_ATTEMPTED = "not-attempted"
    TOO_FEW = "too-few"  # fewer positions than the school's minimum
    PASS = "pass"
    FAIL = "fail"
    COUNTED = "counted"  # attempted, and the school sets no pass mark for the skill


@dataclass(frozen=True, slots=True)
class Sitting:
    """One stored session: whose, when it finished (seconds since the epoch), its report (the
    JSON ``dealer train --report`` writes, or the web store's ``Score.as_json``)."""

    trainee: str
    when: float
    report: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Point:
    """One session of a skill: its first-try accuracy then, and the running total's."""

    when: float
    accuracy: float
    total: float


@dataclass(frozen=True, slots=True)
class Cell:
    skill: Skill
    attempts: int  # sessions that drilled the skill
    positions: int
    first_right: int
    mark: float | None  # the school's pass mark, if it sets one
    status: Status
    history: tuple[Point, ...]

    @property
    def accuracy(self) -> float | None:
        """First-try accuracy over every session (0 to 1), or ``None`` before any position."""
        return round(self.first_right / self.positions, 3) if self.positions else None


@dataclass(frozen=True, slots=True)
class Row:
    trainee: str
    sessions: int
    last: float | None  # when the latest session finished
    cells: tuple[Cell, ...]  # in the skills' order (Skill)

    def cell(self, skill: Skill) -> Cell:
        return self.cells[list(Skill).index(skill)]

    @property
    def passed(self) -> int:
        return sum(cell.status is Status.PASS for cell in self.cells)


@dataclass(frozen=True, slots=True)
class RuleTally:
    """The mistakes a trainee made against one rule, with the skill they were charged to and the
    rule's sources (citation codes, as RULES.md writes them)."""

    rule: str
    mistakes: int
    skill: Skill
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MistakeRecord:
    when: float
    drill: str
    hand: int
    expected: str
    got: str
    rule: str
    skill: Skill


@dataclass(frozen=True, slots=True)
class TraineeDetail:
    row: Row
    rules: tuple[RuleTally, ...]  # most mistakes first
    mistakes: tuple[MistakeRecord, ...]  # oldest first


@dataclass(frozen=True, slots=True)
class Grid:
    school: School
    rows: tuple[Row, ...]  # by trainee name
    sittings: tuple[Sitting, ...]  # oldest first

    def row(self, trainee: str) -> Row:
        for row in self.rows:
            if row.trainee == trainee:
                return row
        raise KeyError(trainee)


def _tally(report: Mapping[str, Any], skill: Skill) -> tuple[int, int] | None:
    """(positions, first right) of ``skill`` in one report, or ``None`` if it was not drilled."""
    skills = report.get("skills")
    found = skills.get(skill.value) if isinstance(skills, Mapping) else None
    if not isinstance(found, Mapping):
        return None
    positions, right = int(found.get("positions", 0)), int(found.get("first_right", 0))
    return (positions, right) if positions > 0 else None


def _status(positions: int, right: int, mark: float | None, minimum: int) -> Status:
    if positions == 0:
        return Status.NOT_ATTEMPTED
    if mark is None:
        return Status.COUNTED
    if positions < minimum:
        return Status.TOO_FEW
    return Status.PASS if right / positions >= mark else Status.FAIL


def _cell(mine: Sequence[Sitting], skill: Skill, school: School) -> Cell:
    positions = right = 0
    history = []
    for sitting in mine:
        tally = _tally(sitting.report, skill)
        if tally is None:
            continue
        positions += tally[0]
        right += tally[1]
        history.append(
            Point(sitting.when, round(tally[1] / tally[0], 3), round(right / positions, 3))
        )
    mark = school.passing.get(skill.value)
    status = _status(positions, right, mark, school.minimum)
    return Cell(skill, len(history), positions, right, mark, status, tuple(history))


def class_grid(sittings: Iterable[Sitting], school: School, trainees: Iterable[str] = ()) -> Grid:
    """The grid of every trainee with a session, and of ``trainees`` (a class's roster: a
    trainee who has not trained yet has a row of "not yet attempted")."""
    ordered = tuple(sorted(sittings, key=lambda s: (s.when, s.trainee)))
    names = sorted({s.trainee for s in ordered} | set(trainees))
    rows = []
    for name in names:
        mine = [s for s in ordered if s.trainee == name]
        cells = tuple(_cell(mine, skill, school) for skill in Skill)
        rows.append(Row(name, len(mine), mine[-1].when if mine else None, cells))
    return Grid(school, tuple(rows), ordered)


def _skill(mistake: Mapping[str, Any]) -> Skill:
    try:
        return Skill(str(mistake.get("skill")))
    except ValueError:  # an older report: the rule's own skill
        return skill_of(str(mistake.get("rule", "")))


def trainee_detail(grid: Grid, trainee: str) -> TraineeDetail:
    """One trainee's row, the mistakes by rule (most first) and every mistake, oldest first."""
    row = grid.row(trainee)
    mistakes = []
    for sitting in grid.sittings:
        if sitting.trainee != trainee:
            continue
        for mistake in sitting.report.get("mistakes", ()):
            mistakes.append(
                MistakeRecord(
                    sitting.when,
                    str(sitting.report.get("drill", "")),
                    int(mistake.get("hand", 0)),
                    str(mistake.get("expected", "")),
                    str(mistake.get("got", "")),
                    str(mistake.get("rule", "")),
                    _skill(mistake),
                )
            )
    counts = Counter(m.rule for m in mistakes)
    charged = {m.rule: m.skill for m in mistakes}
    known = set(ids())
    rules = tuple(
        RuleTally(rule_id, count, charged[rule_id],
                  rule(rule_id).sources if rule_id in known else ())
        for rule_id, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    )  # fmt: skip
    return TraineeDetail(row, rules, tuple(mistakes))


def overall(grid: Grid, trainee: str) -> tuple[Point, ...]:
    """A trainee's progress over every skill at once: each session's first-try accuracy and the
    running total's (the class page's chart, a line per trainee).

    >>> from dealer.apps.training.report import School
    >>> one = {"skills": {"burns": {"positions": 4, "first_right": 2},
    ...                   "board": {"positions": 6, "first_right": 6}}}
    >>> two = {"skills": {"burns": {"positions": 10, "first_right": 10}}}
    >>> grid = class_grid([Sitting("Ann", 1.0, one), Sitting("Ann", 2.0, two)], School({}, 1))
    >>> [(p.accuracy, p.total) for p in overall(grid, "Ann")]
    [(0.8, 0.8), (1.0, 0.9)]
    """
    points = []
    positions = right = 0
    for sitting in grid.sittings:
        if sitting.trainee != trainee:
            continue
        tallies = [t for skill in Skill if (t := _tally(sitting.report, skill)) is not None]
        if not tallies:
            continue
        here, good = sum(t[0] for t in tallies), sum(t[1] for t in tallies)
        positions, right = positions + here, right + good
        points.append(Point(sitting.when, round(good / here, 3), round(right / positions, 3)))
    return tuple(points)


CSV_COLUMNS = (
    "trainee",
    "skill",
    "attempts",
    "positions",
    "first_right",
    "accuracy",
    "pass_mark",
    "status",
)


def grid_csv(grid: Grid) -> str:
    """The grid as CSV, one line per trainee and skill (codes, so that a spreadsheet in any
    language reads it; an empty accuracy or pass mark: none)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in grid.rows:
        for cell in row.cells:
            writer.writerow(
                (
                    row.trainee,
                    cell.skill.value,
                    cell.attempts,
                    cell.positions,
                    cell.first_right,
                    "" if cell.accuracy is None else f"{cell.accuracy:.3f}",
                    "" if cell.mark is None else f"{cell.mark:.2f}",
                    cell.status.value,
                )
            )
    return out.getvalue()
