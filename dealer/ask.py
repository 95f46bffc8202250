"""``dealer ask``: the floor's answer for the hand on the table.

The scenario is replayed to its last step; the answer names the irregularity that occurred, its
ruling (from the rulebook, the same entry ``dealer rule`` prints), where each affected physical card
now lies, who is to act, and the steps the dealer still owes.
"""

from __future__ import annotations

from typing import Any

from dealer.floor import render_rule, rule_as_json
from dealer.hand import Hand
from dealer.rulebook import Lang, book, rule


def answer(hand: Hand, lang: Lang = Lang.EN) -> dict[str, Any]:
    """The answer as plain values (``--json``)."""
    labels = book()
    answer: dict[str, Any] = {"state": hand.state, "to_act": hand.to_act}
    if not hand.rulings:
        answer["irregularity"] = None
        answer["next"] = hand.expected()
        return answer
    ruled = hand.rulings[-1]
    answer["irregularity"] = ruled.rule_id
    answer["ruleset"] = ruled.ruleset
    answer["ruling"] = rule_as_json(rule(ruled.rule_id), ruled.ruling.ruleset, lang)
    answer["cards"] = {
        name: {"card": str(card), "now": hand.ledger.where(card)}
        for name, card in ruled.cards.items()
    }
    answer["owed"] = [owed.text for owed in hand.owed]
    answer["next"] = hand.expected()
    answer["title"] = labels.rules[ruled.rule_id].title.get(lang)
    return answer


def render(hand: Hand, lang: Lang = Lang.EN) -> str:
    """The answer for the terminal."""
    facts = answer(hand, lang)
    if facts["irregularity"] is None:
        return f"No irregularity. Next: {facts['next']}"
    ruled = hand.rulings[-1]
    lines = [f"{ruled.rule_id}: {facts['title']} [{ruled.ruleset}]", ""]
    lines.append(render_rule(rule(ruled.rule_id), ruled.ruling.ruleset, lang))
    lines.append("")
    lines.append("On this table:")
    for name, where in facts["cards"].items():
        lines.append(f"  {name}: {where['card']} is now: {where['now']}")
    if hand.to_act is not None:
        lines.append(f"  seat {hand.to_act} is to act")
    if facts["owed"]:
        lines.append("Still owed, in order:")
        lines.extend(f"  {number}. {text}" for number, text in enumerate(facts["owed"], 1))
    lines.append(f"Next: {facts['next']}")
    return "\n".join(lines)
