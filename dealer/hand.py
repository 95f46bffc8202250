"""One hand of hold'em, driven step by step by the shared procedure machine.

``Hand`` is the machine's model: the methods named in ``procedures/holdem.yaml`` are its vocabulary
(conditions and card or chip moves). Every step is first verified: a step that does not fit the
procedure is refused with what was expected and the rule, and leaves the hand as it was.

>>> from decimal import Decimal
>>> from dealer.deck import DeckPlan
>>> from dealer.ruleset import load_ruleset
>>> from dealer.stakes import Stakes
>>> from dealer.steps import parse_step
>>> table = Table(Stakes.limit(Decimal(5), Decimal(10)),
...               {1: Decimal(100), 2: Decimal(100), 3: Decimal(100)}, 3, load_ruleset("seed"))
>>> hand = Hand(table, DeckPlan(seed=7))
>>> for text in ("post", "shuffle", "cut"):
...     _ = hand.apply(parse_step(text))
>>> hand.apply(parse_step("pitch 2"))
Traceback (most recent call last):
...
dealer.hand.Refusal: expected pitch to seat 1 (DEAL-ORDER); got: pitch 2
>>> [str(event) for event in hand.apply(parse_step("pitch 1"))]
['pitch 8d to seat 1']
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from dealer.betting import BettingError, BettingRound, Move
from dealer.cards import Card, full_deck
from dealer.chips import ZERO
from dealer.deck import DeckPlan, cut
from dealer.events import Event, Kind
from dealer.hand_value import best_hand
from dealer.ledger import Ledger, Place
from dealer.pots import award, build_pots, pot_name
from dealer.procedure import machine, procedure
from dealer.remedy import Owed, Ruled, owed_steps, rule_under
from dealer.stakes import Street
from dealer.steps import DealerStep, PlayerAction, Step, Verb
from dealer.table import Table

_VERB_BY_TRIGGER = {verb.trigger: verb for verb in Verb}
_MOVE_KIND = {
    Move.FOLD: Kind.FOLD,
    Move.CHECK: Kind.CHECK,
    Move.CALL: Kind.CALL,
    Move.BET: Kind.BET,
    Move.RAISE: Kind.RAISE,
}


class Refusal(ValueError):
    """A step that does not fit the procedure; ``rule`` is the rule it breaks."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class InvariantError(AssertionError):
    """Cards or chips not accounted for: a bug, never a ruling."""


