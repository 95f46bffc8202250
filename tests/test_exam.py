"""The seeded exam sheet and its answer key (issue 26 item 3): ``dealer exam`` and ``/exam``.

The expected questions and answers for a seed are read off the sheet's own table (who holds how
many cards, the burns, the board) and RULES.md's rows, quoted.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from dealer.apps.training import Drill, Trainer
from dealer.apps.training.exam import Kind, exam, exam_html, exam_text
from dealer.rules.rulebook import Lang, rule
from tests.conftest import ROOT
from tests.helpers import dealer_env, english_words, run_dealer


def _down(table: str) -> dict[int, int]:
    """Seat -> hole cards held face down, as the sheet's table shows them."""
    return {int(seat): int(count) for seat, count in re.findall(r"seat (\d+) .*?(\d) down", table)}


def test_the_sheet_for_seed_1_asks_and_answers_as_the_rules_say() -> None:
    sheet = exam(seed=1, count=3, ruleset="seed", lang=Lang.EN)
    one, two, three = sheet.questions
    assert [q.kind for q in sheet.questions] == [Kind.RULING, Kind.REMEDY, Kind.NEXT]

    # 1. The deal under way: seat 10 (the small blind) holds two cards, seats 8 and 9 one each,
    # and the dealer's pitch to seat 8 (the fifth card of the deal) turns face up.
    assert _down(one.table) == {8: 1, 9: 1, 10: 2}
    assert one.told == "Mishap: the dealer's pitch to seat 8 turns face up: Ts"
    # HOLE-EXPOSED-OTHER: "Exactly one other hole card is exposed by dealer error" (not the first,
    # HOLE-EXPOSED-FIRST, nor the second); seed: "The deal continues to the end. The exposed card
    # may not be kept: the player receives the top card of the stub in its place, and the exposed
    # card becomes the burn card before the flop".
    assert one.rule == "HOLE-EXPOSED-OTHER" and one.ruleset == "seed"
    assert one.choice_rules[int(one.answer) - 1] == "HOLE-EXPOSED-OTHER"
    assert one.answer == "2" and one.choices[1] == (
        "The deal goes on to the end; the exposed card may not be kept: the player gets the top "
        "card of the stub instead, and the exposed card is the burn before the flop, so no other "
        "card is burned for the flop."
    )
    assert len(set(one.choices)) == 4 and len(set(one.choice_rules)) == 4
    assert one.sources == ("004 §發牌程式的錯誤 ¶2",)  # the row's sources under seed: "004 ¶2"

    # 2. Seat 7 has yet to act pre-flop when the dealer burns and turns the flop.
    assert (
        two.told
        == "Mishap: seat 7 has yet to act, but the dealer burns and turns the flop: Qd 2h 7d"
    )
    assert "board: - · burns: 0" in two.table and "to act: seat 7" in two.table
    # FLOP-PREMATURE, seed: "The betting round is completed; the flop cards are mixed back into
    # the stub, the burn stays, the stub is shuffled and cut, and a new flop is dealt without a
    # burn." Sources "004 ¶4; LA 123" (the fallback for the premature cards not playing).
    assert two.rule == "FLOP-PREMATURE"
    assert two.steps == (
        "Complete the pre-flop betting round",
        "Shuffle the stub with the premature flop cards (not the burn)",
        "Cut the stub",
        "Deal the flop without a burn",
    )
    assert two.sources == ("004 §發牌程式的錯誤 ¶4", "WSOP 2024 Live Action Rules, rule 123")

    # 3. The flop is out, two cards burned, and the dealer is to act: the turn's burn is done.
    # TURN: "After the flop betting round: burn, then one card face up"; BURN: one card each.
    assert re.search(r"board: \S+ \S+ \S+ · burns: 2 · .* to act: you \(the dealer\)", three.table)
    assert (three.answer, three.rule) == ("turn", "TURN")
    assert three.summary == rule("TURN").summary.get(Lang.EN)


