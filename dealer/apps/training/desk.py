"""The trainee's side of the table: asking for lines, speaking, and scoring one position at a time.

Every drill talks to the trainee through a :class:`Desk`: it asks for a line (a generator that
yields a :class:`~dealer.apps.training.turns.Prompt` and is sent the line; ``help``, ``hint``,
``table`` and ``quit`` are answered here), says what happened as typed turns
(:mod:`dealer.apps.training.turns`), names a mistake with its rule and sources, and records each
position once in the :class:`~dealer.apps.training.scoring.Score`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias, TypeVar

from dealer.apps.floor.answer import trace_source
from dealer.apps.present.commands import canonical
from dealer.apps.present.texts import say
from dealer.apps.present.words import pot_name
from dealer.apps.training.scoring import Mistake, Score, Skill
from dealer.apps.training.turns import Asked, Prompt, Said, ScoreChange, TableChange, Turn
from dealer.core.ruleset import Ruleset
from dealer.engine.hand import Hand
from dealer.engine.obligations import Ruled
from dealer.rules.rulebook import Lang, rule

__all__ = ["Asking", "Desk", "Explained", "Quit", "Reader", "Writer"]

Reader = Callable[[str], str | None]  # given the prompt, the trainee's line; None at the end
Writer = Callable[[str], None]
T = TypeVar("T")
# A part of a drill that may ask for lines: it yields prompts, is sent the trainee's line (None
# at the end of the input) and returns its result.
Asking: TypeAlias = Generator[Prompt, str | None, T]


class Quit(Exception):
    """The trainee typed quit, or the input ended."""


@dataclass(frozen=True, slots=True)
class Explained:
    """A rule named with its title and its sources (traced), as the trainee reads them."""

    lines: tuple[str, ...]
    title: str
    sources: str


@dataclass
class Desk:
    clock: Callable[[], float]
    lang: Lang
    rules: Ruleset
    score: Score
    rng: random.Random
    learn: bool = False  # show the next step before each one
    draws: bool = True  # the table drawn as text (a page that draws its own says no)
    total: int = 1  # hands (questions) in the session
    number: int = 0  # the hand (question) now
    hand: Hand | None = None  # the hand on the table, if any
    answer: str | None = None  # a question's right answer, as the trainee would type it
    help_key: str = "help"
    hint: Callable[[], None] | None = None  # says what is owed now and why
    redraw: Callable[[], None] | None = None  # draws the table again
    facts: Mapping[str, object] = field(default_factory=dict)  # a question's situation, as data
    turns: list[Turn] = field(default_factory=list)  # said since the session last answered
    _asked_at: float = field(default=0.0)

    def t(self, key: str, **fields: object) -> str:
        return say(key, self.lang, **fields)

    def pot(self, index: int) -> str:
        """The pot's name in the trainee's language: the main pot, side pot N."""
        return pot_name(index, self.lang)

    def emit(self, turn: Turn) -> None:
        self.turns.append(turn)

    def say(self, message: str) -> None:
        self.turns.append(Said((message,)))

    def draw(self, drawn: str, heading: str) -> None:
        """The table as the terminal draws it (one message), under its heading."""
        self.turns.append(TableChange((drawn,), heading))

    def say_all(self, lines: Sequence[str]) -> None:
        if lines:
            self.turns.append(Said(tuple(lines)))

    def line(self, prompt_key: str, asked: Asked = Asked.ANSWER) -> Asking[str]:
        """The next non-empty line; ``help``, ``hint``, ``table`` and ``quit`` are answered here."""
        while True:
            line = yield Prompt(self.t(prompt_key), asked)
            if line is None:
                raise Quit
            line = canonical(line)  # a command typed in Chinese (procedures/commands.yaml)
            word = line.strip().lower()
            if word in ("quit", "exit"):
                raise Quit
            if word == "help":
                self.say(self.t(self.help_key))
            elif word == "hint":
                if self.hint is not None:
                    self.hint()
                else:
                    self.say(self.t("no-hint"))
            elif word == "table" and self.redraw is not None:
                self.redraw()
            elif word:
                return line.strip()

    # -- positions -------------------------------------------------------------------------------

    def start_position(self) -> None:
        self._asked_at = self.clock()

    def elapsed(self) -> float:
        return self.clock() - self._asked_at

    def right(self, skill: Skill, *, first: bool = True) -> None:
        """A right try: the position is right if it is the first; after a wrong one the
        position is already counted (as its mistake)."""
        if first:
            self.score.position(skill, None, self.clock() - self._asked_at)
            self.scored(skill, None, first=True)

    def scored(self, skill: Skill, rule_id: str | None, *, first: bool) -> None:
        """Tell that a position (or a retry) was scored: right if no rule was broken."""
        score = self.score
        self.emit(
            ScoreChange(skill.value, rule_id is None, first, rule_id, score.steps_right,
                        score.steps_wrong)
        )  # fmt: skip

    def wrong(self, skill: Skill, expected: str, got: str, rule_id: str, *, first: bool) -> None:
        """A wrong try: the position's mistake if it is the first, else a retry."""
        if first:
            mistake = Mistake(self.number, expected, got, rule_id, skill)
            self.score.position(skill, mistake, self.clock() - self._asked_at)
        else:
            self.score.retries += 1
        self.scored(skill, rule_id, first=first)

    def explain(self, rule_id: str, rulings: Sequence[Ruled] = ()) -> None:
        """The rule's title and its sources, traced, said."""
        self.say_all(self.explained(rule_id, rulings).lines)

    def explained(self, rule_id: str, rulings: Sequence[Ruled] = ()) -> Explained:
        """The rule's title and its sources, traced; a ruling's own sources where one was made."""
        try:
            entry = rule(rule_id)
        except KeyError:
            return Explained((), "", "")
        cites = entry.sources
        ruled = next((r for r in reversed(rulings) if r.rule_id == rule_id), None)
        if ruled is not None:
            cites = ruled.ruling.sources
        elif entry.rulings:
            cites = entry.ruling(self.rules.ruling_from(rule_id)).sources
        sources = "; ".join(trace_source(cite, entry.section, self.lang) for cite in cites)
        title = entry.title.get(self.lang)
        lines = (self.t("rule", rule=rule_id, title=title), self.t("source", sources=sources))
        return Explained(lines, title, sources)

    def ruling_line(self, ruled: Ruled) -> str:
        summary = ruled.ruling.summary.get(self.lang)
        return self.t("ruling", rule=ruled.rule_id, ruleset=ruled.ruleset, summary=summary)
