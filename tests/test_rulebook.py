"""The rulebook data, its loader and look-ups (dealer.rules.rulebook), and the floor's rendering."""

# Chinese texts use full-width punctuation on purpose.

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from dealer.apps.floor import answer as floor
from dealer.core.steps import Verb
from dealer.rules import rulebook
from dealer.rules.rulebook import (
    REMEDY_VERBS,
    Branch,
    Fate,
    Lang,
    RulebookError,
    Section,
    book,
    rule,
)
from dealer.rules.search import find, suggest

# The suite's own copy of the rules reference; test_the_rules_copy_is_current holds it to the
# shared file wherever that sits beside the clone.
RULES_MD = Path(__file__).resolve().parent / "data" / "RULES.md"
SHARED_RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
RULESETS = ("seed", "wsop-2024")
DASH = "\u2013"  # RULES.md writes paragraph ranges with an en dash


def _rules_md_rows() -> dict[str, tuple[str, list[str]]]:
    """ID -> (section, table cells) for every row of RULES.md's rule tables."""
    rows: dict[str, tuple[str, list[str]]] = {}
    section = ""
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        if line.startswith("## A."):
            section = "A"
        elif line.startswith("### Betting structures"):
            section = "betting"
        elif line.startswith("## B."):
            section = "B"
        elif line.startswith("## C."):
            section = "C"
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
    for part in re.split(r";\s*(?![^()]*\))", cell):  # not inside a parenthesis
        for chunk in re.split(r",\s+(?=(?:000|004|LA|TR)\b)", part.strip()):
            cites.append(chunk.strip())
    return cites


def test_the_rules_copy_is_current() -> None:
    if not SHARED_RULES_MD.exists():
        pytest.skip(f"no shared RULES.md at {SHARED_RULES_MD} to compare the suite's copy with")
    assert RULES_MD.read_text(encoding="utf-8") == SHARED_RULES_MD.read_text(encoding="utf-8")


def test_every_rule_of_rules_md_is_in_the_rulebook_with_its_section_and_sources() -> None:
    rows = _rules_md_rows()
    assert len(rows) == 60
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
        seed_cell = rows[rule_id][1][2].lower()
        # The main ruling falls back when the cell opens with it; a later "fallback" is a branch's.
        first = seed_cell.split(". ")[0]
        fallback = seed_cell.startswith("fallback") or "(fallback)" in first
        assert rule(rule_id).ruling("seed").fallback == fallback, rule_id
        assert rule(rule_id).ruling("wsop-2024").fallback is False, rule_id


def test_ruling_sources_are_among_the_rules_sources() -> None:
    for rule_id in rulebook.ids(Section.B):
        entry = rule(rule_id)
        for ruleset in RULESETS:
            extra = set(entry.ruling(ruleset).sources) - set(entry.sources)
            assert not extra, f"{rule_id} {ruleset} cites {extra} not in RULES.md"


