"""The normal procedure's vocabulary (RULES.md §A): the conditions and the card and chip moves that
``procedures/holdem.yaml`` names, from the forced bets to the button move."""

from __future__ import annotations

from dataclasses import replace
from itertools import filterfalse
from typing import Final

from dealer.core.betting import CALL, CHECK, FOLD, BettingRound, Move
from dealer.core.chips import Chips
from dealer.core.errors import Refusal
from dealer.core.events import Event, Kind, Why
from dealer.core.hand_value import HandValue, best_hand, evaluate
from dealer.core.ledger import Place
from dealer.core.native import mypyc_attr
from dealer.core.pots import (
    Contributions,
    Pot,
    Share,
    award,
    build_pots,
    pot_name,
    show_order,
)
from dealer.core.stakes import AntePayer, Street, Structure
from dealer.core.steps import BOARD_VERBS, Call, DealerStep, PlayerAction, ShowdownCall, Verb
from dealer.engine.refusals import (
    AlreadyTabled,
    BoardAlreadySaid,
    BoardThrown,
    NoHandAtShowdown,
    TabledNotMucked,
    TouchedMuck,
)
from dealer.engine.state import AnyStep, HandState, InvariantError, new_event

# Enum members read on every step, as constants (Python 3.11's EnumType.__getattr__ hook makes
# ``Kind.PITCH`` cost about ten global reads: see dealer.core.betting).
_PITCH: Final = Kind.PITCH
_BOARD: Final = Kind.BOARD
_SHOW: Final = Kind.SHOW
_PUSH: Final = Kind.PUSH
_RETURN: Final = Kind.RETURN
_RIVER: Final = Street.RIVER
_FLOP: Final = Street.FLOP
_PREFLOP: Final = Street.PREFLOP
_LIMIT: Final = Structure.LIMIT
_FINISH_ROUND: Final = Verb.FINISH_ROUND
_REDEAL: Final = Verb.REDEAL
# ... and those read once a hand
_SMALL_BLIND: Final = Kind.SMALL_BLIND
_BIG_BLIND: Final = Kind.BIG_BLIND
_SHUFFLE: Final = Kind.SHUFFLE
_CUT: Final = Kind.CUT
_BUTTON: Final = Kind.BUTTON
# a board card's street and its note (Street() and an enum's .value each cost a Python call)
_STREET_OF = {verb: (Street(verb.value), verb.value) for verb in BOARD_VERBS}
_MOVE_KIND = {
    Move.FOLD: Kind.FOLD,
    Move.CHECK: Kind.CHECK,
    Move.CALL: Kind.CALL,
    Move.BET: Kind.BET,
    Move.RAISE: Kind.RAISE,
}


