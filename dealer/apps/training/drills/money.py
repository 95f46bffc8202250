"""The ``money`` drill: the dealer's arithmetic, on hands played by seeded random players.

Each question is asked on a real hand stopped at the right moment, and answered by the engine's
own core (:mod:`dealer.core.betting` for calls, raises, pot-limit maximums and reopening,
:mod:`dealer.core.pots` for the pots): what is in the pot after a round (antes, blinds, bets, the
uncalled bet returned); how much to call, and the change owed to a player who calls with one big
chip, and a stack coloured up into the fewest of the table's chips (CHIP-UNIT); the minimum
raise (NL-MIN-RAISE); whether a short all-in
reopens the betting for a player who already acted; the pot-limit maximum (POT-LIMIT); and, at the
showdown, every pot built by the trainee (amount and eligible seats) and awarded, the odd chip
included (SIDE-POTS, ODD-CHIP).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from enum import StrEnum

from dealer.apps.training.desk import Asking, Desk
from dealer.apps.training.drills.awards import shares_of
from dealer.apps.training.drills.colour_up import (
    Chips,
    denominations,
    fewest,
    read_chips,
    said,
)
from dealer.apps.training.drills.procedure import DealDrill
from dealer.apps.training.drills.questions import Question, ask
from dealer.apps.training.drills.situations import clear_spot, find, story
from dealer.apps.training.drills.stages import awarding, posting, settled
from dealer.apps.training.scoring import Skill
from dealer.core.betting import Move, Options
from dealer.core.chips import ChipError, decimal_of, format_chips, parse_chips
from dealer.core.chips import Chips as Amount
from dealer.core.pots import build_pots
from dealer.core.stakes import Street, Structure
from dealer.engine.hand import Hand

__all__ = ["Ask", "MoneyDrill", "reopen_moment"]


class Ask(StrEnum):
    POT = "pot"
    CALL = "call"
    MIN_RAISE = "min-raise"
    REOPEN = "reopen"
    POT_MAX = "pot-max"
    SIDE_POTS = "side-pots"
    CHANGE = "change"
    COLOUR_UP = "colour-up"


def change_chip(hand: Hand) -> Decimal | None:
    """The one chip a player calls with, when it is more than the call and change is owed: the
    smallest of the table's chips above the call (None when the call is itself a chip, or too
    big for one chip)."""
    options = _options(hand)
    if options is None or options.to_call <= 0:
        return None
    unit = hand.table.stakes.chip_unit
    chips = sorted(denominations(decimal_of(unit)))
    if options.to_call in chips or hand.stacks[options.seat] < chips[-1]:
        return None
    return next((chip for chip in chips if chip > options.to_call), None)


def _options(hand: Hand) -> Options | None:
    """The options of the player to act, at a spot the rule books agree on."""
    betting = hand.betting
    if betting is None or betting.to_act is None or hand.owed or not clear_spot(hand):
        return None
    return betting.options()


def _facing(hand: Hand) -> bool:
    options = _options(hand)
    return options is not None and options.to_call > 0


def _can_raise(hand: Hand) -> bool:
    """A full raise (or bet) is possible and not cut short by the stack."""
    options = _options(hand)
    if options is None or options.min_to is None or options.max_to is None:
        return False
    return options.min_to < options.max_to


def _pot_max(hand: Hand) -> bool:
    options = _options(hand)
    if options is None or options.max_to is None or hand.betting is None:
        return False
    stakes = hand.table.stakes
    seat = options.seat
    total = hand.betting.bets[seat] + hand.stacks[seat]
    return stakes.structure is Structure.POT_LIMIT and options.max_to < total


def reopen_moment(hand: Hand) -> bool:
    """The player to act has acted in this round, an all-in has come since, the player has chips
    beyond the call and someone else could still call a raise: does the betting reopen?"""
    options = _options(hand)
    betting = hand.betting
    if options is None or betting is None or options.to_call <= 0 or not clear_spot(hand):
        return False
    seat = options.seat
    history = betting.history
    last = max((i for i, wager in enumerate(history) if wager.seat == seat), default=None)
    if last is None or not any(wager.all_in for wager in history[last + 1 :]):
        return False
    if any(not wager.all_in for wager in history[last + 1 :] if wager.move is not Move.CALL):
        return False  # a raise that is no all-in is a full raise: plainly reopened
    if hand.stacks[seat] <= options.to_call:
        return False
    return any(other != seat and hand.stacks[other] > 0 for other in betting.live)


def _side_pots(hand: Hand) -> bool:
    return awarding(hand) and len(build_pots(hand.committed, hand.folded)) >= 2


_FITS: dict[Ask, Callable[[Hand], bool]] = {
    Ask.POT: settled,
    Ask.CALL: _facing,
    Ask.MIN_RAISE: _can_raise,
    Ask.REOPEN: reopen_moment,
    Ask.POT_MAX: _pot_max,
    Ask.SIDE_POTS: _side_pots,
    Ask.CHANGE: lambda hand: change_chip(hand) is not None,
    Ask.COLOUR_UP: lambda hand: posting(hand) and bool(_colour_up_seats(hand)),
}


def _colour_up_seats(hand: Hand) -> list[int]:
    """Seats whose stack takes at least three chips of two kinds or more to colour up: where
    the table's chips make the question worth asking."""
    chips = denominations(decimal_of(hand.table.stakes.chip_unit))
    found = []
    for seat, stack in hand.stacks.items():
        fewest_chips = fewest(decimal_of(stack), chips)
        if len(fewest_chips) >= 2 and sum(count for _, count in fewest_chips) >= 3:
            found.append(seat)
    return found


