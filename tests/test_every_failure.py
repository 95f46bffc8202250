"""A failing scenario shows all that is wrong (issue 25 point 3): ``replay`` lists every failing
expectation (``--first-failure`` keeps the first only), the pytest plugin shows the same, and the
plugin's ``--dealer-compare=REV`` fails a scenario a rule change alters when it was not updated."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from tests.conftest import ROOT

# BLINDS: the small blind (1) and the big blind (2) are posted before the deal: the pot is 3,
# seat 1 has 99 and seat 2 98. SHUFFLE-CUT: after the shuffle the dealer cuts. Four expectations
# below are wrong (the pot, two stacks, the state); the last one is right.
THREE_WRONG = """\
scenario: Three things wrong
table:
  game: no-limit
  blinds: [1, 2]
  button: 3
  seats: {1: 100, 2: 100, 3: 100}
steps:
  - post
  - expect:
      pot: 4
      stacks: {1: 100, 2: 97, 3: 100}
  - shuffle
  - expect: {state: dealing}
  - cut
  - expect: {pot: 3}
"""
WRONG = [
    (10, "expected pot '4', got '3'"),
    (11, "expected stacks of seat 1 '100', got '99'"),
    (11, "expected stacks of seat 2 '97', got '98'"),
    (13, "expected state 'dealing', got 'cutting'"),
]


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "three.yaml"
    path.write_text(THREE_WRONG, encoding="utf-8")
    return path


def test_replay_lists_every_failing_expectation(tmp_path: Path) -> None:
    path = _file(tmp_path)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"FAIL {path}: Three things wrong [seed]",
        *(f"     line {line}: {message}" for line, message in WRONG),
        "0 passed, 1 failed",
    ]
    lines = CliRunner().invoke(app, ["replay", str(path), "--json"]).stdout.splitlines()
    report, summary = (json.loads(line) for line in lines)  # one report per line, summary last
    assert (report["result"], summary["result"]) == ("failed", "summary")
    failures = report["failures"]
    assert [(item["line"], item["message"]) for item in failures] == WRONG


def test_first_failure_keeps_the_first(tmp_path: Path) -> None:
    path = _file(tmp_path)
    result = CliRunner().invoke(app, ["replay", str(path), "--first-failure"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:] == ["     line 10: expected pot '4', got '3'",
                                              "0 passed, 1 failed"]  # fmt: skip


def test_a_refused_step_ends_the_list(tmp_path: Path) -> None:
    # DEAL-ORDER: the deal starts left of the button (seat 1); `pitch 2` is refused, and what the
    # scenario says after it is not checked (the hand did not go as written).
    path = tmp_path / "refused.yaml"
    path.write_text(THREE_WRONG.replace("  - cut\n", "  - cut\n  - pitch 2\n"), encoding="utf-8")
    lines = CliRunner().invoke(app, ["replay", str(path)]).stdout.splitlines()
    assert lines[1:] == [
        *(f"     line {line}: {message}" for line, message in WRONG),
        "     line 15: refused: expected pitch to seat 1 (DEAL-ORDER); got: pitch 2",
        "0 passed, 1 failed",
    ]


def _pytest(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rf", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_plugin_shows_every_failing_expectation(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    _file(suite)
    done = _pytest(tmp_path, "--dealer-scenarios", "suite")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    for line, message in WRONG:
        assert f"suite/three.yaml:{line}: {message}" in lines


def _git(cwd: Path, *args: str) -> None:
    who = ["-c", "user.name=room", "-c", "user.email=room@example.org"]
    subprocess.run(["git", *who, *args], cwd=cwd, check=True, capture_output=True)


# A scenario that checks nothing but plays a hand with the second card of the deal exposed: the
# room's rule change (HOLE-EXPOSED-SECOND: from dealt on, as seed, to a misdeal, as wsop-2024)
# alters its hand, and only --dealer-compare can tell.
WEAK = """\
scenario: An exposed second card, nothing checked
table:
  game: no-limit
  blinds: [1, 2]
  button: 3
  seats: {1: 100, 2: 100, 3: 100}
deck: {seed: 5}
steps:
  - post
  - shuffle
  - cut
  - pitch 1
  - mishap: pitch 2 exposed
  - auto: end
    players: check-call
"""


def test_dealer_compare_fails_a_scenario_the_rule_change_alters_until_it_is_updated(
    tmp_path: Path,
) -> None:
    room = tmp_path / "room"
    suite = room / "suite"
    suite.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "data" / "compare" / "suite" / "jade-room.yaml", suite)
    shutil.copy(ROOT / "tests" / "data" / "compare" / "suite" / "clean-hand.yaml", suite)
    (suite / "weak.yaml").write_text(WEAK, encoding="utf-8")
    _git(room, "init", "-q")
    _git(room, "add", ".")
    _git(room, "commit", "-qm", "the room's suite")
    overlay = suite / "jade-room.yaml"
    overlay.write_text(
        re.sub(r"misdeal_exposed_cards: \[1\] .*", "misdeal_exposed_cards: [1, 2]",
               overlay.read_text(encoding="utf-8")),
        encoding="utf-8",
    )  # fmt: skip
    args = ["--dealer-scenarios", "suite", "--dealer-ruleset", "suite/jade-room.yaml"]
    assert _pytest(room, *args).returncode == 0  # it checks nothing: it passes
    done = _pytest(room, *args, "--dealer-compare", "HEAD")
    assert done.returncode == 1, done.stdout
    lines = done.stdout.splitlines()
    start = lines.index(
        "suite/weak.yaml:1: the rules changed since HEAD alter this scenario,"
        " which was not updated:"
    )
    assert lines[start + 1 : start + 3] == [
        "suite/weak.yaml: An exposed second card, nothing checked",
        "  Ruling HOLE-EXPOSED-SECOND: deal on → misdeal",
    ]
    assert "1 failed, 2 passed" in lines[-1]  # the clean hand is the same, the overlay is read
    # The scenario updated with the change (here: its comment says so) passes.
    weak = suite / "weak.yaml"
    weak.write_text("# a misdeal since the room's change\n" + WEAK, encoding="utf-8")
    assert _pytest(room, *args, "--dealer-compare", "HEAD").returncode == 0
    bad = _pytest(room, *args, "--dealer-compare", "no-such-rev")
    assert bad.returncode == 1
    assert "git cannot read it: " in bad.stdout
