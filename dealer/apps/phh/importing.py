"""``dealer import``: Poker Hand History (PHH) files in, scenario files out.

PHH is the TOML hand-history standard PokerKit reads and writes. A hold'em hand (``NT`` no-limit,
``FT`` fixed limit, and ``PT`` pot-limit, a code PHH does not define yet) becomes one scenario:
the seats and stacks, the blinds and antes (every player's, the big blind's or the button's),
the deck stacked in the order a dealer deals it (hole cards one at a time clockwise from the
small blind, two rounds, then a burn before each street, DEAL-ORDER and BURN), every action, and
the board and final stacks the file records as expectations. The cards a player shows (``p1 sm
8dAs``) are that player's hole cards. Cards the file does not know (``????`` never shown, the
burns) are stood in for by unused cards listed under the deck's ``unknown``: they are dealt, so
that every card is audited, but never decide a pot. A showdown whose result depends on them is
not played: the scenario stops at the showdown and the import says whose cards decide it.

Every field is checked and bounded before it is used (amounts of at most 15 digits before the
point and 6 after, at most 10 players, 500 actions, texts of 200 characters), and every scenario
is replayed before it is written: a hand the rules would not play as recorded is refused at the
line of the action or field concerned, never written.

PHH lists the players from the small blind clockwise to the button (heads-up: the big blind,
then the button), and reverses the blinds and antes heads-up; the importer follows both.

>>> text = '''
... variant = "NT"
... antes = [0, 200, 0]
... blinds_or_straddles = [100, 200, 0]
... min_bet = 200
... starting_stacks = [5000, 5000, 5000]
... actions = ["d dh p1 AsAh", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
...            "d db 2c7d9h", "p1 cbr 600", "p2 f"]
... finishing_stacks = [5400, 4600, 5000]
... '''
>>> print(convert(parse_phh(text, "hand.phh"), "hand.phh"))  # doctest: +ELLIPSIS
# Imported from hand.phh (PHH variant NT) by dealer import.
# Unknown cards (the file does not know them; deck 'unknown'): seat 2 hole cards, seat 3 hole cards,
# burns.
scenario: "hand.phh"
rules: [DEAL-ORDER, BURN, ANTE, BLINDS, SHOWDOWN]
ruleset: wsop-2024
table:
  game: no-limit
  blinds: [100, 200]
  ante: {big-blind: 200}
  chip: 100
  button: 3
  seats: {1: 5000, 2: 5000, 3: 5000}
deck:
  stacked: "As 2d 2h Ah 2s 3c  3d 2c 7d 9h"
  unknown: "2d 2h 2s 3c 3d"
steps:
  - auto: deal
  - seat 3 fold
  - seat 1 call
  - seat 2 check
  - auto: flop
  - seat 1 bet 600
  - seat 2 fold
  - auto: end
  - expect:
      state: done
      stacks: {1: 5400, 2: 4600, 3: 5000}
      board: 2c 7d 9h
"""

from __future__ import annotations

import bisect
import datetime
import json
import os
import re
import stat
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer.core.betting import Move
from dealer.core.cards import Card, CardError, full_deck, parse_card
from dealer.core.chips import default_unit, exact_gcd, format_chips
from dealer.core.events import Kind
from dealer.core.positions import clockwise_from
from dealer.core.steps import PlayerAction

if TYPE_CHECKING:
    from dealer.scenarios.replay import HandReport

GAMES = {"NT": "no-limit", "FT": "limit", "PT": "pot-limit"}
OTHER_VARIANTS = {
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
RULESET = "wsop-2024"  # ten seats, the dead button and the straddles a recorded table may have
MAX_SEATS = 10
MAX_ACTIONS = 500  # a hold'em hand of ten players needs far fewer
MAX_TEXT = 200  # characters in a name, a venue, an action
MAX_BYTES = 16 * 2**20  # the dataset's largest .phhs file is under 1 MB
STREETS = {3: "flop", 4: "turn", 5: "river"}  # board cards out -> the street to bet
_PLACES = Decimal("0.000001")  # amounts have at most 6 digits after the point (as in scenarios)
_AMOUNT_TEXT = re.compile(r"[0-9]{1,15}(\.[0-9]{1,6})?")
_KEY_TEXT = re.compile(r"[A-Za-z0-9_.-]{1,64}")
# The PHH fields an imported hand keeps (``phh:`` in the scenario) and their kinds.
_TEXT_FIELDS = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time_zone", "time_zone_abbreviation", "currency", "currency_symbol",
)  # fmt: skip
_WHOLE_FIELDS = {"day": (1, 31), "month": (1, 12), "year": (1, 9999), "level": (0, 10**6)}


class PhhError(ValueError):
    """A PHH file that cannot become a scenario: ``file:line: what is wrong``. ``internal``: the
    scenario made from it failed for a reason that is the tool's fault, not the file's."""

    def __init__(self, file: str, line: int, message: str, *, internal: bool = False) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message, self.internal = file, line, message, internal


