"""The irregularities' vocabulary (RULES.md §B): what a mishap physically did, the conditions that
tell one irregularity from another, and the remedy steps' card and chip moves.

Which mishap is which irregularity is data (``mishaps:`` in ``procedures/holdem.yaml``): each
recognised mishap names its ruling as ``ruling:ID`` (``ruling-sa:ID`` when the remedy depends on
substantial action, ``/BRANCH`` for a named branch, ``=misdeal`` or ``=deal-on`` where a ruleset
choice decides). The ruling's own text, card fates and owed steps come from the rulebook.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace

from dealer.core.cards import Card
from dealer.core.chips import ZERO
from dealer.core.events import Kind
from dealer.core.ledger import Place
from dealer.core.mishaps import Mishap
from dealer.core.steps import DealerStep, Step, Verb
from dealer.engine.obligations import Ruled, owed_steps, rule_under
from dealer.engine.state import HandState
from dealer.rules.rulebook import Fate


class Mishaps(HandState):
    post_forced_bets: Callable[[Step], None]  # the normal procedure's (dealer.engine.normal)

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

    def extra_card_before(self, step: Mishap) -> bool:
        return bool(self.extra)

    def betting_pending(self, step: Step) -> bool:
        return self.betting is not None and not self.betting.is_complete

    def too_many_flop_cards(self, step: Mishap) -> bool:
        return (step.count or 3) > 3

    def more_than_four_flop_cards(self, step: Mishap) -> bool:
        return (step.count or 3) > 4

    def three_flop_cards(self, step: Mishap) -> bool:
        return (step.count or 3) == 3

    def seat_is_short(self, step: Mishap) -> bool:
        seat = step.seat or 0
        return seat in self.live and len(self.ledger.hands.get(seat, ())) < 2

    def seat_holds_card(self, step: Mishap) -> bool:
        return step.card in self.ledger.hands.get(step.seat or 0, ())

    def boxed_before(self, step: Mishap) -> bool:
        return bool(self.boxed)

    def button_elsewhere(self, step: Mishap) -> bool:
        return step.seat in self.table.stacks and step.seat != self.table.button

    def is_void(self, step: Step) -> bool:
        return self.void

    def flop_has_three(self, step: Step) -> bool:
        """After a card is chosen from a four-card flop, three remain: the flop is complete."""
        return len(self.ledger.board) == 4

    # -- what a mishap physically did ----------------------------------------------------------

    def _touch(self, name: str, *cards: Card) -> None:
        self.touched = {name: cards}

    def expose_pitch(self, step: Mishap) -> None:
        seat = self.deal_sequence[self.pitched]
        card = self.ledger.pitch(seat)
        self.pitched += 1
        self.exposed.append(card)
        self._log(Kind.PITCH, seat=seat, cards=(card,), note="exposed")
        self._touch("exposed card", card)

    def misdirect_pitch(self, step: Mishap) -> None:
        assert step.seat is not None
        card = self.ledger.pitch(step.seat)
        self._log(Kind.PITCH, seat=step.seat, cards=(card,), note=f"owed to seat {self.next_seat}")
        self._touch("misdealt card", card)

    def skip_pitch(self, step: Mishap) -> None:
        self._log(Kind.SKIP, seat=self.deal_sequence[self.pitched], note="unnoticed")
        self.pitched += 1

    def extra_pitch(self, step: Mishap) -> None:
        assert step.seat is not None
        card = self.ledger.pitch(step.seat)
        self.extra.append(card)
        self._log(Kind.PITCH, seat=step.seat, cards=(card,), note="extra card")
        self._touch("extra card", card)

    def mark_short(self, step: Mishap) -> None:
        assert step.seat is not None
        self._touch("short hand", *self.ledger.hands.get(step.seat, ()))

    def premature_street(self, step: Mishap) -> None:
        """The dealer burned and turned a street while its betting round was still going on."""
        street = step.kind.value
        self._log(Kind.BURN, cards=(self.ledger.burn(),), note=f"premature {street}")
        cards = tuple(self.ledger.turn_up() for _ in range(3 if street == "flop" else 1))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note=f"premature {street}")
        self._touch(f"premature {street} card", *cards)

    def turn_flop_cards(self, step: Mishap) -> None:
        count = step.count or 3
        cards = tuple(self.ledger.turn_up() for _ in range(count))
        for card in cards:
            self._log(Kind.BOARD, cards=(card,), note=f"flop of {count} cards")
        self._touch("flop cards", *cards)

    def street_without_burn(self, step: Mishap) -> None:
        card = self.ledger.turn_up()
        self._log(Kind.BOARD, cards=(card,), note=f"{step.kind.value} without a burn")
        self._touch("card turned without a burn", card)
        self.ledger.move(card, Place.BURN)  # it was the burn card: the error is corrected
        self._log(Kind.BURN, cards=(card,), note="BURN-ERROR")

    def second_burn(self, step: Mishap) -> None:
        card = self.ledger.burn()
        self._log(Kind.BURN, cards=(card,), note="a second burn")
        self._touch("extra burn card", card)
        self.ledger.move(card, Place.STUB)  # back on top: it serves as the next burn
        self._log(Kind.TO_STUB, cards=(card,), note="BURN-ERROR: back on top, in its place")

    def flash_card(self, step: Mishap) -> None:
        assert step.card is not None
        self._log(Kind.FLASH, seat=step.seat, cards=(step.card,))
        self._touch("flashed card", step.card)

    def box_top_card(self, step: Mishap) -> None:
        card = self.ledger.scrap_top()
        self.boxed.append(card)
        self._log(Kind.SCRAP, cards=(card,), note="boxed card")
        self._touch("boxed card", card)

    def note_button(self, step: Mishap) -> None:
        self.button_fix = step.seat
        self._log(Kind.BUTTON, seat=step.seat, note=f"found at seat {self.table.button}")
        self.touched = {}

    def note_deck(self, step: Mishap) -> None:
        cards = (step.card,) if step.card is not None else ()
        self._log(Kind.DECK, cards=cards, note=step.kind.value)
        self.touched = {step.kind.value: cards} if cards else {}

    # -- rulings -------------------------------------------------------------------------------

    def __getattr__(self, name: str) -> object:
        """``ruling:ID``, the ruling callbacks named in the procedure data: ``ruling:ID/BRANCH``
        for a named branch, ``ruling:ID=misdeal`` or ``=deal-on`` for the remedy a ruleset choice
        picks, ``ruling-sa:ID`` for the branch after substantial action once there has been some."""
        kind, _, named = name.partition(":")
        named, _, variant = named.partition("=")
        rule_id, _, branch = named.partition("/")
        if kind in ("ruling", "ruling-sa") and rule_id:
            by_action = kind == "ruling-sa"
            choice = variant.replace("-", " ") or None
            return lambda step: self.make_ruling(rule_id, step, by_action, branch or None, choice)
        raise AttributeError(name)

    def make_ruling(
        self,
        rule_id: str,
        step: Step,
        by_action: bool = False,
        branch: str | None = None,
        choice: str | None = None,
    ) -> Ruled:
        """Rule on ``rule_id`` under the hand's ruleset; the cards it touched take their fates.

        ``choice`` (``misdeal`` or ``deal on``) is what a ruleset choice decided, in the data."""
        ruleset = self.table.ruleset
        kind = getattr(step, "kind", None)
        street = kind.value if kind is not None and kind.value in _STREETS else None
        street = street or next((s for s in _STREETS if self.state.startswith(s)), None)
        street_verb = Verb(street) if street is not None else None
        ruled = rule_under(
            rule_id, ruleset, self.touched, choice,
            after_action=by_action and self.substantial_action, street=street_verb, branch=branch,
        )  # fmt: skip
        self.rulings.append(ruled)
        # a ruling that owes nothing (the card plays, the result stands) leaves a remedy under
        # way as it is; one that owes steps takes over
        self.owed = owed_steps(ruled, self.ledger, self.next_seat is None) or self.owed
        sources = ", ".join(ruled.ruling.sources)
        self._log(Kind.RULING, note=f"{rule_id} under {ruled.label}: {sources}")
        self._settle_touched(ruled)
        return ruled

    def _settle_touched(self, ruled: Ruled) -> None:
        """Move the touched cards now where the ruling says so at once (set aside, back to the
        stub, scrap); a card to be burned later is held aside until its burn step."""
        fates = {fate.card: fate.fate for fate in ruled.ruling.cards}
        later = {step.card for step in ruled.ruling.steps if step.card}
        for name, cards in self.touched.items():
            fate = fates.get(name) or next(iter(fates.values()), None)
            moved: dict[Place, list[Card]] = {}
            for card in cards:
                where = self.ledger.where(card)
                held = fate is Fate.BURNED and name in later  # burned later by a named step
                if fate is Fate.SET_ASIDE or (held and where == "board"):
                    place = Place.SET_ASIDE
                elif fate is Fate.RETURNED_TO_STUB and where == "board":
                    place = Place.STUB
                elif held and where.startswith("seat") and not _replaced(ruled):
                    place = Place.SET_ASIDE
                else:
                    continue
                self.ledger.move(card, place)
                moved.setdefault(place, []).append(card)
            for place, group in moved.items():
                kind = Kind.SET_ASIDE if place is Place.SET_ASIDE else Kind.TO_STUB
                self._log(kind, cards=tuple(group), note=ruled.rule_id)

    # -- remedy steps --------------------------------------------------------------------------

    def gather_cards(self, step: Step) -> None:
        """Every card back to the stub. A misdeal keeps the forced bets and returns the rest
        (MISDEAL-REDEAL); a void hand has returned every chip already."""
        self.ledger.gather()
        for seat, amount in self.committed.items():
            self.stacks[seat] += amount - self.forced[seat]
            self.committed[seat] = self.forced[seat]
        self.pitched = 0
        self.exposed.clear()
        self.extra.clear()
        self.folded.clear()
        self.actions.clear()
        self.betting = None
        if self.void:  # a void hand is no hand: the button stays
            self.next_button = self.button_override = self.table.button
        self._log(Kind.GATHER, note=f"{len(self.ledger.stub)} cards")

    def correct_button_and_blinds(self, step: Step) -> None:
        """Put the button where it belongs, take back the forced bets and post them again."""
        assert self.button_fix is not None
        for seat, amount in self.forced.items():
            self.stacks[seat] += amount
            self.committed[seat] -= amount
            self.forced[seat] = ZERO
        self._log(Kind.RETURN, note="forced bets taken back")
        self.table = replace(self.table, button=self.button_fix, blinds_at=None)
        self.deal_sequence = self.table.positions.deal_order * 2
        self.posted = {}
        self._log(Kind.BUTTON, seat=self.button_fix, note="corrected")
        self.button_fix = None
        self.post_forced_bets(DealerStep(Verb.POST))

    def replace_exposed(self, step: DealerStep) -> None:
        assert step.seat is not None
        exposed = self.exposed[-1]
        self.ledger.move(exposed, Place.SET_ASIDE)  # held by the dealer: it will be the flop's burn
        self._log(Kind.SET_ASIDE, cards=(exposed,), note="the exposed card")
        card = self.ledger.pitch(step.seat)
        self._log(Kind.PITCH, seat=step.seat, cards=(card,), note="replacement")

    def pitch_owed_card(self, step: DealerStep) -> None:
        assert step.seat is not None
        card = self.ledger.pitch(step.seat)
        self._log(Kind.PITCH, seat=step.seat, cards=(card,), note="the card owed")

    def kill_short_hand(self, step: Step) -> None:
        seat = self.doing.seat if self.doing is not None else None
        assert seat is not None and self.betting is not None
        self.betting.kill(seat)
        self.folded.add(seat)
        self.ledger.muck_hand(seat)
        self._log(Kind.MUCK, seat=seat, note="dead hand")

    def void_hand(self, step: Step) -> None:
        self.void = True
        self.betting = None
        self._log(Kind.VOID, note="all action void")

    def return_all_chips(self, step: Step) -> None:
        for seat, amount in self.committed.items():
            if amount > 0:
                self.stacks[seat] += amount
                self.committed[seat] = ZERO
                self.forced[seat] = ZERO
                self._log(Kind.RETURN, seat=seat, amount=amount, note="void hand")

    def scramble_board(self, step: Step) -> None:
        self._log(Kind.SCRAMBLE, cards=tuple(self.ledger.board), note="face down")

    def choose_burn_card(self, step: Step) -> None:
        """One of the scrambled cards, chosen at random (fixed by the deck's seed), is burned."""
        board = self.ledger.board
        digest = hashlib.sha256(
            f"choose-burn:{self.plan.seed}:{len(self.events)}".encode()
        ).digest()
        card = board[digest[0] % len(board)]
        self.ledger.move(card, Place.BURN)
        self._log(Kind.BURN, cards=(card,), note="chosen at random")


_STREETS = ("flop", "turn", "river")


def _replaced(ruled: Ruled) -> bool:
    """The ruling gives the player a replacement first (the exposed card leaves the seat then)."""
    return any(step.do == "replace" for step in ruled.ruling.steps)
