"""What the dealer and the players do, as values, and how a scenario writes them.

Dealer steps are the dealer's verbs; a player action is ``seat N`` and a move.

>>> parse_step("pitch 3")
DealerStep(verb=<Verb.PITCH: 'pitch'>, seat=3, at=None)
>>> parse_step("seat 4 raise 30")
PlayerAction(seat=4, move=<Move.RAISE: 'raise'>, to=Decimal('30'))
>>> str(parse_step("seat 2 calls")), str(parse_step("move button")), str(parse_step("cut 20"))
('seat 2 call', 'move button', 'cut 20')
>>> parse_step("deal flop")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
dealer.core.steps.StepError: unknown step 'deal flop': expected a dealer step (post, shuffle, cut,
pitch N, burn, flop, turn, river, showdown, push, move button) or 'seat N' and a move (fold, check,
call, bet X, raise X, all-in; at the showdown: shows, mucks, plays the board; touches the muck)
>>> parse_step("seat 3 mucks"), str(parse_step("seat 2 announces playing the board"))
(ShowdownCall(seat=3, call=<Call.MUCK: 'muck'>), 'seat 2 plays the board')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, ClassVar

from dealer.core.betting import Move
from dealer.core.chips import ChipError, Chips, format_chips, parse_chips
from dealer.core.errors import DealerError


class StepError(DealerError, ValueError):
    """Text that is not a step."""


class Verb(StrEnum):
    """The dealer's verbs, spelt as the procedure data spells them (a scenario may write a space
    for the hyphen: ``move button``)."""

    POST = "post"
    SHUFFLE = "shuffle"
    CUT = "cut"
    PITCH = "pitch"
    BURN = "burn"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"
    PUSH = "push"
    MOVE_BUTTON = "move-button"
    # Remedy steps, owed only after a ruling (RULES.md §B).
    GATHER = "gather"  # every card back to the stub (a misdeal, MISDEAL-REDEAL, or a void hand)
    REPLACE = "replace"  # give a seat the top card in place of an exposed one (HOLE-EXPOSED-OTHER)
    SCRAMBLE = "scramble"  # mix the exposed flop cards face down
    CHOOSE_BURN = "choose-burn"  # one of them, at random, becomes the burn
    CORRECT_BUTTON = "correct-button"  # put the button where it belongs (BUTTON-MISPLACED)
    KILL_HAND = "kill-hand"  # a hand with the wrong number of cards is dead (DEAL-SHORT)
    VOID = "void"  # all action void (DECK-DUPLICATE, DECK-FOREIGN-CARD)
    RETURN_CHIPS = "return-chips"  # every chip back to whoever wagered it
    NOTICE = "notice"  # the floor is called to an error that went unnoticed (NOTICED-LATE)
    # What a ruling awaits rather than does: the deal finished as usual, the betting round played.
    REDEAL = "redeal"
    FINISH_ROUND = "finish-round"

    @property
    def trigger(self) -> str:
        """The machine trigger this verb fires."""
        return _TRIGGERS[self]

    @property
    def words(self) -> str:
        """As a dealer says it and a scenario writes it: ``move button``."""
        return self.value.replace("-", " ")

    @property
    def is_wait(self) -> bool:
        """Whether the verb awaits the deal or the players rather than being a dealer step."""
        return self in (Verb.REDEAL, Verb.FINISH_ROUND)


BOARD_VERBS = frozenset({Verb.FLOP, Verb.TURN, Verb.RIVER})
_TRIGGERS = {verb: verb.value.replace("-", "_") for verb in Verb}


@dataclass(frozen=True, slots=True)
class DealerStep:
    verb: Verb
    seat: int | None = None  # pitch, replace: the seat the card goes to
    at: int | None = None  # cut: the position of the cut, counted from the top
    trigger: str = field(init=False, repr=False, compare=False)  # the verb's, read at every step

    def __post_init__(self) -> None:
        object.__setattr__(self, "trigger", _TRIGGERS[self.verb])

    def __str__(self) -> str:
        number = self.seat if self.seat is not None else self.at
        return self.verb.words if number is None else f"{self.verb.words} {number}"


@dataclass(frozen=True, slots=True, init=False)
class PlayerAction:
    seat: int
    move: Move
    to: Chips | None = None  # bet or raise: the player's total bet in the round after it

    trigger: ClassVar[str] = "act"  # ClassVar: mypyc would make a bare one a dataclass field

    def __init__(self, seat: int, move: Move, to: Chips | None = None) -> None:
        # Still frozen: each field set once, through its slot's own setter. The dataclass's
        # __init__ calls object.__setattr__ by name per field, and a driver makes one a decision.
        _SET_SEAT(self, seat)
        _SET_MOVE(self, move)
        _SET_TO(self, to)

    def __str__(self) -> str:
        amount = f" {format_chips(self.to)}" if self.to is not None else ""
        return f"seat {self.seat} {self.move.value}{amount}"


_SLOTS: dict[str, Any] = dict(vars(PlayerAction))
_SET_SEAT: Callable[[PlayerAction, int], None] = _SLOTS["seat"].__set__
_SET_MOVE: Callable[[PlayerAction, Move], None] = _SLOTS["move"].__set__
_SET_TO: Callable[[PlayerAction, Chips | None], None] = _SLOTS["to"].__set__


class Call(StrEnum):
    """What a player still holding a hand does at the showdown (SHOWDOWN-MUCK, PLAY-BOARD)."""

    SHOW = "show"  # table the hole cards face up: the hand is read by its cards (LA 140)
    MUCK = "muck"  # throw the hand into the muck unshown: dead, no claim to any pot
    PLAY_BOARD = "play-board"  # say that the board plays (PLAY-BOARD; seed: then it may be mucked)
    # the hand released face down so that a card touches the muck (FOLD): seed, a fold; wsop-2024,
    # not dead while it is still identifiable, until the dealer pushes it in (LA 106)
    TOUCH_MUCK = "touch-muck"

    @property
    def words(self) -> str:
        return _CALL_WORDS[self]


_CALL_WORDS = {
    Call.SHOW: "shows",
    Call.MUCK: "mucks",
    Call.PLAY_BOARD: "plays the board",
    Call.TOUCH_MUCK: "touches the muck",
}


@dataclass(frozen=True, slots=True)
class ShowdownCall:
    """``seat N shows``, ``seat N mucks`` or ``seat N plays the board``: a player's part of the
    showdown (SHOWDOWN-MUCK, PLAY-BOARD); and ``seat N touches the muck``, at the showdown or in
    a betting round (FOLD)."""

    seat: int
    call: Call
    trigger: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "trigger", self.call.value.replace("-", "_"))

    def __str__(self) -> str:
        return f"seat {self.seat} {self.call.words}"


Step = DealerStep | PlayerAction | ShowdownCall

_CALLS = {
    "shows": Call.SHOW,
    "show": Call.SHOW,
    "tables": Call.SHOW,
    "mucks": Call.MUCK,
    "muck": Call.MUCK,
    "plays the board": Call.PLAY_BOARD,
    "play the board": Call.PLAY_BOARD,
    "announces playing the board": Call.PLAY_BOARD,
    "touches the muck": Call.TOUCH_MUCK,
    "touch the muck": Call.TOUCH_MUCK,
}
_MOVE_WORDS = {move.value: move for move in Move} | {
    "folds": Move.FOLD,
    "checks": Move.CHECK,
    "calls": Move.CALL,
    "bets": Move.BET,
    "raises": Move.RAISE,
    "allin": Move.ALL_IN,
    "all in": Move.ALL_IN,
    "raise to": Move.RAISE,
    "raises to": Move.RAISE,
}
DECK_SIZE = 52
_SEATED = (Verb.PITCH, Verb.REPLACE, Verb.KILL_HAND)  # these name the seat: "kill hand 2"
_NUMBERED = (*_SEATED, Verb.CUT)  # ... and the cut its position
_VERBS = {
    spelt: verb for verb in Verb if not verb.is_wait for spelt in (verb.words, verb.value)
} | {
    "button": Verb.MOVE_BUTTON,
    "post blinds": Verb.POST,
}
_USAGE = (
    "expected a dealer step (post, shuffle, cut, pitch N, burn, flop, turn, river, showdown, push, "
    "move button) or 'seat N' and a move (fold, check, call, bet X, raise X, all-in; at the "
    "showdown: shows, mucks, plays the board; touches the muck)"
)


MAX_DIGITS = 6  # seats and cut positions are small numbers; a longer one is no step


def is_number(word: str) -> bool:
    """ASCII digits only (``²`` is a digit to Python, not to a dealer), and not too many."""
    return word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS


def _number(word: str, what: str, text: str) -> int:
    if not is_number(word):
        said = text if len(text) <= 40 else f"{text[:40]}..."
        shown = word if len(word) <= 20 else f"{word[:20]}..."
        raise StepError(
            f"bad step {said!r}: {what} must be a whole number of at most {MAX_DIGITS} digits, "
            f"not {shown!r}"
        )
    return int(word)


def parse_step(text: str) -> Step:
    """Read a step written as in a scenario."""
    words = text.lower().split()
    if len(words) >= 3 and words[0] == "seat":
        seat = _number(words[1], "the seat", text)
        rest = words[2:]
        call = _CALLS.get(" ".join(rest))
        if call is not None:
            return ShowdownCall(seat, call)
        amount: Decimal | None = None
        if rest and rest[-1][:1].isascii() and rest[-1][:1].isdigit():
            try:
                amount = parse_chips(rest[-1])
            except ChipError as error:
                raise StepError(f"bad step {text!r}: {error}") from None
            rest = rest[:-1]
        move = _MOVE_WORDS.get(" ".join(rest))
        if move is None:
            raise StepError(f"unknown move {' '.join(rest)!r} in {text!r}: {_USAGE}")
        if amount is not None and move not in (Move.BET, Move.RAISE):
            raise StepError(f"bad step {text!r}: only a bet or a raise takes an amount")
        return PlayerAction(seat, move, amount)
    numbered = _VERBS.get(" ".join(words[:-1])) if len(words) >= 2 else None
    if numbered in _NUMBERED:
        number = _number(words[-1], "the cut" if numbered is Verb.CUT else "the seat", text)
        if numbered is Verb.CUT:
            if not 0 < number < DECK_SIZE:
                raise StepError(
                    f"bad step {text!r}: a cut leaves cards in both packets, so it is at 1 to "
                    f"{DECK_SIZE - 1} (SHUFFLE-CUT)"
                )
            return DealerStep(Verb.CUT, at=number)
        return DealerStep(numbered, seat=number)
    verb = _VERBS.get(" ".join(words))
    if verb is None or verb in _SEATED:
        raise StepError(f"unknown step {text!r}: {_USAGE}")
    return DealerStep(verb)


def step_pattern() -> str:
    """A regular expression for the steps :func:`parse_step` reads, written in lower case (the
    JSON Schema gives it to editors).

    >>> import re
    >>> [bool(re.match(step_pattern(), t)) for t in ("seat 3 raise 12.5", "pitch 2", "seat 3 limp")]
    [True, True, False]
    """
    plain = sorted((word for word, verb in _VERBS.items() if verb not in _SEATED), key=len)
    numbered = sorted(word for word, verb in _VERBS.items() if verb in _NUMBERED)
    moves = sorted([*_MOVE_WORDS, *_CALLS], key=len, reverse=True)
    alternatives = [
        f"seat +[0-9]{{1,{MAX_DIGITS}}} +({'|'.join(moves)})( +[0-9][0-9.]*)?",
        f"({'|'.join(numbered)}) +[0-9]{{1,{MAX_DIGITS}}}",
        f"({'|'.join(reversed(plain))})",
    ]
    return "^ *(" + "|".join(f"({a})" for a in alternatives) + ") *$"
