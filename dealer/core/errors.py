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

from collections.abc import Iterable
from typing import Any, ClassVar


class DealerError(Exception):
    """Raised on purpose: bad input, a refused step, a failed expectation."""


class DataError(DealerError, ValueError):
    """Bad input, located: ``str()`` is ``file:line: message``."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


class Refusal(DealerError, ValueError):
    """A step that does not fit the procedure now, typed (as python-chess has one exception type
    per kind of illegal move): each kind is a subclass, ``code`` its message ID in
    ``procedures/texts`` (the words at the edge, in every language), ``rule`` the ID of the rule
    it breaks, ``fields`` the values the words are made of (seats as ``int``, amounts as
    ``Decimal``, moves as ``Move``). ``str()`` is the English of the log and of scenarios'
    ``refused:`` (``english``); nothing reads it back.

    >>> class Example(Refusal):
    ...     code, english = "refuse-example", "seat {seat} may not ({rule})"
    >>> refused = Example("RULE-ID", seat=3)
    >>> str(refused), refused.code, refused.rule, refused.fields
    ('seat 3 may not (RULE-ID)', 'refuse-example', 'RULE-ID', {'seat': 3})
    """

    code: ClassVar[str] = "refuse-step"
    english: ClassVar[str] = "{text}"
    cites_rule: ClassVar[bool] = True  # the words end with the rule ID (else they name it inside)

    def __init__(self, rule: str, **fields: Any) -> None:
        super().__init__(rule)
        self.rule = rule
        self.fields = fields

    def __str__(self) -> str:  # worded when read: a refusal asked for by can() is never shown
        words = {name: self.log_word(value) for name, value in self.fields.items()}
        return self.english.format(rule=self.rule, **words)

    @staticmethod
    def log_word(value: object) -> str:
        """A field as the log writes it (the betting's write amounts as chips)."""
        return str(value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, **{self.fields!r})"


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """The closest known word as a hint, or the list of known words when none is close."""
    choices = list(known)
    import difflib  # only when a word is unknown: not at every start

    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    return f"; known: {', '.join(choices)}"
