"""The floor's "which one?" and "what was read", in the reader's language (issue 22).

One place words the candidates of a "which one?" (each with the kind of its remedy and what it says
of the question that tells them apart) and the facets ``dealer rule --explain`` read, for the
terminal, the web floor desk and the JSON of both.

>>> from dealer.rules.search import search
>>> print(ask_line(search("7號拿到三張牌"), Lang.ZH_HANT))
區分它們的問題：全桌一共多發了幾張？
"""

from __future__ import annotations

from typing import Any

from dealer.rules.rulebook import Lang, rule
from dealer.rules.search import Answer, Kind, Number, Reading, fits, kinds, name
from dealer.rules.texts import message, template

_NAMED = ("object", "event", "who", "when")


def _sep(lang: Lang) -> str:
    return ", " if lang is Lang.EN else "、"


def kind_text(rule_id: str, lang: Lang) -> str:
    """What the rule's remedy does ("misdeal", "the hand goes on"), over the rulesets."""
    order = list(Kind)
    found = sorted(kinds(rule_id), key=order.index)
    joiner = " / " if lang is Lang.EN else "／"
    return joiner.join(template(f"search-kind-{kind}", lang) for kind in found)


def choice_text(facet: str, value: str, lang: Lang) -> str:
    """A candidate's value of the telling facet, in the reader's words ("" where it says none)."""
    if not value:
        return ""
    if facet in set(Number):
        return value
    return _sep(lang).join(name(facet, part, lang) for part in value.split(","))


def ask_line(answer: Answer, lang: Lang) -> str:
    """The question that tells the candidates apart."""
    question = template(f"search-ask-{answer.question or 'event'}", lang)
    return message("search-which-ask", lang, question=question)


def candidates(answer: Answer, lang: Lang) -> list[dict[str, Any]]:
    """Each candidate as plain values: ID, title, summary, remedy kind, its answer to the
    question."""
    facet = answer.question or "event"
    choices = answer.choices or ("",) * len(answer.ids)
    return [
        {
            "id": rule_id,
            "title": rule(rule_id).title.get(lang),
            "summary": rule(rule_id).summary.get(lang),
            "kind": sorted(kinds(rule_id)),
            "kind_text": kind_text(rule_id, lang),
            "value": choice_text(facet, choice, lang),
        }
        for rule_id, choice in zip(answer.ids, choices, strict=True)
    ]


def _number(number: Number, value: int, lang: Lang) -> str:
    shown = "+" if value >= 99 else str(value)
    return message(f"search-number-{number}", lang, value=shown if value < 99 else "∞")


def explained(reading: Reading, lang: Lang) -> dict[str, list[str]]:
    """The facets read, each value in the reader's language (empty facets left out)."""
    found: dict[str, list[str]] = {}
    sets = {
        "object": reading.objects | reading.hints,
        "event": reading.events | reading.implied,
        "who": reading.who,
        "when": reading.when,
    }
    for facet in _NAMED:
        values = sorted(sets[facet])
        if values:
            found[facet] = [name(facet, value, lang) for value in values]
    numbers = sorted(reading.numbers | reading.soft)
    if numbers:
        found["numbers"] = [_number(number, value, lang) for number, value in numbers]
    if reading.seats:
        found["seats"] = [str(seat) for seat in reading.seats]
    if reading.corrected:
        found["corrected"] = [f"{wrong} → {right}" for wrong, right in reading.corrected]
    if reading.outside:
        found["outside"] = list(reading.outside)
    if reading.unknown:
        found["unknown"] = list(reading.unknown)
    return found


def explain_lines(query: str, reading: Reading, lang: Lang) -> list[str]:
    """What ``dealer rule --explain`` prints before the answer."""
    colon = template("colon", lang)
    lines = [message("search-explain", lang, query=query)]
    found = explained(reading, lang)
    if not found:
        lines.append(f"  {template('search-explain-nothing', lang)}")
    for facet, values in found.items():
        lines.append(
            f"  {template(f'search-explain-{facet}', lang)}{colon}{_sep(lang).join(values)}"
        )
    ranked = [f for f in fits(reading) if not f.conflicts and f.named][:5]
    if ranked:
        shown = _sep(lang).join(f"{f.id} {f.score:g}" for f in ranked)
        lines.append(f"  {template('search-explain-fits', lang)}{colon}{shown}")
    return lines
