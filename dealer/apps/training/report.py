"""The session report (JSON) and the summary of a trainee's reports against a school's pass marks.

A report carries who trained, when, in which language, ruleset, drill and seed, and with which
version of the tool, so that a school can add sessions up: :func:`summarize` totals each skill
over a trainee's reports, lists the accuracy session by session (progress over time), and says
whether the total meets the school's pass mark (``procedures/school.yaml``).

The terminal's ``--report`` writes one session's report; the web's export
(``/progress/NAME/export.json``) is an *export*: the trainee, when it was made, the version, and
their sessions, each a report of the same shape (``dealer/schemas/report.schema.json``). A
summary reads either, any number of each.
"""

from __future__ import annotations

import datetime
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

__all__ = [
    "School",
    "export_json",
    "load_reports",
    "load_school",
    "report_date",
    "report_head",
    "report_json",
    "summarize",
]

SCHOOL_PATH = PROCEDURES / "school.yaml"


def report_date(stamp: float | None = None) -> str:
    """A report's date: the moment (now by default) in UTC, to the second, ISO 8601.

    >>> report_date(0.0)
    '1970-01-01T00:00:00+00:00'
    """
    moment = (
        datetime.datetime.now(datetime.UTC)
        if stamp is None
        else (datetime.datetime.fromtimestamp(stamp, datetime.UTC))
    )
    return moment.isoformat(timespec="seconds")


def report_head(*, trainee: str, date: str, lang: Lang | None) -> dict[str, Any]:
    """Who trained, when, in which language, with which version (``lang`` None: not recorded,
    a session the web stored before it kept the language)."""
    return {
        "trainee": trainee,
        "date": date,
        "lang": None if lang is None else lang.value,
        "version": __version__,
    }


def report_json(score: Score, *, trainee: str, date: str, lang: Lang) -> dict[str, Any]:
    """The session's report: who, when, how, and the score."""
    return {**report_head(trainee=trainee, date=date, lang=lang), **score.as_json()}


def export_json(trainee: str, reports: Sequence[Mapping[str, Any]], date: str) -> dict[str, Any]:
    """A trainee's sessions as one file (the web's export): each a session report."""
    return {
        "export": "dealer-trainer",
        "trainee": trainee,
        "date": date,
        "version": __version__,
        "sessions": [dict(report) for report in reports],
    }


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
    """The session reports in the files: a report (``train --report``), an export of a trainee's
    sessions (the web's), or a list of reports; each checked for what a summary reads, and a
    session found in several files counted once."""
    reports: list[dict[str, Any]] = []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise SourceError(str(path), 0, f"cannot read: {error.strerror}") from None
        except json.JSONDecodeError as error:
            raise SourceError(str(path), error.lineno, f"not JSON: {error.msg}") from None
        except UnicodeDecodeError:
            raise SourceError(str(path), 0, "not JSON: not UTF-8 text") from None
        if isinstance(data, dict) and "sessions" in data and "skills" not in data:
            sessions = data["sessions"]
            if not isinstance(sessions, list):
                raise SourceError(str(path), 1, "an export's 'sessions' must be a list of reports")
            reports.extend(_checked(path, report, number) for number, report in
                           enumerate(sessions, 1))  # fmt: skip
        elif isinstance(data, list):
            reports.extend(_checked(path, report, n) for n, report in enumerate(data, 1))
        else:
            reports.append(_checked(path, data, None))
    # The same session in two files (this week's export and last week's) counts once: a session
    # is known by all it holds, its trainee and its date to the second among them.
    seen: set[str] = set()
    unique = []
    for report in reports:
        key = json.dumps(report, sort_keys=True, ensure_ascii=False)
        if key not in seen:
            seen.add(key)
            unique.append(report)
    return unique


def _checked(path: Path, data: object, number: int | None) -> dict[str, Any]:
    which = "" if number is None else f"session {number}: "
    if not isinstance(data, dict) or not isinstance(data.get("skills"), dict):
        raise SourceError(str(path), 1, f"{which}not a trainer report (no 'skills')")
    for skill, tally in data["skills"].items():
        if not isinstance(tally, dict) or not all(
            isinstance(tally.get(key), int) and not isinstance(tally.get(key), bool)
            for key in ("positions", "first_right")
        ):
            raise SourceError(
                str(path), 1, f"{which}skill {skill!r}: expected 'positions' and 'first_right'"
            )
    for key in ("trainee", "date"):
        if not isinstance(data.setdefault(key, ""), str):
            raise SourceError(str(path), 1, f"{which}{key!r} must be a text")
    return data


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
            done = [t for t in tallies if t and int(t["positions"]) > 0]
            if not done:
                continue
            right = sum(int(t["first_right"]) for t in done)
            positions = sum(int(t["positions"]) for t in done)
            progress = " → ".join(
                f"{round(100 * int(t['first_right']) / int(t['positions']))}%" for t in done
            )
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
