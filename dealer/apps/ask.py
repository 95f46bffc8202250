"""``dealer ask``: the floor's answer for the hand on the table.

The scenario is replayed to its last step; the answer names the irregularity that occurred, its
ruling (the rulebook entry ``dealer rule`` prints), where each affected physical card now lies, who
is to act, and the steps the dealer still owes, in the chosen language.
"""

from __future__ import annotations

from typing import Any

from dealer.apps.floor import render_rule, rule_as_json
from dealer.apps.words import card_role
from dealer.engine.hand import Hand
from dealer.rules.rulebook import Lang, book, rule
from dealer.rules.texts import message, template


def _place(where: str, lang: Lang) -> str:
    """A ledger place ("seat 3", "set aside") in the reader's language."""
    if where.startswith("seat "):
        return message("place-seat", lang, seat=where.split()[1])
    return template(f"place-{where.replace(' ', '-')}", lang)


def answer(hand: Hand, lang: Lang = Lang.EN) -> dict[str, Any]:
    """The answer as plain values (``--json``)."""
    facts: dict[str, Any] = {
        "state": hand.state,
        "to_act": hand.to_act,
        "next": hand.expected(lang),
    }
    if not hand.rulings:
        facts["irregularity"] = None
        return facts
    ruled = hand.rulings[-1]
    facts["irregularity"] = ruled.rule_id
    facts["ruleset"] = ruled.ruleset
    facts["branch"] = ruled.branch  # the branch that applies (a code), or None: the ruling itself
    facts["title"] = rule(ruled.rule_id).title.get(lang)
    facts["ruling"] = rule_as_json(rule(ruled.rule_id), ruled.ruling.ruleset, lang,
                                   ruling=ruled.ruling)  # fmt: skip
    facts["ruling"]["ruleset"] = ruled.ruleset  # an overlay's ruling under the overlay's name
    facts["cards"] = [
        {"name": name, "card": str(card), "now": str(hand.ledger.where(card))}
        for name, cards in ruled.cards.items()
        for card in cards
    ]
    facts["owed"] = [owed.text_in(lang) for owed in hand.owed]
    return facts


def render(hand: Hand, lang: Lang = Lang.EN) -> str:
    """The answer for the terminal."""
    colon = template("colon", lang)
    facts = answer(hand, lang)
    if facts["irregularity"] is None:
        none, next_label = template("ask-none", lang), template("ask-next", lang)
        space = " " if lang is Lang.EN else ""  # Chinese sentences run on without spaces
        return f"{none}{space}{next_label}{colon}{facts['next']}"
    ruled = hand.rulings[-1]
    # What to do at this table comes first; the rule's own text follows it.
    heading = message("ask-heading", lang, rule=ruled.rule_id, title=facts["title"],
                      ruleset=ruled.ruleset)  # fmt: skip
    lines = [heading]
    if ruled.branch is not None:  # e.g. noticed after action on the card: no misdeal
        lines.append(f"{template('ask-branch', lang)}{colon}{template(ruled.branch, lang)}")
    lines += ["", f"{template('ask-table', lang)}{colon.rstrip()}"]
    for item in facts["cards"]:
        place = _place(item["now"], lang)
        line = message(
            "ask-card", lang, name=card_role(item["name"], lang), card=item["card"], place=place
        )
        lines.append(f"  {line}")
    if hand.to_act is not None:
        lines.append(f"  {message('ask-to-act', lang, seat=hand.to_act)}")
    if facts["owed"]:
        lines.append(f"{template('ask-owed', lang)}{colon.rstrip()}")
        lines.extend(f"  {number}. {text}" for number, text in enumerate(facts["owed"], 1))
    lines.append(f"{template('ask-next', lang)}{colon}{facts['next']}")
    house = hand.table.ruleset
    named: str | None = None
    if house.name != house.base:  # an overlay's ruling, under the overlay's name
        title = book().rulesets[house.base].title.get(lang)
        named = message("rule-house", lang, name=house.name, base=house.base, title=title)
    shown = render_rule(rule(ruled.rule_id), ruled.ruling.ruleset, lang, ruling=ruled.ruling,
                        ruleset_line=named)  # fmt: skip
    lines.extend(["", shown.rstrip()])
    return "\n".join(lines)
