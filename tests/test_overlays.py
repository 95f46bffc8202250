"""House overlays that say what rooms change (issue 25) under names of their own (issue 28 item 2):
a ruling taken from another ruleset, straddles allowed or not, one name for one ruleset, plain
printable names, and every surface labelling an overlay's ruling with the overlay's name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.core.errors import DataError
from dealer.rules.rulebook import book, rule
from dealer.rules.rulesets import load_ruleset
from dealer.scenarios.format import read_suite_file
from dealer.scenarios.replay import replay
from tests.conftest import SCENARIOS

WSOP_CHOICES = (
    "{max_players: 10, limit_cap_bets: 5, limit_cap_lifted_heads_up: true,"
    " straddle_seats: [under-the-gun, button], dead_button: true, muck_touch_kills: false,"
    " board_by_announcement: false, extra_card_until_flop_burn: false}"
)


def _overlay(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _refused(path: Path) -> str:
    with pytest.raises(DataError) as caught:
        load_ruleset(str(path))
    return str(caught.value)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        # RULES.md "Rulesets": "Every ruling names the ruleset it was made under": one name each.
        ("extends: seed\nname: seed\n", "2: an overlay may not take the name of the ruleset it"
         " extends ('seed'): give it a 'name' of its own"),
        ("extends: seed\nname: wsop-2024\n", "2: an overlay may not take the name of a published"
         " ruleset ('wsop-2024'): give it a 'name' of its own"),
        ('extends: seed\nname: "jade\\nPASS scenarios/x.yaml: x [seed]"\n',
         "2: 'name' is plain printable text on one line"),
        ('extends: seed\nname: "jade\\u202e"\n', "2: 'name' is plain printable text on one line"),
        ('extends: seed\nname: " jade"\n', "2: 'name' is plain printable text on one line"),
        ("extends: seed\nname: jade\nrulings: {HOLE-EXPOSED-SECON: wsop-2024}\n",
         "3: unknown rule 'HOLE-EXPOSED-SECON' in 'rulings'; did you mean 'HOLE-EXPOSED-SECOND'?"),
        ("extends: seed\nname: jade\nrulings: {LIMIT-CAP: wsop-2024}\n",
         "3: LIMIT-CAP is no irregularity: it has no ruling to choose"),
        ("extends: seed\nname: jade\nrulings: {TURN-PREMATURE: jade}\n",
         "3: the ruling of TURN-PREMATURE is taken from a published ruleset (seed, wsop-2024),"
         " not jade"),
        ("extends: seed\nname: jade\nrulings: []\n",
         "3: 'rulings' is an overlay's rulings taken from a published ruleset:"
         " {RULE-ID: seed or wsop-2024}"),
        ("extends: seed\nname: jade\nchoices: {misdeal_exposed_cards: [1]}\n"
         "rulings: {HOLE-EXPOSED-SECOND: wsop-2024}\n",
         "4: HOLE-EXPOSED-SECOND: wsop-2024 means misdeal_exposed_cards [1, 2], but 'choices'"
         " says [1]"),
    ],
)  # fmt: skip
def test_refused_overlays_name_the_line(tmp_path: Path, text: str, error: str) -> None:
    path = _overlay(tmp_path, text)
    assert _refused(path) == f"{path}:{error}"


def test_an_overlay_file_named_like_a_published_ruleset_needs_a_name(tmp_path: Path) -> None:
    path = _overlay(tmp_path, "extends: seed\nchoices: {limit_cap_bets: 5}\n", "seed.yaml")
    assert _refused(path).endswith("an overlay may not take the name of the ruleset it extends"
                                   " ('seed'): give it a 'name' of its own")  # fmt: skip
    parent = _overlay(tmp_path, "extends: seed\nname: jade\n", "jade.yaml")
    child = _overlay(tmp_path, f"extends: {parent.name}\nname: jade\n", "child.yaml")
    assert _refused(child) == (
        f"{child}:2: an overlay may not take the name of the ruleset it extends ('jade'):"
        " give it a 'name' of its own"
    )


def test_a_ruling_from_another_ruleset_sets_the_choice_it_decides(tmp_path: Path) -> None:
    path = _overlay(
        tmp_path, "extends: seed\nname: jade\nrulings: {HOLE-EXPOSED-SECOND: wsop-2024}\n"
    )
    jade = load_ruleset(str(path))
    assert (jade.rulings, jade.misdeal_exposed_cards) == (
        (("HOLE-EXPOSED-SECOND", "wsop-2024"),),
        (1, 2),
    )
    assert jade.ruling_from("HOLE-EXPOSED-SECOND") == "wsop-2024"
    assert jade.ruling_from("TURN-PREMATURE") == "seed"
    # An overlay on it that chooses otherwise drops the inherited ruling with the choice.
    child = _overlay(
        tmp_path,
        "extends: house.yaml\nname: jade-2\nchoices: {misdeal_exposed_cards: [1]}\n",
        "c.yaml",
    )
    assert load_ruleset(str(child)).rulings == ()


def test_wsop_rulings_taken_one_by_one_replay_the_wsop_scenarios(tmp_path: Path) -> None:
    """An overlay on seed with wsop-2024's choices and, for each irregularity a wsop-2024 scenario
    names, wsop-2024's ruling, plays that scenario as wsop-2024 does (the rulings are wsop-2024's,
    RULES.md's `wsop-2024` column, under the overlay's name)."""
    played = 0
    for path in sorted(SCENARIOS.rglob("*-wsop.yaml")):
        scenario = read_suite_file(path)
        if scenario is None or scenario.ruleset.name != "wsop-2024":
            continue
        chosen = [rule_id for rule_id in scenario.rules if book().rules[rule_id].rulings]
        differ = [
            rule_id for rule_id in chosen
            if not rule(rule_id).ruling("seed").same_remedy(rule(rule_id).ruling("wsop-2024"))
        ]  # fmt: skip
        if not differ:
            continue
        rulings = ", ".join(f"{rule_id}: wsop-2024" for rule_id in chosen)
        overlay = _overlay(
            tmp_path,
            f"extends: seed\nname: seed-as-wsop\nchoices: {WSOP_CHOICES}\nrulings: {{{rulings}}}\n",
            f"{path.stem}.yaml",
        )
        under = read_suite_file(path, load_ruleset(str(overlay)), forced=True)
        assert under is not None
        result = replay(under)
        assert result.failure is None, (path.name, result.failure)
        played += 1
    assert played >= 10


def test_no_straddle_at_all(tmp_path: Path) -> None:
    # STRADDLE is an option of the rules; a room may allow none: the straddle table is refused.
    path = _overlay(tmp_path, "extends: seed\nname: no-straddle\nchoices: {straddle_seats: []}\n")
    assert load_ruleset(str(path)).straddle_seats == ()
    result = CliRunner().invoke(
        app, ["replay", str(SCENARIOS / "procedure" / "straddle.yaml"), "--ruleset", str(path)]
    )
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "no straddle under no-straddle: its rules allow none (STRADDLE)\n"
    )


def test_dealer_rule_shows_the_house_ruling_under_the_house_name(tmp_path: Path) -> None:
    path = _overlay(tmp_path, "extends: seed\nname: jade\nrulings: {TURN-PREMATURE: wsop-2024}\n")
    runner = CliRunner()
    text = runner.invoke(app, ["rule", "TURN-PREMATURE", "--ruleset", str(path)]).stdout
    assert "Ruleset: jade, a house overlay on seed (Source documents)" in text
    wsop = rule("TURN-PREMATURE").ruling("wsop-2024").summary.get("en")
    assert f"Ruling: {wsop}" in text
    data = json.loads(
        runner.invoke(app, ["rule", "TURN-PREMATURE", "--ruleset", str(path), "--json"]).stdout
    )
    assert (data["ruleset"], data["house"]) == ("jade", {"name": "jade", "extends": "seed"})
    assert data["ruling"]["summary"] == wsop
    assert list(data["other_rulesets"]) == ["seed"]


def test_replay_and_ask_label_the_overlay(tmp_path: Path) -> None:
    """An overlay that rules as seed here is still the overlay: its name, not seed's."""
    path = _overlay(tmp_path, "extends: seed\nname: jade\nchoices: {limit_cap_bets: 5}\n")
    scenario = SCENARIOS / "irregularities" / "turn-premature-seed.yaml"
    result = CliRunner().invoke(app, ["replay", str(scenario), "--ruleset", str(path), "--json"])
    report = json.loads(result.stdout.splitlines()[0])  # one report per line, the summary last
    assert report["result"] == "passed"  # its expectations name seed, whose ruling it is
    assert report["hands"][0]["final"]["rulings"] == ["TURN-PREMATURE (jade)"]
    assert any("TURN-PREMATURE under jade:" in line for line in report["hands"][0]["log"])
    asked = CliRunner().invoke(app, ["ask", str(scenario), "--ruleset", str(path), "--json"])
    facts = json.loads(asked.stdout)
    assert (facts["ruleset"], facts["ruling"]["ruleset"]) == ("jade", "jade")
    text = CliRunner().invoke(app, ["ask", str(scenario), "--ruleset", str(path)]).stdout
    assert "Ruleset: jade, a house overlay on seed (Source documents)" in text
