"""One hand of hold'em, driven step by step: the engine's public face.

:class:`Hand` offers what a program needs and nothing of the machinery: a verify / can / apply
triple for every step (dealer step, player action or mishap), what the procedure expects now, the
correct next dealer step, and read-only views of the cards, chips and rulings. The procedure's
callbacks (``burn_card``, ``turn_flop``, ...) live on the internal model
(:mod:`dealer.engine.model`), out of reach: a misspelt attribute is a type error.

>>> from decimal import Decimal
>>> from dealer.core.deck import DeckPlan
>>> from dealer.rules.rulesets import load_ruleset
>>> from dealer.core.stakes import Stakes
>>> from dealer.core.steps import parse_step
>>> from dealer.core.table import Table
>>> table = Table(Stakes.limit(Decimal(5), Decimal(10)),
...               {1: Decimal(100), 2: Decimal(100), 3: Decimal(100)}, 3, load_ruleset("seed"))
>>> hand = Hand(table, DeckPlan(seed=7))
>>> for text in ("post", "shuffle", "cut"):
...     _ = hand.apply(parse_step(text))
>>> hand.can(parse_step("pitch 2"))
False
>>> hand.apply(parse_step("pitch 2"))
Traceback (most recent call last):
...
dealer.engine.refusals.OutOfOrder: expected pitch to seat 1 (DEAL-ORDER); got: pitch 2
>>> [str(event) for event in hand.apply(parse_step("pitch 1"))]
['pitch 8d to seat 1']
>>> hand.state, hand.next_seat, str(hand.pot)
('dealing', 2, '7.5')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from dealer.core.betting import BettingRound, Move
from dealer.core.cards import Card
from dealer.core.chips import Chips
from dealer.core.deck import DeckPlan
from dealer.core.errors import Refusal
from dealer.core.events import Event, Kind
from dealer.core.ledger import Ledger
from dealer.core.pots import Pot, Share
from dealer.core.steps import DealerStep
from dealer.core.table import Table
from dealer.engine.model import AnyStep, HandModel, InvariantError
from dealer.engine.obligations import Held, Owed, Ruled
from dealer.engine.procedure import machine, routes
from dealer.engine.refusals import Expects

__all__ = ["AnyStep", "Hand", "InvariantError", "Refusal", "warm_up"]


def warm_up() -> None:
    """Build the process's one procedure machine and the routes read out of it now (for example
    before worker processes fork), instead of at the first hand."""
    machine(HandModel)
    routes(HandModel)


class Hand:
    """A hand from the forced bets to the button move.

    ``audit=True`` checks every card and chip after every event and verifies each step in full
    before it runs (replay and tests); without it a step that does not fit is still refused, by
    the run itself. ``machine=True`` has ``transitions`` itself decide and fire every transition
    rather than the routes read out of it once: the reference the tests hold the engine path to
    (:mod:`dealer.engine.reference`).
    """

    __slots__ = ("_model",)

    def __init__(
        self,
        table: Table,
        plan: DeckPlan,
        deck: Sequence[Card] | None = None,
        *,
        audit: bool = False,
        machine: bool = False,
    ) -> None:
        model = HandModel
        if machine:  # the reference, for the tests (dealer.engine.reference)
            from dealer.engine.reference import MachineModel

            model = MachineModel
        self._model = model(table, plan, deck, audit=audit)

    # -- verify / can / apply ------------------------------------------------------------------

    def verify(self, step: AnyStep) -> None:
        """Raise :class:`Refusal` (with the rule broken) unless ``step`` is allowed now."""
        self._model.verify(step)

    def can(self, step: AnyStep) -> bool:
        """Whether ``step`` is allowed now."""
        return self._model.can(step)

    def apply(self, step: AnyStep) -> list[Event]:
        """Perform ``step``; return the events it caused, in physical order. A refused step
        raises :class:`Refusal` and leaves the hand as it was."""
        return self._model.apply(step)

    def advance(self) -> list[Event]:
        """Perform the correct dealer steps (:meth:`next_dealer_step`, each as :meth:`apply`
        would) until a player is to act, the floor or a player is awaited, or the hand is over;
        return the events they caused. The next decision in one call: the same hand as applying
        each step in turn."""
        return self._model.advance()

    # -- what is expected ----------------------------------------------------------------------

    def expected(self, lang: str = "en") -> str:
        """What the procedure requires now, with its rule: ``burn before the turn (BURN)``."""
        return self._model.expected(lang)

    def expects(self) -> Expects:
        """What the procedure requires now, typed (its ``rule`` is the one a refusal cites)."""
        return self._model.expects()

    def next_dealer_step(self) -> DealerStep | None:
        """The correct dealer step now; ``None`` if a player acts or the hand is over."""
        return self._model.next_dealer_step()

    def check(self) -> None:
        """Raise :class:`InvariantError` unless every card and chip is accounted for."""
        self._model.check()

    def next_table(self, leaving: Collection[int] = ()) -> Table | None:
        """The table of the next hand: these stacks less the players ``leaving``, the button
        where the procedure (or a ruling, BUTTON-MISPLACED) puts it; ``None`` when fewer than two
        players with chips remain."""
        model = self._model
        stacks = {seat: chips for seat, chips in model.stacks.items() if seat not in leaving}
        return model.table.next_hand(stacks, model.button_override)

    # -- read-only views -----------------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self._model.table

    @property
    def plan(self) -> DeckPlan:
        return self._model.plan

    @property
    def audit(self) -> bool:
        return self._model.audit

    @property
    def state(self) -> str:
        """The procedure state (a name from ``procedures/holdem.yaml``)."""
        return self._model.state

    @property
    def is_over(self) -> bool:
        model = self._model  # HandState.is_over read inline: a driver asks at every decision
        return model.state == model.final

    @property
    def events(self) -> Sequence[Event]:
        """Everything that happened, in order."""
        return self._model.events

    @property
    def rulings(self) -> Sequence[Ruled]:
        """The rulings made in this hand, in order."""
        return self._model.rulings

    @property
    def owed(self) -> Sequence[Owed]:
        """What the rulings under way still owe, next first."""
        return tuple(self._model.owed)

    @property
    def held(self) -> Sequence[Held]:
        """The cards the rulings hold out of play (a burn to come, a card to shuffle back)."""
        return tuple(self._model.obligations.held)

    @property
    def ledger(self) -> Ledger:
        """Where every card is (read it; the hand moves the cards)."""
        return self._model.ledger

    @property
    def stacks(self) -> Mapping[int, Chips]:
        """Chips behind, by seat."""
        return self._model.stacks

    @property
    def committed(self) -> Mapping[int, Chips]:
        """Chips put in the pot this hand, by seat."""
        return self._model.committed

    @property
    def pot(self) -> Chips:
        """Chips in the middle, not yet pushed to a winner."""
        return self._model.pot

    @property
    def betting(self) -> BettingRound | None:
        """The betting round under way, if any (read it; wagers go through :meth:`apply`)."""
        return self._model.betting

    @property
    def to_act(self) -> int | None:
        return self._model.to_act

    @property
    def next_seat(self) -> int | None:
        """The seat owed the next pitch of the deal."""
        return self._model.next_seat

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still holding a hand, in deal order."""
        return self._model.live

    @property
    def folded(self) -> frozenset[int]:
        return frozenset(self._model.folded)

    def pot_shares(self) -> tuple[tuple[Pot, ...], tuple[Share, ...]]:
        """The pots as claimed now and each one's shares, as the push will push them."""
        return self._model.pot_shares()

    @property
    def pushed(self) -> Chips:
        """Chips already pushed from the pot to winners."""
        return self._model.pushed

    @property
    def actions(self) -> Sequence[tuple[int, Move]]:
        """Every player action of the hand, as (seat, move) (SUBSTANTIAL-ACTION counts them)."""
        return self._model.actions

    @property
    def substantial_action(self) -> bool:
        """Whether the hand has seen substantial action (LA 105)."""
        return self._model.substantial_action

    @property
    def river_aggressor(self) -> int | None:
        """The last seat to bet or raise on the river (SHOW-ORDER)."""
        return self._model.river_aggressor

    @property
    def show_order(self) -> tuple[int, ...]:
        """The seats still holding a hand, in the order they are asked to show at the showdown
        (SHOW-ORDER, LA 145), whether or not they have shown yet."""
        return self._model.showing_order()

    @property
    def tabled(self) -> tuple[int, ...]:
        """The seats whose hands are face up at the showdown, in the order they were tabled."""
        return tuple(self._model.tabled)

    @property
    def deal_sequence(self) -> tuple[int, ...]:
        """The seats of the deal, one entry per hole card, in order (DEAL-ORDER)."""
        return tuple(self._model.deal_sequence)

    @property
    def pitched(self) -> int:
        """How many entries of :attr:`deal_sequence` are served (or skipped)."""
        return self._model.pitched

    @property
    def exposed(self) -> tuple[Card, ...]:
        """Hole cards the dealer exposed in this deal."""
        return tuple(self._model.exposed)

    @property
    def extra(self) -> tuple[Card, ...]:
        """Extra cards dealt after the deal."""
        return tuple(self._model.extra)

    @property
    def boxed(self) -> tuple[Card, ...]:
        """Cards found face up in the stub."""
        return tuple(self._model.boxed)

    @property
    def face_up(self) -> frozenset[Card]:
        """Hole cards the table has seen: exposed by the dealer, flashed, or shown."""
        seen = set(self._model.exposed)
        for event in self._model.events:
            if event.kind in _SEEN:
                seen.update(event.cards)
        return frozenset(seen)

    @property
    def held_burn(self) -> Card | None:
        """The card a ruling holds out to be the next burn (SEEN-CARD-STAYS-OUT), if any."""
        model = self._model
        return model.obligations.next_burn(model.ledger)

    @property
    def next_button(self) -> int | None:
        """Where the button goes for the next hand, once it has moved."""
        return self._model.next_button


_SEEN = frozenset((Kind.SHOW, Kind.FLASH))
