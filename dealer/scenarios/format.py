"""Scenario files (format v1): a table, a deck, and hands of steps with expectations.

Reading a scenario checks everything that can be checked without playing it; any fault is a
:class:`~dealer.rules.source.SourceError` naming the file and the line. The format is documented in
docs/scenario-format.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer.core.button import draw_for_button
from dealer.core.cards import Card, CardError, parse_cards
from dealer.core.chips import ChipError, default_unit, format_chips, parse_chips
from dealer.core.deck import DeckPlan
from dealer.core.errors import did_you_mean
from dealer.core.mishaps import Mishap, MishapKind, parse_mishap
from dealer.core.positions import BUTTON, UNDER_THE_GUN
from dealer.core.ruleset import Ruleset
from dealer.core.stakes import AntePayer, Stakes, Structure
from dealer.core.steps import Step, StepError, parse_step
from dealer.core.table import SEATS, Table, TableError
from dealer.rules.data import shipped
from dealer.rules.rulesets import UnknownRuleset, load_ruleset
from dealer.rules.source import Items, Node, SourceError, check_keys, load_file, load_text
from dealer.scenarios import vocabulary

# Where autopilot may be asked to run to: a state of the procedure, or one of these words (the
# procedure data says which state each stands for: Procedure.autopilot_targets).
AUTO_TARGETS = ("deal", "flop", "turn", "river", "showdown", "end")
PLAYER_POLICIES = ("none", "check-call")
EXPECT_KEYS = tuple(vocabulary.EXPECT)


@dataclass(frozen=True, slots=True)
class Do:
    """Perform a step; ``refused`` is the refusal expected instead (the hand is then unchanged)."""

    step: Step | Mishap
    line: int
    refused: str | None = None


@dataclass(frozen=True, slots=True)
class Auto:
    """Autopilot: perform dealer steps until ``target`` state, or until a player must act."""

    target: str
    line: int
    players: str = "none"


@dataclass(frozen=True, slots=True)
class Expect:
    checks: Mapping[str, Any]
    line: int


Instruction = Do | Auto | Expect


@dataclass(frozen=True, slots=True)
class HandScript:
    plan: DeckPlan
    instructions: tuple[Instruction, ...]
    line: int
    leave: tuple[int, ...] = ()  # seats whose players leave the table before this hand


@dataclass(frozen=True, slots=True)
class Scenario:
    file: str
    name: str
    rules: tuple[str, ...]
    ruleset: Ruleset
    table: Table
    hands: tuple[HandScript, ...] = field(default=())
    skip: str | None = None  # why a --ruleset run leaves it out: written for another ruleset
    phh: Mapping[str, Any] = field(default_factory=dict)  # the imported PHH file's own fields


def _chips(node: Node, key: Any) -> Decimal:
    try:
        return parse_chips(node[key])
    except ChipError as error:
        raise node.error(key, str(error)) from None


def _cards(value: Any, where: Node | Items, key: Any) -> tuple[Card, ...]:
    words = isinstance(value, list) and all(isinstance(word, str) for word in value)
    if not isinstance(value, str) and not words:
        raise where.error(key, f"expected cards like 'As Kd', got {value!r}")
    try:
        return parse_cards(value)
    except CardError as error:
        raise where.error(key, str(error)) from None


def _stakes(table: Node, ruleset: Ruleset) -> Stakes:
    game: Any = table.get("game")
    try:
        structure = Structure(game)
    except (ValueError, TypeError):
        raise table.error("game", f"unknown game {game!r}: limit, no-limit or pot-limit") from None
    extras: dict[str, Any] = {}
    if "chip" in table:
        extras["chip_unit"] = _chips(table, "chip")
        if extras["chip_unit"] == 0:
            raise table.error("chip", "'chip' is the chip unit: an amount more than 0")
    ante_by = AntePayer.EACH
    if "ante" in table:
        ante = table["ante"]
        if isinstance(ante, Node):  # {big-blind: 200} or {button: 200}: one seat posts it all
            payers = [str(key) for key in ante]
            if len(payers) != 1 or payers[0] == AntePayer.EACH or payers[0] not in set(AntePayer):
                raise table.error(
                    "ante", "'ante' is an amount every player posts, {big-blind: X} or {button: X}"
                )
            ante_by = AntePayer(payers[0])
            extras["ante"] = _chips(ante, payers[0])
        else:
            extras["ante"] = _chips(table, "ante")
    if "straddle" in table:
        straddle = table["straddle"]
        if straddle is not False:
            plain = straddle is True or straddle == BUTTON  # twice the big blind
            if not plain and not isinstance(straddle, int | Decimal):
                raise table.error(
                    "straddle", "'straddle' is true (twice the big blind), button, or an amount"
                )
            extras["straddle"] = None if plain else _chips(table, "straddle")
    pair = {}
    for key in ("bets", "blinds"):
        if key in table:
            value = table[key]
            if not isinstance(value, Items) or len(value) != 2:
                raise table.error(key, f"'{key}' is a pair of amounts, e.g. [5, 10]")
            try:
                pair[key] = (parse_chips(value[0]), parse_chips(value[1]))
            except ChipError as error:
                raise table.error(key, str(error)) from None
            if 0 in pair[key]:
                raise table.error(key, f"'{key}' are amounts more than 0, e.g. [5, 10]")
    if structure is Structure.LIMIT:
        if "bets" not in pair:
            raise table.error("game", "a limit game needs 'bets: [small bet, big bet]'")
        small_bet, big_bet = pair["bets"]
        small, big = pair.get("blinds", (small_bet / 2, small_bet))
    else:
        if "bets" in pair:
            raise table.error("bets", f"'bets' are for limit games; a {structure} game has blinds")
        if "blinds" not in pair:
            raise table.error("game", f"a {structure} game needs 'blinds: [small, big]'")
        small, big = pair["blinds"]
        small_bet = big_bet = big
    straddle_amount = _straddle(extras, big)
    # (table key, what it is, amount): the wagers CHIP-UNIT holds to the unit; the small blind and
    # the ante are forced bets, not wagers (an odd small blind, a 10 ante at 25/50 stand).
    wagers = [
        ("blinds", "the big blind", big),
        *((("bets", "the small bet", small_bet), ("bets", "the big bet", big_bet))
          if structure is Structure.LIMIT else ()),
        ("straddle", "the straddle", straddle_amount),
    ]  # fmt: skip
    unit = extras.get("chip_unit") or default_unit(big, small)
    for key, what, amount in wagers:  # CHIP-UNIT: every wager is a whole number of the unit
        if amount % unit:
            raise table.error(
                key if key in table else "chip",
                f"{what} {format_chips(amount)} is not a whole number of the "
                f"{format_chips(unit)} chip (CHIP-UNIT)",
            )
    try:
        return Stakes(
            structure=structure,
            small_blind=small,
            big_blind=big,
            small_bet=small_bet,
            big_bet=big_bet,
            chip_unit=unit,
            ante=extras.get("ante", Decimal(0)),
            straddle=straddle_amount,
            cap_bets=ruleset.limit_cap_bets if structure is Structure.LIMIT else None,
            cap_lifted_heads_up=structure is Structure.LIMIT and ruleset.limit_cap_lifted_heads_up,
            ante_by=ante_by,
        )
    except ValueError as error:
        raise table.error("game", str(error)) from None


def _straddle(extras: Mapping[str, Any], big_blind: Decimal) -> Decimal:
    if "straddle" not in extras:
        return Decimal(0)
    amount: Decimal | None = extras["straddle"]
    return 2 * big_blind if amount is None else amount


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(doc: Node, ruleset: Ruleset) -> Table:
    table = doc.get("table")
    if not isinstance(table, Node):
        raise doc.error("table", "a scenario needs a 'table' mapping")
    check_keys(table, vocabulary.TABLE, "the table")
    seats = table.get("seats")
    if not isinstance(seats, Node) or not seats:
        raise table.error("seats", "'seats' maps seat numbers to stacks, e.g. {1: 200, 2: 200}")
    stacks: dict[int, Decimal] = {}
    for seat in seats:  # the table says which seats exist (TABLE-SIZE)
        if not _is_number(seat):
            raise seats.error(seat, f"a seat is a number from 1 to 10, not {seat!r}")
        stacks[seat] = _chips(seats, seat)
    button = table.get("button")
    if isinstance(button, Node):
        check_keys(button, ("draw",), "the button")
        seed = button.get("draw")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise table.error("button", "'button: {draw: SEED}' draws for the button with a seed")
        button, _ = draw_for_button(tuple(stacks), seed)  # BUTTON-START
    if not isinstance(button, int) or isinstance(button, bool):
        raise table.error(
            "button", "'button' is the seat holding the button, or {draw: SEED} to draw for it"
        )
    stakes = _stakes(table, ruleset)
    blinds_at = _dead_small_blind(table, ruleset, stacks, button)
    tournament = table.get("tournament", False)
    if not isinstance(tournament, bool):
        raise table.error("tournament", "'tournament' is true (a tournament table) or false")
    try:
        straddle_from = BUTTON if table.get("straddle") == BUTTON else UNDER_THE_GUN
        return Table(
            stakes, stacks, button, ruleset, blinds_at, straddle_from=straddle_from,
            tournament=tournament,
        )  # fmt: skip
    except TableError as error:
        message = str(error)
        key = "straddle" if "(STRADDLE" in message else "button" if "button" in message else "seats"
        key = "tournament" if "tournament" in message else key
        raise table.error(key, str(error)) from None


def _dead_small_blind(
    table: Node, ruleset: Ruleset, stacks: Mapping[int, Decimal], button: int
) -> tuple[int, int] | None:
    """``dead_small_blind: true``: the player due for the small blind (the seat left of the
    button) has just busted or left, so under a dead button the small blind is dead and the big
    blind goes to the player due for it, the first clockwise of the button (DEAD-BUTTON, LA 151).
    """
    flag = table.get("dead_small_blind", False)
    if flag is False:
        return None
    if flag is not True:
        raise table.error("dead_small_blind", "'dead_small_blind' is true or false")
    if not ruleset.dead_button:
        raise table.error(
            "dead_small_blind",
            f"no dead small blind under {ruleset.name}: the button moves to the next player "
            "(BUTTON); a dead button needs a ruleset with one, e.g. wsop-2024 (DEAD-BUTTON)",
        )
    small = button % max(SEATS) + 1
    if small in stacks:
        raise table.error(
            "dead_small_blind",
            f"a dead small blind sits at an empty seat: seat {small}, left of the button, "
            "has a player (DEAD-BUTTON)",
        )
    if len(stacks) < 3:
        raise table.error("dead_small_blind", "heads-up has no dead small blind (DEAD-BUTTON)")
    players = sorted(stacks)
    big = next((seat for seat in players if seat > button), players[0])
    return small, big


def _plan(node: Any, where: Node, key: str, default: DeckPlan | None) -> DeckPlan:
    if node is None:
        return default or DeckPlan()
    if not isinstance(node, Node):
        raise where.error(key, "'deck' is a mapping with 'seed', 'stacked', 'cut' and/or 'unknown'")
    check_keys(node, vocabulary.DECK, "the deck")
    seed = node.get("seed", default.seed if default else 0)
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise node.error("seed", "'seed' is a number or a word")
    stacked = None
    if "stacked" in node:
        stacked = _cards(node["stacked"], node, "stacked")
        seen: set[Card] = set()
        for card in stacked:
            if card in seen:
                raise node.error("stacked", f"card {card} appears twice in the stacked deck")
            seen.add(card)
    cut_at = node.get("cut")
    if cut_at is not None and (not _is_number(cut_at) or not 0 < cut_at < 52):
        raise node.error(
            "cut",
            "'cut' is a position from 1 to 51: a cut leaves cards in both packets (SHUFFLE-CUT)",
        )
    unknown = frozenset(_cards(node["unknown"], node, "unknown")) if "unknown" in node else None
    if unknown and not unknown <= set(stacked or ()):
        stray = sorted(unknown - set(stacked or ()), key=str)[0]
        raise node.error("unknown", f"unknown card {stray} is not in the stacked deck")
    missing: tuple[Card, ...] = default.missing if default else ()
    if "missing" in node:
        missing = _cards(node["missing"], node, "missing")
        if len(set(missing)) != len(missing):
            raise node.error("missing", "a card is named twice in 'missing'")
        both = [card for card in missing if stacked is not None and card in stacked]
        if both:
            raise node.error("missing", f"card {both[0]} is missing, yet stacked")
    return DeckPlan(
        seed=seed,
        stacked=stacked,
        cut_at=cut_at,
        unknown=unknown or frozenset(),
        missing=missing,
    )


def _step_kind(item: Node) -> str:
    """Which kind of step mapping this is (``vocabulary.STEP_KINDS``); exactly one kind."""
    kinds = [kind for kind in vocabulary.STEP_KINDS if kind in item]
    if len(kinds) > 1:
        raise item.error(kinds[1], f"a step mapping has one of step, mishap, auto or expect, "
                         f"not both {kinds[0]!r} and {kinds[1]!r}")  # fmt: skip
    if not kinds:
        first = next(iter(item), None)
        hint = did_you_mean(first, vocabulary.STEP) if first is not None else ""
        raise item.error(
            first, f"unknown step mapping key {first!r}{hint} (a step mapping has step, mishap, "
            "auto or expect)",
        )  # fmt: skip
    kind = kinds[0]
    others = [key for key in vocabulary.STEP_KINDS[kind] if key != kind]
    for key in item:
        if key != kind and key not in others:
            hint = did_you_mean(key, others) if others else f"; {kind!r} takes no other key"
            raise item.error(key, f"unknown key {key!r} beside {kind!r}{hint}")
    return kind


def _instruction(item: Any, items: Items, index: int) -> Instruction:
    line = items.line_at(index)
    try:
        if isinstance(item, str):
            return Do(parse_step(item), line)
        if isinstance(item, Node):
            kind = _step_kind(item)
            if kind == "expect":
                checks = item["expect"]
                if not isinstance(checks, Node):
                    raise item.error("expect", "'expect' is a mapping of checks")
                check_keys(checks, vocabulary.EXPECT, "expect")
                for key, value in checks.items():
                    _check_expectation(checks, key, value)
                return Expect(checks, line)
            if kind == "auto":
                target = item["auto"]
                from dealer.engine.procedure import procedure

                state = procedure().autopilot_targets.get(str(target), str(target))
                if not isinstance(target, str) or state not in procedure().states:
                    known = ", ".join(AUTO_TARGETS)
                    raise item.error(
                        "auto", f"unknown autopilot target {target!r}: {known} or a state"
                    )
                players = item.get("players", "none")
                if players not in PLAYER_POLICIES:
                    raise item.error(
                        "players", f"unknown players policy {players!r}: none or check-call"
                    )
                return Auto(state, line, players)
            refused = item.get("refused")
            if refused is not None and not isinstance(refused, str):
                raise item.error("refused", "'refused' is the refusal message expected")
            text = item[kind]
            if not isinstance(text, str):
                raise item.error(kind, f"'{kind}' is text, e.g. " + (
                    "'seat 3 call' or 'burn'" if kind == "step" else "'turn' or 'pitch 2 exposed'"
                ))  # fmt: skip
            if kind == "mishap":
                mishap = parse_mishap(text)
                noticed = item.get("noticed", "at once")
                if noticed not in ("at once", "later"):
                    raise item.error("noticed", "'noticed' is 'at once' (the default) or 'later'")
                if noticed == "later":
                    mishap = replace(mishap, noticed=False)
                if "at" in item:
                    at = item["at"]
                    if mishap.kind is not MishapKind.BOXED:
                        raise item.error("at", "'at' is for a boxed card found in the flop")
                    if not _is_number(at) or not 1 <= at <= 3:
                        raise item.error("at", "'at' is the place of the flop, 1 to 3")
                    mishap = replace(mishap, at=at)
                return Do(mishap, line, refused)
            return Do(parse_step(text), line, refused)
        raise items.error(
            index,
            f"unknown step {item!r}: a step text, or a mapping with step, mishap, auto or expect",
        )
    except StepError as error:
        raise SourceError(items.file, line, str(error)) from None


_CARD_CHECKS = ("board", "burns", "muck", "set_aside", "scrap", "stub_top")
_SEAT_CHECKS = ("hands", "stacks", "committed", "shown")
_TEXT_LISTS = ("rulings", "owed", "events", "events_end", "branches")
_SEAT_OR_NONE = ("to_act", "button", "next_button")


def _check_expectation(checks: Node, key: str, value: Any) -> None:
    """An expectation's value must be of its kind (docs/scenario-format.md, "Expectations"), checked
    at load."""
    if key in _CARD_CHECKS:
        if value is not None and value != "":
            _cards(value, checks, key)
    elif key in _SEAT_CHECKS:
        if not isinstance(value, Node):
            raise checks.error(key, f"'{key}' maps seats to {_SEAT_VALUES[key]}")
        for seat, item in value.items():
            if not _is_number(seat) or not 1 <= seat <= 10:
                raise value.error(seat, f"a seat is a number from 1 to 10, not {seat!r}")
            if key == "hands" and item is not None and item != "":
                _cards(item, value, seat)
            elif key in ("stacks", "committed"):
                _chips(value, seat)
            elif key == "shown" and not isinstance(item, str):
                raise value.error(seat, f"'shown' names a hand, e.g. 'pair of kings', not {item!r}")
    elif key == "pot":
        _chips(checks, key)
    elif key in _TEXT_LISTS:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise checks.error(key, f"'{key}' is a list of texts, e.g. [{_TEXT_EXAMPLES[key]}]")
    elif key == "folded":
        if not isinstance(value, list) or not all(_is_number(seat) for seat in value):
            raise checks.error(key, "'folded' is a list of seats, e.g. [3, 5]")
    elif key in _SEAT_OR_NONE:
        if value is not None and not _is_number(value):
            raise checks.error(key, f"'{key}' is a seat number, or null for none")
    elif key in ("stub_size", "burns_count", "scrap_count"):
        if not _is_number(value) or value < 0:
            raise checks.error(key, f"'{key}' is a number of cards, 0 or more")
    elif key == "state":
        from dealer.engine.procedure import procedure

        states = procedure().states
        if not isinstance(value, str) or value not in states:
            hint = did_you_mean(value, states)
            raise checks.error(key, f"unknown state {value!r}{hint}")
    elif key == "expected" and not isinstance(value, str):
        raise checks.error(key, "'expected' is the text a refusal would quote")


_SEAT_VALUES = {
    "hands": "cards, e.g. {1: As Kd}",
    "stacks": "amounts, e.g. {1: 98}",
    "committed": "amounts, e.g. {1: 2}",
    "shown": "hand names, e.g. {1: pair of kings}",
}
_TEXT_EXAMPLES = {
    "rulings": "TURN-PREMATURE (seed)",
    "owed": "Retrieve every card dealt",
    "events": "post 1 by seat 1 (small blind)",
    "events_end": "push 10 to seat 2",
    "branches": "BURN-ERROR: acted-on",
}


def _hands(doc: Node, default: DeckPlan) -> tuple[HandScript, ...]:
    hands = doc.get("hands")
    if "hands" in doc and "steps" in doc:
        raise doc.error("steps", "a scenario has 'steps' (one hand) or 'hands', not both")
    if hands is None and "steps" in doc:
        hands_list: list[Any] = [doc]
        lines = [doc.line_of("steps")]
    elif isinstance(hands, Items) and hands:
        hands_list, lines = list(hands), [hands.line_at(i) for i in range(len(hands))]
    else:
        raise doc.error(
            "hands", "a scenario needs 'hands' (a list of hands with 'steps') or 'steps'"
        )
    scripts = []
    for number, (hand, line) in enumerate(zip(hands_list, lines, strict=True)):
        if not isinstance(hand, Node) or not isinstance(hand.get("steps"), Items):
            raise SourceError(doc.file, line, "a hand needs a 'steps' list")
        if hand is not doc:
            check_keys(hand, vocabulary.HAND, "a hand")
        # a later hand's deck is the same physical deck: still short of the same cards
        later = DeckPlan(seed=f"{default.seed}:hand{number}", missing=default.missing)
        fallback = later if number else default
        plan = _plan(hand.get("deck"), hand, "deck", fallback)
        steps: Items = hand["steps"]
        instructions = tuple(_instruction(item, steps, i) for i, item in enumerate(steps))
        leave = hand.get("leave", [])
        if not isinstance(leave, list) or not all(
            _is_number(seat) and 1 <= seat <= 10 for seat in leave
        ):
            raise hand.error(
                "leave", "'leave' lists the seats whose players leave before this hand"
            )
        if leave and not number:
            raise hand.error("leave", "players can leave only between hands, not before the first")
        scripts.append(HandScript(plan, instructions, line, tuple(leave)))
    return tuple(scripts)


def _ruleset_name(name: str, scenario: Path) -> str:
    """A published ruleset's name, or an overlay file: relative to the scenario, else one of the
    shipped ``procedures/...`` files."""
    if not name.endswith((".yaml", ".yml")) or Path(name).is_absolute():
        return name
    if (scenario.parent / name).is_file():
        return str(scenario.parent / name)
    found = shipped(name)
    return name if found is None else str(found)


def _rules(doc: Node) -> tuple[str, ...]:
    rules = doc.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
        raise doc.error("rules", "'rules' lists the rule IDs the scenario exercises")
    if rules:
        from dealer.rules.rulebook import book

        known = book().rules
        for index, rule in enumerate(rules):
            if rule not in known:
                where = rules.line_at(index) if isinstance(rules, Items) else doc.line_of("rules")
                raise SourceError(
                    doc.file, where, f"unknown rule {rule!r} in 'rules'{did_you_mean(rule, known)}"
                )
    return tuple(rules)


def is_overlay(doc: Any) -> bool:
    """A ruleset overlay kept beside the scenarios it serves: ``extends:`` (or ``choices:``) and no
    scenario, steps or hands."""
    if not isinstance(doc, Node) or {"scenario", "steps", "hands"} & set(doc):
        return False
    return bool({"extends", "choices"} & set(doc))


def read_scenario(path: Path, ruleset_override: Ruleset | None = None) -> Scenario:
    """Read and check one scenario file.

    ``ruleset_override`` (``--ruleset``) replays the scenario under that ruleset when it names no
    ruleset, that one, or the one it extends; a scenario written for another ruleset is read but
    marked ``skip``.
    """
    scenario = read_suite_file(path, ruleset_override)
    if scenario is None:
        raise SourceError(str(path), 1, "this is a ruleset overlay, not a scenario")
    return scenario


def scenario_from_text(
    text: str, shown_as: str, ruleset_override: Ruleset | None = None
) -> Scenario:
    """A scenario held in memory (the guided ``dealer ask`` builds one), read as a file is."""
    return _scenario(load_text(text, shown_as), Path(shown_as), ruleset_override)


def read_suite_file(
    path: Path, ruleset_override: Ruleset | None = None, *, forced: bool = False
) -> Scenario | None:
    """A scenario, or ``None`` for a ruleset overlay kept among the scenarios (checked, not run).
    ``forced``: under ``ruleset_override`` whatever ruleset it names (``dealer compare``)."""
    doc = load_file(path)
    if is_overlay(doc):
        load_ruleset(str(path))
        return None
    return _scenario(doc, path, ruleset_override, forced)


def _scenario(
    doc: Any, path: Path, ruleset_override: Ruleset | None, forced: bool = False
) -> Scenario:
    if not isinstance(doc, Node):
        raise SourceError(str(path), 1, "a scenario is a mapping with scenario, table and hands")
    check_keys(doc, vocabulary.SCENARIO, "a scenario")
    name = doc.get("scenario")
    if not isinstance(name, str) or not name.strip():
        raise doc.error("scenario", "a scenario needs a name: 'scenario: ...'")
    rules = _rules(doc)
    written = doc.get("ruleset", "seed")
    if not isinstance(written, str) or not written.strip():
        raise doc.error("ruleset", "'ruleset' is seed, wsop-2024, or a house overlay file")
    try:
        declared = load_ruleset(_ruleset_name(written, path))
    except UnknownRuleset as error:  # the name is wrong here; an overlay's own errors are its own
        raise doc.error("ruleset", error.message) from None
    ruleset, skip = declared, None
    if ruleset_override is not None:
        ours = declared.name in (ruleset_override.name, ruleset_override.base)
        if forced or "ruleset" not in doc or ours:
            ruleset = ruleset_override
        else:
            skip = f"written for {declared.name}"
    default = _plan(doc.get("deck"), doc, "deck", None)
    hands = _hands(doc, default)
    if "ruleset" in doc:
        _rulings_name_their_ruleset(hands)
    return Scenario(
        file=str(path),
        name=name,
        rules=rules,
        ruleset=ruleset,
        table=_table(doc, ruleset),
        hands=hands,
        skip=skip,
        phh=_phh_fields(doc),
    )


def _phh_fields(doc: Node) -> dict[str, Any]:
    """``phh:``: the PHH fields an imported hand keeps for ``dealer export`` (texts, whole
    numbers, amounts, true/false, or lists of them), under the names PHH gives them."""
    node = doc.get("phh")
    if node is None:
        return {}
    if not isinstance(node, Node):
        raise doc.error("phh", "'phh' is a mapping of PHH field names to values")
    check_keys(node, vocabulary.PHH, "phh")
    fields: dict[str, Any] = {}
    for key in node:
        value = node[key]
        items = list(value) if isinstance(value, Items) else [value]
        if not all(isinstance(item, str | int | Decimal) for item in items):
            raise node.error(key, f"'{key}' holds {value!r}: texts, numbers or lists of them")
        fields[str(key)] = items if isinstance(value, Items) else value
    return fields


def _rulings_name_their_ruleset(hands: tuple[HandScript, ...]) -> None:
    """A bare rule ID in ``rulings:`` matches under whichever ruleset the file is replayed
    (``--ruleset``); a file that names its ruleset names it in each ruling too."""
    for script in hands:
        for instruction in script.instructions:
            checks = instruction.checks if isinstance(instruction, Expect) else None
            if not isinstance(checks, Node) or "rulings" not in checks:
                continue
            bare = [item for item in checks["rulings"] if "(" not in item]
            if bare:
                raise checks.error(
                    "rulings",
                    f"ruling {bare[0]!r} names no ruleset, but this file names one: write "
                    f"'{bare[0]} (RULESET)', or leave 'ruleset' out to match any",
                )
