"""A seeded exam sheet and its answer key (``dealer exam``, the web's ``/exam``).

The questions are the drills' own, drawn from one seeded generator, so that the same seed, count,
ruleset and language give the same sheet: in turn a ruling question (the ruling quiz: a table dealt
to a mishap, which of four rulings applies), a remedy question (the mishap drill: the rule that
applies and the dealer's steps from then on) and a next-step question (the normal drill: a table
stopped where the dealer acts; the step and its rule). Question 1 is the ruling quiz's first
question for the same seed (``dealer train --drill ruling --seed N``). The answer key gives each
answer with its rule ID, the ruleset it was ruled under and the sources, on its own page.

>>> sheet = exam(seed=1, count=3, ruleset="seed", lang=Lang.EN)
>>> [question.kind.value for question in sheet.questions]
['ruling', 'remedy', 'next']
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from html import escape

from dealer.apps.floor.answer import trace_source
from dealer.apps.floor.booklet import STYLE, document
from dealer.apps.present.commands import display
from dealer.apps.present.table import render_table
from dealer.apps.training.desk import Desk
from dealer.apps.training.drills.procedure import rule_now
from dealer.apps.training.drills.ruling_quiz import RulingQuiz, Spot
from dealer.apps.training.scoring import Score
from dealer.core.deck import DeckPlan
from dealer.core.steps import Verb
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_action, random_table
from dealer.rules.rulebook import Lang, book, rule
from dealer.rules.rulesets import load_ruleset
from dealer.rules.texts import message, template

__all__ = ["MAX_QUESTIONS", "Exam", "Kind", "Question", "exam", "exam_html", "exam_text"]

MAX_QUESTIONS = 60


class Kind(StrEnum):
    RULING = "ruling"  # the ruling quiz: which of four rulings applies
    REMEDY = "remedy"  # the mishap drill: the rule, then the dealer's steps from now on
    NEXT = "next"  # the normal drill: the dealer's next step, and its rule


_ORDER = (Kind.RULING, Kind.REMEDY, Kind.NEXT)
# The steps a next-step question stops before: the deal and the board (the ones a dealer school
# drills; the post, shuffle and cut come at fixed moments, the award is the money drill's).
_NEXT_VERBS = (Verb.PITCH, Verb.BURN, Verb.FLOP, Verb.TURN, Verb.RIVER)


@dataclass(frozen=True, slots=True)
class Question:
    number: int
    kind: Kind
    table: str  # the table as the trainee sees it (before the mishap, if any)
    told: str | None  # what the dealer did (a mishap), if anything
    choices: tuple[str, ...]  # a ruling question's options (the rulings' summaries)
    choice_rules: tuple[str, ...]  # the rule ID behind each option
    answer: str  # a ruling question: the right option's number; a next step: the step typed
    rule: str  # the rule the answer is under
    ruleset: str  # the ruleset it was ruled under (the ruling's own: a fallback names seed)
    summary: str  # the ruling (or the rule) in words
    steps: tuple[str, ...]  # a remedy question's answer: the dealer's steps, in order
    sources: tuple[str, ...]  # traced, in the sheet's language


@dataclass(frozen=True, slots=True)
class Exam:
    seed: int
    count: int
    ruleset: str
    lang: Lang
    questions: tuple[Question, ...]


def _sources(rule_id: str, cites: Sequence[str], lang: Lang) -> tuple[str, ...]:
    section = rule(rule_id).section
    return tuple(trace_source(cite, section, lang) for cite in cites)


def _from_spot(number: int, kind: Kind, spot: Spot, desk: Desk) -> Question:
    ruled, lang = spot.ruled, desk.lang
    choices: tuple[str, ...] = ()
    if kind is Kind.RULING:
        choices = tuple(
            (ruled.ruling if rule_id == ruled.rule_id else
             rule(rule_id).ruling(desk.rules.ruling_from(rule_id))).summary.get(lang)
            for rule_id in spot.choices
        )  # fmt: skip
    steps = tuple(book().step_text(step, lang) for step in ruled.ruling.steps)
    return Question(
        number=number,
        kind=kind,
        table=spot.table,
        told=spot.told,
        choices=choices,
        choice_rules=spot.choices if kind is Kind.RULING else (),
        answer=str(spot.answer) if kind is Kind.RULING else "",
        rule=ruled.rule_id,
        ruleset=ruled.ruleset,
        summary=ruled.ruling.summary.get(lang),
        steps=steps or (template("no-steps", lang),),
        sources=_sources(ruled.rule_id, ruled.ruling.sources, lang),
    )


def _play(hand: Hand, players: random.Random, moments: int) -> None:
    for _ in range(moments):
        step = hand.next_dealer_step()
        hand.apply(step if step is not None else random_action(hand, players))


def _next_step(number: int, desk: Desk, ruleset: str, heading: str) -> Question:
    """A hand stopped where the dealer deals or burns (a seeded choice of step, then of
    moment), asked for the next step."""
    rng = desk.rng
    while True:  # every hand is dealt and burns: the first table offers every step
        table = random_table(rng, players=rng.randint(2, 6), ruleset=ruleset)
        seed = rng.randrange(1 << 31)
        hand, players = Hand(table, DeckPlan(seed=seed), audit=True), random.Random(seed)
        moments: dict[Verb, list[int]] = {}
        moment = 0
        while not hand.is_over:
            step = hand.next_dealer_step()
            if step is not None and step.verb in _NEXT_VERBS:
                moments.setdefault(step.verb, []).append(moment)
            _play(hand, players, 1)
            moment += 1
        if moments:
            break
    verb = rng.choice([verb for verb in _NEXT_VERBS if verb in moments])
    stop = rng.choice(moments[verb])
    hand = Hand(table, DeckPlan(seed=seed), audit=True)
    _play(hand, random.Random(seed), stop)
    step = hand.next_dealer_step()
    assert step is not None
    rule_id = rule_now(hand)
    found = rule(rule_id)
    return Question(
        number=number,
        kind=Kind.NEXT,
        table=render_table(hand, desk.lang, heading),
        told=None,
        choices=(),
        choice_rules=(),
        answer=str(step),
        rule=rule_id,
        ruleset=desk.rules.name,
        summary=found.summary.get(desk.lang),
        steps=(),
        sources=_sources(rule_id, found.sources, desk.lang),
    )


def exam(*, seed: int, count: int, ruleset: str, lang: Lang) -> Exam:
    """The sheet for ``seed``: ``count`` questions, in turn a ruling, a remedy and a next step;
    no mishap's rule asked twice where the quiz offers another within a few draws."""
    if not 1 <= count <= MAX_QUESTIONS:
        raise ValueError(f"the number of questions must be 1 to {MAX_QUESTIONS}")
    rules = load_ruleset(ruleset)
    desk = Desk(
        time.monotonic, lang, rules, Score("exam", rules.name, seed), random.Random(seed),
        total=count,
    )  # fmt: skip
    quiz = RulingQuiz(desk, ruleset=ruleset)
    asked: set[str] = set()
    questions = []
    for number in range(1, count + 1):
        desk.number = number
        kind = _ORDER[(number - 1) % len(_ORDER)]
        heading = message("exam-question", lang, number=number)
        if kind is Kind.NEXT:
            questions.append(_next_step(number, desk, ruleset, heading))
            continue
        spot = quiz.spot(heading)
        for _ in range(8):  # another mishap where this one was asked already
            if spot.ruled.rule_id not in asked:
                break
            spot = quiz.spot(heading)
        asked.add(spot.ruled.rule_id)
        questions.append(_from_spot(number, kind, spot, desk))
    return Exam(seed, count, rules.name, lang, tuple(questions))