NO_BURN_DEALS = {
    ("FLOP-TOO-MANY", "seed"): [Verb.FLOP],
    ("FLOP-PREMATURE", "seed"): [Verb.FLOP],
    ("FLOP-PREMATURE", "wsop-2024"): [Verb.FLOP],
    ("TURN-PREMATURE", "seed"): [Verb.RIVER],
    ("TURN-PREMATURE", "wsop-2024"): [Verb.TURN],
    ("RIVER-PREMATURE", "seed"): [Verb.RIVER],
    ("RIVER-PREMATURE", "wsop-2024"): [Verb.RIVER],
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
    assert seed.sources == ("004 ¶4 (second half), ¶5",)
    assert wsop.sources == ("LA 166", "LA 167")


def test_misdeal_rulings_replay_the_hand_and_void_rulings_return_chips() -> None:
    misdeal = [Verb.GATHER, Verb.SHUFFLE, Verb.CUT, Verb.REDEAL]
    assert [s.do for s in rule("HOLE-EXPOSED-FIRST").ruling("seed").steps] == misdeal
    assert [s.do for s in rule("HOLE-EXPOSED-SECOND").ruling("wsop-2024").steps] == misdeal
    second = rule("HOLE-EXPOSED-SECOND").ruling("seed")
    assert second.same_remedy(rule("HOLE-EXPOSED-OTHER").ruling("seed")) is False  # own summary
    assert second.steps == rule("HOLE-EXPOSED-OTHER").ruling("seed").steps
    duplicate = rule("DECK-DUPLICATE").ruling("seed")
    assert duplicate.chips.value == "returned"
    assert [s.do for s in duplicate.steps] == [Verb.VOID, Verb.RETURN_CHIPS, Verb.GATHER]


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
        # Tied rules are offered together ("which one?"): the rule is among the first three.
        assert rule_id in [m.id for m in matches[:3]], (query, matches[:3])


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
    assert find("premture trun")[0].id == "TURN-PREMATURE"  # misspelt words are read (issue 22)
    assert find("zzzz qqqq") == []
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
    missing: list[str] = []  # the words around the rulings: tests/test_texts.py
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


def test_trace_sources() -> None:
    assert floor.trace_source("004 ¶5", Section.B) == "004 §發牌程式的錯誤 ¶5"
    assert floor.trace_source("TR 88", Section.B) == "WSOP 2024 Tournament Rules, rule 88"
    assert floor.trace_source("TR 88c3", Section.B) == "WSOP 2024 Tournament Rules, rule 88c3"
    assert floor.trace_source("LA §VII intro", Section.A) == (
        "WSOP 2024 Live Action Rules, §VII intro"
    )
    assert floor.trace_source("TR 89", Section.B, Lang.ZH_HANS) == "WSOP 2024 锦标赛规则，第 89 条"


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
    tail = '\n        sources: ["004 ¶4 and ¶5 (last sentences)"]'
    path = _write_with(
        tmp_path,
        "          - {do: river, burn: false}" + tail,
        "          - {do: deal-river, burn: false}" + tail,
    )
    line = _line_of(path, "          - {do: deal-river, burn: false}")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    allowed = ", ".join(verb.value for verb in Verb if verb in REMEDY_VERBS)
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

# 004 says nothing of substantial action: under seed these branches fall back on LA 104/105.
SA_SILENT = {"DEAL-EXTRA-MULTIPLE", "HOLE-EXPOSED-FIRST", "HOLE-EXPOSED-MULTIPLE"}
EXPOSED_PLAYS: tuple[list[str], str, list[tuple[str, Fate]], tuple[str, ...]] = (
    [],
    "stand",
    [("exposed card", Fate.KEPT)],
    ("LA 105",),  # LA 105 decides it
)
# HOLE-EXPOSED-MULTIPLE after SA: "each exposed card is then ruled on its own as noticed late"
EXPOSED_EACH_ALONE: tuple[list[str], str, list[tuple[str, Fate]], tuple[str, ...]] = (
    [],
    "stand",
    [("exposed card", Fate.RULED_ON_ITS_OWN)],
    ("LA 105",),
)
SA_STEPS_SEED = {
    "HOLE-EXPOSED-FIRST": EXPOSED_PLAYS,
    "HOLE-EXPOSED-MULTIPLE": EXPOSED_EACH_ALONE,
    "DEAL-OUT-OF-SEQUENCE": (
        [Verb.KILL_HAND],
        "stand",
        [("misdealt card", Fate.MUCKED)],
        ("LA 104",),
    ),
    "DEAL-EXTRA-MULTIPLE": (
        [Verb.KILL_HAND],
        "stand",
        [("extra card", Fate.MUCKED)],
        ("LA 105", "LA 106"),
    ),
    "DEAL-SHORT": ([Verb.KILL_HAND], "stand", [("short hand", Fate.MUCKED)], ("LA 104", "LA 106")),
    "BUTTON-MISPLACED": ([Verb.CORRECT_BUTTON], "stand", [], ("LA 104", "LA 109")),
    "BOXED-CARDS-MULTIPLE": (
        [Verb.VOID, Verb.RETURN_CHIPS, Verb.GATHER],
        "returned",
        [("boxed cards", Fate.SCRAP), ("all dealt cards", Fate.RETURNED_TO_STUB)],
        ("LA 21",),
    ),
    "DECK-FOREIGN-CARD": ([], "stand", [("foreign card", Fate.SCRAP)], ("LA 111",)),
}
# wsop-2024 also makes the second card a misdeal (LA 104), with the same branch; an extra card dealt
# after substantial action kills the hand holding it (DEAL-EXTRA-ONE, LA 105, LA 106), where seed
# holds it as the flop burn (004 ¶6).
EXTRA_DEAD = ([Verb.KILL_HAND], "stand", [("extra card", Fate.MUCKED)], ("LA 105", "LA 106"))
SA_STEPS = {
    "seed": SA_STEPS_SEED,
    "wsop-2024": {
        **SA_STEPS_SEED, "HOLE-EXPOSED-SECOND": EXPOSED_PLAYS, "DEAL-EXTRA-ONE": EXTRA_DEAD,
    },
}  # fmt: skip


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
    assert found == SA_STEPS[ruleset]
    # The main paths (before substantial action) are unchanged.
    assert [s.do for s in rule("DEAL-SHORT").ruling(ruleset).steps] == [Verb.PITCH]
    assert rule("BUTTON-MISPLACED").ruling(ruleset).steps[0].do is Verb.GATHER
    assert rule("BOXED-CARDS-MULTIPLE").ruling(ruleset).steps[-1].do is Verb.REDEAL
    assert [s.do for s in rule("DECK-FOREIGN-CARD").ruling(ruleset).steps] == [
        Verb.VOID, Verb.RETURN_CHIPS, Verb.GATHER,
    ]  # fmt: skip
    assert rule("DECK-JOKER").ruling(ruleset).after_substantial_action is None
    foreign = rule("DECK-FOREIGN-CARD").ruling(ruleset).after_substantial_action
    assert foreign is not None and foreign.conditions is not None
    assert foreign.conditions.get(Lang.ZH_HANS).startswith("仅限该牌在牌堆中被发现")


def test_same_remedy_compares_the_branch_after_substantial_action() -> None:
    seed = rule("DEAL-SHORT").ruling("seed")
    assert seed.same_remedy(rule("DEAL-SHORT").ruling("wsop-2024")) is True
    assert seed.same_remedy(seed.replace(branches={})) is False
    assert seed.replace(branches={}).same_remedy(seed) is False
    other = rule("BUTTON-MISPLACED").ruling("seed").after_substantial_action
    assert other is not None
    sa = Branch.AFTER_SUBSTANTIAL_ACTION.value
    kept = {name: branch for name, branch in seed.branches.items() if name != sa}
    assert seed.same_remedy(seed.replace(branches={**kept, sa: other})) is False
    # The same remedy under another branch's name is another remedy.
    own = seed.after_substantial_action
    assert own is not None
    more = Branch.MORE_THAN_FOUR_CARDS.value
    assert seed.same_remedy(seed.replace(branches={**kept, more: own})) is False
    assert seed.same_remedy(seed.replace(branches={**kept, sa: own})) is True


def test_branch_texts_are_in_the_translation_report() -> None:
    names = [name for name, _ in rule("DECK-FOREIGN-CARD").texts()]
    assert "rulings.seed.after-substantial-action.summary" in names
    assert "rulings.wsop-2024.after-substantial-action.conditions" in names
    assert "rulings.seed.after-substantial-action.cards[foreign card]" in names
    steps = [name for name, _ in rule("BUTTON-MISPLACED").texts() if "after-" in name]
    assert "rulings.seed.after-substantial-action.steps[1]" in steps
    assert _untranslated() == []


def test_bad_step_after_substantial_action_is_reported_with_its_line(tmp_path: Path) -> None:
    path = _write_with(
        tmp_path, "          steps: [{do: kill-hand}]", "          steps: [{do: kill-player}]"
    )
    line = _line_of(path, "          steps: [{do: kill-player}]")
    with pytest.raises(RulebookError) as error:
        rulebook.load(path)
    allowed = ", ".join(verb.value for verb in Verb if verb in REMEDY_VERBS)
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

FLOP_AGAIN = [(Verb.SHUFFLE, None), (Verb.CUT, None), (Verb.FLOP, False)]
RESHUFFLE_NO_CUT = [(Verb.SHUFFLE, None), (Verb.FLOP, False)]  # LA 163, like LA 167, names no cut


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
    # four cards: one chosen at random is held, then burned for the turn (LA 163)
    assert [(step.do, step.card) for step in ruling.steps] == [
        (Verb.SCRAMBLE, None), (Verb.CHOOSE_BURN, "chosen flop card"), (Verb.FINISH_ROUND, None),
        (Verb.BURN, "chosen flop card"), (Verb.TURN, None),
    ]  # fmt: skip
    assert [(step.do, step.burn) for step in branch.steps] == RESHUFFLE_NO_CUT
    # seed's main remedy for any number of extra cards cuts too (004 ¶3-4).
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
        Verb.SCRAMBLE, Verb.CHOOSE_BURN, Verb.FINISH_ROUND, Verb.BURN, Verb.TURN,
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
        "after-substantial-action", "more-than-four-cards", "second-burn", "face-down", "acted-on",
        "second-burn-exposed", "held-burn",
        "after-first-action", "out-of-sequence", "wrong-number", "wrong-number-after-sa",
    ]  # fmt: skip
    assert {branch.value for branch in Branch} <= set(rulebook.required_labels())
    assert book().label("more-than-four-cards", Lang.ZH_HANT) == "多於四張牌時"
    names = [name for name, _ in rule("FLOP-TOO-MANY").texts()]
    assert "rulings.wsop-2024.more-than-four-cards.summary" in names
    assert "rulings.wsop-2024.more-than-four-cards.cards[flop burn]" in names
    assert "rulings.wsop-2024.more-than-four-cards.steps[1]" in names
    assert not any(name.startswith("rulings.seed.more-than") for name in names)
    assert _untranslated() == []


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
