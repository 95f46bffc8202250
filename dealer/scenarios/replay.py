"""Replaying scenarios against the procedure machine and checking their expectations."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from dealer.core.betting import Move
from dealer.core.cards import Card, format_cards, full_deck
from dealer.core.chips import ChipError, Chips, format_chips, parse_chips
from dealer.core.events import Event, Kind
from dealer.core.mishaps import Mishap, MishapKind
from dealer.core.steps import DealerStep, PlayerAction, Step
from dealer.core.table import Table
from dealer.engine.hand import Hand, Refusal
from dealer.engine.obligations import Ruled
from dealer.rules.source import Items, Node
from dealer.scenarios.failures import FAILURE_JOIN, Code, Failure, Mismatch, describe_all
from dealer.scenarios.format import Auto, Do, Expect, HandScript, Scenario

__all__ = [
    "FAILURE_JOIN",
    "Code",
    "Failure",
    "HandReport",
    "Mismatch",
    "Result",
    "autopilot",
    "check_expectations",
    "failing_expectations",
    "published_log",
    "replay",
    "snapshot",
]


@dataclass
class HandReport:
    number: int
    events: list[Event]
    final: dict[str, Any]
    table: Table | None = None  # the table the hand was dealt at (PHH export reads it)
    rulings: tuple[Ruled, ...] = ()  # the rulings made, in order (:func:`published_log`)

    def as_json(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "events": [event.as_json() for event in self.events],
            "log": [str(event) for event in self.events],
            "final": self.final,
        }


@dataclass
class Result:
    scenario: Scenario
    hands: list[HandReport] = field(default_factory=list)
    hand: Hand | None = None  # the last hand played, when asked to keep it
    # Every failing expectation, then the step the scenario stopped at, if any: values (a line,
    # a code, fields); ``failure`` is them in English as replay prints them.
    failures: list[Failure] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def failure(self) -> str | None:
        """Every failure in English, one a line (None when the scenario passed)."""
        return describe_all(self.failures) if self.failures else None

    @property
    def internal(self) -> bool:
        """The scenario stopped on a bug of the tool (cards or chips lost, an exception)."""
        return bool(self.failures) and self.failures[-1].internal

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.scenario.file,
            "scenario": self.scenario.name,
            "ruleset": self.scenario.ruleset.name,
            "rules": list(self.scenario.rules),
            "result": "passed" if self.passed else "failed",
            "failure": self.failure,
            "failures": [failure.as_json() for failure in self.failures],
            "hands": [report.as_json() for report in self.hands],
        }


def _cards_at(name: str) -> Callable[[Hand], str]:
    return lambda hand: format_cards(getattr(hand.ledger, name))


def _by_seat(values: Mapping[int, Chips]) -> dict[int, str]:
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
        raise Mismatch(checks.line_of(key), Code.EXPECTED, key=key, want=want, got=got)


def check_expectations(hand: Hand, expect: Expect) -> None:
    """Raise the first failing expectation of ``expect`` (:func:`failing_expectations` has all)."""
    found = failing_expectations(hand, expect)
    if found:
        raise found[0]


def failing_expectations(hand: Hand, expect: Expect) -> list[Mismatch]:
    """Every expectation of ``expect`` the hand does not meet, in the file's order (each seat of a
    ``hands:``, ``stacks:`` or ``shown:`` on its own)."""
    checks = expect.checks
    if not isinstance(checks, Node):
        raise TypeError("expectations are read from a scenario file")
    state = _Snapshot(hand)
    found: list[Mismatch] = []
    for key, want in checks.items():
        line = checks.line_of(key)
        try:
            _check_one(hand, state, checks, key, want, line, found)
        except Mismatch as mismatch:
            found.append(mismatch)
        except (ValueError, ChipError) as error:
            found.append(Mismatch(line, Code.BAD_EXPECTATION, key=key, error=str(error)))
    return found


def _check_one(
    hand: Hand,
    state: Mapping[str, Any],
    checks: Node,
    key: str,
    want: Any,
    line: int,
    found: list[Mismatch],
) -> None:
    if key in ("board", "burns", "muck", "set_aside", "scrap"):
        _compare(checks, key, _norm_cards(want) if want else "", state[key], line)
    elif key == "stub_top":
        want_cards = _norm_cards(want)
        count = len(want_cards.split())
        _compare(checks, key, want_cards, format_cards(hand.ledger.stub[:count]), line)
    elif key in ("hands", "stacks", "committed"):
        if not isinstance(want, Node):
            raise Mismatch(line, Code.BY_SEAT, key=key)
        norm = _norm_cards if key == "hands" else _norm_amount
        for seat, value in want.items():
            got = state[key].get(seat, "" if key == "hands" else None)
            expected = "" if value is None or value == "" else norm(value)
            if expected != got:
                found.append(
                    Mismatch(
                        want.line_of(seat),
                        Code.EXPECTED_OF_SEAT,
                        key=key,
                        seat=seat,
                        want=expected,
                        got=got,
                    )
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
        # Each ruling as labelled (an overlay's under its name), under the published ruleset
        # whose ruling it is (a suite written for seed replays under an overlay that keeps it),
        # or by bare ID (a file that names no ruleset matches the ruling under any ruleset).
        got = state[key]
        origins = [f"{ruled.rule_id} ({ruled.ruling.ruleset})" for ruled in hand.rulings]
        ids = [ruled.rule_id for ruled in hand.rulings]
        bare = [item for item in want if "(" not in item]
        matched = len(want) == len(got) and all(
            item in (label, origin, rule_id)
            for item, label, origin, rule_id in zip(want, got, origins, ids, strict=True)
        )
        if not matched:
            _compare(checks, key, list(want), ids if bare and len(bare) == len(want) else got, line)
    elif key == "branches":  # the branch each ruling took (the ruling event names it too)
        got = [f"{ruled.rule_id}: {ruled.branch or 'main'}" for ruled in hand.rulings]
        _compare(checks, key, list(want), got, line)
    elif key in ("burns_count", "scrap_count"):
        place = hand.ledger.burns if key == "burns_count" else hand.ledger.scrap
        _compare(checks, key, want, len(place), line)
    elif key == "folded":
        _compare(checks, key, sorted(want), state["folded"], line)
    elif key in ("events", "events_end"):
        if not isinstance(want, Items):
            raise Mismatch(line, Code.EVENT_LINES, key=key)
        # events_end: only the log's last lines are worded (all of it when none is expected)
        logged = hand.events[-len(want) :] if key == "events_end" else hand.events
        tail = [str(event) for event in logged]
        wanted = [str(item) for item in want]
        if wanted != tail:
            published = published_log(hand.events, hand.rulings)
            if wanted != (published[-len(want) :] if key == "events_end" else published):
                raise Mismatch(line, Code.EXPECTED_EVENTS, key=key, want=wanted, got=tail)
    elif key == "shown":
        shown = {event.seat: event.note for event in hand.events if event.kind is Kind.SHOW}
        if not isinstance(want, Node):
            raise Mismatch(line, Code.SHOWN_BY_SEAT, key=key)
        for seat, name in want.items():
            if shown.get(seat) != name:
                found.append(
                    Mismatch(
                        want.line_of(seat),
                        Code.EXPECTED_SHOWN,
                        seat=seat,
                        want=name,
                        got=shown.get(seat),
                    )
                )
    else:
        _compare(checks, key, want, state[key], line)


def published_log(events: Sequence[Event], rulings: Sequence[Ruled]) -> list[str]:
    """The log with each ruling named by the published ruleset whose ruling it is (an overlay's
    rulings are logged under the overlay's name; a suite written for seed still reads them).

    The rulings are read as the hand made them (each ruling is logged once, in order, as a
    ``ruling`` event): the rule and both rulesets come from :class:`Ruled`, not from the line.
    """
    made = iter(rulings)
    lines = []
    for event in events:
        if event.kind is Kind.RULING:
            ruled = next(made)
            named = f"{ruled.rule_id} under {ruled.label}"
            origin = ruled.ruling.ruleset
            if origin != ruled.label and event.note.startswith(named):
                published = f"{ruled.rule_id} under {origin}" + event.note[len(named) :]
                event = event._replace(note=published)
        lines.append(str(event))
    return lines


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


def _run_hand(
    hand: Hand, script: HandScript, failures: list[Failure], first_failure: bool = False
) -> None:
    """Play the script; each failing expectation is added to ``failures`` and the hand goes on
    (with ``first_failure``, the first one stops it); a refused step stops it (``Mismatch``)."""
    unknown = script.plan.unknown
    for instruction in script.instructions:
        if isinstance(instruction, Expect):
            found = failing_expectations(hand, instruction)
            if found and first_failure:
                raise found[0]
            failures.extend(mismatch.failure for mismatch in found)
        elif isinstance(instruction, Auto):
            check = partial(_check_known, hand, unknown, instruction.line) if unknown else None
            # it stops early where a player must decide; the scenario goes on from there
            try:
                autopilot(hand, instruction.target, instruction.players, on_step=check)
            except Refusal as refusal:  # autopilot only takes legal steps: this is a bug
                raise Mismatch(
                    instruction.line, Code.AUTOPILOT_REFUSED, refusal=str(refusal)
                ) from None
        elif isinstance(instruction, Do):
            _do(hand, instruction)
            if unknown:
                _check_known(hand, unknown, instruction.line)


def _check_known(hand: Hand, unknown: frozenset[Card], line: int) -> None:
    """Cards a record does not know (``deck: unknown``) never decide a pot: a showdown between
    hands holding them, or on a board holding one, cannot be played (the pot is not pushed)."""
    events = hand.events
    if not events or events[-1].kind is not Kind.SHOW or len(hand.live) < 2:
        return
    shown = [event for event in events[-len(hand.live) :] if event.kind is Kind.SHOW]
    seats = [e.seat for e in shown if e.seat is not None and unknown.intersection(e.cards)]
    if seats or unknown.intersection(hand.ledger.board):
        raise Mismatch(line, Code.UNKNOWN_CARDS, seats=tuple(seats), deck="unknown")


def _do(hand: Hand, instruction: Do) -> None:
    try:
        hand.apply(instruction.step)
    except Refusal as refusal:
        if instruction.refused is None:
            raise Mismatch(instruction.line, Code.REFUSED, refusal=str(refusal)) from None
        if str(refusal) != instruction.refused:
            raise Mismatch(
                instruction.line, Code.WRONG_REFUSAL, want=instruction.refused, got=str(refusal)
            ) from None
        return
    if instruction.refused is not None:
        raise Mismatch(
            instruction.line, Code.ACCEPTED, want=instruction.refused, step=str(instruction.step)
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
        raise Mismatch(
            instruction.line,
            Code.NAMED_CARD,
            step=str(step),
            card=str(step.card),
            turned=tuple(map(str, seen)),
        )


def replay(
    scenario: Scenario,
    *,
    keep_hand: bool = False,
    audit: bool = True,
    reports: bool = True,
    machine: bool = False,
    first_failure: bool = False,
    on_hand: Callable[[HandReport], None] | None = None,
) -> Result:
    """Play every hand of a scenario; with ``audit`` (the default) every step is verified in full
    and every card and chip is checked after every event. With ``machine`` each step fires through
    the ``transitions`` machine itself, the reference the tests hold the one engine path (routes
    decided and fired by ``HandState``) equal to. Without ``reports`` the result has the verdict
    only, not each hand's events and final state; with ``on_hand`` each hand's report is given to it
    as the hand ends instead of kept (a file of 10,000 hands is written out hand by hand, never held
    whole). Every failing expectation is reported (``Result.failures``), the play going on past it;
    a refused step or a broken hand stops it. ``first_failure`` stops at the first of any kind."""
    result = Result(scenario)
    table: Table | None = scenario.table
    previous: Hand | None = None
    failures = result.failures
    for number, script in enumerate(scenario.hands, start=1):
        if previous is not None:
            table = previous.next_table(leaving=script.leave)
        if table is None:
            failures.append(Failure(script.line, Code.CANNOT_START, {"hand": number}))
            return result
        missing = set(script.plan.missing)
        deck = [card for card in full_deck() if card not in missing] if missing else None
        hand = Hand(table, script.plan, deck, audit=audit, machine=machine)
        stopped = False
        try:
            _run_hand(hand, script, failures, first_failure)
            if number < len(scenario.hands) and not hand.is_over:
                raise Mismatch(script.line, Code.NOT_OVER, hand=number, expected=hand.expected())
        except Mismatch as mismatch:
            failures.append(mismatch.failure)
            stopped = True
        except AssertionError as error:  # InvariantError: cards or chips lost, a bug
            failures.append(
                Failure(script.line, Code.BROKEN, {"hand": number, "error": str(error)})
            )
            stopped = True
        except Exception as error:  # a bug: reported as the scenario's failure, not a traceback
            fields = {"hand": number, "kind": type(error).__name__, "error": str(error)}
            failures.append(Failure(script.line, Code.INTERNAL, fields))
            stopped = True
        if reports:
            report = HandReport(
                number, list(hand.events), snapshot(hand), table, tuple(hand.rulings)
            )
            if on_hand is None:
                result.hands.append(report)
            else:
                on_hand(report)
        if keep_hand:
            result.hand = hand
        if stopped or (failures and first_failure):
            return result
        previous = hand
    return result
