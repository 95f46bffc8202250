"""How well a rule fits a question read into facets: a score for what of the question the rule
accounts for, and the facets of the question it cannot have (any one rules it out); and what a
rule's remedies do (:class:`Kind`), so that rules of different kinds are never confused.

>>> from dealer.rules.reader import read
>>> fit("TURN-PREMATURE", read("轉牌 太早")).conflicts
()
>>> fit("RIVER-PREMATURE", read("轉牌 太早")).conflicts
('object:river',)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum

from dealer.rules.lexicon import Number, RuleFacets, table
from dealer.rules.reader import Reading
from dealer.rules.rulebook import book


class Kind(StrEnum):
    """What a remedy does, for telling rules apart that must never be confused."""

    MISDEAL = "misdeal"  # gather, reshuffle, redeal
    VOID = "void"  # all action void, chips returned
    ON = "on"  # the hand goes on (a card replaced, dealt on, stands)
    PROCEDURE = "procedure"  # a rule of the normal procedure: no remedy


NUMBER_WEIGHT = {Number.ORDINAL: 1.5, Number.COUNT: 1.5, Number.EXTRA: 1.5, Number.PLAYERS: 2.0}
_EVENT_WEIGHT = 3.0
_ALSO_EVENT_WEIGHT = 1.5  # an event the rule shares with another, whose own event it is
_IMPLIED_WEIGHT = 2.0  # an event the numbers imply ("3 cards" in a hand: one too many)
OBJECT_WEIGHT = 2.0
_ALSO_WEIGHT = 1.0
_WHO_WEIGHT = 1.0
_UNNAMED_EVENT = 0.75  # a rule about something happening, for a question naming nothing happen
_WHEN_WEIGHT = 2.0  # the rule is about when an error is noticed, and the question says when
DEALER_DEFAULT = 0.5  # irregularities are the dealer's unless the question says otherwise


@dataclass(frozen=True, slots=True)
class Fit:
    """How a rule fits a question: its score, and the facets of the question it cannot have."""

    id: str
    score: float
    conflicts: tuple[str, ...]
    named: bool  # it matches an event, or one of the rule's own objects


def fit(rule_id: str, query: Reading) -> Fit:
    """Score one rule against a question."""
    lexicon = table()
    facets = lexicon.facets[rule_id]
    score = 0.0
    conflicts: list[str] = []
    named = False
    for event in query.events:
        if event in facets.event:
            score += _EVENT_WEIGHT
            named = True
        elif event in facets.also_event:
            score += _ALSO_EVENT_WEIGHT
            named = True
        else:
            conflicts.append(f"event:{event}")
    for event in query.implied:
        if event in facets.event:
            score += _IMPLIED_WEIGHT
            named = True
    if facets.event and not (query.events | query.implied) & (facets.event | facets.also_event):
        score -= _UNNAMED_EVENT
    hard = query.objects - lexicon.loose
    # an object only suggested ("the cards are out": the hole cards) is not the rule's topic when
    # what is named in words is only beside it ("button out of position, cards are out")
    beside = bool(hard) and not hard & facets.object and hard <= facets.also
    for thing in query.hints - query.objects:
        if thing in facets.object and not beside:
            score += OBJECT_WEIGHT
    for thing in query.objects:
        if thing in facets.object and thing in lexicon.loose and facets.event:
            score += _ALSO_WEIGHT  # "seat 5" names where an irregularity happened, not what
            named = True
        elif thing in facets.object:
            score += OBJECT_WEIGHT
            named = True
        elif thing in facets.also:
            score += _ALSO_WEIGHT
        elif thing not in lexicon.loose:
            conflicts.append(f"object:{thing}")
    # none of the rule's own objects named, unless the rule alone has the event read ("short
    # all-in, does it reopen": LIMIT-ALLIN's, though the game's limit is not named)
    unnamed = not (query.objects | query.hints) & facets.object
    if facets.object and hard and unnamed and not query.events & facets.event & unique_events():
        conflicts.append("object:" + "/".join(sorted(facets.object)))
    if facets.who and query.who:
        if query.who & facets.who:
            score += _WHO_WEIGHT
        else:
            conflicts.append("who:" + "/".join(sorted(query.who)))
    elif "dealer" in facets.who:
        score += DEALER_DEFAULT
    elif facets.who == {"player"}:
        conflicts.append("who:dealer")  # the irregularities are the dealer's unless told
    if facets.when and query.when and not query.when & facets.when:
        conflicts.append("when:" + "/".join(sorted(query.when)))
    elif facets.when and query.when & facets.when and not facets.object:
        score += _WHEN_WEIGHT
        named = True  # a rule about when an error is noticed (NOTICED-LATE)
    for number, value in query.numbers | query.soft:
        ranges = facets.numbers.get(number)
        if ranges is None:
            continue
        if any(value in span for span in ranges):
            score += NUMBER_WEIGHT[number]
        elif number is Number.COUNT and _counted_by_event(facets, value, query):
            score += NUMBER_WEIGHT[number]  # "no burn, and four cards on the flop": the burn's
        elif (number, value) in query.numbers:
            conflicts.append(f"{number}:{value}")
    return Fit(rule_id, round(score, 3), tuple(conflicts), named)


def _counted_by_event(facets: RuleFacets, value: int, query: Reading) -> bool:
    """Whether a count is the rule's by its ``also-count`` (how many cards, with one of its own
    events): an event of its own read as a fact ("not sure if he burned" is none), not one the
    rules whose own count it is have too (four cards on the flop are too many: "extra")."""
    if query.doubted or not any(value in span for span in facets.also_count):
        return False
    others = (f for f in table().facets.values() if f is not facets)
    theirs = {
        event
        for f in others
        if any(value in span for span in f.numbers.get(Number.COUNT, ()))
        for event in f.event
    }
    return bool(query.events & facets.event - theirs)


@functools.cache
def unique_events() -> frozenset[str]:
    """The events only one rule has as its own."""
    owners: dict[str, int] = {}
    for facets in table().facets.values():
        for event in facets.event:
            owners[event] = owners.get(event, 0) + 1
    return frozenset(event for event, count in owners.items() if count == 1)


@functools.cache
def kinds(rule_id: str) -> frozenset[Kind]:
    """What the rule's remedies do, over the published rulesets."""
    entry = book().rules[rule_id]
    if not entry.rulings:
        return frozenset((Kind.PROCEDURE,))
    found = set()
    for ruling in entry.rulings:
        if ruling.chips.value == "returned":
            found.add(Kind.VOID)
        elif ruling.steps and ruling.steps[0].do.value == "gather":
            found.add(Kind.MISDEAL)
        else:
            found.add(Kind.ON)
    return frozenset(found)


def fits(query: Reading) -> list[Fit]:
    """Every rule's fit, best first (rulebook order among equals)."""
    order = list(book().rules)
    ranked = [fit(rule_id, query) for rule_id in order]
    return sorted(ranked, key=lambda f: (len(f.conflicts) > 0, -f.score, order.index(f.id)))
