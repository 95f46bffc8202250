"""``dealer train``: the trainee deals, the procedure machine examines.

The trainee is the dealer and types each step in the dealer's words; seeded random players
(:func:`dealer.engine.random_play.random_action`) act for the seats. Every step goes to the same
:class:`dealer.engine.hand.Hand` that ``replay`` and ``ask`` use: a refused step is a mistake,
shown with
the machine's own message, the rule and its sources, and leaves the hand as it was. The ``mishap``
drill injects one irregularity per hand where the machine recognises it, and the machine's ruling
then owes the remedy steps; the ``ruling`` drill asks which ruling applies.

:class:`Trainer` reads lines from a function and writes text to another, so that tests (and the
command line) drive it without a terminal. Everything is fixed by the seed.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dealer.apps.floor import trace_source
from dealer.apps.table_view import event_lines, render_table, text
from dealer.apps.words import refusal as refusal_text
from dealer.apps.words import step_error
from dealer.core.deck import DeckPlan
from dealer.core.events import Event, Kind
from dealer.core.mishaps import Mishap, MishapKind
from dealer.core.steps import DealerStep, PlayerAction, StepError, Verb, parse_step
from dealer.core.table import Table
from dealer.engine.hand import Hand, Refusal
from dealer.engine.obligations import Ruled
from dealer.engine.procedure import procedure
from dealer.engine.random_play import random_action, random_table
from dealer.rules.rulebook import Lang, ids, rule
from dealer.rules.rulesets import load_ruleset

__all__ = ["MISHAP_SLIPS", "Drill", "Mistake", "Score", "Slip", "Trainer", "slip_mishap"]

Reader = Callable[[str], str | None]  # given the prompt, the trainee's line; None at the end
Writer = Callable[[str], None]


class Drill(StrEnum):
    NORMAL = "normal"  # clean hands: every step in order
    MISHAP = "mishap"  # one mishap per hand; the trainee carries out the remedy
    RULING = "ruling"  # a quiz: which ruling applies


class Slip(StrEnum):
    """The mishaps the trainer injects, each where the machine recognises it (holdem.yaml)."""

    EXPOSED = "exposed"  # a hole card turned face up during the deal
    EXTRA = "extra"  # a card too many after the deal
    FLOP = "flop"  # premature: while the round's betting is pending
    TURN = "turn"
    RIVER = "river"
    FLOP_4 = "flop-4"  # a four-card flop
    FLOP_NOBURN = "flop-noburn"
    NOBURN = "noburn"  # the turn or the river without a burn
    BURN = "burn"  # a second burn
    BOXED = "boxed"  # the top card of the stub face up


MISHAP_SLIPS = (Slip.EXPOSED, Slip.EXTRA, Slip.FLOP, Slip.TURN, Slip.RIVER, Slip.FLOP_4)

# The state each slip happens in and what the dealer physically did there.
_SLIPS: dict[Slip, tuple[tuple[str, ...], Mishap]] = {
    Slip.FLOP: (("preflop_betting",), Mishap(MishapKind.FLOP)),
    Slip.TURN: (("flop_betting",), Mishap(MishapKind.TURN)),
    Slip.RIVER: (("turn_betting",), Mishap(MishapKind.RIVER)),
    Slip.FLOP_4: (("flop",), Mishap(MishapKind.FLOP, count=4)),
    Slip.FLOP_NOBURN: (("flop_burn",), Mishap(MishapKind.FLOP)),
    Slip.BURN: (("turn", "river"), Mishap(MishapKind.BURN)),
    Slip.BOXED: (("dealing", "flop_burn", "turn_burn", "river_burn"), Mishap(MishapKind.BOXED)),
}


def slip_mishap(slip: Slip, hand: Hand) -> Mishap | None:
    """The mishap ``slip`` would be now, if the machine recognises it here (one per hand)."""
    if hand.rulings:
        return None
    mishap: Mishap | None = None
    if slip is Slip.EXPOSED and hand.state == "dealing":
        # Not the last card of the deal: the remedy would then owe seat a third card.
        if hand.pitched < len(hand.deal_sequence) - 1:
            mishap = Mishap(MishapKind.EXPOSED, seat=hand.next_seat)
    elif slip is Slip.EXTRA and hand.state == "preflop_betting":
        mishap = Mishap(MishapKind.PITCH, seat=hand.deal_sequence[0])
    elif slip is Slip.NOBURN and hand.state in ("turn_burn", "river_burn"):
        mishap = Mishap(MishapKind(hand.state.removesuffix("_burn")))
    elif slip in _SLIPS and hand.state in _SLIPS[slip][0]:
        mishap = _SLIPS[slip][1]
    return mishap if mishap is not None and hand.can(mishap) else None


@dataclass(frozen=True, slots=True)
class Planned:
    """A mishap to inject before the hand's step number ``moment`` (counting from 0)."""

    moment: int
    slip: Slip
    mishap: Mishap


