"""Every rule of the rulebook is exercised by a scenario, under each ruleset where remedies differ.

The few rules of the normal procedure not yet built are listed by name below: the list may only
shrink (a listed ID that gains a scenario fails the test until it is taken off the list).
"""

from __future__ import annotations

import yaml

from dealer.rules.rulebook import Section, ids, rule
from tests.conftest import SCENARIOS

# FOLD and SHOWDOWN-MUCK (RULES.md, turn 3): their scenarios come with the showdown work.
NOT_YET_SCENARIO_A: frozenset[str] = frozenset({"FOLD"})


def _covered() -> dict[str, set[str]]:
    """rule ID -> the rulesets of the scenarios that list it."""
    covered: dict[str, set[str]] = {}
    for path in SCENARIOS.rglob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        ruleset = str(doc.get("ruleset", "seed"))
        base = "wsop-2024" if ruleset == "wsop-2024" else "seed"
        for rule_id in doc.get("rules", []):
            covered.setdefault(rule_id, set()).add(base)
    return covered


def test_every_irregularity_has_a_scenario_under_each_ruleset_where_remedies_differ() -> None:
    covered = _covered()
    missing = []
    for rule_id in ids(Section.B):
        entry = rule(rule_id)
        seed, wsop = entry.ruling("seed"), entry.ruling("wsop-2024")
        needed = {"seed"} if seed.same_remedy(wsop) else {"seed", "wsop-2024"}
        lacking = needed - covered.get(rule_id, set())
        if lacking:
            missing.append(f"{rule_id} under {', '.join(sorted(lacking))}")
    assert missing == []


def test_not_yet_lists_only_what_is_really_missing() -> None:
    covered = _covered()
    assert sorted(NOT_YET_SCENARIO_A & covered.keys()) == []


def test_every_normal_procedure_rule_has_a_scenario() -> None:
    covered = _covered()
    wanted = [
        rid for rid in (*ids(Section.A), *ids(Section.BETTING)) if rid not in NOT_YET_SCENARIO_A
    ]
    assert [rid for rid in wanted if rid not in covered] == []


def test_the_machine_recognises_every_irregularity() -> None:
    """Every §B ruling is named by a recognised mishap in procedures/holdem.yaml."""
    from dealer.engine.procedure import procedure

    named = set()
    for transition in procedure().transitions:
        before = transition.get("before") or []
        for callback in [before] if isinstance(before, str) else before:
            kind, _, ruling = str(callback).partition(":")
            if kind in ("ruling", "ruling-sa"):
                named.add(ruling.partition("=")[0].partition("/")[0])
    assert sorted(set(ids(Section.B)) - named) == []
    assert sorted(named - set(ids(Section.B))) == []
