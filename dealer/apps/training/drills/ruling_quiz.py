"""The ``ruling`` drill: a mishap is described on the table; which ruling applies?

The four choices are the right ruling and three others whose remedies differ from it and from each
other (the steps, the cards' fates and the chips), so no two options rule the same way. The others
are near misses: rulings of the same family of mishap first (the rule IDs that share the most words:
another exposed card, another extra card, another premature street), so the quiz cannot be solved by
ruling out the options about other streets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dealer.apps.present.table import render_table
from dealer.apps.training import turns
from dealer.apps.training.desk import Asking, Desk
from dealer.apps.training.drills.procedure import _slip_key
from dealer.apps.training.drills.slips import FIRST_PARTS, SLIPS, Planned, Slip, plan_slip
from dealer.apps.training.scoring import Mistake, Skill
from dealer.core.deck import DeckPlan
from dealer.core.mishaps import Mishap
from dealer.engine.hand import Hand
from dealer.engine.obligations import Ruled
from dealer.engine.random_play import random_action, random_table
from dealer.rules.rulebook import Ruling, ids, rule

__all__ = ["RulingQuiz", "Spot", "kinship", "remedy_of"]


def remedy_of(ruling: Ruling) -> tuple[object, ...]:
    """What a ruling has done: its steps, the cards' fates and the chips (not its words)."""
    steps = tuple((step.do, step.burn, step.card) for step in ruling.steps)
    fates = tuple(sorted((fate.card, fate.fate.value) for fate in ruling.cards))
    return steps, fates, ruling.chips


def kinship(one: str, other: str) -> int:
    """How near two mishaps are: the words their rule IDs share (the IDs name the family first).

    >>> kinship("HOLE-EXPOSED-FIRST", "HOLE-EXPOSED-OTHER"), kinship("DECK-JOKER", "BURN-ERROR")
    (2, 0)
    >>> kinship("TURN-PREMATURE", "RIVER-PREMATURE")
    1
    """
    return len(set(one.split("-")) & set(other.split("-")))


@dataclass(frozen=True, slots=True)
class Spot:
    """One question of the quiz: the hand after the mishap, its ruling, the table as it was
    before the mishap, what the dealer did, and the rule IDs offered (in the order shown)."""

    hand: Hand
    ruled: Ruled
    table: str
    heading: str
    told: str
    choices: tuple[str, ...]

    @property
    def answer(self) -> int:
        """The right choice's number (from 1)."""
        return self.choices.index(self.ruled.rule_id) + 1


