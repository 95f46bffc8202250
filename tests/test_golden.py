"""What `dealer rule` prints, held to the committed golden files.

Regenerate after a deliberate change: python -m tests.golden
"""

from __future__ import annotations

import pytest

from tests.golden import GOLDEN, rendered


@pytest.mark.parametrize("name", sorted(rendered()))
def test_rule_output_matches_its_golden_file(name: str) -> None:
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert rendered()[name] == expected, f"{name} changed: run python -m tests.golden and review"
