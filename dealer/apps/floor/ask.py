"""``dealer ask``: the floor's answer for the hand on the table.

The scenario is replayed to its last step; the answer names the irregularity that occurred, its
ruling (the rulebook entry ``dealer rule`` prints), where each affected physical card now lies, who
is to act and whether that player may raise (LIMIT-ALLIN, NL-MIN-RAISE), every ruling in force with
its cards, the cards the rulings hold out of play (a held burn from an earlier ruling too), and the
steps the dealer still owes, in the chosen language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer.apps.floor.answer import render_rule, rule_as_json
from dealer.apps.present.words import card_role
from dealer.core.chips import format_chips
from dealer.core.ledger import Location, Place
from dealer.core.stakes import Structure
from dealer.engine.hand import Hand
from dealer.engine.obligations import Hold
from dealer.rules.rulebook import Lang, book, rule
from dealer.rules.texts import message, template


def located(where: Location) -> dict[str, Any]:
    """Where a card lies, as the answer's typed fields: the place's code and the seat's number
    (``None`` off the seats)."""
    return {"place": where.place.value, "seat": where.seat}


def location(item: Mapping[str, Any]) -> Location:
    """The location back from the answer's fields (:func:`located`)."""
    return Location(Place(item["place"]), item["seat"])


def place_words(where: Location, lang: Lang) -> str:
    """Where a card lies (a seat, the set-aside cards) in the reader's language."""
    if where.place is Place.SEAT:
        return message("place-seat", lang, seat=where.seat)
    return template(f"place-{where.place.value.replace(' ', '-')}", lang)


def _raising(hand: Hand) -> dict[str, Any] | None:
    """Whether the player to act may bet or raise, to what, and the rule that says so."""
    betting, seat = hand.betting, hand.to_act
    if betting is None or seat is None:
        return None
    refusal = betting.raise_refusal()
    options = betting.options()
    limit = hand.table.stakes.structure is Structure.LIMIT
    may = refusal is None and options.min_to is not None
    return {
        "seat": seat,
        "may_raise": may,
        "min_to": format_chips(options.min_to) if may and options.min_to is not None else None,
        "max_to": format_chips(options.max_to) if may and options.max_to is not None else None,
        "rule": refusal.rule if refusal is not None else "LIMIT-ALLIN" if limit else "NL-MIN-RAISE",
    }


def _in_force(hand: Hand, lang: Lang) -> list[dict[str, Any]]:
    """Every ruling made in the hand, with the cards it names and where they lie now."""
    return [
        {
            "id": ruled.rule_id,
            "ruleset": ruled.label,
            "branch": str(ruled.branch) if ruled.branch is not None else None,
            "title": rule(ruled.rule_id).title.get(lang),
            "cards": [
                {"name": str(name), "card": str(card)} | located(hand.ledger.where(card))
                for name, cards in ruled.cards.items()
                for card in cards
            ],
        }
        for ruled in hand.rulings
    ]


def _held(hand: Hand) -> list[dict[str, Any]]:
    """The cards the rulings hold out of play (SEEN-CARD-STAYS-OUT), earlier rulings' too."""
    return [
        {
            "card": str(held.card),
            "name": str(held.role),
            "rule": held.rule,
            "for": str(held.hold),
        }
        | located(hand.ledger.where(held.card))
        for held in hand.held
    ]


def answer(hand: Hand, lang: Lang = Lang.EN) -> dict[str, Any]:
    """The answer as plain values (``--json``)."""
    facts: dict[str, Any] = {
        "state": hand.state,
        "to_act": hand.to_act,
        "next": hand.expected(lang),
        "raise": _raising(hand),
        "rulings": _in_force(hand, lang),
        "held": _held(hand),
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
        {"name": name, "card": str(card)} | located(hand.ledger.where(card))
        for name, cards in ruled.cards.items()
        for card in cards
    ]
    facts["owed"] = [owed.text_in(lang) for owed in hand.owed]
    return facts


def _raise_line(raising: dict[str, Any] | None, lang: Lang) -> list[str]:
    if raising is None:
        return []
    seat, rule_id = raising["seat"], raising["rule"]
    if not raising["may_raise"]:
        return [message("ask-may-not-raise", lang, seat=seat, rule=rule_id)]
    low, high = raising["min_to"], raising["max_to"]
    if low == high:
        return [message("ask-may-raise-to", lang, seat=seat, low=low, rule=rule_id)]
    return [message("ask-may-raise", lang, seat=seat, low=low, high=high, rule=rule_id)]


def _ruling_lines(facts: dict[str, Any], lang: Lang) -> list[str]:
    """Every ruling in force with its cards, and the held cards: shown when there is more than
    the last ruling's own cards to tell."""
    colon = template("colon", lang)
    lines: list[str] = []
    if len(facts["rulings"]) > 1:
        lines.append(f"{template('ask-in-force', lang)}{colon.rstrip()}")
        for number, item in enumerate(facts["rulings"], 1):
            key = "ask-ruling-branch" if item["branch"] else "ask-ruling"
            branch = book().label(item["branch"], lang) if item["branch"] else ""
            lines.append(
                f"  {number}. "
                + message(key, lang, rule=item["id"], ruleset=item["ruleset"], branch=branch)
            )
            for card in item["cards"]:
                place = place_words(location(card), lang)
                line = message(
                    "ask-card", lang, name=card_role(card["name"], lang), card=card["card"],
                    place=place,
                )  # fmt: skip
                lines.append(f"     {line}")
    if facts["held"]:
        lines.append(f"{template('ask-held-heading', lang)}{colon.rstrip()}")
        for held in facts["held"]:
            key = "ask-held-burn" if held["for"] == Hold.BURN else "ask-held-reshuffle"
            name = card_role(held["name"], lang)
            lines.append("  " + message(key, lang, name=name, card=held["card"], rule=held["rule"]))
    return lines


def render(hand: Hand, lang: Lang = Lang.EN) -> str:
    """The answer for the terminal."""
    colon = template("colon", lang)
    facts = answer(hand, lang)
    if facts["irregularity"] is None:
        none, next_label = template("ask-none", lang), template("ask-next", lang)
        space = " " if lang is Lang.EN else ""  # Chinese sentences run on without spaces
        first = f"{none}{space}{next_label}{colon}{facts['next']}"
        return "\n".join([first, *_raise_line(facts["raise"], lang)])
    ruled = hand.rulings[-1]
    # What to do at this table comes first; the rule's own text follows it.
    heading = message("ask-heading", lang, rule=ruled.rule_id, title=facts["title"],
                      ruleset=ruled.ruleset)  # fmt: skip
    lines = [heading]
    if ruled.branch is not None:  # e.g. noticed after action on the card: no misdeal
        lines.append(f"{template('ask-branch', lang)}{colon}{template(ruled.branch, lang)}")
    lines += ["", f"{template('ask-table', lang)}{colon.rstrip()}"]
    for item in facts["cards"]:
        place = place_words(location(item), lang)
        line = message(
            "ask-card", lang, name=card_role(item["name"], lang), card=item["card"], place=place
        )
        lines.append(f"  {line}")
    if hand.to_act is not None:
        lines.append(f"  {message('ask-to-act', lang, seat=hand.to_act)}")
    lines.extend(f"  {line}" for line in _raise_line(facts["raise"], lang))
    lines.extend(_ruling_lines(facts, lang))
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
