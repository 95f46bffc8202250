"""Scenario format features of issue 21 item 9: owed steps as short commands, rulings by bare ID
where the file names no ruleset, counted burns and scrap, a tournament table."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer.core.errors import DataError
from dealer.rules.rulesets import load_ruleset
from dealer.scenarios.format import read_scenario
from dealer.scenarios.replay import replay
from tests.conftest import SCENARIOS

SHORT_COMMANDS = SCENARIOS / "procedure" / "owed-short-commands.yaml"
TABLE = "table: {game: no-limit, blinds: [1, 2], button: 3, seats: {1: 100, 2: 100, 3: 100}}"


def _write(tmp_path: Path, head: str, steps: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(f"scenario: t\n{head}{TABLE}\nsteps:\n{steps}", encoding="utf-8")
    return path


@pytest.mark.parametrize("ruleset", ["seed", "wsop-2024"])
def test_bare_ids_match_under_the_ruleset_it_is_replayed_under(ruleset: str) -> None:
    scenario = read_scenario(SHORT_COMMANDS, load_ruleset(ruleset))
    assert scenario.ruleset.name == ruleset
    result = replay(scenario, keep_hand=True)
    assert result.failure is None
    assert result.hand is not None  # the last hand: BOXED-CARD, then HOLE-EXPOSED-FIRST
    rulings = [(ruled.rule_id, ruled.label) for ruled in result.hand.rulings]
    assert rulings == [("BOXED-CARD", ruleset), ("HOLE-EXPOSED-FIRST", ruleset)]


EXPOSED = "  - post\n  - shuffle\n  - cut\n  - pitch 1\n  - pitch 2\n  - mishap: pitch 3 exposed\n"


def test_a_bare_id_in_a_file_that_names_its_ruleset_is_refused(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "ruleset: seed\n", EXPOSED + "  - expect: {rulings: [HOLE-EXPOSED-OTHER]}\n"
    )
    with pytest.raises(DataError) as error:
        read_scenario(path)
    assert str(error.value) == (
        f"{path}:11: ruling 'HOLE-EXPOSED-OTHER' names no ruleset, but this file names one: "
        "write 'HOLE-EXPOSED-OTHER (RULESET)', or leave 'ruleset' out to match any"
    )


@pytest.mark.parametrize(
    ("expect", "failure"),
    [
        ("{rulings: [HOLE-EXPOSED-FIRST]}", "expected rulings ['HOLE-EXPOSED-FIRST'], got "
         "['HOLE-EXPOSED-OTHER']"),
        ("{owed: [pitch, replace 3, burn, flop]}", "expected owed ['pitch', 'replace 3', 'burn', "
         "'flop'], got ['Finish the deal as usual', "),
        ("{owed: [pitch, replace 2, finish round, burn, flop]}", "expected owed ['pitch', "
         "'replace 2', "),
        ("{burns_count: 1}", "expected burns_count 1, got 0"),
        ("{scrap_count: 2}", "expected scrap_count 2, got 0"),
    ],
)  # fmt: skip
def test_wrong_forms_fail(tmp_path: Path, expect: str, failure: str) -> None:
    path = _write(tmp_path, "", EXPOSED + f"  - expect: {expect}\n")
    result = replay(read_scenario(path))
    assert result.failure is not None
    assert result.failure.startswith(f"line 10: {failure}"), result.failure


def test_counts_are_whole_numbers(tmp_path: Path) -> None:
    path = _write(tmp_path, "", "  - expect: {burns_count: -1}\n")
    with pytest.raises(DataError, match=r":4: 'burns_count' is a number of cards, 0 or more$"):
        read_scenario(path)


def test_a_tournament_flag_is_true_or_false(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    table = "table: {game: no-limit, blinds: [1, 2], tournament: yes please, button: 3, "
    path.write_text(f"scenario: t\n{table}seats: {{1: 9, 2: 9, 3: 9}}}}\nsteps: [post]\n", "utf-8")
    with pytest.raises(
        DataError, match=r":2: 'tournament' is true \(a tournament table\) or false$"
    ):
        read_scenario(path)


def test_the_format_page_lists_every_mishap_and_every_owed_command() -> None:
    from dealer.core.mishaps import MishapKind
    from dealer.core.steps import Verb
    from dealer.rules.rulebook import REMEDY_VERBS
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    mishaps = page[page.index("### Every mishap") : page.index("### Owed steps as commands")]
    forms = {
        MishapKind.PITCH: "`pitch N`", MishapKind.EXPOSED: "`pitch N exposed`",
        MishapKind.MIXED: "`pitch N mixed`",
        MishapKind.REPLACE_EXPOSED: "`replace N exposed`", MishapKind.SKIP: "`skip N`",
        MishapKind.SHORT: "`short N`", MishapKind.BURN: "`burn`", MishapKind.FLOP: "`flop N`",
        MishapKind.TURN: "`turn CARD`", MishapKind.RIVER: "`river CARD`",
        MishapKind.FLASH: "`seat N exposes CARD`", MishapKind.FLOP_FACE_DOWN: "`flop face down`",
        MishapKind.BOXED: "`boxed card`", MishapKind.BUTTON: "`button N`",
        MishapKind.DUPLICATE: "`duplicate CARD`", MishapKind.FOREIGN: "`foreign card`",
        MishapKind.FOREIGN_IN_STUB: "`foreign card in stub`", MishapKind.JOKER: "`joker N`",
        MishapKind.DECK_SHORT: "`deck short`",
    }  # fmt: skip
    assert set(forms) == set(MishapKind)
    for kind, form in forms.items():
        assert form in mishaps, kind
    owed = page[page.index("### Owed steps as commands") : page.index("### Rulings by bare ID")]
    for verb in REMEDY_VERBS:
        assert f"(`{verb}`" in owed or f", `{verb}`" in owed or f"`{verb}`)" in owed, verb
        short = "kill hand N" if verb is Verb.KILL_HAND else str(verb).replace("-", " ")
        assert f"`{short}" in owed, verb


def test_a_missing_card_is_no_card_of_the_deck(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        f"scenario: t\n{TABLE}\ndeck: {{missing: [Kh], stacked: As Kh}}\nsteps: [post]\n", "utf-8"
    )
    with pytest.raises(DataError, match=r":3: card Kh is missing, yet stacked$"):
        read_scenario(path)
    deal = "steps: [{auto: deal}]"
    path.write_text(f"scenario: t\n{TABLE}\ndeck: {{missing: [Kh]}}\n{deal}\n", "utf-8")
    result = replay(read_scenario(path), keep_hand=True)
    assert result.failure is None and result.hand is not None
    assert len(result.hand.ledger.stub) == 51 - 6
    assert all("Kh" not in str(cards) for cards in result.hand.ledger.hands.values())


@pytest.mark.parametrize(
    ("mishap", "message"),
    [
        ("{mishap: boxed card, at: 4}", "'at' is the place of the flop, 1 to 3"),
        ("{mishap: burn, at: 2}", "'at' is for a boxed card found in the flop"),
    ],
)
def test_at_is_a_place_of_the_flop(tmp_path: Path, mishap: str, message: str) -> None:
    path = _write(tmp_path, "", f"  - {mishap}\n")
    with pytest.raises(DataError, match=rf":4: {message}$"):
        read_scenario(path)


def test_a_boxed_card_at_a_place_of_the_flop_only_while_the_flop_is_dealt(tmp_path: Path) -> None:
    path = _write(tmp_path, "", "  - auto: deal\n  - {mishap: boxed card, at: 2}\n")
    result = replay(read_scenario(path))
    assert result.failure is not None
    assert result.failure.startswith("line 5: refused: no irregularity is known for 'boxed card'")
