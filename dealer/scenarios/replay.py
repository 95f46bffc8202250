"""Replaying scenarios against the procedure machine and checking their expectations."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from dealer.core.betting import Move
from dealer.core.cards import format_cards, full_deck
from dealer.core.chips import ChipError, format_chips, parse_chips
from dealer.core.errors import DealerError
from dealer.core.events import Event, Kind
from dealer.core.mishaps import Mishap, MishapKind
from dealer.core.native import mypyc_attr
from dealer.core.steps import DealerStep, PlayerAction, Step
from dealer.core.table import Table
from dealer.engine.hand import Hand, Refusal
from dealer.rules.source import Items, Node
from dealer.scenarios.format import Auto, Do, Expect, HandScript, Scenario


@mypyc_attr(native_class=False)  # two built-in bases (DealerError, AssertionError)
class Mismatch(DealerError, AssertionError):
    """A scenario whose hand did not go as it says."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass
class HandReport:
    number: int
    events: list[Event]
    final: dict[str, Any]
    table: Table | None = None  # the table the hand was dealt at (PHH export reads it)


@dataclass
class Result:
    scenario: Scenario
    failure: str | None = None
    hands: list[HandReport] = field(default_factory=list)
    hand: Hand | None = None  # the last hand played, when asked to keep it
    internal: bool = False  # the failure is a bug of the tool, not of the scenario

    @property
    def passed(self) -> bool:
        return self.failure is None

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.scenario.file,
            "scenario": self.scenario.name,
            "ruleset": self.scenario.ruleset.name,
            "rules": list(self.scenario.rules),
            "result": "passed" if self.passed else "failed",
            "failure": self.failure,
            "hands": [
                {
                    "hand": report.number,
                    "events": [event.as_json() for event in report.events],
                    "log": [str(event) for event in report.events],
                    "final": report.final,
                }
                for report in self.hands
            ],
        }


def _cards_at(name: str) -> Callable[[Hand], str]:
    return lambda hand: format_cards(getattr(hand.ledger, name))


def _by_seat(values: Mapping[int, Decimal]) -> dict[int, str]:
    return {seat: format_chips(amount) for seat, amount in sorted(values.items())}


# Each value of a snapshot, by its name: an expectation computes only the ones it checks.
_FIELDS: dict[str, Callable[[Hand], Any]] = {
    "state": lambda hand: hand.state,
    "expected": lambda hand: hand.expected(),
    "board": _cards_at("board"),
    "burns": _cards_at("burns"),
    "muck": _cards_at("muck"),
    "set_aside": _cards_at("set_aside"),
    "scrap": _cards_at("scrap"),
    "stub_size": lambda hand: len(hand.ledger.stub),
    "hands": lambda hand: {
        seat: format_cards(cards) for seat, cards in sorted(hand.ledger.hands.items())
    },
    "stacks": lambda hand: _by_seat(hand.stacks),
    "pot": lambda hand: format_chips(hand.pot),
    "committed": lambda hand: _by_seat(hand.committed),
    "to_act": lambda hand: hand.to_act,
    "folded": lambda hand: sorted(hand.folded),
    "button": lambda hand: hand.table.button,
    "next_button": lambda hand: hand.next_button,
    "rulings": lambda hand: [f"{ruled.rule_id} ({ruled.label})" for ruled in hand.rulings],
    "owed": lambda hand: [owed.text for owed in hand.owed],
}


def snapshot(hand: Hand) -> dict[str, Any]:
    """The state of a hand as plain values: what expectations and ``--json`` report."""
    return {name: value(hand) for name, value in _FIELDS.items()}


class _Snapshot(Mapping[str, Any]):
    """:func:`snapshot`, each value computed when it is first read."""

    def __init__(self, hand: Hand) -> None:
        self._hand = hand
        self._values: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._values:
            self._values[name] = _FIELDS[name](self._hand)
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_FIELDS)

    def __len__(self) -> int:
        return len(_FIELDS)


def passive_action(hand: Hand) -> PlayerAction:
    """A player who checks when it can and calls otherwise (autopilot's ``check-call`` players)."""
    if hand.betting is None or hand.to_act is None:
        raise RuntimeError("check-call players asked to act with no player to act")
    options = hand.betting.options()
    move = Move.CHECK if Move.CHECK in options.moves else Move.CALL
    if move not in options.moves:
        move = Move.ALL_IN
    return PlayerAction(hand.to_act, move)


