"""How ``bench/floor_phrases.py`` counts an answer (issue 22, point 3), as the README quotes it."""

from __future__ import annotations

from typing import Any

import pytest

from dealer.rules.search import Answer, Match, Verdict
from tests.helpers import load_bench

scoring = load_bench("floor_phrases")


def _answer(kind: Verdict, *ids: str) -> Answer:
    return Answer(kind, tuple(Match(rule, 1.0) for rule in ids))


@pytest.mark.parametrize(
    ("entry", "answer", "counted"),
    [
        # one rule due
        ({"expect": "TURN-PREMATURE"}, _answer(Verdict.ONE, "TURN-PREMATURE"), "single"),
        ({"expect": "TURN-PREMATURE"}, _answer(Verdict.ONE, "RIVER-PREMATURE"), "wrong"),
        (
            {"expect": "TURN-PREMATURE"},
            _answer(Verdict.WHICH, "TURN-PREMATURE", "NOTICED-LATE"),
            "among",
        ),
        ({"expect": "TURN-PREMATURE"}, _answer(Verdict.NONE, "TURN-PREMATURE"), "no-rule"),
        # a "which one?" due (HOLE-EXPOSED-FIRST is a misdeal, -OTHER deals on)
        (
            {"expect": ["HOLE-EXPOSED-FIRST", "HOLE-EXPOSED-OTHER"]},
            _answer(Verdict.WHICH, "HOLE-EXPOSED-OTHER", "HOLE-EXPOSED-FIRST"),
            "which-due",
        ),
        (
            {"expect": ["HOLE-EXPOSED-FIRST", "HOLE-EXPOSED-OTHER"]},
            _answer(Verdict.ONE, "HOLE-EXPOSED-OTHER"),
            "wrong",
        ),
        (
            {"expect": ["HOLE-EXPOSED-FIRST", "HOLE-EXPOSED-OTHER"]},
            _answer(Verdict.WHICH, "HOLE-EXPOSED-OTHER", "DEAL-EXTRA-ONE"),
            "bad-which",
        ),
        (
            {"expect": "DEAL-EXTRA-ONE", "never": ["DEAL-EXTRA-MULTIPLE"]},
            _answer(Verdict.WHICH, "DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE"),
            "bad-which",
        ),
        # a list of one rule is that rule
        ({"expect": ["BURN-MISSED-FLOP"]}, _answer(Verdict.ONE, "BURN-MISSED-FLOP"), "single"),
        # no rule due
        ({"expect": "none"}, _answer(Verdict.NONE, "STRADDLE"), "uncovered-right"),
        ({"expect": "none"}, _answer(Verdict.ONE, "STRADDLE"), "uncovered-answered"),
    ],
)
def test_each_answer_is_counted_as_the_rule_text_asks(
    entry: dict[str, Any], answer: Answer, counted: str
) -> None:
    assert scoring.outcome(entry, answer) == counted


def test_the_line_gives_single_as_due_and_offered_of_the_covered() -> None:
    counts = scoring.Counter(
        {"single": 6, "which-due": 2, "among": 1, "wrong": 1, "uncovered-right": 3}
    )
    line = scoring._line("all", counts)
    assert "10 covered: single right    6  60.0%" in line
    assert "as due    8  80.0%" in line
    assert "offered    9  90.0%" in line
    assert "confidently wrong   1" in line
    assert "3 uncovered: answered no rule    3 100.0%" in line