def test_the_sheet_for_seed_7_under_wsop_2024() -> None:
    one, two, three = exam(seed=7, count=3, ruleset="wsop-2024", lang=Lang.EN).questions
    misdeal = (
        "Retrieve every card dealt",
        "Shuffle the stub",
        "Cut the stub",
        "Redeal the same hand: the button does not move, blinds and antes stay as posted",
    )
    # 1. Nobody holds a card yet and the pitch to seat 2, the small blind, turns up: the first
    # card. HOLE-EXPOSED-FIRST: "The first card of the deal is exposed by dealer error" -
    # "Misdeal" (LA 104).
    assert _down(one.table) == {} and "seat 2   SB" in one.table
    assert one.told == "Mishap: the dealer's pitch to seat 2 turns face up: Qd"
    assert (one.rule, one.ruleset) == ("HOLE-EXPOSED-FIRST", "wsop-2024")
    assert one.answer == "4" and one.choices[3].startswith("Misdeal: retrieve all cards")
    assert one.steps == misdeal
    assert one.sources == ("WSOP 2024 Live Action Rules, rule 104",)
    # 2. The small blind is seat 3, the first card goes to seat 6. DEAL-WRONG-FIRST-SEAT: "The
    # first card of the deal goes to any seat other than the first left of the button" -
    # wsop-2024 "Misdeal." (LA 104; MISDEAL-REDEAL: retrieve, reshuffle, recut, redeal).
    assert "seat 3   SB" in two.table and "seat 2   BTN" in two.table
    assert two.told == "Mishap: the dealer's first card goes to seat 6"
    assert two.rule == "DEAL-WRONG-FIRST-SEAT" and two.steps == misdeal
    # 3. The flop is out after one burn, the dealer to act: the flop round is over. BURN: "Before
    # the flop, the turn and the river the dealer burns exactly one card".
    assert "board: 3h 9s 9h · burns: 1" in three.table and "to act: you (the dealer)" in three.table
    assert (three.answer, three.rule) == ("burn", "BURN")


def test_the_same_seed_gives_the_same_sheet_and_another_seed_another() -> None:
    first = exam(seed=7, count=6, ruleset="wsop-2024", lang=Lang.ZH_HANT)
    assert exam(seed=7, count=6, ruleset="wsop-2024", lang=Lang.ZH_HANT) == first
    assert exam(seed=8, count=6, ruleset="wsop-2024", lang=Lang.ZH_HANT) != first
    # A longer sheet starts with the same questions; no mishap's rule is asked twice here.
    longer = exam(seed=7, count=9, ruleset="wsop-2024", lang=Lang.ZH_HANT)
    assert longer.questions[:6] == first.questions
    asked = [q.rule for q in longer.questions if q.kind is not Kind.NEXT]
    assert len(asked) == len(set(asked))


def test_the_sheet_is_the_same_in_another_process() -> None:
    """No set's order (hash randomisation) decides a question."""
    outputs = set()
    for hash_seed in ("1", "2"):
        env = dealer_env() | {"PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-m", "dealer", "exam", "--seed", "11", "--questions", "6"],
            capture_output=True, text=True, cwd=ROOT, env=env, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert os.environ.get("PYTHONHASHSEED") != "x"  # the child's own, not this process's


def test_question_one_is_the_ruling_quizs_first_question() -> None:
    lines: list[str] = []
    Trainer(Drill.RULING, read=lambda _prompt: None, write=lines.append, hands=1, seed=5,
            ruleset="wsop-2024").run()  # fmt: skip
    said = "\n".join(lines).splitlines()
    question = exam(seed=5, count=1, ruleset="wsop-2024", lang=Lang.EN).questions[0]
    assert question.told in said
    start = said.index("Which ruling applies? Type its number.")
    assert said[start + 1 : start + 5] == [f"  {n}. {c}" for n, c in enumerate(question.choices, 1)]
    table = question.table.splitlines()
    assert table[1:] == said[said.index(question.told) - len(table) + 1 : said.index(question.told)]