@dataclass(frozen=True, slots=True)
class Phh:
    """A parsed PHH hand: its fields, and the text to find a field's line in (``first`` to
    ``last``: the lines of its table in a ``.phhs`` file)."""

    fields: Mapping[str, Any]
    text: str
    file: str
    first: int = 1
    last: int | None = None
    key: str | None = None  # the hand's table name in a .phhs file
    lines: Sequence[str] = ()  # the file's lines, split once for all its hands

    def error(self, key: str, message: str) -> PhhError:
        return PhhError(self.file, self.line_of(key), message)

    def _lines(self, start: int | None = None) -> Iterator[tuple[int, str]]:
        lines = self.lines or self.text.splitlines()
        end = len(lines) if self.last is None else min(self.last, len(lines))
        for number in range(max(start or self.first, self.first), end + 1):
            yield number, lines[number - 1]

    def line_of(self, key: str) -> int:
        for number, line in self._lines():
            if line.split("=", 1)[0].strip() == key:
                return number
        return self.first

    def action_line(self, index: int) -> int:
        """The line of action ``index``: the first line, at or after the earlier actions' lines,
        that holds its text (one pass over the lines)."""
        actions = self.fields.get("actions")
        line = self.line_of("actions")
        if not isinstance(actions, list):
            return line
        for number, action in enumerate(actions[: index + 1]):
            found = next((n for n, text in self._lines(line) if str(action) in text), None)
            if found is None:
                return line  # written otherwise in the file (escapes): the last line found
            if number == index:
                return found
            line = found
        return line


@dataclass(frozen=True, slots=True)
class Imported:
    """One PHH hand as a scenario: its text and what the import tells the user about it."""

    text: str
    notices: tuple[str, ...] = ()


def parse_phh(text: str, file: str) -> Phh:
    """Read one PHH hand (TOML; numbers as exact decimals)."""
    return Phh(_toml(text, file), text, file, lines=tuple(text.splitlines()))


def parse_phhs(text: str, file: str) -> list[Phh]:
    """Read a ``.phhs`` file: several hands, each a TOML table (``[1]``, ``[2]``, ...)."""
    document = _toml(text, file)
    lines = tuple(text.splitlines())
    headers = {
        match.group(1).strip().strip("'\""): number
        for number, line in enumerate(lines, start=1)
        if (match := re.fullmatch(r"\s*\[([^\[\]]+)\]\s*(#.*)?", line))
    }
    starts = sorted(headers.values())
    hands = []
    for key, fields in document.items():
        first = headers.get(key, 1)
        if not isinstance(fields, dict):
            raise PhhError(file, first, f"'{key}' is no hand: a .phhs file is a list of tables")
        after = bisect.bisect_right(starts, first)
        last = starts[after] - 1 if after < len(starts) else None
        hands.append(Phh(fields, text, file, first, last, key, lines))
    if not hands:
        raise PhhError(file, 1, "no hands: a .phhs file holds tables [1], [2], ...")
    return hands


