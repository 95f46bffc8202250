"""The rulebook data, its loader and look-ups (dealer.rules.rulebook), and the floor's rendering."""

# Chinese texts use full-width punctuation on purpose.

from __future__ import annotations

import doctest
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from dealer.apps import floor
from dealer.rules import rulebook
from dealer.rules.rulebook import (
    Branch,
    Do,
    Fate,
    Lang,
    RulebookError,
    Section,
    book,
    find,
    rule,
    suggest,
)

RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
RULESETS = ("seed", "wsop-2024")
DASH = "\u2013"  # RULES.md writes paragraph ranges with an en dash


def _rules_md_rows() -> dict[str, tuple[str, list[str]]]:
    """ID -> (section, table cells) for every row of RULES.md's rule tables."""
    if not RULES_MD.exists():
        pytest.skip(f"RULES.md not found at {RULES_MD} (shared/ must sit beside the clone)")
    rows: dict[str, tuple[str, list[str]]] = {}
    section = ""
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        if line.startswith("## A."):
            section = "A"
        elif line.startswith("### Betting structures"):
            section = "betting"
        elif line.startswith("## B."):
            section = "B"
        elif line.startswith("## "):
            section = ""
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        is_id = re.fullmatch(r"[A-Z][A-Z0-9-]+", cells[0]) is not None and cells[0] != "ID"
        if section and line.startswith("| ") and is_id:
            rows[cells[0]] = (section, cells)
    return rows


def _split_sources(cell: str) -> list[str]:
    """RULES.md's sources cell as citations: split on ';', and on ',' before a new document key."""
    cites: list[str] = []
    for part in cell.split(";"):
        for chunk in re.split(r",\s+(?=(?:000|004|LA|TR)\b)", part.strip()):
            cites.append(chunk.strip())
    return cites


def test_every_rule_of_rules_md_is_in_the_rulebook_with_its_section_and_sources() -> None:
    rows = _rules_md_rows()
    assert len(rows) == 55
    for rule_id, (section, cells) in rows.items():
        entry = book().rules.get(rule_id)
        assert entry is not None, f"{rule_id} is missing from procedures/rulebook.yaml"
        assert entry.section == Section(section), rule_id
        assert list(entry.sources) == _split_sources(cells[-1]), rule_id


def test_the_rulebook_holds_exactly_rules_md_plus_the_two_definitions() -> None:
    rows = _rules_md_rows()
    assert set(book().rules) - set(rows) == {"SUBSTANTIAL-ACTION", "MISDEAL-REDEAL"}
    assert rulebook.ids(Section.DEFINITIONS) == ("SUBSTANTIAL-ACTION", "MISDEAL-REDEAL")
    assert len(rulebook.ids(Section.B)) == 25


def test_seed_fallback_flags_follow_rules_md() -> None:
    rows = _rules_md_rows()
    for rule_id in rulebook.ids(Section.B):
        seed_cell = rows[rule_id][1][2]
        assert rule(rule_id).ruling("seed").fallback == ("fallback" in seed_cell.lower()), rule_id
        assert rule(rule_id).ruling("wsop-2024").fallback is False, rule_id


def test_ruling_sources_are_among_the_rules_sources() -> None:
    for rule_id in rulebook.ids(Section.B):
        entry = rule(rule_id)
        for ruleset in RULESETS:
            extra = set(entry.ruling(ruleset).sources) - set(entry.sources)
            assert not extra, f"{rule_id} {ruleset} cites {extra} not in RULES.md"


NO_BURN_DEALS = {
    ("BURN-MISSED-FLOP", "seed"): [Do.FLOP],
    ("BURN-MISSED-FLOP", "wsop-2024"): [Do.FLOP],
    ("FLOP-TOO-MANY", "seed"): [Do.FLOP],
    ("FLOP-TOO-MANY", "wsop-2024"): [Do.TURN],
    ("FLOP-PREMATURE", "seed"): [Do.FLOP],
    ("FLOP-PREMATURE", "wsop-2024"): [Do.FLOP],
    ("TURN-PREMATURE", "seed"): [Do.RIVER],
    ("TURN-PREMATURE", "wsop-2024"): [Do.TURN],
    ("RIVER-PREMATURE", "seed"): [Do.RIVER],
    ("RIVER-PREMATURE", "wsop-2024"): [Do.RIVER],
}


def test_deals_without_a_burn_are_exactly_where_the_remedies_say() -> None:
    found = {}
    for rule_id in rulebook.ids(Section.B):
        for ruleset in RULESETS:
            steps = rule(rule_id).ruling(ruleset).steps
            no_burn = [step.do for step in steps if step.burn is False]
            if no_burn:
                found[(rule_id, ruleset)] = no_burn
    assert found == NO_BURN_DEALS


