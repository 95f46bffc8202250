"""The guided `dealer ask` (no file): a few numbered questions, the ruling for the real cards.

Expectations come from the rules: TURN-PREMATURE under seed sets the card aside and owes the
flop round first (004 ¶5–6); HOLE-EXPOSED-SECOND is dealt on under seed (004 ¶1–2) and a misdeal
under wsop-2024 (LA 104) and under the first-two-cards house overlay; FLOP-TOO-MANY under seed
puts the flop back in the stub to be reshuffled, then a flop without a burn (004 ¶3, issue 13)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.apps.floor import guided
from dealer.apps.floor.guided import MISHAPS, STREETS, Answers, GuidedError, Situation, build, run
from dealer.core.errors import DataError
from dealer.core.roles import Role
from dealer.rules.rulebook import Lang
from tests.conftest import ROOT

HOUSE = str(ROOT / "procedures" / "house" / "first-two-cards.yaml")
runner = CliRunner()

# game, players, button, street, what the dealer did, [which card of the deal], cards, [actions]
PREMATURE_TURN = "1, 6, 6, 3, 1, Kh, 2"  # no-limit, 6 players, turn dealt early, 2 had acted
EXPOSED_SECOND = "1, 3, 3, 1, 1, 2, As"  # the second card of the deal (to seat 2) exposed
FOUR_CARD_FLOP = "2, 4, 2, 2, 2, Ah 7d 2c 9s"  # limit, 4 players, four cards turned


def _ask(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["ask", *args])
    return result.exit_code, result.stdout, result.stderr


def test_premature_turn_names_the_real_card_and_the_steps_first() -> None:
    code, out, _ = _ask("--answers", PREMATURE_TURN)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Irregularity: TURN-PREMATURE (Premature turn), Ruleset: seed"
    owed = lines.index("Still owed, in order:")
    assert lines[2:owed] == [
        "On this table:",
        "  premature turn card: Kh is now in set aside (held out of play for now)",
        "  seat 3 is to act",  # seats 1 and 2 had acted on the flop; the button is seat 6
        "  seat 3 may bet or raise: to 2 at least, 98 at most (NL-MIN-RAISE)",
        "Held out of play:",
        "  premature turn card: Kh, held by TURN-PREMATURE until its shuffle takes it back",
    ]
    assert lines[owed + 1] == "  1. Complete the flop betting round"
    assert lines.index("TURN-PREMATURE: Premature turn") > lines.index("Still owed, in order:")


@pytest.mark.parametrize(
    ("ruleset", "named", "first_owed"),
    [
        ("seed", "seed", "  1. Finish the deal as usual"),
        ("wsop-2024", "wsop-2024", "  1. Retrieve every card dealt"),
        (HOUSE, "house-first-two", "  1. Retrieve every card dealt"),
    ],
)
def test_exposed_second_card_under_each_ruleset(ruleset: str, named: str, first_owed: str) -> None:
    code, out, _ = _ask("--answers", EXPOSED_SECOND, "--ruleset", ruleset)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        f"Irregularity: HOLE-EXPOSED-SECOND (Second hole card exposed), Ruleset: {named}"
    )
    assert lines[3] == "  exposed card: As is now in seat 2's hand"
    assert lines[lines.index("Still owed, in order:") + 1] == first_owed


def test_four_card_flop_goes_back_with_the_cards_named() -> None:
    code, out, _ = _ask("--answers", FOUR_CARD_FLOP, "--json")
    assert code == 0
    facts = json.loads(out)
    assert facts["irregularity"] == "FLOP-TOO-MANY"
    assert [(c["card"], c["place"], c["seat"]) for c in facts["cards"]] == [
        ("Ah", "set aside", None), ("7d", "set aside", None), ("2c", "set aside", None),
        ("9s", "set aside", None),
    ]  # fmt: skip
    assert facts["owed"] == [
        "Shuffle the stub together with the flop cards (not the burn)",
        "Cut the stub",
        "Deal the flop without a burn",
    ]
    assert "game: limit" in facts["scenario"] and "{mishap: flop 4}" in facts["scenario"]


def test_answers_in_chinese() -> None:
    code, out, _ = _ask("--answers", PREMATURE_TURN, "--lang", "zh-Hant")
    assert code == 0
    assert "  過早發出的轉牌：Kh 現在位於一旁（暫不使用）" in out.splitlines()


def test_a_bad_or_missing_answer_is_bad_input() -> None:
    code, out, err = _ask("--answers", "1, 3, 3, 9")
    assert (code, out) == (2, "")
    assert err.strip() == "--answers:0: answer 4 (Where was the hand?): Type a number from 1 to 5."
    code, _, err = _ask("--answers", "1, 3")
    assert code == 2 and err.startswith("--answers:0: no answer 3: Which seat has the button?")
    code, _, err = _ask("--answers", "1, 3, 3, 3, 1, Kh Kh")
    assert code == 2 and "Name up to 1 different cards" in err
    code, _, err = _ask(
        str(ROOT / "tests" / "fixtures" / "ask" / "clean-flop.yaml"), "--answers", "1"
    )
    assert code == 2 and err.startswith("--answers:0: --answers answers the questions asked")


def test_a_five_card_flop_under_wsop_takes_its_branch() -> None:
    built = build(Answers("no-limit", 4, 1, "flop-5", cards=("Ah", "Kd", "7c", "7d", "2s")),
                  "wsop-2024")  # fmt: skip
    ruled = built.hand.rulings[-1]
    assert ruled.rule_id == "FLOP-TOO-MANY"
    assert [str(card) for card in ruled.cards[Role.FLOP_CARDS]] == ["Ah", "Kd", "7c", "7d", "2s"]


def _terminal(args: list[str], dialogue: list[tuple[str, str]], expected: list[str]) -> None:
    """Run ``dealer ask`` in a pseudo-terminal: wait for each question, type the reply."""
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(
        sys.executable, ["-m", "dealer", "ask", *args], cwd=str(ROOT), env=env,
        encoding="utf-8", timeout=20,
    )  # fmt: skip
    try:
        for question, reply in dialogue:
            child.expect_exact(question)
            child.expect_exact("> ")
            child.sendline(reply)
        for line in expected:
            child.expect_exact(line)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_guided_ask_in_a_pseudo_terminal() -> None:
    _terminal(
        ["--lang", "zh-Hans"],
        [
            ("什么游戏？", "1"),
            ("有几位玩家拿到牌？", "6"),
            ("庄家按钮在几号座位？", "6"),
            ("牌局进行到哪里？", "3"),
            ("发牌员做了什么？", "1"),
            ("桌上看到的是哪张牌？", "Kh"),
            ("发生时本轮已有几位玩家行动？", "9"),  # out of range: asked again
            ("请输入 0 到 5 的数字。", "2"),
        ],
        [
            "违规情形：TURN-PREMATURE",
            "过早发出的转牌：Kh 现在位于一旁（暂不使用）",
            "1. 完成翻牌圈下注",
        ],
    )


@pytest.mark.parametrize(
    ("ruleset", "first_owed"),
    [("seed", "1. Finish the deal as usual"), (HOUSE, "1. Retrieve every card dealt")],
)
def test_exposed_second_card_in_a_pseudo_terminal(ruleset: str, first_owed: str) -> None:
    _terminal(
        ["--ruleset", ruleset, "--lang", "en"],
        [
            ("The game?", "1"),
            ("How many players", "3"),
            ("Which seat has the button?", "3"),
            ("Where was the hand?", "1"),
            ("What did the dealer do?", "1"),
            ("Which card of the deal was exposed?", "2"),
            ("Which card(s) did the table see?", "As"),
        ],
        [
            "Irregularity: HOLE-EXPOSED-SECOND",
            "exposed card: As is now in seat 2's hand",
            first_owed,
        ],
    )


def test_four_card_flop_in_a_pseudo_terminal() -> None:
    _terminal(
        ["--lang", "en"],
        [
            ("The game?", "2"),
            ("How many players", "4"),
            ("Which seat has the button?", "2"),
            ("Where was the hand?", "2"),
            ("What did the dealer do?", "2"),
            ("Which card(s) did the table see?", "Ah 7d 2c 9s"),
        ],
        [
            "Irregularity: FLOP-TOO-MANY",
            "flop cards: 9s is now in set aside (held out of play for now)",
            "3. Deal the flop without a burn",
        ],
    )


def test_a_mishap_may_name_the_card_the_table_saw() -> None:
    from dealer.scenarios.format import scenario_from_text
    from dealer.scenarios.replay import replay

    # tests/fixtures/ask/turn-premature.yaml: the premature turn is Ts (seed 11, as its test says)
    text = (ROOT / "tests" / "fixtures" / "ask" / "turn-premature.yaml").read_text(encoding="utf-8")
    assert text.rstrip().endswith("- mishap: turn")
    right = replay(scenario_from_text(text.rstrip() + " Ts\n", "named.yaml"), keep_hand=True)
    assert right.failure is None and right.hand is not None
    assert [str(c) for c in right.hand.rulings[-1].cards[Role.PREMATURE_TURN_CARD]] == ["Ts"]
    wrong = replay(scenario_from_text(text.rstrip() + " Kh\n", "named.yaml"))
    assert wrong.failure is not None
    assert "turn Kh names Kh, but the card turned is Ts" in wrong.failure


def test_boxed_card_and_misplaced_button() -> None:
    # BOXED-CARD: the boxed card is scrap, named as the table saw it (LA 102, 004 ¶3 as RULES.md)
    code, out, _ = _ask("--answers", "1, 3, 3, 5, 1, Kd")
    assert code == 0
    assert out.splitlines()[3] == "  boxed card: Kd is now in scrap"
    # BUTTON-MISPLACED: a misdeal before substantial action, corrected next hand after it
    code, out, _ = _ask("--answers", "1, 3, 3, 5, 6, 1, 0")
    assert "  1. Retrieve every card dealt" in out.splitlines()
    code, out, _ = _ask("--answers", "1, 3, 3, 5, 6, 1, 2")
    assert "Still owed, in order:" not in out
    code, _, err = _ask("--answers", "1, 3, 3, 5, 6, 3")
    assert code == 2 and err.startswith("the button is at seat 3 already")


def _replies(mishap: Situation) -> list[str]:
    street = STREETS.index(mishap.street) + 1
    did = [m for m in MISHAPS if m.street == mishap.street].index(mishap) + 1
    replies = ["1", "3", "3", str(street), str(did)]
    if mishap.key == "exposed" or mishap.ask is not None:
        replies.append("2")
    elif mishap.key == "button":
        replies.append("1")
    if mishap.cards:
        replies.append("-")
    if mishap.actions:
        replies.append("1")
    return replies


@pytest.mark.parametrize("lang", [Lang.ZH_HANS, Lang.ZH_HANT], ids=str)
def test_every_guided_question_and_answer_in_chinese(lang: Lang) -> None:
    from tests.helpers import english_words

    for mishap in MISHAPS:
        out: list[str] = []
        replies = iter(_replies(mishap))

        def read(prompt: str, replies: Iterator[str] = replies) -> str | None:
            return next(replies, None)

        code = run(None, "seed", lang, False, read=read, write=out.append)
        assert code == 0, (mishap.key, out[-3:])
        assert english_words("\n".join(out)) == [], mishap.key


_ENTRY = "street: deal, label: x, state: dealing, mishap: m"


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        (
            "street: deal, label: x, state: dealng, mishap: m, cards: 1",
            "situation a: no state 'dealng'; did you mean 'dealing'?",
        ),
        (
            f"{_ENTRY}, cards: 1, role: jokr",
            "situation a: no card role 'jokr'; did you mean 'joker'?",
        ),
        (f"{_ENTRY}, card: 1", "unknown key 'card' in situation a; did you mean 'cards'?"),
        (f"{_ENTRY}, cards: 9", "situation a: cards is a whole number from 0 to 5"),
    ],
)
def test_the_situations_data_is_read_strictly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: str, error: str
) -> None:
    data = tmp_path / "situations.yaml"
    data.write_text(f"# the guided ask's situations\na: {{{entry}}}\n", encoding="utf-8")
    monkeypatch.setattr(guided, "SITUATIONS_FILE", data)
    with pytest.raises(DataError) as raised:
        guided._load()
    assert str(raised.value) == f"{data}:2: {error}"


# ---------------------------------------------------------------------------- issue 22 point 5


@pytest.mark.parametrize(
    ("key", "place", "rules"),
    [
        # Two cards too many after the deal: the first is DEAL-EXTRA-ONE, the second makes it
        # DEAL-EXTRA-MULTIPLE, a misdeal (004 ¶6, LA 104).
        ("extra-2", 2, ["DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE"]),
        # The button short its second card, found at once: DEAL-SHORT (LA 104, LA 106).
        ("short-hand", 1, ["DEAL-SHORT"]),
        # The first card to the seat after the one due: DEAL-WRONG-FIRST-SEAT (LA 104).
        ("first-seat", 1, ["DEAL-WRONG-FIRST-SEAT"]),
        # Seat 3 passed over in the first round: DEAL-SEAT-SKIPPED (LA 104, TR 88a5).
        ("skipped", 3, ["DEAL-SEAT-SKIPPED"]),
        # Two cards in a row to seat 1 under seed: a card to a seat that already holds its card of
        # the round is DEAL-EXTRA-ONE (004 ¶6; RULES.md DEAL-OUT-OF-SEQUENCE, revised).
        ("twice", 1, ["DEAL-EXTRA-ONE"]),
        # A card to the empty seat 5 of a four-handed table: DEAL-SEAT-NOT-ENTITLED (TR 88a4).
        ("empty-seat", 1, ["DEAL-SEAT-NOT-ENTITLED"]),
        # Two burns before the flop: BURN-MISSED-FLOP, its second-burn branch.
        ("flop-burn2", 1, ["BURN-MISSED-FLOP"]),
    ],
)
def test_the_guided_ask_covers_every_deal_irregularity(
    key: str, place: int, rules: list[str]
) -> None:
    built = build(Answers("no-limit", 4, 4, key, place))
    assert [ruled.rule_id for ruled in built.hand.rulings] == rules
    if key == "skipped":
        assert built.scenario.rstrip().endswith("- {mishap: pitch 4}")  # seat 3's card to seat 4
    if key == "empty-seat":
        assert built.scenario.rstrip().endswith("- {mishap: pitch 5}")


def test_an_empty_seat_needs_one() -> None:
    with pytest.raises(GuidedError, match="9 個座位都有人"):
        build(Answers("no-limit", 9, 1, "empty-seat", 1), lang=Lang.ZH_HANT)
