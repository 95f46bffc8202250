"""``dealer train``: one training session, a drill played hand by hand (or question by question).

A :class:`Session` is headless: :meth:`Session.start` and :meth:`Session.send` (one line of the
trainee's) answer with typed turns (:mod:`dealer.apps.training.turns`) and return when the
session waits for the next line, so one thread can hold any number of sessions (the web app's).
:class:`Trainer` is the terminal's: it reads lines from a function and writes the turns' text to
another, so that tests (and the command line) drive it without a terminal. Everything is fixed by
the seed.

>>> session = Session(Drill.NORMAL, hands=1, seed=1)
>>> said = session.start()
>>> said[0].text[0][:14], session.prompt is not None and session.prompt.asked.value
('Dealer trainer', 'step')
>>> [turn.kind.value for turn in session.send("post") if turn.kind.value in ("score", "prompt")]
['score', 'prompt']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol

from dealer.apps.training.desk import Asking, Desk, Quit, Reader, Writer
from dealer.apps.training.drills.action_quiz import ActionQuiz
from dealer.apps.training.drills.money import MoneyDrill
from dealer.apps.training.drills.procedure import DealDrill
from dealer.apps.training.drills.ruling_quiz import RulingQuiz
from dealer.apps.training.drills.showdown import ShowdownDrill
from dealer.apps.training.drills.slips import Slip
from dealer.apps.training.scoring import Score
from dealer.apps.training.turns import Ended, HandBegun, Prompt, Turn
from dealer.engine.hand import Hand
from dealer.rules.rulebook import Lang, ids, rule
from dealer.rules.rulesets import load_ruleset

__all__ = ["Drill", "Session", "SessionOver", "Trainer"]


class Drill(StrEnum):
    NORMAL = "normal"  # clean hands: every step in order, the pots awarded
    MISHAP = "mishap"  # one mishap per hand; the trainee carries out the remedy
    RULING = "ruling"  # a quiz: which ruling applies
    MONEY = "money"  # pot counts, calls, raises, pot-limit maximums, side pots and awards
    SHOWDOWN = "showdown"  # who shows first, who wins, with what
    ACTION = "action"  # is this player's action allowed? the betting rulings


class _Played(Protocol):
    def play(self) -> Asking[None]: ...


_QUIZZES = (Drill.RULING, Drill.MONEY, Drill.SHOWDOWN, Drill.ACTION)


class SessionOver(RuntimeError):
    """A line sent to a session that has ended."""


class Session:
    """One training session, headless: ``start()``, then ``send(line)`` until ``finished``."""

    def __init__(
        self,
        drill: Drill,
        *,
        hands: int = 3,
        seed: int = 0,
        ruleset: str = "seed",
        lang: Lang = Lang.EN,
        clock: Callable[[], float] = time.monotonic,
        slips: Sequence[Slip] | None = None,
        learn: bool = False,
        tables: bool = True,
    ) -> None:
        """``tables``: the deal drills draw the table as text when it changes (the terminal's;
        the page draws its own from the hand)."""
        self.drill, self.hands, self.seed = drill, hands, seed
        self.ruleset = ruleset
        self.rules = load_ruleset(ruleset)
        self.score = Score(drill.value, self.rules.name, seed, learn=learn)
        self.desk = Desk(
            clock, lang, self.rules, self.score, random.Random(seed), learn=learn, total=hands,
            draws=tables,
        )  # fmt: skip
        self._deal: DealDrill | None = None
        played: _Played
        if drill in (Drill.NORMAL, Drill.MISHAP):
            played = self._deal = DealDrill(
                self.desk, ruleset=ruleset, mishaps=drill is Drill.MISHAP, slips=slips or ()
            )
        elif drill is Drill.RULING:
            played = RulingQuiz(self.desk, ruleset=ruleset)
        elif drill is Drill.MONEY:
            played = MoneyDrill(self.desk, ruleset=ruleset)
        elif drill is Drill.SHOWDOWN:
            played = ShowdownDrill(self.desk, ruleset=ruleset)
        else:
            played = ActionQuiz(self.desk, ruleset=ruleset)
        self._played = played
        if drill in _QUIZZES:
            self.desk.help_key = "quiz-help"
        self._run: Asking[None] | None = None
        self.prompt: Prompt | None = None  # what the session waits for now
        self.finished = False

    # -- what tests (and a scripted trainee) may ask ---------------------------------------------

    @property
    def lang(self) -> Lang:
        return self.desk.lang

    @lang.setter
    def lang(self, lang: Lang) -> None:
        self.desk.lang = lang  # the desk words every message

    @property
    def hand(self) -> Hand | None:
        return self.desk.hand

    @property
    def answer(self) -> str | None:
        """The current question's right answer (quizzes)."""
        return self.desk.answer

    @property
    def facts(self) -> dict[str, object]:
        """The current question's situation, as data (what the trainee sees, in numbers)."""
        return dict(self.desk.facts)

    @property
    def questions(self) -> bool:
        """The drill asks questions (money, showdown, action, ruling), rather than deals."""
        return self.drill in _QUIZZES

    def expected_step(self) -> str | None:
        """The correct dealer step now, as the trainee would type it."""
        if self.finished or self._deal is None:
            return None
        return self._deal.expected_step()

    # -- the session ------------------------------------------------------------------------------

    def start(self) -> tuple[Turn, ...]:
        """The banner and the first hand (question), to the first prompt."""
        if self._run is not None:
            raise SessionOver("the session has started")
        self._run = self._play()
        return self._resume(None, first=True)

    def send(self, line: str | None) -> tuple[Turn, ...]:
        """One line of the trainee's (None: the input ended), and what it brought, to the next
        prompt or the end of the session."""
        if self._run is None or self.finished:
            raise SessionOver("the session is over" if self.finished else "not started")
        return self._resume(line, first=False)

    def stop(self) -> tuple[Turn, ...]:
        """End the session as ``quit`` would: the score so far stands."""
        if self._run is None:
            self._run = self._play()
            self._resume(None, first=True)
        return () if self.finished else self.send(None)

    def _resume(self, line: str | None, *, first: bool) -> tuple[Turn, ...]:
        assert self._run is not None  # start() made it
        self.prompt = None
        try:
            prompt = next(self._run) if first else self._run.send(line)
        except StopIteration:
            self.finished = True
        except BaseException:
            self.finished = True
            raise
        else:
            self.prompt = prompt
            self.desk.emit(prompt)
        said, self.desk.turns = tuple(self.desk.turns), []
        return said

    def _play(self) -> Asking[None]:
        desk = self.desk
        drill = desk.t(f"drill-{self.drill}")
        count = desk.t("hands-one" if self.hands == 1 else "hands-many", count=self.hands)
        desk.say(
            desk.t("banner", drill=drill, hands=count, ruleset=self.rules.name, seed=self.seed)
        )
        if desk.learn:
            desk.say(desk.t("learn-banner"))
        try:
            for number in range(1, self.hands + 1):
                desk.number = number
                desk.emit(HandBegun(number, self.hands))
                self.score.started += 1
                start = desk.clock()
                yield from self._played.play()
                self.score.hands += 1  # finished: an unfinished hand is not counted
                self.score.seconds += desk.clock() - start
        except Quit:
            pass
        desk.emit(Ended((self.render_score(),)))

    def render_score(self) -> str:
        score, desk = self.score, self.desk
        lines = [
            desk.t("score"),
            "  " + desk.t("steps", right=score.steps_right, wrong=score.steps_wrong),
            "  " + desk.t("time", hands=score.hands, seconds=score.seconds_per_hand),
        ]
        accuracy = score.accuracy()
        if accuracy:
            lines.append("  " + desk.t("by-skill"))
            for skill, tally in accuracy.items():
                lines.append(
                    "    "
                    + desk.t(
                        "skill-line",
                        skill=desk.t(f"skill-{skill}"),
                        right=tally["first_right"],
                        positions=tally["positions"],
                        percent=round(100 * tally["accuracy"]),
                    )
                )
        counts = score.by_rule()
        if not counts:
            lines.append("  " + desk.t("no-mistakes"))
            return "\n".join(lines)
        lines.append("  " + desk.t("mistakes"))
        width = max(len(rule_id) for rule_id in counts)
        for rule_id, count in counts.items():
            title = rule(rule_id).title.get(self.lang) if rule_id in ids() else ""
            lines.append(f"    {rule_id:<{width}}  {count:>3}  {title}".rstrip())
        return "\n".join(lines)


