"""A trainee's sessions as CSV: one row per session and skill, for a spreadsheet.

One row per session and skill rather than one per mistake: a skill drilled without a mistake
still has its row (its positions and first-time rights), so a sheet can chart each skill's
accuracy session by session and total it against the pass mark; the rule IDs of the skill's
mistakes in that session are in the row's ``mistakes`` column (``BURN 2; DEAL-ORDER 1``).
The columns are codes, as the JSON report names them; ``skill_name`` is the skill in the
language asked for.

>>> report = {"trainee": "Mei", "date": "2026-11-02T10:00:00+00:00", "lang": "en",
...           "version": "0.1.0", "drill": "normal", "ruleset": "seed", "seed": 3,
...           "learn": False, "skills": {"burns": {"positions": 4, "first_right": 3,
...           "accuracy": 0.75}}, "mistakes": [{"hand": 1, "expected": "burn", "got": "flop",
...           "rule": "BURN", "skill": "burns"}]}
>>> print(csv_text([report], {"burns": 0.95}, Lang.EN), end="")
trainee,date,drill,ruleset,lang,learn,seed,version,skill,skill_name,positions,first_right,accuracy,pass_mark,mistakes
Mei,2026-11-02T10:00:00+00:00,normal,seed,en,no,3,0.1.0,burns,burns,4,3,0.750,0.95,BURN 1
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from dealer.apps.present.texts import say
from dealer.apps.training.scoring import Skill
from dealer.rules.rulebook import Lang

__all__ = ["COLUMNS", "csv_rows", "csv_text"]

COLUMNS = (
    "trainee", "date", "drill", "ruleset", "lang", "learn", "seed", "version", "skill",
    "skill_name", "positions", "first_right", "accuracy", "pass_mark", "mistakes",
)  # fmt: skip


def _cell(value: object) -> str:
    """A cell as text; one that a spreadsheet would run as a formula is quoted."""
    text = "" if value is None else str(value)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_rows(
    reports: Sequence[Mapping[str, Any]], passing: Mapping[str, float], lang: Lang
) -> list[list[str]]:
    """The rows (header first), sessions in date order, skills in the school's order."""
    rows = [list(COLUMNS)]
    for report in sorted(reports, key=lambda r: (str(r.get("trainee", "")), str(r["date"]))):
        mistakes: dict[str, Counter[str]] = {}
        for mistake in report.get("mistakes", []):
            mistakes.setdefault(str(mistake["skill"]), Counter())[str(mistake["rule"])] += 1
        for skill in Skill:
            tally = report["skills"].get(skill.value)
            if not tally or not int(tally["positions"]):
                continue
            positions, right = int(tally["positions"]), int(tally["first_right"])
            broken = sorted(mistakes.get(skill.value, Counter()).items(),
                            key=lambda item: (-item[1], item[0]))  # fmt: skip
            mark = passing.get(skill.value)
            row = (
                report.get("trainee", ""), report["date"], report.get("drill"),
                report.get("ruleset"), report.get("lang"),
                "yes" if report.get("learn") else "no", report.get("seed"),
                report.get("version"), skill.value, say(f"skill-{skill.value}", lang),
                positions, right, f"{right / positions:.3f}",
                "" if mark is None else f"{mark:.2f}",
                "; ".join(f"{rule} {count}" for rule, count in broken),
            )  # fmt: skip
            rows.append([_cell(value) for value in row])
    return rows


def csv_text(reports: Sequence[Mapping[str, Any]], passing: Mapping[str, float], lang: Lang) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(csv_rows(reports, passing, lang))
    return out.getvalue()