class RulingQuiz:
    def __init__(self, desk: Desk, *, ruleset: str) -> None:
        self.desk, self.ruleset = desk, ruleset
        self.slips = tuple(slip for slip in FIRST_PARTS if SLIPS[slip].then is None)

    def _pick(self, found: dict[Slip, list[Planned]]) -> Planned:
        rng = self.desk.rng
        slip = rng.choice(sorted(found))
        return rng.choice(found[slip])

    def spot(self, heading: str | None = None) -> Spot:
        """The next question, drawn from the desk's seeded generator: a table dealt to a
        mishap, its ruling and the four choices (the exam sheet asks the same)."""
        desk = self.desk
        table = random_table(desk.rng, players=desk.rng.randint(2, 6), ruleset=self.ruleset)
        deck_seed, players_seed = desk.rng.randrange(1 << 31), desk.rng.randrange(1 << 31)
        planned = plan_slip(table, deck_seed, players_seed, self.slips, self._pick)
        assert planned is not None, "a deal always offers an exposed card"
        hand = Hand(table, DeckPlan(seed=deck_seed), audit=True)
        players = random.Random(players_seed)
        for _ in range(planned.moment):
            step = hand.next_dealer_step()
            hand.apply(step if step is not None else random_action(hand, players))
        if heading is None:
            heading = desk.t("hand", number=desk.number, total=desk.total)
        drawn = render_table(hand, desk.lang, heading)
        to_act = hand.to_act
        assert isinstance(planned.mishap, Mishap)  # first parts noticed at once
        hand.apply(planned.mishap)
        ruled = hand.rulings[-1]
        cards = " ".join(str(card) for group in ruled.cards.values() for card in group)
        seat = planned.mishap.seat if planned.mishap.seat is not None else to_act
        key = f"slip-{_slip_key(planned.slip, planned.mishap)}"
        text = desk.t(key, seat=seat, cards=cards, card=planned.mishap.card)
        return Spot(hand, ruled, drawn, heading, desk.t("mishap", text=text),
                    tuple(self._choices(ruled)))  # fmt: skip

    def play(self) -> Asking[None]:
        desk = self.desk
        found = self.spot()
        hand = desk.hand = found.hand
        ruled = found.ruled
        desk.redraw = lambda: desk.draw(render_table(hand, desk.lang, found.heading), found.heading)
        desk.draw(found.table, found.heading)  # the table as it was before the mishap
        desk.say(found.told)
        choices = list(found.choices)
        number = found.answer
        desk.answer = str(number)
        options = []
        for rule_id in choices:
            right = rule_id == ruled.rule_id
            ruling = (
                ruled.ruling if right else rule(rule_id).ruling(desk.rules.ruling_from(rule_id))
            )
            options.append(ruling.summary.get(desk.lang))
        listed = [f"  {index}. {summary}" for index, summary in enumerate(options, 1)]
        desk.emit(turns.Question((desk.t("quiz"), *listed), tuple(options), Skill.RULINGS.value))
        desk.start_position()
        picked = yield from self._pick_number(len(choices))
        if picked == number:
            desk.right(Skill.RULINGS)
            said = desk.t("quiz-right")
        else:
            mistake = Mistake(
                desk.number, ruled.rule_id, choices[picked - 1], ruled.rule_id, Skill.RULINGS
            )
            desk.score.position(Skill.RULINGS, mistake, desk.elapsed())
            desk.scored(Skill.RULINGS, ruled.rule_id, first=True)
            said = desk.t("quiz-wrong", number=number)
        explained = desk.explained(ruled.rule_id, hand.rulings)
        desk.emit(
            turns.Verdict(
                (said, desk.ruling_line(ruled), *explained.lines),
                picked == number,
                ruled.rule_id,
                Skill.RULINGS.value,
                message=ruled.ruling.summary.get(desk.lang),
                expected=str(number),
                got=str(picked),
                title=explained.title,
                sources=explained.sources,
            )
        )
        desk.answer = None

    def _choices(self, ruled: Ruled) -> list[str]:
        """The right ruling and three §B rulings whose remedies differ, in a seeded order."""
        rules, lang = self.desk.rules, self.desk.lang
        remedies = {remedy_of(ruled.ruling)}
        summaries = {ruled.ruling.summary.get(lang)}
        rng = self.desk.rng
        candidates = [rule_id for rule_id in ids("B") if rule_id != ruled.rule_id]
        rng.shuffle(candidates)  # among equally near ones, a seeded choice
        candidates.sort(key=lambda rule_id: -kinship(rule_id, ruled.rule_id))
        others = []
        for rule_id in candidates:
            ruling = rule(rule_id).ruling(rules.ruling_from(rule_id))
            remedy, summary = remedy_of(ruling), ruling.summary.get(lang)
            if remedy in remedies or summary in summaries:
                continue  # the same remedy, or the same words: not a different ruling
            remedies.add(remedy)
            summaries.add(summary)
            others.append(rule_id)
            if len(others) == 3:
                break
        choices = [ruled.rule_id, *others]
        rng.shuffle(choices)
        return choices

    def _pick_number(self, count: int) -> Asking[int]:
        desk = self.desk
        while True:
            line = yield from desk.line("quiz-prompt")
            if line.isdigit() and 1 <= int(line) <= count:
                return int(line)
            desk.say(desk.t("quiz-number", count=count))