def autopilot(
    hand: Hand, target: str, players: str = "none", *, on_step: Callable[[], None] | None = None
) -> None:
    """Perform the correct next steps until ``target`` state.

    Stops early if a player must act and there is no policy.
    """
    while hand.state != target and not hand.is_over:
        step: Step | None = hand.next_dealer_step()
        if step is None:
            if players != "check-call" or hand.to_act is None:
                return
            step = passive_action(hand)
        hand.apply(step)
        if on_step is not None:
            on_step()


# -- expectations ------------------------------------------------------------------------------


def _norm_cards(value: Any) -> str:
    text = " ".join(value) if isinstance(value, list) else str(value)
    from dealer.core.cards import parse_cards

    return format_cards(parse_cards(text))


def _norm_amount(value: Any) -> str:
    return format_chips(parse_chips(value))


def _compare(checks: Node, key: Any, want: Any, got: Any, line: int) -> None:
    if want != got:
        raise Mismatch(checks.line_of(key), f"expected {key} {want!r}, got {got!r}")


def check_expectations(hand: Hand, expect: Expect) -> None:
    checks = expect.checks
    if not isinstance(checks, Node):
        raise TypeError("expectations are read from a scenario file")
    state = _Snapshot(hand)
    for key, want in checks.items():
        line = checks.line_of(key)
        try:
            _check_one(hand, state, checks, key, want, line)
        except (ValueError, ChipError) as error:
            if isinstance(error, Mismatch):
                raise
            raise Mismatch(line, f"bad expectation {key}: {error}") from None


def _check_one(
    hand: Hand, state: Mapping[str, Any], checks: Node, key: str, want: Any, line: int
) -> None:
    if key in ("board", "burns", "muck", "set_aside", "scrap"):
        _compare(checks, key, _norm_cards(want) if want else "", state[key], line)
    elif key == "stub_top":
        want_cards = _norm_cards(want)
        count = len(want_cards.split())
        _compare(checks, key, want_cards, format_cards(hand.ledger.stub[:count]), line)
    elif key in ("hands", "stacks", "committed"):
        if not isinstance(want, Node):
            raise Mismatch(line, f"'{key}' is a mapping by seat")
        norm = _norm_cards if key == "hands" else _norm_amount
        for seat, value in want.items():
            got = state[key].get(seat, "" if key == "hands" else None)
            expected = "" if value is None or value == "" else norm(value)
            if expected != got:
                raise Mismatch(
                    want.line_of(seat), f"expected {key} of seat {seat} {expected!r}, got {got!r}"
                )
    elif key == "pot":
        _compare(checks, key, _norm_amount(want), state["pot"], line)
    elif key == "owed":
        # Each owed step as the rulebook words it, or as the command a scenario types for it.
        commands = [_command(owed) for owed in hand.owed]
        texts = state["owed"]
        matched = len(want) == len(texts) and all(
            item in (text, command)
            for item, text, command in zip(want, texts, commands, strict=True)
        )
        if not matched:
            _compare(checks, key, list(want), texts, line)
    elif key == "rulings":
        # a bare ID (a file that names no ruleset) matches the ruling under any ruleset
        got = state[key]
        bare = [item for item in want if "(" not in item]
        ids = [ruled.rule_id for ruled in hand.rulings]
        matched = len(want) == len(got) and all(
            item in (text, rule_id) for item, text, rule_id in zip(want, got, ids, strict=True)
        )
        if not matched:
            _compare(checks, key, list(want), ids if bare and len(bare) == len(want) else got, line)
    elif key in ("burns_count", "scrap_count"):
        place = hand.ledger.burns if key == "burns_count" else hand.ledger.scrap
        _compare(checks, key, want, len(place), line)
    elif key == "folded":
        _compare(checks, key, sorted(want), state["folded"], line)
    elif key in ("events", "events_end"):
        if not isinstance(want, Items):
            raise Mismatch(line, f"'{key}' is a list of event lines")
        got_log = [str(event) for event in hand.events]
        tail = got_log[-len(want) :] if key == "events_end" else got_log
        if [str(item) for item in want] != tail:
            raise Mismatch(
                line,
                f"expected {key}:\n  "
                + "\n  ".join(map(str, want))
                + "\ngot:\n  "
                + "\n  ".join(tail),
            )
    elif key == "shown":
        shown = {event.seat: event.note for event in hand.events if event.kind is Kind.SHOW}
        if not isinstance(want, Node):
            raise Mismatch(line, "'shown' maps seats to hand names")
        for seat, name in want.items():
            if shown.get(seat) != name:
                raise Mismatch(
                    want.line_of(seat),
                    f"expected seat {seat} to show {name!r}, got {shown.get(seat)!r}",
                )
    else:
        _compare(checks, key, want, state[key], line)


