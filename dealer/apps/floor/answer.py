"""The floor's answer: a rule or ruling rendered for the terminal or as JSON.

The rulings' texts come from the rulebook, every heading around them from ``procedures/texts``, so
that each language reads in its own words.

>>> trace_source("LA 166", Section.B)
'WSOP 2024 Live Action Rules, rule 166'
>>> trace_source("004 ¶5", Section.B)
'004 §發牌程式的錯誤 ¶5'
"""

from __future__ import annotations

import re
from typing import Any

from dealer.rules.rulebook import (
    Branch,
    Lang,
    Rule,
    Rulebook,
    Ruling,
    Section,
    book,
)
from dealer.rules.texts import message, template

_CITE = re.compile(r"^(000|004|LA|TR)(?:\s+(.*))?$")

# English fragments of citations (RULES.md cites some source parts by their English names).
_CITES = {
    "(last ¶)": "cite-last-paragraph",
    "(last sentence)": "cite-last-sentence",
    "(title)": "cite-title",
    "§The Blinds": "cite-004-blinds",
    '"Button and blind use"': "cite-la-button-blind",
    "§VII intro": "cite-la-vii-intro",
    'glossary "Burn"': "cite-tr-glossary-burn",
    " (LA 129 is the limit rule, see LIMIT-ALLIN)": "cite-tr96-not-la129",
    '"No Limit and Pot-Limit" introduction (the pot after the call)': "cite-la-nl-pl-intro",
    " and ¶5 (last sentences)": "cite-and-p5-last-sentences",
    " (not above the pot)": "cite-not-above-pot",
    "(opening: a standard 52-card deck, shuffled)": "cite-004-opening",
    " (second half)": "cite-second-half",
    " (the cut, named in the remedies)": "cite-cut-in-remedies",
    " (the challenged player shows)": "cite-challenged-shows",
    " (000's title only asks whether antes are played)": "cite-000-ante-title",
    " (TR 88a3 agrees)": "cite-tr88a3-agrees",
    " (TR 88a5 agrees)": "cite-tr88a5-agrees",
    " (LA 104 names no such case)": "cite-la104-silent",
    " (the name only; project reading)": "cite-tr86-name-only",
    " (the cut)": "cite-the-cut",
    " (蓋牌, Muck)": "cite-004-fold-muck",
}


def citation(text: str, lang: Lang) -> str:
    """A traced source with its English fragments in the reader's language."""
    if lang is Lang.EN:
        return text
    for fragment, key in _CITES.items():
        if fragment in text:
            text = text.replace(fragment, message(key, lang))
    return text


def trace_source(cite: str, section: Section, lang: Lang = Lang.EN) -> str:
    """Expand a RULES.md citation into the document and place it points to.

    ``004 ¶N`` counts paragraphs of 004 §發牌程式的錯誤 for irregularities (RULES.md, Sources);
    elsewhere it is a paragraph of 004 as a whole.
    """
    match = _CITE.match(cite)
    if match is None:
        return cite
    key, ref = match.group(1), (match.group(2) or "").strip()
    tail = ""
    if key in ("LA", "TR") and ref[:1].isdigit() and " (" in ref:
        # a remark after the rule number ("88a4 (LA 104 names no such case)") follows the place
        ref, _, remark = ref.partition(" (")
        tail = f" ({remark}"
    if key in ("LA", "TR"):
        kind = "rule" if ref[:1].isdigit() else "part"
        label = f"trace-{key.lower()}-{kind}"
    elif key == "004" and ref.startswith("¶") and section in (Section.B, Section.DEFINITIONS):
        label = "trace-004-errors"
    else:
        label = f"trace-{key}"
    return citation(message(label, lang, ref=ref).strip() + tail, lang)


def _steps_lines(ruling: Ruling, lang: Lang, rules: Rulebook, indent: str) -> list[str]:
    if not ruling.steps:
        return [f"{indent}{template('no-steps', lang)}"]
    return [
        f"{indent}{number}. {rules.step_text(step, lang)}"
        for number, step in enumerate(ruling.steps, 1)
    ]


def _fallback_line(ruling: Ruling, lang: Lang, rules: Rulebook) -> str:
    if not ruling.fallback:
        return template("fallback-no", lang)
    fallback = rules.rulesets[ruling.ruleset].fallback or ""
    return message("fallback-yes", lang, fallback=fallback)


def _ruling_lines(
    rule: Rule, ruling: Ruling, lang: Lang, rules: Rulebook, indent: str
) -> list[str]:
    """A ruling's summary, cards, chips, steps, conditions and sources, each line indented."""

    def label(key: str) -> str:
        return template(key, lang)

    colon = label("colon")
    heading = colon.rstrip()
    lines = [f"{indent}{label('summary')}{colon}{ruling.summary.get(lang)}"]
    if ruling.cards:
        lines.append(f"{indent}{label('cards')}{heading}")
        lines.extend(
            f"{indent}  - {label(f'fate-{card.fate}')}{colon}{card.text.get(lang)}"
            for card in ruling.cards
        )
    lines.append(f"{indent}{label('chips')}{colon}{label(f'chips-{ruling.chips}')}")
    lines.append(f"{indent}{label('steps')}{heading}")
    lines.extend(_steps_lines(ruling, lang, rules, f"{indent}  "))
    if ruling.conditions is not None:
        lines.append(f"{indent}{label('conditions')}{colon}{ruling.conditions.get(lang)}")
    lines.append(f"{indent}{label('sources')}{heading}")
    lines.extend(f"{indent}  - {trace_source(c, rule.section, lang)}" for c in ruling.sources)
    return lines