@dataclass(frozen=True, slots=True)
class Mistake:
    hand: int
    expected: str  # the step (or, in the quiz, the ruling) that was right
    got: str
    rule: str

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "expected": self.expected, "got": self.got, "rule": self.rule}


@dataclass
class Score:
    drill: str
    ruleset: str
    seed: int
    hands: int = 0
    steps_right: int = 0
    steps_wrong: int = 0
    seconds: float = 0.0
    mistakes: list[Mistake] = field(default_factory=list)

    @property
    def seconds_per_hand(self) -> float:
        return round(self.seconds / self.hands, 1) if self.hands else 0.0

    def by_rule(self) -> dict[str, int]:
        """Mistakes per rule ID, most first."""
        counts = Counter(mistake.rule for mistake in self.mistakes)
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def as_json(self) -> dict[str, Any]:
        return {
            "drill": self.drill,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "hands": self.hands,
            "steps_right": self.steps_right,
            "steps_wrong": self.steps_wrong,
            "seconds_per_hand": self.seconds_per_hand,
            "mistakes_by_rule": self.by_rule(),
            "mistakes": [mistake.as_json() for mistake in self.mistakes],
        }


def _own_rule(verb: Verb) -> str | None:
    """The rule of the procedure step ``verb`` is (burn: BURN), from the procedure data."""
    rules = {spec.rule for spec in procedure().states.values() if spec.next == verb.trigger}
    return rules.pop() if len(rules) == 1 else None


def charged_rule(hand: Hand, step: DealerStep, refusal: Refusal, last: Verb | None) -> str:
    """The rule a refused step is counted against: the refusal's; but a step repeating the one
    just done (a second burn, a second shuffle) breaks its own rule, unless a ruling owes a step."""
    head = hand.owed[0] if hand.owed else None
    if step.verb is last and (head is None or head.verb is None):
        return _own_rule(step.verb) or refusal.rule
    return refusal.rule


class _Quit(Exception):
    """The trainee typed quit, or the input ended."""


