"""Scenario files (format v1): a table, a deck, and hands of steps with expectations.

Reading a scenario checks everything that can be checked without playing it; any fault is a
:class:`~dealer.rules.source.SourceError` naming the file and the line. The format is documented in
README.md ("Scenario format").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from math import gcd
from pathlib import Path
from typing import Any

from dealer.core.button import draw_for_button
from dealer.core.cards import Card, CardError, parse_cards
from dealer.core.chips import ChipError, parse_chips
from dealer.core.deck import DeckPlan
from dealer.core.mishaps import Mishap, parse_mishap
from dealer.core.positions import BUTTON, UNDER_THE_GUN
from dealer.core.ruleset import Ruleset
from dealer.core.stakes import AntePayer, Stakes, Structure
from dealer.core.steps import Step, StepError, parse_step
from dealer.core.table import SEATS, Table, TableError
from dealer.rules.rulesets import PROCEDURES, load_ruleset
from dealer.rules.source import Items, Node, SourceError, load_file

# Where autopilot may be asked to run to: a state of the procedure, or one of these words.
AUTO_TARGETS = {
    "deal": "preflop_betting",
    "flop": "flop_betting",
    "turn": "turn_betting",
    "river": "river_betting",
    "showdown": "showdown",
    "end": "done",
}
PLAYER_POLICIES = ("none", "check-call")
EXPECT_KEYS = (
    "state",
    "expected",
    "board",
    "burns",
    "muck",
    "set_aside",
    "scrap",
    "stub_top",
    "stub_size",
    "hands",
    "stacks",
    "pot",
    "committed",
    "to_act",
    "folded",
    "next_button",
    "button",
    "events",
    "events_end",
    "shown",
    "rulings",
    "owed",
)


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


def _chips(node: Node, key: Any) -> Decimal:
    try:
        return parse_chips(node[key])
    except ChipError as error:
        raise node.error(key, str(error)) from None


def _cards(value: Any, where: Node | Items, key: Any) -> tuple[Card, ...]:
    if not isinstance(value, str | list):
        raise where.error(key, f"expected cards like 'As Kd', got {value!r}")
    try:
        return parse_cards(value)
    except CardError as error:
        raise where.error(key, str(error)) from None


def _stakes(table: Node, ruleset: Ruleset) -> Stakes:
    game: Any = table.get("game")
    try:
        structure = Structure(game)
    except ValueError:
        raise table.error("game", f"unknown game {game!r}: limit, no-limit or pot-limit") from None
    extras: dict[str, Any] = {}
    if "chip" in table:
        extras["chip_unit"] = _chips(table, "chip")
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
    try:
        if structure is Structure.LIMIT:
            if "bets" not in pair:
                raise table.error("game", "a limit game needs 'bets: [small bet, big bet]'")
            small_bet, big_bet = pair["bets"]
            blinds = pair.get("blinds", (small_bet / 2, small_bet))
            stakes = Stakes(
                structure=structure,
                small_blind=blinds[0],
                big_blind=blinds[1],
                small_bet=small_bet,
                big_bet=big_bet,
                chip_unit=extras.get("chip_unit")
                or _unit(blinds[0], blinds[1], small_bet, big_bet),
                ante=extras.get("ante", Decimal(0)),
                straddle=_straddle(extras, blinds[1]),
                cap_bets=ruleset.limit_cap_bets,
                cap_lifted_heads_up=ruleset.limit_cap_lifted_heads_up,
                ante_by=ante_by,
            )
        else:
            if "blinds" not in pair:
                raise table.error("game", f"a {structure} game needs 'blinds: [small, big]'")
            small, big = pair["blinds"]
            stakes = Stakes(
                structure=structure,
                small_blind=small,
                big_blind=big,
                small_bet=big,
                big_bet=big,
                chip_unit=extras.get("chip_unit") or _unit(small, big),
                ante=extras.get("ante", Decimal(0)),
                straddle=_straddle(extras, big),
                cap_bets=None,
                ante_by=ante_by,
            )
    except ValueError as error:
        if isinstance(error, SourceError):
            raise
        raise table.error("game", str(error)) from None
    return stakes


def _straddle(extras: Mapping[str, Any], big_blind: Decimal) -> Decimal:
    if "straddle" not in extras:
        return Decimal(0)
    amount: Decimal | None = extras["straddle"]
    return 2 * big_blind if amount is None else amount


def _unit(*amounts: Decimal) -> Decimal:
    """CHIP-UNIT by default: the largest chip that makes every blind and bet exactly."""
    scale = max(0, *(-int(amount.as_tuple().exponent) for amount in amounts))
    whole = [int(amount.scaleb(scale)) for amount in amounts]
    return Decimal(gcd(*whole)).scaleb(-scale)


def _table(doc: Node, ruleset: Ruleset) -> Table:
    table = doc.get("table")
    if not isinstance(table, Node):
        raise doc.error("table", "a scenario needs a 'table' mapping")
    seats = table.get("seats")
    if not isinstance(seats, Node) or not seats:
        raise table.error("seats", "'seats' maps seat numbers to stacks, e.g. {1: 200, 2: 200}")
    stacks: dict[int, Decimal] = {}
    for seat in seats:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise seats.error(seat, f"a seat is a number from 1 to 10, not {seat!r}")
        stacks[seat] = _chips(seats, seat)
    button = table.get("button")
    if isinstance(button, Node) and set(button) == {"draw"}:
        button, _ = draw_for_button(tuple(stacks), button["draw"])  # BUTTON-START
    if not isinstance(button, int) or isinstance(button, bool):
        raise table.error(
            "button", "'button' is the seat holding the button, or {draw: SEED} to draw for it"
        )
    stakes = _stakes(table, ruleset)
    blinds_at = _dead_small_blind(table, ruleset, stacks, button)
    try:
        straddle_from = BUTTON if table.get("straddle") == BUTTON else UNDER_THE_GUN
        return Table(stakes, stacks, button, ruleset, blinds_at, straddle_from=straddle_from)
    except TableError as error:
        message = str(error)
        key = "straddle" if "(STRADDLE" in message else "button" if "button" in message else "seats"
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
        raise where.error(key, "'deck' is a mapping with 'seed', 'stacked' and/or 'cut'")
    unknown = [k for k in node if k not in ("seed", "stacked", "cut")]
    if unknown:
        raise node.error(unknown[0], f"unknown deck key {unknown[0]!r}: seed, stacked or cut")
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
    if cut_at is not None and (not isinstance(cut_at, int) or not 0 < cut_at < 52):
        raise node.error("cut", "'cut' is a position from 1 to 51")
    return DeckPlan(seed=seed, stacked=stacked, cut_at=cut_at)


def _instruction(item: Any, items: Items, index: int) -> Instruction:
    line = items.line_at(index)
    try:
        if isinstance(item, str):
            return Do(parse_step(item), line)
        if isinstance(item, Node):
            if "expect" in item:
                checks = item["expect"]
                if not isinstance(checks, Node):
                    raise item.error("expect", "'expect' is a mapping of checks")
                for key in checks:
                    if key not in EXPECT_KEYS:
                        raise checks.error(
                            key, f"unknown check {key!r}; known: {', '.join(EXPECT_KEYS)}"
                        )
                return Expect(checks, line)
            if "auto" in item:
                target = str(item["auto"])
                state = AUTO_TARGETS.get(target, target)
                from dealer.engine.procedure import procedure

                if state not in procedure().states:
                    known = ", ".join(AUTO_TARGETS)
                    raise item.error(
                        "auto", f"unknown autopilot target {target!r}: {known} or a state"
                    )
                players = str(item.get("players", "none"))
                if players not in PLAYER_POLICIES:
                    raise item.error(
                        "players", f"unknown players policy {players!r}: none or check-call"
                    )
                return Auto(state, line, players)
            if "step" in item or "mishap" in item:
                refused = item.get("refused")
                if refused is not None and not isinstance(refused, str):
                    raise item.error("refused", "'refused' is the refusal message expected")
                if "mishap" in item:
                    mishap = parse_mishap(str(item["mishap"]))
                    noticed = item.get("noticed", "at once")
                    if noticed not in ("at once", "later"):
                        raise item.error(
                            "noticed", "'noticed' is 'at once' (the default) or 'later'"
                        )
                    if noticed == "later":
                        mishap = replace(mishap, noticed=False)
                    return Do(mishap, line, refused)
                return Do(parse_step(str(item["step"])), line, refused)
        raise items.error(
            index,
            f"unknown step {item!r}: a step text, or a mapping with step, mishap, auto or expect",
        )
    except StepError as error:
        raise SourceError(items.file, line, str(error)) from None


def _hands(doc: Node, default: DeckPlan) -> tuple[HandScript, ...]:
    hands = doc.get("hands")
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
        fallback = DeckPlan(seed=f"{default.seed}:hand{number}") if number else default
        plan = _plan(hand.get("deck"), hand, "deck", fallback)
        steps: Items = hand["steps"]
        instructions = tuple(_instruction(item, steps, i) for i, item in enumerate(steps))
        leave = hand.get("leave", [])
        if not isinstance(leave, list) or not all(isinstance(seat, int) for seat in leave):
            raise hand.error(
                "leave", "'leave' lists the seats whose players leave before this hand"
            )
        if leave and not number:
            raise hand.error("leave", "players can leave only between hands, not before the first")
        scripts.append(HandScript(plan, instructions, line, tuple(leave)))
    return tuple(scripts)


def _ruleset_name(name: str, scenario: Path) -> str:
    """A published ruleset's name, or an overlay file: relative to the scenario, else the repo."""
    if not name.endswith((".yaml", ".yml")) or Path(name).is_absolute():
        return name
    for base in (scenario.parent, PROCEDURES.parent):
        if (base / name).is_file():
            return str(base / name)
    return name


