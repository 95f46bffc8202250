"""``dealer rule`` and ``dealer ask`` run without typer (``dealer.apps.cli.quick``) and answer
exactly as the full command line does: the same stdout, stderr and exit code; anything the quick
reader does not take (help, unknown options, a missing argument) goes to the full command line."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from dealer import __version__
from dealer.apps.cli.commands import app
from dealer.apps.cli.quick import run
from tests.conftest import ROOT
from tests.helpers import run_dealer

ASK = "tests/fixtures/ask/turn-premature.yaml"
CASES = [
    ["rule", "TURN-PREMATURE"],
    ["rule"],
    ["rule", "--json"],
    ["rule", "premature", "turn", "--lang", "zh-Hans"],
    ["rule", "--lang=zh-Hant", "翻牌", "多"],
    ["rule", "FLOP-TOO-MANY", "--ruleset", "wsop-2024", "--json"],
    ["rule", "no", "such", "thing", "at", "all"],
    ["rule", "--ruleset", "bogus", "BURN"],
    ["rule", "--lang", "xx", "BURN"],
    ["rule", "--", "BURN"],
    ["ask", ASK],
    ["ask", "--json", ASK, "--lang", "zh-Hant"],
    ["ask", ASK, "--ruleset", "wsop-2024"],
    ["ask", "tests/fixtures/ask/clean-flop.yaml", "--lang", "zh-Hans"],
    ["ask", "no/such/file.yaml"],
    ["ask", "tests/fixtures/bad/bad-yaml.yaml"],
    ["ask", ASK, "--lang", "xx"],
]


@pytest.fixture(autouse=True)
def _in_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("args", CASES, ids=" ".join)
def test_the_quick_path_answers_as_the_full_command_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(args)
    quick = capsys.readouterr()
    full = CliRunner().invoke(app, args)
    assert code is not None
    assert (code, quick.out, quick.err) == (full.exit_code, full.stdout, full.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["rule", "--help"],
        ["rule", "-h"],
        ["rule", "--lang"],
        ["rule", "--verbose", "BURN"],
        ["ask"],
        ["ask", ASK, "other.yaml"],
        ["replay", "scenarios/"],
        ["--version"],
        [],
    ],
    ids=" ".join,
)
def test_anything_else_goes_to_the_full_command_line(args: list[str]) -> None:
    assert run(args) is None


def test_rule_and_ask_do_not_import_typer() -> None:
    code = (
        "import sys; from dealer.apps.cli.quick import run; "
        f"assert run(['rule', 'BURN']) == 0 and run(['ask', {ASK!r}]) == 0; "
        "assert 'typer' not in sys.modules, 'typer imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_the_dealer_command_runs_the_quick_path_and_the_full_one() -> None:
    ruled = run_dealer("rule", "TURN-PREMATURE")
    assert ruled.returncode == 0 and "TURN-PREMATURE" in ruled.stdout
    version = run_dealer("--version")
    assert version.returncode == 0 and version.stdout.startswith("dealer ")


def test_version_imports_neither_typer_nor_the_machine() -> None:
    # issue 27: `dealer --version` answers before the command line or the procedure is imported
    code = (
        "import sys; sys.argv = ['dealer', '--version']; from dealer.apps.cli.quick import main; "
        "main(); assert not {'typer', 'transitions'} & set(sys.modules), 'imported too much'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"dealer {__version__}\n", "")
