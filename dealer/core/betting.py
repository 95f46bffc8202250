"""The betting logic of one hold'em betting round: who acts, what they may do, the chips moved.

Pure bookkeeping: no cards, no I/O. The caller gives the acting order, the live stacks and the chips
each seat has put in the hand; :meth:`BettingRound.act` checks an action against the rules (each
refusal names its rule ID) and moves the chips.

A no-limit 5/10 round pre-flop, seats 3 (small blind), 4 (big blind), 5 and 6:

>>> stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(5), Decimal(10))
>>> stacks = {3: Decimal(495), 4: Decimal(490), 5: Decimal(500), 6: Decimal(500)}
>>> committed = {3: Decimal(5), 4: Decimal(10)}
>>> rnd = BettingRound(stakes, Street.PREFLOP, [5, 6, 3, 4], stacks, committed,
...                    posted={3: Decimal(5), 4: Decimal(10)}, posted_bet_count=1)
>>> rnd.options()
Options(seat=5, moves=(<Move.FOLD: 'fold'>, <Move.CALL: 'call'>, <Move.RAISE: 'raise'>, \
<Move.ALL_IN: 'all-in'>), to_call=Decimal('10'), min_to=Decimal('20'), max_to=Decimal('500'))
>>> rnd.act(5, Move.RAISE, Decimal(15))
Traceback (most recent call last):
...
dealer.core.betting.BelowMinimumRaise: raise to 15 is below the minimum raise to 20 (NL-MIN-RAISE)
>>> rnd.act(5, Move.RAISE, Decimal(30))
Wager(seat=5, move=<Move.RAISE: 'raise'>, to=Decimal('30'), added=Decimal('30'), all_in=False)
>>> rnd.options().min_to
Decimal('50')
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from decimal import Decimal
from enum import Enum, StrEnum, auto
from typing import Final, NamedTuple

from dealer.core.chips import Chips, format_chips, zero_of
from dealer.core.errors import Refusal
from dealer.core.stakes import Stakes, Street, Structure

__all__ = [
    "AbovePotLimit",
    "BelowMinimumBet",
    "BelowMinimumRaise",
    "BettingCapped",
    "BettingError",
    "BettingRound",
    "CallAllInOnly",
    "CannotBet",
    "CannotCheck",
    "CannotRaise",
    "LimitSize",
    "LimitSizeAllIn",
    "MoreThanStack",
    "Move",
    "NeedsAmount",
    "NoLiveHand",
    "NotABet",
    "NotChipMultiple",
    "NotReopened",
    "NotYourTurn",
    "NothingToCall",
    "Options",
    "OthersAllIn",
    "RoundComplete",
    "RoundNotComplete",
    "Stakes",
    "Street",
    "Structure",
    "TakesNoAmount",
    "Wager",
]


class Move(StrEnum):
    """What a player says."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"


# The members as module constants for the per-action paths: under Python 3.11 every read of
# ``Move.FOLD`` goes through ``EnumType.__getattr__``'s hook, about ten times a global's cost (3.12
# dropped the hook); a hand reads them some two hundred times.
FOLD: Final = Move.FOLD
CHECK: Final = Move.CHECK
CALL: Final = Move.CALL
BET: Final = Move.BET
RAISE: Final = Move.RAISE
ALL_IN: Final = Move.ALL_IN
_LIMIT: Final = Structure.LIMIT
_NO_LIMIT: Final = Structure.NO_LIMIT


class Options(NamedTuple):
    """What the player to act may do now (named tuples here: asked for and made at every action,
    they cost half a frozen dataclass)."""

    seat: int
    moves: tuple[Move, ...]
    to_call: Chips
    min_to: Chips | None
    max_to: Chips | None


class Wager(NamedTuple):
    """One applied action; an all-in is recorded as the call, bet or raise it amounts to."""

    seat: int
    move: Move
    to: Chips
    added: Chips
    all_in: bool


# Options(...) and Wager(...) without the named tuples' Python-level __new__ (one each per action).
_record = tuple.__new__


class BettingError(Refusal):
    """An action the betting rules do not allow: one subclass per kind, each with its message ID
    (``code``), its rule and its typed fields; ``str()`` ends with the rule ID."""

    @staticmethod
    def log_word(value: object) -> str:
        return format_chips(value) if isinstance(value, Decimal) else str(value)