def read_scenario(path: Path, ruleset_override: Ruleset | None = None) -> Scenario:
    """Read and check one scenario file.

    ``ruleset_override`` (``--ruleset``) replays the scenario under that ruleset when it names no
    ruleset, that one, or the one it extends; a scenario written for another ruleset is read but
    marked ``skip``.
    """
    doc = load_file(path)
    if not isinstance(doc, Node):
        raise SourceError(str(path), 1, "a scenario is a mapping with scenario, table and hands")
    name = doc.get("scenario")
    if not isinstance(name, str) or not name:
        raise doc.error("scenario", "a scenario needs a name: 'scenario: ...'")
    rules = doc.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
        raise doc.error("rules", "'rules' lists the rule IDs the scenario exercises")
    try:
        declared = load_ruleset(_ruleset_name(str(doc.get("ruleset", "seed")), path))
    except SourceError as error:
        raise doc.error("ruleset", error.message) from None
    ruleset, skip = declared, None
    if ruleset_override is not None:
        if "ruleset" not in doc or declared.name in (ruleset_override.name, ruleset_override.base):
            ruleset = ruleset_override
        else:
            skip = f"written for {declared.name}"
    default = _plan(doc.get("deck"), doc, "deck", None)
    return Scenario(
        file=str(path),
        name=name,
        rules=tuple(rules),
        ruleset=ruleset,
        table=_table(doc, ruleset),
        hands=_hands(doc, default),
        skip=skip,
    )
