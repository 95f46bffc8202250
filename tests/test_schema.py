"""The JSON Schemas shipped for editors: written from the reader's definitions, equal to what
``python -m dealer.scenarios.schema`` writes, holding every shipped scenario and overlay valid and
the bad fixtures invalid (but for the faults only the reader can see)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from dealer.scenarios import schema
from tests.conftest import ROOT, SCENARIOS

SCENARIO = jsonschema.Draft202012Validator(schema.scenario_schema())
OVERLAY = jsonschema.Draft202012Validator(schema.overlay_schema())
BAD = ROOT / "tests" / "fixtures" / "bad"
# Faults a schema cannot see: a card twice, what the ruleset allows, amounts against the unit.
READER_ONLY = {
    "card-twice",
    "button-straddle-seed",
    "ten-players-seed",
    "bad-yaml",
    "chip-unit-mismatch",
    "straddle-heads-up",
    "straddle-tournament",
}


def as_json(value: Any) -> Any:
    """A YAML document as an editor's JSON view of it: keys are text."""
    if isinstance(value, dict):
        return {str(key): as_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_json(item) for item in value]
    return value


def load(path: Path) -> Any:
    return as_json(yaml.safe_load(path.read_text(encoding="utf-8")))


def test_the_shipped_schemas_are_the_generated_ones() -> None:
    for name, text in schema.texts().items():
        assert (schema.SCHEMAS / name).read_text(encoding="utf-8") == text, (
            f"run python -m dealer.scenarios.schema to write {name} again"
        )
    jsonschema.Draft202012Validator.check_schema(schema.scenario_schema())
    jsonschema.Draft202012Validator.check_schema(schema.overlay_schema())


@pytest.mark.parametrize("path", sorted(SCENARIOS.rglob("*.yaml")), ids=lambda p: p.name)
def test_every_shipped_scenario_is_valid(path: Path) -> None:
    errors = [error.message for error in SCENARIO.iter_errors(load(path))]
    assert errors == []


def test_every_shipped_ruleset_and_overlay_is_valid() -> None:
    for path in sorted((ROOT / "procedures").rglob("*.yaml")):
        if path.parent.name in ("rulesets", "house"):
            assert list(OVERLAY.iter_errors(load(path))) == [], path


@pytest.mark.parametrize("path", sorted(BAD.glob("*.yaml")), ids=lambda p: p.stem)
def test_bad_fixtures_are_invalid(path: Path) -> None:
    if path.stem in READER_ONLY:
        pytest.skip("the reader refuses it; no schema can")
    assert not SCENARIO.is_valid(load(path))


@pytest.mark.parametrize(
    "text",
    [
        "extend: seed\n",
        "extends: seed\nchoice: {max_players: 9}\n",
        "extends: seed\nchoices: {max_players: 11}\n",
        "extends: seed\nchoices: {limit_cap_bets: -3}\n",
    ],
)
def test_bad_overlays_are_invalid(text: str) -> None:
    assert not OVERLAY.is_valid(as_json(yaml.safe_load(text)))


def test_misspelt_keys_are_invalid() -> None:
    good = load(SCENARIOS / "procedure" / "ante.yaml")
    assert SCENARIO.is_valid(good)
    for where, key in ((good, "foo"), (good["table"], "straddel"), (good["deck"], "seeed")):
        where[key] = 1
        assert not SCENARIO.is_valid(good), key
        del where[key]
    steps = good["hands"][0]["steps"] if "hands" in good else good["steps"]
    steps.append({"step": "seat 1 call", "refusd": "x"})
    assert not SCENARIO.is_valid(good)


def test_the_command_prints_the_shipped_schema() -> None:
    from typer.testing import CliRunner

    from dealer.apps.cli.commands import app

    for kind in ("scenario", "overlay"):
        result = CliRunner().invoke(app, ["schema", kind])
        assert result.exit_code == 0
        assert result.stdout == schema.texts()[f"{kind}.schema.json"]
    result = CliRunner().invoke(app, ["schema", "hand"])
    assert result.exit_code == 2
    assert result.stderr == "hand:0: no schema 'hand': scenario, overlay or report\n"