def _toml(text: str, file: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        line = getattr(error, "lineno", None) or _line_in(str(error))
        raise PhhError(file, line, f"not a PHH (TOML) file: {error}") from None
    except (ValueError, RecursionError) as error:  # an integer of thousands of digits, nesting
        raise PhhError(file, 1, f"not a PHH (TOML) file: {type(error).__name__}") from None


def _line_in(message: str) -> int:
    """The line a TOML error message names ("... (at line 3, column 5)")."""
    marker = "line "
    if marker in message:
        digits = message.split(marker, 1)[1].split(",")[0].split(")")[0]
        if digits.isdigit():
            return int(digits)
    return 1


# -- fields ------------------------------------------------------------------------------------


def _amount(phh: Phh, key: str, value: Any) -> Decimal:
    """An amount, bounded as a scenario's are (15 digits before the point, 6 after)."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise phh.error(key, f"'{key}' holds {_shown(value)}, not an amount")
    if isinstance(value, int):
        if not 0 <= value < 10**15:
            raise phh.error(key, f"'{key}' holds {_shown(value)}: amounts are 0 to 15 digits")
        return Decimal(value)
    if value.is_infinite() or value.is_nan():
        raise phh.error(
            key,
            f"'{key}' holds {value}: an unknown ({value}) amount cannot be played; "
            "dealer needs every stack and bet",
        )
    if value < 0:
        raise phh.error(key, f"'{key}' holds {_shown(value)}: amounts are not negative")
    if value.adjusted() >= 15:
        raise phh.error(key, f"'{key}' holds {_shown(value)}: more than 15 digits before the point")
    if value != value.quantize(_PLACES):
        raise phh.error(key, f"'{key}' holds {_shown(value)}: more than 6 digits after the point")
    return value


def _shown(value: Any) -> str:
    """A value for an error message, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _text(phh: Phh, key: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT or not value.isprintable():
        raise phh.error(key, f"'{key}' is a text of at most {MAX_TEXT} printable characters")
    return value


def _list(phh: Phh, key: str, players: int) -> list[Any]:
    value = phh.fields.get(key)
    if not isinstance(value, list) or len(value) != players:
        raise phh.error(key, f"'{key}' lists one value for each of the {players} players")
    return value


def _by_player(phh: Phh, key: str, players: int) -> list[Decimal]:
    """A per-player field in any PHH form: one amount for all, a list, or a table by index
    (``-1`` for the last player)."""
    value = phh.fields.get(key, 0)
    if isinstance(value, list):
        if len(value) != players:
            raise phh.error(key, f"'{key}' has {len(value)} entries for {players} players")
        return [_amount(phh, key, item) for item in value]
    if isinstance(value, dict):
        amounts = [Decimal(0)] * players
        for index, item in value.items():
            text = str(index)
            if not re.fullmatch(r"-?[0-9]{1,2}", text) or not -players <= int(text) < players:
                raise phh.error(key, f"'{key}' names player index {_shown(index)}")
            amounts[int(text)] = _amount(phh, key, item)
        return amounts
    return [_amount(phh, key, value)] * players


def _effective(amounts: list[Decimal]) -> list[Decimal]:
    """What each player posts: PHH reverses blinds and antes heads-up."""
    return amounts[::-1] if len(amounts) == 2 else amounts


def _kept_fields(phh: Phh, players: int) -> dict[str, Any]:
    """The optional PHH fields the scenario keeps for the round trip, each checked."""
    fields, kept = phh.fields, dict[str, Any]()
    for key in _TEXT_FIELDS:
        if key in fields:
            kept[key] = _text(phh, key, fields[key])
    for key, (low, high) in _WHOLE_FIELDS.items():
        if key in fields:
            value = fields[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise phh.error(key, f"'{key}' is a whole number from {low} to {high}")
            kept[key] = value
    if "time" in fields:
        value = fields["time"]
        if not isinstance(value, datetime.time) or value.tzinfo is not None:
            raise phh.error("time", "'time' is a local time (hh:mm:ss)")
        kept["time"] = value.isoformat()
    for key in ("hand", "table"):
        if key in fields:
            value = fields[key]
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**18:
                kept[key] = value
            else:
                kept[key] = _text(phh, key, value)
    if "players" in fields:
        kept["players"] = [_text(phh, "players", name) for name in _list(phh, "players", players)]
    if "ante_trimming_status" in fields:
        if not isinstance(fields["ante_trimming_status"], bool):
            raise phh.error("ante_trimming_status", "'ante_trimming_status' is true or false")
        kept["ante_trimming_status"] = fields["ante_trimming_status"]
    if "time_limit" in fields:
        kept["time_limit"] = _amount(phh, "time_limit", fields["time_limit"])
    if "time_banks" in fields:
        banks = _list(phh, "time_banks", players)
        kept["time_banks"] = [_amount(phh, "time_banks", bank) for bank in banks]
    if "seat_count" in fields:
        count = fields["seat_count"]
        if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= MAX_SEATS:
            raise phh.error("seat_count", "'seat_count' is a whole number from 2 to 10")
        if count < players:
            raise phh.error(
                "seat_count", f"'seat_count' {count}: fewer seats than {players} players"
            )
        kept["seat_count"] = count
    for key in ("finishing_stacks", "winnings"):
        if key in fields:
            for item in _list(phh, key, players):
                _amount(phh, key, item)
    return kept


@dataclass
class _Street:
    """Bets of the betting round under way, to tell a check from a call and a bet from a raise."""

    bets: list[Decimal]
    high: Decimal


@dataclass
class _Record:
    """What the actions say: hole cards, board, steps (each with the action it came from), who
    folded, showed and mucked, the bets that make the chip unit."""

    holes: list[list[Card | None]]
    board: list[Card | None] = field(default_factory=list)
    steps: list[tuple[str, int]] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    mucked: list[int] = field(default_factory=list)
    bets: list[Decimal] = field(default_factory=list)


def convert(phh: Phh, name: str) -> str:
    """The scenario text (YAML) for one PHH hand (checked by replaying it)."""
    return import_hand(phh, name).text


def import_hand(phh: Phh, name: str) -> Imported:
    """One PHH hand as a scenario, replayed before it is returned: a hand that would not play as
    recorded raises :class:`PhhError` at the line concerned."""
    text, origins, notices, seats = _scenario(phh, name)
    report = _verify(phh, text, name, origins)
    if "finishing_stacks" in phh.fields or report.final.get("state") != "done":
        return Imported(text, tuple(notices))
    # No final stacks recorded: the hand is still held to its end, and to the recorded winnings
    # (the chips each player took from the pots) where the file has them.
    lines = ["  - expect:", "      state: done"]
    winnings = phh.fields.get("winnings")
    if isinstance(winnings, list):
        won = dict.fromkeys(seats, Decimal(0))
        for event in report.events:
            if event.kind is Kind.PUSH and event.seat in won and event.amount is not None:
                won[event.seat] += event.amount
        recorded = [_amount(phh, "winnings", value) for value in winnings]
        if [won[seat] for seat in seats] == recorded:
            stacks = report.final["stacks"]
            lines.append("      stacks: {" + ", ".join(
                f"{seat}: {stacks[seat]}" for seat in sorted(stacks)) + "}")  # fmt: skip
        else:
            got = ", ".join(format_chips(won[seat]) for seat in seats)
            notices.append(
                f"the file's winnings differ from the pots as dealt ({got}): rake, or another "
                "result; no final stacks are expected"
            )
    return Imported(text + "\n" + "\n".join(lines), tuple(notices))


def _scenario(phh: Phh, name: str) -> tuple[str, dict[int, int | str], list[str], list[int]]:
    """The scenario text, where each of its lines came from (an action's index or a field's
    name), the notices for the user, and the players' seats in PHH order."""
    # the name goes into a comment and a quoted text: no line break or control character
    name = "".join(char if char.isprintable() else "?" for char in name)
    fields = phh.fields
    variant = fields.get("variant")
    if not isinstance(variant, str) or variant not in GAMES:
        known = OTHER_VARIANTS.get(variant) if isinstance(variant, str) else None
        what = f"{_shown(variant)} ({known})" if known else _shown(variant)
        raise phh.error(
            "variant",
            f"variant {what} is not Texas hold'em: dealer imports NT (no-limit), "
            "FT (fixed limit) and PT (pot-limit) hands",
        )
    game = GAMES[variant]
    stacks_raw = fields.get("starting_stacks")
    if not isinstance(stacks_raw, list) or len(stacks_raw) < 2:
        raise phh.error("starting_stacks", "'starting_stacks' lists two or more stacks")
    players = len(stacks_raw)
    if players > MAX_SEATS:
        raise phh.error("starting_stacks", f"{players} players: a table seats at most 10")
    stacks = [_amount(phh, "starting_stacks", value) for value in stacks_raw]
    if any(stack <= 0 for stack in stacks):
        raise phh.error("starting_stacks", "every starting stack must be more than zero")
    kept = _kept_fields(phh, players)
    antes = _effective(_by_player(phh, "antes", players))
    blinds = _effective(_by_player(phh, "blinds_or_straddles", players))
    notes: list[str] = []
    table = _stakes(phh, game, antes, blinds, players, notes)
    one_payer = len(set(antes)) > 1  # a big-blind or button ante
    if one_payer and kept.get("ante_trimming_status") is True:
        raise phh.error(
            "ante_trimming_status",
            "ante_trimming_status is true with a big-blind or button ante: PHH keeps it false "
            "for antes that differ, and the ante is dead money for the main pot (ANTE)",
        )
    if one_payer and any(
        ante > 0 and stack < blind + ante
        for stack, blind, ante in zip(stacks, blinds, antes, strict=True)
    ):
        notes.append("The ante payer is short: it posts its blind before its ante (ANTE); a table")
        notes.append("that took the ante first would have a short blind and other final stacks.")
    seats = _seats(phh, players, notes, kept)
    button = seats[-1]
    record = _actions(phh, seats, stacks, antes, blinds, game)
    live = [player for player in range(players) if player not in record.folded]
    mucked = record.mucked if len(live) > 1 else []  # a muck at the showdown, not a winner's
    contenders = [player for player in live if player not in mucked]
    # a record may stop before the hand ends (PHH allows it): so does the scenario, and no card
    # the record does not have decides anything
    complete = len(live) == 1 or len(record.board) == 5
    undecided: list[int] = []
    if not complete:
        mucked = []
    elif len(contenders) > 1:
        undecided = [p for p in contenders if None in record.holes[p] or not record.holes[p]]
        if None in record.board:
            undecided = undecided or contenders
    elif mucked and not contenders:
        undecided = list(mucked)
    if mucked and MUCK_STEP is None:
        undecided += mucked  # no muck step: the engine would show every hand
    deck, unknown, filled = _deck(phh, record.holes, record.board, seats)
    notices: list[str] = []
    if undecided:
        who = ", ".join(f"seat {seats[p]}" for p in sorted(set(undecided)))
        if mucked and MUCK_STEP is None:
            why = "a hand mucked at the showdown (the engine shows every hand there) or cards"
            notices.append(f"the showdown is not played: it depends on {who} ({why} nobody showed)")
        else:
            notices.append(f"the showdown is not played: it depends on cards nobody showed ({who})")
    finishing = fields.get("finishing_stacks")
    lines = [f"# Imported from {name} (PHH variant {variant}) by dealer import."]
    if filled:
        lines += _wrap("# Unknown cards (the file does not know them; deck 'unknown'): "
                       + ", ".join(filled) + ".")  # fmt: skip
    lines += [f"# {note}" for note in notes]
    lines += [line for notice in notices for line in _wrap(f"# Not played: {notice}.")]
    if not complete:
        lines.append("# The record stops before the hand ends: so does the scenario.")
    rules = ["DEAL-ORDER", "BURN"]
    if any(antes):
        rules.append("ANTE")
    rules += ["BLINDS", "SHOWDOWN"]
    if mucked and MUCK_STEP is not None:
        rules.append("SHOWDOWN-MUCK")
    lines += [
        f"scenario: {_quote(name)}",
        f"rules: [{', '.join(rules)}]",
        f"ruleset: {RULESET}",
        "table:",
        f"  game: {game}",
        *table,
        f"  chip: {format_chips(_unit(phh, blinds, record.bets))}",
        f"  button: {button}",
        "  seats: {" + ", ".join(
            f"{seat}: {format_chips(stack)}"
            for seat, stack in sorted(zip(seats, stacks, strict=True))
        ) + "}",
        "deck:",
        f'  stacked: "{deck}"',
    ]  # fmt: skip
    if unknown:
        lines.append(f'  unknown: "{" ".join(str(card) for card in unknown)}"')
    if kept:
        lines.append("phh:")
        lines += [f"  {key}: {_yaml(value)}" for key, value in kept.items()]
    origins: dict[int, int | str] = {}
    lines.append("steps:")
    for step, origin in record.steps:
        lines.append(f"  - {step}")
        origins[len(lines)] = origin
    if undecided:
        lines.append("  - auto: showdown")  # the pot is not pushed
        origins[len(lines)] = "actions"
        return "\n".join(lines), origins, notices, seats
    if mucked and MUCK_STEP is not None:
        lines.append("  - auto: showdown")
        for player in mucked:
            lines.append(f"  - {MUCK_STEP.format(seat=seats[player])}")
            origins[len(lines)] = "actions"
    if complete:
        lines.append("  - auto: end")
        origins[len(lines)] = "actions"
    # A file may stop before the hand ends: only its recorded result makes the hand "done".
    expect = []
    if finishing is not None:
        final = [_amount(phh, "finishing_stacks", value) for value in finishing]
        pairs = sorted(zip(seats, final, strict=True))
        expect.append("      state: done")
        expect.append(
            "      stacks: {"
            + ", ".join(f"{seat}: {format_chips(stack)}" for seat, stack in pairs)
            + "}"
        )
    known_board = [card for card in record.board if card is not None]
    if known_board and len(known_board) == len(record.board):
        expect.append(f"      board: {' '.join(str(card) for card in known_board)}")
    if expect:
        lines.append("  - expect:")
        for line in expect:
            lines.append(line)
            origins[len(lines)] = "finishing_stacks"
    return "\n".join(lines), origins, notices, seats


# The scenario step for a hand mucked unshown at the showdown (SHOWDOWN-MUCK: dead, no claim to
# any pot); ``None`` would leave a showdown with a recorded muck unplayed.
MUCK_STEP: str | None = "seat {seat} mucks"


def _verify(phh: Phh, text: str, name: str, origins: Mapping[int, int | str]) -> HandReport:
    """Replay the scenario: a hand refused or not ending as recorded is the file's error, at the
    line of the action (or the field) the failing step came from."""
    from dealer.rules.source import SourceError
    from dealer.scenarios.failures import FAILURE_JOIN, describe
    from dealer.scenarios.format import scenario_from_text
    from dealer.scenarios.replay import replay

    try:
        scenario = scenario_from_text(text, name)
    except SourceError as error:
        origin = origins.get(error.line, "actions")
        raise _at(phh, origin, f"the hand cannot be a scenario: {error.message}") from None
    result = replay(scenario)
    if result.passed:
        return result.hands[0]
    first, *rest = result.failures
    origin = "actions" if first.internal else origins.get(first.line, "actions")
    message = FAILURE_JOIN.join([describe(first), *map(str, rest)])
    if origin == "finishing_stacks":
        message = f"the hand played by the rules ends otherwise than recorded: {message}"
    else:
        message = f"the hand does not play as recorded: {message}"
    refused = _at(phh, origin, message)
    refused.internal = result.internal
    raise refused


def _at(phh: Phh, origin: int | str, message: str) -> PhhError:
    if isinstance(origin, int):
        actions = phh.fields.get("actions", [])
        return PhhError(phh.file, phh.action_line(origin), f"{actions[origin]!r}: {message}")
    return phh.error(origin, message)


def _stakes(
    phh: Phh,
    game: str,
    antes: list[Decimal],
    blinds: list[Decimal],
    players: int,
    notes: list[str],
) -> list[str]:
    """The table's stake lines: bets, blinds, straddle and ante."""
    small, big = _blind_pair(blinds, players)
    key = "blinds_or_straddles"
    if big <= 0 and small > 0 and players > 2:
        raise phh.error(
            key,
            "the second player posts no big blind: a dead small blind (DEAD-BUTTON) or another "
            "dead-blind layout cannot be imported from PHH",
        )
    if big <= 0:
        raise phh.error(key, "a hold'em hand needs a big blind")
    if small <= 0:
        raise phh.error(
            key, "no small blind: a dead small blind (DEAD-BUTTON) cannot be imported from PHH"
        )
    if small > big:
        raise phh.error(
            key,
            f"the small blind ({format_chips(small)}) is more than the big blind "
            f"({format_chips(big)})",
        )
    lines: list[str] = []
    if game == "limit":
        small_bet = _amount(phh, "small_bet", phh.fields.get("small_bet"))
        big_bet = _amount(phh, "big_bet", phh.fields.get("big_bet"))
        if small_bet <= 0 or big_bet < small_bet:
            raise phh.error("big_bet", "the small bet is more than zero and the big bet no less")
        lines.append(f"  bets: [{format_chips(small_bet)}, {format_chips(big_bet)}]")
    else:
        min_bet = phh.fields.get("min_bet")
        if min_bet is not None and _amount(phh, "min_bet", min_bet) != big:
            notes.append("The file's min_bet differs from the big blind; the big blind is used.")
    lines.append(f"  blinds: [{format_chips(small)}, {format_chips(big)}]")
    rest = blinds[2:] if players > 2 else []
    for offset, amount in enumerate(rest):
        if 0 < amount <= big:
            raise phh.error(
                key,
                f"player {offset + 3} posts {format_chips(amount)}, no more than the big blind: "
                "a dead or posted blind, which cannot be imported",
            )
    if any(rest):
        if players > 3 and rest[0] > 0 and not any(rest[1:]):
            lines.append(f"  straddle: {format_chips(rest[0])}")  # under the gun
        elif players > 3 and rest[-1] == 2 * big and not any(rest[:-1]):
            lines.append("  straddle: button")
        else:
            raise phh.error(
                key,
                "only one straddle, under the gun or (twice the big blind) on the button, "
                "can be imported",
            )
    lines.extend(_ante(phh, antes, players))
    return lines


def _ante(phh: Phh, antes: list[Decimal], players: int) -> list[str]:
    """Every player's ante, the big blind's (ANTE) or the button's."""
    paying = [index for index, amount in enumerate(antes) if amount > 0]
    if not paying:
        return []
    if len(paying) == players and len(set(antes)) == 1:
        return [f"  ante: {format_chips(antes[0])}"]
    big_blind, button = (0, 1) if players == 2 else (1, players - 1)
    if paying == [big_blind]:
        return [f"  ante: {{big-blind: {format_chips(antes[big_blind])}}}"]
    if paying == [button]:
        return [f"  ante: {{button: {format_chips(antes[button])}}}"]
    raise phh.error(
        "antes", "antes must be the same for every player, or the big blind's or the button's"
    )


def _seats(phh: Phh, players: int, notes: list[str], kept: dict[str, Any]) -> list[int]:
    """Each player's seat: the file's ``seats`` when they go clockwise from the small blind to
    the button, else 1 to N (the header says so; the file's seats are kept for export)."""
    plain = list(range(1, players + 1))
    if "seats" not in phh.fields:
        return plain
    given = _list(phh, "seats", players)
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 < s < 10**6 for s in given):
        raise phh.error("seats", "'seats' lists whole seat numbers")
    if len(set(given)) != players:
        raise phh.error("seats", "'seats' names a seat twice")
    if max(given) > kept.get("seat_count", max(given)):
        raise phh.error("seats", f"a seat is beyond the table's {kept['seat_count']} seats")
    ok = all(1 <= seat <= MAX_SEATS for seat in given)
    if ok and list(clockwise_from(given, after=given[-1])) == given:
        return list(given)
    notes.append("The file's seats are not in clockwise order from the small blind (or not 1-10):")
    notes.append("the players sit in seats 1 to N in the file's order.")
    kept["seats"] = list(given)
    return plain


def _cards(phh: Phh, text: str, where: int) -> list[Card | None]:
    """``AsKd`` or ``????``: two characters a card, ``None`` for an unknown one."""
    if len(text) % 2 or not text:
        raise _at(phh, where, f"{text!r} is no list of cards (two characters each)")
    cards: list[Card | None] = []
    for start in range(0, len(text), 2):
        chunk = text[start : start + 2]
        if chunk == "??":
            cards.append(None)
            continue
        try:
            cards.append(parse_card(chunk))
        except CardError as error:
            raise _at(phh, where, f"bad card {chunk!r}: {error}") from None
    return cards


def _actions(
    phh: Phh,
    seats: list[int],
    stacks: list[Decimal],
    antes: list[Decimal],
    blinds: list[Decimal],
    game: str,
) -> _Record:
    """The hole cards, the board, the scenario steps and the showdown the actions make."""
    actions = phh.fields.get("actions")
    if not isinstance(actions, list) or not all(isinstance(item, str) for item in actions):
        raise phh.error("actions", "'actions' is a list of action strings")
    if len(actions) > MAX_ACTIONS:
        raise phh.error("actions", f"{len(actions)} actions: a hand has at most {MAX_ACTIONS}")
    for index, action in enumerate(actions):
        if len(action) > MAX_TEXT:
            raise _at(phh, index, f"an action has at most {MAX_TEXT} characters")
    players = len(seats)
    record = _Record(holes=[[] for _ in seats])
    each = len(set(antes)) == 1  # every player antes, before the blinds; else one seat after
    live = [
        min(stack - (ante if each else Decimal(0)), blind)
        for stack, ante, blind in zip(stacks, antes, blinds, strict=True)
    ]
    left = [
        max(stack - blind - ante, Decimal(0))
        for stack, ante, blind in zip(stacks, antes, blinds, strict=True)
    ]
    street = _Street(bets=[max(bet, Decimal(0)) for bet in live], high=max(blinds))
    record.steps.append(("auto: deal", 0))
    words_list = [action.split("#", 1)[0].split() for action in actions]
    acted = False
    for index, words in enumerate(words_list):
        if not words:
            continue
        if words[0] == "d" and len(words) == 4 and words[1] == "dh":
            player = _player(phh, words[2], players, index)
            if acted or record.holes[player]:
                raise _at(phh, index, "hole cards are dealt once to each player, before any action")
            cards = _cards(phh, words[3], index)
            if len(cards) != 2:
                raise _at(phh, index, f"{len(cards)} hole cards: hold'em deals two")
            record.holes[player] = cards
        elif words[0] == "d" and len(words) == 3 and words[1] == "db":
            acted = True
            cards = _cards(phh, words[2], index)
            expected = 3 if not record.board else 1
            if len(cards) != expected or len(record.board) >= 5:
                what = "the flop is three cards" if not record.board else "the turn and river one"
                raise _at(phh, index, f"{len(cards)} board cards: {what}, five in all")
            record.board.extend(cards)
            street = _Street(bets=[Decimal(0)] * players, high=Decimal(0))
            if len(record.board) in STREETS and _players_act_next(words_list[index + 1 :]):
                record.steps.append((f"auto: {STREETS[len(record.board)]}", index))
        elif words[0].startswith("p") and len(words) >= 2:
            acted = True
            player = _player(phh, words[0], players, index)
            step = _player_step(phh, words, player, seats[player], street, left, game, index)
            if step is not None and step.move in (Move.BET, Move.RAISE):
                record.bets.append(street.high)
            if step is not None:
                record.steps.append((str(step), index))
            _note_player(phh, words, player, record, index)
        else:
            raise _at(phh, index, "unknown action (d dh, d db, f, cc, cbr or sm in hold'em)")
    _check_cards(phh, record)
    return record


def _note_player(phh: Phh, words: list[str], player: int, record: _Record, index: int) -> None:
    """Folds, shows (the shown cards are the player's hole cards) and mucks."""
    verb = words[1]
    if verb == "f":
        record.folded.add(player)
    elif verb == "sm":
        if player in record.folded or player in record.shown or player in record.mucked:
            raise _at(phh, index, f"player {player + 1} has no hand left to show or muck")
        if len(words) == 2:
            record.mucked.append(player)
            return
        if len(words) != 3:
            raise _at(phh, index, "'sm' takes the cards shown, or nothing for a muck")
        record.shown.add(player)
        if words[2] == "-":
            return  # the cards dealt, shown as they were written
        shown = _cards(phh, words[2], index)
        dealt = record.holes[player] or [None, None]
        if len(shown) != 2:
            raise _at(phh, index, f"{len(shown)} cards shown: a hold'em hand is two")
        known = [card for card in dealt if card is not None]
        hidden = [card for card in known if card not in shown]  # behind a shown "??"
        if len(hidden) > shown.count(None) or len(set(shown) - {None}) < len(shown) - shown.count(
            None
        ):
            given = "".join(str(card) if card else "??" for card in dealt)
            raise _at(phh, index, f"player {player + 1} was dealt {given}")
        new = [card for card in shown if card is not None and card not in known]
        record.holes[player] = _placed(dealt, new)


def _placed(dealt: list[Card | None], new: list[Card]) -> list[Card | None]:
    """The dealt cards with the unknown ones replaced by the cards shown that were not known."""
    extra = iter(new)
    return [card if card is not None else next(extra, None) for card in dealt]


def _check_cards(phh: Phh, record: _Record) -> None:
    seen: set[Card] = set()
    for cards in [*record.holes, record.board]:
        for card in cards:
            if card is None:
                continue
            if card in seen:
                raise phh.error("actions", f"card {card} is dealt twice")
            seen.add(card)


def _players_act_next(rest: Sequence[list[str]]) -> bool:
    """Whether a player acts before the next board card (else autopilot runs the board out)."""
    for words in rest:
        if not words:
            continue
        if words[0] == "d":
            return False
        if len(words) >= 2 and words[1] in ("f", "cc", "cbr"):
            return True
    return False


def _player(phh: Phh, label: str, players: int, index: int) -> int:
    number = label[1:]
    if (
        label[:1] != "p"
        or not re.fullmatch(r"[0-9]{1,2}", number)
        or not 1 <= int(number) <= players
    ):
        raise _at(phh, index, f"unknown player {_shown(label)}: p1 to p{players}")
    return int(number) - 1


def _player_step(
    phh: Phh,
    words: list[str],
    player: int,
    seat: int,
    street: _Street,
    left: list[Decimal],
    game: str,
    index: int,
) -> PlayerAction | None:
    """The scenario step for one player action; ``None`` for showing or mucking (the showdown
    shows every hand still in)."""
    verb = words[1]
    if verb == "sm":
        return None
    if len(words) != (3 if verb == "cbr" else 2):
        raise _at(phh, index, "unknown action (f, cc, cbr AMOUNT or sm [CARDS] for a player)")
    if verb == "f":
        return PlayerAction(seat, Move.FOLD)
    if verb == "cc":
        owed = street.high - street.bets[player]
        if owed <= 0:
            return PlayerAction(seat, Move.CHECK)
        paid = min(owed, left[player])
        left[player] -= paid
        street.bets[player] += paid
        return PlayerAction(seat, Move.CALL)
    if verb == "cbr":
        if not _AMOUNT_TEXT.fullmatch(words[2]):
            raise _at(
                phh,
                index,
                f"{_shown(words[2])} is not an amount (digits, at most 6 after the point)",
            )
        to = Decimal(words[2])
        added = to - street.bets[player]
        if added <= 0:
            raise _at(phh, index, f"a bet or raise to {format_chips(to)} adds nothing")
        if added >= left[player]:
            street.bets[player] += left[player]
            left[player] = Decimal(0)
            street.high = max(street.high, street.bets[player])
            return PlayerAction(seat, Move.ALL_IN)
        left[player] -= added
        street.bets[player] = to
        move = Move.BET if street.high == 0 else Move.RAISE
        street.high = to
        return PlayerAction(seat, move, None if game == "limit" else to)
    raise _at(phh, index, f"unknown action {' '.join(words)!r} for hold'em")


def _deck(
    phh: Phh, holes: list[list[Card | None]], board: list[Card | None], seats: list[int]
) -> tuple[str, list[Card], list[str]]:
    """The stacked deck in the order the dealer deals it, unknown cards stood in for by unused
    ones (in the fixed order of a new deck), those cards, and whose they are."""
    known = {card for cards in (*holes, board) for card in cards if card is not None}
    spare: Iterator[Card] = (card for card in full_deck() if card not in known)
    filled: list[str] = []
    unknown: list[Card] = []

    def stand_in(label: str) -> Card:
        card = next(spare)
        unknown.append(card)
        if label not in filled:
            filled.append(label)
        return card

    hole_order: list[Card] = []
    for round_ in range(2):
        for player, cards in enumerate(holes):
            dealt = cards[round_] if cards else None
            hole_order.append(dealt or stand_in(f"seat {seats[player]} hole cards"))
    groups = [" ".join(str(card) for card in hole_order)]
    streets = [board[:3], board[3:4], board[4:5]]
    burns = []
    for cards in streets:
        if not cards:
            break
        burns.append(next(spare))
        shown = [card or stand_in("board cards") for card in cards]
        groups.append(" ".join(str(card) for card in (burns[-1], *shown)))
    if burns:
        unknown += burns
        filled.append("burns")
    return "  ".join(groups), unknown, filled


def _blind_pair(blinds: list[Decimal], players: int) -> tuple[Decimal, Decimal]:
    """The small and the big blind of PHH's ``blinds_or_straddles`` (by player)."""
    if players == 2:
        return blinds[1], blinds[0]  # the button (the second player) posts the small blind
    return blinds[0], blinds[1]


def _unit(phh: Phh, blinds: list[Decimal], bets: list[Decimal]) -> Decimal:
    """The chip unit (CHIP-UNIT): by default the smallest chip used to make the big blind; where
    the recorded wagers show a smaller chip in play (0.50/1 with a bet of 3.50), the largest chip
    that makes them all. Antes and stacks never set it: they are forced bets and may be odd."""
    small, big = _blind_pair(blinds, len(blinds))
    unit = default_unit(big, small)
    wagers = [amount for amount in bets if amount > 0]
    for key in ("small_bet", "big_bet"):
        value = phh.fields.get(key)
        if value is not None:
            wagers.append(_amount(phh, key, value))
    return exact_gcd(unit, *(amount for amount in wagers if amount > 0))


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _yaml(value: Any) -> str:
    """A kept PHH value as YAML: texts quoted, numbers and true/false bare, lists inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format_chips(value)
    if isinstance(value, list):
        return "[" + ", ".join(_yaml(item) for item in value) + "]"
    return _quote(str(value))


def _wrap(text: str, width: int = 100) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "#"
        line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


# -- files -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Planned:
    """One hand to import: where it comes from and the scenario file it becomes."""

    source: Path
    label: str  # the file, or FILE[KEY] for a hand of a .phhs file
    target: Path
    hand: Phh

    @property
    def hand_name(self) -> str:
        """``hand [KEY]: `` for a hand of a .phhs file, to begin a message with."""
        return "" if self.hand.key is None else f"hand [{self.hand.key}]: "


def phh_files(path: Path) -> list[Path]:
    """The PHH files named: a file, or a folder searched recursively (``.phh`` and ``.phhs``)."""
    if path.is_dir():
        found = [*path.rglob("*.phh"), *path.rglob("*.phhs")]
        return sorted(file for file in found if not file.is_dir())
    return [path]


def read_phh_file(path: Path) -> list[Phh]:
    """The hands of one file: a regular file of at most 16 MB, UTF-8 TOML."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise PhhError(str(path), 0, "not a regular file")
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise PhhError(str(path), 0, f"cannot read: {error.strerror}") from None
    if len(data) > MAX_BYTES:
        raise PhhError(str(path), 0, f"more than {MAX_BYTES // 2**20} MB: not a PHH file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PhhError(str(path), 1, "not a text file (UTF-8)") from None
    if path.suffix == ".phhs":
        return parse_phhs(text, str(path))
    return [parse_phh(text, str(path))]


def plan_imports(
    paths: Sequence[Path], out_dir: Path | None, *, force: bool = False
) -> tuple[list[Planned], list[PhhError]]:
    """Every hand of the files named and the scenario each becomes: beside its file, or under
    ``out_dir`` mirroring the folder given (a ``.phhs`` file's hands as ``STEM-KEY.yaml``).
    Two hands bound for one file, or a file already there (without ``force``), are errors
    naming both; those hands are left out."""
    planned: list[Planned] = []
    errors: list[PhhError] = []
    for root in paths:
        for file in phh_files(root):
            try:
                hands = read_phh_file(file)
            except PhhError as error:
                errors.append(error)
                continue
            relative = Path(file.name)
            if root.is_dir():
                relative = file.relative_to(root)
            folder = (out_dir / relative.parent) if out_dir else file.parent
            for hand in hands:
                if hand.key is None:
                    label, stem = str(file), file.stem
                else:
                    if not _KEY_TEXT.fullmatch(hand.key):
                        errors.append(
                            PhhError(
                                str(file),
                                hand.first,
                                f"hand [{_shown(hand.key)}]: its name makes the scenario's file "
                                "name: letters, digits, '_', '.' and '-'",
                            )
                        )
                        continue
                    label, stem = f"{file}[{hand.key}]", f"{file.stem}-{hand.key}"
                planned.append(Planned(file, label, folder / f"{stem}.yaml", hand))
    by_target: dict[Path, Planned] = {}
    kept: list[Planned] = []
    for item in planned:
        first = by_target.get(item.target)
        if first is not None:
            errors.append(
                PhhError(
                    str(item.source),
                    item.hand.first,
                    f"{item.hand_name}{item.target} is also the scenario of {first.label}: "
                    "rename one of the two",
                )
            )
            continue
        by_target[item.target] = item
        if item.target.exists() and not force:
            errors.append(
                PhhError(
                    str(item.source),
                    item.hand.first,
                    f"{item.hand_name}{item.target} exists: dealer import --force overwrites it",
                )
            )
            continue
        kept.append(item)
    return kept, errors


def import_planned(item: Planned) -> Imported:
    """Convert one planned hand and write its scenario."""
    name = item.source.name if item.hand.key is None else f"{item.source.name}[{item.hand.key}]"
    imported = import_hand(item.hand, name)
    try:
        item.target.parent.mkdir(parents=True, exist_ok=True)
        item.target.write_text(imported.text + "\n", encoding="utf-8")
    except OSError as error:
        raise PhhError(str(item.target), 0, f"cannot write: {error.strerror}") from None
    return imported


def import_file(path: Path, out_dir: Path | None, *, force: bool = True) -> Path:
    """Convert one single-hand PHH file; write ``NAME.yaml`` into ``out_dir`` (default: beside
    the file)."""
    planned, errors = plan_imports([path], out_dir, force=force)
    if errors:
        raise errors[0]
    import_planned(planned[0])
    return planned[0].target