def _chips_check(right: Chips, chips: tuple[Decimal, ...]) -> Callable[[str], bool | None]:
    def accept(text: str) -> bool | None:
        said_chips = read_chips(text, chips)
        return None if said_chips is None else said_chips == right

    return accept


_STRUCTURES = {Ask.POT_MAX: (Structure.POT_LIMIT,)}


def _amount_check(right: Amount) -> Callable[[str], bool | None]:
    def accept(text: str) -> bool | None:
        try:
            return parse_chips(text.strip()) == right
        except ChipError:
            return None

    return accept


def _yes_no(right: bool) -> Callable[[str], bool | None]:
    words = {"yes": True, "y": True, "是": True, "no": False, "n": False, "否": False}

    def accept(text: str) -> bool | None:
        said = words.get(text.strip().lower())
        return None if said is None else said is right

    return accept


def _pot_check(amount: Amount, seats: tuple[int, ...]) -> Callable[[str], bool | None]:
    def accept(text: str) -> bool | None:
        words = text.replace(",", " ").split()
        if len(words) < 2 or not all(word.isdigit() for word in words[1:]):
            return None
        try:
            said = parse_chips(words[0])
        except ChipError:
            return None
        return said == amount and tuple(sorted(int(w) for w in words[1:])) == seats

    return accept


