"""``dealer compare``: a change of house rules, scenario by scenario (issue 25).

The house suite (tests/data/compare/suite: twelve scenarios and the Jade Room's overlay, which
deals as seed does) is compared with two real changes of the overlay: the second exposed card ruled
as wsop-2024 rules it, and a cap of five bets. Every line of the reports held here follows from
RULES.md (quoted beside it); the reports are never copied from the tool's output unread.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app, scenario_files
from dealer.core.events import Kind
from dealer.rules.rulesets import load_ruleset
from dealer.scenarios.compare import compare
from dealer.scenarios.format import read_suite_file
from tests.conftest import ROOT, SCENARIOS
from tests.test_rulebook import _rules_md_rows

HOUSE = Path("tests/data/compare")
SUITE = HOUSE / "suite"
JADE = SUITE / "jade-room.yaml"
SECOND_CARD = HOUSE / "changes" / "second-card.yaml"
CAP_FIVE = HOUSE / "changes" / "limit-cap.yaml"


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the reports name the files as they were given


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["compare", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_house_suite_passes_under_the_house_rules() -> None:
    result = CliRunner().invoke(app, ["replay", str(SUITE)])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.splitlines()[-1] == "12 passed, 0 failed"


# HOLE-EXPOSED-SECOND: seed "Treated as HOLE-EXPOSED-OTHER" (deal on), wsop-2024 "Misdeal".
# Dealt on, the steps owed are HOLE-EXPOSED-OTHER's ("The deal continues to the end ... the
# player receives the top card of the stub in its place, and the exposed card becomes the burn
# card before the flop"); a misdeal owes MISDEAL-REDEAL's (retrieve, reshuffle, recut, redeal the
# same hand, the blinds as posted). The exposed card: set aside, then the flop's burn; in a
# misdeal, back to the stub. The scenarios' steps go on as the room deals: under the misdeal the
# deal is redealt by `auto: deal`, and the replacement the room gives (`replace 2`) is then
# refused, so that hand stops with the blinds (1 and 2) in the pot of 3, every other stack whole.
SECOND_CARD_REPORT = (
    "jade-room → jade-room-second-card: 2 of 12 scenarios changed, 10 the same\n"
    "1 ruleset overlays among the files: checked, not played\n"
    "\n"
    "tests/data/compare/suite/exposed-second-four-handed.yaml:"
    " Second card of the deal exposed, four-handed\n"
    "  Ruling HOLE-EXPOSED-SECOND: deal on → misdeal\n"
    "  Owed steps added:\n"
    "    + Retrieve every card dealt (HOLE-EXPOSED-SECOND)\n"
    "    + Shuffle the stub (HOLE-EXPOSED-SECOND)\n"
    "    + Cut the stub (HOLE-EXPOSED-SECOND)\n"
    "    + Redeal the same hand: the button does not move, blinds and antes stay as posted"
    " (HOLE-EXPOSED-SECOND)\n"
    "  Owed steps removed:\n"
    "    - Finish the deal as usual (HOLE-EXPOSED-SECOND)\n"
    "    - Give the player the top card of the stub in place of the exposed card (seat 2)"
    " (HOLE-EXPOSED-SECOND)\n"
    "    - Play the pre-flop betting round (HOLE-EXPOSED-SECOND)\n"
    "    - Burn the exposed card (on top of the stub) and no other (HOLE-EXPOSED-SECOND)\n"
    "    - Deal the flop (HOLE-EXPOSED-SECOND)\n"
    "  Qd (seat 2): set aside, flop burn → back to the stub\n"
    "  Board: Jh Th 5c Qs 4s → none\n"
    "  Burns: Qd 6d 2c → none\n"
    "  Pot: 0 → 3\n"
    "  Stacks: seat 1 106 → 99, seat 3 98 → 100, seat 4 98 → 100\n"
    "  Line 28, replace 2: taken → refused (expected seat 3 to act (PREFLOP-ACTION);"
    " got: replace 2)\n"
    "  First difference in the event log, event 8:\n"
    "    jade-room: pitch 9s to seat 3\n"
    "    jade-room-second-card: gather (52 cards)\n"
    "\n"
    "tests/data/compare/suite/exposed-second.yaml:"
    " Second card of the deal exposed under the house rules\n"
    "  Ruling HOLE-EXPOSED-SECOND: deal on → misdeal\n"
    "  Owed steps added:\n"
    "    + Retrieve every card dealt (HOLE-EXPOSED-SECOND)\n"
    "    + Shuffle the stub (HOLE-EXPOSED-SECOND)\n"
    "    + Cut the stub (HOLE-EXPOSED-SECOND)\n"
    "    + Redeal the same hand: the button does not move, blinds and antes stay as posted"
    " (HOLE-EXPOSED-SECOND)\n"
    "  Owed steps removed:\n"
    "    - Finish the deal as usual (HOLE-EXPOSED-SECOND)\n"
    "    - Give the player the top card of the stub in place of the exposed card (seat 2)"
    " (HOLE-EXPOSED-SECOND)\n"
    "    - Play the pre-flop betting round (HOLE-EXPOSED-SECOND)\n"
    "    - Burn the exposed card (on top of the stub) and no other (HOLE-EXPOSED-SECOND)\n"
    "    - Deal the flop (HOLE-EXPOSED-SECOND)\n"
    "  Kd (seat 2): set aside, flop burn → back to the stub\n"
    "  Board: Jc Ts 9h 8c 6s → none\n"
    "  Burns: Kd 4d 5h → none\n"
    "  Pot: 0 → 3\n"
    "  Stacks: seat 1 98 → 99, seat 3 104 → 100\n"
    # The steps the scenario marks refused under the room's rule: under a misdeal the gather is
    # owed (MISDEAL-REDEAL), and after the redeal seat 3 is first to act (PREFLOP-ACTION).
    "  Line 32, gather: refused (expected pitch to seat 3 (DEAL-ORDER); got: gather) → taken\n"
    "  Line 35, seat 3 call: refused (expected give the player the top card of the stub in place"
    " of the exposed card (seat 2) (HOLE-EXPOSED-SECOND); got: seat 3 call) → taken\n"
    "  Line 37, replace 2: taken → refused (expected seat 3 to act (PREFLOP-ACTION);"
    " got: replace 2)\n"
    "  First difference in the event log, event 8:\n"
    "    jade-room: pitch 7c to seat 3\n"
    "    jade-room-second-card: gather (52 cards)\n"
)


def test_the_second_exposed_card_change_lists_exactly_the_hands_it_changes() -> None:
    code, out, err = _run(str(SUITE), "--ruleset", str(JADE), "--against", str(SECOND_CARD))
    assert (code, err) == (1, "")
    assert out == SECOND_CARD_REPORT
    # Exactly the scenarios that expose the second card of the deal (they name the rule).
    exposing = sorted(
        scenario.file
        for scenario in map(read_suite_file, sorted(SUITE.glob("*.yaml")))
        if scenario is not None and "HOLE-EXPOSED-SECOND" in scenario.rules
    )
    listed = re.findall(r"^(tests/\S+\.yaml):", out, re.M)
    assert listed == exposing


# LIMIT-CAP: "at most one bet and three raises per round" (seed, the room's rule) against "one bet
# and four raises" (the change). The hands are the same (the suite calls where the cap stops a
# raise); what changes is that every raise the room refuses as the fifth bet is taken.
CAP_REPORT = (
    "jade-room → jade-room-cap-five: 2 of 12 scenarios changed, 10 the same\n"
    "1 ruleset overlays among the files: checked, not played\n"
    "\n"
    "tests/data/compare/suite/limit-cap.yaml: Limit cap under the house rules, at the fourth bet\n"
    "  Line 19, seat 3 raise 25: refused (the betting is capped at 4 bets; seat 3 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
    "  Line 20, seat 3 raise: refused (the betting is capped at 4 bets; seat 3 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
    "  Line 22, seat 1 raise 25: refused (the betting is capped at 4 bets; seat 1 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
    "  Line 30, seat 2 raise 25: refused (the betting is capped at 4 bets; seat 2 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
    "\n"
    "tests/data/compare/suite/refusals-limit.yaml: Refused limit wagers, wrong sizes and the cap\n"
    "  Line 22, seat 2 raise 25: refused (the betting is capped at 4 bets; seat 2 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
    "  Line 34, seat 1 raise 25: refused (the betting is capped at 4 bets; seat 1 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
    "  Line 45, seat 1 raise 50: refused (the betting is capped at 4 bets; seat 1 may only call or"
    " fold (LIMIT-CAP)) → taken\n"
)


def test_the_limit_cap_change_lists_exactly_the_refused_fifth_bets() -> None:
    code, out, err = _run(str(SUITE), "--ruleset", str(JADE), "--against", str(CAP_FIVE))
    assert (code, err) == (1, "")
    assert out == CAP_REPORT


def test_an_overlay_that_rules_as_its_base_changes_nothing() -> None:
    # The Jade Room makes seed's choices: its rulings are seed's under another name.
    code, out, _ = _run(str(SUITE), "--ruleset", "seed", "--against", str(JADE))
    assert code == 0
    assert out == (
        "seed → jade-room: 0 of 12 scenarios changed, 12 the same\n"
        "1 ruleset overlays among the files: checked, not played\n"
        "Nothing changed.\n"
    )


def test_json_holds_the_typed_values() -> None:
    code, out, _ = _run(str(SUITE), "--ruleset", str(JADE), "--against", str(SECOND_CARD), "--json")
    assert code == 1
    data = json.loads(out)
    assert (data["a"], data["b"], data["scenarios"], data["changed"], data["same"]) == (
        "jade-room", "jade-room-second-card", 12, 2, 10,
    )  # fmt: skip
    hand = data["changes"][1]["hands"][0]
    assert data["changes"][1]["rules"] == ["HOLE-EXPOSED-SECOND", "HOLE-EXPOSED-OTHER"]
    assert hand["rulings"] == [
        {
            "rule": "HOLE-EXPOSED-SECOND",
            "a": {"ruleset": "seed", "remedy": "deal-on", "branch": None},
            "b": {"ruleset": "wsop-2024", "remedy": "misdeal", "branch": None},
        }
    ]
    assert hand["cards"] == [
        {"card": "Kd", "a": ["seat 2", "set aside", "flop burn"], "b": ["seat 2", "stub"]}
    ]
    assert [owed["verb"] for owed in hand["owed_added"]] == ["gather", "shuffle", "cut", None]
    assert hand["first_event"] == {"index": 8, "a": "pitch 7c to seat 3", "b": "gather (52 cards)"}


def test_the_report_in_chinese(tmp_path: Path) -> None:
    args = [str(SUITE / "exposed-second.yaml"), "--ruleset", str(JADE)]
    code, out, _ = _run(*args, "--against", str(SECOND_CARD), "--lang", "zh-Hant")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "jade-room → jade-room-second-card：共 1 個情景，1 個有變化，0 個相同"
    assert "  裁定 HOLE-EXPOSED-SECOND：繼續發牌 → 誤發" in lines
    assert "  Kd（2 號座位）：放在一旁，翻牌前的銷牌 → 放回牌堆" in lines
    assert "    jade-room：7c 發給 3 號座位" in lines
    assert "    jade-room-second-card：所有牌已收回" in lines


def test_markdown_and_html_reports_are_self_contained(tmp_path: Path) -> None:
    args = [str(SUITE), "--ruleset", str(JADE), "--against", str(SECOND_CARD)]
    markdown, page = tmp_path / "change.md", tmp_path / "change.html"
    assert _run(*args, "--report", str(markdown))[0] == 1
    assert _run(*args, "--report", str(page))[0] == 1
    text = markdown.read_text(encoding="utf-8")
    assert text.startswith("# What jade-room-second-card changes against jade-room\n")
    assert "\n## tests/data/compare/suite/exposed-second.yaml: Second card" in text
    assert "\n- Ruling HOLE-EXPOSED-SECOND: deal on → misdeal\n" in text
    assert "\n  - \\+ Retrieve every card dealt (HOLE-EXPOSED-SECOND)\n" in text
    html = page.read_text(encoding="utf-8")
    assert html.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert "<li>Kd (seat 2): set aside, flop burn → back to the stub</li>" in html
    assert not re.search(r"<script|<link|src=|href=", html)
    assert _run(*args, "--report", str(tmp_path / "change.pdf"))[0] == 2


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, _, err = _run(str(SUITE), "--against", str(tmp_path / "nowhere.yaml"))
    assert code == 2 and err.count("\n") == 1 and "nowhere.yaml:0: unknown ruleset" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("scenario: x\ntable: {game: no-limit}\nstepz: []\n", encoding="utf-8")
    code, _, err = _run(str(broken))
    assert code == 2 and err.startswith(f"{broken}:") and err.count("\n") == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _run(str(empty)) == (2, "", f"{empty}:0: no scenario files found\n")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_against_an_overlay_as_it_is_in_a_git_revision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card room's change request: the overlay as committed against the overlay as edited."""
    room = tmp_path / "room"
    (room / "suite").mkdir(parents=True)
    for path in SUITE.glob("*.yaml"):
        (room / "suite" / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    _git(room, "init", "-q")
    _git(room, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    _git(room, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "the suite")
    overlay = room / "suite" / "jade-room.yaml"
    edited = re.sub(
        r"misdeal_exposed_cards: \[1\] .*",
        "misdeal_exposed_cards: [1, 2]  # HOLE-EXPOSED-SECOND: a misdeal now",
        overlay.read_text(encoding="utf-8"),
    )
    overlay.write_text(edited, encoding="utf-8")
    monkeypatch.chdir(room)
    before = "HEAD:suite/jade-room.yaml"
    code, out, _ = _run("suite", "--ruleset", before, "--against", "suite/jade-room.yaml")
    assert code == 1
    # One name on both sides: the sides are named as given.
    assert out.startswith(
        f"{before} → suite/jade-room.yaml: 2 of 12 scenarios changed, 10 the same"
    )
    assert re.findall(r"^(suite/\S+):", out, re.M) == [
        "suite/exposed-second-four-handed.yaml",
        "suite/exposed-second.yaml",
    ]
    code, _, err = _run("suite", "--ruleset", "nosuchrev:suite/jade-room.yaml")
    assert code == 2 and err.startswith("nosuchrev:suite/jade-room.yaml:0: git cannot read it: ")
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs"))
    code, _, err = _run("suite", "--ruleset", "HEAD:suite/jade-room.yaml")
    assert (code, err) == (
        2,
        "HEAD:suite/jade-room.yaml:0: git is not installed: cannot read an overlay from a"
        " revision\n",
    )


# -- seed against wsop-2024 over the project's own scenarios ---------------------------------------


# Rows of RULES.md's sections A (procedure, betting) that state a choice per ruleset: TABLE-SIZE
# ("at most 9 players under `seed`; `wsop-2024` tables seat up to 10"), STRADDLE ("`wsop-2024`: from
# under the gun or from the button"), DEAD-BUTTON ("`wsop-2024` uses a dead button"), PLAY-BOARD
# ("must say so ... (`seed`) / must table the hole cards (`wsop-2024`)"), LIMIT-CAP ("`seed`: ...
# one bet and three raises ... `wsop-2024`: one bet and four raises"), FOLD ("`seed`: a card
# ... that touches the muck is a fold, whenever it happens ... `wsop-2024`" LA 106/107),
# SHOWDOWN-MUCK ("Under `wsop-2024` a discarded hand is dead once it is in the muck"). HEADS-UP
# names the rulesets only for its sources; the principles of section C hold under both.
CHOICE_ROWS = frozenset(
    {"TABLE-SIZE", "STRADDLE", "DEAD-BUTTON", "PLAY-BOARD", "LIMIT-CAP", "FOLD", "SHOWDOWN-MUCK"}
)


def _columns_differ(rule_id: str) -> bool:
    """RULES.md's row for the rule makes the two rulesets differ: section B's `seed` and
    `wsop-2024` remedy cells differ (a `wsop-2024` cell of "Same." says they do not; "Same, without
    the cut" or "Same: ..., whole stub reshuffled" says how they do); a row of section A states a
    choice per ruleset."""
    rows = _rules_md_rows()
    if rule_id not in rows:
        return False
    section, cells = rows[rule_id]
    if section == "B":
        seed, wsop = cells[2].strip(), cells[3].strip()
        return seed != wsop and wsop != "Same."
    for name in CHOICE_ROWS:  # each of them says both rulesets' words, as quoted above
        assert name in rows and "`wsop-2024`" in rows[name][1][1], name
    return rule_id in CHOICE_ROWS


def test_seed_against_wsop_lists_only_what_the_rules_md_columns_make_differ() -> None:
    """Other branches add scenarios: this holds properties, not a list. Each scenario listed is
    traced to a RULES.md row whose columns differ: a ruling the two sides make differently, or a
    rule the scenario names; a scenario whose first difference is where the next hand's button and
    blinds go is traced to DEAD-BUTTON (wsop-2024: "a dead button", LA 151; seed: the button moves
    to the next player)."""
    found = compare(scenario_files([SCENARIOS]), load_ruleset("seed"), load_ruleset("wsop-2024"))
    assert found.changed and found.same
    for change in found.changed:
        pairs = [pair for hand in change.hands for pair in hand.rulings]
        ruled = {pair.rule_id for pair in pairs if pair.a and pair.b}
        for rule_id in ruled:  # ruled differently on both sides: its columns differ
            assert _columns_differ(rule_id), (change.file, rule_id)
        traced = {rule_id for rule_id in ruled | set(change.rules) if _columns_differ(rule_id)}
        button = any(
            hand.first_event is not None
            and any(
                event is not None and event.kind in (Kind.BUTTON, Kind.SMALL_BLIND, Kind.BIG_BLIND)
                for event in hand.first_event[1:]
            )
            for hand in change.hands
        )
        if button and _columns_differ("DEAD-BUTTON"):
            traced.add("DEAD-BUTTON")
        assert traced, change.file
    listed = {change.file for change in found.changed}
    # Rows whose columns differ, each met by a scenario written for it (RULES.md's words):
    for name, rule_id in (
        ("hole-exposed-second-seed.yaml", "HOLE-EXPOSED-SECOND"),  # dealt on / misdeal
        ("turn-premature-seed.yaml", "TURN-PREMATURE"),
        ("flop-premature-seed.yaml", "FLOP-PREMATURE"),
        ("limit-cap-seed.yaml", "LIMIT-CAP"),  # three raises / four raises
        ("table-size-ten-wsop.yaml", "TABLE-SIZE"),  # 9 players / 10
    ):
        assert _columns_differ(rule_id), rule_id
        assert any(file.endswith(f"/{name}") for file in listed), name
    # And rows whose columns are the same change nothing where they alone are played.
    for name in ("hole-exposed-first.yaml", "deck-duplicate.yaml", "boxed-card.yaml"):
        assert not any(file.endswith(f"/{name}") for file in listed), name


def test_a_bug_on_one_side_is_reported_and_the_comparison_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dealer.engine.hand import Hand

    taken = Hand.apply
    count = {"steps": 0}

    def fifth_step_breaks(self: Hand, step: object) -> object:
        count["steps"] += 1
        if count["steps"] == 5:  # the first side's fifth step
            raise KeyError("oops")
        return taken(self, step)  # type: ignore[arg-type]

    monkeypatch.setattr(Hand, "apply", fifth_step_breaks)
    code, out, _ = _run(str(SUITE / "exposed-first.yaml"), "--against", "seed")
    assert code == 1
    assert "  Line 26, gather: refused (internal error: KeyError: 'oops') → taken" in out


def test_the_report_in_simplified_chinese() -> None:
    args = [str(SUITE / "exposed-second.yaml"), "--ruleset", str(JADE)]
    code, out, _ = _run(*args, "--against", str(SECOND_CARD), "--lang", "zh-Hans")
    assert code == 1
    assert "  裁定 HOLE-EXPOSED-SECOND：继续发牌 → 误发" in out.splitlines()
    assert "  公共牌：Jc Ts 9h 8c 6s → 无" in out.splitlines()
