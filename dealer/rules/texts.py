"""Every user-visible text by message ID in every language (``procedures/texts/LANG.yaml``: the
floor's vocabulary, the trainer's and the web pages' words, hand names, card roles, refusals of a
player's move), the language from ``--lang`` or the system locale, and widths in terminal cells.

The rulebook keeps only the rulings' own texts (titles, summaries, card and step texts); this is
the one reader of every other text.

>>> message("search-nearest", Lang.ZH_HANT, rules="BURN")
'最接近的：BURN'
>>> template("place-seat", Lang.ZH_HANS)
'{seat} 号座位的手牌'
>>> resolve_lang("zh-TW"), resolve_lang("zh"), resolve_lang("en-GB")
(<Lang.ZH_HANT: 'zh-Hant'>, <Lang.ZH_HANS: 'zh-Hans'>, <Lang.EN: 'en'>)
>>> cells("8 號座位"), pad("底池", 6) + "|"
(8, '底池  |')
"""

from __future__ import annotations

import functools
import os
import unicodedata
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path

from dealer.rules.cache import kept
from dealer.rules.data import PROCEDURES
from dealer.rules.nodes import Node, SourceError

TEXTS = PROCEDURES / "texts"


class Lang(StrEnum):
    """A language of the texts (``procedures/texts/LANG.yaml``)."""

    EN = "en"
    ZH_HANS = "zh-Hans"
    ZH_HANT = "zh-Hant"


# Every spelling accepted for a language, lower case, "_" read as "-".
_ALIASES = {
    "en": Lang.EN,
    "zh-hans": Lang.ZH_HANS,
    "zh": Lang.ZH_HANS,
    "zh-cn": Lang.ZH_HANS,
    "zh-sg": Lang.ZH_HANS,
    "zh-hans-cn": Lang.ZH_HANS,
    "zh-hant": Lang.ZH_HANT,
    "zh-tw": Lang.ZH_HANT,
    "zh-hk": Lang.ZH_HANT,
    "zh-mo": Lang.ZH_HANT,
    "zh-hant-tw": Lang.ZH_HANT,
    "zh-hant-hk": Lang.ZH_HANT,
}


def resolve_lang(value: str) -> Lang:
    """A language as a user may write it (``zh``, ``zh-CN``, ``zh_TW.UTF-8``, ``en-US``).

    Raises ``ValueError`` for a language the tool does not speak.
    """
    code = value.split(".")[0].split("@")[0].replace("_", "-").lower()
    if code in _ALIASES:
        return _ALIASES[code]
    if code.startswith("en-") or code in ("c", "posix"):
        return Lang.EN
    raise ValueError(message("lang-unknown", Lang.EN, value=value))


def system_lang() -> Lang:
    """The language of the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English if unset
    or not one the tool speaks."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            try:
                return resolve_lang(value)
            except ValueError:
                return Lang.EN
    return Lang.EN


def choose_lang(value: str | None) -> Lang:
    """``--lang`` if given, else the system locale's."""
    return system_lang() if value is None else resolve_lang(value)


@functools.cache
def messages(lang: Lang) -> Mapping[str, str]:
    """Every message of one language by ID."""
    return _messages(TEXTS / f"{lang.value}.yaml", lang)


@kept("messages")
def _messages(path: Path, lang: Lang) -> Mapping[str, str]:
    from dealer.rules.source import load_file  # the YAML reader, only when the data are read

    doc = load_file(path, f"procedures/texts/{lang.value}.yaml")
    if not isinstance(doc, Node):
        raise SourceError(f"procedures/texts/{lang.value}.yaml", 1, "messages must be a mapping")
    for key, value in doc.items():
        if not isinstance(value, str):
            raise doc.error(key, f"message {key!r} must be text")
    return {str(key): str(value) for key, value in doc.items()}


def message(key: str, lang: Lang | str, **fields: object) -> str:
    """The message ``key`` in ``lang``, filled in."""
    return messages(Lang(lang))[key].format(**fields)


def template(key: str, lang: Lang | str = Lang.EN) -> str:
    """The message ``key`` in ``lang`` as written, its ``{fields}`` left for the caller."""
    return messages(Lang(lang))[key]


def cells(text: str) -> int:
    """How many terminal cells the text takes: wide (Chinese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def pad(text: str, width: int) -> str:
    """The text padded with spaces to ``width`` terminal cells."""
    return text + " " * max(0, width - cells(text))
