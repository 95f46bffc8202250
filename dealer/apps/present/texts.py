"""The trainer's words: the messages ``train-KEY`` of ``procedures/texts/LANG.yaml``.

Every message is in English, Simplified and Traditional Chinese with the same fields
(tests/test_texts.py).
"""

from __future__ import annotations

from dealer.rules.texts import Lang, message

__all__ = ["PREFIX", "say"]

# The trainer's message IDs are its keys with this prefix.
PREFIX = "train-"


def say(key: str, lang: Lang, **fields: object) -> str:
    """The trainer's text ``key`` in ``lang``, filled in (the message ``train-KEY``).

    >>> say("seat", Lang.ZH_HANT, seat=3)
    '3 號座位'
    """
    return message(PREFIX + key, lang, **fields)
