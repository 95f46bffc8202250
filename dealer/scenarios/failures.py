"""What can be wrong with a replayed scenario, as values: a line, a code and the fields that say
what was expected and what happened. Words are made only when a failure is shown
(:func:`describe`, from the ``replay-CODE`` messages of ``procedures/texts/``), so that whoever
reads a failure (the pytest plugin, the PHH import, a test) reads its fields, never our English.

>>> failure = Failure(12, Code.EXPECTED, {"key": "pot", "want": "30", "got": "20"})
>>> str(failure)
"line 12: expected pot '30', got '20'"
>>> describe(failure, Lang.ZH_HANS)
"预期 pot 为 '30'，实际为 '20'"
>>> Failure(3, Code.BROKEN, {"hand": 2, "error": "card ledger broken"}).internal
True
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from dealer.core.errors import DealerError
from dealer.core.native import mypyc_attr
from dealer.rules.record import Record, setfield
from dealer.rules.texts import Lang, message, template


class Code(StrEnum):
    """Each kind of failure; its words are the message ``replay-CODE``."""

    EXPECTED = "expected"  # key, want, got: an expectation the hand does not meet
    EXPECTED_OF_SEAT = "expected-of-seat"  # key, seat, want, got: one seat of hands/stacks/...
    EXPECTED_EVENTS = "expected-events"  # key, want, got (event lines)
    EXPECTED_SHOWN = "expected-shown"  # seat, want, got: the hand a seat showed
    BAD_EXPECTATION = "bad-expectation"  # key, error: a value that cannot be read
    BY_SEAT = "by-seat"  # key: not a mapping by seat
    EVENT_LINES = "event-lines"  # key: not a list of event lines
    SHOWN_BY_SEAT = "shown-by-seat"  # ``shown`` is not a mapping of seats to hand names
    REFUSED = "refused"  # refusal: a step the scenario expects accepted was refused
    WRONG_REFUSAL = "wrong-refusal"  # want, got: refused, but not as expected
    ACCEPTED = "accepted"  # want, step: expected refused, but accepted
    AUTOPILOT_REFUSED = "autopilot-refused"  # refusal: a bug, autopilot takes legal steps only
    NAMED_CARD = "named-card"  # step, card, turned: a mishap naming a card that is not the one
    UNKNOWN_CARDS = "unknown-cards"  # seats: a showdown decided by cards nobody knows
    NOT_OVER = "not-over"  # hand, expected: a hand not over before the next one
    CANNOT_START = "cannot-start"  # hand: fewer than two players have chips
    BROKEN = "broken"  # hand, error: cards or chips lost (an invariant of the audit)
    INTERNAL = "internal"  # hand, kind, error: an exception of the tool


# Failures that are bugs of the tool, not of the scenario: shown without a line.
_INTERNAL = frozenset({Code.BROKEN, Code.INTERNAL})


class Failure(Record):  # a frozen record (not @dataclass: cheaper to import)
    """One thing wrong with a scenario: a failing expectation, a refused step, a broken hand."""

    __match_args__ = ("line", "code", "fields")
    __slots__ = __match_args__
    line: int
    code: Code
    fields: Mapping[str, Any]

    def __init__(self, line: int, code: Code, fields: Mapping[str, Any] | None = None) -> None:
        setfield(self, "line", line)
        setfield(self, "code", code)
        setfield(self, "fields", {} if fields is None else fields)

    @property
    def internal(self) -> bool:
        """A bug of the tool (cards or chips lost, an exception), not of the scenario."""
        return self.code in _INTERNAL

    @property
    def message(self) -> str:
        """The failure in English (:func:`describe` in another language)."""
        return describe(self)

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "code": self.code.value, "message": self.message,
                "fields": {name: _plain(value) for name, value in self.fields.items()}}  # fmt: skip

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@mypyc_attr(native_class=False)  # two built-in bases (DealerError, AssertionError)
class Mismatch(DealerError, AssertionError):
    """A scenario whose hand did not go as it says: raised with its :class:`Failure`."""

    def __init__(self, line: int, code: Code, **fields: Any) -> None:
        super().__init__(line, code)
        self.failure = Failure(line, code, fields)
        self.line = line

    def __str__(self) -> str:  # worded only if shown
        return str(self.failure)

    @property
    def message(self) -> str:
        return self.failure.message


def describe(failure: Failure, lang: Lang = Lang.EN) -> str:
    """A failure in words, without its line."""
    fields = dict(failure.fields)
    code = failure.code
    if code in (Code.EXPECTED, Code.EXPECTED_OF_SEAT, Code.EXPECTED_SHOWN):
        fields["want"], fields["got"] = repr(fields["want"]), repr(fields["got"])
    elif code in (Code.WRONG_REFUSAL, Code.ACCEPTED):
        fields["want"] = repr(fields["want"])
        if code is Code.WRONG_REFUSAL:
            fields["got"] = repr(fields["got"])
    elif code is Code.EXPECTED_EVENTS:
        fields["want"] = "\n  ".join(map(str, fields["want"]))
        fields["got"] = "\n  ".join(map(str, fields["got"]))
    elif code is Code.UNKNOWN_CARDS:
        seats = [message("replay-seat", lang, seat=seat) for seat in fields.pop("seats")]
        fields["who"] = message("replay-list-join", lang).join(seats) or message(
            "replay-the-board", lang
        )
    elif code is Code.NAMED_CARD:
        turned = fields["turned"]
        fields["turned"] = " ".join(map(str, turned)) if turned else message("replay-no-card", lang)
    return template(f"replay-{code.value}", lang).format(**fields)  # a field may be named key


def describe_all(failures: list[Failure], lang: Lang = Lang.EN) -> str:
    """Every failure as replay prints them: ``line N: ...`` one a line, under the first (a bug of
    the tool without its line)."""
    return FAILURE_JOIN.join(
        describe(failure, lang)
        if failure.internal
        else f"{message('replay-line', lang, line=failure.line)}{describe(failure, lang)}"
        for failure in failures
    )


# How several failures are joined: one a line, under the first as replay prints it.
FAILURE_JOIN = "\n     "


def _plain(value: Any) -> Any:
    """A field as JSON has it (amounts and cards as their text)."""
    if isinstance(value, str | int | bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value)
