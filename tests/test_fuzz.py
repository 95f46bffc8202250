"""A seeded fuzz round in the suite: mutated copies of the shipped scenarios and the house overlay
(tests/fuzz.py says how they are made: values, hostile YAML, cut lines, mishaps inserted, files of
several hands, overlays with hostile names and choices) all pass, fail an expectation, or are
refused at ``file:line``; none gives a traceback, an internal error or a hang. Flipped
expectations never pass, and special files named ``*.yaml`` are refused by name at once. A long
round: ``python -m tests.fuzz --files 10000 --seed 1`` (docs/contributing.md, "Fuzz and property
runs")."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from tests import fuzz

KINDS = {"overlay", "hostile-overlay", "yaml", "cut", "mishaps", "hands", "values"}


def test_mutated_scenarios_and_overlays_are_refused_or_replayed(tmp_path: Path) -> None:
    outcome = fuzz.run(1500, seed=12, folder=tmp_path)
    assert outcome.bad == []
    # The round reaches every outcome: it is not all refusals.
    assert {"passed", "failed", "refused"} <= set(outcome.counts)


def test_the_round_uses_every_mutator() -> None:
    names = [name for name, _, _ in fuzz.mutants(300, seed=12)]
    used = {re.sub(r"^fuzz-12-\d+-(.+)\.yaml$", r"\1", name) for name in names}
    assert used == KINDS


def test_a_flipped_expectation_never_passes(tmp_path: Path) -> None:
    outcome = fuzz.run_flipped(250, seed=5, folder=tmp_path)
    assert outcome.bad == []
    assert outcome.counts["failed"] > 200  # most flips are read, replayed and caught


def test_special_files_are_refused_by_name_at_once(tmp_path: Path) -> None:
    outcome = fuzz.run_special(tmp_path)
    assert outcome.bad == []
    assert outcome.counts["refused"] == len(list(tmp_path.iterdir())) >= 6


def test_the_command_line_gives_only_its_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    codes: set[int] = set()
    for name, text, overlay in fuzz.mutants(150, seed=7):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        if overlay is not None:
            (tmp_path / "house.yaml").write_text(overlay, encoding="utf-8")
        from dealer.rules.rulesets import load_ruleset

        load_ruleset.cache_clear()
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code in (0, 1, 2), (name, result.output)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            assert result.stderr.startswith(f"{path}:") or result.stderr.startswith(
                f"{tmp_path / 'house.yaml'}:"
            ), result.stderr
        codes.add(result.exit_code)
        path.unlink()
    assert codes == {0, 1, 2}