def test_the_key_is_on_its_own_page_and_the_sheet_gives_nothing_away() -> None:
    sheet = exam(seed=1, count=3, ruleset="seed", lang=Lang.EN)
    html = exam_html(sheet)
    printing = html.split("@media print", 2)[2].split("</style>", 1)[0]
    assert "section.key { break-before: page; }" in printing
    asked, key = html.split('<section class="key">')
    assert "Answer: " not in asked and "Next step: " not in asked and "Rule FLOP" not in asked
    assert "Answer: 2" in key and "Next step: turn" in key
    assert "Rule FLOP-PREMATURE (seed): Premature flop" in unescape(key)
    assert (
        asked.count('<article class="question"') == 3 and key.count('<article class="answer"') == 3
    )
    text = exam_text(sheet)
    assert text.index("\fAnswer key") > text.index("What is the dealer's next step")


def test_a_chinese_sheet_has_no_english_word() -> None:
    sheet = exam(seed=3, count=6, ruleset="wsop-2024", lang=Lang.ZH_HANS)
    text = exam_text(sheet)
    assert english_words(text, {"dealer", "LA", "TR"}) == []
    assert "参考答案" in text and "第 1 题" in text


def test_the_command(tmp_path: Path) -> None:
    done = run_dealer("exam", "--seed", "1", "--questions", "3")
    assert done.returncode == 0, done.stderr
    assert done.stdout == exam_text(exam(seed=1, count=3, ruleset="seed", lang=Lang.EN)) + "\n"
    out = tmp_path / "exam.html"
    done = run_dealer(
        "exam", "--seed", "2", "--questions", "4", "--lang", "zh-Hant", "-o", str(out)
    )
    assert done.returncode == 0, done.stderr
    expected = exam_html(exam(seed=2, count=4, ruleset="seed", lang=Lang.ZH_HANT))
    assert out.read_text(encoding="utf-8") == expected
    done = run_dealer("exam", "--questions", "61")
    assert done.returncode == 2 and done.stderr.startswith(
        "exam:0: invalid value for '--questions'"
    )
    done = run_dealer("exam", "--ruleset", "nope")
    assert done.returncode == 2 and done.stderr.startswith("nope:0: unknown ruleset 'nope'")
    house = "procedures/house/first-two-cards.yaml"  # a house overlay: its name on the sheet
    done = run_dealer("exam", "--seed", "4", "--questions", "2", "--ruleset", house)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "Seed 4 · 2 questions · ruleset house-first-two"


@pytest.fixture
def client(tmp_path: Path) -> Any:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient")
    from starlette.testclient import TestClient

    from dealer.apps.web.app import Settings, create_app

    with TestClient(create_app(Settings(db=tmp_path / "progress.sqlite3"))) as test_client:
        yield test_client


def test_the_web_serves_the_sheet(client: Any) -> None:
    page = client.get("/exam", params={"seed": 1, "questions": 3, "lang": "zh-Hant"})
    assert page.status_code == 200
    toolbar = re.search(r'<div class="toolbar noprint">.*?</div>', page.text)
    assert toolbar is not None and "seed=1&amp;questions=3" in toolbar.group(0)
    expected = exam_html(exam(seed=1, count=3, ruleset="seed", lang=Lang.ZH_HANT))
    assert page.text.replace(toolbar.group(0), "") == expected
    moved = client.get("/exam", params={"questions": 2}, follow_redirects=False)
    assert moved.status_code == 303
    assert re.fullmatch(
        r"/exam\?seed=\d+&questions=2&ruleset=seed&lang=en", moved.headers["location"]
    )
    for bad in ({"seed": "x"}, {"seed": 1, "questions": 0}, {"seed": 1, "ruleset": "nope"},
                {"seed": str(1 << 31)}):  # fmt: skip
        assert client.get("/exam", params=bad).status_code == 400, bad
