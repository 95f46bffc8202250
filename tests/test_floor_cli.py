"""`dealer rule` and `dealer ask`: the floor's answers, in English and Chinese."""

from __future__ import annotations

import json

import pytest

from dealer.rules.rulebook import Section, ids
from tests.conftest import ROOT
from tests.helpers import run_cli

ASK = ROOT / "tests" / "fixtures" / "ask"


def test_rule_lists_every_rule_with_a_summary() -> None:
    code, out, _ = run_cli("rule")
    assert code == 0
    for rule_id in ids():
        assert any(line.split()[:1] == [rule_id] for line in out.splitlines()), rule_id


def test_rule_by_id_names_ruleset_steps_and_sources() -> None:
    code, out, _ = run_cli("rule", "TURN-PREMATURE", "--ruleset", "wsop-2024")
    assert code == 0
    assert out.splitlines()[:3] == [
        "TURN-PREMATURE: Premature turn",
        "Section: B. Irregularities and their remedies",
        "Ruleset: wsop-2024 (WSOP 2024)",
    ]
    assert "  3. Deal the turn without a burn" in out
    assert "  - WSOP 2024 Live Action Rules, rule 166" in out
    assert "  seed (differs): " in out


def test_rule_by_words_in_english_and_chinese() -> None:
    for query, rule_id in (
        ("premature turn", "TURN-PREMATURE"),
        ("four card flop", "FLOP-TOO-MANY"),
        ("翻牌 多", "FLOP-TOO-MANY"),
        ("河牌 過早", "RIVER-PREMATURE"),
        ("first card exposed", "HOLE-EXPOSED-FIRST"),
    ):
        code, out, _ = run_cli("rule", *query.split())
        assert code == 0 and out.startswith(f"{rule_id}: "), (query, out[:60])


def test_rule_in_traditional_chinese() -> None:
    code, out, _ = run_cli("rule", "TURN-PREMATURE", "--lang", "zh-Hant")
    assert code == 0
    assert out.splitlines()[0] == "TURN-PREMATURE：轉牌過早"


def test_unknown_query_suggests_the_closest_rulings() -> None:
    code, out, _ = run_cli("rule", "premture", "trun")  # misspelt words are read (issue 22)
    assert code == 0 and out.startswith("TURN-PREMATURE: ")
    code, _, err = run_cli("rule", "zzzz", "qqqq")
    assert code == 1
    assert err.splitlines()[0] == "No rule in this rulebook covers that: 'zzzz qqqq'"


def test_rule_json_for_every_irregularity() -> None:
    for rule_id in ids(Section.B):
        code, out, _ = run_cli("rule", rule_id, "--json")
        assert code == 0
        assert json.loads(out)["id"] == rule_id


def test_bad_language_and_ruleset_are_bad_input() -> None:
    assert run_cli("rule", "BURN", "--lang", "fr")[0] == 2
    assert run_cli("rule", "BURN", "--ruleset", "tda")[0] == 2


