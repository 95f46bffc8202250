"""What a change of rules changes: each scenario's hands played under two rulesets, compared.

Both sides play the scenario's own steps (its expectations are the old side's words, so they are
not checked); a step marked ``refused:`` is only asked about (``Hand.verify``), never taken. What is
compared are typed values, never words: the rulings (the remedy each applies), every step a ruling
owed, where each card a ruling names went from then on, the board, the burns, the pot and stacks,
the steps one side refuses, and the event log. :mod:`dealer.apps.present.compare` words them.

>>> from dealer.rules.rulesets import load_ruleset
>>> found = compare_file(Path("scenarios/irregularities/hole-exposed-second-seed.yaml"),
...                      load_ruleset("seed"), load_ruleset("wsop-2024"))
>>> [(pair.rule_id, pair.a.remedy.value, pair.b.remedy.value) for pair in found.hands[0].rulings]
[('HOLE-EXPOSED-SECOND', 'deal-on', 'misdeal')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from dealer.core.cards import Card
from dealer.core.chips import Chips, format_chips
from dealer.core.errors import Refusal
from dealer.core.events import Event, Kind
from dealer.core.ledger import Place
from dealer.core.ruleset import Ruleset
from dealer.core.steps import Verb
from dealer.engine.hand import Hand
from dealer.engine.obligations import Owed, Ruled
from dealer.rules.rulebook import ChipFate, Ruling
from dealer.rules.source import SourceError
from dealer.scenarios.format import Auto, Do, HandScript, Scenario, read_suite_file
from dealer.scenarios.replay import autopilot


class Remedy(StrEnum):
    """What a ruling does to the hand, in a manager's terms."""

    MISDEAL = "misdeal"  # every card back, reshuffled, the same hand redealt
    VOID = "void"  # all action void, every chip returned
    DEAL_ON = "deal-on"  # the hand goes on, the cards the ruling names put right


def remedy(ruling: Ruling) -> Remedy:
    """What the ruling does to the hand.

    >>> from dealer.rules.rulebook import rule
    >>> [remedy(rule(name).ruling("seed")) for name in ("HOLE-EXPOSED-FIRST", "DECK-DUPLICATE")]
    [<Remedy.MISDEAL: 'misdeal'>, <Remedy.VOID: 'void'>]
    """
    verbs = {step.do for step in ruling.steps}
    if Verb.VOID in verbs or ruling.chips is ChipFate.RETURNED:
        return Remedy.VOID
    if Verb.GATHER in verbs:
        return Remedy.MISDEAL
    return Remedy.DEAL_ON


@dataclass(frozen=True, slots=True)
class Seen:
    """A ruling one side made: its rule, the branch taken, and the remedy (``ruling``)."""

    rule_id: str
    origin: str  # the published ruleset whose ruling it is
    remedy: Remedy
    branch: str | None
    ruling: Ruling = field(compare=False)

    def same(self, other: Seen) -> bool:
        """Whether both tell the dealer the same thing (their sources may differ)."""
        return (self.rule_id, self.branch) == (other.rule_id, other.branch) and (
            self.ruling.same_remedy(other.ruling)
        )


@dataclass(frozen=True, slots=True)
class Where:
    """A place a card lay in; a burn knows the street it was burned for."""

    place: Place
    seat: int | None = None
    street: str | None = None  # flop, turn or river, for a burn

    def as_json(self) -> str:
        if self.place is Place.SEAT:
            return f"seat {self.seat}"
        if self.place is Place.BURN and self.street:
            return f"{self.street} burn"
        return self.place.value


@dataclass(frozen=True, slots=True)
class Refused:
    """A step the hand refused: the typed refusal, or a bug's words (``internal error: ...``)."""

    line: int
    step: str
    message: Refusal | str