class Trainer:
    """One training session at the terminal: ``run()`` plays the drill, reading each line from
    ``read`` and writing each message of the session's turns to ``write``; it returns the score."""

    def __init__(
        self,
        drill: Drill,
        *,
        read: Reader,
        write: Writer,
        hands: int = 3,
        seed: int = 0,
        ruleset: str = "seed",
        lang: Lang = Lang.EN,
        clock: Callable[[], float] = time.monotonic,
        slips: Sequence[Slip] | None = None,
        learn: bool = False,
    ) -> None:
        self.read, self.write = read, write
        self.session = Session(
            drill, hands=hands, seed=seed, ruleset=ruleset, lang=lang, clock=clock, slips=slips,
            learn=learn,
        )  # fmt: skip
        self.drill, self.hands, self.seed, self.lang = drill, hands, seed, lang
        self.ruleset, self.rules, self.score = ruleset, self.session.rules, self.session.score
        self.desk = self.session.desk

    @property
    def hand(self) -> Hand | None:
        return self.session.hand

    @property
    def answer(self) -> str | None:
        """The current question's right answer (quizzes)."""
        return self.session.answer

    @property
    def facts(self) -> dict[str, object]:
        """The current question's situation, as data (what the trainee sees, in numbers)."""
        return self.session.facts

    def expected_step(self) -> str | None:
        """The correct dealer step now, as the trainee would type it."""
        return self.session.expected_step()

    def run(self) -> Score:
        session = self.session
        said = session.start()
        while True:
            for turn in said:
                for message in turn.text:
                    self.write(message)
            if session.prompt is None:
                return self.score
            said = session.send(self.read(session.prompt.words))

    def render_score(self) -> str:
        return self.session.render_score()
