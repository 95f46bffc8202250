"""Strict input: every key a scenario or an overlay may use is known; any other is an error at its
file and line naming the closest known key, and values are checked at load in the user's words.
Hostile YAML (aliases, tags, huge numbers) is refused the same way, never followed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.core.errors import DataError, DealerError
from dealer.rules.rulesets import load_ruleset
from dealer.scenarios.format import read_scenario, read_suite_file

TABLE = "table: {game: no-limit, blinds: [1, 2], button: 3, seats: {1: 100, 2: 100, 3: 100}}"


def scenario(tmp_path: Path, body: str, *, table: str = TABLE, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"scenario: t\nrules: [BLINDS]\n{table}\n{body}", encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(DataError) as error:
        read_scenario(path)
    assert isinstance(error.value, DealerError)
    return str(error.value).removeprefix(f"{path}:")


STRICT = [
    (
        "foo: bar\nsteps: [post]\n",
        "4: unknown key 'foo' in a scenario; known: scenario, rules, "
        "ruleset, table, deck, steps, hands, phh",
    ),
    ("step: [post]\n", "4: unknown key 'step' in a scenario; did you mean 'steps'?"),
    (
        "deck: {seeed: 3}\nsteps: [post]\n",
        "4: unknown key 'seeed' in the deck; did you mean 'seed'?",
    ),
    (
        'steps:\n  - {step: seat 1 call, refusd: "x"}\n',
        "5: unknown key 'refusd' beside 'step'; did you mean 'refused'?",
    ),
    (
        "steps:\n  - {expect: {to_act: 3}, extra: 1}\n",
        "5: unknown key 'extra' beside 'expect'; 'expect' takes no other key",
    ),
    (
        "steps:\n  - {expect: {to_akt: 3}}\n",
        "5: unknown key 'to_akt' in expect; did you mean 'to_act'?",
    ),
    (
        "steps:\n  - {auto: deal, player: check-call}\n",
        "5: unknown key 'player' beside 'auto'; did you mean 'players'?",
    ),
    (
        "steps:\n  - {stepp: burn}\n",
        "5: unknown step mapping key 'stepp'; did you mean 'step'? (a step "
        "mapping has step, mishap, auto or expect)",
    ),
    (
        "hands:\n  - {steps: [post], dek: {seed: 1}}\n",
        "5: unknown key 'dek' in a hand; did you mean 'deck'?",
    ),
    (
        "steps: [post]\nhands: [{steps: [post]}]\n",
        "4: a scenario has 'steps' (one hand) or 'hands', not both",
    ),
    # values, checked at load
    (
        "steps:\n  - expect: {board: 1x}\n",
        "5: bad card '1x': expected a rank (2-9, T, J, Q, K, A) and a suit (s, h, d, c)",
    ),
    ("steps:\n  - expect: {board: [x, []]}\n", "5: expected cards like 'As Kd', got ['x', []]"),
    (
        "steps:\n  - expect: {state: flop_beting}\n",
        "5: unknown state 'flop_beting'; did you mean 'flop_betting'?",
    ),
    (
        "steps:\n  - expect: {rulings: TURN-PREMATURE}\n",
        "5: 'rulings' is a list of texts, e.g. [TURN-PREMATURE (seed)]",
    ),
    ("steps:\n  - expect: {stacks: {1: lots}}\n", "5: bad amount 'lots': not a number"),
    ("steps:\n  - expect: {to_act: three}\n", "5: 'to_act' is a seat number, or null for none"),
    (
        "steps:\n  - cut 0\n",
        "5: bad step 'cut 0': a cut leaves cards in both packets, so it is at 1 "
        "to 51 (SHUFFLE-CUT)",
    ),
    (
        "steps:\n  - cut 99\n",
        "5: bad step 'cut 99': a cut leaves cards in both packets, so it is at "
        "1 to 51 (SHUFFLE-CUT)",
    ),
    (
        "steps:\n  - pitch ²\n",
        "5: bad step 'pitch ²': the seat must be a whole number of at most 6 digits, not '²'",
    ),
    (
        f"steps:\n  - cut {'9' * 5000}\n",
        "5: bad step 'cut 999999999999999999999999999999999999...': "
        "the cut must be a whole number of at most 6 digits, not '99999999999999999999...'",
    ),
    (
        "steps:\n  - seat 3 raise 1E+999999999\n",
        "5: bad step 'seat 3 raise 1E+999999999': bad "
        "amount '1e+999999999': too large (at most 15 digits before the point)",
    ),
    (
        "deck: {cut: 52}\nsteps: [post]\n",
        "4: 'cut' is a position from 1 to 51: a cut leaves cards in both packets (SHUFFLE-CUT)",
    ),
]


@pytest.mark.parametrize(("body", "message"), STRICT, ids=[m for _, m in STRICT])
def test_unknown_keys_and_bad_values_are_errors_at_their_line(
    tmp_path: Path, body: str, message: str
) -> None:
    assert error_of(scenario(tmp_path, body)) == message


TABLES = [
    (
        "table: {game: no-limit, blinds: [10, 20], ante: 5, chip: 25, button: 3, "
        "seats: {1: 1003, 2: 1000, 3: 1000}}",
        "3: the big blind 20 is not a whole number of the 25 chip (CHIP-UNIT)",
    ),
    (
        "table: {game: limit, bets: [5, 10], chip: 2, button: 3, seats: {1: 100, 2: 100}}",
        "3: the big blind 5 is not a whole number of the 2 chip (CHIP-UNIT)",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], chip: 0, button: 3, seats: {1: 100, 2: 100}}",
        "3: 'chip' is the chip unit: an amount more than 0",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], bets: [2, 4], button: 3, seats: {1: 9, 2: 9}}",
        "3: 'bets' are for limit games; a no-limit game has blinds",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], straddel: true, button: 3, "
        "seats: {1: 100, 2: 100}}",
        "3: unknown key 'straddel' in the table; did you mean 'straddle'?",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], button: 3, seats: {1: 1E+999999999, 2: 100}}",
        "3: bad amount '1E+999999999': too large (at most 15 digits before the point)",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], button: 3, "
        "seats: {1: 100000000000000000000000000000001, 2: 100}}",
        "3: bad amount 100000000000000000000000000000001: too large (at most 15 "
        "digits before the point)",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], button: 3, seats: {1: 0.0000001, 2: 100}}",
        "3: bad amount 1E-7: at most 6 digits after the point",
    ),
    (
        "table: {game: no-limit, blinds: [1, 2], straddle: maybe, button: 3, seats: {1: 9, 2: 9}}",
        "3: 'straddle' is true (twice the big blind), button, or an amount",
    ),
]


@pytest.mark.parametrize(("table", "message"), TABLES, ids=[m for _, m in TABLES])
def test_table_errors(tmp_path: Path, table: str, message: str) -> None:
    assert error_of(scenario(tmp_path, "steps: [post]\n", table=table)) == message


def test_unknown_rule_ids_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(f"scenario: t\nrules:\n  - BLINDS\n  - BURNN\n{TABLE}\nsteps: [post]\n")
    assert error_of(path) == "4: unknown rule 'BURNN' in 'rules'; did you mean 'BURN'?"


HOSTILE = [
    ("a: &a [*a]\n", "1: an alias that contains itself"),
    (
        "steps: !!python/object/apply:os.system\n  - post\n",
        "1: a tag (tag:yaml.org,2002:python/object/apply:os.system) on a list is not allowed",
    ),
    (
        "a: !!python/name:os.system x\n",
        "1: a tag (tag:yaml.org,2002:python/name:os.system) is not allowed here",
    ),
    ("scenario: t\ntable: {seats: {!!float snan: 1}}\n", "2: bad number 'snan'"),
    ("scenario: t\ntable: {seats: {[1]: 1}}\n", "2: a key must be a plain value"),
    ("a: " + "[" * 100 + "]" * 100 + "\n", "1: nested more than 64 levels deep"),
]


@pytest.mark.parametrize(("text", "message"), HOSTILE, ids=[m for _, m in HOSTILE])
def test_hostile_yaml_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert error_of(path) == message


def test_an_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    text = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
    for level in range(1, 10):
        text += f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]\n"
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert error_of(path) == "6: too large: it expands to more than 100,000 values"


# -- overlays --------------------------------------------------------------------------------------

OVERLAYS = [
    (
        "extend: seed\nchoices: {misdeal_exposed_cards: [1, 2]}\n",
        "1: unknown key 'extend' in a ruleset; did you mean 'extends'?",
    ),
    (
        "extends: seed\nchoice: {max_players: 9}\n",
        "2: unknown key 'choice' in a ruleset; did you mean 'choices'?",
    ),
    (
        "extends: seed\nchoices: {max_player: 9}\n",
        "2: unknown key 'max_player' in choices; did you mean 'max_players'?",
    ),
    (
        "extends: seed\nchoices:\n  max_players: 1\n",
        "3: choice 'max_players' is a whole number of players from 2 to 10 (TABLE-SIZE), not 1",
    ),
    (
        "extends: seed\nchoices:\n  max_players: 11\n",
        "3: choice 'max_players' is a whole number of players from 2 to 10 (TABLE-SIZE), not 11",
    ),
    (
        "extends: seed\nchoices:\n  limit_cap_bets: -3\n",
        "3: choice 'limit_cap_bets' is a whole number of bets, 1 or more, or `unlimited` "
        "(LIMIT-CAP), not -3",
    ),
    (
        "extends: seed\nchoices:\n  limit_cap_bets:\n",
        "3: choice 'limit_cap_bets' is a whole number of bets, 1 or more, or `unlimited` "
        "(LIMIT-CAP), not empty",
    ),
    (
        "extends: seed\nchoices:\n  dead_button: yes please\n",
        "3: choice 'dead_button' is true or false (DEAD-BUTTON), not yes please",
    ),
    ("extends: sead\n", "1: unknown ruleset 'sead'; known: seed, wsop-2024 or a file"),
]


@pytest.mark.parametrize(("text", "message"), OVERLAYS, ids=[m for _, m in OVERLAYS])
def test_an_overlay_error_is_reported_at_the_overlay(
    tmp_path: Path, text: str, message: str
) -> None:
    overlay = tmp_path / "house.yaml"
    overlay.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as direct:
        load_ruleset(str(overlay))
    assert str(direct.value) == f"{overlay}:{message}"
    # Named by a scenario, the error is still the overlay's own, at its own line.
    path = tmp_path / "s.yaml"
    path.write_text(f"scenario: t\nruleset: house.yaml\n{TABLE}\nsteps: [post]\n", encoding="utf-8")
    with pytest.raises(DataError) as named:
        read_scenario(path)
    assert str(named.value) == f"{overlay}:{message}"


def test_unlimited_cap_is_no_cap(tmp_path: Path) -> None:
    overlay = tmp_path / "house.yaml"
    overlay.write_text("extends: wsop-2024\nchoices: {limit_cap_bets: unlimited}\n")
    assert load_ruleset(str(overlay)).limit_cap_bets is None


def test_an_overlay_beside_the_scenarios_is_checked_not_run(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "extends: seed\nchoices: {misdeal_exposed_cards: [1, 2]}\n"
    )
    path = tmp_path / "s.yaml"
    path.write_text(f"scenario: t\nruleset: house.yaml\n{TABLE}\nsteps: [post]\n", encoding="utf-8")
    assert read_suite_file(tmp_path / "house.yaml") is None
    result = CliRunner().invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"PASS {path}: t [house]", "1 passed, 0 failed"]


def test_an_unknown_ruleset_named_by_a_scenario_is_its_error(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(f"scenario: t\nruleset: sead\n{TABLE}\nsteps: [post]\n", encoding="utf-8")
    assert error_of(path) == "2: unknown ruleset 'sead'; known: seed, wsop-2024 or a file"


def test_an_empty_ruleset_option_is_refused(tmp_path: Path) -> None:
    path = scenario(tmp_path, "steps: [post]\n")
    result = CliRunner().invoke(app, ["replay", "--ruleset", "", str(path)])
    assert result.exit_code == 2
    assert result.stderr == "--ruleset:0: unknown ruleset ''; known: seed, wsop-2024 or a file\n"


def test_the_docs_document_every_expectation_and_state() -> None:
    from dealer.engine.procedure import procedure
    from dealer.scenarios import vocabulary
    from tests.conftest import ROOT

    readme = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    table = readme[readme.index("| key | what it checks |") : readme.index("- **Strict input.**")]
    # the scenario-format page documents the keys added since the README's table (README.md is
    # turned into a short front page with docs/ pages)
    page = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    for key in vocabulary.EXPECT:
        assert f"`{key}`" in table or f"`{key}:" in page, key
    for state in procedure().states:
        assert f"`{state}`" in table, state


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("\nstates:", "\nstate:", "unknown key 'state' in the procedure; did you mean 'states'?"),
        ("rule: FLOP,          next: flop,", "rule: FLOP,          nxt: flop,",
         "unknown key 'nxt' in a state; did you mean 'next'?"),
    ],
)  # fmt: skip
def test_the_procedure_data_is_read_strictly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str, message: str
) -> None:
    from dealer.engine import procedure

    text = procedure.PROCEDURE_FILE.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "holdem.yaml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(procedure, "PROCEDURE_FILE", broken)
    with pytest.raises(DataError) as error:
        procedure.procedure.__wrapped__()
    assert error.value.message == message
    assert error.value.file == "procedures/holdem.yaml"
