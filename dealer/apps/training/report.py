"""The session report (JSON) and the summary of a trainee's reports against a school's pass marks.

A report carries who trained, when, in which language, ruleset, drill and seed, and with which
version of the tool, so that a school can add sessions up: :func:`summarize` totals each skill
over a trainee's reports, lists the accuracy session by session (progress over time), and says
whether the total meets the school's pass mark (``procedures/school.yaml``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer import __version__
from dealer.apps.present.texts import say
from dealer.apps.training.scoring import Score, Skill
from dealer.core.errors import did_you_mean
from dealer.rules.rulebook import Lang
from dealer.rules.rulesets import PROCEDURES
from dealer.rules.source import Node, SourceError, check_keys, load_file

__all__ = ["School", "load_reports", "load_school", "report_json", "summarize"]

SCHOOL_PATH = PROCEDURES / "school.yaml"


def report_json(score: Score, *, trainee: str, date: str, lang: Lang) -> dict[str, Any]:
    """The session's report: who, when, how, and the score."""
    head = {"trainee": trainee, "date": date, "lang": lang.value, "version": __version__}
    return {**head, **score.as_json()}


@dataclass(frozen=True, slots=True)
class School:
    passing: Mapping[str, float]
    minimum: int


def load_school(path: Path | None = None) -> School:
    """The pass marks; ``file:line: message`` (SourceError) at the line of what is wrong, a
    misspelt key or skill named with the closest one."""
    where = path or SCHOOL_PATH
    shown = str(path) if path is not None else "procedures/school.yaml"
    data = load_file(where, shown)
    if not isinstance(data, Node):
        raise SourceError(shown, 1, "expected 'pass:' with a mark per skill")
    check_keys(data, ("pass", "minimum"), "a school's pass marks")
    marks = data.get("pass")
    if not isinstance(marks, Node):
        raise data.error("pass", "expected 'pass:' with a mark per skill")
    skills = [skill.value for skill in Skill]
    passing: dict[str, float] = {}
    for skill, mark in marks.items():
        if skill not in skills:
            hint = did_you_mean(str(skill), skills) or f": {', '.join(sorted(skills))}"
            raise marks.error(skill, f"unknown skill {skill!r}{hint}")
        if isinstance(mark, bool) or not isinstance(mark, int | Decimal) or not 0 <= mark <= 1:
            raise marks.error(skill, f"{skill}: the pass mark must be from 0 to 1")
        passing[str(skill)] = float(mark)
    minimum = data.get("minimum", 1)
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 1:
        raise data.error("minimum", "minimum: expected a whole number of at least 1")
    return School(passing, minimum)


def load_reports(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """The reports, each checked for what a summary reads."""
    reports = []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise SourceError(str(path), 0, f"cannot read: {error.strerror}") from None
        except json.JSONDecodeError as error:
            raise SourceError(str(path), error.lineno, f"not JSON: {error.msg}") from None
        if not isinstance(data, dict) or not isinstance(data.get("skills"), dict):
            raise SourceError(str(path), 1, "not a trainer report (no 'skills')")
        data.setdefault("trainee", "")
        data.setdefault("date", "")
        reports.append(data)
    return reports


def summarize(reports: Sequence[Mapping[str, Any]], school: School, lang: Lang) -> list[str]:
    """Per trainee: each skill's accuracy per session in date order, the total, pass or not."""
    lines: list[str] = []
    trainees = sorted({str(report["trainee"]) for report in reports})
    for trainee in trainees:
        mine = sorted((r for r in reports if r["trainee"] == trainee), key=lambda r: str(r["date"]))
        name = trainee or say("summary-nobody", lang)
        lines.append(say("summary-trainee", lang, trainee=name, sessions=len(mine)))
        for skill in Skill:
            tallies = [r["skills"].get(skill.value) for r in mine]
            done = [t for t in tallies if t]
            if not done:
                continue
            right = sum(int(t["first_right"]) for t in done)
            positions = sum(int(t["positions"]) for t in done)
            progress = " → ".join(f"{round(100 * float(t['accuracy']))}%" for t in done)
            mark = school.passing.get(skill.value)
            if mark is None:
                verdict = ""
            elif positions < school.minimum:
                verdict = say("summary-too-few", lang, minimum=school.minimum)
            elif right / positions >= mark:
                verdict = say("summary-pass", lang, mark=round(100 * mark))
            else:
                verdict = say("summary-fail", lang, mark=round(100 * mark))
            lines.append(
                "  "
                + say(
                    "summary-skill",
                    lang,
                    skill=say(f"skill-{skill.value}", lang),
                    right=right,
                    positions=positions,
                    percent=round(100 * right / positions),
                    progress=progress,
                    verdict=verdict,
                ).rstrip()
            )
    return lines
