"""The JSON Schema of a trainer report: one session (``dealer train --report``) or a trainee's
export of sessions (the web's ``/progress/NAME/export.json``), each session of the same shape.

Written from the scorer's own definitions (the skills of :class:`Skill`, the keys of
:meth:`Score.as_json` and :func:`report_head`); the package ships it as
``dealer/schemas/report.schema.json``, a test holds the two equal and checks both kinds of report
against it (``python -m dealer.apps.training.schema`` writes it again).

>>> sorted(report_schema()["$defs"]["session"]["properties"]["skills"]["propertyNames"]["enum"])[:3]
['action', 'bet-sizing', 'board']
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dealer.apps.training.scoring import Skill
from dealer.apps.training.session import Drill
from dealer.rules.texts import Lang

__all__ = ["SCHEMA_PATH", "report_schema", "schema_text"]

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "schemas" / "report.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"

_COUNT = {"type": "integer", "minimum": 0}
_TEXT = {"type": "string"}
_RULE_ID = {"pattern": "^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$"}
_SKILLS = {"enum": [skill.value for skill in Skill]}
_DATE = {
    "type": "string",
    "description": "ISO 8601 in UTC, to the second (2026-12-02T00:01:38+00:00)",
}
_VERSION = {"type": ["string", "null"], "description": "the dealer version (null: not recorded)"}


def _session() -> dict[str, Any]:
    tally = {
        "type": "object",
        "required": ["positions", "first_right", "accuracy"],
        "additionalProperties": False,
        "properties": {
            "positions": _COUNT,
            "first_right": _COUNT,
            "accuracy": {"type": "number", "minimum": 0, "maximum": 1},
        },
    }
    mistake = {
        "type": "object",
        "required": ["hand", "expected", "got", "rule", "skill"],
        "additionalProperties": False,
        "properties": {
            "hand": _COUNT,
            "expected": _TEXT,
            "got": _TEXT,
            "rule": {"type": "string"},
            "skill": _SKILLS,
        },
    }
    properties: dict[str, Any] = {
        "trainee": _TEXT,
        "date": _DATE,
        "lang": {
            "enum": [*(lang.value for lang in Lang), None],
            "description": "the trainee's language at the end (null: not recorded)",
        },
        "version": _VERSION,
        "drill": {"enum": [drill.value for drill in Drill]},
        "ruleset": _TEXT,
        "seed": _COUNT,
        "learn": {"type": "boolean"},
        "hands": _COUNT,
        "hands_started": _COUNT,
        "steps_right": _COUNT,
        "steps_wrong": _COUNT,
        "retries": _COUNT,
        "seconds_per_hand": {"type": "number", "minimum": 0},
        "seconds_per_step": {"type": "number", "minimum": 0},
        "skills": {
            "type": "object",
            "propertyNames": _SKILLS,
            "additionalProperties": tally,
        },
        "mistakes_by_rule": {
            "type": "object",
            "propertyNames": _RULE_ID,
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "mistakes_by_skill": {
            "type": "object",
            "propertyNames": _SKILLS,
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "mistakes": {"type": "array", "items": mistake},
    }
    return {
        "type": "object",
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
    }


def report_schema() -> dict[str, Any]:
    """The schema: a session report, or an export of a trainee's session reports."""
    export = {
        "type": "object",
        "required": ["export", "trainee", "date", "version", "sessions"],
        "additionalProperties": False,
        "properties": {
            "export": {"const": "dealer-trainer"},
            "trainee": _TEXT,
            "date": _DATE | {"description": "when the export was made (UTC, ISO 8601)"},
            "version": _VERSION,
            "sessions": {"type": "array", "items": {"$ref": "#/$defs/session"}},
        },
    }
    return {
        "$schema": DIALECT,
        "title": "dealer trainer report (a session, or a trainee's export of sessions)",
        "oneOf": [{"$ref": "#/$defs/session"}, {"$ref": "#/$defs/export"}],
        "$defs": {"session": _session(), "export": export},
    }


def schema_text() -> str:
    return json.dumps(report_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")


if __name__ == "__main__":
    main()
