"""Exit codes stay trustworthy: 1 a scenario failed, 2 bad input, 3 a bug of dealer (one line,
never a traceback), whatever escapes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dealer.apps.cli import commands as cli
from dealer.scenarios import replay as replay_module
from tests.conftest import SCENARIOS


def test_an_escaping_exception_is_one_line_and_exit_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(cli, "app", broken)
    monkeypatch.setattr(sys, "argv", ["dealer", "replay", "x.yaml"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 3
    assert capsys.readouterr().err == (
        "replay x.yaml: internal error: ZeroDivisionError: division by zero\n"
    )


def test_a_bug_during_a_replay_exits_3_not_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:  # _run_hand(hand, script, failures, first_failure)
        raise KeyError("oops")

    monkeypatch.setattr(replay_module, "_run_hand", broken)
    path = SCENARIOS / "procedure" / "ante.yaml"
    result = CliRunner().invoke(cli.app, ["replay", str(path)])
    assert result.exit_code == 3
    assert result.stderr == f"{path}: internal error: hand 1: internal error: KeyError: 'oops'\n"


def test_report_dash_writes_the_score_to_stdout(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli.app, ["train", "--hands", "1", "--seed", "1", "--report", "-"], input="quit\n"
    )
    assert result.exit_code == 0
    report = json.loads(result.stdout[result.stdout.index("{") :])
    # quit before the hand ended: an unfinished hand is not counted (issue 14)
    assert report["hands"] == 0 and report["seed"] == 1
    assert not (Path.cwd() / "-").exists()
