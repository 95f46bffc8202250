"""Every scenario in scenarios/ replays and passes.

Cards and chips are audited after every event.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer.scenarios.format import read_scenario
from dealer.scenarios.replay import replay
from tests.conftest import SCENARIOS

FILES = sorted(SCENARIOS.rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_passes(path: Path) -> None:
    result = replay(read_scenario(path))
    assert result.failure is None, result.failure
    assert result.hands, "a scenario plays at least one hand"