def test_turn_premature_rulings_in_detail() -> None:
    seed = rule("TURN-PREMATURE").ruling("seed")
    assert [(c.card, c.fate) for c in seed.cards] == [
        ("premature turn card", Fate.SET_ASIDE),
        ("turn burn", Fate.KEPT),
    ]
    assert [(s.do.value, s.burn) for s in seed.steps] == [
        ("finish-round", None), ("burn", None), ("turn", None), ("finish-round", None),
        ("shuffle", None), ("cut", None), ("river", False),
    ]  # fmt: skip
    wsop = rule("TURN-PREMATURE").ruling("wsop-2024")
    assert [(c.card, c.fate) for c in wsop.cards] == [
        ("premature turn card", Fate.RETURNED_TO_STUB),
        ("turn burn", Fate.KEPT),
    ]
    assert [s.do.value for s in wsop.steps] == [
        "finish-round", "shuffle", "turn", "finish-round", "burn", "river",
    ]  # fmt: skip
    assert seed.sources == (f"004 ¶5{DASH}6",)
    assert wsop.sources == ("LA 166", "LA 167")


def test_misdeal_rulings_replay_the_hand_and_void_rulings_return_chips() -> None:
    misdeal = [Do.GATHER, Do.SHUFFLE, Do.CUT, Do.REDEAL]
    assert [s.do for s in rule("HOLE-EXPOSED-FIRST").ruling("seed").steps] == misdeal
    assert [s.do for s in rule("HOLE-EXPOSED-SECOND").ruling("wsop-2024").steps] == misdeal
    second = rule("HOLE-EXPOSED-SECOND").ruling("seed")
    assert second.same_remedy(rule("HOLE-EXPOSED-OTHER").ruling("seed")) is False  # own summary
    assert second.steps == rule("HOLE-EXPOSED-OTHER").ruling("seed").steps
    duplicate = rule("DECK-DUPLICATE").ruling("seed")
    assert duplicate.chips.value == "returned"
    assert [s.do for s in duplicate.steps] == [Do.VOID, Do.RETURN_CHIPS, Do.GATHER]


# ---------------------------------------------------------------------------- look-ups

PHRASES = {
    "HOLE-EXPOSED-FIRST": ("first card exposed", "第一張底牌暴露"),
    "HOLE-EXPOSED-SECOND": ("second card exposed", "第二张底牌暴露"),
    "HOLE-EXPOSED-OTHER": ("card flashed by the dealer", "其他底牌暴露"),
    "HOLE-EXPOSED-MULTIPLE": ("two cards exposed", "多張底牌暴露"),
    "HOLE-EXPOSED-BY-PLAYER": ("player flashes card", "玩家自己亮牌"),
    "DEAL-EXTRA-ONE": ("one extra card", "多发一张牌"),
    "DEAL-EXTRA-MULTIPLE": ("two extra cards", "多發兩張"),
    "DEAL-SHORT": ("too few cards", "少发牌"),
    "DEAL-OUT-OF-SEQUENCE": ("dealt out of order", "發牌順序錯誤"),
    "DEAL-WRONG-FIRST-SEAT": ("first card to the wrong seat", "第一张牌发错位置"),
    "DEAL-SEAT-NOT-ENTITLED": ("dealt to an empty seat", "發給空位"),
    "DEAL-SEAT-SKIPPED": ("player dealt out", "漏发玩家"),
    "BUTTON-MISPLACED": ("button in the wrong place", "按鈕位置錯誤"),
    "BOXED-CARD": ("boxed card", "翻面牌"),
    "BOXED-CARDS-MULTIPLE": ("two boxed cards", "多張翻面牌"),
    "DECK-DUPLICATE": ("duplicate card", "重复的牌"),
    "DECK-FOREIGN-CARD": ("card with a different back", "外來牌"),
    "DECK-JOKER": ("joker", "鬼牌"),
    "DECK-MISSING-CARDS": ("missing cards", "缺牌"),
    "BURN-MISSED-FLOP": ("forgot to burn before the flop", "翻牌漏銷牌"),
    "BURN-ERROR": ("burned two cards", "销了两张"),
    "FLOP-TOO-MANY": ("four card flop", "翻牌 多"),
    "FLOP-PREMATURE": ("flop dealt too early", "翻牌過早"),
    "TURN-PREMATURE": ("premature turn", "转牌 过早"),
    "RIVER-PREMATURE": ("river too early", "河牌 過早"),
}


def test_phrases_cover_every_irregularity() -> None:
    assert set(PHRASES) == set(rulebook.ids(Section.B))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("rule_id", sorted(PHRASES))
def test_every_irregularity_is_found_by_id_english_and_chinese(rule_id: str, ruleset: str) -> None:
    english, chinese = PHRASES[rule_id]
    for query in (rule_id, rule_id.lower().replace("-", " "), english, chinese):
        matches = find(query, ruleset=ruleset)
        assert matches and matches[0].id == rule_id, (query, matches[:3])


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("premature turn", "TURN-PREMATURE"),
        ("four card flop", "FLOP-TOO-MANY"),
        ("翻牌 多", "FLOP-TOO-MANY"),
        ("河牌 過早", "RIVER-PREMATURE"),
        ("轉牌 过早", "TURN-PREMATURE"),
        ("first card exposed", "HOLE-EXPOSED-FIRST"),
        ("exposing the first card", "HOLE-EXPOSED-FIRST"),
        ("misdeal", "MISDEAL-REDEAL"),
        ("误发", "MISDEAL-REDEAL"),
        ("side pot", "SIDE-POTS"),
    ],
)
def test_queries_from_the_issue(query: str, expected: str) -> None:
    assert find(query)[0].id == expected


