"""``dealer rule``: the floor's look-up, under a published ruleset or a house overlay.

A question gets one rule only when the search is sure of it; otherwise the few rules it could be,
each with its summary, and "which one?"; or, when no rule covers it, says so with the nearest
rules (exit 1). Under a house overlay the ruling is the one the overlay's choices pick.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer.apps.floor import render_index, render_rule, rule_as_json
from dealer.core.ruleset import Ruleset as Choices
from dealer.rules.rulebook import Lang, Rule, Ruling, book, ids, rule
from dealer.rules.rulesets import load_ruleset
from dealer.rules.search import Verdict, search
from dealer.rules.texts import cells, message, pad

# Rulings a ruleset choice picks between (RULES.md "Rulesets"): the exposed card of this place in
# the deal is a misdeal when the ruleset's ``misdeal_exposed_cards`` names it, else dealt on.
_EXPOSED_PLACE = {"HOLE-EXPOSED-SECOND": 2}


@dataclass(frozen=True, slots=True)
class Reply:
    out: str
    err: str = ""
    code: int = 0


def house_ruling(entry: Rule, choices: Choices) -> Ruling | None:
    """The ruling an overlay's choices pick where they decide between published remedies: the
    ruling its ``rulings`` take from a published ruleset, or the one a choice decides."""
    if not entry.rulings:
        return None
    source = choices.ruling_from(entry.id)
    if source != choices.base:
        return entry.ruling(source)
    place = _EXPOSED_PLACE.get(entry.id)
    if place is None or not entry.rulings:
        return None
    misdeal = place in choices.misdeal_exposed_cards
    for ruling in entry.rulings:
        if _is_misdeal(ruling) == misdeal:
            return ruling
    return None


def _is_misdeal(ruling: Ruling) -> bool:
    return bool(ruling.steps) and ruling.steps[0].do.value == "gather"


def _house_line(choices: Choices, lang: Lang) -> str | None:
    if choices.name == choices.base:
        return None
    base_title = book().rulesets[choices.base].title.get(lang)
    return message("rule-house", lang, name=choices.name, base=choices.base, title=base_title)


def _which(query: str, found: tuple[str, ...], lang: Lang) -> str:
    width = max(cells(rule_id) for rule_id in found)
    lines = [message("search-which", lang, query=query)]
    for number, rule_id in enumerate(found, 1):
        entry = rule(rule_id)
        lines.append(f"  {number}. {pad(rule_id, width)}  {entry.summary.get(lang)}")
    lines.append(message("search-which-hint", lang, rule=found[0]))
    return "\n".join(lines) + "\n"


def answer(words: list[str] | None, ruleset: str, lang: Lang, as_json: bool) -> Reply:
    """What ``dealer rule`` prints (``ruleset`` a published name or an overlay file)."""
    choices = load_ruleset(ruleset)
    base = choices.base
    if not words:
        if as_json:
            index = {rule_id: rule(rule_id).summary.get(lang) for rule_id in ids()}
            return Reply(json.dumps(index, indent=2, ensure_ascii=False) + "\n")
        return Reply(render_index(lang))
    query = " ".join(words)
    found = search(query, base)
    if found.kind is Verdict.NONE:
        nearest = message("search-nearest", lang, rules=", ".join(found.ids))
        text = f"{message('search-none', lang, query=query)}\n{nearest}\n"
        if as_json:
            data: dict[str, Any] = {"answer": "none", "query": query, "nearest": list(found.ids)}
            return Reply(json.dumps(data, indent=2, ensure_ascii=False) + "\n", code=1)
        return Reply("", text, 1)
    if found.kind is Verdict.WHICH:
        if as_json:
            data = {
                "answer": "which",
                "query": query,
                "candidates": [
                    {"id": rule_id, "summary": rule(rule_id).summary.get(lang)}
                    for rule_id in found.ids
                ],
            }
            return Reply(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return Reply(_which(query, found.ids, lang))
    entry = rule(found.ids[0])
    chosen = house_ruling(entry, choices) if choices.name != base else None
    if as_json:
        data = rule_as_json(entry, base, lang, ruling=chosen)
        if choices.name != base:  # the overlay's ruling, under the overlay's name
            data["ruleset"] = choices.name
            data["house"] = {"name": choices.name, "extends": base}
        return Reply(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    line = _house_line(choices, lang)
    return Reply(render_rule(entry, base, lang, ruling=chosen, ruleset_line=line))


def ask_file(path: Path, ruleset: str | None, lang: Lang, as_json: bool) -> Reply:
    """``dealer ask FILE``: replay the hand on file to its last step and answer for that table.

    A hand whose replay stops on a refused step is answered as far as it replays, and the answer
    says which step was refused (a floor asking about a dealer's wrong step wants both)."""
    from dealer.apps import ask as floor_ask
    from dealer.apps.words import refusal, unplayable
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay

    override = load_ruleset(ruleset) if ruleset is not None else None
    result = replay(read_scenario(path, override), keep_hand=True)
    hand = result.hand
    if hand is None or result.internal:
        return Reply("", unplayable(str(path), str(result.failure), lang) + "\n", 1)
    stopped = ""
    if result.failure is not None:
        failure = refusal(result.failure, lang)
        stopped = message("ask-stopped", lang, file=str(path), failure=failure)
    if as_json:
        facts = floor_ask.answer(hand, lang)
        if result.failure is not None:
            facts["stopped"] = result.failure
        return Reply(json.dumps(facts, indent=2, ensure_ascii=False) + "\n")
    text = floor_ask.render(hand, lang)
    return Reply(f"{stopped}\n\n{text}\n" if stopped else f"{text}\n")
