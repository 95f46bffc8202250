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