class MoneyDrill:
    """One question a hand, the kinds in turn (a seeded order, round and round)."""

    def __init__(self, desk: Desk, *, ruleset: str, asks: tuple[Ask, ...] = tuple(Ask)) -> None:
        self.desk, self.ruleset = desk, ruleset
        self.asks = asks
        self._order: list[Ask] = []

    def play(self) -> Asking[None]:
        desk = self.desk
        if not self._order:
            self._order = list(self.asks)
            desk.rng.shuffle(self._order)
        found: Hand | None = None
        while found is None:  # a kind this seed offers no spot for gives way to the next
            kind = self._order.pop(0)
            self._order.append(kind)
            structures = _STRUCTURES.get(kind, (Structure.NO_LIMIT, Structure.POT_LIMIT))
            found = find(desk, self.ruleset, _FITS[kind], structures=structures)
        hand = desk.hand = found
        desk.redraw = lambda: desk.say_all(story(desk, hand))
        heading = desk.t("question", number=desk.number, total=desk.total)
        lines = (heading, *story(desk, hand))
        if kind is Ask.SIDE_POTS:
            yield from self._side_pots(hand, lines)
            return
        yield from ask(desk, self._question(kind, hand, lines))

    def _amount(
        self,
        skill: Skill,
        rule_id: str,
        lines: tuple[str, ...],
        right: Amount,
        facts: dict[str, object],
    ) -> Question:
        """A question whose answer is one amount of chips."""
        shown = format_chips(right)
        form = self.desk.t("form-amount")
        return Question(
            skill, rule_id, lines, shown, shown, _amount_check(right), form, facts=facts
        )

    def _question(self, kind: Ask, hand: Hand, lines: tuple[str, ...]) -> Question:
        desk = self.desk
        facts: dict[str, object] = {"ask": kind.value}
        if kind is Ask.POT:
            right = hand.pot
            return self._amount(
                Skill.POT_COUNT, "ROUND-END", (*lines, desk.t("ask-pot")), right, facts
            )
        if kind is Ask.COLOUR_UP:
            return self._colour_up(hand, lines, facts)
        options = _options(hand)
        assert options is not None and hand.betting is not None
        seat = options.seat
        facts["seat"] = seat
        if kind is Ask.CHANGE:
            chip = change_chip(hand)
            assert chip is not None
            facts["chip"] = chip
            right = chip - options.to_call
            call, handed = format_chips(options.to_call), format_chips(chip)
            question = desk.t("ask-change", seat=seat, call=call, chip=handed)
            return self._amount(Skill.CHANGE, "CHIP-UNIT", (*lines, question), right, facts)
        street_rule = (
            "PREFLOP-ACTION" if hand.betting.street is Street.PREFLOP else ("POSTFLOP-ACTION")
        )
        if kind is Ask.CALL:
            right = options.to_call
            return self._amount(
                Skill.BET_SIZING, street_rule, (*lines, desk.t("ask-call", seat=seat)), right, facts
            )
        if kind is Ask.MIN_RAISE:
            assert options.min_to is not None
            key = "ask-min-raise" if Move.RAISE in options.moves else "ask-min-bet"
            right = options.min_to
            return self._amount(
                Skill.BET_SIZING, "NL-MIN-RAISE", (*lines, desk.t(key, seat=seat)), right, facts
            )
        if kind is Ask.POT_MAX:
            assert options.max_to is not None
            right = options.max_to
            return self._amount(
                Skill.BET_SIZING,
                "POT-LIMIT",
                (*lines, desk.t("ask-pot-max", seat=seat)),
                right,
                facts,
            )
        reopened = options.min_to is not None
        word = desk.t("answer-yes" if reopened else "answer-no")
        why = desk.t("reopen-yes" if reopened else "reopen-no")
        return Question(
            Skill.BET_SIZING,
            "NL-MIN-RAISE",
            (*lines, desk.t("ask-reopen", seat=seat)),
            "yes" if reopened else "no",
            f"{word}: {why}",
            _yes_no(reopened),
            desk.t("form-yes-no"),
            facts=facts,
        )

    def _colour_up(self, hand: Hand, lines: tuple[str, ...], facts: dict[str, object]) -> Question:
        """A stack changed into the fewest of the table's chips (CHIP-UNIT: the smallest chip
        is the unit)."""
        desk = self.desk
        seat = desk.rng.choice(_colour_up_seats(hand))
        chips = denominations(decimal_of(hand.table.stakes.chip_unit))
        right = fewest(decimal_of(hand.stacks[seat]), chips)
        facts.update(seat=seat, chips=chips)
        question = desk.t(
            "ask-colour-up",
            seat=seat,
            amount=format_chips(hand.stacks[seat]),
            chips=" ".join(format_chips(chip) for chip in reversed(chips)),
        )
        return Question(
            Skill.CHANGE,
            "CHIP-UNIT",
            (*lines, question),
            said(right),
            said(right),
            _chips_check(right, chips),
            desk.t("form-chips"),
            facts=facts,
        )

    def _side_pots(self, hand: Hand, lines: tuple[str, ...]) -> Asking[None]:
        """Each pot built (amount, eligible seats), then every share awarded."""
        desk = self.desk
        pots, _ = shares_of(hand)
        desk.say_all(lines)
        desk.say(desk.t("ask-build", count=len(pots)))
        for index, pot in enumerate(pots):
            seats = " ".join(str(seat) for seat in pot.eligible)
            answer = f"{format_chips(pot.amount)} {seats}"
            yield from ask(
                desk,
                Question(
                    Skill.SIDE_POTS,
                    "SIDE-POTS",
                    (desk.t("ask-pot-build", pot=desk.pot(index)),),
                    answer,
                    answer,
                    _pot_check(pot.amount, pot.eligible),
                    desk.t("form-pot"),
                    facts={"ask": "build", "pot": index},
                ),
            )
        desk.say(desk.t("ask-award"))
        yield from DealDrill(desk, ruleset=self.ruleset, mishaps=False).award_pots(hand)
