"""In zh-Hans and zh-Hant nothing a user reads is English (issue 13): `dealer ask` over every
shipped scenario and a seeded `dealer train` drill, scanned word by word. Allowed: card codes,
rule IDs, ruleset names, WSOP, and what the user typed, quoted back after 實際：; the commands are
shown in their Chinese words (issue 22 item 4)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.apps.present.words import card_role, hand_name, pot_name, role_key
from dealer.apps.training import Drill, Trainer
from dealer.core.hand_value import describe_key
from dealer.core.roles import Role
from dealer.rules.rulebook import Lang
from dealer.rules.texts import messages, template
from tests.conftest import ROOT, SCENARIOS
from tests.helpers import english_words

CHINESE = (Lang.ZH_HANS, Lang.ZH_HANT)


def test_the_scan_finds_english() -> None:
    assert english_words("过早发出的转牌：Ts 现在位于一旁") == []
    assert english_words("实际：move button") == []
    assert english_words("premature turn card：Ts") == [  # typed words only after 實際：
        f"{w!r} in 'premature turn card：Ts'" for w in ("premature", "turn", "card")
    ]


@pytest.mark.parametrize("lang", CHINESE, ids=str)
def test_ask_over_every_shipped_scenario_prints_no_english(lang: Lang) -> None:
    runner = CliRunner()
    leaks: list[str] = []
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert len(files) > 60
    for path in files:
        result = runner.invoke(app, ["ask", str(path), "--lang", lang.value])
        assert result.exit_code == 0, (path, result.stderr)
        leaks.extend(f"{path.name}: {leak}" for leak in english_words(result.stdout))
    assert leaks == []


def _trainee(trainer: Trainer) -> Iterator[str]:
    """Mostly right steps, now and then a wrong one, an unknown word and a player's move."""
    for number in range(1, 600):
        if number % 11 == 3:
            yield "frobnicate"
        elif number % 13 == 5:
            yield "turn"
        elif number % 17 == 0:
            yield "seat 1 call"
        else:
            yield trainer.expected_step() or "quit"


@pytest.mark.parametrize("lang", CHINESE, ids=str)
@pytest.mark.parametrize("drill", [Drill.MISHAP, Drill.RULING], ids=str)
def test_a_seeded_drill_prints_no_english(lang: Lang, drill: Drill) -> None:
    out: list[str] = []
    for seed in (1, 2, 3):
        answers: list[Iterator[str]] = []

        def read(prompt: str, answers: list[Iterator[str]] = answers) -> str | None:
            out.append(prompt)
            return next(answers[0], None)

        trainer = Trainer(drill, read=read, write=out.append, hands=3, seed=seed, lang=lang)
        quiz = iter(["9", "x", "1", "help"] * 5)
        answers.append(_trainee(trainer) if drill is Drill.MISHAP else quiz)
        trainer.run()
    text = "\n".join(out)
    assert english_words(text) == []  # the help too: its commands are Chinese (issue 22)
    if drill is Drill.MISHAP:  # the drill reached the showdown and the pots
        assert ("主池" in text) and ("踢脚" in text or "踢腳" in text or "高牌" in text)


@pytest.mark.parametrize("lang", CHINESE, ids=str)
def test_dealer_train_command_prints_no_english(lang: Lang) -> None:
    """``dealer train`` itself, fed the steps a scripted trainee typed in the same seeded drill."""
    typed: list[str] = []
    answers: list[Iterator[str]] = []

    def read(prompt: str) -> str | None:
        line = next(answers[0], None)
        if line is not None:
            typed.append(line)
        return line

    trainer = Trainer(Drill.MISHAP, read=read, write=lambda _: None, hands=2, seed=5, lang=lang)
    answers.append(_trainee(trainer))
    trainer.run()
    args = ["train", "--drill", "mishap", "--hands", "2", "--seed", "5", "--lang", lang.value]
    result = CliRunner().invoke(app, args, input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    help_text = template("train-help", lang)
    assert english_words(result.stdout) == []
    assert "主池" in help_text


def test_every_hand_name_and_pot_has_chinese() -> None:
    keys = [(8, 14), (8, 9), (7, 13, 2), (6, 12, 4), (5, 14), (4, 10), (3, 3, 14, 13)]
    keys += [(2, 10, 4, 9), (1, 9, 14, 12, 10), (0, 13, 12, 11, 7, 5), (0, 14, 12, 6, 5, 3)]
    for key in keys:
        for lang in CHINESE:
            assert english_words(hand_name(key, lang)) == [], describe_key(key)
    assert hand_name((2, 10, 4, 9), Lang.ZH_HANS) == "两对，10 和 4，踢脚 9"
    assert hand_name((0, 13, 12, 11, 7, 5), Lang.ZH_HANT) == "高牌 K，其餘 Q J 7 5"
    assert hand_name((0, 13, 12, 11, 7, 5), Lang.EN) == "high card, king, queen jack seven five"
    assert pot_name(1, Lang.ZH_HANT) == "邊池 1"
    assert pot_name(0, Lang.ZH_HANS) == "主池"


def test_every_card_role_the_engine_names_has_a_translation() -> None:
    for role in Role:
        for lang in CHINESE:
            assert role_key(role) in messages(lang), role
            assert english_words(card_role(role, lang)) == [], role


def test_seed_terms_and_one_seat_form() -> None:
    joined = "\n".join(m for lang in CHINESE for m in messages(lang).values())
    assert "全下" not in joined and "全押" in joined
    assert re.search(r"[号號]座(?!位)", joined) is None  # always "8 號座位"
    assert "不参与本局" not in joined and "不參與本局" not in joined
    assert re.search("(?<!庄家)按钮|(?<!莊家)按鈕", joined) is None  # 莊家按鈕 throughout
    assert re.search(r"\n +攤牌 +攤牌", joined)  # the trainer's help, in the seeds' words
    assert "彩池" not in joined  # one word for the pot: 底池, as the seeds write it (issue 22)
    assert "小丑" not in joined and "大小王" not in joined  # one word for the joker: 鬼牌
    assert not any("棄牌" in m for m in messages(Lang.ZH_HANT).values())  # 蓋牌, as 004 has it


# Every refusal kind in every language: tests/test_typed.py.


@pytest.mark.parametrize("lang", CHINESE, ids=str)
def test_dealer_rule_prints_no_english(lang: Lang) -> None:
    from dealer.apps.floor.lookup import answer
    from dealer.rules.rulebook import ids

    house = str(ROOT / "procedures" / "house" / "first-two-cards.yaml")
    texts = [answer(None, "seed", lang, False).out]
    for rule_id in ids():
        for ruleset in ("seed", "wsop-2024", house):
            texts.append(answer([rule_id], ruleset, lang, False).out)
    texts.append(answer(["露牌"], "seed", lang, False).out)
    texts.append(answer(["string", "bet"], "seed", lang, False).err)
    command = re.compile(r"dealer rule [A-Z-]+")  # the command the "which one?" answer suggests
    assert english_words(command.sub("", "\n".join(texts))) == []