def test_exact_id_comes_first_and_is_marked() -> None:
    for query in ("TURN-PREMATURE", "turn_premature", " turn premature "):
        first = find(query)[0]
        assert (first.id, first.exact, first.score) == ("TURN-PREMATURE", True, 100.0)
    assert find("turn", lang=Lang.EN)[0].id == "TURN"
    assert [m.id for m in find("turn")].count("TURN") == 1


def test_unknown_query_finds_nothing_and_gets_suggestions() -> None:
    assert find("premture trun") == []
    assert "TURN-PREMATURE" in suggest("premture trun")
    assert suggest("RIVR-PREMATUR")[0] == "RIVER-PREMATURE"
    assert find("") == []


def test_rule_lookup_by_id_forms_and_unknown_id() -> None:
    assert rule("flop too many").id == "FLOP-TOO-MANY"
    with pytest.raises(KeyError, match="no rule 'FLOP-TOO-FEW'"):
        rule("FLOP-TOO-FEW")
    with pytest.raises(KeyError, match="TURN has no ruling under ruleset 'seed'"):
        rule("TURN").ruling("seed")


def test_importing_the_rulebook_is_light() -> None:
    import subprocess
    import sys

    code = "import sys, dealer.rules.rulebook as r; r.book(); print('transitions' in sys.modules, 'typer' in sys.modules)"  # noqa: E501
    root = Path(rulebook.__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.split() == ["False", "False"]


# ---------------------------------------------------------------------------- translations


def _untranslated() -> list[str]:
    missing: list[str] = []
    for name, text in book().labels.items():
        missing.extend(f"label {name}: {lang}" for lang in text.missing())
    for rs in book().rulesets.values():
        for what, text in (("title", rs.title), ("text", rs.text)):
            missing.extend(f"ruleset {rs.name}.{what}: {lang}" for lang in text.missing())
    for entry in book().rules.values():
        for what, text in entry.texts():
            missing.extend(f"{entry.id}.{what}: {lang}" for lang in text.missing())
        for lang in (Lang.ZH_HANS, Lang.ZH_HANT):
            if not entry.keywords.get(lang):
                missing.append(f"{entry.id}.keywords: {lang}")
    return missing


def test_translation_report_every_text_is_in_three_languages() -> None:
    missing = _untranslated()
    assert missing == [], "untranslated:\n" + "\n".join(missing)


def test_missing_translation_falls_back_to_english() -> None:
    text = rulebook.Text("Deal the river")
    assert text.get(Lang.ZH_HANT) == "Deal the river"
    assert text.missing() == (Lang.ZH_HANS, Lang.ZH_HANT)


# ---------------------------------------------------------------------------- rendering


def test_render_turn_premature_seed_en() -> None:
    lines = floor.render_rule(rule("TURN-PREMATURE"), "seed", Lang.EN).splitlines()
    assert lines[:4] == [
        "TURN-PREMATURE: Premature turn",
        "Section: B. Irregularities and their remedies",
        "Ruleset: seed (Source documents)",
        "Fallback: no",
    ]
    start = lines.index("Steps:")
    assert lines[start + 1 : start + 8] == [
        "  1. Complete the flop betting round",
        "  2. Burn one card from the top of the stub",
        "  3. Turn the next card, the would-be river, as the turn",
        "  4. Complete the turn betting round",
        "  5. Shuffle the stub with the set-aside card (not the burns, not the discards)",
        "  6. Cut the stub",
        "  7. Deal the river without a burn",
    ]
    set_aside = "Set aside, out of play for this round; it is shuffled back before the river."
    assert f"  - set aside: {set_aside}" in lines
    assert "Chips: stand (every chip already wagered stays where it is)" in lines
    assert f"  - 004 §發牌程式的錯誤 ¶5{DASH}6" in lines
    assert lines[lines.index("Other rulesets:") + 1].startswith(
        "  wsop-2024 (differs): The turn burn stays;"
    )
    assert lines[-1] == "    6. Deal the river"


def test_render_turn_premature_wsop_en() -> None:
    lines = floor.render_rule(rule("TURN-PREMATURE"), "wsop-2024", Lang.EN).splitlines()
    assert "Ruleset: wsop-2024 (WSOP 2024)" in lines
    start = lines.index("Steps:")
    assert lines[start + 1 : start + 7] == [
        "  1. Complete the flop betting round",
        "  2. Reshuffle the whole stub with the premature card",
        "  3. Deal the turn without a burn",
        "  4. Complete the turn betting round",
        "  5. Burn one card from the top of the stub",
        "  6. Deal the river",
    ]
    sources = lines.index("Sources:")
    assert lines[sources + 1 : sources + 3] == [
        "  - WSOP 2024 Live Action Rules, rule 166",
        "  - WSOP 2024 Live Action Rules, rule 167",
    ]
    assert "  - returned to the stub: It does not play and goes back into the stub." in lines


def test_render_turn_premature_seed_zh_hant() -> None:
    lines = floor.render_rule(rule("TURN-PREMATURE"), "seed", Lang.ZH_HANT).splitlines()
    assert lines[:4] == [
        "TURN-PREMATURE：轉牌過早",
        "類別：B. 違規情形及處理",
        "規則集：seed (原始文件)",
        "後備規則：否",
    ]
    start = lines.index("發牌員步驟：")
    assert lines[start + 1] == "  1. 完成翻牌圈下注"
    assert lines[start + 7] == "  7. 不銷牌，直接發河牌"
    assert "籌碼：有效（已下的籌碼維持不變）" in lines


def test_render_turn_premature_wsop_zh_hant() -> None:
    lines = floor.render_rule(rule("TURN-PREMATURE"), "wsop-2024", Lang.ZH_HANT).splitlines()
    start = lines.index("發牌員步驟：")
    assert lines[start + 2 : start + 4] == [
        "  2. 把過早發出的牌與整個牌堆一起重新洗牌",
        "  3. 不銷牌，直接發轉牌",
    ]
    assert "  - WSOP 2024 現金桌規則，第 166 條" in lines
    assert lines[lines.index("其他規則集：") + 1].startswith("  seed (裁定不同)：把這張牌放在一旁")


def test_render_fallback_same_ruling_and_normal_rule() -> None:
    lines = floor.render_rule(rule("BURN-ERROR"), "seed", Lang.EN).splitlines()
    assert (
        "Fallback: yes: the source documents are silent here, so this ruling comes from wsop-2024"
        in lines
    )
    assert lines[-1] == "  wsop-2024: same ruling"
    normal = floor.render_rule(rule("SHUFFLE-CUT"), "seed", Lang.EN).splitlines()
    assert normal[-3:] == [
        "Rule: A single standard deck of 52 cards is shuffled and then cut before every deal.",
        "Sources:",
        "  - 004 (Texas Hold'em rules, Traditional Chinese) ¶1",
    ]


def test_trace_sources() -> None:
    assert floor.trace_source("004 ¶5", Section.B) == "004 §發牌程式的錯誤 ¶5"
    assert floor.trace_source("TR 88", Section.B) == "WSOP 2024 Tournament Rules, rule 88"
    assert floor.trace_source("TR 88c3", Section.B) == "WSOP 2024 Tournament Rules, rule 88c3"
    assert floor.trace_source("LA §VII intro", Section.A) == (
        "WSOP 2024 Live Action Rules, §VII intro"
    )
    assert floor.trace_source("TR 89", Section.B, Lang.ZH_HANS) == "WSOP 2024 锦标赛规则，第 89 条"


def test_rule_as_json() -> None:
    data = floor.rule_as_json(rule("FLOP-TOO-MANY"), "wsop-2024", Lang.EN)
    json.dumps(data, ensure_ascii=False)
    assert data["ruling"]["fallback"] is False
    assert [s["do"] for s in data["ruling"]["steps"]] == [
        "scramble", "choose-burn", "finish-round", "turn",
    ]  # fmt: skip
    assert data["ruling"]["steps"][3]["burn"] is False
    assert data["ruling"]["sources"] == [
        {"cite": "LA 163", "trace": "WSOP 2024 Live Action Rules, rule 163"},
        {"cite": "TR 89", "trace": "WSOP 2024 Tournament Rules, rule 89"},
    ]
    assert data["other_rulesets"]["seed"]["same"] is False
    assert floor.rule_as_json(rule("BLINDS"), "seed", Lang.EN)["ruling"] is None


def test_render_index_lists_every_rule_once() -> None:
    text = floor.render_index(Lang.ZH_HANS)
    for rule_id in book().rules:
        assert len(re.findall(rf"^  {re.escape(rule_id)} ", text, re.MULTILINE)) == 1, rule_id
    assert text.splitlines()[0] == "A. 正常程序"
    summary = "翻牌圈下注未完成就发了转牌；这张牌在本轮无效。"
    assert f"  {'TURN-PREMATURE':<22}  {summary}" in text.splitlines()


def test_doctests() -> None:
    for module in (rulebook, floor):
        assert doctest.testmod(module).failed == 0


# ---------------------------------------------------------------------------- validation

GOOD_BOOK = rulebook.RULEBOOK_PATH.read_text(encoding="utf-8")


def _write_with(tmp_path: Path, old: str, new: str) -> Path:
    assert GOOD_BOOK.count(old) == 1, old
    path = tmp_path / "rulebook.yaml"
    path.write_text(GOOD_BOOK.replace(old, new), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    """The line of the text a test wrote in: the first line where the file departs from the book."""
    lines = path.read_text(encoding="utf-8").splitlines()
    base = GOOD_BOOK.splitlines()
    line = next(
        n for n, (mine, good) in enumerate(zip(lines, base, strict=False), 1) if mine != good
    )
    assert lines[line - 1] == needle, (line, lines[line - 1])
    return line


def test_unknown_step_is_reported_with_its_line(tmp_path: Path) -> None:
    tail = '\n        sources: ["004 ¶6 (last sentence)"]'
    path = _write_with(
        tmp_path,
        "          - {do: river, burn: false}" + tail,
        "          - {do: deal-river, burn: false}" + tail,
    )
    line = _line_of(path, "          - {do: deal-river, burn: false}")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    allowed = ", ".join(do.value for do in Do)
    assert str(error.value) == (
        f"{path}:{line}: RIVER-PREMATURE.rulings.seed.steps: step 'deal-river' is not one of: "
        f"{allowed}"
    )


def test_missing_ruleset_ruling_and_english_title_are_reported(tmp_path: Path) -> None:
    old = "      wsop-2024: {like: seed, fallback: false}\n  DEAL-EXTRA-ONE:"
    path = _write_with(tmp_path, old, "  DEAL-EXTRA-ONE:")
    message = r":\d+: HOLE-EXPOSED-BY-PLAYER has no ruling for ruleset 'wsop-2024'$"
    with pytest.raises(RulebookError, match=message):
        rulebook.load(path)
    path = _write_with(tmp_path, "title: {en: Premature river, ", "title: {")
    line = _line_of(path, "    title: {zh-Hans: 河牌过早, zh-Hant: 河牌過早}")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    assert str(error.value) == f"{path}:{line}: RIVER-PREMATURE.title has no English (en) text"


def test_yaml_syntax_error_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rulebook.yaml"
    path.write_text("labels: {a: [\n", encoding="utf-8")
    with pytest.raises(RulebookError, match=rf"^{re.escape(str(path))}:2: "):
        rulebook.load(path)


def test_project_path_is_shown_relative() -> None:
    assert rulebook._display(rulebook.RULEBOOK_PATH) == "procedures/rulebook.yaml"


# ---------------------------------------------------------------- after substantial action

SA_SILENT = {"DEAL-EXTRA-MULTIPLE"}  # 004 ¶7 says nothing of substantial action
SA_STEPS = {
    "DEAL-EXTRA-MULTIPLE": ([Do.KILL_HAND], "stand", [("extra card", Fate.MUCKED)], ("LA 104",)),
    "DEAL-SHORT": ([Do.KILL_HAND], "stand", [("short hand", Fate.MUCKED)], ("LA 104", "LA 106")),
    "BUTTON-MISPLACED": ([Do.CORRECT_BUTTON], "stand", [], ("LA 104", "LA 109")),
    "BOXED-CARDS-MULTIPLE": (
        [Do.VOID, Do.RETURN_CHIPS, Do.GATHER],
        "returned",
        [("boxed cards", Fate.SCRAP), ("all dealt cards", Fate.RETURNED_TO_STUB)],
        ("LA 21",),
    ),
    "DECK-FOREIGN-CARD": ([], "stand", [("foreign card", Fate.SCRAP)], ("LA 111",)),
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rulings_after_substantial_action(ruleset: str) -> None:
    found = {}
    for rule_id in rulebook.ids(Section.B):
        ruling = rule(rule_id).ruling(ruleset)
        branch = ruling.after_substantial_action
        if branch is None:
            continue
        assert branch.after_substantial_action is None
        assert branch.ruleset == ruleset
        # wsop-2024 never falls back; under seed a branch the sources are silent on does
        assert branch.fallback is (ruling.fallback or (ruleset == "seed" and rule_id in SA_SILENT))
        assert not set(branch.sources) - set(rule(rule_id).sources), rule_id
        found[rule_id] = (
            [step.do for step in branch.steps],
            branch.chips.value,
            [(card.card, card.fate) for card in branch.cards],
            branch.sources,
        )
    assert found == SA_STEPS
    # The main paths (before substantial action) are unchanged.
    assert [s.do for s in rule("DEAL-SHORT").ruling(ruleset).steps] == [Do.PITCH]
    assert rule("BUTTON-MISPLACED").ruling(ruleset).steps[0].do is Do.GATHER
    assert rule("BOXED-CARDS-MULTIPLE").ruling(ruleset).steps[-1].do is Do.REDEAL
    assert [s.do for s in rule("DECK-FOREIGN-CARD").ruling(ruleset).steps] == [
        Do.VOID, Do.RETURN_CHIPS, Do.GATHER,
    ]  # fmt: skip
    assert rule("DECK-JOKER").ruling(ruleset).after_substantial_action is None
    foreign = rule("DECK-FOREIGN-CARD").ruling(ruleset).after_substantial_action
    assert foreign is not None and foreign.conditions is not None
    assert foreign.conditions.get(Lang.ZH_HANS).startswith("仅限该牌在牌堆中被发现")


def test_same_remedy_compares_the_branch_after_substantial_action() -> None:
    seed = rule("DEAL-SHORT").ruling("seed")
    assert seed.same_remedy(rule("DEAL-SHORT").ruling("wsop-2024")) is True
    assert seed.same_remedy(replace(seed, branches={})) is False
    assert replace(seed, branches={}).same_remedy(seed) is False
    other = rule("BUTTON-MISPLACED").ruling("seed").after_substantial_action
    assert other is not None
    sa = Branch.AFTER_SUBSTANTIAL_ACTION.value
    assert seed.same_remedy(replace(seed, branches={sa: other})) is False
    # The same remedy under another branch's name is another remedy.
    own = seed.after_substantial_action
    assert own is not None
    more = Branch.MORE_THAN_FOUR_CARDS.value
    assert seed.same_remedy(replace(seed, branches={more: own})) is False
    assert seed.same_remedy(replace(seed, branches={sa: own})) is True


def test_branch_texts_are_in_the_translation_report() -> None:
    names = [name for name, _ in rule("DECK-FOREIGN-CARD").texts()]
    assert "rulings.seed.after-substantial-action.summary" in names
    assert "rulings.wsop-2024.after-substantial-action.conditions" in names
    assert "rulings.seed.after-substantial-action.cards[foreign card]" in names
    steps = [name for name, _ in rule("BUTTON-MISPLACED").texts() if "after-" in name]
    assert "rulings.seed.after-substantial-action.steps[1]" in steps
    assert _untranslated() == []


def test_render_deal_short_after_substantial_action_en() -> None:
    lines = floor.render_rule(rule("DEAL-SHORT"), "wsop-2024", Lang.EN).splitlines()
    start = lines.index("After substantial action:")
    assert lines[start - 3 : start] == [
        "Sources:",
        "  - WSOP 2024 Live Action Rules, rule 104",
        "  - WSOP 2024 Live Action Rules, rule 106",
    ]
    assert lines[start:] == [
        "After substantial action:",
        "  Ruling: Too late for a misdeal: the hand plays on without the short player, whose hand"
        " is dead.",
        "  Cards:",
        "    - mucked: The short player's card goes into the muck.",
        "  Chips: stand (every chip already wagered stays where it is)",
        "  Steps:",
        "    1. Kill the hand",
        "  Sources:",
        "    - WSOP 2024 Live Action Rules, rule 104",
        "    - WSOP 2024 Live Action Rules, rule 106",
        "Other rulesets:",
        "  seed: same ruling",
    ]
    assert "After substantial action:" not in floor.render_rule(rule("DECK-JOKER"), "seed")


def test_render_after_substantial_action_zh() -> None:
    hans = floor.render_rule(rule("DECK-FOREIGN-CARD"), "seed", Lang.ZH_HANS).splitlines()
    start = hans.index("实质性行动之后：")
    assert hans[start + 1].startswith("  裁定：在实质性行动之后于牌堆中发现")
    assert hans[start + 5 : start + 7] == ["  发牌员步骤：", "    无：牌局照常进行"]
    hant = floor.render_rule(rule("BOXED-CARDS-MULTIPLE"), "seed", Lang.ZH_HANT).splitlines()
    start = hant.index("實質性行動之後：")
    assert hant[start + 5 : start + 10] == [
        "  籌碼：退回（底池中的籌碼全部退還給下注者）",
        "  發牌員步驟：",
        "    1. 宣布本局所有行動無效",
        "    2. 把籌碼退還給下注者",
        "    3. 收回所有已發的牌",
    ]


def test_rule_as_json_after_substantial_action() -> None:
    data = floor.rule_as_json(rule("BOXED-CARDS-MULTIPLE"), "wsop-2024", Lang.EN)
    json.dumps(data, ensure_ascii=False)
    branch = data["ruling"]["after_substantial_action"]
    assert [s["do"] for s in branch["steps"]] == ["void", "return-chips", "gather"]
    assert branch["chips"] == "returned"
    assert branch["fallback"] is False
    assert branch["after_substantial_action"] is None
    assert branch["sources"] == [{"cite": "LA 21", "trace": "WSOP 2024 Live Action Rules, rule 21"}]
    assert [s["do"] for s in data["ruling"]["steps"]] == ["gather", "shuffle", "cut", "redeal"]
    seed = data["other_rulesets"]["seed"]
    assert seed["same"] is True
    assert seed["after_substantial_action"]["fallback"] is True
    button = floor.rule_as_json(rule("BUTTON-MISPLACED"), "seed", Lang.ZH_HANT)["ruling"]
    assert button["after_substantial_action"]["steps"] == [
        {
            "n": 1,
            "do": "correct-button",
            "burn": None,
            "card": None,
            "text": "本局結束後，為下一局把按鈕和盲注移到正確位置",
        }
    ]
    joker = floor.rule_as_json(rule("DECK-JOKER"), "seed")
    assert joker["ruling"]["after_substantial_action"] is None


def test_bad_step_after_substantial_action_is_reported_with_its_line(tmp_path: Path) -> None:
    path = _write_with(
        tmp_path, "          steps: [{do: kill-hand}]", "          steps: [{do: kill-player}]"
    )
    line = _line_of(path, "          steps: [{do: kill-player}]")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    allowed = ", ".join(do.value for do in Do)
    assert str(error.value) == (
        f"{path}:{line}: DEAL-SHORT.rulings.seed.after-substantial-action.steps: "
        f"step 'kill-player' is not one of: {allowed}"
    )


def test_branch_keys_and_fallback_are_checked(tmp_path: Path) -> None:
    old = "          steps: [{do: kill-hand}]"
    path = _write_with(tmp_path, old, old + "\n          like: seed")
    # The branch's mapping starts at its first key, `summary:`.
    en = '            en: "Too late for a misdeal: the hand plays on without the short player, '
    lines = path.read_text(encoding="utf-8").splitlines()
    summary = next(n for n, text in enumerate(lines, 1) if text.startswith(en)) - 1
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    assert str(error.value) == (
        f"{path}:{summary}: unknown key 'like' in DEAL-SHORT.rulings.seed.after-substantial-action"
        "; known: cards, chips, conditions, fallback, sources, steps, summary"
    )
    # wsop-2024 copies seed's branch via `like`; a branch marked fallback cannot be wsop-2024's.
    path = _write_with(tmp_path, old, old + "\n          fallback: true")
    line = _line_of(path, "          fallback: true")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    assert str(error.value) == (
        f"{path}:{line}: DEAL-SHORT.rulings.wsop-2024.after-substantial-action: "
        "ruleset wsop-2024 has no fallback"
    )
    path = _write_with(tmp_path, "              fate: mucked", "              fate: lost")
    line = _line_of(path, "              fate: lost")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    assert str(error.value).startswith(
        f"{path}:{line}: DEAL-SHORT.rulings.seed.after-substantial-action.cards: "
        "card fate 'lost' is not one of: kept, "
    )


# ---------------------------------------------------------------------------- more than four cards

FLOP_AGAIN = [(Do.SHUFFLE, None), (Do.CUT, None), (Do.FLOP, False)]


def test_flop_too_many_wsop_has_a_branch_for_more_than_four_cards() -> None:
    ruling = rule("FLOP-TOO-MANY").ruling("wsop-2024")
    assert list(ruling.branches) == ["more-than-four-cards"]
    branch = ruling.branch("more-than-four-cards")
    assert branch is not None
    assert ruling.branch(Branch.MORE_THAN_FOUR_CARDS) is branch
    assert ruling.branches[Branch.MORE_THAN_FOUR_CARDS] is branch
    assert ruling.after_substantial_action is None
    assert ruling.branch(Branch.AFTER_SUBSTANTIAL_ACTION) is None
    assert ruling.branch("no-such-branch") is None
    assert [(step.do, step.burn) for step in branch.steps] == FLOP_AGAIN
    # The same shape as seed's main remedy for any number of extra cards.
    seed = rule("FLOP-TOO-MANY").ruling("seed")
    assert [(step.do, step.burn) for step in seed.steps] == FLOP_AGAIN
    assert [(card.card, card.fate) for card in branch.cards] == [
        ("flop cards", Fate.RETURNED_TO_STUB), ("flop burn", Fate.KEPT),
    ]  # fmt: skip
    assert branch.chips.value == "stand"
    assert branch.sources == ("LA 163",)
    assert branch.fallback is False and branch.ruleset == "wsop-2024"
    assert branch.branches == {}
    assert branch.summary.get(Lang.ZH_HANS).startswith("翻牌翻出了四张以上")
    # The four-card remedy itself is unchanged.
    assert [step.do for step in ruling.steps] == [
        Do.SCRAMBLE, Do.CHOOSE_BURN, Do.FINISH_ROUND, Do.TURN,
    ]  # fmt: skip


def test_seed_needs_no_branch_for_more_than_four_cards() -> None:
    seed = rule("FLOP-TOO-MANY").ruling("seed")
    assert seed.branches == {}
    assert seed.branch(Branch.MORE_THAN_FOUR_CARDS) is None
    assert seed.same_remedy(rule("FLOP-TOO-MANY").ruling("wsop-2024")) is False
    owners = [
        (rule_id, ruleset)
        for rule_id in rulebook.ids(Section.B)
        for ruleset in RULESETS
        if rule(rule_id).ruling(ruleset).branch(Branch.MORE_THAN_FOUR_CARDS) is not None
    ]
    assert owners == [("FLOP-TOO-MANY", "wsop-2024")]


def test_every_branch_name_has_a_label_and_its_texts_are_translated() -> None:
    assert [branch.value for branch in Branch] == [
        "after-substantial-action", "more-than-four-cards",
    ]  # fmt: skip
    assert {"after-substantial-action", "more-than-four-cards"} <= set(rulebook.required_labels())
    assert book().label("more-than-four-cards", Lang.ZH_HANT) == "多於四張牌時"
    names = [name for name, _ in rule("FLOP-TOO-MANY").texts()]
    assert "rulings.wsop-2024.more-than-four-cards.summary" in names
    assert "rulings.wsop-2024.more-than-four-cards.cards[flop burn]" in names
    assert "rulings.wsop-2024.more-than-four-cards.steps[1]" in names
    assert not any(name.startswith("rulings.seed.more-than") for name in names)
    assert _untranslated() == []


def test_render_flop_too_many_more_than_four_cards_en() -> None:
    lines = floor.render_rule(rule("FLOP-TOO-MANY"), "wsop-2024", Lang.EN).splitlines()
    start = lines.index("More than four cards:")
    assert lines[start - 3 : start] == [
        "Sources:",
        "  - WSOP 2024 Live Action Rules, rule 163",
        "  - WSOP 2024 Tournament Rules, rule 89",
    ]
    assert lines[start : lines.index("Other rulesets:")] == [
        "More than four cards:",
        "  Ruling: More than four cards were turned for the flop: the flop cards go back into the"
        " stub, the burn stays on the table, the stub is reshuffled and cut, and the flop is dealt"
        " again without a burn.",
        "  Cards:",
        "    - returned to the stub: Every card turned for the flop goes back into the stub.",
        "    - kept: The burn stays on the table as the flop's burn.",
        "  Chips: stand (every chip already wagered stays where it is)",
        "  Steps:",
        "    1. Reshuffle the stub together with the flop cards (not the burn)",
        "    2. Cut the stub",
        "    3. Deal the flop without a burn",
        "  Sources:",
        "    - WSOP 2024 Live Action Rules, rule 163",
    ]
    assert "After substantial action:" not in lines
    # Under seed the branch shows among the other rulesets, after wsop-2024's own steps.
    seed = floor.render_rule(rule("FLOP-TOO-MANY"), "seed", Lang.EN).splitlines()
    assert "More than four cards:" not in seed
    assert seed[-5:] == [
        "    4. Deal the turn without burning from the stub: the chosen card is its burn",
        "    More than four cards: More than four cards were turned for the flop: the flop cards go"
        " back into the stub, the burn stays on the table, the stub is reshuffled and cut, and the"
        " flop is dealt again without a burn.",
        "      1. Reshuffle the stub together with the flop cards (not the burn)",
        "      2. Cut the stub",
        "      3. Deal the flop without a burn",
    ]


def test_render_flop_too_many_more_than_four_cards_zh_hans() -> None:
    lines = floor.render_rule(rule("FLOP-TOO-MANY"), "wsop-2024", Lang.ZH_HANS).splitlines()
    start = lines.index("多于四张牌时：")
    assert lines[start + 1].startswith("  裁定：翻牌翻出了四张以上：")
    assert lines[start + 6 : start + 10] == [
        "  发牌员步骤：",
        "    1. 把翻牌与牌堆一起重新洗牌（销牌除外）",
        "    2. 切牌",
        "    3. 不销牌，直接发翻牌",
    ]


def test_rule_as_json_more_than_four_cards() -> None:
    data = floor.rule_as_json(rule("FLOP-TOO-MANY"), "wsop-2024", Lang.EN)
    json.dumps(data, ensure_ascii=False)
    assert list(data["ruling"]["branches"]) == ["more-than-four-cards"]
    assert data["ruling"]["after_substantial_action"] is None
    branch = data["ruling"]["branches"]["more-than-four-cards"]
    assert branch["steps"] == [
        {"n": 1, "do": "shuffle", "burn": None, "card": None,
         "text": "Reshuffle the stub together with the flop cards (not the burn)"},
        {"n": 2, "do": "cut", "burn": None, "card": None, "text": "Cut the stub"},
        {"n": 3, "do": "flop", "burn": False, "card": None, "text": "Deal the flop without a burn"},
    ]  # fmt: skip
    burn = "The burn stays on the table as the flop's burn."
    assert branch["cards"][1] == {"card": "flop burn", "fate": "kept", "text": burn}
    assert branch["chips"] == "stand" and branch["fallback"] is False
    la_163 = {"cite": "LA 163", "trace": "WSOP 2024 Live Action Rules, rule 163"}
    assert branch["sources"] == [la_163]
    assert branch["branches"] == {} and branch["after_substantial_action"] is None
    seed = floor.rule_as_json(rule("FLOP-TOO-MANY"), "seed", Lang.ZH_HANT)
    assert seed["ruling"]["branches"] == {}
    other = seed["other_rulesets"]["wsop-2024"]["branches"]["more-than-four-cards"]
    assert [s["text"] for s in other["steps"]] == [
        "把翻牌與牌堆一起重新洗牌（銷牌除外）", "切牌", "不銷牌，直接發翻牌",
    ]  # fmt: skip
    # The branch after substantial action shows under both keys.
    short = floor.rule_as_json(rule("DEAL-SHORT"), "seed")["ruling"]
    assert list(short["branches"]) == ["after-substantial-action"]
    assert short["branches"]["after-substantial-action"] == short["after_substantial_action"]


def test_a_branch_may_not_hold_a_branch(tmp_path: Path) -> None:
    old = '          sources: ["LA 163"]'
    new = old + "\n          more-than-four-cards: {}"
    path = _write_with(tmp_path, old, new)
    summary = _line_of(path, "          more-than-four-cards: {}")
    lines = path.read_text(encoding="utf-8").splitlines()
    # The branch's mapping starts at its first key, `summary:`.
    heading = "        more-than-four-cards:"
    start = next(n for n, text in enumerate(lines, 1) if text == heading) + 1
    assert summary > start
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    assert str(error.value) == (
        f"{path}:{start}: unknown key 'more-than-four-cards' in "
        "FLOP-TOO-MANY.rulings.wsop-2024.more-than-four-cards"
        "; known: cards, chips, conditions, fallback, sources, steps, summary"
    )
