"""Every word the web pages show: the messages ``web-KEY`` of ``procedures/texts/LANG.yaml``.

The trainer's own messages (refusals, rulings, the score) are the terminal trainer's; these are
the pages' buttons, headings and hints. A test holds every key to three non-empty texts and the
Chinese ones to no English word.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from dealer.rules.texts import Lang, message, messages, template

__all__ = ["PAGE_TEXTS", "page_text", "page_texts"]

# The pages' message IDs are their keys with this prefix.
PREFIX = "web-"


def page_text(key: str, lang: Lang, **fields: object) -> str:
    """The page text ``key`` in ``lang``, filled in.

    >>> page_text("seat", Lang.ZH_HANT, n=3)
    '3 號座位'
    """
    return message(PREFIX + key, lang, **fields) if fields else template(PREFIX + key, lang)


def page_texts(lang: Lang) -> dict[str, str]:
    """Every page text in ``lang`` by its key (sent to the page's script once)."""
    return {
        key.removeprefix(PREFIX): text
        for key, text in messages(lang).items()
        if key.startswith(PREFIX)
    }


@cache
def _by_key() -> dict[str, tuple[str, str, str]]:
    en, hans, hant = (page_texts(lang) for lang in (Lang.EN, Lang.ZH_HANS, Lang.ZH_HANT))
    return {key: (text, hans[key], hant[key]) for key, text in en.items()}


class _PageTexts(Mapping[str, tuple[str, str, str]]):
    """Page key -> its (en, zh-Hans, zh-Hant) texts, read when first asked."""

    def __getitem__(self, key: str) -> tuple[str, str, str]:
        return _by_key()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_by_key())

    def __len__(self) -> int:
        return len(_by_key())


PAGE_TEXTS: Mapping[str, tuple[str, str, str]] = _PageTexts()
