"""Shared fixtures: the repository's folders."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
RULES_MD = ROOT.parent / "shared" / "RULES.md"
