"""Expectations read as docs/scenario-format.md documents them: ``owed`` takes the rulebook's
words or the commands a scenario types, item by item, in order (DECK-DUPLICATE: void, return
chips, gather)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer.scenarios.format import read_scenario
from dealer.scenarios.replay import replay
from tests.conftest import SCENARIOS

WORDS = (
    "owed: [Declare all action void, Return every chip to whoever wagered it, "
    "Retrieve every card dealt]"
)


@pytest.mark.parametrize(
    ("owed", "passes"),
    [
        ("owed: [void, return chips, gather]", True),
        ("owed: [Declare all action void, return chips, Retrieve every card dealt]", True),
        ("owed: [void, gather, return chips]", False),
        ("owed: [void, return chips]", False),
    ],
)
def test_owed_as_commands_or_words(tmp_path: Path, owed: str, passes: bool) -> None:
    text = (SCENARIOS / "irregularities" / "deck-duplicate.yaml").read_text(encoding="utf-8")
    assert WORDS in text
    path = tmp_path / "deck-duplicate.yaml"
    path.write_text(text.replace(WORDS, owed), encoding="utf-8")
    result = replay(read_scenario(path))
    assert result.passed is passes, result.failure
