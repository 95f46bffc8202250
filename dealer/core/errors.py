"""The errors the tool raises on purpose, under one base class.

Everything raised on purpose is a :class:`DealerError`; bad input (a scenario, an overlay, the
procedure data) is a :class:`DataError` that names its file and line, printed as
``file:line: message`` with exit code 2. Anything else that reaches the command line is a bug.

>>> str(DataError("t.yaml", 3, "unknown key 'foo'"))
"t.yaml:3: unknown key 'foo'"
>>> isinstance(DataError("t.yaml", 3, "x"), DealerError)
True
>>> did_you_mean("refusd", ("step", "refused"))
"; did you mean 'refused'?"
>>> did_you_mean("zzz", ("step", "refused"))
'; known: step, refused'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class DealerError(Exception):
    """Raised on purpose: bad input, a refused step, a failed expectation."""


class DataError(DealerError, ValueError):
    """Bad input, located: ``str()`` is ``file:line: message``."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


class Refusal(DealerError, ValueError):
    """A step that does not fit the procedure now; ``rule`` is the ID of the rule it breaks."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """The closest known word as a hint, or the list of known words when none is close."""
    choices = list(known)
    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    return f"; known: {', '.join(choices)}"
