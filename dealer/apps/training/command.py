"""What ``dealer train`` does besides a session: the report it writes, the summary it prints."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from dealer.apps.training.report import load_reports, load_school, report_json, summarize
from dealer.apps.training.scoring import Score
from dealer.rules.rulebook import Lang
from dealer.rules.source import SourceError

__all__ = ["TrainError", "report", "summary"]


class TrainError(ValueError):
    """Bad input to ``dealer train``: ``file:line: what is wrong``."""


def report(score: Score, *, trainee: str, lang: Lang, date: str | None = None) -> dict[str, Any]:
    today = date or datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return report_json(score, trainee=trainee, date=today, lang=lang)


def summary(paths: list[Path], school: Path | None, lang: Lang) -> str:
    if not paths:
        raise TrainError("--summary:0: name the reports to add up")
    try:
        return "\n".join(summarize(load_reports(paths), load_school(school), lang))
    except SourceError as error:
        raise TrainError(str(error)) from None