def test_ask_names_the_ruling_the_card_and_the_owed_steps_under_seed() -> None:
    code, out, _ = run_cli("ask", str(ASK / "turn-premature.yaml"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Irregularity: TURN-PREMATURE (Premature turn), Ruleset: seed"
    # The table's answer comes first, before the rule's text (issue 13).
    assert lines[2] == "On this table:"
    table = lines[lines.index("On this table:") : lines.index("TURN-PREMATURE: Premature turn")]
    assert table[:-1] == [
        "On this table:",
        "  premature turn card: Ts is now in set aside (held out of play for now)",
        "  seat 2 is to act",
        # nobody has bet on the flop: a bet of at least the big blind, at most the stack (NO-LIMIT)
        "  seat 2 may bet or raise: to 2 at least, 98 at most (NL-MIN-RAISE)",
        "Held out of play:",
        "  premature turn card: Ts, held by TURN-PREMATURE until its shuffle takes it back",
        "Still owed, in order:",
        "  1. Complete the flop betting round",
        "  2. Burn one card from the top of the stub",
        "  3. Turn the next card, the would-be river, as the turn",
        "  4. Complete the turn betting round",
        "  5. Shuffle the stub with the set-aside card (not the burns, not the discards)",
        "  6. Cut the stub",
        "  7. Deal the river without a burn",
        "Next: seat 2 to act (POSTFLOP-ACTION)",
    ]
    assert table[-1] == ""


def test_ask_under_wsop_gives_the_other_steps() -> None:
    code, out, _ = run_cli(
        "ask", str(ASK / "turn-premature.yaml"), "--ruleset", "wsop-2024", "--json"
    )
    assert code == 0
    facts = json.loads(out)
    assert (facts["irregularity"], facts["ruleset"]) == ("TURN-PREMATURE", "wsop-2024")
    # held out until the reshuffle takes it back (LA 167; SEEN-CARD-STAYS-OUT)
    assert facts["cards"] == [
        {"name": "premature turn card", "card": "Ts", "place": "set aside", "seat": None}
    ]
    assert facts["owed"] == [
        "Complete the flop betting round",
        "Reshuffle the whole stub with the premature card",
        "Deal the turn without a burn",
        "Complete the turn betting round",
        "Burn one card from the top of the stub",
        "Deal the river",
    ]


def test_ask_in_simplified_chinese() -> None:
    code, out, _ = run_cli("ask", str(ASK / "turn-premature.yaml"), "--lang", "zh-Hans")
    assert code == 0
    assert "  过早发出的转牌：Ts 现在位于一旁（暂不使用）" in out  # issue 13: no English
    assert "  7. 不销牌，直接发河牌" in out


def test_ask_with_nothing_wrong_gives_the_next_step() -> None:
    code, out, _ = run_cli("ask", str(ASK / "clean-flop.yaml"))
    assert code == 0
    assert out.strip().splitlines() == [
        "No irregularity. Next: seat 1 to act (POSTFLOP-ACTION)",
        "seat 1 may bet or raise: to 2 at least, 98 at most (NL-MIN-RAISE)",
    ]


def test_ask_answers_in_traditional_chinese_with_the_next_step() -> None:
    code, out, _ = run_cli("ask", str(ASK / "clean-flop.yaml"), "--lang", "zh-Hant")
    assert code == 0
    assert out.strip().splitlines()[0] == "沒有違規。下一步：輪到 1 號座位行動 (POSTFLOP-ACTION)"
    code, out, _ = run_cli("ask", str(ASK / "turn-premature.yaml"), "--lang", "zh-Hans")
    assert "下一步：轮到 2 号座位行动 (POSTFLOP-ACTION)" in out.splitlines()


def test_ask_on_a_hand_whose_last_step_is_refused_answers_as_far_as_it_replays() -> None:
    """Issue 10: the answer is for the hand before the refused step, and names that step."""
    code, out, _ = run_cli("ask", str(ASK / "turn-premature-then-refused.yaml"))
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith(f"{ASK / 'turn-premature-then-refused.yaml'}: the hand replays only")
    assert "got: burn" in first and "(TURN-PREMATURE)" in first
    assert "TURN-PREMATURE" in out and "seat 2 is to act" in out
    code, out, _ = run_cli("ask", str(ASK / "turn-premature-then-refused.yaml"), "--json")
    facts = json.loads(out)
    assert facts["irregularity"] == "TURN-PREMATURE" and "got: burn" in facts["stopped"]


HELD = ASK / "held-burn-and-short-all-in.yaml"


def test_ask_tells_every_ruling_in_force_the_held_burn_and_that_no_raise_is_open() -> None:
    """Issue 21 item 10: every ruling with its cards, a held burn from an earlier ruling, and
    whether the player to act may raise. Seat 2's all-in to 12 is 2 over seat 3's raise to 10,
    less than half the 5 bet, so the betting is not reopened for seat 3 (LIMIT-ALLIN)."""
    code, out, _ = run_cli("ask", str(HELD))
    assert code == 0
    lines = out.splitlines()
    start = lines.index("On this table:")
    assert lines[start : lines.index("Still owed, in order:")] == [
        "On this table:",
        "  flashed card: Ah is now in seat 1's hand",
        "  seat 3 is to act",
        "  seat 3 may not raise: call or fold only (LIMIT-ALLIN)",
        "Rulings in force:",
        "  1. HOLE-EXPOSED-OTHER (seed)",
        "     exposed card: 7c is now in set aside (held out of play for now)",
        "  2. HOLE-EXPOSED-BY-PLAYER (seed)",
        "     flashed card: Ah is now in seat 1's hand",
        "Held out of play:",
        "  exposed card: 7c, held by HOLE-EXPOSED-OTHER as the next burn",
    ]
    code, out, _ = run_cli("ask", str(HELD), "--json")
    facts = json.loads(out)
    assert facts["raise"] == {
        "seat": 3, "may_raise": False, "min_to": None, "max_to": None, "rule": "LIMIT-ALLIN",
    }  # fmt: skip
    assert [(r["id"], r["ruleset"], r["cards"]) for r in facts["rulings"]] == [
        ("HOLE-EXPOSED-OTHER", "seed",
         [{"name": "exposed card", "card": "7c", "place": "set aside", "seat": None}]),
        ("HOLE-EXPOSED-BY-PLAYER", "seed",
         [{"name": "flashed card", "card": "Ah", "place": "seat", "seat": 1}]),
    ]  # fmt: skip
    assert facts["held"] == [
        {"card": "7c", "name": "exposed card", "rule": "HOLE-EXPOSED-OTHER", "for": "burn",
         "place": "set aside", "seat": None},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("zh-Hans", ["  3 号座位不能加注，只能跟注或弃牌（LIMIT-ALLIN）", "有效的裁定：",
                     "  1. HOLE-EXPOSED-OTHER（seed）", "暂不使用的牌：",
                     "  暴露的牌：7c，按 HOLE-EXPOSED-OTHER 留作下一张销牌"]),
        ("zh-Hant", ["  3 號座位不能加注，只能跟注或蓋牌（LIMIT-ALLIN）", "有效的裁定：",
                     "  1. HOLE-EXPOSED-OTHER（seed）", "暫不使用的牌：",
                     "  暴露的牌：7c，按 HOLE-EXPOSED-OTHER 留作下一張銷牌"]),
    ],
)  # fmt: skip
def test_ask_tells_the_whole_state_in_chinese(lang: str, lines: list[str]) -> None:
    code, out, _ = run_cli("ask", str(HELD), "--lang", lang)
    assert code == 0
    for line in lines:
        assert line in out.splitlines(), line


def test_ask_names_the_cards_of_a_rebuilt_board() -> None:
    """Issue 21: a board put right after a late burn error (BURN-ERROR (e): "each such place gets
    the card that would have been there ... the other cards dealt since the error are burns") is
    told card by card: the river that would have come (6s) and the card it replaced (5h)."""
    code, out, _ = run_cli("ask", str(ASK / "turn-rebuilt-on-the-river.yaml"))
    assert code == 0
    lines = out.splitlines()
    start = lines.index("On this table:")
    assert lines[start + 1 : start + 4] == [
        "  card turned without a burn: 4d is now in the board",
        "  card that would have come: 6s is now in the board",
        "  board card taken back: 5h is now in the burn pile",
    ]
    code, out, _ = run_cli("ask", str(ASK / "turn-rebuilt-on-the-river.yaml"), "--json")
    assert [(c["name"], c["card"], c["place"], c["seat"]) for c in json.loads(out)["cards"]] == [
        ("card turned without a burn", "4d", "board", None),
        ("card that would have come", "6s", "board", None),
        ("board card taken back", "5h", "burn", None),
    ]
    code, out, _ = run_cli("ask", str(ASK / "turn-rebuilt-on-the-river.yaml"), "--lang", "zh-Hans")
    assert "  本应出现的牌：6s 现在位于公共牌区" in out.splitlines()