class OthersAllIn(BettingError):
    code = "refuse-all-all-in"
    english = "seat {seat} may only call or fold: every other player is all-in ({rule})"


class BettingCapped(BettingError):
    code = "refuse-capped"
    english = "the betting is capped at {cap} bets; seat {seat} may only call or fold ({rule})"


class NotReopened(BettingError):
    code = "refuse-not-reopened"
    english = (
        "seat {seat} may only call or fold: the all-in to {bet} is less than a full raise over "
        "the {acted_on} it acted on, so the betting is not reopened ({rule})"
    )


class CallAllInOnly(BettingError):
    code = "refuse-call-all-in"
    english = (
        "seat {seat} has {total} in all, not more than the bet of {bet}: it can only call all-in "
        "({rule})"
    )


class RoundComplete(BettingError):
    code = "refuse-round-complete"
    english = "the betting round is complete: nobody is to act ({rule})"


class RoundNotComplete(BettingError):
    code = "refuse-round-open"
    english = "the betting round is not complete: seat {seat} is to act ({rule})"


class NoLiveHand(BettingError):
    code = "refuse-no-live-hand"
    english = "seat {seat} has no live hand to kill ({rule})"


class NotYourTurn(BettingError):
    code = "refuse-not-turn"
    english = "not seat {seat}'s turn: seat {actor} is to act ({rule})"


class TakesNoAmount(BettingError):
    code = "refuse-no-amount"
    english = "{move} takes no amount (got {amount}): only a bet or a raise names one ({rule})"


class CannotCheck(BettingError):
    code = "refuse-cannot-check"
    english = (
        "seat {seat} cannot check: it faces a bet of {bet} ({to_call} to call); call, raise or "
        "fold ({rule})"
    )


class NothingToCall(BettingError):
    code = "refuse-nothing-to-call"
    english = "seat {seat} has nothing to call: check or bet ({rule})"


class CannotBet(BettingError):
    code = "refuse-cannot-bet"
    english = (
        "seat {seat} cannot bet: there is already a bet of {bet} in this round; raise instead "
        "({rule})"
    )


class CannotRaise(BettingError):
    code = "refuse-cannot-raise"
    english = "seat {seat} cannot raise: there is no bet in this round; bet instead ({rule})"


class NeedsAmount(BettingError):
    code = "refuse-needs-amount"
    english = "a {move} needs an amount: {move} to how much? ({rule})"


class NotABet(BettingError):
    code = "refuse-not-a-bet"
    english = "a bet of {amount} is not a bet: bet at least {minimum} ({rule})"


class MoreThanStack(BettingError):
    code = "refuse-too-much"
    english = (
        "{move} to {to} is more than seat {seat} has: {behind} behind, {total} in all ({rule})"
    )


class LimitSize(BettingError):
    code = "refuse-limit"
    english = "in limit the {move} is to {size} exactly, not {to} ({rule})"


class LimitSizeAllIn(LimitSize):
    """A limit bet or raise said as all-in, to neither the limit nor the whole stack."""

    code = "refuse-limit-all-in"
    english = "in limit the {move} is to {size} exactly, not {to} (all-in) ({rule})"


class BelowMinimumBet(BettingError):
    code = "refuse-min-bet"
    english = "bet of {to} is below the minimum bet of {minimum} ({rule})"


class BelowMinimumRaise(BettingError):
    code = "refuse-min-raise"
    english = "raise to {to} is below the minimum raise to {minimum} ({rule})"


class AbovePotLimit(BettingError):
    code = "refuse-pot-limit"
    english = "{move} to {to} is above the pot-limit maximum of {maximum} ({rule})"


class NotChipMultiple(BettingError):
    code = "refuse-chip-unit"
    english = "{move} to {to} is not a multiple of the {unit} chip ({rule})"


class _Block(Enum):
    """What keeps a player from betting or raising (each has its refusal in ``_raise_refusal``)."""

    OTHERS_ALL_IN = auto()
    CAPPED = auto()
    NOT_REOPENED = auto()
    CALL_ONLY = auto()