class Hand:
    """A hand from the forced bets to the button move."""

    state: str  # read and set by the procedure machine

    def __init__(
        self,
        table: Table,
        plan: DeckPlan,
        deck: Sequence[Card] | None = None,
        *,
        audit: bool = False,
    ) -> None:
        self.table = table
        self.plan = plan
        self.ledger = Ledger(full_deck() if deck is None else deck)
        self.stacks: dict[int, Decimal] = dict(table.stacks)
        self.committed: dict[int, Decimal] = dict.fromkeys(table.seats, ZERO)
        self.folded: set[int] = set()
        self.events: list[Event] = []
        self.betting: BettingRound | None = None
        self.deal_sequence = table.positions.deal_order * 2
        self.pitched = 0
        self.shuffles = 0
        self.cuts = 0
        self.posted: dict[int, Decimal] = {}
        self.chips_total = sum(self.stacks.values(), ZERO)
        self.next_button: int | None = None
        self.pushed = ZERO  # chips already pushed to winners from the pot
        self.audit = audit  # check cards and chips after every event (tests and replay)
        self.forced: dict[int, Decimal] = dict.fromkeys(
            table.seats, ZERO
        )  # antes, blinds, straddle
        self.actions: list[Move] = []  # every player action, for substantial action
        self.exposed: list[Card] = []  # hole cards exposed by the dealer during this deal
        self.extra: list[Card] = []  # extra cards dealt after the deal
        self.rulings: list[Ruled] = []
        self.owed: list[Owed] = []  # the steps the last ruling still owes, next first
        self.state = procedure().initial
        self._machine = machine()

    # -- reading the hand ----------------------------------------------------------------------

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still holding a hand, in deal order."""
        return tuple(seat for seat in self.table.positions.deal_order if seat not in self.folded)

    @property
    def next_seat(self) -> int | None:
        """The seat owed the next pitch of the deal."""
        if self.pitched < len(self.deal_sequence):
            return self.deal_sequence[self.pitched]
        return None

    @property
    def to_act(self) -> int | None:
        return self.betting.to_act if self.betting is not None else None

    @property
    def pot(self) -> Decimal:
        return sum(self.committed.values(), ZERO) - self.pushed

    @property
    def is_over(self) -> bool:
        return self.state == "done"

    def expected(self) -> str:
        """What the procedure requires now, with its rule: ``burn before the turn (BURN)``."""
        if self.owed and self.owed[0].verb is not None:
            return self.owed[0].expected
        spec = procedure().states[self.state]
        text = spec.expects.format(next_seat=self.next_seat, to_act=self.to_act)
        return f"{text} ({spec.rule})"

    def next_dealer_step(self) -> DealerStep | None:
        """The correct dealer step now (autopilot); ``None`` if a player acts or the hand ended."""
        owed_verb = self.owed[0].verb if self.owed else None
        if owed_verb is not None:
            seat = self.owed[0].seat if owed_verb is Verb.REPLACE else None
            return DealerStep(owed_verb, seat=seat)
        trigger = procedure().states[self.state].next
        if trigger is None:
            return None
        verb = _VERB_BY_TRIGGER[trigger]
        return DealerStep(verb, seat=self.next_seat) if verb is Verb.PITCH else DealerStep(verb)

    # -- verify / can / apply ------------------------------------------------------------------

    def verify(self, step: Step) -> None:
        """Raise :class:`Refusal` unless ``step`` is what the procedure allows now."""
        if isinstance(step, PlayerAction):
            if self.owed and self.owed[0].verb is not None:
                head = self.owed[0]
                raise Refusal(f"expected {head.expected}; got: {step}", head.rule)
            if self.betting is None or self.betting.is_complete:
                raise Refusal(f"expected {self.expected()}; got: {step}", self._rule())
            try:
                self.betting.verify(step.seat, step.move, step.to)
            except BettingError as error:
                raise Refusal(str(error), error.rule) from None
            return
        if not self._fits_owed(step):
            head = self.owed[0]
            raise Refusal(f"expected {head.expected}; got: {step}", head.rule)
        event = self._machine.events.get(step.trigger)
        for transition in event.transitions.get(self.state, ()) if event else ():
            if all(self._holds(c.func, step) == c.target for c in transition.conditions):
                return
        raise Refusal(f"expected {self.expected()}; got: {step}", self._rule())

    def _holds(self, condition: object, step: Step) -> bool:
        """A condition named in the procedure data, asked of this hand."""
        assert isinstance(condition, str), "procedure conditions are method names"
        return bool(getattr(self, condition)(step))

    def _fits_owed(self, step: DealerStep) -> bool:
        """A ruling's owed steps come first: the next one, or the deal or betting it awaits."""
        if not self.owed or step.mishap:
            return True
        head = self.owed[0]
        if head.verb is None:
            return step.verb is Verb.PITCH and head.by_players is False
        return step.verb is head.verb and (head.seat is None or step.seat == head.seat)

    def owes_step(self, step: DealerStep) -> bool:
        return bool(self.owed) and self.owed[0].verb is step.verb

    def can(self, step: Step) -> bool:
        try:
            self.verify(step)
        except Refusal:
            return False
        return True

    def apply(self, step: Step) -> list[Event]:
        """Perform ``step``; return the events it caused, in physical order."""
        self.verify(step)
        start = len(self.events)
        head = self.owed[0] if self.owed else None
        self._fire(step.trigger, step)
        if (
            head is not None
            and isinstance(step, DealerStep)
            and not step.mishap
            and head.verb is step.verb
            and self.owed
            and self.owed[0] is head
        ):
            self.owed.pop(0)
        return self.events[start:]

    def _fire(self, trigger: str, step: Step) -> None:
        self._machine.events[trigger].trigger(self, step)

    def _rule(self) -> str:
        """The rule behind what is expected now."""
        if self.owed and self.owed[0].verb is not None:
            return self.owed[0].rule
        return procedure().states[self.state].rule

    def check(self) -> None:
        """Raise :class:`InvariantError` unless every card and every chip is accounted for."""
        try:
            self.ledger.check()
        except RuntimeError as error:
            raise InvariantError(str(error)) from None
        total = sum(self.stacks.values(), ZERO) + self.pot
        if total != self.chips_total:
            raise InvariantError(
                f"chips not conserved: {total} on the table, {self.chips_total} at the start"
            )

    def _log(self, kind: Kind, **fields: Any) -> None:
        self.events.append(Event(kind, **fields))
        if self.audit:
            self.check()

    # -- conditions (named in the procedure data) ----------------------------------------------

    def pitch_in_order(self, step: DealerStep) -> bool:
        return step.seat == self.next_seat

    def is_last_pitch(self, step: DealerStep) -> bool:
        return self.pitched == len(self.deal_sequence) - 1

    def one_player_left(self, step: Step) -> bool:
        return len(self.live) == 1

    # -- callbacks: forced bets, shuffle, cut, the deal ----------------------------------------

    def _put_in(self, seat: int, amount: Decimal, kind: Kind) -> Decimal:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        self.forced[seat] += paid
        self._log(kind, seat=seat, amount=paid, note="all-in" if self.stacks[seat] == 0 else "")
        return paid

    def post_forced_bets(self, step: DealerStep) -> None:
        stakes, positions = self.table.stakes, self.table.positions
        if stakes.ante > 0:
            for seat in positions.deal_order:
                self._put_in(seat, stakes.ante, Kind.ANTE)
        self.posted[positions.small_blind] = self._put_in(
            positions.small_blind, stakes.small_blind, Kind.SMALL_BLIND
        )
        self.posted[positions.big_blind] = self._put_in(
            positions.big_blind, stakes.big_blind, Kind.BIG_BLIND
        )
        if positions.straddle is not None:
            self.posted[positions.straddle] = self._put_in(
                positions.straddle, stakes.straddle, Kind.STRADDLE
            )

    def shuffle_stub(self, step: DealerStep) -> None:
        returned = tuple(self.ledger.set_aside)
        for card in returned:  # a remedy's reshuffle takes the set-aside cards back in
            self.ledger.move(card, Place.STUB)
        self.ledger.restack(self.plan.shuffle(self.ledger.stub, self.shuffles))
        self.shuffles += 1
        taken = " with the set-aside cards" if returned else ""
        self._log(Kind.SHUFFLE, cards=returned, note=f"{len(self.ledger.stub)} cards{taken}")

    def cut_stub(self, step: DealerStep) -> None:
        stub = self.ledger.stub
        position = step.at if step.at is not None else self.plan.cut_point(len(stub), self.cuts)
        if position is not None:
            self.ledger.restack(cut(stub, position))
        self.cuts += 1
        self._log(Kind.CUT, note=f"at {position}" if position is not None else "stack kept")

    def pitch_card(self, step: DealerStep) -> None:
        seat = self.deal_sequence[self.pitched]
        card = self.ledger.pitch(seat)
        self.pitched += 1
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="exposed" if step.exposed else "")
        if (
            self.next_seat is None
            and self.owed
            and self.owed[0].verb is None
            and not self.owed[0].by_players
        ):
            self.owed.pop(0)  # the deal the ruling awaited is complete

    # -- callbacks: betting --------------------------------------------------------------------

    def open_betting(self, step: Step) -> None:
        street = procedure().states[self.state].street
        assert street is not None, f"state {self.state} opens betting but names no street"
        positions = self.table.positions
        if street is Street.PREFLOP:
            order = positions.preflop_order
            stakes = self.table.stakes
            straddled = positions.straddle is not None
            self.betting = BettingRound(
                stakes,
                street,
                [seat for seat in order if seat not in self.folded],
                self.stacks,
                self.committed,
                posted=self.posted,
                posted_bet_count=2 if straddled else 1,
                posted_last_raise=(stakes.straddle - stakes.big_blind)
                if straddled
                else stakes.big_blind,
            )
        else:
            order = positions.postflop_order
            self.betting = BettingRound(
                self.table.stakes,
                street,
                [seat for seat in order if seat not in self.folded],
                self.stacks,
                self.committed,
            )
        if self.betting.is_complete:
            self._fire("end_round", step)

    def apply_wager(self, step: PlayerAction) -> None:
        assert self.betting is not None
        wager = self.betting.act(step.seat, step.move, step.to)
        self.actions.append(wager.move)
        if wager.move is Move.FOLD:
            self.folded.add(step.seat)
            self._log(Kind.FOLD, seat=step.seat)
            self.ledger.muck_hand(step.seat)
            return
        amount = {Move.CHECK: None, Move.CALL: wager.added}.get(wager.move, wager.to)
        self._log(
            _MOVE_KIND[wager.move],
            seat=step.seat,
            amount=amount,
            note="all-in" if wager.all_in else "",
        )

    def close_round_if_complete(self, step: PlayerAction) -> None:
        if self.betting is not None and self.betting.is_complete:
            self._fire("end_round", step)

    def settle_round(self, step: Step) -> None:
        assert self.betting is not None
        returned = self.betting.return_uncalled()
        if returned is not None:
            seat, amount = returned
            self._log(Kind.RETURN, seat=seat, amount=amount, note="uncalled bet")
        self.betting = None
        if len(self.live) == 1:
            self.owed.clear()  # the hand is won: no remedy step is owed any more
        elif self.owed and self.owed[0].by_players:
            self.owed.pop(0)

    # -- callbacks: the board ------------------------------------------------------------------

    def burn_card(self, step: DealerStep) -> None:
        head = self.owed[0] if self.owed else None
        if head is not None and head.verb is Verb.BURN and head.card is not None:
            self.ledger.move(head.card, Place.BURN)  # the remedy names the burn card
            self._log(Kind.BURN, cards=(head.card,), note=head.rule)
            return
        self._log(Kind.BURN, cards=(self.ledger.burn(),))

    def turn_flop(self, step: DealerStep) -> None:
        for _ in range(3):
            self._log(Kind.BOARD, cards=(self.ledger.turn_up(),), note="flop")

    def turn_board_card(self, step: DealerStep) -> None:
        self._log(Kind.BOARD, cards=(self.ledger.turn_up(),), note=step.verb.value)

    # -- callbacks: showdown, pot, button ------------------------------------------------------

    def show_hands(self, step: DealerStep) -> None:
        board = self.ledger.board
        for seat in self.live:
            value = best_hand(self.ledger.hands[seat], board)
            self._log(Kind.SHOW, seat=seat, cards=tuple(self.ledger.hands[seat]), note=value.name)

    def push_pots(self, step: DealerStep) -> None:
        pots = build_pots(self.committed, self.folded)
        live = self.live
        ranking: dict[int, tuple[int, ...]] = {live[0]: (0,)}
        if len(live) > 1:
            board = self.ledger.board
            ranking = {seat: best_hand(self.ledger.hands[seat], board).key for seat in live}
        shares = award(
            pots, ranking, self.table.button, self.table.stakes.chip_unit, self.table.seats
        )
        for share in shares:
            self.stacks[share.seat] += share.amount
            self.pushed += share.amount
            self._log(
                Kind.PUSH, seat=share.seat, amount=share.amount, note=pot_name(share.pot_index)
            )
        for seat in self.committed:
            self.committed[seat] = ZERO
        self.pushed = ZERO

    def move_button_marker(self, step: DealerStep) -> None:
        after = self.table.next_hand(self.stacks)
        self.next_button = after.button if after is not None else None
        self._log(
            Kind.BUTTON, seat=self.next_button, note="" if after else "fewer than two players left"
        )

    # -- irregularities (RULES.md §B): conditions and rulings named in the procedure data --------

    def deal_complete(self, step: DealerStep) -> bool:
        return self.next_seat is None

    def betting_pending(self, step: DealerStep) -> bool:
        return self.betting is not None and not self.betting.is_complete

    def too_many_flop_cards(self, step: DealerStep) -> bool:
        return (step.count or 3) > 3

    @property
    def substantial_action(self) -> bool:
        """LA 105: three actions, or two but not two folds or two checks (posts don't count)."""
        moves = self.actions
        if len(moves) >= 3:
            return True
        return len(moves) == 2 and not (
            moves[0] == moves[1] and moves[0] in (Move.FOLD, Move.CHECK)
        )

    def _make_ruling(
        self, rule_id: str, cards: dict[str, Card], choice: str | None = None
    ) -> Ruled:
        ruled = rule_under(rule_id, self.table.ruleset, cards, choice)
        self.rulings.append(ruled)
        self.owed = owed_steps(ruled, self)
        self._log(
            Kind.RULING, note=f"{rule_id} under {ruled.ruleset}: {', '.join(ruled.ruling.sources)}"
        )
        return ruled

    def rule_exposed_pitch(self, step: DealerStep) -> None:
        position = self.pitched + 1  # this card's place in the deal
        self.pitch_card(step)
        card = self.ledger.hands[self.deal_sequence[position - 1]][-1]
        if not step.exposed:
            raise AssertionError("a mishap pitch in the deal order is an exposed one")
        self.exposed.append(card)
        misdeal_cards = self.table.ruleset.misdeal_exposed_cards
        if len(self.exposed) >= 2:
            self._make_ruling("HOLE-EXPOSED-MULTIPLE", {"exposed cards": card})
        elif position == 1:
            self._make_ruling("HOLE-EXPOSED-FIRST", {"exposed card": card})
        elif position == 2:
            self._make_ruling(
                "HOLE-EXPOSED-SECOND",
                {"exposed card": card},
                "misdeal" if 2 in misdeal_cards else "deal on",
            )
        else:
            self._make_ruling("HOLE-EXPOSED-OTHER", {"exposed card": card})

    def rule_extra_card(self, step: DealerStep) -> None:
        assert step.seat is not None
        card = self.ledger.pitch(step.seat)
        self._log(Kind.PITCH, seat=step.seat, cards=(card,), note="extra card")
        self.extra.append(card)
        if len(self.extra) >= 2:
            self._make_ruling("DEAL-EXTRA-MULTIPLE", {"extra cards": card})
            return
        self.ledger.move(card, Place.SET_ASIDE)  # taken back: it will be the flop's burn
        self._log(Kind.SET_ASIDE, cards=(card,), note="DEAL-EXTRA-ONE")
        self._make_ruling("DEAL-EXTRA-ONE", {"extra card": card})

    def rule_premature_board(self, step: DealerStep) -> None:
        """The dealer burned and turned a street while its betting round was still going on."""
        street = step.verb.value
        self._log(Kind.BURN, cards=(self.ledger.burn(),), note=f"premature {street}")
        count = 3 if step.verb is Verb.FLOP else 1
        cards = tuple(self.ledger.turn_up() for _ in range(count))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note=f"premature {street}")
        rule_id = {Verb.FLOP: "FLOP-PREMATURE", Verb.TURN: "TURN-PREMATURE"}.get(
            step.verb, "RIVER-PREMATURE"
        )
        ruled = self._make_ruling(rule_id, {f"premature {street} card": cards[0]})
        self._set_premature_cards(cards, ruled)

    def _set_premature_cards(self, cards: tuple[Card, ...], ruled: Ruled) -> None:
        fate = ruled.ruling.cards[0].fate.value
        place = Place.STUB if fate == "returned-to-stub" else Place.SET_ASIDE
        for card in cards:
            self.ledger.move(card, place)
        kind = Kind.SET_ASIDE if place is Place.SET_ASIDE else Kind.TO_STUB
        self._log(kind, cards=cards, note=ruled.rule_id)

    def rule_flop_too_many(self, step: DealerStep) -> None:
        count = step.count or 3
        cards = tuple(self.ledger.turn_up() for _ in range(count))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note=f"flop of {count} cards")
        ruled = self._make_ruling("FLOP-TOO-MANY", {"flop cards": cards[0]})
        self._set_premature_cards(cards, ruled)

    def gather_cards(self, step: DealerStep) -> None:
        """A misdeal: all cards to the stub, bets beyond forced ones returned (MISDEAL-REDEAL)."""
        self.ledger.gather()
        for seat, amount in self.committed.items():
            back = amount - self.forced[seat]
            self.stacks[seat] += back
            self.committed[seat] = self.forced[seat]
        self.pitched = 0
        self.exposed.clear()
        self.extra.clear()
        self.folded.clear()
        self.actions.clear()
        self.betting = None
        self._log(Kind.GATHER, note=f"{len(self.ledger.stub)} cards")

    def replace_exposed(self, step: DealerStep) -> None:
        assert step.seat is not None
        exposed = self.exposed[-1]
        self.ledger.move(exposed, Place.SET_ASIDE)  # held by the dealer: it will be the flop's burn
        self._log(Kind.SET_ASIDE, cards=(exposed,), note="HOLE-EXPOSED-OTHER")
        card = self.ledger.pitch(step.seat)
        self._log(Kind.PITCH, seat=step.seat, cards=(card,), note="replacement")
