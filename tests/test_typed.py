"""Typed values across the layers (issue 23 item 1): every refusal is a type of its own with its
message ID, rule and typed fields, worded at the edge from procedures/texts in every language;
the English of the log (``str()``, what scenarios' ``refused:`` quote) is the same words."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import dealer.core.betting as betting
import dealer.engine.refusals as engine_refusals
from dealer.apps.present.words import refusal
from dealer.core.betting import Move
from dealer.core.errors import Refusal
from dealer.core.steps import parse_step
from dealer.engine.refusals import Expects
from dealer.rules.rulebook import Lang
from dealer.rules.texts import messages
from tests.conftest import ROOT
from tests.helpers import english_words

D = Decimal
_TURN = Expects("BURN", None, "turn_burn", 1, None)

# One of each kind, with fields as the core and the engine fill them in.
SAMPLES: dict[type[Refusal], tuple[str, dict[str, Any]]] = {
    betting.OthersAllIn: ("SIDE-POTS", {"seat": 3}),
    betting.BettingCapped: ("LIMIT-CAP", {"cap": 4, "seat": 3}),
    betting.NotReopened: ("NL-MIN-RAISE", {"seat": 3, "bet": D(35), "acted_on": D(20)}),
    betting.CallAllInOnly: ("SIDE-POTS", {"seat": 3, "total": D(15), "bet": D(20)}),
    betting.RoundComplete: ("ROUND-END", {}),
    betting.RoundNotComplete: ("ROUND-END", {"seat": 4}),
    betting.NoLiveHand: ("DEAL-SHORT", {"seat": 4}),
    betting.NotYourTurn: ("PREFLOP-ACTION", {"seat": 1, "actor": 3}),
    betting.TakesNoAmount: ("POSTFLOP-ACTION", {"move": Move.CALL, "amount": D(5)}),
    betting.CannotCheck: ("PREFLOP-ACTION", {"seat": 3, "bet": D(10), "to_call": D(5)}),
    betting.NothingToCall: ("POSTFLOP-ACTION", {"seat": 3}),
    betting.CannotBet: ("PREFLOP-ACTION", {"seat": 3, "bet": D(10)}),
    betting.CannotRaise: ("POSTFLOP-ACTION", {"seat": 3}),
    betting.NeedsAmount: ("NO-LIMIT", {"move": Move.RAISE}),
    betting.NotABet: ("NL-MIN-RAISE", {"amount": D(0), "minimum": D(10)}),
    betting.MoreThanStack: (
        "NO-LIMIT",
        {"move": Move.RAISE, "to": D(900), "seat": 3, "behind": D(490), "total": D(500)},
    ),
    betting.LimitSize: ("LIMIT-STAKES", {"move": Move.RAISE, "size": D(20), "to": D(30)}),
    betting.LimitSizeAllIn: ("LIMIT-STAKES", {"move": Move.BET, "size": D(10), "to": D(15)}),
    betting.BelowMinimumBet: ("NL-MIN-RAISE", {"to": D(5), "minimum": D(10)}),
    betting.BelowMinimumRaise: ("NL-MIN-RAISE", {"to": D(15), "minimum": D(20)}),
    betting.AbovePotLimit: ("POT-LIMIT", {"move": Move.ALL_IN, "to": D(90), "maximum": D(35)}),
    betting.NotChipMultiple: ("CHIP-UNIT", {"move": Move.RAISE, "to": D("20.5"), "unit": D(1)}),
    engine_refusals.OutOfOrder: ("BURN", {"expects": _TURN, "step": parse_step("turn")}),
    engine_refusals.SeenAtOnce: ("BURN", {"expects": _TURN, "step": parse_step("turn")}),
    engine_refusals.UnknownIrregularity: ("BURN", {"expects": _TURN, "step": parse_step("turn")}),
    engine_refusals.NoHandAtShowdown: ("SHOWDOWN", {"seat": 2}),
    engine_refusals.BoardThrown: ("PLAY-BOARD", {"seat": 2}),
    engine_refusals.TouchedMuck: ("FOLD", {"seat": 2}),
    engine_refusals.TabledNotMucked: ("SHOWDOWN-MUCK", {"seat": 2}),
    engine_refusals.AlreadyTabled: ("SHOWDOWN", {"seat": 2}),
    engine_refusals.BoardAlreadySaid: ("PLAY-BOARD", {"seat": 2}),
}


def _kinds() -> set[type[Refusal]]:
    found: set[type[Refusal]] = set()
    todo = [Refusal]
    while todo:
        for kind in todo.pop().__subclasses__():
            if kind.__module__.startswith("dealer."):
                found.add(kind)
                todo.append(kind)
    return found - {betting.BettingError}


def test_every_refusal_kind_has_a_sample_and_a_code_of_its_own() -> None:
    assert _kinds() == set(SAMPLES)
    codes = [kind.code for kind in SAMPLES]
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("kind", list(SAMPLES), ids=lambda kind: kind.__name__)
def test_each_refusal_is_worded_at_the_edge(kind: type[Refusal]) -> None:
    rule, fields = SAMPLES[kind]
    refused = kind(rule, **fields)
    assert refused.rule == rule and refused.fields == fields
    # the log's English (scenarios' refused:) is the English message, filled in
    assert refusal(refused, Lang.EN) == str(refused)
    for lang in (Lang.ZH_HANS, Lang.ZH_HANT):
        assert kind.code in messages(lang)
        words = refusal(refused, lang)
        assert words != str(refused)
        leaks = english_words(words.replace(rule, "").replace(str(fields.get("step")), ""))
        assert leaks == [], words


def test_a_refusal_in_chinese_reads_its_fields() -> None:
    refused = betting.NothingToCall("POSTFLOP-ACTION", seat=3)
    assert (
        refusal(refused, Lang.ZH_HANS) == "3 号座位没有需要跟的注：请过牌或下注 (POSTFLOP-ACTION)"
    )
    above = betting.AbovePotLimit("POT-LIMIT", move=Move.ALL_IN, to=D(90), maximum=D(35))
    assert str(above) == "all-in to 90 is above the pot-limit maximum of 35 (POT-LIMIT)"
    assert refusal(above, Lang.ZH_HANT).startswith("全押")


def test_the_engine_raises_the_typed_refusal() -> None:
    from dealer.core.stakes import Stakes, Street, Structure

    stakes = Stakes.blinds(Structure.NO_LIMIT, D(5), D(10))
    stacks = {3: D(495), 4: D(490), 5: D(500)}
    rnd = betting.BettingRound(
        stakes, Street.PREFLOP, [5, 3, 4], stacks, {3: D(5), 4: D(10)},
        posted={3: D(5), 4: D(10)}, posted_bet_count=1,
    )  # fmt: skip
    with pytest.raises(betting.CannotCheck) as caught:
        rnd.verify(5, Move.CHECK)
    assert caught.value.fields == {"seat": 5, "bet": D(10), "to_call": D(10)}
    with pytest.raises(betting.NotYourTurn) as turn:
        rnd.verify(3, Move.CALL)
    assert turn.value.fields == {"seat": 3, "actor": 5}
    assert turn.value.rule == "PREFLOP-ACTION"


# -- the rewording test (issue 23 "Done when") ---------------------------------------------------


def _differences(one: dict[str, Any], other: dict[str, Any]) -> list[str]:
    return [key for key in one if one[key] != other.get(key)] + [
        key for key in other if key not in one
    ]


def test_rewording_the_english_changes_nothing_else(tmp_path: Path) -> None:
    """Every English message of procedures/texts/en.yaml and every refusal's English reworded
    (tests/rewording.py): the trainer's drills (Chinese transcripts, every score), ``dealer rule``
    and ``dealer ask`` (Chinese output, exit codes) and the replay of scenarios/ are the same."""
    runs = {
        how: tmp_path / f"{how.strip('-') or 'as-written'}.json" for how in ("", "--texts", "--all")
    }
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.rewording", str(out), *filter(None, [how])], cwd=ROOT
        )
        for how, out in runs.items()
    ]
    assert [process.wait() for process in started] == [0, 0, 0]
    written, texts, everything = (json.loads(out.read_text("utf-8")) for out in runs.values())
    assert len(written["drills"]) == 18 and len(written["replay"]) > 150
    assert _differences(written["drills"], everything["drills"]) == []
    assert _differences(written["commands"], texts["commands"]) == []
    assert _differences(written["replay"], texts["replay"]) == []


def test_the_rewording_rewords() -> None:
    from tests.rewording import reword

    assert reword("seat {seat} cannot check") == "<seat {seat} cannot check>"


# -- no regular expression over our own words in dealer/apps -------------------------------------

# The modules of dealer/apps allowed to use ``re``, and why: each reads what a user or another
# tool wrote, never what dealer said.
REGEX_ALLOWED = {
    "dealer/apps/floor/answer.py": "the source references of RULES.md (data a person writes)",
    "dealer/apps/present/commands.py": "the trainee's typed commands (Chinese or English)",
    "dealer/apps/training/drills/colour_up.py": "the trainee's answer (5 x 25, ...)",
    "dealer/apps/present/compare.py": "a REV:PATH side the user names; Markdown escaping",
    "dealer/apps/web/names.py": "a trainee's name as typed",
    "dealer/apps/phh/importing.py": "PHH files (TOML another tool wrote); the replay's failure "
    "line until the replay gives it as a value (the replay helper's)",
    "dealer/apps/phh/exporting.py": "a PHH time value as given; TOML escaping",
    "dealer/apps/web/app.py": "a trainee's name as typed, made into a download's file name",
}


def _uses_re(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(alias.name == "re" for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "re":
            return True
    return False


def test_only_readers_of_user_input_in_apps_use_re() -> None:
    apps = ROOT / "dealer" / "apps"
    using = {str(path.relative_to(ROOT)) for path in apps.rglob("*.py") if _uses_re(path)}
    assert using - set(REGEX_ALLOWED) == set(), "a regex over our own output? see REGEX_ALLOWED"
    assert set(REGEX_ALLOWED) - using == set()  # a module that no longer needs it leaves the list


# -- one definition per fact (issue 23 item 4): CHIP-UNIT's default ----------------------------


def _blinds_for(stakes: Any) -> Any:
    from dealer.core.stakes import Stakes

    return Stakes.blinds(
        stakes.structure, stakes.small_blind, stakes.big_blind, ante=stakes.ante,
        straddle=stakes.straddle, ante_by=stakes.ante_by,
    )  # fmt: skip


def test_stakes_and_the_scenario_reader_agree_on_the_chip_unit() -> None:
    """CHIP-UNIT (LA 130): one default, dealer.core.chips.default_unit, for Stakes.blinds and for
    a scenario's table without a ``chip:``; every big-bet table of scenarios/ gets the same unit
    both ways."""
    from dealer.core.stakes import Structure
    from dealer.scenarios.format import read_scenario
    from tests.conftest import SCENARIOS

    compared = 0
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        if "chip:" in path.read_text(encoding="utf-8"):
            continue  # the table names its chip: nothing defaulted
        stakes = read_scenario(path).table.stakes
        if stakes.structure is Structure.LIMIT:
            continue
        assert _blinds_for(stakes).chip_unit == stakes.chip_unit, path.name
        compared += 1
    assert compared > 50


def test_a_25_50_table_with_a_10_ante_has_one_chip_unit() -> None:
    """CHIP-UNIT (LA 130): "the smallest chip used to make the big blind": 50 is two 25 chips, so
    wagers are in 25s; the 10 ante is a forced bet, not a wager, and sets no unit. A raise to 135
    is refused, to 150 taken, however the table is set up."""
    from dealer.core.stakes import Stakes, Structure
    from dealer.scenarios.format import scenario_from_text
    from dealer.scenarios.replay import replay

    text = (
        "scenario: antes\nrules: [CHIP-UNIT]\n"
        "table: {game: no-limit, blinds: [25, 50], ante: 10, button: 1,"
        " seats: {1: 1000, 2: 1000, 3: 1000}}\ndeck: {seed: 1}\nsteps:\n  - auto: deal\n"
        '  - {step: seat 1 raise 135, refused: "raise to 135 is not a multiple of the 25 chip'
        ' (CHIP-UNIT)"}\n  - seat 1 raise 150\n  - expect: {to_act: 2, pot: 255}\n'
    )
    scenario = scenario_from_text(text, "antes.yaml")
    made = Stakes.blinds(Structure.NO_LIMIT, D(25), D(50), ante=D(10))
    assert scenario.table is not None
    assert scenario.table.stakes.chip_unit == made.chip_unit == D(25)
    result = replay(scenario)
    assert result.passed, result.failures


# -- one definition per fact (issue 23 item 4): titles and fallbacks, pot names, the house ruling


def test_ruleset_titles_and_fallbacks_are_the_rulebooks_only(tmp_path: Path) -> None:
    """Written once, in procedures/rulebook.yaml (rulesets:); a published ruleset file that says
    them again is refused at its line (seed falls back on wsop-2024, RULES.md "Rulesets")."""
    import yaml

    from dealer.core.errors import DataError
    from dealer.rules.rulebook import book
    from dealer.rules.rulesets import RULESETS, load_ruleset, names

    for path in sorted(RULESETS.glob("*.yaml")):
        assert {"title", "fallback"} & set(
            yaml.safe_load(path.read_text(encoding="utf-8"))
        ) == set()
    assert sorted(book().rulesets) == sorted(names())
    assert (book().rulesets["seed"].fallback, book().rulesets["wsop-2024"].fallback) == (
        "wsop-2024",
        None,
    )
    again = tmp_path / "seed-copy.yaml"
    lines = (RULESETS / "seed.yaml").read_text(encoding="utf-8").splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("name:")) + 1
    lines.insert(at, "fallback: wsop-2024")
    again.write_text("\n".join(lines).replace("name: seed", "name: seed-copy") + "\n")
    with pytest.raises(DataError) as refused:
        load_ruleset(str(again))
    assert str(refused.value) == (
        f"{again}:{at + 1}: a published ruleset's fallback is the rulebook's (rulesets:)"
    )


def test_a_pot_has_one_name_for_the_trainer_and_the_table() -> None:
    from types import SimpleNamespace

    from dealer.apps.present.words import pot_name
    from dealer.apps.training.desk import Desk

    for lang in Lang:
        assert {"train-pot-main", "train-pot-side"} & set(messages(lang)) == set()
        desk: Any = SimpleNamespace(lang=lang)  # the one field Desk.pot reads
        assert [Desk.pot(desk, n) for n in range(3)] == [pot_name(n, lang) for n in range(3)]
    assert [pot_name(n, Lang.ZH_HANT) for n in range(3)] == ["主池", "邊池 1", "邊池 2"]  # seeds


@pytest.mark.parametrize(
    ("ruleset", "misdeal"),
    [("seed", False), ("wsop-2024", True), ("procedures/house/first-two-cards.yaml", True)],
)
def test_the_house_ruling_is_chosen_once_for_the_floor_and_the_engine(
    ruleset: str, misdeal: bool
) -> None:
    """The second card of the deal exposed: dealt on under seed (HOLE-EXPOSED-SECOND, 004 ¶1-2),
    a misdeal under wsop-2024 (LA 104) and under the overlay whose misdeal_exposed_cards is
    [1, 2]. ``dealer rule`` (the floor's lookup) and a hand the engine rules pick one ruling."""
    from dealer.apps.floor.guided import Answers, build
    from dealer.apps.floor.lookup import house_ruling
    from dealer.rules.choice import is_misdeal
    from dealer.rules.rulebook import rule
    from dealer.rules.rulesets import load_ruleset

    hand = build(Answers("no-limit", 6, 1, "exposed", 2, (), 0), ruleset).hand
    ruled = hand.rulings[-1]
    assert ruled.rule_id == "HOLE-EXPOSED-SECOND"
    choices = load_ruleset(ruleset)
    entry = rule("HOLE-EXPOSED-SECOND")
    floor = house_ruling(entry, choices) or entry.ruling(choices.base)
    assert ruled.ruling is floor and is_misdeal(floor) is misdeal
