"""From a ruling to the steps the dealer owes.

A ruling comes from ``procedures/rulebook.yaml`` under the hand's ruleset (one source of truth for
the machine, ``dealer rule`` and ``dealer ask``); its steps become :class:`Owed` steps that the hand
then requires in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer.cards import Card
from dealer.rulebook import Do, Lang, Ruling, book, rule
from dealer.ruleset import Ruleset
from dealer.steps import Verb

if TYPE_CHECKING:
    from dealer.hand import Hand

_VERB_BY_DO = {
    Do.BURN: Verb.BURN,
    Do.FLOP: Verb.FLOP,
    Do.TURN: Verb.TURN,
    Do.RIVER: Verb.RIVER,
    Do.SHUFFLE: Verb.SHUFFLE,
    Do.CUT: Verb.CUT,
    Do.GATHER: Verb.GATHER,
    Do.REPLACE: Verb.REPLACE,
}
_DEAL = (Do.PITCH, Do.REDEAL)  # satisfied by the (re)deal reaching its last card


@dataclass(frozen=True, slots=True)
class Ruled:
    """A ruling made in a hand: which rule, under which ruleset, and the physical cards it names."""

    rule_id: str
    ruleset: str
    ruling: Ruling
    cards: Mapping[str, Card]
    choice: str | None = None  # a ruleset choice that decided between remedies


@dataclass(frozen=True, slots=True)
class Owed:
    rule: str
    text: str
    verb: Verb | None  # the dealer step owed; None while the deal or a betting round is awaited
    by_players: bool = False  # the betting round must finish
    seat: int | None = None
    card: Card | None = None  # the card a remedy step uses (e.g. the exposed card as the burn)

    @property
    def expected(self) -> str:
        """As a refusal quotes it: ``burn one card from the top of the stub (TURN-PREMATURE)``."""
        return f"{self.text[:1].lower()}{self.text[1:]} ({self.rule})"


def _is_misdeal(ruling: Ruling) -> bool:
    return bool(ruling.steps) and ruling.steps[0].do is Do.GATHER


def rule_under(
    rule_id: str, ruleset: Ruleset, cards: Mapping[str, Card], choice: str | None = None
) -> Ruled:
    """The ruling for ``rule_id`` under ``ruleset``.

    A house overlay rules as the ruleset it extends.

    ``choice`` ``"misdeal"`` or ``"deal on"`` is a ruleset choice that picks between the published
    remedies (e.g. ``misdeal_exposed_cards``); the ruling then says it came from that choice.
    """
    entry = rule(rule_id)
    ruling = entry.ruling(ruleset.base)
    if choice is not None and _is_misdeal(ruling) != (choice == "misdeal"):
        ruling = next(r for r in entry.rulings if _is_misdeal(r) == (choice == "misdeal"))
    chosen = choice if ruling.ruleset != ruleset.base else None
    return Ruled(rule_id, ruleset.name, ruling, dict(cards), chosen)


def owed_steps(ruled: Ruled, hand: Hand) -> list[Owed]:
    """The ruling's steps as the hand must now see them performed."""
    labels = book()
    owed: list[Owed] = []
    for step in ruled.ruling.steps:
        if step.text is not None:
            text = step.text.get(Lang.EN)
        else:
            key = f"do-{step.do}-noburn" if step.burn is False else f"do-{step.do}"
            text = labels.label(key, Lang.EN)
        card = ruled.cards.get(step.card) if step.card else None
        if step.do in _DEAL:
            if hand.next_seat is not None or step.do is Do.REDEAL:
                owed.append(Owed(ruled.rule_id, text, None))
        elif step.do is Do.FINISH_ROUND:
            owed.append(Owed(ruled.rule_id, text, None, by_players=True))
        elif step.do is Do.REPLACE:
            exposed = next(iter(ruled.cards.values()))
            seat = int(hand.ledger.where(exposed).split()[-1])
            owed.append(Owed(ruled.rule_id, f"{text} (seat {seat})", Verb.REPLACE, seat=seat))
        elif step.do in _VERB_BY_DO:
            owed.append(Owed(ruled.rule_id, text, _VERB_BY_DO[step.do], card=card))
        else:
            raise NotImplementedError(
                f"{ruled.rule_id}: the machine cannot yet require '{step.do}'"
            )
    return owed
