"""The command line, run in-process: exit codes and the exact text on stdout and stderr.

Exit codes (dealer/cli.py): 0 every scenario passed, 1 a scenario failed, 2 bad input, reported as
``file:line: message`` on stderr with no traceback. Paths are given relative to the repository, as a
user would type them, so the messages name them the same way.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from dealer import __version__
from dealer.apps.cli.commands import app
from dealer.scenarios.format import EXPECT_KEYS
from tests.conftest import ROOT, SCENARIOS
from tests.helpers import replay_report

runner = CliRunner()
BAD = "tests/fixtures/bad"
FAILING = "tests/fixtures/failing"
GOOD = "tests/fixtures/good"
SCENARIO_COUNT = len(sorted(SCENARIOS.rglob("*.yaml")))


@pytest.fixture(autouse=True)
def _in_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


# -- the suite -------------------------------------------------------------------------------------


def test_replay_of_the_scenarios_passes_every_file() -> None:
    result = run("replay", "scenarios/")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0, result.stdout
    assert result.stderr == ""
    assert lines[-1] == f"{SCENARIO_COUNT} passed, 0 failed"
    verdicts = lines[:-1]
    assert len(verdicts) == SCENARIO_COUNT
    assert all(line.startswith("PASS scenarios/") for line in verdicts), verdicts
    limit = "PASS scenarios/procedure/limit-showdown.yaml: A 5/10 limit hand played to the showdown"
    assert f"{limit} [seed]" in verdicts


def _json_report(*paths: str) -> dict[str, Any]:
    result = run("replay", "--json", *paths)
    assert result.exit_code == 0, result.stdout
    assert result.stderr == ""
    return replay_report(result.stdout)


def test_json_report_parses_and_every_scenario_passed() -> None:
    report = _json_report("scenarios/")
    assert report["version"] == __version__
    assert (report["passed"], report["failed"]) == (SCENARIO_COUNT, 0)
    assert len(report["scenarios"]) == SCENARIO_COUNT
    assert [s["file"] for s in report["scenarios"] if s["result"] != "passed"] == []
    assert all(s["failure"] is None and s["hands"] for s in report["scenarios"])


PHYSICAL = ("shuffle", "cut", "pitch", "burn", "board")


def test_json_event_log_lists_every_card_movement_in_physical_order() -> None:
    report = _json_report("scenarios/procedure/full-event-log.yaml")
    (scenario,) = report["scenarios"]
    assert scenario["scenario"] == "The full event log of one hand, in physical order"
    assert scenario["ruleset"] == "seed"
    (hand,) = scenario["hands"]
    log = [line for line in hand["log"] if line.split()[0] in PHYSICAL]
    assert log == [
        "shuffle (52 cards)",
        "cut (at 7)",
        "pitch 7c to seat 3",
        "pitch 6d to seat 4",
        "pitch Qs to seat 1",
        "pitch 6c to seat 2",
        "pitch 2c to seat 3",
        "pitch Kc to seat 4",
        "pitch Ts to seat 1",
        "pitch Jh to seat 2",
        "burn 3h",
        "board 4d (flop)",
        "board 4h (flop)",
        "board Td (flop)",
        "burn 9c",
        "board 9h (turn)",
        "burn 3c",
        "board Qc (river)",
    ]
    pitches = [event for event in hand["events"] if event["kind"] == "pitch"]
    assert [(event["seat"], event["cards"]) for event in pitches] == [
        (3, ["7c"]), (4, ["6d"]), (1, ["Qs"]), (2, ["6c"]),
        (3, ["2c"]), (4, ["Kc"]), (1, ["Ts"]), (2, ["Jh"]),
    ]  # fmt: skip
    assert hand["final"]["burns"] == "3h 9c 3c"
    assert hand["final"]["board"] == "4d 4h Td 9h Qc"
    assert hand["final"]["stacks"] == {"1": "183", "2": "94", "3": "99", "4": "24"}


# -- failing scenarios: exit 1, the step that was expected and its rule ----------------------------


TURN_WITHOUT_BURN = "expected burn before the turn (BURN); got: turn"


@pytest.mark.parametrize(
    ("name", "title", "failure"),
    [
        (
            "turn-without-burn",
            "The turn without a burn",
            f"line 16: refused: {TURN_WITHOUT_BURN}",
        ),
        (
            "first-pitch-to-big-blind",
            "The first card pitched to the big blind",
            "line 15: refused: expected pitch to seat 1 (DEAL-ORDER); got: pitch 2",
        ),
    ],
)
def test_a_failing_scenario_exits_1_naming_the_expected_step_and_rule(
    name: str, title: str, failure: str
) -> None:
    path = f"{FAILING}/{name}.yaml"
    result = run("replay", path)
    assert result.exit_code == 1
    assert result.stderr == ""
    assert result.stdout == f"FAIL {path}: {title} [seed]\n     {failure}\n0 passed, 1 failed\n"


def test_failing_fixtures_are_not_in_the_suite() -> None:
    suite = {path.name for path in SCENARIOS.rglob("*.yaml")}
    assert not suite & {path.name for path in (ROOT / FAILING).glob("*.yaml")}


def test_one_failure_among_passes_still_exits_1() -> None:
    result = run("replay", f"{GOOD}/fractional-chips.yaml", f"{FAILING}/turn-without-burn.yaml")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith(f"PASS {GOOD}/fractional-chips.yaml: ")
    assert result.stdout.splitlines()[-1] == "1 passed, 1 failed"


def test_failing_json_report_has_the_failure() -> None:
    result = run("replay", "--json", f"{FAILING}/turn-without-burn.yaml")
    assert result.exit_code == 1
    (scenario,) = replay_report(result.stdout)["scenarios"]
    assert scenario["result"] == "failed"
    assert scenario["failure"] == f"line 16: refused: {TURN_WITHOUT_BURN}"


# -- bad input: exit 2, ``file:line: message`` on stderr -------------------------------------------

UNKNOWN_MOVE = (
    "unknown move 'limp' in 'seat 3 limp': expected a dealer step (post, shuffle, cut, pitch N, "
    "burn, flop, turn, river, showdown, push, move button) or 'seat N' and a move (fold, check, "
    "call, bet X, raise X, all-in; at the showdown: shows, mucks, plays the board; touches the "
    "muck)"
)

BAD_INPUT = [
    ("bad-yaml", 12, "bad YAML: did not find expected ',' or ']'"),
    ("unknown-action", 11, UNKNOWN_MOVE),
    (
        "card-1x",
        9,
        "bad card '1x': expected a rank (2-9, T, J, Q, K, A) and a suit (s, h, d, c)",
    ),
    ("card-twice", 9, "card Kd appears twice in the stacked deck"),
    ("eleven-players", 7, "seat 11 does not exist: seats are 1 to 10 (TABLE-SIZE)"),
    ("button-straddle-seed", 7, "no straddle from the button under seed (STRADDLE)"),
    ("straddle-heads-up", 7, "no straddle heads-up: the only other player is a blind (STRADDLE)"),
    ("straddle-tournament", 8, "no straddle at a tournament table (STRADDLE)"),
    ("ten-players-seed", 7, "10 players: a hand needs 2 to 9 players under seed (TABLE-SIZE)"),
    ("negative-stack", 9, "bad amount -50: must be a finite number, zero or more"),
    ("unknown-expect-key", 11, f"unknown key 'winner' in expect; known: {', '.join(EXPECT_KEYS)}"),
    ("unknown-ruleset", 3, "unknown ruleset 'vegas-1970'; known: seed, wsop-2024 or a file"),
    ("misspelt-refused", 11, "unknown key 'refusd' beside 'step'; did you mean 'refused'?"),
    ("misspelt-straddle", 6, "unknown key 'straddel' in the table; did you mean 'straddle'?"),
    (
        "unknown-top-key",
        3,
        "unknown key 'foo' in a scenario; known: scenario, rules, ruleset, table, deck, steps, "
        "hands, phh",
    ),
    (
        "chip-unit-mismatch",
        7,
        "the big blind 20 is not a whole number of the 25 chip (CHIP-UNIT)",
    ),
]


@pytest.mark.parametrize(("name", "line", "message"), BAD_INPUT, ids=[b[0] for b in BAD_INPUT])
def test_bad_input_exits_2_with_file_line_message(name: str, line: int, message: str) -> None:
    path = f"{BAD}/{name}.yaml"
    result = run("replay", path)
    assert result.exit_code == 2
    assert result.stderr == f"{path}:{line}: {message}\n"
    assert result.stdout == "0 passed, 0 failed, 1 refused\n"  # the summary still follows
    assert "Traceback" not in result.output


def test_every_bad_fixture_is_tested() -> None:
    assert sorted(p.stem for p in (ROOT / BAD).glob("*.yaml")) == sorted(b[0] for b in BAD_INPUT)


def test_all_bad_files_are_reported_among_the_verdicts_with_exit_2() -> None:
    good = f"{GOOD}/fractional-chips.yaml"
    result = run("replay", f"{BAD}/card-twice.yaml", good, f"{BAD}/card-1x.yaml")
    assert result.exit_code == 2
    assert [line.split(": ")[0] for line in result.stderr.splitlines()] == [
        f"{BAD}/card-twice.yaml:9",
        f"{BAD}/card-1x.yaml:9",
    ]
    verdict, summary = result.stdout.splitlines()
    assert verdict.startswith(f"PASS {good}: ")
    assert summary == "1 passed, 0 failed, 2 refused"


def test_a_missing_file_exits_2() -> None:
    result = run("replay", "scenarios/no-such-scenario.yaml")
    assert result.exit_code == 2
    assert result.stderr == "scenarios/no-such-scenario.yaml:0: no such file or folder\n"
    assert result.stdout == ""


def test_an_unknown_ruleset_option_exits_2() -> None:
    result = run("replay", "--ruleset", "vegas-1970", f"{GOOD}/fractional-chips.yaml")
    assert result.exit_code == 2
    assert result.stderr == (
        "vegas-1970:0: unknown ruleset 'vegas-1970'; known: seed, wsop-2024 or a file\n"
    )


def test_decimal_chips_are_fine() -> None:
    result = run("replay", f"{GOOD}/fractional-chips.yaml")
    assert result.exit_code == 0, result.stdout
    assert result.stdout == (
        f"PASS {GOOD}/fractional-chips.yaml: Fractional chips are read exactly [seed]\n"
        "1 passed, 0 failed\n"
    )


# -- version and help ------------------------------------------------------------------------------


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"dealer {__version__}\n"


def test_help() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "Texas Hold'em dealer procedure and misdeal adjudication." in result.stdout
    assert "replay" in result.stdout


def test_replay_help() -> None:
    result = run("replay", "--help")
    assert result.exit_code == 0
    for option in ("--json", "--ruleset", "Scenario files or folders."):
        assert option in result.stdout
