"""Every user-visible text is a message of ``procedures/texts/LANG.yaml``, read by
``dealer.rules.texts``: the same IDs with the same ``{fields}`` in every language, no English in the
Chinese ones, and every ID the code names is there (issue 11 point 5)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from dealer.core.errors import DataError
from dealer.rules import rulebook
from dealer.rules.data import PROCEDURES
from dealer.rules.texts import TEXTS, Lang, messages, template
from tests.conftest import ROOT
from tests.helpers import english_words

CHINESE = (Lang.ZH_HANS, Lang.ZH_HANT)
# What a user types or reads as is, in any language: the command `dealer rule`, the option
# `--answers`, the language codes of `--lang`, and the file format of an export.
_TYPED = frozenset({"dealer", "rule", "answers", "en", "zh", "zh-Hans", "zh-Hant", "zh-CN", "zh-TW",
                    "zh-HK", "JSON"})  # fmt: skip


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_is_in_every_language_with_the_same_fields() -> None:
    english = messages(Lang.EN)
    for lang in Lang:
        found = messages(lang)
        assert set(found) == set(english), lang
        for key, text in english.items():
            assert _fields(found[key]) == _fields(text), (lang, key)
            assert found[key].strip(), (lang, key)
    assert sorted(path.stem for path in TEXTS.glob("*.yaml")) == sorted(lang.value for lang in Lang)


@pytest.mark.parametrize("lang", CHINESE, ids=str)
def test_no_chinese_text_has_an_english_word(lang: Lang) -> None:
    leaks = [
        f"{key}: {leak}"
        for key, text in messages(lang).items()
        for leak in english_words(re.sub(r"\{[^}]*\}", "", text), _TYPED)
    ]
    assert leaks == []


def test_the_words_the_rulings_are_rendered_with_are_messages() -> None:
    """A heading, a card's fate, a branch, a verb's step: the rulebook names the ID, the texts
    hold it (the rulebook itself keeps only the rulings' own texts)."""
    ids = rulebook.required_labels()
    assert {"colon", "do-burn", "do-flop-noburn", "fate-set-aside", "acted-on"} <= set(ids)
    assert [key for key in ids if key not in messages(Lang.EN)] == []
    assert template("more-than-four-cards", Lang.ZH_HANT) == "多於四張牌時"


def test_every_message_id_named_in_the_code_exists() -> None:
    named: set[str] = set()
    for path in (ROOT / "dealer").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        named.update(re.findall(r"\b(?:message|template)\(\s*[\"']([a-z][a-z0-9-]*)[\"']", source))
    assert len(named) > 25
    assert sorted(named - set(messages(Lang.EN))) == []


def test_the_rulebook_holds_no_labels(tmp_path: Path) -> None:
    """The words around the rulings moved to procedures/texts: a ``labels:`` block is refused."""
    text = (PROCEDURES / "rulebook.yaml").read_text(encoding="utf-8")
    assert "\nlabels:" not in text
    path = tmp_path / "rulebook.yaml"
    path.write_text(text.replace("\nrulesets:", "\nlabels: {}\nrulesets:", 1), encoding="utf-8")
    with pytest.raises(DataError, match="unknown key 'labels' in the rulebook"):
        rulebook.load(path)


# ---------------------------------------------------------------------------- issue 22 point 4

# The words a trainee types: the desk's own, every dealer step, the award syntax, the moves.
_COMMAND_WORDS = frozenset(
    [
        "help",
        "hint",
        "table",
        "quit",
        "exit",
        "yes",
        "no",
        "post",
        "shuffle",
        "cut",
        "pitch",
        "burn",
        "flop",
        "turn",
        "river",
        "showdown",
        "push",
        "move",
        "button",
        "gather",
        "replace",
        "scramble",
        "choose",
        "correct",
        "kill",
        "void",
        "return",
        "chips",
        "award",
        "main",
        "side",
        "to",
        "seat",
        "fold",
        "check",
        "call",
        "bet",
        "raise",
        "all-in",
    ]
)
_HALF_WIDTH = re.compile(r"[\u3400-\u9fff][,;:?!()]|[,;:?!()][\u3400-\u9fff]")


def _chinese_texts(lang: Lang) -> dict[str, str]:
    """Every message and every text of the rulebook in ``lang``, fields left out."""
    found = {key: re.sub(r"\{[^}]*\}", "", text) for key, text in messages(lang).items()}
    for entry in rulebook.book().rules.values():
        texts = [entry.title, entry.summary, *([entry.trigger] if entry.trigger else [])]
        for ruling in entry.rulings:
            texts += [ruling.summary, *(card.text for card in ruling.cards)]
            texts += [ruling.conditions] if ruling.conditions else []
            texts += [branch.summary for branch in ruling.branches.values()]
        for number, text in enumerate(texts):
            found[f"{entry.id}#{number}"] = text.get(lang)
    return found


@pytest.mark.parametrize("lang", CHINESE, ids=str)
def test_chinese_lines_use_full_width_punctuation(lang: Lang) -> None:
    half = [
        f"{key}: {text}" for key, text in _chinese_texts(lang).items() if _HALF_WIDTH.search(text)
    ]
    assert half == []


@pytest.mark.parametrize("lang", CHINESE, ids=str)
def test_chinese_prompts_name_no_english_command(lang: Lang) -> None:
    """A Chinese prompt shows the Chinese command (procedures/commands.yaml), never the English
    word; ``dealer rule`` (a shell command) and card codes are typed as they are."""
    leaks = [
        f"{key}: {word}"
        for key, text in _chinese_texts(lang).items()
        for word in re.findall(r"[A-Za-z][A-Za-z-]*", text)
        if word.lower() in _COMMAND_WORDS and "dealer rule" not in text
    ]
    assert leaks == []


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("分配 主池 120 给 3", "award main 120 to 3"),
        ("分配 邊池 1 40 給 5", "award side 1 40 to 5"),
        ("發牌 3", "pitch 3"),
        ("销牌", "burn"),
        ("推送底池", "push"),
        ("移動莊家按鈕", "move button"),
        ("是", "yes"),
        ("否", "no"),
        ("幫助", "help"),
        ("退出", "quit"),
        ("座位 3 蓋牌", "seat 3 fold"),
    ],
)
def test_every_command_the_chinese_prompts_show_is_accepted(typed: str, read: str) -> None:
    from dealer.apps.present.commands import canonical
    from dealer.apps.web.trainer_adapter import check_step

    assert canonical(typed) == read
    if read.split()[0] in ("pitch", "burn", "push", "move"):
        assert check_step(typed) == read  # the web trainer takes them too
