"""Shared fixtures: the repository's folders."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
RULES_MD = ROOT.parent / "shared" / "RULES.md"


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The language defaults to the system locale's: tests read English unless they ask."""
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
