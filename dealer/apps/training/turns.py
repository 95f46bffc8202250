"""What a training session says and asks, one typed turn at a time (issue 23 item 2).

A :class:`~dealer.apps.training.session.Session` answers each line with a tuple of turns. Every
turn carries its facts as fields (the rule, the skill, the options, the owed steps) and ``text``:
the messages the terminal prints for it, in the trainee's language, one write each. The terminal
prints ``text``; the web sends :func:`as_json`; nobody reads the words back.

>>> verdict = Verdict(("✗ no",), right=False, rule="BURN-MISSED-FLOP", skill="procedure")
>>> verdict.kind, as_json(verdict)["rule"]
(<TurnKind.VERDICT: 'verdict'>, 'BURN-MISSED-FLOP')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

__all__ = [
    "Asked",
    "Ended",
    "HandBegun",
    "Hint",
    "Prompt",
    "Question",
    "Ruling",
    "Said",
    "ScoreChange",
    "TableChange",
    "Turn",
    "TurnKind",
    "Verdict",
    "as_json",
]


class TurnKind(StrEnum):
    SAID = "said"  # narration: the banner, what the players and the dealer did
    HAND = "hand"  # a hand (question) begins
    TABLE = "table"  # the table drawn as it is now
    QUESTION = "question"  # a question put, with its options if it has numbered ones
    PROMPT = "prompt"  # the session waits for a line
    VERDICT = "verdict"  # a line judged: right or wrong, with the rule and its sources
    RULING = "ruling"  # a mishap and the floor's ruling, with the steps it owes
    HINT = "hint"  # the step owed now and why (Learn mode, ``hint``)
    SCORE = "score"  # a position scored
    ENDED = "ended"  # the session is over: the score as it is printed


class Asked(StrEnum):
    """What an open prompt waits for."""

    STEP = "step"  # a dealer step
    AWARD = "award"  # the award of a pot (``award main 120 to 3``)
    ANSWER = "answer"  # the answer to a question (a number, an amount, seats, yes or no)


@dataclass(frozen=True, slots=True)
class Said:
    text: tuple[str, ...]
    kind: ClassVar[TurnKind] = TurnKind.SAID


@dataclass(frozen=True, slots=True)
class HandBegun:
    number: int
    total: int
    text: tuple[str, ...] = ()
    kind: ClassVar[TurnKind] = TurnKind.HAND


@dataclass(frozen=True, slots=True)
class TableChange:
    text: tuple[str, ...]
    heading: str
    kind: ClassVar[TurnKind] = TurnKind.TABLE


@dataclass(frozen=True, slots=True)
class Question:
    text: tuple[str, ...]  # the situation and the question (the options included), as printed
    options: tuple[str, ...] = ()  # the numbered options, the first is number 1
    skill: str = ""
    kind: ClassVar[TurnKind] = TurnKind.QUESTION


@dataclass(frozen=True, slots=True)
class Prompt:
    words: str  # the prompt the terminal shows before the trainee's line
    asked: Asked
    text: tuple[str, ...] = ()  # nothing is printed: the terminal hands ``words`` to its reader
    kind: ClassVar[TurnKind] = TurnKind.PROMPT


@dataclass(frozen=True, slots=True)
class Verdict:
    text: tuple[str, ...]
    right: bool
    rule: str | None = None  # the rule a wrong line broke (and a quiz's rule)
    skill: str = ""
    message: str = ""  # what was wrong, in words (a refusal's own message)
    expected: str = ""  # the right step or answer, as the trainee would type it
    got: str = ""  # what the trainee typed
    title: str = ""  # the rule's title
    sources: str = ""  # the rule's (or the ruling's) sources, traced
    kind: ClassVar[TurnKind] = TurnKind.VERDICT


@dataclass(frozen=True, slots=True)
class Ruling:
    text: tuple[str, ...]
    rule: str
    ruleset: str
    summary: str
    mishap: str = ""  # the mishap as the table saw it, in words
    owed: tuple[str, ...] = ()  # the steps the remedy owes, in the trainee's words
    kind: ClassVar[TurnKind] = TurnKind.RULING


@dataclass(frozen=True, slots=True)
class Hint:
    text: tuple[str, ...]
    command: str = ""  # the step owed, in the trainee's words
    rule: str | None = None
    kind: ClassVar[TurnKind] = TurnKind.HINT


@dataclass(frozen=True, slots=True)
class ScoreChange:
    skill: str
    right: bool  # the position's first try was right
    first: bool  # the position's first try (a retry changes only the retries)
    rule: str | None
    steps_right: int
    steps_wrong: int
    text: tuple[str, ...] = ()
    kind: ClassVar[TurnKind] = TurnKind.SCORE


@dataclass(frozen=True, slots=True)
class Ended:
    text: tuple[str, ...]
    kind: ClassVar[TurnKind] = TurnKind.ENDED


Turn = (
    Said
    | HandBegun
    | TableChange
    | Question
    | Prompt
    | Verdict
    | Ruling
    | Hint
    | ScoreChange
    | Ended
)


def as_json(turn: Turn) -> dict[str, Any]:
    """The turn as JSON: its kind and its fields."""
    data: dict[str, Any] = {"kind": turn.kind.value}
    for item in fields(turn):
        value = getattr(turn, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data