class Trainer:
    """One training session: ``run()`` plays the drill and returns the score."""

    def __init__(
        self,
        drill: Drill,
        *,
        read: Reader,
        write: Writer,
        hands: int = 3,
        seed: int = 0,
        ruleset: str = "seed",
        lang: Lang = Lang.EN,
        clock: Callable[[], float] = time.monotonic,
        slips: Sequence[Slip] | None = None,
    ) -> None:
        self.drill, self.hands, self.seed, self.lang = drill, hands, seed, lang
        self.ruleset = ruleset
        self.rules = load_ruleset(ruleset)
        default = tuple(Slip) if drill is Drill.RULING else MISHAP_SLIPS
        self.slips = tuple(slips) if slips else default
        self._read, self._write, self._clock = read, write, clock
        self._rng = random.Random(seed)
        self.score = Score(drill.value, self.rules.name, seed)
        self.hand: Hand | None = None  # the hand on the table
        self.answer: int | None = None  # the quiz: the number of the right ruling
        self._table: Table | None = None
        self._last: Verb | None = None  # the trainee's last step, for a repeated one
        self._shown = ""  # the table as last drawn
        self._number = 0

    # -- what tests (and a scripted trainee) may ask ---------------------------------------------

    def expected_step(self) -> str | None:
        """The correct dealer step now, as the trainee would type it."""
        step = self.hand.next_dealer_step() if self.hand is not None else None
        return None if step is None else str(step)

    # -- the session ------------------------------------------------------------------------------

    def run(self) -> Score:
        drill = text(f"drill-{self.drill}", self.lang)
        self._say(text("banner", self.lang, drill=drill, hands=self.hands,
                       ruleset=self.rules.name, seed=self.seed))  # fmt: skip
        try:
            for number in range(1, self.hands + 1):
                self._number = number
                self.score.hands += 1
                start = self._clock()
                try:
                    if self.drill is Drill.RULING:
                        self._quiz()
                    else:
                        self._deal()
                finally:
                    self.score.seconds += self._clock() - start
        except _Quit:
            pass
        self._say(self.render_score())
        return self.score

    def _say(self, message: str) -> None:
        self._write(message)

    def _heading(self) -> str:
        return text("hand", self.lang, number=self._number, total=self.hands)

    def _draw(self, *, changed_only: bool = False) -> None:
        """Draw the table; with ``changed_only``, only if it looks different from the last time."""
        if self.hand is None:
            raise RuntimeError("the table is drawn only while a hand is on")
        drawn = render_table(self.hand, self.lang, self._heading())
        if not (changed_only and drawn == self._shown):
            self._say(drawn)
        self._shown = drawn

    def _new_table(self) -> Table:
        return random_table(self._rng, players=self._rng.randint(2, 6), ruleset=self.ruleset)

    def _seeds(self) -> tuple[int, int]:
        """The deck's seed and the players' seed for one hand."""
        return self._rng.randrange(1 << 31), self._rng.randrange(1 << 31)

    # -- a hand dealt by the trainee --------------------------------------------------------------

    def _deal(self) -> None:
        table = self._table or self._new_table()
        deck_seed, players_seed = self._seeds()
        plan = self._plan(table, deck_seed, players_seed) if self.drill is Drill.MISHAP else None
        hand = self.hand = Hand(table, DeckPlan(seed=deck_seed), audit=True)
        players = random.Random(players_seed)
        self._last = None
        moment = 0
        while not hand.is_over:
            if plan is not None and plan.moment == moment:
                self._inject(hand, plan)
                plan = None
                continue
            if hand.next_dealer_step() is None:
                if hand.to_act is None:
                    raise RuntimeError(f"the hand cannot go on: {hand.expected()}")
                self._announce(hand.apply(random_action(hand, players)))
                self._last = None
            else:
                self._draw(changed_only=True)
                self._dealer_turn(hand)
            moment += 1
        self._say(text("hand-over", self.lang))
        self._table = hand.table.next_hand(hand.stacks, hand.button_override)

    def _announce(self, events: Sequence[Event]) -> None:
        for line in event_lines(events, self.lang):
            self._say(f"  {line}")

    def _line(self, prompt: str) -> str:
        """The next non-empty line; ``help`` and ``table`` are answered here."""
        while True:
            line = self._read(prompt)
            if line is None:
                raise _Quit
            word = line.strip()
            if word.lower() in ("quit", "exit"):
                raise _Quit
            if word.lower() == "help":
                key = "quiz-help" if self.drill is Drill.RULING else "help"
                self._say(text(key, self.lang))
            elif word.lower() == "table" and self.hand is not None:
                self._draw()
            elif word:
                return word

    def _dealer_turn(self, hand: Hand) -> None:
        """Read steps until one is accepted; each refused one is a mistake."""
        while True:
            line = self._line(text("prompt", self.lang))
            try:
                step = parse_step(line)
            except StepError as error:
                shown = step_error(str(error), line, self.lang)
                self._say(text("not-a-step", self.lang, error=shown))
                continue
            if isinstance(step, PlayerAction):
                self._say(text("players-act", self.lang))
                continue
            expected = self.expected_step() or ""
            wanted = hand.expected(self.lang)  # the refusal's "expected", in the trainee's language
            try:
                events = hand.apply(step)
            except Refusal as refusal:
                self._wrong(hand, step, expected, refusal, wanted)
                continue
            self.score.steps_right += 1
            self._last = step.verb
            self._announce(events)
            return

    def _wrong(
        self, hand: Hand, step: DealerStep, expected: str, refusal: Refusal, wanted: str
    ) -> None:
        rule_id = charged_rule(hand, step, refusal, self._last)
        self.score.steps_wrong += 1
        self.score.mistakes.append(Mistake(self._number, expected, str(step), rule_id))
        message = str(refusal)
        if self.lang is not Lang.EN and message.startswith("expected "):
            message = text("expected", self.lang, expected=wanted, got=step)
        else:
            message = refusal_text(message, self.lang)
        self._say(text("wrong", self.lang, message=message))
        self._explain(rule_id, hand.rulings)
        self._say(text("unchanged", self.lang))

    def _explain(self, rule_id: str, rulings: Sequence[Ruled]) -> None:
        """The rule's title and its sources, traced; a ruling's own sources where one was made."""
        try:
            entry = rule(rule_id)
        except KeyError:
            return
        cites = entry.sources
        ruled = next((r for r in reversed(rulings) if r.rule_id == rule_id), None)
        if ruled is not None:
            cites = ruled.ruling.sources
        elif entry.rulings:
            cites = entry.ruling(self.rules.base).sources
        sources = "; ".join(trace_source(cite, entry.section, self.lang) for cite in cites)
        self._say(text("rule", self.lang, rule=rule_id, title=entry.title.get(self.lang)))
        self._say(text("source", self.lang, sources=sources))

    # -- mishaps ----------------------------------------------------------------------------------

    def _plan(self, table: Table, deck_seed: int, players_seed: int) -> Planned | None:
        """Where this hand's mishap happens: the hand is played ahead with the same seeds (the
        trainee's wrong steps change nothing) and one recognised moment is drawn, kind first."""
        sim = Hand(table, DeckPlan(seed=deck_seed))
        players = random.Random(players_seed)
        found: dict[Slip, list[Planned]] = {}
        moment = 0
        while not sim.is_over:
            for slip in self.slips:
                mishap = slip_mishap(slip, sim)
                if mishap is not None:
                    found.setdefault(slip, []).append(Planned(moment, slip, mishap))
            step = sim.next_dealer_step()
            if step is None and sim.to_act is None:
                break
            sim.apply(step if step is not None else random_action(sim, players))
            moment += 1
        if not found:
            return None
        slip = self._rng.choice(sorted(found))
        return self._rng.choice(found[slip])

    def _slip_text(self, hand: Hand, planned: Planned, to_act: int | None) -> str:
        ruled = hand.rulings[-1]
        cards = " ".join(str(card) for group in ruled.cards.values() for card in group)
        seat = planned.mishap.seat if planned.mishap.seat is not None else to_act
        key = planned.slip.value
        if planned.slip is Slip.NOBURN:
            key = f"{planned.mishap.kind}-noburn"
        return text(f"slip-{key}", self.lang, seat=seat, cards=cards)

    def _ruling_line(self, ruled: Ruled) -> str:
        summary = ruled.ruling.summary.get(self.lang)
        return text("ruling", self.lang, rule=ruled.rule_id, ruleset=ruled.ruleset, summary=summary)

    def _inject(self, hand: Hand, planned: Planned) -> None:
        to_act = hand.to_act
        events = hand.apply(planned.mishap)
        ruled = hand.rulings[-1]
        self._say(text("mishap", self.lang, text=self._slip_text(hand, planned, to_act)))
        self._say(self._ruling_line(ruled))
        self._announce([event for event in events if event.kind is not Kind.BOARD])  # told above
        self._say(text("remedy", self.lang))
        self._last = None

    # -- the ruling quiz --------------------------------------------------------------------------

    def _quiz(self) -> None:
        table = self._new_table()
        deck_seed, players_seed = self._seeds()
        planned = self._plan(table, deck_seed, players_seed)
        if planned is None:
            raise RuntimeError("a deal always offers an exposed card")
        hand = self.hand = Hand(table, DeckPlan(seed=deck_seed), audit=True)
        players = random.Random(players_seed)
        for _ in range(planned.moment):
            step = hand.next_dealer_step()
            hand.apply(step if step is not None else random_action(hand, players))
        self._draw()
        to_act = hand.to_act
        hand.apply(planned.mishap)
        ruled = hand.rulings[-1]
        self._say(text("mishap", self.lang, text=self._slip_text(hand, planned, to_act)))
        choices = self._choices(ruled)
        self.answer = choices.index(ruled.rule_id) + 1
        self._say(text("quiz", self.lang))
        for number, rule_id in enumerate(choices, 1):
            right = rule_id == ruled.rule_id
            ruling = ruled.ruling if right else rule(rule_id).ruling(self.rules.base)
            self._say(f"  {number}. {ruling.summary.get(self.lang)}")
        picked = self._pick(len(choices))
        if picked == self.answer:
            self.score.steps_right += 1
            self._say(text("quiz-right", self.lang))
        else:
            self.score.steps_wrong += 1
            got = choices[picked - 1]
            self.score.mistakes.append(Mistake(self._number, ruled.rule_id, got, ruled.rule_id))
            self._say(text("quiz-wrong", self.lang, number=self.answer))
        self._say(self._ruling_line(ruled))
        self._explain(ruled.rule_id, hand.rulings)

    def _choices(self, ruled: Ruled) -> list[str]:
        """The right ruling and three other §B rulings, each reading differently, seeded order."""
        by_summary = {ruled.ruling.summary.get(self.lang): ruled.rule_id}
        for rule_id in ids("B"):
            summary = rule(rule_id).ruling(self.rules.base).summary.get(self.lang)
            by_summary.setdefault(summary, rule_id)
        others = [rule_id for rule_id in by_summary.values() if rule_id != ruled.rule_id]
        choices = [ruled.rule_id, *self._rng.sample(others, 3)]
        self._rng.shuffle(choices)
        return choices

    def _pick(self, count: int) -> int:
        while True:
            line = self._line(text("quiz-prompt", self.lang))
            if line.isdigit() and 1 <= int(line) <= count:
                return int(line)
            self._say(text("quiz-number", self.lang, count=count))

    # -- the score --------------------------------------------------------------------------------

    def render_score(self) -> str:
        score, lang = self.score, self.lang
        lines = [
            text("score", lang),
            "  " + text("steps", lang, right=score.steps_right, wrong=score.steps_wrong),
            "  " + text("time", lang, hands=score.hands, seconds=score.seconds_per_hand),
        ]
        counts = score.by_rule()
        if not counts:
            lines.append("  " + text("no-mistakes", lang))
            return "\n".join(lines)
        lines.append("  " + text("mistakes", lang))
        width = max(len(rule_id) for rule_id in counts)
        for rule_id, count in counts.items():
            title = rule(rule_id).title.get(lang) if rule_id in ids() else ""
            lines.append(f"    {rule_id:<{width}}  {count:>3}  {title}".rstrip())
        return "\n".join(lines)