# -- the sheet, as text and as a printable page ----------------------------------------------------


def _ask(question: Question, lang: Lang) -> str:
    return template(f"exam-ask-{question.kind.value}", lang)


def _rule_line(question: Question, lang: Lang) -> str:
    title = rule(question.rule).title.get(lang)
    return message("exam-answer-rule", lang, rule=question.rule, ruleset=question.ruleset,
                   title=title)  # fmt: skip


def _answer_lines(question: Question, lang: Lang) -> list[str]:
    """A question's answer for the key: the answer, the rule, the ruling, the sources."""
    colon = template("colon", lang)
    lines = []
    if question.kind is Kind.RULING:
        lines.append(message("exam-answer-choice", lang, number=question.answer))
    elif question.kind is Kind.NEXT:
        lines.append(message("exam-answer-next", lang, step=display(str(question.answer), lang)))
    lines.append(_rule_line(question, lang))
    said = "rule" if question.kind is Kind.NEXT else "summary"  # a rule, or a ruling
    lines.append(f"{template(said, lang)}{colon}{question.summary}")
    if question.kind is Kind.REMEDY:
        lines.append(f"{template('steps', lang)}{colon}".rstrip())
        lines.extend(f"  {n}. {step}" for n, step in enumerate(question.steps, 1))
    sep = template("booklet-list-sep", lang)
    lines.append(f"{template('sources', lang)}{colon}{sep.join(question.sources)}")
    return lines


