"""Which ruling of a rule a table applies: the ruleset's (or house overlay's) choice, made here
only, for the engine and for the floor's answers alike (issue 23 item 4)."""

from __future__ import annotations

from enum import StrEnum

from dealer.core.ruleset import Ruleset
from dealer.core.steps import Verb
from dealer.rules.rulebook import ChipFate, Rule, Ruling

__all__ = ["Choice", "chosen_ruling", "is_misdeal", "ruleset_choice"]


class Choice(StrEnum):
    """A ruleset choice the procedure data names where the published remedies differ."""

    MISDEAL = "misdeal"
    DEAL_ON = "deal-on"


def is_misdeal(ruling: Ruling) -> bool:
    return (
        bool(ruling.steps)
        and ruling.steps[0].do is Verb.GATHER
        and (ruling.chips is ChipFate.STAND)
    )


# The rules whose remedy a ruleset's choice decides, misdeal or deal on, by the card of the deal
# they concern: ``misdeal_exposed_cards`` names the places that misdeal (HOLE-EXPOSED-SECOND).
_CHOSEN_BY_PLACE = {"HOLE-EXPOSED-SECOND": 2}


def ruleset_choice(rule_id: str, ruleset: Ruleset) -> Choice | None:
    """The choice ``ruleset`` makes for ``rule_id`` where its choices decide the remedy.

    >>> from dealer.rules.rulesets import load_ruleset
    >>> ruleset_choice("HOLE-EXPOSED-SECOND", load_ruleset("wsop-2024"))
    <Choice.MISDEAL: 'misdeal'>
    >>> seed = load_ruleset("seed")
    >>> ruleset_choice("HOLE-EXPOSED-SECOND", seed), ruleset_choice("BURN-ERROR", seed)
    (<Choice.DEAL_ON: 'deal-on'>, None)
    """
    place = _CHOSEN_BY_PLACE.get(rule_id)
    if place is None:
        return None
    return Choice.MISDEAL if place in ruleset.misdeal_exposed_cards else Choice.DEAL_ON


def chosen_ruling(entry: Rule, ruleset: Ruleset, choice: Choice | None = None) -> Ruling:
    """The ruling of ``entry`` a table under ``ruleset`` applies, chosen here only: the ruling of
    the published ruleset an overlay's ``rulings`` name for it (else of the one it extends), or,
    where a choice decides between a misdeal and dealing on (``choice``), the remedy it decides."""
    ruling = entry.ruling(ruleset.ruling_from(entry.id))
    if choice is not None and is_misdeal(ruling) != (choice is Choice.MISDEAL):
        ruling = next(r for r in entry.rulings if is_misdeal(r) == (choice is Choice.MISDEAL))
    return ruling
