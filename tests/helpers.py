"""Helpers shared by several test modules (issue 11 point 6): one place for each.

- :func:`english_words`: the English a Chinese text leaks (card codes, rule IDs, ruleset names and
  what a user types being allowed).
"""

from __future__ import annotations

import re

from dealer.core.steps import Verb
from dealer.rules.rulebook import book

_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9'\-]*[A-Za-z0-9]")
_CARD = re.compile(r"^(?:10|[2-9TJQKA])[shdc]$")
_ALLOWED = {"WSOP", "seed", "wsop-2024", "house-first-two", "help", "table", "quit"}
# The commands a trainee types are the same words in every language (the issue allows them).
_ALLOWED |= {verb.words for verb in Verb} | {word for verb in Verb for word in verb.words.split()}
_ALLOWED |= {"seat", "fold", "check", "call", "bet", "raise", "all-in", "award", "main", "side",
             "to", "yes", "no", "hint", "N", "X", "CARD"}  # fmt: skip
# What the trainee typed, quoted back: after "got:" (实际：/實際：) or in 「」.
_TYPED = re.compile(r"(?:实际|實際)：.*$|「[^」]*」")


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words of a text, leaving out what the user may see in any language (and
    ``allowed``)."""
    rules = book().rules
    found = []
    for line in text.splitlines():
        for word in _WORD.findall(_TYPED.sub("", line)):
            if word in _ALLOWED or word in allowed or word in rules or _CARD.match(word):
                continue
            found.append(f"{word!r} in {line.strip()!r}")
    return found