# The moves on offer, by (facing a bet, the bet or raise on offer, all-in on offer), in the order
# options() lists them.
_MOVES = {
    (facing, wager, all_in): (
        FOLD,
        CALL if facing else CHECK,
        *((wager,) if wager is not None else ()),
        *((ALL_IN,) if all_in else ()),
    )
    for facing in (False, True)
    for wager in (None, BET, RAISE)
    for all_in in (False, True)
}

_STRUCTURE_RULE = {
    Structure.LIMIT: "LIMIT-STAKES",
    Structure.NO_LIMIT: "NO-LIMIT",
    Structure.POT_LIMIT: "POT-LIMIT",
}


# The acting orders read from each place once round (index ``i``: from the ``i``-th seat on),
# made once for each order a process sees: a round's next seat is asked after every action.
_ROTATIONS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _rotations(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    found = _ROTATIONS.get(order)
    if found is None:
        if len(_ROTATIONS) >= 4096:  # many tables in one process (tests, fuzzing): start again
            _ROTATIONS.clear()
        cycle, size = order * 2, len(order)
        found = _ROTATIONS[order] = tuple(cycle[start : start + size] for start in range(size + 1))
    return found


# A caller's stacks or contributions, changed in place: a mapping of Decimals, or of a whole-chip
# hand's ints (Chips). A union of the mappings, not a mapping of the union: a mutable mapping is
# invariant in its values, and a caller's ``dict[int, Decimal]`` is no ``dict[int, Chips]``.
ChipsBySeat = MutableMapping[int, Decimal] | MutableMapping[int, int] | MutableMapping[int, Chips]


class BettingRound:
    """One round; ``stacks`` and ``committed`` are the caller's mappings, changed in place."""

    def __init__(
        self,
        stakes: Stakes,
        street: Street,
        order: Sequence[int],
        stacks: ChipsBySeat,
        committed: ChipsBySeat,
        posted: Mapping[int, Chips] | None = None,
        posted_bet_count: int = 0,
        posted_last_raise: Chips | None = None,
        posted_level: Chips | None = None,
    ) -> None:
        seats = set(order)
        if len(seats) != len(order):
            raise ValueError(f"acting order repeats a seat: {list(order)}")
        if not stacks.keys() >= seats:  # the keys' view: issubset would make a set of them
            raise ValueError(f"no stack for seats {[seat for seat in order if seat not in stacks]}")
        self.stakes = stakes
        self.street = street
        # the structure, asked at every bet or raise
        self._limit = stakes.structure is _LIMIT
        self._no_limit = stakes.structure is _NO_LIMIT
        self.order: tuple[int, ...] = tuple(order)
        self._rotations = _rotations(self.order)  # the order read from any place once round
        # The round writes amounts of the kind of the stakes and amounts it is given: Decimals
        # into a caller's Decimals, a whole-chip hand's ints into its ints (Chips).
        # Typed by annotation, not typing.cast: a Python function called twice a round otherwise
        # (the compiled build makes no check of either).
        self.stacks: MutableMapping[int, Chips] = stacks  # type: ignore[assignment]
        self.committed: MutableMapping[int, Chips] = committed  # type: ignore[assignment]
        self._live: list[int] = list(order)
        # The zero of the stakes' kind (ints in a whole-chip hand, Chips): no mixed operations.
        self._zero = zero = zero_of(stakes.chip_unit)
        # This round's bets in front of players (folded ones included, for the uncalled bet).
        self.bets: dict[int, Chips] = dict.fromkeys(order, zero)
        high = zero
        if posted:
            self.bets.update(posted)
            high = max(high, *posted.values())
        # A blind posted short (all-in) still sets the full blind as the bet to call.
        if posted_level is not None and posted_level > high:
            high = posted_level
        self.high: Chips = high
        # Limit: the bet level reached by the last full bet (a short all-in stays above it).
        self.full_level: Chips = self.high
        self.bet_count = posted_bet_count
        # No-limit/pot-limit: the last full bet or raise increment (NL-MIN-RAISE).
        self.last_raise: Chips = (
            stakes.big_blind if posted_last_raise is None else posted_last_raise
        )
        # The highest bet each seat had matched when it last acted (posting a blind is not acting).
        self._acted_at: dict[int, Chips] = {}
        self.capped_round = stakes.cap_bets is not None and not (
            stakes.cap_lifted_heads_up and sum(stacks[seat] > zero for seat in order) == 2
        )
        self.history: list[Wager] = []
        self._uncalled_done = False
        # The seat whose turn it is; None once the round is complete (ROUND-END). A plain
        # attribute, not a property: every decision reads it (read it; ``act`` moves it).
        self.to_act: int | None = self._next_from(0)

    # -- state ---------------------------------------------------------------------------------

    @property
    def live(self) -> tuple[int, ...]:
        """Seats not folded, all-in ones included, in acting order."""
        return tuple(self._live)

    @property
    def is_complete(self) -> bool:
        """ROUND-END reached."""
        return self.to_act is None

    @property
    def bet_size(self) -> Chips:
        return self.stakes.bet_size(self.street)

    @property
    def pot(self) -> Chips:
        """Everything put in this hand so far, this round's bets included."""
        return sum(self.committed.values(), self._zero)

    def _total(self, seat: int) -> Chips:
        """The most ``seat`` can have in front of it this round: its bet plus its stack."""
        return self.bets.get(seat, self._zero) + self.stacks[seat]

    def _next_from(self, start: int) -> int | None:
        """The first live seat needing action, scanning the order cyclically from ``start``;
        ``None`` at ROUND-END.

        A seat needs action when it has chips behind and has not acted yet or is below the bet.
        The round is over when one live seat is left, when nobody has chips behind, or when the
        only seat with chips has matched the bet (nobody is left to bet against).
        """
        live = self._live
        if len(live) <= 1:
            return None
        # A stack is never below zero, so a stack's truth is "has chips behind" (no Decimal
        # comparison: this runs after every action).
        stacks, bets, acted, high = self.stacks, self.bets, self._acted_at, self.high
        for seat in self._rotations[start]:
            if stacks[seat] and seat in live:
                if bets[seat] < high:  # below the bet: it acts (one comparison a seat)
                    return seat
                if seat not in acted:
                    break
        else:
            return None
        # It has matched the bet without acting: it acts only if someone has chips to bet against.
        for other in live:
            if other != seat and stacks[other]:
                return seat
        return None

    def _action_rule(self) -> str:
        return "PREFLOP-ACTION" if self.street is Street.PREFLOP else "POSTFLOP-ACTION"

    # -- what may be done ----------------------------------------------------------------------

    def _raise_block(self, seat: int) -> _Block | None:
        """Why ``seat`` may not bet or raise now, or ``None`` when it may (cheap: asked for
        every player's options)."""
        stacks = self.stacks
        for other in self._live:
            if other != seat and stacks[other]:  # chips behind (a stack is never below zero)
                break
        else:
            return _Block.OTHERS_ALL_IN
        stakes = self.stakes
        if self._limit:
            cap = stakes.cap_bets
            if self.capped_round and cap is not None and self.bet_count >= cap:
                return _Block.CAPPED
            # half a bet or more reopens (LIMIT-ALLIN): twice the raise against the bet, as an
            # amount is never divided (a whole-chip hand's ints, Chips)
            acted_at = self._acted_at.get(seat)
            if acted_at is not None and (self.high - acted_at) * 2 < self.bet_size:
                return _Block.NOT_REOPENED
        else:
            acted_at = self._acted_at.get(seat)
            if acted_at is not None and self.high - acted_at < self.last_raise:
                return _Block.NOT_REOPENED
        if self.bets[seat] + stacks[seat] <= self.high:
            return _Block.CALL_ONLY
        return None

    def raise_refusal(self) -> BettingError | None:
        """Why the player to act may not bet or raise now (its rule: LIMIT-ALLIN, NL-MIN-RAISE,
        LIMIT-CAP, SIDE-POTS); ``None`` when it may, or when nobody is to act."""
        return None if self.to_act is None else self._raise_refusal(self.to_act)

    def _raise_refusal(self, seat: int) -> BettingError | None:
        """Why ``seat`` may not bet or raise now, as the refusal; ``None`` when it may."""
        block = self._raise_block(seat)
        if block is None:
            return None
        if block is _Block.OTHERS_ALL_IN:
            return OthersAllIn("SIDE-POTS", seat=seat)
        if block is _Block.CAPPED:
            return BettingCapped("LIMIT-CAP", cap=self.stakes.cap_bets, seat=seat)
        if block is _Block.NOT_REOPENED:
            rule = "LIMIT-ALLIN" if self._limit else "NL-MIN-RAISE"
            return NotReopened(rule, seat=seat, bet=self.high, acted_on=self._acted_at[seat])
        return CallAllInOnly("SIDE-POTS", seat=seat, total=self._total(seat), bet=self.high)

    def _bounds(self, seat: int) -> tuple[Chips, Chips]:
        """The structure's minimum and maximum bet/raise-to, before clipping to the stack."""
        if self._limit:
            full = self.full_level + self.bet_size
            return full, full
        low = self.high + self.last_raise
        if self._no_limit:
            return low, self.bets[seat] + self.stacks[seat]
        call = self.high - self.bets[seat]
        top = self.high + self.pot + call
        return min(low, top), top

    def options(self) -> Options:
        """The legal moves of the player to act (ALL_IN listed whenever going all-in is legal)."""
        seat = self.to_act
        if seat is None:
            raise RoundComplete("ROUND-END")
        high, bet, stack = self.high, self.bets[seat], self.stacks[seat]
        total = bet + stack
        owed = high - bet  # one subtraction, not two
        to_call = owed if owed <= stack else stack
        facing = to_call > self._zero
        if self._raise_block(seat) is not None:
            moves = _MOVES[facing, None, total <= high]
            return _record(Options, (seat, moves, to_call, None, None))
        low, top = self._bounds(seat)
        moves = _MOVES[facing, RAISE if high else BET, total <= top]  # high is >= 0
        min_to = low if low <= total else total
        return _record(Options, (seat, moves, to_call, min_to, top if top <= total else total))

    def can(self, seat: int, move: Move, to: Chips | None = None) -> bool:
        """Whether :meth:`act` would accept this action."""
        try:
            self.verify(seat, move, to)
        except BettingError:
            return False
        return True

    def verify(self, seat: int, move: Move, to: Chips | None = None) -> None:
        """Raise :class:`BettingError` unless ``seat`` may make ``move`` (to ``to``) now."""
        self._resolve(seat, move, to)

    def _resolve(self, seat: int, move: Move, to: Chips | None) -> tuple[Move, Chips]:
        """Check the action; return the move it amounts to and the seat's bet after it."""
        actor = self.to_act
        if actor is None:
            raise RoundComplete("ROUND-END")
        if seat != actor:
            raise NotYourTurn(self._action_rule(), seat=seat, actor=actor)
        if to is not None and move is not BET and move is not RAISE:
            raise TakesNoAmount(self._action_rule(), move=move, amount=to)
        bet = self.bets[seat]
        high = self.high
        if move is FOLD:
            return FOLD, bet
        if move is CHECK:
            if high > bet:
                to_call = min(high - bet, self.stacks[seat])
                raise CannotCheck(self._action_rule(), seat=seat, bet=high, to_call=to_call)
            return CHECK, bet
        total = bet + self.stacks[seat]
        if move is CALL:
            if high <= bet:
                raise NothingToCall(self._action_rule(), seat=seat)
            return CALL, high if high <= total else total
        if move is ALL_IN:
            if total <= high:
                return CALL, total
            word = RAISE if high > self._zero else BET
            self._check_raise(seat, word, total, said_all_in=True)
            return word, total
        if move is BET and high > self._zero:
            raise CannotBet(self._action_rule(), seat=seat, bet=high)
        if move is RAISE and high <= self._zero:
            raise CannotRaise(self._action_rule(), seat=seat)
        if to is None:
            if not self._limit:
                raise NeedsAmount(_STRUCTURE_RULE[self.stakes.structure], move=move)
            refusal = self._raise_refusal(seat)
            if refusal is not None:
                raise refusal
            to = min(self._bounds(seat)[0], total)
        self._check_raise(seat, move, to)
        return move, to

    def _check_raise(self, seat: int, move: Move, to: Chips, *, said_all_in: bool = False) -> None:
        """Check a bet or raise to ``to`` (an all-in when ``to`` is the seat's whole total)."""
        structure = self.stakes.structure
        srule = _STRUCTURE_RULE[structure]
        minrule = "LIMIT-STAKES" if self._limit else "NL-MIN-RAISE"
        total = self._total(seat)
        if move is BET and to <= 0:
            raise NotABet(minrule, amount=to, minimum=self._bounds(seat)[0])
        refusal = self._raise_refusal(seat)
        if refusal is not None:
            raise refusal
        if to > total:
            behind = self.stacks[seat]
            raise MoreThanStack(srule, move=move, to=to, seat=seat, behind=behind, total=total)
        low, top = self._bounds(seat)
        all_in = to == total
        if self._limit:
            if to != low and not (all_in and to < low):
                kind = LimitSizeAllIn if said_all_in else LimitSize
                raise kind("LIMIT-STAKES", move=move, size=low, to=to)
            return
        if to < low and not all_in:
            below = BelowMinimumBet if move is BET else BelowMinimumRaise
            raise below("NL-MIN-RAISE", to=to, minimum=low)
        if to > top:
            said = ALL_IN if said_all_in else move
            raise AbovePotLimit("POT-LIMIT", move=said, to=to, maximum=top)
        unit = self.stakes.chip_unit
        if not all_in and to % unit != 0:
            raise NotChipMultiple("CHIP-UNIT", move=move, to=to, unit=unit)

    # -- doing it ------------------------------------------------------------------------------

    def act(self, seat: int, move: Move, to: Chips | None = None) -> Wager:
        """Verify the action, then move the chips and pass the turn."""
        resolved, new_bet = self._resolve(seat, move, to)
        bets = self.bets  # locals: one act per decision
        if resolved is FOLD:
            self._live.remove(seat)
            self._acted_at[seat] = self.high
            wager = _record(Wager, (seat, FOLD, bets[seat], self._zero, False))
        else:
            added = new_bet - bets[seat]
            bets[seat] = new_bet
            stacks, committed = self.stacks, self.committed
            stack = stacks[seat] = stacks[seat] - added
            committed[seat] = committed.get(seat, self._zero) + added
            # a call is never above the bet (_resolve: the bet or the seat's total below it)
            if resolved is not CALL and new_bet > self.high:
                self._raise_to(new_bet)
            self._acted_at[seat] = self.high
            # a stack's truth: never below zero, so "not stack" is "stack == 0", no comparison
            wager = _record(Wager, (seat, resolved, new_bet, added, not stack))
        self.history.append(wager)
        self.to_act = self._next_from(self.order.index(seat) + 1)
        return wager

    def _raise_to(self, to: Chips) -> None:
        """Record a new highest bet: is it a full bet (counts for the cap, reopens) or short?"""
        if self._limit:
            # LIMIT-ALLIN: half a bet or more over the last full level counts as a full bet,
            # so short all-ins add up.
            if (to - self.full_level) * 2 >= self.bet_size:  # never divided (Chips)
                self.full_level = to
                self.bet_count += 1
        elif to - self.high >= self.last_raise:
            self.last_raise = to - self.high
        self.high = to

    def kill(self, seat: int) -> None:
        """Take a dead hand out of the round out of turn (a ruling, e.g. DEAL-SHORT after
        substantial action); its chips stay in the pot."""
        if seat not in self._live:
            raise NoLiveHand("DEAL-SHORT", seat=seat)
        self._live.remove(seat)
        self._acted_at[seat] = self.high
        if self.to_act == seat or self.to_act is None:
            start = self.order.index(seat) + 1
        else:
            start = self.order.index(self.to_act)
        self.to_act = self._next_from(start)

    def return_uncalled(self) -> tuple[int, Chips] | None:
        """After ROUND-END, give the uncalled part of the top bet back to its owner's stack."""
        if self.to_act is not None:  # not complete (is_complete inline: every round asks)
            raise RoundNotComplete("ROUND-END", seat=self.to_act)
        if self._uncalled_done or not self.bets:
            return None
        self._uncalled_done = True
        owner, top, second = (
            0,
            self._zero,
            self._zero,
        )  # the top bet, its owner, the next bet (bets are >= 0)
        for seat, bet in self.bets.items():
            if not bet:  # neither top nor second (a zero's truth, not two comparisons)
                continue
            if bet > top:
                owner, top, second = seat, bet, top
            elif bet > second:
                second = bet
        if top <= second:
            return None
        excess = top - second
        self.bets[owner] = second
        self.high = second
        self.stacks[owner] += excess
        self.committed[owner] -= excess
        return owner, excess
