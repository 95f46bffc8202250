"""JSON Schemas for scenario files and ruleset overlays, written from the reader's own definitions
(:mod:`dealer.scenarios.vocabulary`, the overlay choices of :mod:`dealer.rules.rulesets`, the step
words of :mod:`dealer.core.steps`), so an editor knows exactly the keys the reader accepts.

The package ships them as ``dealer/schemas/scenario.schema.json`` and ``overlay.schema.json``; a
test holds them equal to what this module writes (``python -m dealer.scenarios.schema`` writes them
again). The reader checks more than a schema can (a card twice, seats against the ruleset); the
schema never refuses a file the reader accepts, written in lower case.

>>> sorted(scenario_schema()["properties"]) == sorted(vocabulary.SCENARIO)
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dealer.core.steps import step_pattern
from dealer.rules.rulesets import CHOICES, NAME_LENGTH, RULESET_KEYS, names
from dealer.scenarios import vocabulary
from dealer.scenarios.format import AUTO_TARGETS, PLAYER_POLICIES

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
DIALECT = "https://json-schema.org/draft/2020-12/schema"

_CARD = "(10|[2-9TJQKAtjqka])[shdcSHDC]"
_AMOUNT = {
    "anyOf": [
        {"type": "number", "minimum": 0},
        {"type": "string", "pattern": "^ *[0-9]+(\\.[0-9]+)? *$"},
    ]
}
_CARDS = {
    "anyOf": [
        {"type": "string", "pattern": f"^ *({_CARD}( +|$))*$"},
        {"type": "array", "items": {"type": "string", "pattern": f"^ *{_CARD} *$"}},
        {"type": "null"},
    ]
}
_SEAT = {"type": "integer", "minimum": 1, "maximum": 10}
_SEAT_OR_NULL = {"anyOf": [_SEAT, {"type": "null"}]}
_TEXTS = {"type": "array", "items": {"type": "string"}}
_PHH_SCALAR = {"type": ["string", "number", "boolean"]}
_PHH_VALUE = {"anyOf": [_PHH_SCALAR, {"type": "array", "items": _PHH_SCALAR}]}


def _seats(value: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "propertyNames": {"pattern": "^([1-9]|10)$"},
        "additionalProperties": value,
    }


def _object(properties: dict[str, Any], descriptions: dict[str, str], **more: Any) -> Any:
    if set(properties) != set(descriptions):
        raise ValueError(
            f"the schema and the vocabulary differ: {set(properties) ^ set(descriptions)}"
        )
    described = {
        key: {**value, "description": descriptions[key]} for key, value in properties.items()
    }
    return {"type": "object", "additionalProperties": False, "properties": described, **more}


_EXPECT = {
    "state": {"type": "string"},
    "expected": {"type": "string"},
    "board": _CARDS,
    "burns": _CARDS,
    "muck": _CARDS,
    "set_aside": _CARDS,
    "scrap": _CARDS,
    "stub_top": _CARDS,
    "stub_size": {"type": "integer", "minimum": 0},
    "burns_count": {"type": "integer", "minimum": 0},
    "scrap_count": {"type": "integer", "minimum": 0},
    "hands": _seats(_CARDS),
    "stacks": _seats(_AMOUNT),
    "pot": _AMOUNT,
    "committed": _seats(_AMOUNT),
    "to_act": _SEAT_OR_NULL,
    "folded": {"type": "array", "items": _SEAT},
    "next_button": _SEAT_OR_NULL,
    "button": _SEAT_OR_NULL,
    "events": _TEXTS,
    "events_end": _TEXTS,
    "shown": _seats({"type": "string"}),
    "rulings": _TEXTS,
    "owed": _TEXTS,
    "branches": _TEXTS,
}


def _deck() -> Any:
    return _object(
        {
            "seed": {"type": ["integer", "string"]},
            "stacked": _CARDS,
            "cut": {"type": "integer", "minimum": 1, "maximum": 51},
            "unknown": _CARDS,
            "missing": _CARDS,
        },
        dict(vocabulary.DECK),
    )


def _steps() -> Any:
    step_text = {"type": "string", "pattern": step_pattern()}
    kinds: dict[str, dict[str, Any]] = {
        "step": {"step": step_text, "refused": {"type": "string"}},
        "mishap": {
            "mishap": {"type": "string"},
            "refused": {"type": "string"},
            "noticed": {"enum": ["at once", "later"]},
            "at": {"type": "integer", "minimum": 1, "maximum": 3},
        },
        "auto": {
            "auto": {"anyOf": [{"enum": list(AUTO_TARGETS)}, {"type": "string"}]},
            "players": {"enum": list(PLAYER_POLICIES)},
        },
        "expect": {"expect": _object(_EXPECT, dict(vocabulary.EXPECT))},
    }
    mappings = [
        _object(
            {key: kinds[kind][key] for key in keys},
            {key: vocabulary.STEP[key] for key in keys},
            required=[kind],
        )
        for kind, keys in vocabulary.STEP_KINDS.items()
    ]
    return {"type": "array", "items": {"anyOf": [step_text, *mappings]}}


def _table() -> Any:
    pair = {"type": "array", "items": _AMOUNT, "minItems": 2, "maxItems": 2}
    return _object(
        {
            "game": {"enum": ["limit", "no-limit", "pot-limit"]},
            "blinds": pair,
            "bets": pair,
            "ante": {
                "anyOf": [
                    _AMOUNT,
                    {
                        "type": "object",
                        "properties": {"big-blind": _AMOUNT, "button": _AMOUNT},
                        "additionalProperties": False,
                        "minProperties": 1,
                        "maxProperties": 1,
                    },
                ]
            },
            "straddle": {"anyOf": [{"type": "boolean"}, {"const": "button"}, _AMOUNT]},
            "chip": _AMOUNT,
            "dead_small_blind": {"type": "boolean"},
            "tournament": {"type": "boolean"},
            "button": {
                "anyOf": [
                    _SEAT,
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["draw"],
                        "properties": {"draw": {"type": ["integer", "string"]}},
                    },
                ]
            },
            "seats": {**_seats(_AMOUNT), "minProperties": 1},
        },
        dict(vocabulary.TABLE),
        required=["game", "button", "seats"],
    )


def scenario_schema() -> dict[str, Any]:
    hand = _object(
        {"steps": _steps(), "deck": _deck(), "leave": {"type": "array", "items": _SEAT}},
        dict(vocabulary.HAND),
        required=["steps"],
    )
    schema = _object(
        {
            "scenario": {"type": "string", "minLength": 1},
            "rules": {
                "type": "array",
                "items": {"type": "string", "pattern": "^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$"},
            },
            "ruleset": {
                "anyOf": [
                    {"enum": ["seed", "wsop-2024"]},
                    {"type": "string", "pattern": "\\.ya?ml$"},
                ]
            },
            "table": _table(),
            "deck": _deck(),
            "steps": _steps(),
            "hands": {"type": "array", "minItems": 1, "items": hand},
            "phh": _object(dict.fromkeys(vocabulary.PHH, _PHH_VALUE), dict(vocabulary.PHH)),
        },
        dict(vocabulary.SCENARIO),
        required=["scenario", "table"],
        oneOf=[{"required": ["steps"]}, {"required": ["hands"]}],
    )
    return {"$schema": DIALECT, "title": "dealer scenario (format v1)", **schema}


def overlay_schema() -> dict[str, Any]:
    choices = {key: choice[2] for key, choice in CHOICES.items()}
    words = {key: choice[1] for key, choice in CHOICES.items()}
    schema = _object(
        {
            "extends": {"type": "string", "minLength": 1},
            "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": NAME_LENGTH,
                "pattern": "^[^\\s](.*[^\\s])?$",
            },
            "title": {"type": "string", "minLength": 1},
            "choices": _object(choices, words),
            "rulings": {
                "type": "object",
                "minProperties": 1,
                "propertyNames": {"pattern": "^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$"},
                "additionalProperties": {"enum": list(names())},
            },
        },
        dict(RULESET_KEYS),
    )
    return {"$schema": DIALECT, "title": "dealer ruleset or house overlay", **schema}


def texts() -> dict[str, str]:
    """File name -> the JSON text shipped under ``dealer/schemas``."""
    return {
        "scenario.schema.json": json.dumps(scenario_schema(), indent=2) + "\n",
        "overlay.schema.json": json.dumps(overlay_schema(), indent=2) + "\n",
    }


def main() -> None:
    SCHEMAS.mkdir(exist_ok=True)
    for name, text in texts().items():
        (SCHEMAS / name).write_text(text, encoding="utf-8")
        print(f"wrote {SCHEMAS / name}")


if __name__ == "__main__":
    main()
