"""The ``action`` drill: a player says something at the table; what is the ruling?

Each question stops a hand (no-limit or pot-limit, played by seeded random players) where a player
is to act and puts an action to the trainee: legal, or refused by one of the betting rules (out of
turn, a check facing a bet, a raise below the minimum, a raise after a short all-in that did not
reopen the betting, above the pot-limit maximum, more than the player has, not in whole chips);
and, in a limit game, a raise after a short all-in that does or does not reopen the betting for a
player who already acted (LIMIT-ALLIN: half a bet or more counts as a full bet).
The engine's own betting round (:meth:`dealer.core.betting.BettingRound.verify`) decides. The four
candidate answers are four different rulings.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum

from dealer.apps.training.desk import Asking, Desk
from dealer.apps.training.drills.limit_spots import limit_allin_spot
from dealer.apps.training.drills.questions import Question, ask, numbered
from dealer.apps.training.drills.situations import clear_spot, find, story
from dealer.apps.training.scoring import Skill
from dealer.core.betting import (
    AbovePotLimit,
    BelowMinimumBet,
    BelowMinimumRaise,
    CannotCheck,
    MoreThanStack,
    Move,
    NotABet,
    NotChipMultiple,
    NotReopened,
    NotYourTurn,
)
from dealer.core.chips import decimal_of, format_chips
from dealer.core.stakes import Street, Structure
from dealer.core.steps import PlayerAction
from dealer.engine.hand import Hand, Refusal

__all__ = ["LIMIT_CALLS", "ActionQuiz", "Call", "call_of", "proposals"]


class Call(StrEnum):
    """The rulings the quiz chooses between."""

    STANDS = "stands"
    OUT_OF_TURN = "out-of-turn"
    CHECK_FACING = "check-facing"
    BELOW_MIN = "below-min"
    NOT_REOPENED = "not-reopened"
    ABOVE_POT = "above-pot"
    OVER_STACK = "over-stack"
    CHIP_UNIT = "chip-unit"
    # Limit (LIMIT-ALLIN): a raise after a short all-in by a player who already acted.
    LIMIT_REOPENED = "limit-reopened"  # half a bet or more: a full bet, the raise stands
    LIMIT_NOT_REOPENED = "limit-not-reopened"  # less than half a bet: call or fold only


# The limit questions' rulings, and the big-bet rulings a limit question does not offer (the
# other limit ruling says the same as STANDS or NOT_REOPENED, in a limit game's words).
LIMIT_CALLS = (Call.LIMIT_REOPENED, Call.LIMIT_NOT_REOPENED)
_BIG_BET_ONLY = (Call.STANDS, Call.BELOW_MIN, Call.NOT_REOPENED, Call.ABOVE_POT)


def call_of(refusal: Refusal | None) -> Call | None:
    """The ruling a refusal (or none) amounts to; None for one the quiz does not ask about."""
    if refusal is None:
        return Call.STANDS
    if isinstance(refusal, NotReopened):  # its rule: LIMIT-ALLIN in limit, else NL-MIN-RAISE
        return Call.LIMIT_NOT_REOPENED if refusal.rule == "LIMIT-ALLIN" else Call.NOT_REOPENED
    if isinstance(refusal, NotABet):  # a bet of nothing: below the minimum in a big-bet game
        return Call.BELOW_MIN if refusal.rule == "NL-MIN-RAISE" else None
    return _CALLS.get(type(refusal))


# The refusal kinds the quiz asks about (dealer.core.betting), by the ruling they amount to.
_CALLS: dict[type[Refusal], Call] = {
    NotYourTurn: Call.OUT_OF_TURN,
    CannotCheck: Call.CHECK_FACING,
    BelowMinimumBet: Call.BELOW_MIN,
    BelowMinimumRaise: Call.BELOW_MIN,
    AbovePotLimit: Call.ABOVE_POT,
    MoreThanStack: Call.OVER_STACK,
    NotChipMultiple: Call.CHIP_UNIT,
}


def proposals(hand: Hand) -> list[PlayerAction]:
    """Actions a player might say now: legal ones and each kind of wrong one that fits."""
    betting = hand.betting
    assert betting is not None and betting.to_act is not None
    options = betting.options()
    seat, unit = options.seat, decimal_of(hand.table.stakes.chip_unit)  # halved below
    high = betting.high
    total = betting.bets[seat] + hand.stacks[seat]
    word = Move.RAISE if high > 0 else Move.BET
    found = [PlayerAction(seat, Move.CALL if options.to_call > 0 else Move.CHECK)]
    others = [s for s in betting.live if s != seat and hand.stacks[s] > 0]
    if others:
        found.append(PlayerAction(others[0], Move.CALL if high > 0 else Move.CHECK))
    if options.to_call > 0:
        found.append(PlayerAction(seat, Move.CHECK))
    if options.min_to is not None and options.max_to is not None:
        found.append(PlayerAction(seat, word, options.min_to))
        below = options.min_to - unit
        if high < below < total:
            found.append(PlayerAction(seat, word, below))
        if options.max_to + unit <= total:
            found.append(PlayerAction(seat, word, options.max_to + unit))
        found.append(PlayerAction(seat, word, total + unit))
        if unit > Decimal("0.5") and options.min_to + unit / 2 < options.max_to:
            found.append(PlayerAction(seat, word, options.min_to + unit / 2))
    elif total > high and high > 0:
        found.append(PlayerAction(seat, Move.RAISE, min(total, 2 * high)))
    return found


def _said(action: PlayerAction, desk: Desk) -> str:
    amount = format_chips(action.to) if action.to is not None else ""
    return desk.t(f"says-{action.move.value}", seat=action.seat, amount=amount)


class ActionQuiz:
    def __init__(self, desk: Desk, *, ruleset: str) -> None:
        self.desk, self.ruleset = desk, ruleset
        self._bag: list[Call] = []

    def _fits(self, hand: Hand) -> bool:
        if hand.betting is None or hand.to_act is None or hand.owed or not clear_spot(hand):
            return False
        return any(call_of(_refusal(hand, action)) is self._want for action in proposals(hand))

    def _spot(self) -> tuple[Hand, PlayerAction] | None:
        """A hand where the wanted ruling is the right one, and the action said there."""
        want, desk = self._want, self.desk
        if want in LIMIT_CALLS:
            hand = limit_allin_spot(desk.rng, self.ruleset, reopened=want is Call.LIMIT_REOPENED)
            if hand is None:
                return None
            assert hand.betting is not None and hand.to_act is not None
            betting, seat = hand.betting, hand.to_act
            options = betting.options()
            to = options.min_to or betting.full_level + betting.bet_size
            action = PlayerAction(seat, Move.RAISE, to)
            said = call_of(_refusal(hand, action))  # a raise that stands is reopened betting
            said = Call.LIMIT_REOPENED if said is Call.STANDS else said
            return (hand, action) if said is want else None
        found = find(desk, self.ruleset, self._fits)
        if found is None:
            return None
        return found, next(a for a in proposals(found) if call_of(_refusal(found, a)) is want)

    def play(self) -> Asking[None]:
        desk = self.desk
        spot: tuple[Hand, PlayerAction] | None = None
        while spot is None:  # a ruling this seed offers no spot for gives way to the next
            if not self._bag:
                self._bag = list(Call)
                desk.rng.shuffle(self._bag)
            self._want = self._bag.pop(0)
            spot = self._spot()
        hand, action = spot
        desk.hand = hand
        right = self._want
        if right in LIMIT_CALLS:  # the other limit ruling, and two that hold in any game
            other = LIMIT_CALLS[right is Call.LIMIT_REOPENED]
            rest = [c for c in Call if c not in (*LIMIT_CALLS, *_BIG_BET_ONLY)]
            calls = [right, other, *desk.rng.sample(rest, 2)]
        else:
            rest = [c for c in Call if c is not right and c not in LIMIT_CALLS]
            calls = [right, *desk.rng.sample(rest, 3)]
        desk.rng.shuffle(calls)
        number = calls.index(right) + 1
        assert hand.betting is not None
        street = "PREFLOP-ACTION" if hand.betting.street is Street.PREFLOP else "POSTFLOP-ACTION"
        structure = hand.table.stakes.structure
        rules = {
            Call.STANDS: "NO-LIMIT" if structure is Structure.NO_LIMIT else "POT-LIMIT",
            Call.OUT_OF_TURN: street,
            Call.CHECK_FACING: street,
            Call.BELOW_MIN: "NL-MIN-RAISE",
            Call.NOT_REOPENED: "NL-MIN-RAISE",
            Call.ABOVE_POT: "POT-LIMIT",
            Call.OVER_STACK: "NO-LIMIT" if structure is Structure.NO_LIMIT else "POT-LIMIT",
            Call.CHIP_UNIT: "CHIP-UNIT",
            Call.LIMIT_REOPENED: "LIMIT-ALLIN",
            Call.LIMIT_NOT_REOPENED: "LIMIT-ALLIN",
        }
        texts = [desk.t(f"call-{call.value}") for call in calls]
        lines, accept = numbered(texts, number)
        heading = desk.t("question", number=desk.number, total=desk.total)
        situation = (
            heading,
            *story(desk, hand),
            desk.t("to-act-now", seat=hand.to_act),
            _said(action, desk),
            desk.t("ask-ruling"),
            *lines,
        )
        desk.redraw = lambda: desk.say_all(story(desk, hand))
        facts = {
            "ask": "action",
            "seat": action.seat,
            "move": action.move.value,
            "to": action.to,
            "calls": [call.value for call in calls],
        }
        yield from ask(
            desk,
            Question(
                Skill.ACTION,
                rules[right],
                situation,
                str(number),
                texts[number - 1],
                accept,
                desk.t("quiz-number", count=4),
                facts=facts,
                options=tuple(texts),
            ),
        )


def _refusal(hand: Hand, action: PlayerAction) -> Refusal | None:
    try:
        hand.verify(action)
    except Refusal as refusal:
        return refusal
    return None
