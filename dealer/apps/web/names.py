"""Trainee names: one spelling per trainee, and no name that passes for another's.

A name is normalised with NFKC (a full-width ``Ａｎｎ`` is ``Ann``, a ligature its letters) and
its spaces collapsed; it is refused when it mixes the Latin, Greek and Cyrillic scripts (``Аnn``
with a Cyrillic ``А``), or when it differs from a known trainee's name but looks the same (the
same :func:`skeleton`: case, look-alike letters and digits folded).

>>> trainee_name("  Ａｎｎ   Lee ", [])
'Ann Lee'
>>> trainee_name("\\u0410nn", [])
Traceback (most recent call last):
...
ValueError: 'Аnn' mixes Cyrillic and Latin letters: write it in one script
>>> trainee_name("Ace", ["Ace"])
'Ace'
>>> trainee_name("\\u0410\\u0441\\u0435", ["Ace"])  # all three Cyrillic
Traceback (most recent call last):
...
ValueError: 'Асе' looks like the trainee 'Ace': use that name, or another
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = ["skeleton", "trainee_name"]

_NAME = re.compile(r"^[\w][\w .'-]{0,39}$")
_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")  # the scripts whose letters pass for one another

# Letters and digits that pass for Latin ones (after case folding), a small part of Unicode's
# confusables (UTS #39) covering the Greek and Cyrillic look-alikes of the Latin alphabet.
_LOOKS_LIKE = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i",
        "ј": "j", "к": "k", "м": "m", "п": "n", "о": "o", "р": "p", "с": "c", "т": "t",
        "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ь": "b",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "ς": "c", "σ": "o",
        "0": "o", "1": "l", "ı": "i",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, case folded, look-alike letters as their Latin twins."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOKS_LIKE)
    return " ".join(folded.replace("rn", "m").split())


def _scripts(name: str) -> list[str]:
    found: list[str] = []
    for char in name:
        if char.isalpha():
            script = unicodedata.name(char, "").split(" ")[0]
            if script in _SCRIPTS and script not in found:
                found.append(script)
    return found


def trainee_name(raw: str, known: Iterable[str]) -> str:
    """The name to keep, or :class:`ValueError` saying why it is refused."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not _NAME.match(name):
        raise ValueError("'trainee' must be a name of 1 to 40 letters, digits or spaces")
    scripts = _scripts(name)
    if len(scripts) > 1:
        mixed = " and ".join(sorted(script.title() for script in scripts))
        raise ValueError(f"{name!r} mixes {mixed} letters: write it in one script")
    looks = skeleton(name)
    for other in known:
        if other != name and skeleton(other) == looks:
            raise ValueError(
                f"{name!r} looks like the trainee {other!r}: use that name, or another"
            )
    return name