def _command(owed: Any) -> str | None:
    """The short command a scenario writes for an owed step: the step it types (``gather``,
    ``replace 2``), or, for what the players or the deal must complete, the verb's words
    (``finish round``, ``redeal``, ``pitch``)."""
    verb = getattr(owed, "verb", None)
    if verb is None:
        step = getattr(owed, "step", None)
        return None if step is None else str(step.do).replace("-", " ")
    return str(DealerStep(verb, seat=getattr(owed, "seat", None)))


# -- running -----------------------------------------------------------------------------------


def _run_hand(hand: Hand, script: HandScript) -> None:
    for instruction in script.instructions:
        if isinstance(instruction, Expect):
            check_expectations(hand, instruction)
        elif isinstance(instruction, Auto):
            # it stops early where a player must decide; the scenario goes on from there
            try:
                autopilot(hand, instruction.target, instruction.players)
            except Refusal as refusal:  # autopilot only takes legal steps: this is a bug
                raise Mismatch(instruction.line, f"autopilot refused: {refusal}") from None
        elif isinstance(instruction, Do):
            _do(hand, instruction)


def _do(hand: Hand, instruction: Do) -> None:
    try:
        hand.apply(instruction.step)
    except Refusal as refusal:
        if instruction.refused is None:
            raise Mismatch(instruction.line, f"refused: {refusal}") from None
        if str(refusal) != instruction.refused:
            raise Mismatch(
                instruction.line, f"expected refusal {instruction.refused!r}, got {str(refusal)!r}"
            ) from None
        return
    if instruction.refused is not None:
        raise Mismatch(
            instruction.line,
            f"expected refusal {instruction.refused!r}, but {instruction.step} was accepted",
        )
    _check_named_card(hand, instruction)


def _check_named_card(hand: Hand, instruction: Do) -> None:
    """``mishap: turn Kh`` names the card the table saw: it must be the one the ruling concerns."""
    step = instruction.step
    if not isinstance(step, Mishap) or step.card is None:
        return
    if step.kind not in (MishapKind.TURN, MishapKind.RIVER):
        return
    ruled = hand.rulings[-1].cards.values() if hand.rulings else ()
    seen = [card for cards in ruled for card in cards]
    if step.card not in seen:
        turned = " ".join(map(str, seen)) or "no card"
        raise Mismatch(
            instruction.line,
            f"{step} names {step.card}, but the card turned is {turned}: stack the deck so it"
            " comes next",
        )


def replay(
    scenario: Scenario,
    *,
    keep_hand: bool = False,
    audit: bool = True,
    reports: bool = True,
    machine: bool = False,
) -> Result:
    """Play every hand of a scenario; with ``audit`` (the default) every step is verified in full
    and every card and chip is checked after every event. With ``machine`` each step fires
    through the ``transitions`` machine itself (the reference the tests hold the fast path to).
    Without ``reports`` the result has the verdict only, not each hand's events and final state."""
    result = Result(scenario)
    table: Table | None = scenario.table
    previous: Hand | None = None
    for number, script in enumerate(scenario.hands, start=1):
        if previous is not None:
            table = previous.next_table(leaving=script.leave)
        if table is None:
            result.failure = (
                f"line {script.line}: hand {number} cannot start: fewer than two players have chips"
            )
            return result
        missing = set(script.plan.missing)
        deck = [card for card in full_deck() if card not in missing] if missing else None
        hand = Hand(table, script.plan, deck, audit=audit, machine=machine)
        try:
            _run_hand(hand, script)
            if number < len(scenario.hands) and not hand.is_over:
                raise Mismatch(
                    script.line, f"hand {number} is not over: expected {hand.expected()}"
                )
        except Mismatch as mismatch:
            result.failure = str(mismatch)
        except AssertionError as error:  # InvariantError: cards or chips lost, a bug
            result.failure = f"hand {number}: {error}"
            result.internal = True
        except Exception as error:  # a bug: reported as the scenario's failure, not a traceback
            result.failure = f"hand {number}: internal error: {type(error).__name__}: {error}"
            result.internal = True
        if reports:
            result.hands.append(HandReport(number, list(hand.events), snapshot(hand), table))
        if keep_hand:
            result.hand = hand
        if result.failure:
            return result
        previous = hand
    return result
