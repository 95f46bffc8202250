"""``dealer replay`` streams (issue 28 item 7, issue 27 item 3): each verdict is written as it
comes, a bad file is one ``file:line`` line among the others and the summary still follows, a dead
worker's files are replayed again or reported by name, and ``--json`` writes one object a line.
Hangs are guarded by subprocess timeouts; nothing here is timed."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from dealer.apps.cli import commands as cli
from dealer.core.ruleset import Ruleset
from dealer.scenarios import batch
from tests.conftest import ROOT, SCENARIOS
from tests.helpers import dealer_env, replay_report, run_cli

GOOD = ROOT / "tests" / "fixtures" / "good" / "fractional-chips.yaml"


def _copies(folder: Path, count: int) -> list[Path]:
    """``count`` copies of the shipped scenarios, in turn, in sorted order."""
    shipped = sorted(SCENARIOS.rglob("*.yaml"))
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for number in range(count):
        target = folder / f"{number:05d}-{shipped[number % len(shipped)].name}"
        shutil.copyfile(shipped[number % len(shipped)], target)
        made.append(target)
    return made


def test_paths_are_taken_one_at_a_time_and_each_outcome_comes_before_the_next_is_read() -> None:
    drawn: list[Path] = []

    def paths() -> Iterator[Path]:
        for _ in range(3):
            drawn.append(GOOD)
            yield GOOD

    outcomes = batch.replay_files(paths(), jobs=1)
    first = next(outcomes)
    assert first.passed and len(drawn) == 1
    assert [outcome.passed for outcome in outcomes] == [True, True] and len(drawn) == 3


def test_each_verdict_is_written_before_the_next_file_is_replayed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seen: list[str] = []

    def outcomes() -> Iterator[batch.Outcome]:
        for number in range(3):
            seen.append(capsys.readouterr().out)  # what was written before this one was made
            yield batch.Outcome(f"f{number}.yaml", name="n", ruleset="seed", passed=True)

    counts = cli._stream_verdicts(outcomes(), as_json=False)
    assert seen == ["", "PASS f0.yaml: n [seed]\n", "PASS f1.yaml: n [seed]\n"]
    assert capsys.readouterr().out == "PASS f2.yaml: n [seed]\n3 passed, 0 failed\n"
    assert (counts.passed, counts.failed, counts.refused) == (3, 0, 0)


def test_folders_are_walked_in_the_sorted_order(tmp_path: Path) -> None:
    for name in ("b/z.yaml", "a.yaml", "a/c.yml", "a/b/x.yaml", "c.txt", "a.b/y.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    found = list(cli.iter_scenario_files([tmp_path]))
    assert found == sorted(p for p in tmp_path.rglob("*") if p.suffix in (".yaml", ".yml"))


def _killer(
    paths: Sequence[Path], override: Ruleset | None, as_json: bool, first_failure: bool = False
) -> list[batch.Outcome]:
    """A worker that dies (SIGKILL) on any file named ``killer.yaml``."""
    if any(path.name == "killer.yaml" for path in paths):
        os.kill(os.getpid(), signal.SIGKILL)
    return [
        batch.replay_file(path, override, as_json=as_json, first_failure=first_failure)
        for path in paths
    ]


@pytest.mark.skipif(sys.platform != "linux", reason="the workers are forked on Linux")
def test_a_file_that_kills_its_worker_every_time_is_reported_by_name_among_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "MIN_FILES_PER_JOB", 4)
    monkeypatch.setattr(batch, "CHUNK", 3)
    monkeypatch.setattr(batch, "_replay_chunk", _killer)  # the forked workers inherit it
    files = _copies(tmp_path, 10)
    killer = tmp_path / "killer.yaml"
    shutil.copyfile(files[0], killer)
    paths = [*files[:4], killer, *files[4:]]
    outcomes = list(batch.replay_files(paths, jobs=2))
    assert [outcome.file for outcome in outcomes] == [str(path) for path in paths]
    lost = [outcome for outcome in outcomes if outcome.lost is not None]
    assert [outcome.file for outcome in lost] == [str(killer)]
    assert lost[0].lost == "the worker process replaying it died 2 times (killed by SIGKILL)"
    assert all(outcome.passed for outcome in outcomes if outcome is not lost[0])


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):  # it has just ended
            found.extend(int(child) for child in task.read_text().split())
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
def test_a_worker_killed_midway_loses_no_verdict(tmp_path: Path) -> None:
    files = _copies(tmp_path / "suite", 600)  # enough for two workers (MIN_FILES_PER_JOB)
    command = [sys.executable, "-m", "dealer", "replay", str(tmp_path / "suite"), "--jobs", "2"]
    out = (tmp_path / "out.txt").open("w+", encoding="utf-8")
    process = subprocess.Popen(
        command, stdout=out, stderr=subprocess.PIPE, text=True, env=dealer_env(), cwd=ROOT
    )
    try:
        killed = None
        deadline = time.monotonic() + 120
        while killed is None and time.monotonic() < deadline and process.poll() is None:
            workers = _children(process.pid)
            if len(workers) == 2 and (tmp_path / "out.txt").stat().st_size > 2_000:
                killed = workers[0]
                os.kill(killed, signal.SIGKILL)
            time.sleep(0.05)
        _, err = process.communicate(timeout=300)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert killed is not None, "the workers were never seen running"
    out.seek(0)
    lines = out.read().splitlines()
    out.close()
    assert (process.returncode, err) == (0, "")
    assert lines[-1] == f"{len(files)} passed, 0 failed"
    assert [line.split()[1] for line in lines[:-1]] == [f"{path}:" for path in files]


def test_json_is_one_object_a_line_with_the_summary_last() -> None:
    fixtures = ROOT / "tests" / "fixtures"
    failing = fixtures / "failing" / "turn-without-burn.yaml"
    bad = fixtures / "bad" / "card-twice.yaml"
    code, out, err = run_cli("replay", "--json", str(GOOD), str(bad), str(failing))
    assert code == 2 and err.startswith(f"{bad}:9: ")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["result"] for line in lines] == ["passed", "refused", "failed", "summary"]
    assert lines[1] == {"file": str(bad), "result": "refused", "error": err.strip()}
    assert lines[2]["failure"].startswith("line 16: refused: ")
    report = replay_report(out)
    counts = [report[key] for key in ("passed", "failed", "refused", "skipped", "lost")]
    assert counts == [1, 1, 1, 0, 0]


def _many_hands(path: Path, hands: int) -> None:
    head = (
        "scenario: many hands\ntable:\n  game: no-limit\n  blinds: [1, 2]\n  button: 1\n"
        "  seats: {1: 1000, 2: 1000, 3: 1000}\ndeck: {seed: 7}\nhands:\n"
    )
    played = "".join("  - steps: [{auto: end, players: check-call}]\n" for _ in range(hands))
    path.write_text(head + played, encoding="utf-8")


def test_a_long_report_is_written_hand_by_hand_through_a_file_then_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "SPILL_BYTES", 2_000)  # a few hands' worth
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    path = tmp_path / "many.yaml"
    _many_hands(path, 40)
    code, out, err = run_cli("replay", "--json", str(path))
    assert (code, err) == (0, ""), out
    report = replay_report(out)
    (scenario,) = report["scenarios"]
    assert [hand["hand"] for hand in scenario["hands"]] == list(range(1, 41))
    assert scenario["result"] == "passed" and scenario["file"] == str(path)
    assert list(tmp_path.glob("dealer-report-*")) == []  # the spilled hands' file is gone
    monkeypatch.setattr(batch, "SPILL_BYTES", 1 << 30)  # the same line, held in memory
    assert run_cli("replay", "--json", str(path)) == (code, out, err)
