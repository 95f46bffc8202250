"""From a ruling to the steps the dealer owes.

A ruling comes from ``procedures/rulebook.yaml`` under the hand's ruleset (one source of truth for
the machine, ``dealer rule`` and ``dealer ask``); its steps become :class:`Owed` steps that the hand
then requires in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dealer.core.cards import Card
from dealer.core.ledger import Ledger
from dealer.core.ruleset import Ruleset
from dealer.core.steps import Verb
from dealer.rules.rulebook import Do, Fate, Lang, Ruling, Step, book, rule

_VERB_BY_DO = {
    Do.BURN: Verb.BURN,
    Do.FLOP: Verb.FLOP,
    Do.TURN: Verb.TURN,
    Do.RIVER: Verb.RIVER,
    Do.SHUFFLE: Verb.SHUFFLE,
    Do.CUT: Verb.CUT,
    Do.GATHER: Verb.GATHER,
    Do.REPLACE: Verb.REPLACE,
    Do.SCRAMBLE: Verb.SCRAMBLE,
    Do.CHOOSE_BURN: Verb.CHOOSE_BURN,
    Do.CORRECT_BUTTON: Verb.CORRECT_BUTTON,
    Do.KILL_HAND: Verb.KILL_HAND,
    Do.VOID: Verb.VOID,
    Do.RETURN_CHIPS: Verb.RETURN_CHIPS,
    Do.PITCH: Verb.PITCH,
}


@dataclass(frozen=True, slots=True)
class Ruled:
    """A ruling made in a hand: which rule, under which ruleset, and the physical cards it names."""

    rule_id: str
    ruleset: str
    ruling: Ruling
    cards: Mapping[str, tuple[Card, ...]]
    choice: str | None = None  # a ruleset choice that decided between remedies
    after_action: bool = False  # the branch for after substantial action
    street: Verb | None = None  # the street the mishap concerned (BURN-ERROR replaces its card)

    @property
    def label(self) -> str:
        """The ruleset to name with the ruling: the published one whose remedy it is, or the
        overlay whose choice picked it (an overlay that changes nothing here rules as its base)."""
        return self.ruleset if self.choice else self.ruling.ruleset


@dataclass(frozen=True, slots=True)
class Owed:
    rule: str
    text: str  # in English, as refusals quote it
    verb: Verb | None  # the dealer step owed; None while the deal or a betting round is awaited
    by_players: bool = False  # the betting round must finish
    seat: int | None = None
    card: Card | None = None  # the card a remedy step uses (e.g. the exposed card as the burn)
    step: Step | None = None  # the rulebook's step, for its text in other languages
    detail: str = ""  # what this table adds to the step's text: "seat 2", "the turn"

    @property
    def expected(self) -> str:
        """As a refusal quotes it: ``burn one card from the top of the stub (TURN-PREMATURE)``."""
        return f"{self.text[:1].lower()}{self.text[1:]} ({self.rule})"

    def text_in(self, lang: str) -> str:
        """The step in ``lang``, with what this table adds (the seat, the street)."""
        if lang == Lang.EN or self.step is None:
            return self.text
        labels, language = book(), Lang(lang)
        text = labels.step_text(self.step, language)
        if self.seat is not None:
            seat = labels.label("place-seat", language).format(seat=self.seat)
            return f"{text} ({seat})"
        if self.detail and self.verb is not None:
            street = labels.label(f"do-{self.verb.value}", language)
            return f"{text}{labels.label('colon', language)}{street}"
        return text


def is_misdeal(ruling: Ruling) -> bool:
    return bool(ruling.steps) and ruling.steps[0].do is Do.GATHER and ruling.chips.value == "stand"


def rule_under(
    rule_id: str,
    ruleset: Ruleset,
    cards: Mapping[str, tuple[Card, ...]],
    choice: str | None = None,
    *,
    after_action: bool = False,
    street: Verb | None = None,
    branch: str | None = None,
) -> Ruled:
    """The ruling for ``rule_id`` under ``ruleset`` (an overlay rules as the ruleset it extends).

    ``choice`` (``"misdeal"`` or ``"deal on"``) is a ruleset choice that picks between the published
    remedies (``misdeal_exposed_cards``); ``after_action`` picks the branch for after substantial
    action, and ``branch`` a named one (e.g. ``more-than-four-cards``), where the rulebook has it.
    """
    entry = rule(rule_id)
    ruling = entry.ruling(ruleset.base)
    if choice is not None and is_misdeal(ruling) != (choice == "misdeal"):
        ruling = next(r for r in entry.rulings if is_misdeal(r) == (choice == "misdeal"))
    chosen = choice if ruling.ruleset != ruleset.base else None
    taken = ruling.after_substantial_action if after_action else None
    if branch is not None:
        taken = ruling.branch(branch)  # absent: the main ruling covers that case too
    return Ruled(
        rule_id,
        ruleset.name,
        taken or ruling,
        dict(cards),
        chosen,
        after_action and taken is not None,
        street,
    )


def _text(step_text: str | None, do: Do, burn: bool | None) -> str:
    if step_text is not None:
        return step_text
    key = f"do-{do}-noburn" if burn is False else f"do-{do}"
    return book().label(key, Lang.EN)


def owed_steps(ruled: Ruled, ledger: Ledger, deal_done: bool) -> list[Owed]:
    """The ruling's steps as the hand must now see them performed (``deal_done``: no card of the
    deal is still to come)."""
    owed: list[Owed] = []
    fates = {fate.card: fate.fate for fate in ruled.ruling.cards}
    for step in ruled.ruling.steps:
        owed.extend(_owed(ruled, ledger, deal_done, step, fates))
    return owed


def _owed(
    ruled: Ruled, ledger: Ledger, deal_done: bool, step: Step, fates: Mapping[str, Fate]
) -> list[Owed]:
    """What one step of the ruling asks of this hand (nothing when it needs no dealer step)."""
    rid = ruled.rule_id
    text = _text(step.text.get(Lang.EN) if step.text else None, step.do, step.burn)
    named = ruled.cards.get(step.card, ()) if step.card else ()
    card = named[0] if named else None
    if step.do is Do.FINISH_ROUND:
        return [Owed(rid, text, None, by_players=True, step=step)]
    if step.do is Do.REDEAL or (step.do is Do.PITCH and not step.card):
        # the (re)deal, finished as usual; nothing is owed when the mishap was its last card
        done = step.do is Do.PITCH and deal_done
        return [] if done else [Owed(rid, text, None, step=step)]
    if step.do is Do.REPLACE and step.card and fates.get(step.card) is Fate.SCRAP:
        return []  # a boxed card or a joker: the next card simply takes its place
    if step.do is Do.CORRECT_BUTTON and ruled.after_action:
        return []  # the hand goes on; the next hand's button is corrected
    if step.do is Do.REPLACE and not step.card:
        assert ruled.street is not None, f"{rid}: replace what?"
        detail = f"the {ruled.street}"
        return [Owed(rid, f"{text}: {detail}", ruled.street, step=step, detail=detail)]
    if step.do in (Do.PITCH, Do.KILL_HAND, Do.REPLACE):
        seat = next(iter(_seats(ruled, ledger)), None)
        verb = _VERB_BY_DO[step.do]
        detail = f"seat {seat}"
        return [Owed(rid, f"{text} ({detail})", verb, seat=seat, step=step, detail=detail)]
    return [Owed(rid, text, _VERB_BY_DO[step.do], card=card, step=step)]


def _seats(ruled: Ruled, ledger: Ledger) -> list[int]:
    """The seats holding the cards the ruling names (the exposed card's or the short hand's)."""
    seats = []
    for cards in ruled.cards.values():
        for card in cards:
            where = ledger.where(card)
            if where.startswith("seat "):
                seats.append(int(where.split()[1]))
    return seats