@dataclass(frozen=True, slots=True)
class HandPlay:
    """One hand played under one ruleset, as typed values."""

    number: int
    rulings: tuple[Seen, ...]
    owed: tuple[Owed, ...]  # every step a ruling owed, in the order first owed
    paths: dict[Card, tuple[Where, ...]]  # each card a ruling names: where it went from then on
    board: tuple[Card, ...]
    burns: tuple[Card, ...]
    pot: Chips
    stacks: dict[int, Chips]
    events: tuple[Event, ...]
    probes: dict[int, tuple[str, Refusal | None]]  # a ``refused:`` step's line -> (step, refusal)
    stopped: Refused | None  # the step the hand stopped at, refused
    over: bool


@dataclass(frozen=True, slots=True)
class Play:
    """A scenario played under one ruleset; ``refused`` when its table is refused there."""

    ruleset: str
    hands: tuple[HandPlay, ...] = ()
    refused: str | None = None


# -- playing --------------------------------------------------------------------------------------


class _Tracker:
    """Where each card a ruling names goes, step by step, until the stub is next shuffled (then
    the card is back in the deck and its fate is the stub's)."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.owed: dict[Owed, None] = {}
        self.paths: dict[Card, list[Where]] = {}
        self.open: set[Card] = set()
        self.rulings = 0
        self.events = 0

    def step(self) -> None:
        hand = self.hand
        for ruled in hand.rulings[self.rulings :]:
            for cards in ruled.cards.values():
                for card in cards:
                    if card not in self.paths:
                        self.paths[card] = []
                        self.open.add(card)
        self.rulings = len(hand.rulings)
        for owed in hand.owed:
            self.owed.setdefault(owed, None)
        for card in self.open:
            place = hand.ledger.where(card)
            where = Where(place.place, place.seat)
            if not self.paths[card] or self.paths[card][-1] != where:
                self.paths[card].append(where)
        if any(event.kind is Kind.SHUFFLE for event in hand.events[self.events :]):
            self.open.clear()
        self.events = len(hand.events)


def _streets(
    paths: dict[Card, list[Where]], events: Sequence[Event]
) -> dict[Card, tuple[Where, ...]]:
    """Each burn named by the street it was burned for: the next board card's."""
    street: dict[Card, str] = {}
    for index, event in enumerate(events):
        if event.kind is not Kind.BURN:
            continue
        board = next((e for e in events[index + 1 :] if e.kind is Kind.BOARD), None)
        for card in event.cards:
            if board is not None and board.note in ("flop", "turn", "river"):
                street[card] = board.note
    return {
        card: tuple(
            Where(w.place, w.seat, street.get(card)) if w.place is Place.BURN else w for w in path
        )
        for card, path in paths.items()
    }


def _plain(event: Event) -> Event:
    """A ruling's log line without the ruleset's name and sources (the rulings are compared as
    rulings; an overlay's name is not a change of the hand)."""
    if event.kind is not Kind.RULING:
        return event
    return event._replace(note=event.rule) if event.rule is not None else event


def _seen(ruled: Ruled) -> Seen:
    return Seen(
        ruled.rule_id, ruled.ruling.ruleset, remedy(ruled.ruling), ruled.branch, ruled.ruling
    )


def _play_hand(hand: Hand, number: int, script: HandScript) -> HandPlay:
    tracker = _Tracker(hand)
    probes: dict[int, tuple[str, Refusal | None]] = {}
    stopped: Refused | None = None
    for instruction in script.instructions:
        if isinstance(instruction, Do) and instruction.refused is not None:
            try:  # asked about, never taken
                hand.verify(instruction.step)
                probes[instruction.line] = (str(instruction.step), None)
            except Refusal as refusal:
                probes[instruction.line] = (str(instruction.step), refusal)
            continue
        try:
            if isinstance(instruction, Auto):
                autopilot(hand, instruction.target, instruction.players, on_step=tracker.step)
            elif isinstance(instruction, Do):
                hand.apply(instruction.step)
                tracker.step()
        except Refusal as refusal:
            step = instruction.step if isinstance(instruction, Do) else "auto"
            stopped = Refused(instruction.line, str(step), refusal)
            break
        except Exception as error:  # a bug of the tool: this side's hand ends, the report goes on
            step = instruction.step if isinstance(instruction, Do) else "auto"
            why = f"internal error: {type(error).__name__}: {error}"
            stopped = Refused(instruction.line, str(step), why)
            break
    tracker.step()
    return HandPlay(
        number=number,
        rulings=tuple(_seen(ruled) for ruled in hand.rulings),
        owed=tuple(tracker.owed),
        paths=_streets(tracker.paths, hand.events),
        board=tuple(hand.ledger.board),
        burns=tuple(hand.ledger.burns),
        pot=hand.pot,
        stacks=dict(sorted(hand.stacks.items())),
        events=tuple(_plain(event) for event in hand.events),
        probes=probes,
        stopped=stopped,
        over=hand.is_over,
    )


