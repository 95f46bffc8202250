"""The pytest plugin: a folder of scenario files configured by path runs as test items, failures
read ``file:line: ...``, nothing is collected unless asked, and pytest-xdist spreads the items."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, SCENARIOS

BURN = "expected burn before the turn (BURN); got: turn"


def _suite(tmp_path: Path) -> Path:
    suite = tmp_path / "suite"
    suite.mkdir()
    for name in ("ante.yaml", "heads-up.yaml", "straddle.yaml"):
        shutil.copy(SCENARIOS / "procedure" / name, suite / name)
    shutil.copy(ROOT / "tests" / "fixtures" / "failing" / "turn-without-burn.yaml", suite)
    (suite / "typo.yaml").write_text(
        (SCENARIOS / "procedure" / "ante.yaml").read_text().replace("  ante:", "  antee:", 1)
    )
    (suite / "house.yaml").write_text("extends: seed\nchoices: {misdeal_exposed_cards: [1, 2]}\n")
    return suite


def _pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_configured_folder_runs_as_items_with_file_line_failures(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\ndealer_scenarios = ["suite"]\n'
    )
    done = _pytest(tmp_path, "-n", "2", "-rf")
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "suite/turn-without-burn.yaml:16: refused: " + BURN in lines
    line = next(n for n, text in enumerate((suite / "typo.yaml").read_text().splitlines(), 1)
                if "antee" in text)  # fmt: skip
    assert (
        f"suite/typo.yaml:{line}: unknown key 'antee' in the table; did you mean 'ante'?" in lines
    )
    assert "2 failed, 4 passed" in lines[-1]
    assert "bringing up nodes..." in done.stdout  # pytest-xdist ran it


def test_nothing_is_collected_unless_configured(tmp_path: Path) -> None:
    _suite(tmp_path)
    done = _pytest(tmp_path, "suite")
    assert done.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, done.stdout


def test_the_ruleset_option(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    shutil.copy(SCENARIOS / "irregularities" / "hole-exposed-second-seed.yaml", suite)
    overlay = ROOT / "procedures" / "house" / "first-two-cards.yaml"
    done = _pytest(tmp_path, "--dealer-scenarios", "suite", "--dealer-ruleset", str(overlay))
    assert done.returncode == 1
    assert "HOLE-EXPOSED-SECOND (house-first-two)" in done.stdout


@pytest.mark.parametrize("where", ["option", "ini"])
def test_a_misspelt_path_stops_the_run_with_exit_2(tmp_path: Path, where: str) -> None:
    _suite(tmp_path)
    if where == "ini":
        (tmp_path / "pyproject.toml").write_text(
            '[tool.pytest.ini_options]\ndealer_scenarios = ["suit"]\n'
        )
        done = _pytest(tmp_path)
        shown = str(tmp_path / "suit")  # pytest gives ini paths resolved from the rootdir
        named = "dealer_scenarios"
    else:
        done = _pytest(tmp_path, "--dealer-scenarios", "nowhere")
        shown, named = "nowhere", "--dealer-scenarios"
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == (
        f"Exit: {shown}:0: no such file or folder (the {named} path of dealer's plugin)\n"
    )
    assert "passed" not in done.stdout


def test_a_folder_without_scenarios_stops_the_run_with_exit_2(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("no scenarios here\n")
    done = _pytest(tmp_path, "--dealer-scenarios", "empty")
    assert done.returncode == 2
    assert done.stderr == (
        "Exit: empty:0: no scenario files found (the --dealer-scenarios path of dealer's plugin)\n"
    )
