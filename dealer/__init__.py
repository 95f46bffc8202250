"""dealer: Texas Hold'em dealer procedure and misdeal adjudication.

The public surface is what ``__all__`` names; every other module is internal. Names load on first
use, so ``import dealer`` stays quick.

Look up a rule or ruling by ID or by words, under a ruleset. Words that can mean more than one
rule never get the first of them: :func:`rule` raises :class:`WhichOne` with the candidates and
the question that tells them apart, and :func:`lookup` gives the typed answer, one of three:

>>> import dealer
>>> dealer.rule("premature turn").id
'TURN-PREMATURE'
>>> try:
...     dealer.rule("7號拿到三張牌")
... except dealer.WhichOne as which:
...     which.candidates, which.question
(('DEAL-EXTRA-ONE', 'DEAL-EXTRA-MULTIPLE'), 'extra')
>>> answer = dealer.lookup("seat 3 has 3 cards")
>>> answer.kind, answer.ids, answer.question
(<Verdict.WHICH: 'which'>, ('DEAL-EXTRA-ONE', 'DEAL-EXTRA-MULTIPLE'), 'extra')
>>> dealer.lookup("string bet").kind
<Verdict.NONE: 'none'>
>>> ruling = dealer.rule("TURN-PREMATURE").ruling("wsop-2024")
>>> ruling.ruleset, [step.do.value for step in ruling.steps][:2]
('wsop-2024', ['finish-round', 'shuffle'])

Read a scenario file and replay it (bad input raises :class:`DataError`, ``file:line: ...``):

>>> from pathlib import Path
>>> path = Path(dealer.__file__).parents[1] / "scenarios" / "procedure" / "heads-up.yaml"
>>> result = dealer.replay(dealer.read_scenario(path))
>>> result.passed, result.failure
(True, None)

Drive a hand yourself: ``verify`` raises a :class:`Refusal` naming the rule, ``can`` asks, ``apply``
performs the step and returns its events:

>>> from decimal import Decimal
>>> stakes = dealer.Stakes.blinds(dealer.Structure.NO_LIMIT, Decimal(1), Decimal(2))
>>> seats = {1: Decimal(100), 2: Decimal(100), 3: Decimal(100)}
>>> table = dealer.Table(stakes, seats, 3, dealer.load_ruleset("seed"))
>>> hand = dealer.Hand(table, dealer.DeckPlan(seed=1), audit=True)
>>> hand.can(dealer.parse_step("burn"))
False
>>> hand.verify(dealer.parse_step("burn"))
Traceback (most recent call last):
...
dealer.engine.refusals.OutOfOrder: expected post the antes and blinds (BLINDS); got: burn
>>> [str(event) for event in hand.apply(dealer.parse_step("post"))]
['small blind 1 by seat 1', 'big blind 2 by seat 2']
>>> hand.expected()
'shuffle (SHUFFLE-CUT)'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from pathlib import Path

    from dealer.core.deck import DeckPlan
    from dealer.core.errors import DataError, DealerError
    from dealer.core.stakes import Stakes, Structure
    from dealer.core.steps import parse_step
    from dealer.core.table import Table
    from dealer.engine.hand import Hand, Refusal
    from dealer.rules.rulebook import Rule, Ruling
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.search import Answer, NoRule, Verdict, WhichOne, find
    from dealer.scenarios.format import Scenario
    from dealer.scenarios.replay import Result, replay

__all__ = [
    "Answer",
    "DataError",
    "DealerError",
    "DeckPlan",
    "Hand",
    "NoRule",
    "Refusal",
    "Result",
    "Rule",
    "Ruling",
    "Scenario",
    "Stakes",
    "Structure",
    "Table",
    "Verdict",
    "WhichOne",
    "__version__",
    "find",
    "load_ruleset",
    "lookup",
    "parse_step",
    "read_scenario",
    "replay",
    "rule",
]

_WHERE = {
    "Answer": "dealer.rules.search",
    "NoRule": "dealer.rules.search",
    "Verdict": "dealer.rules.search",
    "WhichOne": "dealer.rules.search",
    "DataError": "dealer.core.errors",
    "DealerError": "dealer.core.errors",
    "DeckPlan": "dealer.core.deck",
    "Hand": "dealer.engine.hand",
    "Refusal": "dealer.engine.hand",
    "Result": "dealer.scenarios.replay",
    "Rule": "dealer.rules.rulebook",
    "Ruling": "dealer.rules.rulebook",
    "Scenario": "dealer.scenarios.format",
    "Stakes": "dealer.core.stakes",
    "Structure": "dealer.core.stakes",
    "Table": "dealer.core.table",
    "find": "dealer.rules.search",
    "load_ruleset": "dealer.rules.rulesets",
    "parse_step": "dealer.core.steps",
    "replay": "dealer.scenarios.replay",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'dealer' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def rule(query: str, ruleset: str | None = None) -> Rule:
    """The rule for an ID (``TURN-PREMATURE``, any case) or for words in English or Chinese
    (``premature turn``, ``河牌 過早``) that can mean only it. Words that can mean several rules
    raise :class:`WhichOne` (its ``candidates`` and ``question``); words no rule covers raise
    :class:`NoRule`, a ``KeyError`` naming the closest IDs."""
    from dealer.rules import rulebook, search

    found = search.search(query, ruleset)
    if found.kind is search.Verdict.WHICH:
        raise search.WhichOne(query, found.ids, found.question)
    if found.kind is search.Verdict.NONE:
        raise search.NoRule(query, found.ids or search.suggest(query))
    return rulebook.rule(found.ids[0])


def lookup(query: str, ruleset: str | None = None) -> Answer:
    """The floor's answer for an ID or words, typed: ``kind`` is :class:`Verdict` ONE (``ids`` the
    rule), WHICH (``ids`` the candidates, ``question`` the facet that tells them apart) or NONE
    (``ids`` the nearest); ``reading`` the facets read from the words."""
    from dealer.rules import search

    return search.search(query, ruleset)


def read_scenario(path: str | Path, ruleset: str | None = None) -> Scenario:
    """Read and check a scenario file; ``ruleset`` replays it under that ruleset or overlay file
    (as ``dealer replay --ruleset``)."""
    from pathlib import Path as _Path

    from dealer.rules.rulesets import load_ruleset
    from dealer.scenarios.format import read_scenario as read

    return read(_Path(path), load_ruleset(ruleset) if ruleset is not None else None)
