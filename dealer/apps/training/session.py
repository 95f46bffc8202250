"""``dealer train``: one training session, a drill played hand by hand (or question by question).

:class:`Trainer` reads lines from a function and writes text to another, so that tests (and the
command line) drive it without a terminal. Everything is fixed by the seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol

from dealer.apps.training.desk import Desk, Quit, Reader, Writer
from dealer.apps.training.drills.action_quiz import ActionQuiz
from dealer.apps.training.drills.money import MoneyDrill
from dealer.apps.training.drills.procedure import DealDrill
from dealer.apps.training.drills.ruling_quiz import RulingQuiz
from dealer.apps.training.drills.showdown import ShowdownDrill
from dealer.apps.training.drills.slips import Slip
from dealer.apps.training.scoring import Score
from dealer.engine.hand import Hand
from dealer.rules.rulebook import Lang, ids, rule
from dealer.rules.rulesets import load_ruleset

__all__ = ["Drill", "Trainer"]


class Drill(StrEnum):
    NORMAL = "normal"  # clean hands: every step in order, the pots awarded
    MISHAP = "mishap"  # one mishap per hand; the trainee carries out the remedy
    RULING = "ruling"  # a quiz: which ruling applies
    MONEY = "money"  # pot counts, calls, raises, pot-limit maximums, side pots and awards
    SHOWDOWN = "showdown"  # who shows first, who wins, with what
    ACTION = "action"  # is this player's action allowed? the betting rulings


class _Played(Protocol):
    def play(self) -> None: ...


_QUIZZES = (Drill.RULING, Drill.MONEY, Drill.SHOWDOWN, Drill.ACTION)


class Trainer:
    """One training session: ``run()`` plays the drill and returns the score."""

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
        self.drill, self.hands, self.seed, self.lang = drill, hands, seed, lang
        self.ruleset = ruleset
        self.rules = load_ruleset(ruleset)
        self.score = Score(drill.value, self.rules.name, seed, learn=learn)
        self.desk = Desk(
            read,
            write,
            clock,
            lang,
            self.rules,
            self.score,
            random.Random(seed),
            learn=learn,
            total=hands,
        )
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

    # -- what tests (and a scripted trainee) may ask ---------------------------------------------

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

    def expected_step(self) -> str | None:
        """The correct dealer step now, as the trainee would type it."""
        return self._deal.expected_step() if self._deal is not None else None

    # -- the session ------------------------------------------------------------------------------

    def run(self) -> Score:
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
                self.score.started += 1
                start = desk.clock()
                self._played.play()
                self.score.hands += 1  # finished: an unfinished hand is not counted
                self.score.seconds += desk.clock() - start
        except Quit:
            pass
        desk.say(self.render_score())
        return self.score

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
