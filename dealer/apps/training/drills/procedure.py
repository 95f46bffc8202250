"""The procedure drills: the trainee deals whole hands (``normal``) and carries out the remedy of an
injected mishap (``mishap``); the pots are awarded by the trainee, line by line.

Every step goes to the same :class:`dealer.engine.hand.Hand` that ``replay`` and ``ask`` use: a
refused step is a mistake, shown with the machine's message, the command that was expected, the
rule and its sources, and leaves the hand as it was. Seeded random players act for the seats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dealer.apps.present import words
from dealer.apps.present.commands import display
from dealer.apps.present.table import event_lines, render_table
from dealer.apps.present.words import card_role
from dealer.apps.training import turns
from dealer.apps.training.desk import Asking, Desk
from dealer.apps.training.drills.awards import (
    Verdict,
    award_skill,
    award_text,
    judge,
    matching_share,
    parse_award,
    shares_of,
    uncalled_in_front,
)
from dealer.apps.training.drills.names import hand_name
from dealer.apps.training.drills.slips import (
    FIRST_PARTS,
    SLIPS,
    Planned,
    Slip,
    plan_slip,
    slip_mishap,
)
from dealer.apps.training.drills.stages import awarding, burn_due, posting
from dealer.apps.training.scoring import skill_of
from dealer.apps.training.turns import Asked
from dealer.core.chips import format_chips
from dealer.core.deck import DeckPlan
from dealer.core.events import Event, Kind
from dealer.core.mishaps import Mishap
from dealer.core.pots import Share
from dealer.core.steps import (
    DealerStep,
    PlayerAction,
    ShowdownCall,
    Step,
    StepError,
    Verb,
    parse_step,
)
from dealer.core.table import Table
from dealer.engine.hand import Hand, Refusal
from dealer.engine.obligations import Ruled
from dealer.engine.procedure import procedure
from dealer.engine.random_play import random_action, random_table
from dealer.engine.refusals import OutOfOrder
from dealer.rules.rulebook import Lang

__all__ = ["DealDrill", "charged_rule", "owed_commands", "rule_now"]


def rule_now(hand: Hand) -> str:
    """The rule of what the hand expects now (the one its refusals would cite)."""
    return hand.expects().rule


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


def owed_commands(hand: Hand, lang: str) -> list[str]:
    """What the rulings still owe, as the trainee types it (``replace 5``) or, where players or
    the deal are awaited, in words."""
    found = []
    for owed in hand.owed:
        if owed.verb is not None:
            command = display(str(DealerStep(owed.verb, seat=owed.seat)), Lang(lang))
            role = card_role(owed.role, Lang(lang)) if owed.role is not None else None
            found.append(f"{command} ({role})" if role is not None else command)
        else:
            found.append(owed.text_in(lang))
    return found


class DealDrill:
    """Deals hands on one table (the button moves between them)."""

    def __init__(self, desk: Desk, *, ruleset: str, mishaps: bool, slips: Sequence[Slip] = ()):
        self.desk = desk
        self.ruleset = ruleset
        self.mishaps = mishaps
        self.slips = tuple(slips) or FIRST_PARTS
        self.table: Table | None = None
        self._bag: list[Slip] = []
        self._last: Verb | None = None  # the trainee's last step, for a repeated one
        self._shown = ""
        self._early_shuffle = False  # shuffled before the blinds were posted
        self._left: list[Share] = []  # awards still to make
        self._unnoticed = ""  # the mishap nobody noticed yet, as it was told
        desk.hint = self.hint
        desk.redraw = self.draw

    # -- what tests (and a scripted trainee) may ask ---------------------------------------------

    def expected_step(self) -> str | None:
        """The correct dealer step now, as the trainee would type it (an award when pushing)."""
        hand = self.desk.hand
        if hand is None:
            return None
        if awarding(hand):
            left = self._left or list(shares_of(hand)[1])
            return award_text(left[0])
        step = hand.next_dealer_step()
        return None if step is None else str(step)

    # -- drawing and speaking --------------------------------------------------------------------

    def _heading(self) -> str:
        return self.desk.t("hand", number=self.desk.number, total=self.desk.total)

    def draw(self, *, changed_only: bool = False) -> None:
        """Draw the table; with ``changed_only``, only if it looks different from the last time."""
        hand = self.desk.hand
        if hand is None or not self.desk.draws:
            return
        heading = self._heading()
        drawn = render_table(hand, self.desk.lang, heading)
        if not (changed_only and drawn == self._shown):
            self.desk.draw(drawn, heading)
        self._shown = drawn

    def announce(self, hand: Hand, events: Sequence[Event]) -> None:
        self.desk.say_all(self.announced(hand, events))

    def announced(self, hand: Hand, events: Sequence[Event]) -> list[str]:
        """What the events show the table, one line each, in the trainee's language."""
        lang = self.desk.lang
        lines: list[str] = []
        told: list[Event] = []  # told together: a street's board cards are one line
        for event in events:
            if event.kind is Kind.SHOW and event.seat is not None:  # the hand named in lang
                lines.extend(f"  {line}" for line in event_lines(told, lang))
                told = []
                name = hand_name(event.cards, hand.ledger.board, lang)
                cards = " ".join(str(card) for card in event.cards)
                lines.append("  " + self.desk.t("ev-show", seat=event.seat, cards=cards, name=name))
            else:
                told.append(event)
        lines.extend(f"  {line}" for line in event_lines(told, lang))
        return lines

    def hint(self) -> None:
        """What is owed now, and why."""
        hand = self.desk.hand
        expected = self.expected_step()
        if hand is None or expected is None:
            self.desk.say(self.desk.t("no-hint"))
            return
        if awarding(hand):
            rule_id, why = ("ROUND-END" if len(hand.live) == 1 else "SIDE-POTS"), ""
            why = self.desk.t("why-award" if len(hand.live) > 1 else "why-uncontested")
        else:
            rule_id, why = rule_now(hand), hand.expected(self.desk.lang)
        command = display(expected, self.desk.lang)  # in the trainee's words (commands.yaml)
        explained = self.desk.explained(rule_id, hand.rulings)
        said = (self.desk.t("hint", command=command, why=why), *explained.lines)
        self.desk.emit(turns.Hint(said, command, rule_id))

    # -- a hand ----------------------------------------------------------------------------------

    def play(self) -> Asking[None]:
        desk = self.desk
        table = self.table or random_table(
            desk.rng, players=desk.rng.randint(2, 6), ruleset=self.ruleset
        )
        deck_seed, players_seed = desk.rng.randrange(1 << 31), desk.rng.randrange(1 << 31)
        plan = None
        if self.mishaps:
            plan = plan_slip(table, deck_seed, players_seed, self.slips, self._pick)
        hand = desk.hand = Hand(table, DeckPlan(seed=deck_seed), audit=True)
        players = random.Random(players_seed)
        self._last, self._early_shuffle, self._left = None, False, []
        chase: Slip | None = None
        moment = 0
        while not hand.is_over:
            if chase is not None and not SLIPS[chase].replaces:
                mishap = slip_mishap(chase, hand)
                if mishap is not None:
                    self._inject(hand, chase, mishap)
                    chase = None
                    continue
            if plan is not None and plan.moment == moment and not SLIPS[plan.slip].replaces:
                self._inject(hand, plan.slip, plan.mishap)
                chase, plan = SLIPS[plan.slip].then, None
                continue
            if not awarding(hand) and hand.next_dealer_step() is None:
                if hand.to_act is None:
                    raise RuntimeError(f"the hand cannot go on: {hand.expected()}")
                self.announce(hand, hand.apply(random_action(hand, players)))
                self._last = None
                moment += 1
                continue
            self.draw(changed_only=True)
            replacing: Planned | None = None
            if plan is not None and plan.moment == moment:
                replacing = plan
            elif chase is not None and (mishap := slip_mishap(chase, hand)) is not None:
                replacing = Planned(moment, chase, mishap)
            if awarding(hand):
                moment += yield from self.award_pots(hand)
                continue
            done, injected = yield from self._dealer_turn(hand, replacing)
            if injected and replacing is not None:
                if plan is not None and replacing.slip is plan.slip:
                    chase, plan = SLIPS[plan.slip].then, None
                else:
                    chase = None
            moment += done
        desk.say(desk.t("hand-over"))
        # The normal drill stays at its table (the button moves); the mishap drill takes a new
        # table each hand, so that every irregularity finds a table it can happen at.
        if not self.mishaps:
            self.table = hand.next_table()

    def _pick(self, found: dict[Slip, list[Planned]]) -> Planned | None:
        """The first slip of a shuffled bag that this hand offers, so that over a session every
        slip comes up; then one of its moments."""
        rng = self.desk.rng
        if not any(slip in found for slip in self._bag):
            self._bag = list(self.slips)
            rng.shuffle(self._bag)
        slip = next((slip for slip in self._bag if slip in found), None)
        if slip is None:
            return None
        self._bag.remove(slip)
        return rng.choice(found[slip])

    # -- the dealer's turn -----------------------------------------------------------------------

    def _dealer_turn(self, hand: Hand, replacing: Planned | None) -> Asking[tuple[int, bool]]:
        """Read steps until one is accepted; each refused one is a mistake (one per position).
        Returns how many of the hand's steps were taken, and whether the slip replaced one."""
        desk = self.desk
        desk.start_position()
        if desk.learn:
            self.hint()
        first = True
        while True:
            line = yield from desk.line("prompt", Asked.STEP)
            if parse_award(line) is not None or line.lower().startswith("award"):
                step: Step = DealerStep(Verb.PUSH)
            else:
                try:
                    step = parse_step(line)
                except StepError as error:
                    from dealer.apps.present.words import step_error

                    desk.say(desk.t("not-a-step", error=step_error(str(error), line, desk.lang)))
                    continue
            if isinstance(step, PlayerAction | ShowdownCall):  # the players' part, not the dealer's
                desk.say(desk.t("players-act"))
                continue
            rule_id = rule_now(hand)
            skill = skill_of(hand.owed[0].rule if hand.owed else rule_id)
            taken = self._shortcut(hand, step)
            if taken is not None:
                desk.right(skill, first=first)
                return taken, False
            expected = self.expected_step() or ""
            if replacing is not None and str(step) == expected:
                desk.right(skill, first=first)
                self._last = step.verb
                self._inject(hand, replacing.slip, replacing.mishap, typed=str(step))
                return 1, True
            wanted = hand.expected(desk.lang)
            try:
                events = hand.apply(step)
            except Refusal as refusal:
                self._wrong(hand, step, expected, refusal, wanted, first=first)
                first = False
                continue
            desk.right(skill, first=first)
            self._last = step.verb
            self.announce(hand, events)
            return 1, False

    def _shortcut(self, hand: Hand, step: DealerStep) -> int | None:
        """Orders the sources allow that the machine does not take as typed: shuffling before the
        blinds are posted (no source orders the two), and the street's step where a held card is
        its burn (the ruling said no card is burned from the stub). Returns the hand's steps
        taken, or None when ``step`` is no such case."""
        desk = self.desk
        if posting(hand) and step.verb is Verb.SHUFFLE and not self._early_shuffle:
            self._early_shuffle = True
            self._last = Verb.SHUFFLE
            desk.say("  " + desk.t("early-shuffle", cards=len(hand.ledger.stub)))
            return 0
        if posting(hand) and step.verb is Verb.POST and self._early_shuffle:
            events = hand.apply(step)
            events += [
                e for e in hand.apply(DealerStep(Verb.SHUFFLE)) if e.kind is not Kind.SHUFFLE
            ]
            self._early_shuffle = False
            self._last = Verb.POST
            self.announce(hand, events)
            return 2
        head = hand.owed[0] if hand.owed else None
        burn_for = burn_due(hand)  # the street a named burn (SEEN-CARD-STAYS-OUT) comes before
        street = Verb(str(burn_for)) if burn_for is not None else None
        if head is None or head.verb is not Verb.BURN or head.role is None:
            return None
        if street is None or step.verb is not street:
            return None
        burned = hand.held_burn  # the card a ruling holds to be the burn
        if burned is None:
            return None
        events = hand.apply(DealerStep(Verb.BURN))
        desk.say("  " + desk.t("held-burn", card=burned))
        self._last = Verb.BURN
        if not hand.can(step):
            self.announce(hand, events)
            return 1  # the burn was all that was owed here: the street follows next
        events += hand.apply(step)
        self._last = step.verb
        self.announce(hand, events)
        return 2

    def _wrong(
        self,
        hand: Hand,
        step: DealerStep,
        expected: str,
        refusal: Refusal,
        wanted: str,
        *,
        first: bool,
    ) -> None:
        desk = self.desk
        rule_id = charged_rule(hand, step, refusal, self._last)
        if desk.lang != "en" and isinstance(refusal, OutOfOrder):
            # the step said as the language's commands say it (銷牌, not burn), on every surface
            message = desk.t("expected", expected=wanted, got=display(str(step), desk.lang))
        else:
            message = words.refusal(refusal, Lang(desk.lang))
        skill = skill_of(rule_id)
        desk.wrong(skill, expected, str(step), rule_id, first=first)
        explained = desk.explained(rule_id, hand.rulings)
        told = [desk.t("wrong", message=message)]
        if expected:
            told.append(desk.t("expected-command", command=display(expected, desk.lang)))
        desk.emit(
            turns.Verdict(
                (*told, *explained.lines, desk.t("unchanged")),
                False,
                rule_id,
                skill.value,
                message=message,
                expected=expected,
                got=str(step),
                title=explained.title,
                sources=explained.sources,
            )
        )

    # -- the pots, awarded by the trainee --------------------------------------------------------

    def award_pots(self, hand: Hand) -> Asking[int]:
        """Each share of each pot, awarded by the trainee (the last pot first); then the push."""
        desk = self.desk
        pots, shares = shares_of(hand)
        self._left = list(shares)
        uncontested = len(hand.live) == 1
        uncalled = uncalled_in_front(hand)
        while self._left:
            desk.start_position()
            if desk.learn:
                self.hint()
            first = True
            expected = award_text(self._left[0])
            while True:
                line = yield from desk.line("prompt", Asked.AWARD)
                line_award = parse_award(line)
                verdict: Verdict | None
                if line_award is None:
                    verdict = self._not_an_award(hand, line, uncontested)
                    if verdict is None:
                        continue
                else:
                    verdict = judge(line_award, pots, self._left, uncalled)
                    if verdict is None:  # the line awards one of the shares left
                        share = matching_share(line_award, self._left, uncalled)
                        if share is None:
                            continue
                        self._left.remove(share)
                        desk.right(award_skill(pots, not uncontested), first=first)
                        desk.say(
                            "  "
                            + desk.t(
                                "awarded",
                                pot=desk.pot(share.pot_index),
                                amount=format_chips(share.amount),
                                seat=share.seat,
                            )
                        )
                        break
                skill = award_skill(pots, not uncontested, verdict)
                desk.wrong(skill, expected, line, verdict.rule, first=first)
                first = False
                fields = dict(verdict.fields)
                for name in ("pot", "last"):
                    if isinstance(fields.get(name), int):
                        fields[name] = desk.pot(int(str(fields[name])))
                message = desk.t(verdict.key, **fields)
                explained = desk.explained(verdict.rule, hand.rulings)
                command = desk.t("expected-command", command=display(expected, desk.lang))
                told = (desk.t("wrong", message=message), command)
                desk.emit(
                    turns.Verdict(
                        (*told, *explained.lines),
                        False,
                        verdict.rule,
                        skill.value,
                        message=message,
                        expected=expected,
                        got=line,
                        title=explained.title,
                        sources=explained.sources,
                    )
                )
        events = hand.apply(DealerStep(Verb.PUSH))
        self._last = Verb.PUSH
        self.announce(hand, [e for e in events if e.kind is not Kind.PUSH])
        return 1

    def _not_an_award(self, hand: Hand, line: str, uncontested: bool) -> Verdict | None:
        """A line that is no award while the pots are to be awarded: a mistake (its verdict), or
        None when it is only words to correct (then nothing is counted)."""
        desk = self.desk
        try:
            step = parse_step(line)
        except StepError:
            desk.say(desk.t("not-an-award"))
            return None
        if isinstance(step, DealerStep) and step.verb is Verb.PUSH:
            desk.say(desk.t("not-an-award"))
            return None
        if uncontested and isinstance(step, DealerStep) and step.verb is Verb.SHOWDOWN:
            return Verdict("ROUND-END", "uncontested", {"seat": hand.live[0]})
        return Verdict("SIDE-POTS", "award-expected", {"got": display(str(step), desk.lang)})

    # -- mishaps ---------------------------------------------------------------------------------

    def _inject(
        self, hand: Hand, slip: Slip, mishap: Mishap | DealerStep, typed: str | None = None
    ) -> None:
        desk = self.desk
        to_act, before = hand.to_act, len(hand.rulings)
        during = bool(hand.owed)  # a second mishap while a ruling's steps are under way
        events = hand.apply(mishap)
        ruled = hand.rulings[-1] if len(hand.rulings) > before else None
        what = self._unnoticed
        if isinstance(mishap, DealerStep):  # the floor called to what nobody noticed
            desk.say(desk.t("school-noticed", text=self._unnoticed))
        else:
            what = told = self._what(slip, mishap, events, ruled, to_act)
            if typed is not None:
                told = desk.t("as-you", step=display(typed, desk.lang), text=what)
            desk.say(desk.t("school-mishap-during" if during else "mishap", text=told))
            if not mishap.noticed:
                self._unnoticed = what
                desk.say(desk.t("school-unnoticed"))
        if ruled is None:
            return  # nobody noticed (yet)
        lines = [desk.ruling_line(ruled)]
        lines += self.announced(hand, [event for event in events if event.kind is not Kind.BOARD])
        owed = owed_commands(hand, desk.lang)
        if owed:
            lines.append(desk.t("owed-list", steps=" · ".join(owed)))
        lines.append(desk.t("remedy"))
        summary = ruled.ruling.summary.get(desk.lang)
        desk.emit(
            turns.Ruling(tuple(lines), ruled.rule_id, ruled.ruleset, summary, what, tuple(owed))
        )
        self._last = None

    def _what(
        self,
        slip: Slip,
        mishap: Mishap,
        events: Sequence[Event],
        ruled: Ruled | None,
        to_act: int | None,
    ) -> str:
        """The slip told as the table saw it: the cards its ruling names, or (unnoticed) the
        cards it turned face up."""
        if ruled is not None:
            cards = " ".join(str(card) for group in ruled.cards.values() for card in group)
        else:
            shown = (Kind.PITCH, Kind.BOARD)
            cards = " ".join(str(c) for e in events if e.kind in shown for c in e.cards)
        seat = mishap.seat if mishap.seat is not None else to_act
        key = f"slip-{_slip_key(slip, mishap)}"
        return self.desk.t(key, seat=seat, cards=cards, card=mishap.card)


