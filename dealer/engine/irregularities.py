"""The irregularities' vocabulary (RULES.md §B, §C): what a mishap physically did, the conditions
that tell one irregularity from another, the rulings, and the remedy steps' card and chip moves.

Which mishap is which irregularity is data (``mishaps:`` in ``procedures/holdem.yaml``): each
recognised mishap names its ruling as a :class:`~dealer.engine.obligations.RulingRef`. What the
ruling owes and the cards it holds go to the hand's :class:`~dealer.engine.obligations.Obligations`.
Each physical callback declares the card roles it gives the cards it moved (:func:`touches`), and
the procedure's loader checks them against every ruling the mishap can lead to.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from dealer.core.cards import Card
from dealer.core.events import Kind, Why
from dealer.core.ledger import Place
from dealer.core.mishaps import Mishap
from dealer.core.native import mypyc_attr
from dealer.core.roles import Role, touches
from dealer.core.stakes import Street
from dealer.core.steps import BOARD_VERBS, DealerStep, Verb
from dealer.engine.applying import Applying
from dealer.engine.obligations import Hold, Pending, Ruled, RulingRef, owed_steps, rule_under
from dealer.engine.procedure import procedure
from dealer.engine.state import AnyStep, InvariantError, seat_named
from dealer.rules.rulebook import Branch, Fate, rule

# The stub's cards from a burn error on, as they would have come: None a burn, else the board place
# (BURN-ERROR (e), BURN-MISSED-FLOP (c)).
_WOULD_BE: dict[Verb, tuple[int | None, ...]] = {
    Verb.FLOP: (None, 0, 1, 2, None, 3, None, 4),
    Verb.TURN: (None, 3, None, 4),
    Verb.RIVER: (None, 4),
}
_FIRST_PLACE = {Verb.FLOP: 0, Verb.TURN: 3, Verb.RIVER: 4}
_ACTIONS = frozenset((Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE))
# Moves after a burn error that leave the stub's order no guide to the cards that would have come
_REORDERS = frozenset(
    (Kind.SHUFFLE, Kind.CUT, Kind.GATHER, Kind.TO_STUB, Kind.SET_ASIDE, Kind.SCRAMBLE, Kind.SCRAP)
)


# The compiled build: one line of native classes, HandState, Dealing, Applying, Irregularities,
# HandModel (a compiled class has one compiled base), so that a hand is a compiled class's own
# instance and every call on it a native one.
@mypyc_attr(allow_interpreted_subclasses=True)  # the hand model's reference derives from it
class Irregularities(Applying):
    # -- conditions ----------------------------------------------------------------------------

    def exposed_before(self, step: Mishap) -> bool:
        return bool(self.exposed)

    def is_first_card(self, step: Mishap) -> bool:
        return self.pitched == 0

    def is_second_card(self, step: Mishap) -> bool:
        return self.pitched == 1

    def exposure_misdeals(self, step: Mishap) -> bool:
        """The ruleset makes an exposed card in this place of the deal a misdeal (LA 104)."""
        return self.pitched + 1 in self.table.ruleset.misdeal_exposed_cards

    def seat_dealt_in(self, step: Mishap) -> bool:
        return step.seat in self.table.stacks

    def seat_served_this_round(self, step: Mishap) -> bool:
        """Two cards to one seat in one round of the deal (DEAL-OUT-OF-SEQUENCE)."""
        dealt_round = self.pitched // len(self.table.positions.deal_order) + 1
        return len(self.ledger.hands.get(step.seat or 0, ())) >= dealt_round

    def first_round_of_deal(self, step: Mishap) -> bool:
        """A seat passed over in the first round is dealt out (DEAL-SEAT-SKIPPED); in the second
        it is a card out of sequence."""
        return self.pitched < len(self.table.positions.deal_order)

    def extra_card_before(self, step: Mishap) -> bool:
        return bool(self.extra)

    def extra_card_anywhere(self, step: Mishap) -> bool:
        """The ruleset holds one extra card as the flop burn wherever in the deal it came, until
        the flop burn (seed, 004 ¶6), not only after the deal before any action (LA 118)."""
        return self.table.ruleset.extra_card_until_flop_burn

    def a_seat_is_short(self, step: Mishap) -> bool:
        """A seat still waits for a card of the deal (its last card was never given)."""
        return any(len(self.ledger.hands.get(seat, ())) < 2 for seat in self.live)

    def after_substantial_action(self, step: Mishap) -> bool:
        return self.substantial_action

    def no_action_yet(self, step: AnyStep) -> bool:
        """Before the first betting round has begun (LA 118)."""
        return not self.actions

    def betting_pending(self, step: AnyStep) -> bool:
        return self.betting is not None and not self.betting.is_complete

    def too_many_flop_cards(self, step: Mishap) -> bool:
        return (step.count or 3) > 3

    def more_than_four_flop_cards(self, step: Mishap) -> bool:
        return (step.count or 3) > 4

    def three_flop_cards(self, step: Mishap) -> bool:
        return (step.count or 3) == 3

    def board_empty(self, step: AnyStep) -> bool:
        return not self.ledger.board

    def flop_burn_owed(self, step: AnyStep) -> bool:
        """The flop still needs its burn: no ruling has said it comes without one."""
        return not any(
            owed.verb is Verb.FLOP and owed.step is not None and owed.step.burn is False
            for owed in self.owed
        )

    def seat_is_short(self, step: Mishap) -> bool:
        seat = step.seat or 0
        return seat in self.live and len(self.ledger.hands.get(seat, ())) < 2

    def short_in_sequence(self, step: Mishap) -> bool:
        """The top card still reaches the short seat in proper sequence: no card has left the stub
        since the seat's card was due (DEAL-SHORT, LA 104), an extra card held as the flop burn
        aside where the ruleset holds one anywhere in the deal (DEAL-EXTRA-ONE, 004 ¶6)."""
        due = self.short_due.get(step.seat or 0)
        if due is None:
            return True
        held = {held.card for held in self.obligations.held if held.role is Role.EXTRA_CARD}
        aside = len(held) if self.table.ruleset.extra_card_until_flop_burn else 0
        return len(self.ledger.stub) + aside == due

    def seat_holds_card(self, step: Mishap) -> bool:
        return step.card in self.ledger.hands.get(step.seat or 0, ())

    def seat_in_hand(self, step: Mishap) -> bool:
        return step.seat in self.live

    def seat_has_acted(self, step: Mishap) -> bool:
        return any(seat == step.seat for seat, _ in self.actions)

    def boxed_before(self, step: Mishap) -> bool:
        return bool(self.boxed)

    def button_elsewhere(self, step: Mishap) -> bool:
        return step.seat in self.table.stacks and step.seat != self.table.button

    def is_void(self, step: AnyStep) -> bool:
        return self.void

    def flop_has_three(self, step: AnyStep) -> bool:
        """After a card is chosen from a four-card flop, three remain: the flop is complete."""
        return len(self.ledger.board) == 4

    def replacement_owed(self, step: Mishap) -> bool:
        """The mishap happened on the replacement card a ruling owes this seat."""
        head = self.obligations.head
        return head is not None and head.verb is Verb.REPLACE and head.seat == step.seat

    def unnoticed_mishaps(self, step: AnyStep) -> bool:
        return bool(self.obligations.pending)

    def burn_held(self, step: AnyStep) -> bool:
        """A ruling holds a card to be the next burn (SEEN-CARD-STAYS-OUT)."""
        return self.obligations.next_burn(self.ledger) is not None

    # -- what a mishap physically did ----------------------------------------------------------

    def _touch(self, role: Role, *cards: Card) -> None:
        self.touched = {role: cards} if cards else {}

    @touches(Role.EXPOSED_CARD)
    def expose_pitch(self, step: Mishap) -> None:
        seat = self.deal_sequence[self.pitched]
        card = self.ledger.pitch(seat)
        self.pitched += 1
        self.exposed.append(card)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="exposed")
        self._touch(Role.EXPOSED_CARD, card)

    @touches(Role.EXPOSED_CARD)
    def expose_replacement(self, step: Mishap) -> None:
        """The replacement card a ruling owes is exposed too: with the first, two cards exposed
        by the dealer in one deal (REMEDY-STACK)."""
        seat = seat_named(step)
        first = self._held_exposed(seat)
        self.ledger.move(first, Place.SET_ASIDE)
        self._log(Kind.SET_ASIDE, cards=(first,), note="the exposed card")
        card = self.ledger.pitch(seat)
        self.exposed.append(card)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="replacement, exposed")
        self._touch(Role.EXPOSED_CARD, first, card)

    @touches(Role.MISDEALT_CARD)
    def misdirect_pitch(self, step: Mishap) -> None:
        seat = seat_named(step)
        card = self.ledger.pitch(seat)
        if self.next_seat is None:  # after the deal: a card too many in the starting hands
            self.extra.append(card)
        owed = f"owed to seat {self.next_seat}" if self.next_seat is not None else "no card owed"
        self._log(Kind.PITCH, seat=seat, cards=(card,), note=owed)
        self._touch(Role.MISDEALT_CARD, card)

    def skip_pitch(self, step: Mishap) -> None:
        seat = self.deal_sequence[self.pitched]
        self.short_due[seat] = len(self.ledger.stub)
        self._log(Kind.SKIP, seat=seat, note="unnoticed")
        self.pitched += 1

    @touches(Role.EXTRA_CARD)
    def extra_pitch(self, step: Mishap) -> None:
        seat = seat_named(step)
        card = self.ledger.pitch(seat)
        self.extra.append(card)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="extra card")
        self._touch(Role.EXTRA_CARD, card)

    @touches(Role.EXTRA_CARD)
    def extra_pitch_face_up(self, step: Mishap) -> None:
        """An extra card dealt face up: an extra card, and an exposed card of this deal."""
        seat = seat_named(step)
        card = self.ledger.pitch(seat)
        self.extra.append(card)
        self.exposed.append(card)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="extra card, face up")
        self._touch(Role.EXTRA_CARD, card)

    @touches(Role.MISDEALT_CARD)
    def misdirect_pitch_face_up(self, step: Mishap) -> None:
        """A card dealt face up out of sequence (wsop-2024): misdealt, and exposed."""
        self.misdirect_pitch(step)
        self.exposed.extend(self.touched.get(Role.MISDEALT_CARD, ()))

    @touches(Role.SHORT_HAND)
    def mark_short(self, step: Mishap) -> None:
        seat = seat_named(step)
        self._touch(Role.SHORT_HAND, *self.ledger.hands.get(seat, ()))

    def _premature(self, street: Verb, count: int) -> None:
        """The dealer burned and turned a street while its betting round was still going on; a
        burn already held for it is the one used (SEEN-CARD-STAYS-OUT)."""
        self._burn(note=f"premature {street}")
        cards = tuple(self.ledger.turn_up() for _ in range(count))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note=f"premature {street}")
        self._touch(Role.premature(street), *cards)

    @touches(Role.PREMATURE_FLOP_CARDS)
    def premature_flop(self, step: Mishap) -> None:
        self._premature(Verb.FLOP, step.count or 3)  # as many cards as were turned

    @touches(Role.PREMATURE_TURN_CARD)
    def premature_turn(self, step: Mishap) -> None:
        self._premature(Verb.TURN, 1)

    @touches(Role.PREMATURE_RIVER_CARD)
    def premature_river(self, step: Mishap) -> None:
        self._premature(Verb.RIVER, 1)

    @touches(Role.FLOP_CARDS)
    def turn_flop_cards(self, step: Mishap) -> None:
        count = step.count or 3
        cards = tuple(self.ledger.turn_up() for _ in range(count))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note=f"flop of {count} cards")
        self.obligations.dealt(Verb.FLOP)
        self._touch(Role.FLOP_CARDS, *cards)

    @touches(Role.FLOP_CARDS)
    def turn_flop_without_burn(self, step: Mishap) -> None:
        count = step.count or 3
        cards = tuple(self.ledger.turn_up() for _ in range(count))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note="flop without a burn")
        self.obligations.dealt(Verb.FLOP)
        self._touch(Role.FLOP_CARDS, *cards)

    @touches(Role.FLOP_CARDS)
    def lay_flop_face_down(self, step: Mishap) -> None:
        """Three cards laid out for the flop, face down, without a burn: nobody has seen them."""
        cards = tuple(self.ledger.turn_up() for _ in range(3))
        for card in cards:
            self.ledger.move(card, Place.SET_ASIDE)  # on the table, face down: not the board
        self._log(Kind.SET_ASIDE, cards=cards, note="flop face down, without a burn")
        self._touch(Role.FLOP_CARDS, *cards)

    @touches(Role.CARD_TURNED_WITHOUT_BURN)
    def street_without_burn(self, step: Mishap) -> None:
        card = self.ledger.turn_up()
        self._log(Kind.BOARD, cards=(card,), note=f"{step.kind.value} without a burn")
        self.obligations.dealt(Verb(step.kind.value), unburned=True)
        self._touch(Role.CARD_TURNED_WITHOUT_BURN, card)

    @touches(Role.CARD_TURNED_WITHOUT_BURN, Role.HELD_BURN)
    def street_past_held_burn(self, step: Mishap) -> None:
        """The turn or river turned without the burn a ruling holds for it: the card turned is
        the one that would have come (SEEN-CARD-STAYS-OUT)."""
        held = self.obligations.next_burn(self.ledger)
        if held is None:  # the transition's condition: burn_held
            raise InvariantError("no burn is held for this street")
        self.street_without_burn(step)
        self.touched[Role.HELD_BURN] = (held,)

    @touches(Role.EXTRA_BURN_CARD)
    def second_burn(self, step: Mishap) -> None:
        card = self.ledger.burn()
        self._log(Kind.BURN, cards=(card,), note="a second burn")
        self._touch(Role.EXTRA_BURN_CARD, card)

    @touches(Role.FLASHED_CARD)
    def flash_card(self, step: Mishap) -> None:
        card = step.card
        if card is None:  # the reader gives every flash its card
            raise InvariantError(f"'{step}' names no card")
        self._log(Kind.FLASH, seat=step.seat, cards=(card,))
        self._touch(Role.FLASHED_CARD, card)

    def boxed_where_it_can_be(self, step: Mishap) -> bool:
        """A boxed card found at a place of the flop (``at``) only while the flop is dealt."""
        return step.at is None or (self.state == "flop" and not self.ledger.board)

    def _turn_flop_before_boxed(self, step: Mishap) -> None:
        """The flop cards the dealer turned before finding the boxed one."""
        for _ in range((step.at or 1) - 1):
            self._log(Kind.BOARD, cards=(self.ledger.turn_up(),), note="flop", street=Street.FLOP)

    @touches(Role.BOXED_CARD)
    def box_top_card(self, step: Mishap) -> None:
        self._turn_flop_before_boxed(step)
        card = self.ledger.scrap_top()
        self.boxed.append(card)
        self._log(Kind.SCRAP, cards=(card,), note="boxed card")
        self._touch(Role.BOXED_CARD, card)

    @touches(Role.BOXED_CARDS)
    def box_another_card(self, step: Mishap) -> None:
        self._turn_flop_before_boxed(step)
        card = self.ledger.scrap_top()
        self.boxed.append(card)
        self._log(Kind.SCRAP, cards=(card,), note="boxed card")
        self._touch(Role.BOXED_CARDS, *self.boxed)

    def note_button(self, step: Mishap) -> None:
        self.button_fix = step.seat
        note = f"found at seat {self.table.button}"
        self._log(Kind.BUTTON, seat=step.seat, note=note, why=Why.FOUND)
        self.touched = {}

    @touches(Role.DUPLICATE_CARDS)
    def note_duplicate(self, step: Mishap) -> None:
        self._note_deck(step, Role.DUPLICATE_CARDS)

    @touches(Role.FOREIGN_CARD)
    def note_foreign_card(self, step: Mishap) -> None:
        self._note_deck(step, Role.FOREIGN_CARD)

    @touches(Role.JOKER)
    def note_joker(self, step: Mishap) -> None:
        self._note_deck(step, Role.JOKER)

    def note_deck_short(self, step: Mishap) -> None:
        self._note_deck(step, None)

    def _note_deck(self, step: Mishap, role: Role | None) -> None:
        cards = (step.card,) if step.card is not None else ()
        note = step.kind.value if step.seat is None else f"{step.kind.value} at seat {step.seat}"
        self._log(Kind.DECK, cards=cards, note=note)
        self.touched = {role: cards} if role is not None and cards else {}

    # -- rulings -------------------------------------------------------------------------------

    def make_ruling(self, ref: RulingRef, step: Mishap) -> Ruled:
        """Rule on a recognised mishap at once, under the hand's ruleset."""
        ruled = rule_under(
            ref, self.table.ruleset, self.touched,
            substantial_action=self.substantial_action, street=self._street(step), seat=step.seat,
        )  # fmt: skip
        self._rule(ruled)
        return ruled

    def defer_ruling(self, ref: RulingRef, step: Mishap) -> None:
        """A mishap nobody noticed: the hand goes on, the ruling waits for the floor's call."""
        # the held card that was to be the flop's burn (SEEN-CARD-STAYS-OUT)
        held = self.obligations.next_burn(self.ledger) if Role.FLOP_CARDS in self.touched else None
        pending = Pending(
            ref, dict(self.touched), self._street(step), len(self.actions), str(step), step.seat,
            len(self.ledger.board), self._error_stub(), self._mishap_began(), held,
        )  # fmt: skip
        for card in self.touched.get(Role.HELD_BURN, ()):
            self.obligations.skipped(card)  # it serves no later street
        self.obligations.defer(pending)
        self._log(Kind.UNNOTICED, note=pending.what)
        self.touched = {}

    def _mishap_began(self) -> int:
        """The index of the first event of the mishap just made (the events naming its cards)."""
        cards = {card for cards in self.touched.values() for card in cards}
        start = len(self.events)
        while start > 0 and cards & set(self.events[start - 1].cards):
            start -= 1
        return start

    def _error_stub(self) -> tuple[Card, ...]:
        """The stub as it stood when the burn error just made began, top first: the cards it
        turned, or the street's burn and the second one, on the stub as it is now."""
        touched = self.touched
        turned = touched.get(Role.CARD_TURNED_WITHOUT_BURN) or touched.get(Role.FLOP_CARDS)
        if turned:
            return (*turned, *self.ledger.stub)
        extra = self.touched.get(Role.EXTRA_BURN_CARD)
        if extra and len(self.ledger.burns) >= 2:
            return (self.ledger.burns[-2], *extra, *self.ledger.stub)
        return ()

    def rule_on_noticed(self, step: AnyStep) -> None:
        """NOTICED-LATE: each unnoticed mishap is ruled on now, on the hand as it stands: after
        substantial action no misdeal (LA 105), a card acted on stands (LA 165)."""
        for item in self.obligations.take_pending():
            self._log(Kind.NOTICE, note=item.what)
            self.touched = dict(item.cards)
            # acted on: a player acted since, the board card concerned has been turned since, or
            # the hand has gone past the street concerned: the board stands (LA 165)
            left = item.street is not None and self._street_now() is not item.street
            acted = len(self.actions) > item.actions or len(self.ledger.board) > item.board or left
            if item.street is None and item.seat is not None:
                # a hole card: acted on once its owner acted or folded, or the flop burn is out
                # (HOLE-EXPOSED-OTHER's late branch; LA 119)
                owner = any(seat == item.seat for seat, _ in self.actions[item.actions :])
                acted = owner or item.seat in self.folded or bool(self.ledger.burns)
            ref = item.ref
            if (
                item.street is Verb.FLOP
                and len(self.actions) == item.actions
                and item.stub[len(self.ledger.board) :] == self.ledger.stub
            ):  # nobody could bet on the flop (an all-in), no card dealt since: LA 164 (b)
                acted = left = False
            if ref.branch is Branch.SECOND_BURN and len(self.ledger.board) > item.board:
                # two burns before the flop, found once the flop is out (LA 164)
                if self._rebuild_board(item, left_street=left):
                    continue
                if len(self.actions) > item.actions or left:  # the board stands (LA 165)
                    ref = replace(ref, branch=None)
                else:
                    ref = replace(ref, branch=Branch.SECOND_BURN_EXPOSED)
                    self.touched[Role.FLOP_CARDS] = tuple(self.ledger.board)
            elif Role.HELD_BURN not in item.cards and self._rebuild_board(item, left_street=left):
                continue
            if Role.EXTRA_CARD in item.cards and self.ledger.burns:
                ref = self._extra_card_too_late(ref)
            ruled = rule_under(
                ref, self.table.ruleset, self.touched,
                substantial_action=self.substantial_action, acted_on=acted, late=True,
                street=item.street, seat=item.seat,
                found_after_action=len(self.actions) > item.actions,
            )  # fmt: skip
            # once the hand has left that street the later cards have come: nothing to put right;
            # nor on the river once it is acted on (BURN-ERROR (d): nothing is moved)
            self._rule(ruled, owes=not left and not (acted and item.street is Verb.RIVER))
            if ruled.supersedes:
                break  # the rest belong to the deal thrown in (NOTICED-LATE, REMEDY-STACK)

    def _extra_card_too_late(self, ref: RulingRef) -> RulingRef:
        """An extra card found once the flop burn is out can no longer be held as that burn: the
        ruling's branch for the wrong number of cards, before or after substantial action, where
        it has one (DEAL-EXTRA-ONE under seed: fallback LA 104, LA 105, LA 106)."""
        wanted = Branch.WRONG_NUMBER_AFTER_SA if self.substantial_action else Branch.WRONG_NUMBER
        ruling = rule(ref.rule_id).ruling(self.table.ruleset.ruling_from(ref.rule_id))
        return replace(ref, branch=wanted) if wanted in ruling.branches else ref

    def _rebuild_board(self, item: Pending, *, left_street: bool) -> bool:
        """A burn error found late, put right as BURN-ERROR (d), (e) and BURN-MISSED-FLOP (c)
        say: each board place since the error that nobody acted on (with no betting because of an
        all-in, every one) gets the card that would have come, the cards taken in the order they
        left the stub; a place acted on stands (LA 165); the other cards dealt since are burns,
        a make-up burn is taken at once where one is missing, and a burn too many serves the next
        street (back on top of the stub, or held if the table saw it). False where this does not
        apply: the error found before anything came of it, the flop still on its own round
        (LA 164, BURN-MISSED-FLOP (b)), or the stub reordered since."""
        street, ledger = item.street, self.ledger
        if not item.stub or street is None or street not in _WOULD_BE:
            return False
        first, board, stub = _FIRST_PLACE[street], list(ledger.board), ledger.stub
        gone = len(item.stub) - len(stub)
        events = self.events[item.event :]
        if gone < 0 or item.stub[gone:] != stub or any(e.kind in _REORDERS for e in events):
            return False
        known = {*item.stub, item.held}
        waiting = [h for h in self.obligations.held if h.hold is Hold.BURN and h.card != item.held]
        if waiting or any(
            event.kind is Kind.BURN and not known.issuperset(event.cards) for event in events
        ):
            return False  # a held burn serves a street since, or still waits for one
        turned_at: dict[Card, int] = {}
        acts = [i for i, event in enumerate(events) if event.kind in _ACTIONS]
        for index, event in enumerate(events):
            if event.kind is Kind.BOARD:
                turned_at.update(dict.fromkeys(event.cards, index))
        places = list(range(first, len(board)))
        if not places or any(board[p] not in turned_at for p in places):
            return False
        stands = {p: _acted_on(p, board, turned_at, acts) for p in places}
        if street is Verb.FLOP and not (len(board) > 3 or left_street or (
            stands[0] and item.ref.branch is Branch.SECOND_BURN
        )):  # fmt: skip
            return False
        if not any(stands.values()) and len(board) == item.board and not left_street:
            return False  # nothing came of it yet: BURN-ERROR (a), (b) as ruled at once
        layout = _WOULD_BE[street][1:] if item.held is not None else _WOULD_BE[street]
        slot = {place: index for index, place in enumerate(layout) if place is not None}
        targets = {p: board[p] if stands[p] else item.stub[slot[p]] for p in places}
        if len(set(targets.values())) != len(places) or max(slot[p] for p in places) >= len(
            item.stub
        ):
            return False
        # the ruling names the board it rebuilds, so that `dealer ask` can say where each card went
        moved = [p for p in places if not stands[p] and board[p] != targets[p]]
        cards = dict(item.cards)
        if moved:
            cards[Role.CARD_THAT_WOULD_HAVE_COME] = tuple(targets[p] for p in moved)
            cards[Role.BOARD_CARD_TAKEN_BACK] = tuple(board[p] for p in moved)
        ruled = rule_under(
            replace(item.ref, branch=None), self.table.ruleset, cards,
            substantial_action=self.substantial_action, acted_on=any(stands.values()), late=True,
            street=street, seat=item.seat,
        )  # fmt: skip
        self.touched = {}
        self._rule(ruled, owes=False)
        rid = ruled.rule_id
        burned: list[Card] = []
        if item.held is not None and ledger.where(item.held).place is Place.SET_ASIDE:
            ledger.move(item.held, Place.BURN)  # the held burn served that street
            self.obligations.burned(item.held)
            burned.append(item.held)
        rebuilt = [p for p in places if not stands[p]]
        need = max((slot[p] + 1 for p in rebuilt), default=0)
        drawn = [ledger.burn() for _ in range(gone, need)]  # the cards that would have come
        gone = max(gone, need)
        last = slot[places[-1]] + 1
        burned_next = procedure().states[self.state].next in (Verb.TURN, Verb.RIVER)
        if burned_next:
            last += 1  # the next street's burn is out already: its card comes next
        next_burn = last if last < len(layout) else None
        made_up = [ledger.burn() for _ in range(gone, next_burn or 0)]
        gone = max(gone, next_burn or 0)
        for p in places:
            if not stands[p]:
                ledger.move(board[p], Place.BURN)
        for p in places:
            if not stands[p]:
                ledger.move(targets[p], Place.BOARD)
        burned += [card for card in drawn if card not in targets.values()]
        back, held = (None, None)
        if not burned_next:
            back, held = self._next_burn_kept(item.stub[:gone], next_burn, turned_at)
        if held is not None:
            self.obligations.hold(held, Role.HELD_BURN, rid, Hold.BURN)
        if made_up:
            self._log(Kind.BURN, cards=tuple(made_up), note=f"make-up burn ({rid})")
        replaced = tuple(board[p] for p in places if not stands[p] and board[p] != targets[p])
        if replaced or burned:
            self._log(Kind.BURN, cards=(*burned, *replaced), note=rid)
        for p in places:
            if not stands[p] and board[p] != targets[p]:
                note = f"the card that would have come ({rid})"
                self._log(Kind.BOARD, cards=(targets[p],), note=note)
        if back is not None:
            self._log(Kind.TO_STUB, cards=(back,), note=rid)
        if held is not None:
            self._log(Kind.SET_ASIDE, cards=(held,), note=f"the next burn ({rid})")
        return True

    def _next_burn_kept(
        self, gone: tuple[Card, ...], next_burn: int | None, turned_at: dict[Card, int]
    ) -> tuple[Card | None, Card | None]:
        """One card burned too many since the error serves as the next street's burn, so that
        the next street card is the one that would have come (LA 165's example): unseen, back on
        top of the stub; seen, held out (SEEN-CARD-STAYS-OUT). Returns (card back, card held)."""
        if next_burn is None or len(gone) != next_burn + 1:
            return None, None
        ledger = self.ledger
        spare = [card for card in gone if ledger.where(card).place is Place.BURN]
        due = gone[next_burn]
        if due in spare:
            spare = [due]  # the card that would have been that burn, where it can be
        unseen = [card for card in spare if card not in turned_at]
        if unseen:
            ledger.move(unseen[-1], Place.STUB)
            return unseen[-1], None
        if spare:
            ledger.move(spare[-1], Place.SET_ASIDE)
            return None, spare[-1]
        return None, None

    def _rule(self, ruled: Ruled, *, owes: bool = True) -> None:
        self.rulings.append(ruled)
        if ruled.supersedes:  # REMEDY-STACK: it replaces a void hand under way, if any
            self.void = False
        steps = owed_steps(ruled, self.ledger, self.next_seat is None) if owes else []
        if ruled.late and ruled.street is None and self._round_already_over():
            # an error of the deal noticed once the pre-flop round has closed (everyone all in,
            # say): the pre-flop round its steps wait for is over, nobody is left to act in it.
            # Dropped before the merge, so that its steps line up with what other rulings still
            # owe after that round (REMEDY-STACK), not with the round itself.
            for index, item in enumerate(steps):
                if item.verb is Verb.BURN or item.verb in BOARD_VERBS:
                    break
                if item.wait is Verb.FINISH_ROUND:
                    del steps[index]
                    break
        sources = ", ".join(ruled.ruling.sources)
        branch = f", {ruled.branch}" if ruled.branch is not None else ""  # the branch that applies
        note = f"{ruled.rule_id} under {ruled.label}{branch}: {sources}"
        self._log(Kind.RULING, note=note, rule=ruled.rule_id)
        self._settle_touched(ruled)
        self.obligations.add(ruled, steps)
        alone = [f.card for f in ruled.ruling.cards if f.fate is Fate.RULED_ON_ITS_OWN]
        for card in (card for role in alone for card in ruled.cards.get(role, ())):
            self._rule_on_its_own(card)

    def _rule_on_its_own(self, card: Card) -> None:
        """An exposed card ruled by its own row, as noticed late (HOLE-EXPOSED-MULTIPLE after
        substantial action, LA 105): by its place in the deal, as ``mishap_exposed`` in
        procedures/holdem.yaml chooses; its owner having acted or folded, or the flop burn being
        out, the late branch (LA 119). A card no longer in a hand (a first exposed card already
        held as a burn) has had its ruling."""
        seat = self.ledger.where(card).seat
        if seat is None:
            return
        place = self._deal_place(card)
        misdeals = place in self.table.ruleset.misdeal_exposed_cards
        if place == 1:
            name = "ruling-sa:HOLE-EXPOSED-FIRST"
        elif place == 2:
            name = "ruling-sa:HOLE-EXPOSED-SECOND=" + ("misdeal" if misdeals else "deal-on")
        else:
            name = "ruling:HOLE-EXPOSED-OTHER"
        ref = RulingRef.parse(name)
        assert ref is not None
        acted = any(who == seat for who, _ in self.actions) or seat in self.folded
        self.touched = {Role.EXPOSED_CARD: (card,)}
        ruled = rule_under(
            ref, self.table.ruleset, self.touched, substantial_action=self.substantial_action,
            acted_on=acted or bool(self.ledger.burns), late=True, seat=seat,
        )  # fmt: skip
        self._rule(ruled)

    def _deal_place(self, card: Card) -> int | None:
        """The card's place in the deal under way (1 the first), counting the cards pitched in
        order; None for another card (a replacement, an extra card)."""
        events = self.events
        start = max((i for i, e in enumerate(events) if e.kind is Kind.GATHER), default=-1) + 1
        place = 0
        for event in events[start:]:
            if event.kind is Kind.PITCH and event.note in ("", "exposed"):
                place += 1
                if card in event.cards:
                    return place
        return None

    def _round_already_over(self) -> bool:
        """No betting round is under way and the hand is past the first one: a round that a
        ruling made now waits for has already closed (the states' order is the procedure's)."""
        if self.betting is not None:
            return False
        states = procedure().states
        names = list(states)
        first_round = next(index for index, name in enumerate(names) if states[name].betting)
        return names.index(self.state) > first_round and not states[self.state].betting

    def _street_now(self) -> Verb | None:
        street = procedure().states[self.state].street
        return Verb(street) if street is not None and street is not Street.PREFLOP else None

    def _street(self, step: Mishap) -> Verb | None:
        """The street a mishap concerns: the one it names, else the one the hand is on."""
        named = step.kind.value
        if named in set(BOARD_VERBS):
            return Verb(named)
        return self._street_now()

    def _settle_touched(self, ruled: Ruled) -> None:
        """Each touched card where its ruling puts it now; a card held for later (a burn to come,
        a card to be shuffled back) is set aside and held by the obligations."""
        fates = {fate.card: fate.fate for fate in ruled.ruling.cards}
        burned_later = {s.card for s in ruled.ruling.steps if s.do is Verb.BURN and s.card}
        replaced = any(s.do is Verb.REPLACE and s.card for s in ruled.ruling.steps)
        moved: list[tuple[Kind, Card]] = []
        for role, cards in self.touched.items():
            fate = fates.get(role)
            for card in cards:
                place = self.ledger.where(card).place
                if fate is Fate.SET_ASIDE or (
                    fate is Fate.RETURNED_TO_STUB and place is Place.BOARD
                ):
                    # out of play until the ruling's shuffle takes it back (SEEN-CARD-STAYS-OUT)
                    self.obligations.hold(card, role, ruled.rule_id, Hold.RESHUFFLE)
                    if place is not Place.SET_ASIDE:
                        self.ledger.move(card, Place.SET_ASIDE)
                        moved.append((Kind.SET_ASIDE, card))
                elif fate is Fate.RETURNED_TO_STUB and place in (Place.BURN, Place.SET_ASIDE):
                    # back on top, unseen: the next burn (LA 122, 165), or a face-down flop put
                    # right (LA 164), the last card first so the first is on top again
                    moved.append((Kind.TO_STUB, card))
                elif fate is Fate.BURNED and role in burned_later:
                    self.obligations.hold(card, role, ruled.rule_id, Hold.BURN)
                    if place is Place.BOARD or (place is Place.SEAT and not replaced):
                        self.ledger.move(card, Place.SET_ASIDE)
                        moved.append((Kind.SET_ASIDE, card))
                elif fate is Fate.BURNED and role is Role.HELD_BURN:
                    if place is Place.SET_ASIDE:  # it goes to the burns at once
                        self.ledger.move(card, Place.BURN)
                        self.obligations.burned(card)
                        moved.append((Kind.BURN, card))
                elif fate is Fate.BURNED and place in (Place.BOARD, Place.SEAT):
                    self.ledger.move(card, Place.BURN)  # it was the burn card: put right now
                    moved.append((Kind.BURN, card))
        for card in reversed([card for kind, card in moved if kind is Kind.TO_STUB]):
            self.ledger.move(card, Place.STUB)
        for kind in (Kind.SET_ASIDE, Kind.TO_STUB, Kind.BURN):
            group = tuple(card for moved_kind, card in moved if moved_kind is kind)
            if group:
                self._log(kind, cards=group, note=ruled.rule_id)

    # -- remedy steps --------------------------------------------------------------------------

    def gather_cards(self, step: AnyStep) -> None:
        """Every card back to the stub. A misdeal keeps the forced bets and returns the rest
        (MISDEAL-REDEAL); a void hand has returned every chip already."""
        self.ledger.gather()
        for seat, amount in self.committed.items():
            self.stacks[seat] += amount - self.forced[seat]
            self.committed[seat] = self.forced[seat]
        self.pitched = 0
        self.exposed.clear()
        self.extra.clear()
        self.short_due.clear()
        self.folded.clear()
        self.actions.clear()
        self.obligations.gathered()
        self.betting = None
        if self.void:  # a void hand is no hand: the button stays
            self.next_button = self.button_override = self.table.button
        self._log(Kind.GATHER, note=f"{len(self.ledger.stub)} cards")

    def correct_button_and_blinds(self, step: AnyStep) -> None:
        """Put the button where it belongs, take back the forced bets and post them again."""
        if self.button_fix is None:  # a ruling on BUTTON-MISPLACED set it
            raise InvariantError("the button is corrected to no seat")
        for seat, amount in self.forced.items():
            self.stacks[seat] += amount
            self.committed[seat] -= amount
            self.forced[seat] = self.zero
        self._log(Kind.RETURN, note="forced bets taken back")
        self.table = replace(self.table, button=self.button_fix, blinds_at=None)
        self.deal_sequence = self.table.positions.deal_order * 2
        self.posted = {}
        self._log(Kind.BUTTON, seat=self.button_fix, note=Why.CORRECTED, why=Why.CORRECTED)
        self.button_fix = None
        self.post_forced_bets(DealerStep(Verb.POST))

    def _held_exposed(self, seat: int) -> Card:
        """The exposed card the ruling holds in this seat's hand."""
        hand = self.ledger.hands.get(seat, [])
        for held in self.obligations.held:
            if held.role is Role.EXPOSED_CARD and held.card in hand:
                return held.card
        return self.exposed[-1]

    def replace_exposed(self, step: DealerStep) -> None:
        seat = seat_named(step)
        exposed = self._held_exposed(seat)
        self.ledger.move(exposed, Place.SET_ASIDE)  # held by the dealer: it will be the flop's burn
        self._log(Kind.SET_ASIDE, cards=(exposed,), note="the exposed card")
        card = self.ledger.pitch(seat)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="replacement")

    def pitch_owed_card(self, step: DealerStep) -> None:
        seat = seat_named(step)
        card = self.ledger.pitch(seat)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="the card owed")

    def kill_short_hand(self, step: AnyStep) -> None:
        doing = self.obligations.doing
        seat = doing.seat if doing is not None else None
        if seat is None:  # KILL-HAND steps are owed for a seat (obligations._owed)
            raise InvariantError("a hand to kill, at no seat")
        if self.betting is not None:
            self.betting.kill(seat)
        self.folded.add(seat)
        cards = self.ledger.muck_hand(seat)
        self._log(Kind.MUCK, seat=seat, cards=cards, note=Why.DEAD_HAND, why=Why.DEAD_HAND)

    def void_hand(self, step: AnyStep) -> None:
        self.void = True
        self.betting = None
        self._log(Kind.VOID, note="all action void")

    def return_all_chips(self, step: AnyStep) -> None:
        for seat, amount in self.committed.items():
            if amount > 0:
                self.stacks[seat] += amount
                self.committed[seat] = self.zero
                self.forced[seat] = self.zero
                self._log(Kind.RETURN, seat=seat, amount=amount, note="void hand")

    def scramble_board(self, step: AnyStep) -> None:
        self._log(Kind.SCRAMBLE, cards=tuple(self.ledger.board), note="face down")

    def choose_burn_card(self, step: AnyStep) -> None:
        """One of the scrambled cards, chosen at random (fixed by the deck's seed), is held to be
        the next burn."""
        board = self.ledger.board
        digest = hashlib.sha256(
            f"choose-burn:{self.plan.seed}:{len(self.events)}".encode()
        ).digest()
        card = board[digest[0] % len(board)]
        self.ledger.move(card, Place.SET_ASIDE)
        rule_id = self.obligations.head.rule if self.obligations.head is not None else ""
        self.obligations.hold(card, Role.CHOSEN_FLOP_CARD, rule_id, Hold.BURN)
        self._log(Kind.SET_ASIDE, cards=(card,), note="chosen at random: the next burn")


def _acted_on(place: int, board: list[Card], turned_at: dict[Card, int], acts: list[int]) -> bool:
    """A player acted on the street of this board place after it was turned (event indices)."""
    street = range(0, 3) if place < 3 else range(place, place + 1)
    start = max(turned_at[board[p]] for p in street if p < len(board))
    after = street.stop
    end = turned_at.get(board[after]) if after < len(board) else None
    return any(start < act and (end is None or act < end) for act in acts)
