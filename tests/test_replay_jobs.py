"""``dealer replay --jobs N``: the same output, exit code and order whatever the number of jobs.

The batch is made small enough to be split (``MIN_FILES_PER_JOB`` lowered) so worker processes
really run here; the files mix passing, failing and skipped scenarios and, in one run, bad input.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dealer.scenarios import batch
from tests.conftest import ROOT, SCENARIOS
from tests.helpers import replay_report, run_cli


@pytest.fixture
def suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every shipped scenario, the two failing fixtures among them, in one folder tree."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(batch, "MIN_FILES_PER_JOB", 4)
    monkeypatch.setattr(batch, "CHUNK", 7)
    shutil.copytree(SCENARIOS, tmp_path / "scenarios")
    for failing in sorted((ROOT / "tests" / "fixtures" / "failing").glob("*.yaml")):
        shutil.copyfile(failing, tmp_path / "scenarios" / "procedure" / f"zz-{failing.name}")
    return tmp_path / "scenarios"


def test_the_output_is_the_same_whatever_the_number_of_jobs(suite: Path) -> None:
    one = run_cli("replay", str(suite), "--jobs", "1")
    two = run_cli("replay", str(suite), "--jobs", "2")
    three = run_cli("replay", str(suite), "--jobs", "3", "--ruleset", "wsop-2024")
    assert one == two
    code, out, err = one
    files = len(list(suite.rglob("*.yaml")))
    assert code == 1 and err == ""
    assert out.splitlines()[-1] == f"{files - 2} passed, 2 failed"
    verdicts = [line for line in out.splitlines() if line.startswith(("PASS", "FAIL"))]
    assert len(verdicts) == files
    assert [line.split()[1] for line in verdicts] == [
        f"{path}:" for path in sorted(str(p) for p in suite.rglob("*.yaml"))
    ]  # the files' order
    assert three == run_cli("replay", str(suite), "--jobs", "1", "--ruleset", "wsop-2024")
    assert "skipped" in three[1].splitlines()[-1]


def test_json_reports_are_the_same_whatever_the_number_of_jobs(suite: Path) -> None:
    one = run_cli("replay", str(suite / "betting"), "--json", "--jobs", "1")
    two = run_cli("replay", str(suite / "betting"), "--json", "--jobs", "2")
    assert one == two
    report = replay_report(one[1])  # one JSON object a line, the summary last
    files = sorted(str(path) for path in (suite / "betting").glob("*.yaml"))
    assert report["passed"] == len(files) and report["others"] == []
    assert [scenario["file"] for scenario in report["scenarios"]] == files
    assert all(scenario["hands"][0]["events"] for scenario in report["scenarios"])


def test_bad_input_is_one_line_among_the_verdicts_and_the_summary_follows(suite: Path) -> None:
    bad = suite / "procedure" / "bad.yaml"
    bad.write_text("scenario: [\n", encoding="utf-8")
    files = len(list(suite.rglob("*.yaml")))
    outputs = [run_cli("replay", str(suite), "--jobs", jobs) for jobs in ("1", "2")]
    assert outputs[0] == outputs[1]
    code, out, err = outputs[0]
    assert code == 2  # bad input, said at the end: every other file's verdict is there
    assert err == f"{bad}:2: bad YAML: did not find expected node content\n"
    verdicts = [line for line in out.splitlines() if line.startswith(("PASS", "FAIL"))]
    assert len(verdicts) == files - 1
    assert out.splitlines()[-1] == f"{files - 3} passed, 2 failed, 1 refused"


def test_bad_input_in_json_is_a_line_of_its_own(suite: Path) -> None:
    bad = suite / "betting" / "bad.yaml"
    bad.write_text("scenario: [\n", encoding="utf-8")
    code, out, err = run_cli("replay", str(suite / "betting"), "--json", "--jobs", "1")
    assert code == 2 and err.startswith(f"{bad}:2: bad YAML")
    report = replay_report(out)
    message = err.strip()
    assert report["others"] == [{"file": str(bad), "result": "refused", "error": message}]
    assert (report["refused"], report["failed"]) == (1, 0)
    assert report["passed"] == len(list((suite / "betting").glob("*.yaml"))) - 1


def test_jobs_must_be_at_least_one(suite: Path) -> None:
    code, _, err = run_cli("replay", str(suite), "--jobs", "0")
    assert code == 2 and "--jobs" in err


def _slow_first(paths: tuple[Path, ...], *options: object) -> list[batch.Outcome]:
    """A worker's chunk: the one holding file 0 takes a while, every other is done at once."""
    import time

    if any(path.name == "0.yaml" for path in paths):
        time.sleep(1.0)
    return [batch.Outcome(str(path), passed=True) for path in paths]


def test_the_pool_reads_on_when_every_chunk_in_flight_came_back_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One worker slow on the first chunk while the other does all the chunks read ahead: the
    first chunk's outcomes complete every chunk in flight at once, and the pool reads the next
    ones instead of waiting for workers that have nothing to do (it once waited for ever)."""
    import threading

    monkeypatch.setattr(batch, "_replay_chunk", _slow_first)  # inherited by the forked workers
    monkeypatch.setattr(batch, "CHUNK", 1)
    chunks = batch._chunks(iter(Path(f"{number}.yaml") for number in range(20)))
    got: list[str] = []
    reader = threading.Thread(
        target=lambda: got.extend(o.file for o in batch._Pool(2, None, False).run(chunks)),
        daemon=True,
    )
    reader.start()
    reader.join(timeout=30)
    assert not reader.is_alive(), f"the pool stopped after {len(got)} of 20 files"
    assert got == [f"{number}.yaml" for number in range(20)]