def _slip_key(slip: Slip, mishap: Mishap) -> str:
    """The text of a slip: the generic one of its family, by street where that matters."""
    family = {
        Slip.EXPOSED_FIRST: "exposed",
        Slip.EXPOSED_SECOND: "exposed",
        Slip.EXPOSED_OTHER: "exposed",
        Slip.EXPOSED_TWICE: "exposed",
        Slip.EXPOSED_AGAIN: "exposed",
        Slip.EXTRA_TWICE: "extra",
        Slip.EXTRA_AGAIN: "extra",
        Slip.BOXED_TWICE: "boxed",
        Slip.BOXED_AGAIN: "boxed",
        Slip.EXPOSED_LATE: "exposed",
        Slip.FLOP_NOBURN_LATE: "flop-noburn",
        Slip.BURN_LATE: "burn",
        Slip.EXPOSED_REPLACED: "exposed",
        Slip.EXPOSED_THEN_FLOP: "exposed",
        Slip.FLOP_AFTER_EXPOSED: "flop",
        Slip.FLOP_THEN_FOUR: "flop",
        Slip.FOUR_IN_REMEDY: "flop-4",
        Slip.TURN_THEN_BURN: "turn",
        Slip.BURN_IN_REMEDY: "burn",
        Slip.FOUR_THEN_FLASH: "flop-4",
        Slip.FLASH_IN_REMEDY: "flash",
    }.get(slip, slip.value)
    if slip in (Slip.NOBURN, Slip.NOBURN_LATE):
        return f"{mishap.kind}-noburn"
    return family