def _about(sheet: Exam) -> str:
    if sheet.count == 1:
        return message("exam-about-one", sheet.lang, seed=sheet.seed, ruleset=sheet.ruleset)
    return message("exam-about", sheet.lang, seed=sheet.seed, count=sheet.count,
                   ruleset=sheet.ruleset)  # fmt: skip


def exam_text(sheet: Exam) -> str:
    """The sheet and, after it, the key, as plain text."""
    lang = sheet.lang
    lines = [template("exam-title", lang), _about(sheet), template("exam-name-line", lang), ""]
    for question in sheet.questions:
        lines.append(question.table)  # its heading names the question
        if question.told is not None:
            lines.append(question.told)
        lines.append(_ask(question, lang))
        lines.extend(f"  {n}. {text}" for n, text in enumerate(question.choices, 1))
        lines.append("")
    lines.extend(["\f" + template("exam-key-title", lang), _about(sheet), ""])
    for question in sheet.questions:
        lines.append(message("exam-question", lang, number=question.number))
        lines.extend(f"  {line}" for line in _answer_lines(question, lang))
        lines.append("")
    return "\n".join(lines)


EXAM_STYLE = (
    STYLE
    + """
pre.table { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK TC", monospace; font-size: .85em;
            background: #f6f6f6; padding: .4rem; white-space: pre-wrap; }
article.question { border-top: 1px solid #ccc; padding-top: .3rem; }
.write { height: 5.5rem; border-bottom: 1px dotted #888; }
.write.short { height: 2rem; }
ol.choices li { margin: .3rem 0; }
section.key { margin-top: 2rem; }
@media print {
  article.question, article.answer { break-inside: avoid; }
  section.key { break-before: page; }
}
"""
)


def _game_table(question: Question, lang: Lang) -> str:
    """The table without the question's number (the page's heading says it)."""
    return question.table.removeprefix(
        message("exam-question", lang, number=question.number) + " · "
    )


def exam_html(sheet: Exam, *, toolbar: str = "") -> str:
    """The sheet, then the key on a page of its own (``toolbar``: the web's, not printed)."""
    lang = sheet.lang

    def t(key: str) -> str:
        return escape(template(key, lang))

    head = (
        f"<header><h1>{t('exam-title')}</h1><p>{escape(_about(sheet))}</p>"
        f'<p class="name">{t("exam-name-line")}</p></header>'
    )
    asked = []
    for question in sheet.questions:
        parts = [
            f'<article class="question" id="q{question.number}">'
            f"<h3>{escape(message('exam-question', lang, number=question.number))}</h3>"
            f'<pre class="table">{escape(_game_table(question, lang))}</pre>'
        ]
        if question.told is not None:
            parts.append(f'<p class="told">{escape(question.told)}</p>')
        parts.append(f'<p class="ask"><b>{escape(_ask(question, lang))}</b></p>')
        if question.choices:
            items = "".join(f"<li>{escape(choice)}</li>" for choice in question.choices)
            parts.append(f'<ol class="choices">{items}</ol>')
        else:
            short = " short" if question.kind is Kind.NEXT else ""
            parts.append(f'<div class="write{short}"></div>')
        parts.append("</article>")
        asked.append("".join(parts))
    answers = []
    for question in sheet.questions:
        lines = _answer_lines(question, lang)
        items = "".join(f"<li>{escape(line.strip())}</li>" for line in lines)
        answers.append(
            f'<article class="answer" id="a{question.number}">'
            f"<h3>{escape(message('exam-question', lang, number=question.number))}</h3>"
            f"<ul>{items}</ul></article>"
        )
    key = (
        f'<section class="key"><h2>{t("exam-key-title")}</h2><p>{escape(_about(sheet))}</p>'
        f"{''.join(answers)}</section>"
    )
    body = toolbar + head + f'<section class="sheet">{"".join(asked)}</section>' + key
    return document(f"{template('exam-title', lang)} · {sheet.seed}", body, lang, EXAM_STYLE)
