"""Speed work changes nothing: event logs, stacks and rulings against digests kept in a fixture.

``tests/fixtures/event-digests.json`` holds a digest of what every shipped scenario and a few
hundred seeded random hands (random tables, players and mishaps, refusals included, under both
rulesets; and clean hands in every structure) produce: each event's text, the final stacks, the
rulings, the refusals. It was written from the code without the speed work of issue 15 (main at
7c4fe2e), and that work gives the same digests; any later change that alters a hand is caught
here, not only a difference between the two ways of running the machine
(``tests/test_procedure.py``).

A change meant to alter hands (a new ruling, a fixed procedure) writes the fixture anew:

    python -m tests.test_event_digests      # then review the change in git diff
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable
from pathlib import Path

import pytest

from dealer.core.deck import DeckPlan
from dealer.core.stakes import Structure
from dealer.engine.hand import Hand
from dealer.engine.random_play import play_random_hand, random_table
from dealer.scenarios.format import read_scenario
from dealer.scenarios.replay import replay
from tests.conftest import ROOT, SCENARIOS
from tests.helpers import play_random_mishaps
from tests.test_mishap_properties import candidates

FIXTURE = ROOT / "tests" / "fixtures" / "event-digests.json"
MISHAP_HANDS = 150  # per ruleset
CLEAN_HANDS = 60  # per structure


def _digest(lines: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:20]


def _hand_lines(hand: Hand) -> list[str]:
    stacks = " ".join(f"{seat}:{amount}" for seat, amount in sorted(hand.stacks.items()))
    rulings = " ".join(f"{ruled.rule_id}({ruled.label})" for ruled in hand.rulings)
    return [
        *(str(event) for event in hand.events),
        f"stacks {stacks}",
        f"rulings {rulings}",
        f"state {hand.state}",
    ]


def scenario_digest(path: Path) -> str:
    """A scenario replayed (audited): its failure, and each hand's events and final state."""
    result = replay(read_scenario(path))
    lines = [f"failure {result.failure}"]
    for report in result.hands:
        lines.extend(str(event) for event in report.events)
        lines.append(json.dumps(report.final, sort_keys=True, default=str))
    return _digest(lines)


def mishap_hand_digest(seed: int, ruleset: str) -> str:
    """A random hand with random mishaps and steps, refusals included (as in
    ``tests/test_procedure.py``), run without the audit (the fast path speed work touches)."""
    rng = random.Random(seed)
    table = random_table(rng, ruleset=ruleset)
    hand = Hand(table, DeckPlan(seed=seed))
    log = play_random_mishaps(hand, rng, candidates)
    return _digest([*log, *_hand_lines(hand)])


def clean_hand_digest(seed: int, structure: Structure) -> str:
    table = random_table(random.Random(seed), structure)
    return _digest(_hand_lines(play_random_hand(table, seed)))


def _scenario_files() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.yaml"))


def compute() -> dict[str, dict[str, str]]:
    return {
        "scenarios": {
            str(path.relative_to(SCENARIOS)): scenario_digest(path) for path in _scenario_files()
        },
        "mishap_hands": {
            f"{ruleset}:{seed}": mishap_hand_digest(seed, ruleset)
            for ruleset in ("seed", "wsop-2024")
            for seed in range(MISHAP_HANDS)
        },
        "clean_hands": {
            f"{structure}:{seed}": clean_hand_digest(seed, structure)
            for structure in Structure
            for seed in range(CLEAN_HANDS)
        },
    }


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return found


_HOW = "a change meant to alter hands rewrites the fixture: python -m tests.test_event_digests"


def test_every_shipped_scenario_replays_as_before(golden: dict[str, dict[str, str]]) -> None:
    kept = golden["scenarios"]
    now = {str(path.relative_to(SCENARIOS)): path for path in _scenario_files()}
    # scenarios added since the fixture was written are not in it (nor those taken away)
    changed = [
        name for name, path in now.items() if name in kept and scenario_digest(path) != kept[name]
    ]
    assert changed == [], f"scenarios replay differently: {changed}; {_HOW}"
    assert len(set(kept) & set(now)) >= 80


@pytest.mark.parametrize("ruleset", ["seed", "wsop-2024"])
def test_random_hands_with_mishaps_play_as_before(
    golden: dict[str, dict[str, str]], ruleset: str
) -> None:
    kept = golden["mishap_hands"]
    changed = [
        seed
        for seed in range(MISHAP_HANDS)
        if mishap_hand_digest(seed, ruleset) != kept[f"{ruleset}:{seed}"]
    ]
    assert changed == [], f"hands play differently under {ruleset}, seeds {changed}; {_HOW}"


def test_clean_random_hands_play_as_before(golden: dict[str, dict[str, str]]) -> None:
    kept = golden["clean_hands"]
    changed = [
        key
        for structure in Structure
        for seed in range(CLEAN_HANDS)
        if clean_hand_digest(seed, structure) != kept[key := f"{structure}:{seed}"]
    ]
    assert changed == [], f"hands play differently: {changed}; {_HOW}"


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
