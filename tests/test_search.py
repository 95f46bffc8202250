"""`dealer rule WORDS`: the search answers the question asked, says when it is unsure, and says
when no rule covers it (issue 13). Expectations are the rules RULES.md gives for each situation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from dealer.apps.cli import app
from dealer.rules.rulebook import Lang, book
from dealer.rules.search import Answer, Verdict, load_table, read, search
from dealer.rules.source import SourceError
from dealer.rules.texts import cells, pad, resolve_lang
from tests.conftest import ROOT
from tests.helpers import run_cli

PHRASES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "floor_phrases.yaml").read_text(encoding="utf-8")
)
HOUSE = str(ROOT / "procedures" / "house" / "first-two-cards.yaml")
runner = CliRunner()


def _holds(answer: Answer, expected: str, never: list[str]) -> bool:
    if expected == "none":
        return answer.kind is Verdict.NONE
    if set(never) & set(answer.ids):
        return False  # an opposite ruling is never offered
    if answer.kind is Verdict.ONE:
        return answer.ids == (expected,)
    return answer.kind is Verdict.WHICH and expected in answer.ids


def test_the_phrase_table_is_large_and_in_three_languages() -> None:
    assert len(PHRASES) >= 60
    chinese = [p["q"] for p in PHRASES if any("\u3400" <= c <= "\u9fff" for c in p["q"])]
    assert len(chinese) >= 30
    assert sum(p["expect"] == "none" for p in PHRASES) >= 6
    known = set(book().rules) | {"none"}
    assert all(p["expect"] in known and set(p.get("never", [])) <= known for p in PHRASES)


@pytest.mark.parametrize("phrase", PHRASES, ids=lambda p: p["q"])
def test_every_floor_phrase_gets_its_rule(phrase: dict[str, Any]) -> None:
    for ruleset in (None, "seed", "wsop-2024"):  # `dealer rule` searches under its ruleset
        answer = search(phrase["q"], ruleset)
        assert _holds(answer, phrase["expect"], phrase.get("never", [])), (ruleset, answer)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("dealer flashed the first card", "HOLE-EXPOSED-FIRST"),  # a misdeal (004 ¶1, LA 104)
        ("發牌員 亮了第一張牌", "HOLE-EXPOSED-FIRST"),
        ("dealer dealt flop with 5 cards", "FLOP-TOO-MANY"),
        ("4 card flop", "FLOP-TOO-MANY"),
        ("flop 4 cards", "FLOP-TOO-MANY"),
        ("deck has 51 cards", "DECK-MISSING-CARDS"),
        ("two aces of spades", "DECK-DUPLICATE"),
        ("dealer burned twice", "BURN-ERROR"),
        ("轉牌 提早", "TURN-PREMATURE"),
        ("轉牌 太早", "TURN-PREMATURE"),
    ],
)
def test_the_issue_table_gets_one_right_answer(query: str, expected: str) -> None:
    for ruleset in (None, "seed", "wsop-2024"):
        answer = search(query, ruleset)
        assert (answer.kind, answer.ids) == (Verdict.ONE, (expected,)), ruleset


@pytest.mark.parametrize("query", ["烧牌", "燒牌", "銷牌"])
def test_burn_in_either_script_finds_the_burn_rule(query: str) -> None:
    assert search(query).ids[0] == "BURN"


def test_an_exposed_card_without_its_place_asks_which_one() -> None:
    answer = search("露牌")
    assert answer.kind is Verdict.WHICH
    assert set(answer.ids) <= {f"HOLE-EXPOSED-{x}" for x in ("FIRST", "SECOND", "OTHER")}


@pytest.mark.parametrize("query", ["player folded out of turn", "string bet", "missed blind"])
def test_uncovered_topics_get_no_rule(query: str) -> None:
    assert search(query).kind is Verdict.NONE


def test_synonyms_meet_in_both_scripts() -> None:
    for simplified, traditional in (("烧牌", "燒牌"), ("销牌", "銷牌"), ("放错", "放錯")):
        assert read(simplified).tokens == read(traditional).tokens
    assert read("提早").tokens == read("太早").tokens == read("過早").tokens == read("提前").tokens
    assert read("flashed").tokens == read("exposed").tokens == read("亮").tokens


def test_a_bad_search_table_is_reported_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "search.yaml"
    bad.write_text("synonyms: {}\nfacets:\n  NO-SUCH-RULE: {count: [1]}\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"search.yaml:3: facets: unknown rule 'NO-SUCH-RULE'"):
        load_table(bad)


def test_cli_prints_the_single_answer_alone() -> None:
    code, out, _ = run_cli("rule", "dealer", "flashed", "the", "first", "card")
    assert code == 0
    assert out.startswith("HOLE-EXPOSED-FIRST: First hole card exposed\n")
    assert "See also" not in out


def test_cli_asks_which_one_with_summaries() -> None:
    code, out, _ = run_cli("rule", "露牌", "--lang", "zh-Hant")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "是哪一條？「露牌」符合不只一條規則："
    assert lines[1].startswith("  1. HOLE-EXPOSED-")
    assert "判為誤發" in out  # the first card's ruling, in its summary
    code, out, _ = run_cli("rule", "露牌", "--json")
    assert json.loads(out)["answer"] == "which"


def test_cli_says_no_rule_covers_it_with_exit_1() -> None:
    code, out, err = run_cli("rule", "string", "bet")
    assert (code, out) == (1, "")
    assert err.splitlines()[0] == "No rule in this rulebook covers that: 'string bet'"
    assert err.splitlines()[1].startswith("Nearest: ")
    code, out, err = run_cli("rule", "漏盲怎么办", "--lang", "zh")
    assert code == 1 and err.startswith("本规则书没有规则涵盖这个问题：「漏盲怎么办」")


def test_rule_under_a_house_overlay_names_it_and_its_ruling() -> None:
    code, out, _ = run_cli("rule", "HOLE-EXPOSED-SECOND", "--ruleset", HOUSE)
    assert code == 0
    lines = out.splitlines()
    assert lines[2] == ("Ruleset: house-first-two, a house overlay on seed (Source documents)")
    # The overlay's misdeal_exposed_cards [1, 2] makes the second card a misdeal (LA 104).
    assert lines[5].startswith("Ruling: Misdeal")
    assert "  1. Retrieve every card dealt" in lines
    code, out, _ = run_cli("rule", "HOLE-EXPOSED-SECOND")
    assert "Ruling: Misdeal" not in out  # under seed it is dealt on (004 ¶1–2)
    code, out, _ = run_cli("rule", "HOLE-EXPOSED-SECOND", "--ruleset", HOUSE, "--json")
    data = json.loads(out)
    assert data["house"] == {"name": "house-first-two", "extends": "seed"}
    assert data["ruling"]["steps"][0]["do"] == "gather"


def test_rule_with_a_missing_overlay_file_is_bad_input() -> None:
    code, _, err = run_cli("rule", "BURN", "--ruleset", "no-such-file.yaml")
    assert code == 2 and "unknown ruleset 'no-such-file.yaml'" in err


# ---------------------------------------------------------------------------- texts, languages


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("en", Lang.EN),
        ("zh", Lang.ZH_HANS),
        ("zh-CN", Lang.ZH_HANS),
        ("zh-Hans", Lang.ZH_HANS),
        ("zh-TW", Lang.ZH_HANT),
        ("zh-HK", Lang.ZH_HANT),
        ("zh_TW.UTF-8", Lang.ZH_HANT),
        ("C.UTF-8", Lang.EN),
    ],
)
def test_language_aliases(value: str, lang: Lang) -> None:
    assert resolve_lang(value) is lang


def test_the_default_language_comes_from_the_locale() -> None:
    result = runner.invoke(app, ["rule", "TURN-PREMATURE"], env={"LC_ALL": "zh_HK.UTF-8"})
    assert result.stdout.splitlines()[0] == "TURN-PREMATURE：轉牌過早"
    result = runner.invoke(app, ["rule", "TURN-PREMATURE"], env={"LC_ALL": "", "LANG": "zh_CN"})
    assert result.stdout.splitlines()[0] == "TURN-PREMATURE：转牌过早"
    assert run_cli("rule", "BURN", "--lang", "fr")[0] == 2


def test_widths_are_counted_in_terminal_cells() -> None:
    assert cells("主池") == 4 and cells("pot") == 3
    assert cells(pad("邊池 1", 10)) == 10
