"""The mishaps the trainer injects, each at a moment where the machine recognises it.

Together they reach every irregularity of ``mishaps:`` in ``procedures/holdem.yaml``; a double slip
(two exposed cards, two extra cards, two boxed cards, a skipped card found short) injects its
second part at the first moment the hand allows. A slip that *is* the dealer's step (an exposed
pitch, a four-card flop, a street without its burn, a second burn) happens only when the trainee
types that step, so it never takes a step from the trainee.

The errors of RULES.md §C come too. A *late* slip is one of the mishaps the data lets go unnoticed
(``unnoticed:``): nobody calls attention to it, the hand goes on, and once a player has acted since
(or a street has come) the floor is called (``notice``, NOTICED-LATE) and rules on the hand as it
then stands. A *combined* slip makes a second mishap while the first ruling's steps are under way
(REMEDY-STACK, SEEN-CARD-STAYS-OUT): the replacement card exposed too, a premature flop after an
exposed card, a four-card flop while redealing a premature flop, a second burn during the
premature turn's remedy, a player's card flashed while a four-card flop is put right.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from dealer.apps.training.drills.stages import betting_of, board_due, burn_due, dealing
from dealer.core.cards import Card, parse_card
from dealer.core.deck import DeckPlan
from dealer.core.events import Kind
from dealer.core.mishaps import Mishap, MishapKind
from dealer.core.stakes import Street
from dealer.core.steps import DealerStep, Verb
from dealer.core.table import SEATS, Table
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_action

__all__ = [
    "COMBINED",
    "FIRST_PARTS",
    "LATE",
    "SLIPS",
    "Planned",
    "Slip",
    "SlipSpec",
    "plan_slip",
    "slip_mishap",
]


class Slip(StrEnum):
    EXPOSED = "exposed"  # a hole card turned face up during the deal (not its last card)
    EXPOSED_FIRST = "exposed-first"
    EXPOSED_SECOND = "exposed-second"
    EXPOSED_OTHER = "exposed-other"
    EXPOSED_TWICE = "exposed-twice"
    EXPOSED_AGAIN = "exposed-again"  # the second part of EXPOSED_TWICE
    WRONG_FIRST = "wrong-first"  # the first card to the wrong seat
    OUT_OF_SEQUENCE = "out-of-sequence"  # a seat passed over in the second round
    SKIPPED = "skipped"  # a seat passed over
    NOT_ENTITLED = "not-entitled"  # a card to an empty seat
    EXTRA = "extra"  # a card too many after the deal
    EXTRA_TWICE = "extra-twice"
    EXTRA_AGAIN = "extra-again"
    SHORT = "short"  # the last card of the deal never given ...
    SHORT_FOUND = "short-found"  # ... and the short hand found
    FLOP = "flop"  # premature: while the round's betting is pending
    TURN = "turn"
    RIVER = "river"
    FLOP_4 = "flop-4"  # a four-card flop
    FLOP_5 = "flop-5"
    FLOP_NOBURN = "flop-noburn"
    NOBURN = "noburn"  # the turn or the river without a burn
    BURN = "burn"  # a second burn
    FLASH = "flash"  # a player shows their own card
    BOXED = "boxed"  # the top card of the stub face up
    BOXED_TWICE = "boxed-twice"
    BOXED_AGAIN = "boxed-again"
    BUTTON = "button"  # the button out of position
    DUPLICATE = "duplicate"
    FOREIGN = "foreign"
    FOREIGN_IN_STUB = "foreign-in-stub"
    JOKER = "joker"
    DECK_SHORT = "deck-short"
    # Noticed late (NOTICED-LATE): the mishap goes unnoticed, then NOTICE calls the floor.
    EXPOSED_LATE = "exposed-late"  # the first card of the deal exposed
    FLOP_NOBURN_LATE = "flop-noburn-late"
    NOBURN_LATE = "noburn-late"  # the turn or the river without its burn
    BURN_LATE = "burn-late"  # a second burn before the turn or the river
    NOTICE = "notice"
    # Combined (REMEDY-STACK, SEEN-CARD-STAYS-OUT): a first mishap, then a second one while its
    # ruling's steps are under way.
    EXPOSED_REPLACED = "exposed-replaced"  # an exposed card, then its replacement exposed too
    REPLACEMENT_EXPOSED = "replacement-exposed"
    EXPOSED_THEN_FLOP = "exposed-then-flop"  # an exposed card (a held burn), then a premature flop
    FLOP_AFTER_EXPOSED = "flop-after-exposed"
    FLOP_THEN_FOUR = "flop-then-four"  # a premature flop, then four cards for its redealt flop
    FOUR_IN_REMEDY = "four-in-remedy"
    TURN_THEN_BURN = "turn-then-burn"  # a premature turn, then a second burn during its remedy
    BURN_IN_REMEDY = "burn-in-remedy"
    FOUR_THEN_FLASH = "four-then-flash"  # a four-card flop, then a player flashes a card
    FLASH_IN_REMEDY = "flash-in-remedy"


When = Callable[[Hand], Mishap | DealerStep | None]


@dataclass(frozen=True, slots=True)
class SlipSpec:
    when: When  # the mishap this slip would be now, if any (before hand.can)
    replaces: bool = False  # it is the dealer's own step: it waits for the trainee to type it
    then: Slip | None = None  # the second part of a double slip


def _dealing(hand: Hand, low: int, high: int) -> bool:
    """In the deal, no ruling owing anything but the deal, ``low <= pitched < high``."""
    if not dealing(hand) or (hand.owed and hand.owed[0].verb is not None):
        return False
    return low <= hand.pitched < high


def _deal_size(hand: Hand) -> int:
    return len(hand.deal_sequence)


def _exposed(low: Callable[[Hand], int], high: Callable[[Hand], int]) -> When:
    def when(hand: Hand) -> Mishap | None:
        if _dealing(hand, low(hand), high(hand)):
            return Mishap(MishapKind.EXPOSED, seat=hand.next_seat)
        return None

    return when


def _wrong_first(hand: Hand) -> Mishap | None:
    if not _dealing(hand, 0, 1):
        return None
    order = hand.table.positions.deal_order
    return Mishap(MishapKind.PITCH, seat=order[1])


def _out_of_sequence(hand: Hand) -> Mishap | None:
    # in the second round a seat is passed over, its card going to the next seat, still due one:
    # DEAL-OUT-OF-SEQUENCE under both rulesets (a second card to a seat in the first round is an
    # extra card under seed, 004 ¶6)
    size = len(hand.table.positions.deal_order)
    if not _dealing(hand, size, 2 * size - 1):
        return None
    return Mishap(MishapKind.PITCH, seat=hand.deal_sequence[hand.pitched + 1])


def _skipped(hand: Hand) -> Mishap | None:
    order = hand.table.positions.deal_order
    if not _dealing(hand, 1, len(order) - 1):
        return None
    return Mishap(MishapKind.PITCH, seat=order[hand.pitched + 1])


def _not_entitled(hand: Hand) -> Mishap | None:
    if not _dealing(hand, 1, _deal_size(hand) - 1):
        return None
    empty = [seat for seat in SEATS if seat not in hand.table.stacks]
    return Mishap(MishapKind.PITCH, seat=empty[0]) if empty else None


def _preflop_quiet(hand: Hand) -> bool:
    return betting_of(hand.state) is Street.PREFLOP and hand.to_act is not None


def _live_seat(hand: Hand) -> int | None:
    """A seat still holding a hand. (An extra card to a folded seat is not injected: the engine
    would then owe killing a hand that is already dead.)"""
    betting = hand.betting
    return betting.live[0] if betting is not None and betting.live else None


def _extra(hand: Hand) -> Mishap | None:
    # before any pre-flop action, where an extra card is DEAL-EXTRA-ONE (LA 118)
    if not _preflop_quiet(hand) or hand.owed or hand.rulings or hand.actions:
        return None
    seat = _live_seat(hand)
    return Mishap(MishapKind.PITCH, seat=seat) if seat is not None else None


def _extra_again(hand: Hand) -> Mishap | None:
    if not _preflop_quiet(hand) or not hand.extra:
        return None
    seat = _live_seat(hand)
    return Mishap(MishapKind.PITCH, seat=seat) if seat is not None else None


def _skip_last(hand: Hand) -> Mishap | None:
    size = _deal_size(hand)
    if _dealing(hand, size - 1, size):
        return Mishap(MishapKind.SKIP, seat=hand.next_seat)
    return None


def _short_found(hand: Hand) -> Mishap | None:
    if hand.betting is None or hand.to_act is None:
        return None
    live = hand.betting.live
    short = [seat for seat in live if len(hand.ledger.hands.get(seat, ())) < 2]
    return Mishap(MishapKind.SHORT, seat=short[0]) if short else None


def _premature(street: Street, kind: MishapKind) -> When:
    """The board card(s) of the street after ``street`` turned while its betting is pending."""

    def when(hand: Hand) -> Mishap | None:
        if betting_of(hand.state) is street and hand.to_act is not None and not hand.owed:
            return Mishap(kind)
        return None

    return when


def _at(where: Callable[[Hand], bool], mishap: Callable[[Hand], Mishap]) -> When:
    def when(hand: Hand) -> Mishap | None:
        if where(hand) and not hand.owed:
            return mishap(hand)
        return None

    return when


def _burn_of(*streets: Street) -> Callable[[Hand], bool]:
    """The burn before one of ``streets`` is due."""
    return lambda hand: burn_due(hand) in streets


def _board_of(*verbs: Verb) -> Callable[[Hand], bool]:
    """One of the board steps ``verbs`` is due (its burn done)."""
    return lambda hand: board_due(hand) in verbs


def _street_without_burn(hand: Hand) -> Mishap:
    return Mishap(MishapKind(str(burn_due(hand))))


def _flash(hand: Hand) -> Mishap | None:
    seat = hand.to_act
    if seat is None or hand.owed:
        return None
    cards = hand.ledger.hands.get(seat, ())
    return Mishap(MishapKind.FLASH, seat=seat, card=cards[0]) if len(cards) == 2 else None


def _boxed(hand: Hand) -> Mishap | None:
    if dealing(hand) and not _dealing(hand, 1, _deal_size(hand) - 1):
        return None
    if not (dealing(hand) or burn_due(hand) is not None) or hand.owed:
        return None
    return Mishap(MishapKind.BOXED)


def _boxed_again(hand: Hand) -> Mishap | None:
    """A second boxed card: in the deal, or once there has been substantial action (the hand is
    then void). Before substantial action after the deal the engine owes a misdeal's gather that
    no transition takes from a burn state, so the trainer does not inject it there."""
    if not hand.boxed:
        return None
    if dealing(hand) or (hand.substantial_action and burn_due(hand) is not None):
        return Mishap(MishapKind.BOXED)
    return None


def _button(hand: Hand) -> Mishap | None:
    if not _preflop_quiet(hand) or hand.owed:
        return None
    other = next(seat for seat in hand.table.seats if seat != hand.table.button)
    return Mishap(MishapKind.BUTTON, seat=other)


def _in_betting(kind: MishapKind, card: Callable[[Hand], Card | None] = lambda hand: None) -> When:
    def when(hand: Hand) -> Mishap | None:
        if hand.to_act is None or hand.owed or betting_of(hand.state) is Street.PREFLOP:
            return None
        return Mishap(kind, card=card(hand))

    return when


def _board_card(hand: Hand) -> Card | None:
    return hand.ledger.board[0] if hand.ledger.board else parse_card("As")


def _late(when: When) -> When:
    """The same mishap, nobody noticing it (the data's ``unnoticed:`` twin)."""

    def late(hand: Hand) -> Mishap | DealerStep | None:
        mishap = when(hand)
        return replace(mishap, noticed=False) if isinstance(mishap, Mishap) else None

    return late


_PLAYERS = frozenset({Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE})


def _notice(hand: Hand) -> DealerStep | None:
    """The floor called to a mishap nobody noticed, once a player has acted since or a street has
    come: it is ruled on the hand as it then stands (NOTICED-LATE)."""
    events = hand.events
    unnoticed = [i for i, event in enumerate(events) if event.kind is Kind.UNNOTICED]
    if not unnoticed or any(e.kind is Kind.NOTICE for e in events[unnoticed[-1] :]):
        return None
    since = events[unnoticed[-1] + 1 :]
    if any(event.kind in _PLAYERS or event.kind is Kind.BOARD for event in since):
        return DealerStep(Verb.NOTICE)
    return None


def _owes(hand: Hand, verb: Verb | None) -> bool:
    """The next thing a ruling owes is ``verb`` (None: a betting round or the deal awaited)."""
    return bool(hand.owed) and hand.owed[0].verb is verb


def _replacement_exposed(hand: Hand) -> Mishap | None:
    if not _owes(hand, Verb.REPLACE):
        return None
    return Mishap(MishapKind.REPLACE_EXPOSED, seat=hand.owed[0].seat)


def _flop_in_round(hand: Hand) -> Mishap | None:
    """A premature flop while a ruling awaits the pre-flop betting round."""
    if betting_of(hand.state) is Street.PREFLOP and hand.to_act is not None:
        return Mishap(MishapKind.FLOP) if _owes(hand, None) else None
    return None


def _four_in_remedy(hand: Hand) -> Mishap | None:
    return Mishap(MishapKind.FLOP, count=4) if _owes(hand, Verb.FLOP) else None


def _burn_in_remedy(hand: Hand) -> Mishap | None:
    if hand.owed and board_due(hand) in (Verb.TURN, Verb.RIVER):
        return Mishap(MishapKind.BURN)
    return None


def _flash_in_remedy(hand: Hand) -> Mishap | None:
    """A player shows a card while a ruling's dealer steps are under way."""
    if not hand.owed or hand.owed[0].verb is None:
        return None
    for seat in hand.live:
        cards = hand.ledger.hands.get(seat, ())
        if len(cards) == 2:
            return Mishap(MishapKind.FLASH, seat=seat, card=cards[0])
    return None


# When each slip is recognised, for the slips that share it (a late or combined first part).
_FLOP_DUE = _board_of(Verb.FLOP)
_TURN_OR_RIVER_DUE = _board_of(Verb.TURN, Verb.RIVER)
_WHEN_EXPOSED_OTHER = _exposed(lambda h: 2, lambda h: _deal_size(h) - 1)
_WHEN_PREMATURE_FLOP = _premature(Street.PREFLOP, MishapKind.FLOP)
_WHEN_PREMATURE_TURN = _premature(Street.FLOP, MishapKind.TURN)
_WHEN_FLOP_4 = _at(_FLOP_DUE, lambda h: Mishap(MishapKind.FLOP, count=4))
_WHEN_FLOP_NOBURN = _at(_burn_of(Street.FLOP), lambda h: Mishap(MishapKind.FLOP))
_WHEN_NOBURN = _at(_burn_of(Street.TURN, Street.RIVER), _street_without_burn)
_WHEN_BURN = _at(_TURN_OR_RIVER_DUE, lambda h: Mishap(MishapKind.BURN))

SLIPS: dict[Slip, SlipSpec] = {
    Slip.EXPOSED: SlipSpec(_exposed(lambda h: 0, lambda h: _deal_size(h) - 1), replaces=True),
    Slip.EXPOSED_FIRST: SlipSpec(_exposed(lambda h: 0, lambda h: 1), replaces=True),
    Slip.EXPOSED_SECOND: SlipSpec(_exposed(lambda h: 1, lambda h: 2), replaces=True),
    Slip.EXPOSED_OTHER: SlipSpec(_WHEN_EXPOSED_OTHER, replaces=True),
    Slip.EXPOSED_TWICE: SlipSpec(
        _exposed(lambda h: 2, lambda h: _deal_size(h) - 2), True, Slip.EXPOSED_AGAIN
    ),
    Slip.EXPOSED_AGAIN: SlipSpec(_exposed(lambda h: 3, lambda h: _deal_size(h) - 1), replaces=True),
    Slip.WRONG_FIRST: SlipSpec(_wrong_first, replaces=True),
    Slip.OUT_OF_SEQUENCE: SlipSpec(_out_of_sequence, replaces=True),
    Slip.SKIPPED: SlipSpec(_skipped, replaces=True),
    Slip.NOT_ENTITLED: SlipSpec(_not_entitled, replaces=True),
    Slip.EXTRA: SlipSpec(_extra),
    Slip.EXTRA_TWICE: SlipSpec(_extra, then=Slip.EXTRA_AGAIN),
    Slip.EXTRA_AGAIN: SlipSpec(_extra_again),
    Slip.SHORT: SlipSpec(_skip_last, replaces=True, then=Slip.SHORT_FOUND),
    Slip.SHORT_FOUND: SlipSpec(_short_found),
    Slip.FLOP: SlipSpec(_WHEN_PREMATURE_FLOP),
    Slip.TURN: SlipSpec(_WHEN_PREMATURE_TURN),
    Slip.RIVER: SlipSpec(_premature(Street.TURN, MishapKind.RIVER)),
    Slip.FLOP_4: SlipSpec(_WHEN_FLOP_4, replaces=True),
    Slip.FLOP_5: SlipSpec(_at(_FLOP_DUE, lambda h: Mishap(MishapKind.FLOP, count=5)), True),
    Slip.FLOP_NOBURN: SlipSpec(_WHEN_FLOP_NOBURN, replaces=True),
    Slip.NOBURN: SlipSpec(_WHEN_NOBURN, replaces=True),
    Slip.BURN: SlipSpec(_WHEN_BURN, replaces=True),
    Slip.FLASH: SlipSpec(_flash),
    Slip.BOXED: SlipSpec(_boxed),
    Slip.BOXED_TWICE: SlipSpec(_boxed, then=Slip.BOXED_AGAIN),
    Slip.BOXED_AGAIN: SlipSpec(_boxed_again),
    Slip.BUTTON: SlipSpec(_button),
    Slip.DUPLICATE: SlipSpec(_in_betting(MishapKind.DUPLICATE, _board_card)),
    Slip.FOREIGN: SlipSpec(_in_betting(MishapKind.FOREIGN)),
    Slip.FOREIGN_IN_STUB: SlipSpec(_in_betting(MishapKind.FOREIGN_IN_STUB)),
    Slip.JOKER: SlipSpec(_in_betting(MishapKind.JOKER)),
    Slip.DECK_SHORT: SlipSpec(_in_betting(MishapKind.DECK_SHORT)),
    Slip.EXPOSED_LATE: SlipSpec(_late(_exposed(lambda h: 0, lambda h: 1)), True, Slip.NOTICE),
    Slip.FLOP_NOBURN_LATE: SlipSpec(_late(_WHEN_FLOP_NOBURN), True, Slip.NOTICE),
    Slip.NOBURN_LATE: SlipSpec(_late(_WHEN_NOBURN), True, Slip.NOTICE),
    Slip.BURN_LATE: SlipSpec(_late(_WHEN_BURN), True, Slip.NOTICE),
    Slip.NOTICE: SlipSpec(_notice),
    Slip.EXPOSED_REPLACED: SlipSpec(_WHEN_EXPOSED_OTHER, True, Slip.REPLACEMENT_EXPOSED),
    Slip.REPLACEMENT_EXPOSED: SlipSpec(_replacement_exposed, replaces=True),
    Slip.EXPOSED_THEN_FLOP: SlipSpec(_WHEN_EXPOSED_OTHER, True, Slip.FLOP_AFTER_EXPOSED),
    Slip.FLOP_AFTER_EXPOSED: SlipSpec(_flop_in_round),
    Slip.FLOP_THEN_FOUR: SlipSpec(_WHEN_PREMATURE_FLOP, then=Slip.FOUR_IN_REMEDY),
    Slip.FOUR_IN_REMEDY: SlipSpec(_four_in_remedy, replaces=True),
    Slip.TURN_THEN_BURN: SlipSpec(_WHEN_PREMATURE_TURN, then=Slip.BURN_IN_REMEDY),
    Slip.BURN_IN_REMEDY: SlipSpec(_burn_in_remedy, replaces=True),
    Slip.FOUR_THEN_FLASH: SlipSpec(_WHEN_FLOP_4, True, Slip.FLASH_IN_REMEDY),
    Slip.FLASH_IN_REMEDY: SlipSpec(_flash_in_remedy),
}

# The slips noticed late, and those whose second mishap comes during the first one's remedy.
LATE = frozenset({Slip.EXPOSED_LATE, Slip.FLOP_NOBURN_LATE, Slip.NOBURN_LATE, Slip.BURN_LATE})
COMBINED = frozenset(
    {
        Slip.EXPOSED_REPLACED,
        Slip.EXPOSED_THEN_FLOP,
        Slip.FLOP_THEN_FOUR,
        Slip.TURN_THEN_BURN,
        Slip.FOUR_THEN_FLASH,
    }
)

# The slips a hand may start with (the second parts come only after their first).
FIRST_PARTS = tuple(
    slip for slip in Slip if slip not in {spec.then for spec in SLIPS.values() if spec.then}
)


def slip_mishap(slip: Slip, hand: Hand) -> Mishap | DealerStep | None:
    """The mishap ``slip`` would be now, if the machine recognises it here."""
    mishap = SLIPS[slip].when(hand)
    return mishap if mishap is not None and hand.can(mishap) else None


@dataclass(frozen=True, slots=True)
class Planned:
    """A mishap to inject at the hand's step number ``moment`` (counting from 0)."""

    moment: int
    slip: Slip
    mishap: Mishap | DealerStep


def plan_slip(
    table: Table,
    deck_seed: int,
    players_seed: int,
    slips: Sequence[Slip],
    pick: Callable[[dict[Slip, list[Planned]]], Planned | None],
) -> Planned | None:
    """Where this hand's mishap happens: the hand is played ahead with the same seeds (the
    trainee's wrong steps change nothing), every moment where a slip is recognised is listed, and
    ``pick`` chooses one."""
    sim = Hand(table, DeckPlan(seed=deck_seed))
    players = random.Random(players_seed)
    found: dict[Slip, list[Planned]] = {}
    moment = 0
    while not sim.is_over:
        step = sim.next_dealer_step()
        for slip in slips:
            if SLIPS[slip].replaces and step is None:
                continue
            mishap = slip_mishap(slip, sim)
            if mishap is not None:
                found.setdefault(slip, []).append(Planned(moment, slip, mishap))
        if step is None and sim.to_act is None:
            break
        sim.apply(step if step is not None else random_action(sim, players))
        moment += 1
    return pick(found) if found else None