def play(scenario: Scenario) -> Play:
    """Every hand of a scenario under its ruleset, as far as the hands go."""
    hands: list[HandPlay] = []
    table = scenario.table
    previous: Hand | None = None
    for number, script in enumerate(scenario.hands, start=1):
        if previous is not None:
            if not previous.is_over:
                break
            next_table = previous.next_table(leaving=script.leave)
            if next_table is None:
                break
            table = next_table
        hand = Hand(table, script.plan)
        played = _play_hand(hand, number, script)
        hands.append(played)
        if played.stopped is not None:
            break
        previous = hand
    return Play(scenario.ruleset.name, tuple(hands))


# -- comparing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RulingPair:
    """The same irregularity ruled on both sides (or on one only), where the rulings differ."""

    rule_id: str
    a: Seen | None
    b: Seen | None


@dataclass(frozen=True, slots=True)
class PathPair:
    card: Card
    a: tuple[Where, ...]
    b: tuple[Where, ...]


@dataclass(frozen=True, slots=True)
class RefusalPair:
    """A step one side refuses and the other takes (``None``: taken; words: a bug's)."""

    line: int
    step: str
    a: Refusal | str | None
    b: Refusal | str | None


@dataclass(frozen=True, slots=True)
class HandChange:
    """What differs in one hand; every field empty or ``None`` where nothing does."""

    number: int
    rulings: tuple[RulingPair, ...] = ()
    owed_added: tuple[Owed, ...] = ()
    owed_removed: tuple[Owed, ...] = ()
    paths: tuple[PathPair, ...] = ()
    board: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    burns: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    pot: tuple[Chips, Chips] | None = None
    stacks: tuple[tuple[int, Chips | None, Chips | None], ...] = ()
    refusals: tuple[RefusalPair, ...] = ()
    played: tuple[bool, bool] = (True, True)  # whether each side got to play this hand
    first_event: tuple[int, Event | None, Event | None] | None = None  # 1-based index

    @property
    def changed(self) -> bool:
        return self.first_event is not None or self.played != (True, True) or any(
            (self.rulings, self.owed_added, self.owed_removed, self.paths, self.board,
             self.burns, self.pot, self.stacks, self.refusals)
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class ScenarioChange:
    """A scenario whose hands differ between the two rulesets."""

    file: str
    name: str
    rules: tuple[str, ...]  # the rules the scenario says it exercises
    hands: tuple[HandChange, ...] = ()
    table: tuple[str | None, str | None] | None = None  # each side's refusal of the table

    @property
    def changed(self) -> bool:
        return self.table is not None or any(hand.changed for hand in self.hands)


def _pairs(a: Sequence[Seen], b: Sequence[Seen]) -> Iterator[RulingPair]:
    """Rulings matched by rule, the n-th ruling of a rule on one side with the n-th on the other."""
    left = list(a)
    right = list(b)
    for seen in a:
        match = next((other for other in right if other.rule_id == seen.rule_id), None)
        if match is not None:
            right.remove(match)
            left.remove(seen)
            if not seen.same(match):
                yield RulingPair(seen.rule_id, seen, match)
    for seen in left:
        yield RulingPair(seen.rule_id, seen, None)
    for seen in right:
        yield RulingPair(seen.rule_id, None, seen)


def _first_event(
    a: Sequence[Event], b: Sequence[Event]
) -> tuple[int, Event | None, Event | None] | None:
    for index in range(max(len(a), len(b))):
        one = a[index] if index < len(a) else None
        other = b[index] if index < len(b) else None
        if one != other:
            return index + 1, one, other
    return None


def _refusals(a: HandPlay, b: HandPlay) -> tuple[RefusalPair, ...]:
    """The steps one side refuses and the other takes: those a scenario marks ``refused:`` (asked
    on both sides), and the step each side stopped at."""
    found: dict[int, RefusalPair] = {}
    for line in sorted(set(a.probes) & set(b.probes)):
        (step, one), (_, other) = a.probes[line], b.probes[line]
        if (one is None) != (other is None):
            found[line] = RefusalPair(line, step, one, other)
    for stop, mine, theirs in ((a.stopped, True, b), (b.stopped, False, a)):
        if stop is None or stop.line in found:
            continue
        there = theirs.stopped
        if there is not None and there.line < stop.line:
            continue  # the other side never got to this step
        elsewhere = there.message if there is not None and there.line == stop.line else None
        left, right = (stop.message, elsewhere) if mine else (elsewhere, stop.message)
        if _said(left) != _said(right):
            found[stop.line] = RefusalPair(stop.line, stop.step, left, right)
    return tuple(found[line] for line in sorted(found))


def _said(refusal: Refusal | str | None) -> str | None:
    """A refusal as the log says it (the same refusal on both sides is no change)."""
    return None if refusal is None else str(refusal)


def compare_hands(a: HandPlay | None, b: HandPlay | None, number: int) -> HandChange:
    """What differs between one hand as each side played it (``None``: not played there)."""
    if a is None or b is None:
        return HandChange(number, played=(a is not None, b is not None))
    a_owed, b_owed = set(a.owed), set(b.owed)
    paths = tuple(
        PathPair(card, a.paths.get(card, ()), b.paths.get(card, ()))
        for card in sorted({*a.paths, *b.paths}, key=lambda card: (card not in a.paths, str(card)))
        if a.paths.get(card, ()) != b.paths.get(card, ())
    )
    seats = sorted({*a.stacks, *b.stacks})
    return HandChange(
        number=number,
        rulings=tuple(_pairs(a.rulings, b.rulings)),
        owed_added=tuple(owed for owed in b.owed if owed not in a_owed),
        owed_removed=tuple(owed for owed in a.owed if owed not in b_owed),
        paths=paths,
        board=(a.board, b.board) if a.board != b.board else None,
        burns=(a.burns, b.burns) if a.burns != b.burns else None,
        pot=(a.pot, b.pot) if a.pot != b.pot else None,
        stacks=tuple(
            (seat, a.stacks.get(seat), b.stacks.get(seat))
            for seat in seats
            if a.stacks.get(seat) != b.stacks.get(seat)
        ),
        refusals=_refusals(a, b),
        first_event=_first_event(a.events, b.events),
    )


def _read(path: Path, ruleset: Ruleset) -> Scenario | str | None:
    """The scenario forced under ``ruleset``; its table's refusal there as text; ``None`` for an
    overlay kept among the scenarios."""
    try:
        return read_suite_file(path, ruleset, forced=True)
    except SourceError as error:
        return str(error)


def compare_file(path: Path, a: Ruleset, b: Ruleset) -> ScenarioChange | None:
    """What differs in one scenario file between rulesets ``a`` and ``b``; ``None`` for a ruleset
    overlay kept beside the scenarios. Raises :class:`SourceError` for a file neither side reads
    (bad input)."""
    one, other = _read(path, a), _read(path, b)
    if one is None or other is None:
        return None
    if isinstance(one, str) and isinstance(other, str):
        raise _error_of(path, a)
    if isinstance(one, str) or isinstance(other, str):
        scenario = other if isinstance(one, str) else one
        assert isinstance(scenario, Scenario)
        return ScenarioChange(
            scenario.file,
            scenario.name,
            scenario.rules,
            table=(
                one if isinstance(one, str) else None,
                other if isinstance(other, str) else None,
            ),
        )
    first, second = play(one), play(other)
    count = max(len(first.hands), len(second.hands))
    hands = tuple(
        compare_hands(
            first.hands[index] if index < len(first.hands) else None,
            second.hands[index] if index < len(second.hands) else None,
            index + 1,
        )
        for index in range(count)
    )
    changed = tuple(hand for hand in hands if hand.changed)
    return ScenarioChange(one.file, one.name, one.rules, changed)


def _error_of(path: Path, ruleset: Ruleset) -> SourceError:
    try:
        read_suite_file(path, ruleset, forced=True)
    except SourceError as error:
        return error
    raise AssertionError("read twice, refused once")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Comparison:
    """Every scenario compared: the changed ones listed, the others counted."""

    a: str
    b: str
    changed: tuple[ScenarioChange, ...]
    same: int
    overlays: int = 0

    @property
    def scenarios(self) -> int:
        return len(self.changed) + self.same


def compare(
    paths: Sequence[Path], a: Ruleset, b: Ruleset, names: tuple[str, str] | None = None
) -> Comparison:
    """Compare every scenario file of ``paths`` between ``a`` and ``b`` (``names``: what to call
    the two sides, by default the rulesets' names)."""
    changed: list[ScenarioChange] = []
    same = overlays = 0
    for path in paths:
        found = compare_file(path, a, b)
        if found is None:
            overlays += 1
        elif found.changed:
            changed.append(found)
        else:
            same += 1
    first, second = names or (a.name, b.name)
    return Comparison(first, second, tuple(changed), same, overlays)


# -- as JSON --------------------------------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _owed(owed: Owed) -> dict[str, Any]:
    return {"rule": owed.rule, "step": owed.text, "verb": owed.verb, "seat": owed.seat}


def _ruling(seen: Seen | None) -> dict[str, Any] | None:
    if seen is None:
        return None
    return {"ruleset": seen.origin, "remedy": seen.remedy.value, "branch": seen.branch}


def _amount(value: Chips | None) -> str | None:
    return None if value is None else format_chips(value)


def hand_json(hand: HandChange) -> dict[str, Any]:
    return {
        "hand": hand.number,
        "played": list(hand.played),
        "rulings": [
            {"rule": pair.rule_id, "a": _ruling(pair.a), "b": _ruling(pair.b)}
            for pair in hand.rulings
        ],
        "owed_added": [_owed(owed) for owed in hand.owed_added],
        "owed_removed": [_owed(owed) for owed in hand.owed_removed],
        "cards": [
            {
                "card": str(pair.card),
                "a": [w.as_json() for w in pair.a],
                "b": [w.as_json() for w in pair.b],
            }
            for pair in hand.paths
        ],
        "board": None if hand.board is None else [_cards(side) for side in hand.board],
        "burns": None if hand.burns is None else [_cards(side) for side in hand.burns],
        "pot": None if hand.pot is None else [_amount(side) for side in hand.pot],
        "stacks": [
            {"seat": seat, "a": _amount(one), "b": _amount(other)}
            for seat, one, other in hand.stacks
        ],
        "refused": [
            {"line": pair.line, "step": pair.step, "a": _said(pair.a), "b": _said(pair.b)}
            for pair in hand.refusals
        ],
        "first_event": None
        if hand.first_event is None
        else {
            "index": hand.first_event[0],
            "a": None if hand.first_event[1] is None else str(hand.first_event[1]),
            "b": None if hand.first_event[2] is None else str(hand.first_event[2]),
        },
    }


def as_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as plain values (``dealer compare --json``)."""
    return {
        "a": comparison.a,
        "b": comparison.b,
        "scenarios": comparison.scenarios,
        "changed": len(comparison.changed),
        "same": comparison.same,
        "overlays": comparison.overlays,
        "changes": [
            {
                "file": change.file,
                "scenario": change.name,
                "rules": list(change.rules),
                "table": None
                if change.table is None
                else {"a": change.table[0], "b": change.table[1]},
                "hands": [hand_json(hand) for hand in change.hands],
            }
            for change in comparison.changed
        ],
    }
