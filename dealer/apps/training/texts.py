"""The trainer's words, keyed by message ID, in every language (``procedures/training.yaml``).

The trainer's older words still live in the rulebook's ``train-*`` labels; a key found in neither
file is a bug. Every key of the training file has an English, a Simplified and a Traditional
Chinese text (:func:`check_texts`, held by a test).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from dealer.rules.rulebook import Lang, book
from dealer.rules.rulesets import PROCEDURES
from dealer.rules.source import SourceError, load_file
from dealer.rules.texts import messages

__all__ = ["TEXTS_PATH", "check_texts", "say", "texts"]

TEXTS_PATH: Path = PROCEDURES / "training.yaml"
_SHOWN_AS = "procedures/training.yaml"


def check_texts(data: object) -> dict[str, dict[str, str]]:
    """The texts, checked: a mapping of message IDs to one string per language."""
    if not isinstance(data, Mapping):
        raise SourceError(_SHOWN_AS, 1, "expected a mapping of message IDs")
    found: dict[str, dict[str, str]] = {}
    for key, value in data.items():
        if not isinstance(key, str):  # e.g. a bare yes or no, which YAML reads as a boolean
            raise SourceError(_SHOWN_AS, 1, f"{key!r}: a message ID must be a string")
        if not isinstance(value, Mapping):
            raise SourceError(_SHOWN_AS, 1, f"{key}: expected en, zh-Hans and zh-Hant")
        missing = [lang.value for lang in Lang if not isinstance(value.get(lang.value), str)]
        if missing:
            raise SourceError(_SHOWN_AS, 1, f"{key}: no text in {', '.join(missing)}")
        found[str(key)] = {lang.value: str(value[lang.value]) for lang in Lang}
    return found


@cache
def texts() -> dict[str, dict[str, str]]:
    """The training texts, read once."""
    return check_texts(load_file(TEXTS_PATH, _SHOWN_AS))


def say(key: str, lang: Lang, **fields: object) -> str:
    """The text ``key`` in ``lang``, filled in (from the training file, else ``train-KEY``)."""
    own = texts().get(key)
    if own is not None:
        template = own[lang.value]
    elif key in messages(Lang(lang)):  # the per-language files (procedures/texts/): new ones
        template = messages(Lang(lang))[key]
    else:
        template = book().label(f"train-{key}", lang)
    return template.format(**fields)
