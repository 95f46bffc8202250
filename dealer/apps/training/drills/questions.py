"""A question and its one answer: the money, showdown and judgement drills ask these.

A question is one position: the first answer counts (right, or a mistake under the question's rule
and skill) and the right answer is then shown, with the rule and its sources.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from dealer.apps.training import turns
from dealer.apps.training.desk import Asking, Desk
from dealer.apps.training.scoring import Skill

__all__ = ["Question", "ask", "numbered"]


@dataclass(frozen=True, slots=True)
class Question:
    skill: Skill
    rule: str  # the rule a wrong answer breaks
    lines: tuple[str, ...]  # the situation and the question, in the trainee's language
    answer: str  # the right answer, as the trainee would type it
    shown: str  # the right answer, in words
    accept: Callable[[str], bool | None]  # right, wrong, or None: not an answer of this form
    form: str  # what an answer looks like, said when one is not
    prompt: str = "answer-prompt"
    facts: Mapping[str, object] = field(default_factory=dict)  # the situation, for scripts
    options: tuple[str, ...] = ()  # the numbered options among ``lines``, if it has them


def ask(desk: Desk, question: Question) -> Asking[bool]:
    """Put the question; True if the first answer is right."""
    desk.emit(turns.Question(question.lines, question.options, question.skill.value))
    desk.answer, desk.facts = question.answer, question.facts
    desk.start_position()
    while True:
        text = yield from desk.line(question.prompt)
        verdict = question.accept(text)
        if verdict is not None:
            break
        desk.say(question.form)
    if verdict:
        desk.right(question.skill)
        said: tuple[str, ...] = (desk.t("quiz-right"),)
        explained = None
    else:
        desk.wrong(question.skill, question.answer, text, question.rule, first=True)
        explained = desk.explained(question.rule)
        said = (desk.t("answer-wrong", rule=question.rule, answer=question.shown),
                *explained.lines)  # fmt: skip
    desk.emit(
        turns.Verdict(
            said,
            verdict,
            question.rule,
            question.skill.value,
            expected=question.answer,
            got=text,
            title=explained.title if explained else "",
            sources=explained.sources if explained else "",
        )
    )
    desk.answer = None
    return verdict


def numbered(options: Sequence[str], right: int) -> tuple[list[str], Callable[[str], bool | None]]:
    """Numbered options (``right`` counts from 1) and the check of a typed number."""
    lines = [f"  {number}. {text}" for number, text in enumerate(options, 1)]

    def accept(text: str) -> bool | None:
        if text.isdigit() and 1 <= int(text) <= len(options):
            return int(text) == right
        return None

    return lines, accept