def render_rule(
    rule: Rule,
    ruleset: str,
    lang: Lang = Lang.EN,
    *,
    ruling: Ruling | None = None,
    ruleset_line: str | None = None,
) -> str:
    """A rule (and, for an irregularity, its ruling under ``ruleset``) as terminal text.

    A house overlay passes the ruling its choices pick and the line that names it.
    """
    rules = book()
    if ruleset not in rules.rulesets:
        raise KeyError(f"unknown ruleset {ruleset!r}")
    lang = Lang(lang)

    def label(key: str) -> str:
        return template(key, lang)

    colon = label("colon")
    heading = colon.rstrip()  # a heading with its list below: no trailing space
    title = rules.rulesets[ruleset].title.get(lang)
    named = ruleset_line or message("rule-named", lang, name=ruleset, note=title)
    lines = [
        f"{rule.id}{colon}{rule.title.get(lang)}",
        f"{label('section')}{colon}{label(f'section-{rule.section}')}",
        f"{label('ruleset')}{colon}{named}",
    ]
    if not rule.rulings:
        lines.append(f"{label('rule')}{colon}{rule.summary.get(lang)}")
        lines.append(f"{label('sources')}{heading}")
        lines.extend(f"  - {trace_source(c, rule.section, lang)}" for c in rule.sources)
        return "\n".join(lines) + "\n"
    ruling = ruling or rule.ruling(ruleset)
    lines.append(f"{label('fallback')}{colon}{_fallback_line(ruling, lang, rules)}")
    if rule.trigger is not None:
        lines.append(f"{label('trigger')}{colon}{rule.trigger.get(lang)}")
    lines.extend(_ruling_lines(rule, ruling, lang, rules, ""))
    for name, branch in ruling.branches.items():
        lines.append(f"{label(name)}{heading}")
        lines.extend(_ruling_lines(rule, branch, lang, rules, "  "))
    lines.append(f"{label('other-rulesets')}{heading}")
    for other in rule.rulings:
        if other is ruling:
            continue
        if other.same_remedy(ruling):
            lines.append(f"  {other.ruleset}{colon}{label('same')}")
            continue
        named_other = message("rule-named", lang, name=other.ruleset, note=label("differs"))
        lines.append(f"  {named_other}{colon}{other.summary.get(lang)}")
        lines.extend(_steps_lines(other, lang, rules, "    "))
        for name, branch in other.branches.items():
            lines.append(f"    {label(name)}{colon}{branch.summary.get(lang)}")
            lines.extend(_steps_lines(branch, lang, rules, "      "))
    return "\n".join(lines) + "\n"


def _ruling_json(rule: Rule, ruling: Ruling, lang: Lang, rules: Rulebook) -> dict[str, Any]:
    """A ruling as JSON data; ``after_substantial_action`` repeats that branch for old readers."""
    branches = {name: _ruling_json(rule, b, lang, rules) for name, b in ruling.branches.items()}
    return {
        "ruleset": ruling.ruleset,
        "fallback": ruling.fallback,
        "summary": ruling.summary.get(lang),
        "cards": [
            {"card": c.card, "fate": c.fate.value, "text": c.text.get(lang)} for c in ruling.cards
        ],
        "chips": ruling.chips.value,
        "steps": [
            {
                "n": number,
                "do": step.do.value,
                "burn": step.burn,
                "card": step.card,
                "text": rules.step_text(step, lang),
            }
            for number, step in enumerate(ruling.steps, 1)
        ],
        "conditions": None if ruling.conditions is None else ruling.conditions.get(lang),
        "sources": [
            {"cite": c, "trace": trace_source(c, rule.section, lang)} for c in ruling.sources
        ],
        "branches": branches,
        "after_substantial_action": branches.get(Branch.AFTER_SUBSTANTIAL_ACTION),
    }


def rule_as_json(
    rule: Rule, ruleset: str, lang: Lang = Lang.EN, *, ruling: Ruling | None = None
) -> dict[str, Any]:
    """The same content as ``render_rule`` as JSON-serializable data."""
    chosen = ruling
    rules = book()
    if ruleset not in rules.rulesets:
        raise KeyError(f"unknown ruleset {ruleset!r}")
    lang = Lang(lang)
    data: dict[str, Any] = {
        "id": rule.id,
        "section": rule.section.value,
        "lang": lang.value,
        "ruleset": ruleset,
        "title": rule.title.get(lang),
        "summary": rule.summary.get(lang),
        "trigger": None if rule.trigger is None else rule.trigger.get(lang),
        "sources": [
            {"cite": c, "trace": trace_source(c, rule.section, lang)} for c in rule.sources
        ],
        "ruling": None,
        "other_rulesets": {},
    }
    if rule.rulings:
        ruling = chosen or rule.ruling(ruleset)
        data["ruling"] = _ruling_json(rule, ruling, lang, rules)
        data["other_rulesets"] = {
            other.ruleset: {"same": other.same_remedy(ruling)}
            | _ruling_json(rule, other, lang, rules)
            for other in rule.rulings
            if other is not ruling
        }
    return data


def render_index(lang: Lang = Lang.EN) -> str:
    """Every rule ID with its one-line summary, by section."""
    rules = book()
    lang = Lang(lang)
    width = max(len(rule_id) for rule_id in rules.rules)
    lines: list[str] = []
    for section in Section:
        members = [r for r in rules.rules.values() if r.section is section]
        if not members:
            continue
        if lines:
            lines.append("")
        lines.append(template(f"section-{section}", lang))
        lines.extend(f"  {r.id:<{width}}  {r.summary.get(lang)}" for r in members)
    return "\n".join(lines) + "\n"
