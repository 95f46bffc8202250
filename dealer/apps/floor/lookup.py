"""``dealer rule``: the floor's look-up, under a published ruleset or a house overlay.

A question gets one rule only when it can mean only that rule; otherwise "which one?" with the
few rules it could be, each with its summary and the kind of its remedy, and the one question
that tells them apart; or, when no rule covers it, says so with the nearest rules (exit 1).
Under a house overlay the ruling is the one the overlay's choices pick.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer.apps.floor.answer import render_index, render_rule, rule_as_json
from dealer.core.ruleset import Ruleset as Choices
from dealer.rules.choice import chosen_ruling, ruleset_choice
from dealer.rules.record import Record, setfield
from dealer.rules.rulebook import Lang, Rule, Ruling, book, id_form, ids, rule
from dealer.rules.rulesets import load_ruleset
from dealer.rules.texts import cells, message, pad

if TYPE_CHECKING:  # the search is imported only for words: a rule ID is looked up at once
    from dealer.rules.search import Answer

# Rulings a ruleset choice picks between (RULES.md "Rulesets"): the exposed card of this place in
# the deal is a misdeal when the ruleset's ``misdeal_exposed_cards`` names it, else dealt on.


class Reply(Record):  # a frozen record (not @dataclass: cheaper to import)
    __match_args__ = ("out", "err", "code")
    __slots__ = __match_args__
    out: str
    err: str
    code: int

    def __init__(self, out: str, err: str = "", code: int = 0) -> None:
        setfield(self, "out", out)
        setfield(self, "err", err)
        setfield(self, "code", code)


def _json(data: Any) -> str:
    """``data`` as the ``--json`` answers print it (json imported only for them)."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False)


def house_ruling(entry: Rule, choices: Choices) -> Ruling | None:
    """The ruling an overlay's choices pick where they decide between published remedies (the
    engine's own choice, :func:`~dealer.rules.choice.chosen_ruling`); ``None`` where it is
    the ruling of the ruleset it extends."""
    if not entry.rulings:
        return None
    chosen = chosen_ruling(entry, choices, ruleset_choice(entry.id, choices))
    return None if chosen is entry.ruling(choices.base) else chosen


def _house_line(choices: Choices, lang: Lang) -> str | None:
    if choices.name == choices.base:
        return None
    base_title = book().rulesets[choices.base].title.get(lang)
    return message("rule-house", lang, name=choices.name, base=choices.base, title=base_title)


def _which(query: str, found: Answer, lang: Lang) -> str:
    """The candidates, each with its remedy's kind and its answer to the telling question."""
    from dealer.apps.floor.which import ask_line
    from dealer.apps.floor.which import candidates as which_candidates

    width = max(cells(rule_id) for rule_id in found.ids)
    lines = [message("search-which", lang, query=query), ask_line(found, lang)]
    for number, item in enumerate(which_candidates(found, lang), 1):
        space = " " if lang is Lang.EN else ""
        value = f"[{item['value']}]{space}" if item["value"] else ""
        kind = f"（{item['kind_text']}）" if lang is not Lang.EN else f"({item['kind_text']}) "
        lines.append(f"  {number}. {pad(item['id'], width)}  {value}{kind}{item['summary']}")
    lines.append(message("search-which-hint", lang, rule=found.ids[0]))
    return "\n".join(lines) + "\n"


def _which_json(query: str, found: Answer, lang: Lang) -> dict[str, Any]:
    from dealer.apps.floor.which import ask_line
    from dealer.apps.floor.which import candidates as which_candidates

    return {
        "answer": "which",
        "query": query,
        "question": found.question,
        "ask": ask_line(found, lang),
        "candidates": which_candidates(found, lang),
    }


def answer(
    words: list[str] | None, ruleset: str, lang: Lang, as_json: bool, explain: bool = False
) -> Reply:
    """What ``dealer rule`` prints (``ruleset`` a published name or an overlay file); ``explain``
    puts the facets read from the question first."""
    choices = load_ruleset(ruleset)
    base = choices.base
    if not words:
        if as_json:
            index = {rule_id: rule(rule_id).summary.get(lang) for rule_id in ids()}
            return Reply(_json(index) + "\n")
        return Reply(render_index(lang))
    query = " ".join(words)
    if not explain and id_form(query) in book().rules and base in book().rulesets:
        return _one(rule(id_form(query)), choices, lang, as_json)  # what the search would find
    from dealer.apps.floor.which import explain_lines, explained
    from dealer.rules.search import Verdict, read, search

    found = search(query, base)
    reading = found.reading or read(query)
    told = "\n".join(explain_lines(query, reading, lang)) + "\n\n" if explain else ""
    read_json = {"read": explained(reading, lang)} if explain else {}
    if found.kind is Verdict.NONE:
        nearest = message("search-nearest", lang, rules=", ".join(found.ids))
        text = f"{message('search-none', lang, query=query)}\n{nearest}\n"
        if as_json:
            data: dict[str, Any] = {"answer": "none", "query": query, "nearest": list(found.ids)}
            data |= read_json
            return Reply(_json(data) + "\n", code=1)
        return Reply(told, text, 1)
    if found.kind is Verdict.WHICH:
        if as_json:
            data = _which_json(query, found, lang) | read_json
            return Reply(_json(data) + "\n")
        return Reply(told + _which(query, found, lang))
    return _one(rule(found.ids[0]), choices, lang, as_json, told, read_json)


def _one(
    entry: Rule,
    choices: Choices,
    lang: Lang,
    as_json: bool,
    told: str = "",
    read_json: dict[str, Any] | None = None,
) -> Reply:
    """One rule's ruling under the ruleset or overlay (``told``: what ``--explain`` read first)."""
    base = choices.base
    chosen = house_ruling(entry, choices) if choices.name != base else None
    if as_json:
        data = {"answer": "one"} | rule_as_json(entry, base, lang, ruling=chosen)
        data |= read_json or {}
        if choices.name != base:  # the overlay's ruling, under the overlay's name
            data["ruleset"] = choices.name
            data["house"] = {"name": choices.name, "extends": base}
        return Reply(_json(data) + "\n")
    line = _house_line(choices, lang)
    return Reply(told + render_rule(entry, base, lang, ruling=chosen, ruleset_line=line))


def ask_file(path: Path, ruleset: str | None, lang: Lang, as_json: bool) -> Reply:
    """``dealer ask FILE``: replay the hand on file to its last step and answer for that table.

    A hand whose replay stops on a refused step is answered as far as it replays, and the answer
    says which step was refused (a floor asking about a dealer's wrong step wants both)."""
    from dealer.apps.floor import ask as floor_ask
    from dealer.apps.present.words import unplayable
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay

    override = load_ruleset(ruleset) if ruleset is not None else None
    result = replay(read_scenario(path, override), keep_hand=True)
    hand = result.hand
    if hand is None or result.internal:
        return Reply("", unplayable(str(path), str(result.failure), lang) + "\n", 1)
    stopped = ""
    if result.failure is not None:
        # the replay's failure as it words it (a typed value of its own is the replay's to give)
        stopped = message("ask-stopped", lang, file=str(path), failure=result.failure)
    if as_json:
        facts = floor_ask.answer(hand, lang)
        if result.failure is not None:
            facts["stopped"] = result.failure
        return Reply(_json(facts) + "\n")
    text = floor_ask.render(hand, lang)
    return Reply(f"{stopped}\n\n{text}\n" if stopped else f"{text}\n")
