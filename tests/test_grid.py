"""The class grid (issue 26 item 2): the numbers a school reads per trainee and skill, against the
pass marks of ``procedures/school.yaml``, computed the way ``dealer train --summary`` adds sessions
up (the first-try accuracy over every position of a skill; below ``minimum`` positions, no
verdict)."""

from __future__ import annotations

import csv
import io
from typing import Any

from dealer.apps.training.grid import Sitting, Status, class_grid, grid_csv, trainee_detail
from dealer.apps.training.report import load_school, summarize
from dealer.apps.training.scoring import Skill
from dealer.rules.rulebook import Lang, rule

SCHOOL = load_school()  # procedures/school.yaml: burns 0.95, side-pots 0.85, minimum 10


def report(drill: str, **skills: tuple[int, int]) -> dict[str, Any]:
    return {
        "drill": drill,
        "skills": {
            name.replace("_", "-"): {"positions": p, "first_right": r, "accuracy": round(r / p, 3)}
            for name, (p, r) in skills.items()
        },
        "mistakes": [],
    }


def test_a_cell_adds_the_sessions_up_and_judges_the_total_against_the_pass_mark() -> None:
    assert SCHOOL.passing["burns"] == 0.95 and SCHOOL.minimum == 10
    sittings = [
        Sitting("Ann", 1.0, report("normal", burns=(8, 7))),
        Sitting("Ann", 2.0, report("normal", burns=(12, 12))),  # 19 of 20: 0.95, the mark
        Sitting("Bo", 1.5, report("normal", burns=(12, 11))),  # 11 of 12: below 0.95
        Sitting("Cy", 1.5, report("normal", burns=(9, 9))),  # 9 positions: fewer than 10
    ]
    grid = class_grid(sittings, SCHOOL, trainees=["Di"])
    assert [row.trainee for row in grid.rows] == ["Ann", "Bo", "Cy", "Di"]
    ann, bo, cy, di = (row.cell(Skill.BURNS) for row in grid.rows)
    assert (ann.attempts, ann.positions, ann.first_right, ann.status) == (2, 20, 19, Status.PASS)
    assert [(p.accuracy, p.total) for p in ann.history] == [(0.875, 0.875), (1.0, 0.95)]
    assert (bo.status, cy.status, di.status) == (Status.FAIL, Status.TOO_FEW, Status.NOT_ATTEMPTED)
    assert di.accuracy is None and grid.rows[3].sessions == 0 and grid.rows[3].last is None
    assert grid.rows[0].cell(Skill.SIDE_POTS).status is Status.NOT_ATTEMPTED


def test_the_grid_agrees_with_the_summary_of_the_same_reports() -> None:
    reports = [
        {**report("normal", burns=(8, 7), board=(6, 6)), "trainee": "Ann", "date": "2026-01-01"},
        {**report("normal", burns=(12, 12)), "trainee": "Ann", "date": "2026-01-02"},
    ]
    lines = summarize(reports, SCHOOL, Lang.EN)
    grid = class_grid([Sitting("Ann", i, r) for i, r in enumerate(reports)], SCHOOL)
    burns = grid.row("Ann").cell(Skill.BURNS)
    assert any("19/20" in line and "95%" in line for line in lines), lines
    assert (burns.first_right, burns.positions, burns.status) == (19, 20, Status.PASS)


def test_the_trainee_detail_names_each_mistake_rule_with_its_sources() -> None:
    mistake = {"hand": 2, "expected": "burn", "got": "turn", "rule": "BURN", "skill": "burns"}
    other = {"hand": 3, "expected": "award main 30 to 4", "got": "award main 30 to 2",
             "rule": "SIDE-POTS", "skill": "side-pots"}  # fmt: skip
    sittings = [
        Sitting("Ann", 1.0, {**report("normal", burns=(4, 3)), "mistakes": [mistake]}),
        Sitting("Ann", 2.0, {**report("normal", burns=(4, 3)), "mistakes": [mistake, other]}),
        Sitting("Bo", 2.0, {**report("normal", burns=(4, 3)), "mistakes": [other]}),
    ]
    detail = trainee_detail(class_grid(sittings, SCHOOL), "Ann")
    assert [(t.rule, t.mistakes, t.skill) for t in detail.rules] == [
        ("BURN", 2, Skill.BURNS),
        ("SIDE-POTS", 1, Skill.SIDE_POTS),
    ]
    assert detail.rules[0].sources == rule("BURN").sources
    assert [(m.when, m.hand, m.rule) for m in detail.mistakes] == [
        (1.0, 2, "BURN"), (2.0, 2, "BURN"), (2.0, 3, "SIDE-POTS")
    ]  # fmt: skip


def test_the_csv_has_a_line_per_trainee_and_skill() -> None:
    grid = class_grid([Sitting("Ann", 1.0, report("normal", burns=(12, 11)))], SCHOOL, ["Bo"])
    rows = list(csv.DictReader(io.StringIO(grid_csv(grid))))
    assert len(rows) == 2 * len(Skill)
    burns = next(r for r in rows if r["trainee"] == "Ann" and r["skill"] == "burns")
    assert burns == {"trainee": "Ann", "skill": "burns", "attempts": "1", "positions": "12",
                     "first_right": "11", "accuracy": "0.917", "pass_mark": "0.95",
                     "status": "fail"}  # fmt: skip
    assert {r["status"] for r in rows if r["trainee"] == "Bo"} == {"not-attempted"}