@mypyc_attr(allow_interpreted_subclasses=True)  # the hand model derives from it
class Dealing(HandState):
    # -- conditions ----------------------------------------------------------------------------

    def pitch_in_order(self, step: AnyStep) -> bool:
        # next_seat read inline: the condition of every pitch
        pitched, sequence = self.pitched, self.deal_sequence
        owed_seat = sequence[pitched] if pitched < len(sequence) else None
        return step.seat == owed_seat

    def is_last_pitch(self, step: AnyStep) -> bool:
        return self.pitched == len(self.deal_sequence) - 1

    def one_player_left(self, step: AnyStep) -> bool:
        return len(self.table.positions.deal_order) - len(self.folded) == 1  # folded: dealt seats

    def owes_step(self, step: AnyStep) -> bool:
        """The step is the next one the last ruling owes (remedy transitions)."""
        head = self.obligations.head
        return head is not None and head.verb is getattr(step, "verb", None)

    # -- forced bets, shuffle, cut, the deal ---------------------------------------------------

    def _put_in(self, seat: int, amount: Chips, kind: Kind) -> Chips:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        self.forced[seat] += paid
        all_in = self.stacks[seat] == 0
        note = "all-in" if all_in else ""
        self._record((kind, seat, (), paid, note, all_in, None, None, None, None, None, None))
        return paid

    def post_forced_bets(self, step: AnyStep) -> None:
        stakes, positions = self.stakes, self.table.positions
        if not isinstance(self.committed, Contributions):  # it records the dead money too
            self.committed = Contributions(self.committed)
        self.committed.dead.clear()  # forced bets posted again are posted anew
        if stakes.ante > 0 and stakes.ante_by is AntePayer.EACH:
            for seat in positions.deal_order:
                self._put_in(seat, stakes.ante, Kind.ANTE)
        blinds = [(positions.big_blind, stakes.big_blind, _BIG_BLIND)]
        if positions.small_blind is not None:  # else a dead small blind (DEAD-BUTTON)
            blinds.insert(0, (positions.small_blind, stakes.small_blind, _SMALL_BLIND))
        if positions.straddle is not None:
            blinds.append((positions.straddle, stakes.straddle, Kind.STRADDLE))
        for seat, amount, kind in blinds:
            self.posted[seat] = self._put_in(seat, amount, kind)
        payer = self.table.ante_payer  # a big-blind or button ante (ANTE): dead money
        if payer is not None and self.stacks[payer] > 0:  # after the blind: a short stack
            self.committed.dead[payer] = self._put_in(payer, stakes.ante, Kind.ANTE)  # pays it

    def shuffle_stub(self, step: AnyStep) -> None:
        returned = self.obligations.reshuffled()  # never a held burn (SEEN-CARD-STAYS-OUT)
        for card in returned:
            self.ledger.move(card, Place.STUB)
        number = self.shuffles
        order = self.plan.shuffle(self.ledger.stub, number)
        self.ledger.restack(order, permuted=self.plan.permutes(number))
        self.shuffles += 1
        taken = " with the set-aside cards" if returned else ""
        size = len(self.ledger.stub)
        note = f"{size} cards{taken}"
        self._record(
            (_SHUFFLE, None, returned, None, note, False, None, None, None, size, None, None)
        )

    def cut_stub(self, step: DealerStep) -> None:
        size = len(self.ledger.stub)
        position = step.at if step.at is not None else self.plan.cut_point(size, self.cuts)
        if position is not None:
            self.ledger.cut(position)
        self.cuts += 1
        note = f"at {position}" if position is not None else "stack kept"
        self._record((_CUT, None, (), None, note, False, None, None, None, position, None, None))

    def pitch_card(self, step: AnyStep) -> None:
        seat = self.deal_sequence[self.pitched]
        card = self.ledger.pitch(seat)
        self.pitched += 1
        # _log's event built here (see dealer.engine.state.new_event): twelve a hand
        fields = (_PITCH, seat, (card,), None, "", False, None, None, None, None, None, None)
        self.events.append(new_event(Event, fields))
        if self.audit:
            self.check()

    def close_deal(self, step: AnyStep) -> None:
        """When the last card of the deal is out, betting opens (unless a misdeal is owed)."""
        if self.pitched < len(self.deal_sequence):  # cards of the deal still to come
            return
        if self._states[self.state].next != "pitch":
            return
        self.obligations.finish(_REDEAL)  # the (re)deal a ruling awaited is complete
        if not self.obligations.gathering:
            self._fire("end_deal", step)

    # -- betting -------------------------------------------------------------------------------

    def open_betting(self, step: AnyStep) -> None:
        street = self._states[self.state].street
        if street is None:
            raise InvariantError(f"state {self.state} opens betting but names no street")
        positions, stakes = self.table.positions, self.stakes
        preflop = street is _PREFLOP
        order = positions.preflop_order if preflop else positions.postflop_order
        folded = self.folded  # the seats not folded, in order, as HandState.live finds them
        live = list(filterfalse(folded.__contains__, order)) if folded else list(order)
        if preflop:
            straddled = positions.straddle is not None
            level = stakes.straddle if straddled else stakes.big_blind
            self.betting = BettingRound(
                stakes, street, live, self.stacks, self.committed,
                posted=self.posted,
                posted_bet_count=1,  # the big blind; a straddle is no bet for LIMIT-CAP (LA 126)
                posted_last_raise=level - stakes.big_blind if straddled else level,
                posted_level=level,
            )  # fmt: skip
        else:
            self.betting = BettingRound(stakes, street, live, self.stacks, self.committed)
        self.round_push = self.pending_push = self.round_aggressor = None
        self.round_all_in_call = False
        if self.betting.to_act is None:  # complete at once (is_complete, without the call)
            self._fire("end_round", step)

    def apply_wager(self, step: PlayerAction) -> None:
        betting = self.betting
        if betting is None:
            betting = self.round  # raises the InvariantError
        seat = step.seat
        wager = betting.act(seat, step.move, step.to)
        move = wager.move
        self.actions.append((seat, move))
        kind = _MOVE_KIND[move]
        # the event built here, as _log builds it (see dealer.engine.state.new_event)
        if move is FOLD:
            self.folded.add(seat)
            fields = (kind, seat, (), None, "", False, None, None, None, None, None, None)
            self.events.append(new_event(Event, fields))
            if self.audit:
                self.check()
            self.ledger.muck_hand(seat)
            return
        if move is CHECK:
            fields = (kind, seat, (), None, "", False, None, None, None, None, None, None)
            self.events.append(new_event(Event, fields))
            if self.audit:
                self.check()
            return
        if move is not CALL and betting.street is _RIVER:
            self.river_aggressor = seat  # the last to bet or raise shows first (SHOW-ORDER)
        amount = wager.added if move is CALL else wager.to
        pending = self.pending_push
        if pending is not None and pending != seat:  # the push is called (or raised): it stands
            self.round_push = self.last_all_in = pending
            self.pending_push = None
        all_in = wager.all_in
        if move is CALL:
            self.round_all_in_call = self.round_all_in_call or all_in
        else:
            self.round_aggressor = seat
            if all_in:
                self.pending_push = seat
        note = "all-in" if all_in else ""
        wagered = (kind, seat, (), amount, note, all_in, None, None, None, None, None, None)
        self.events.append(new_event(Event, wagered))
        if self.audit:
            self.check()

    def close_hand_if_won(self, step: AnyStep) -> None:
        """One player left between betting rounds (a ruling killed the other hand): they win."""
        if self.one_player_left(step):
            self.obligations.clear()
            self._fire("end_hand", step)

    def close_round_if_complete(self, step: AnyStep) -> None:
        betting = self.betting  # every action asks: is_complete read inline
        if betting is not None and betting.to_act is None:
            self._fire("end_round", step)

    def settle_round(self, step: AnyStep) -> None:
        betting = self.betting  # the property only when none is open (it raises)
        if betting is None:
            betting = self.round
        street = betting.street
        returned = betting.return_uncalled()
        if returned is not None:
            seat, amount = returned
            note = "uncalled bet"
            self._record(
                (_RETURN, seat, (), amount, note, False, None, None, None, None, None, None)
            )
        self.betting = None
        big_bet = self.table.stakes.structure is not _LIMIT
        if (
            big_bet
            and street is not _RIVER
            and self.all_in_shows_first is None
            and not self._two_can_bet()  # asked last
        ):
            # no-limit and pot-limit: betting ended before the river on an all-in, so the player who
            # pushed all-in shows first: the last push called in this round; if the all-in was only
            # a call, this round's last aggressor; else the push of an earlier round (SHOW-ORDER,
            # LA 145)
            first = self.round_push
            if first is None and self.round_all_in_call:
                first = self.round_aggressor
            self.all_in_shows_first = first if first is not None else self.last_all_in
        if self.one_player_left(step):
            self.obligations.clear()  # the hand is won: no remedy step is owed any more
        else:
            self.obligations.finish(_FINISH_ROUND)

    def _two_can_bet(self) -> bool:
        """Whether two or more seats still holding a hand have chips behind (a loop that stops at
        the second, no comprehension's list; a stack is never below zero)."""
        stacks, able = self.stacks, 0
        for seat in self.live:
            if stacks[seat]:
                if able:
                    return True
                able = 1
        return False

    # -- the board -----------------------------------------------------------------------------

    def burn_card(self, step: AnyStep) -> None:
        self._burn()

    def turn_flop(self, step: AnyStep) -> None:
        """Turn the flop: three cards, or as many as complete a flop a remedy left short."""
        while len(self.ledger.board) < 3:
            card = self.ledger.turn_up()
            self._record(
                (_BOARD, None, (card,), None, "flop", False, None, None, _FLOP, None, None, None)
            )

    def turn_board_card(self, step: DealerStep) -> None:
        street, note = _STREET_OF[step.verb]
        card = self.ledger.turn_up()
        self._record(
            (_BOARD, None, (card,), None, note, False, None, None, street, None, None, None)
        )

    # -- showdown, pot, button -----------------------------------------------------------------

    def showing_order(self) -> tuple[int, ...]:
        """The seats still holding a hand, in the order they are asked to show (SHOW-ORDER,
        LA 145): the river's last aggressor first, else the player who pushed all-in when the
        betting ended before the river, else the first clockwise of the button; seats in a side
        pot before those all-in for an earlier pot only."""
        live = self.live
        pots = build_pots(self.committed, self.folded, zero=self.zero)
        aggressor = self.river_aggressor if self.river_aggressor in live else None
        if aggressor is None and self.all_in_shows_first in live:
            aggressor = self.all_in_shows_first
        return show_order(live, self.table.button, aggressor, pots)

    def call_refusal(self, step: ShowdownCall) -> Refusal | None:
        """Why a player's showdown call cannot be made now, or None (SHOWDOWN-MUCK, PLAY-BOARD,
        FOLD), typed: the words are made at the edge (procedures/texts ``refuse-*``)."""
        seat, call = step.seat, step.call
        if seat not in self.live:
            return NoHandAtShowdown("SHOWDOWN", seat=seat)
        if seat in self.board_hands:
            return BoardThrown("PLAY-BOARD", seat=seat)
        if call is Call.TOUCH_MUCK and seat in self.released:
            return TouchedMuck("FOLD", seat=seat)
        if seat in self.tabled:
            if call in (Call.MUCK, Call.TOUCH_MUCK):
                # a tabled hand is read by its cards and is never killed (LA 140; TR 71)
                return TabledNotMucked("SHOWDOWN-MUCK", seat=seat)
            return AlreadyTabled("SHOWDOWN", seat=seat)
        if call is Call.PLAY_BOARD and seat in self.board_said:
            return BoardAlreadySaid("PLAY-BOARD", seat=seat)
        return None

    def call_allowed(self, step: AnyStep) -> bool:
        return isinstance(step, ShowdownCall) and self.call_refusal(step) is None

    def _table(self, seat: int) -> None:
        value = best_hand(self.ledger.hands[seat], self.ledger.board)  # kept for the push
        self.tabled.append(seat)
        self.released.discard(seat)
        cards = tuple(self.ledger.hands[seat])
        self._record(
            (_SHOW, seat, cards, None, value.name, False, None, value, None, None, None, None)
        )

    def table_hand(self, step: ShowdownCall) -> None:
        """A player tables the hand face up: it plays as its cards read (LA 140)."""
        self._table(step.seat)

    def muck_unshown(self, step: ShowdownCall) -> None:
        """A player throws the hand away unshown (SHOWDOWN-MUCK: dead, no claim to any pot);
        under a ruleset where saying so is enough, a hand that said the board plays counts as
        the board (PLAY-BOARD, 004)."""
        seat = step.seat
        cards = self.ledger.muck_hand(seat)
        if seat in self.board_said and self.table.ruleset.board_by_announcement:
            self.board_hands.add(seat)
            self._log(Kind.MUCK, seat=seat, cards=cards, note=Why.PLAYS_BOARD, why=Why.PLAYS_BOARD)
            return
        self.folded.add(seat)
        self.mucked.append(seat)
        self.released.discard(seat)
        self._log(Kind.MUCK, seat=seat, cards=cards, note=Why.UNSHOWN, why=Why.UNSHOWN)

    def touch_the_muck(self, step: ShowdownCall) -> None:
        """A hand released face down touches the muck (FOLD). Where that kills it (seed: 004,
        「任何一張牌碰到了Muck」) it is folded, out of turn too, and at the showdown it is mucked
        (a hand that said the board plays counts as the board, PLAY-BOARD); else it is not dead
        while it can be told apart, and the player may still table it (LA 106)."""
        seat = step.seat
        if not self.table.ruleset.muck_touch_kills:
            self.released.add(seat)
            self._log(Kind.RELEASE, seat=seat, note="touches the muck: live while identifiable")
            return
        if self.betting is not None:
            if seat in self.betting.live:
                self.betting.kill(seat)
            self.folded.add(seat)
            self.actions.append((seat, Move.FOLD))  # a fold, whenever it happens (004)
            self._log(Kind.FOLD, seat=seat, note="touched the muck")
            self.ledger.muck_hand(seat)
            return
        self.muck_unshown(step)

    def announce_board(self, step: ShowdownCall) -> None:
        """A player says the board plays (PLAY-BOARD): under seed the cards may then go to the
        muck; under wsop-2024 they must still be tabled to share (LA 168; TR 75)."""
        self.board_said.add(step.seat)
        self._log(Kind.ANNOUNCE, seat=step.seat, note="plays the board")

    def show_hands(self, step: AnyStep) -> None:
        """Every hand still in and not yet tabled is shown, in SHOW-ORDER (LA 145), and named."""
        for seat in self.live:
            if seat in self.board_hands:
                continue
            if len(self.ledger.hands.get(seat, ())) != 2 and len(self.live) > 1:
                # a hand found at the showdown with the wrong number of cards is dead (LA 106)
                self.folded.add(seat)
                cards = self.ledger.muck_hand(seat)
                note = "dead hand: not two cards"
                self._log(Kind.MUCK, seat=seat, cards=cards, note=note, why=Why.DEAD_HAND)
        for seat in self.showing_order():
            if seat in self.released:
                if len(self.live) == 1:
                    break  # every other hand is dead: the last one wins unshown (LA 139)
                # released face down and not tabled: the dealer kills it as it goes into the
                # muck (LA 106); a hand that said the board plays gets no share (LA 168)
                self.folded.add(seat)
                self.mucked.append(seat)
                cards = self.ledger.muck_hand(seat)
                why = Why.RELEASED_UNSHOWN
                self._log(Kind.MUCK, seat=seat, cards=cards, note=why, why=why)
            elif seat not in self.tabled and seat not in self.board_hands:
                self._table(seat)

    def _value(self, seat: int) -> HandValue:
        """A hand's value at the push: its cards, or the board for a hand that said the board
        plays and was thrown away (PLAY-BOARD)."""
        if seat in self.board_hands:
            return evaluate(self.ledger.board)
        return best_hand(self.ledger.hands[seat], self.ledger.board)

    def _claims(self) -> tuple[Pot, ...]:
        """The pots, each with the seats that still claim it. A hand mucked at the showdown has
        no claim, but when every other hand eligible for a pot had been mucked, the last one took
        that pot (SHOWDOWN-MUCK; LA 15, LA 139), and a later muck of it gives up the others only."""
        mucked = self.mucked
        if not mucked:
            return build_pots(self.committed, self.folded, zero=self.zero)
        claims = []
        for pot in build_pots(self.committed, self.folded.difference(mucked), zero=self.zero):
            live = tuple(seat for seat in pot.eligible if seat not in self.folded)
            last = max(pot.eligible, key=mucked.index) if not live else None
            claims.append(Pot(pot.amount, live if last is None else (last,)))
        return tuple(claims)

    def pot_shares(self) -> tuple[tuple[Pot, ...], tuple[Share, ...]]:
        """The pots as claimed now and each one's shares: what the push pushes (the trainer's
        award drill asks for the same)."""
        pots = self._claims()
        live = self.live
        ranking: dict[int, tuple[int, ...]] = {live[0]: (0,)}
        if len(live) > 1:
            # The values show_hands found: evaluate() remembers them by the cards themselves, so
            # the same hands cost a look-up, and hands or a board changed since are evaluated anew.
            ranking = {seat: self._value(seat).key for seat in live}
        table = self.table
        return pots, award(pots, ranking, table.button, self.stakes.chip_unit, table.seats)

    def push_pots(self, step: AnyStep) -> None:
        stacks = self.stacks
        for share in self.pot_shares()[1]:
            seat, amount = share.seat, share.amount
            stacks[seat] += amount
            self.pushed += amount
            index = share.pot_index
            note = pot_name(index)
            self._record(
                (_PUSH, seat, (), amount, note, False, index, None, None, None, None, None)
            )
        for seat in self.committed:
            self.committed[seat] = self.zero
        self.pushed = self.zero

    def move_button_marker(self, step: AnyStep) -> None:
        # Only the seat is needed here: the next table is built by whoever deals the next hand.
        self.next_button = after = self.table.next_button(self.stacks)
        if after is not None and self.stacks.get(self.button_fix or 0, self.zero) > 0:
            # BUTTON-MISPLACED after substantial action: the seat it skipped gets it next, and the
            # hands after it make up the round (LA 109)
            self.next_button = self.button_override = self.button_fix
            self.table = replace(self.table, catch_up=())
        why = None if after is not None else Why.LAST_HAND
        seat, note = self.next_button, why or ""
        self._record((_BUTTON, seat, (), None, note, False, None, None, None, None, why, None))
