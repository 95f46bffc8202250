"""``dealer import``: Poker Hand History (PHH) files in, scenario files out.

PHH is the TOML hand-history standard PokerKit reads and writes. A hold'em hand (``NT`` no-limit,
``FT`` fixed limit, and ``PT`` pot-limit, a code PHH does not define yet) becomes one scenario:
the seats and stacks, the blinds and antes (every player's, the big blind's or the button's),
the deck stacked in the order a dealer deals it (hole cards one at a time clockwise from the
small blind, two rounds, then a burn before each street, DEAL-ORDER and BURN), every action, and
the board and final stacks the file records as expectations. Cards the file does not know
(hole cards never shown, the burns) are filled with unused cards, and the header says which.

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
# Filled with unused cards (the file does not know them): seat 2 hole cards, seat 3 hole cards,
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

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from math import gcd
from pathlib import Path
from typing import Any

from dealer.core.cards import Card, CardError, full_deck, parse_card
from dealer.core.chips import format_chips
from dealer.core.positions import clockwise_from

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
STREETS = {3: "flop", 4: "turn", 5: "river"}  # board cards out -> the street to bet


class PhhError(ValueError):
    """A PHH file that cannot become a scenario: ``file:line: what is wrong``."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


@dataclass(frozen=True, slots=True)
class Phh:
    """A parsed PHH file: its fields, and the text to find a field's line in."""

    fields: Mapping[str, Any]
    text: str
    file: str

    def error(self, key: str, message: str) -> PhhError:
        return PhhError(self.file, self.line_of(key), message)

    def line_of(self, key: str) -> int:
        for number, line in enumerate(self.text.splitlines(), start=1):
            if line.split("=", 1)[0].strip() == key:
                return number
        return 1


def parse_phh(text: str, file: str) -> Phh:
    """Read PHH text (TOML; numbers as exact decimals)."""
    try:
        fields = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        line = getattr(error, "lineno", None) or _line_in(str(error))
        raise PhhError(file, line, f"not a PHH (TOML) file: {error}") from None
    return Phh(fields, text, file)


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
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise phh.error(key, f"'{key}' holds {value!r}, not an amount")
    amount = Decimal(value)
    if not amount.is_finite() or amount < 0:
        raise phh.error(key, f"'{key}' holds {value!r}: amounts are finite and not negative")
    return amount


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
            try:
                number = int(index)
                amounts[number] = _amount(phh, key, item)
            except (ValueError, IndexError):
                raise phh.error(key, f"'{key}' names player index {index!r}") from None
        return amounts
    return [_amount(phh, key, value)] * players


def _effective(amounts: list[Decimal]) -> list[Decimal]:
    """What each player posts: PHH reverses blinds and antes heads-up."""
    return amounts[::-1] if len(amounts) == 2 else amounts


@dataclass
class _Street:
    """Bets of the betting round under way, to tell a check from a call and a bet from a raise."""

    bets: list[Decimal]
    high: Decimal


def convert(phh: Phh, name: str) -> str:
    """The scenario text (YAML) for one PHH hand."""
    fields = phh.fields
    variant = fields.get("variant")
    if variant not in GAMES:
        known = OTHER_VARIANTS.get(str(variant))
        what = f"{variant!r} ({known})" if known else repr(variant)
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
    antes = _effective(_by_player(phh, "antes", players))
    blinds = _effective(_by_player(phh, "blinds_or_straddles", players))
    notes: list[str] = []
    table = _stakes(phh, game, antes, blinds, players, notes)
    one_payer = len(set(antes)) > 1  # a big-blind or button ante
    if one_payer and any(
        ante > 0 and stack < blind + ante
        for stack, blind, ante in zip(stacks, blinds, antes, strict=True)
    ):
        notes.append("The ante payer is short: it posts its blind before its ante (ANTE); a table")
        notes.append("that took the ante first would have a short blind and other final stacks.")
    seats = _seats(phh, players, notes)
    button = seats[-1]
    holes, board, steps = _actions(phh, seats, stacks, antes, blinds, game)
    deck, filled = _deck(phh, holes, board, seats)
    finishing = fields.get("finishing_stacks")
    lines = [f"# Imported from {name} (PHH variant {variant}) by dealer import."]
    if filled:
        lines += _wrap("# Filled with unused cards (the file does not know them): "
                       + ", ".join(filled) + ".")  # fmt: skip
    lines += [f"# {note}" for note in notes]
    rules = ["DEAL-ORDER", "BURN"]
    if any(antes):
        rules.append("ANTE")
    rules += ["BLINDS", "SHOWDOWN"]
    lines += [
        f"scenario: {_quote(name)}",
        f"rules: [{', '.join(rules)}]",
        f"ruleset: {RULESET}",
        "table:",
        f"  game: {game}",
        *table,
        f"  chip: {format_chips(_unit(phh, stacks, antes, blinds))}",
        f"  button: {button}",
        "  seats: {" + ", ".join(
            f"{seat}: {format_chips(stack)}"
            for seat, stack in sorted(zip(seats, stacks, strict=True))
        ) + "}",
        "deck:",
        f'  stacked: "{deck}"',
        "steps:",
        *[f"  - {step}" for step in steps],
        "  - auto: end",
    ]  # fmt: skip
    # A file may stop before the hand ends: only its recorded result makes the hand "done".
    expect = []
    if finishing is not None:
        if not isinstance(finishing, list) or len(finishing) != players:
            raise phh.error("finishing_stacks", f"'finishing_stacks' lists {players} stacks")
        final = [_amount(phh, "finishing_stacks", value) for value in finishing]
        pairs = sorted(zip(seats, final, strict=True))
        expect.append("      state: done")
        expect.append(
            "      stacks: {"
            + ", ".join(f"{seat}: {format_chips(stack)}" for seat, stack in pairs)
            + "}"
        )
    known_board = [card for card in board if card is not None]
    if known_board and len(known_board) == len(board):
        expect.append(f"      board: {' '.join(str(card) for card in known_board)}")
    if expect:
        lines += ["  - expect:", *expect]
    return "\n".join(lines)


def _stakes(
    phh: Phh,
    game: str,
    antes: list[Decimal],
    blinds: list[Decimal],
    players: int,
    notes: list[str],
) -> list[str]:
    """The table's stake lines: bets, blinds, straddle and ante."""
    small, big = blinds[0], blinds[1]
    if players == 2:
        small, big = blinds[1], blinds[0]  # the button (the second player) posts the small blind
    if small <= 0 or big <= 0:
        raise phh.error("blinds_or_straddles", "a hold'em hand needs a small and a big blind")
    lines: list[str] = []
    if game == "limit":
        small_bet = _amount(phh, "small_bet", phh.fields.get("small_bet"))
        big_bet = _amount(phh, "big_bet", phh.fields.get("big_bet"))
        lines.append(f"  bets: [{format_chips(small_bet)}, {format_chips(big_bet)}]")
    else:
        min_bet = phh.fields.get("min_bet")
        if min_bet is not None and _amount(phh, "min_bet", min_bet) != big:
            notes.append("The file's min_bet differs from the big blind; the big blind is used.")
    lines.append(f"  blinds: [{format_chips(small)}, {format_chips(big)}]")
    rest = blinds[2:] if players > 2 else []
    if any(rest):
        if players > 3 and rest[0] > 0 and not any(rest[1:]):
            lines.append(f"  straddle: {format_chips(rest[0])}")  # under the gun
        elif players > 3 and rest[-1] == 2 * big and not any(rest[:-1]):
            lines.append("  straddle: button")
        else:
            raise phh.error(
                "blinds_or_straddles",
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


def _seats(phh: Phh, players: int, notes: list[str]) -> list[int]:
    """Each player's seat: the file's ``seats`` when they go clockwise from the small blind to
    the button, else 1 to N (the header says so)."""
    plain = list(range(1, players + 1))
    given = phh.fields.get("seats")
    if given is None:
        return plain
    ok = (
        isinstance(given, list)
        and len(given) == players
        and all(isinstance(seat, int) and 1 <= seat <= MAX_SEATS for seat in given)
        and len(set(given)) == players
    )
    if ok and list(clockwise_from(given, after=given[-1])) == given:
        return list(given)
    notes.append("The file's seats are not in clockwise order from the small blind (or not 1-10):")
    notes.append("the players sit in seats 1 to N in the file's order.")
    return plain


def _cards(phh: Phh, text: str) -> list[Card | None]:
    """``AsKd`` or ``????``: two characters a card, ``None`` for an unknown one."""
    cards: list[Card | None] = []
    for start in range(0, len(text), 2):
        chunk = text[start : start + 2]
        if chunk == "??":
            cards.append(None)
            continue
        try:
            cards.append(parse_card(chunk))
        except CardError as error:
            raise phh.error("actions", f"bad card {chunk!r}: {error}") from None
    return cards


def _actions(
    phh: Phh,
    seats: list[int],
    stacks: list[Decimal],
    antes: list[Decimal],
    blinds: list[Decimal],
    game: str,
) -> tuple[list[list[Card | None]], list[Card | None], list[str]]:
    """The hole cards, the board and the scenario steps the actions make."""
    actions = phh.fields.get("actions")
    if not isinstance(actions, list) or not all(isinstance(item, str) for item in actions):
        raise phh.error("actions", "'actions' is a list of action strings")
    players = len(seats)
    holes: list[list[Card | None]] = [[] for _ in seats]
    board: list[Card | None] = []
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
    steps = ["auto: deal"]
    words_list = [action.split("#", 1)[0].split() for action in actions]
    for index, words in enumerate(words_list):
        if not words:
            continue
        if words[0] == "d" and len(words) == 4 and words[1] == "dh":
            holes[_player(phh, words[2], players)].extend(_cards(phh, words[3]))
        elif words[0] == "d" and len(words) == 3 and words[1] == "db":
            board.extend(_cards(phh, words[2]))
            street = _Street(bets=[Decimal(0)] * players, high=Decimal(0))
            if len(board) in STREETS and _players_act_next(words_list[index + 1 :]):
                steps.append(f"auto: {STREETS[len(board)]}")
        elif words[0].startswith("p") and len(words) >= 2:
            player = _player(phh, words[0], players)
            step = _player_step(phh, words, player, seats[player], street, left, game)
            if step is not None:
                steps.append(step)
        else:
            raise phh.error("actions", f"unknown action {actions[index]!r}")
    for player, cards in enumerate(holes):
        if len(cards) not in (0, 2):
            raise phh.error("actions", f"player {player + 1} is dealt {len(cards)} hole cards")
    if len(board) > 5:
        raise phh.error("actions", f"{len(board)} board cards: hold'em has five")
    return holes, board, steps


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


def _player(phh: Phh, label: str, players: int) -> int:
    if label[:1] != "p" or not label[1:].isdigit() or not 1 <= int(label[1:]) <= players:
        raise phh.error("actions", f"unknown player {label!r}: p1 to p{players}")
    return int(label[1:]) - 1


def _player_step(
    phh: Phh,
    words: list[str],
    player: int,
    seat: int,
    street: _Street,
    left: list[Decimal],
    game: str,
) -> str | None:
    """The scenario step for one player action; ``None`` for showing or mucking (the showdown
    shows every hand still in)."""
    verb = words[1]
    if verb == "sm":
        return None
    if verb == "f":
        return f"seat {seat} fold"
    if verb == "cc":
        owed = street.high - street.bets[player]
        if owed <= 0:
            return f"seat {seat} check"
        paid = min(owed, left[player])
        left[player] -= paid
        street.bets[player] += paid
        return f"seat {seat} call"
    if verb == "cbr" and len(words) == 3:
        to = _amount(phh, "actions", Decimal(words[2]) if _is_number(words[2]) else words[2])
        added = to - street.bets[player]
        if added >= left[player]:
            street.bets[player] += left[player]
            left[player] = Decimal(0)
            street.high = max(street.high, street.bets[player])
            return f"seat {seat} all-in"
        left[player] -= added
        street.bets[player] = to
        move = "bet" if street.high == 0 else "raise"
        street.high = to
        return (
            f"seat {seat} {move}" if game == "limit" else f"seat {seat} {move} {format_chips(to)}"
        )
    raise phh.error("actions", f"unknown action {' '.join(words)!r} for hold'em")


def _is_number(text: str) -> bool:
    try:
        Decimal(text)
    except ArithmeticError:
        return False
    return True


def _deck(
    phh: Phh, holes: list[list[Card | None]], board: list[Card | None], seats: list[int]
) -> tuple[str, list[str]]:
    """The stacked deck in the order the dealer deals it, unknown cards filled with unused ones
    (in the fixed order of a new deck), and what was filled."""
    known = [card for cards in holes for card in cards if card is not None]
    known += [card for card in board if card is not None]
    seen: set[Card] = set()
    for card in known:
        if card in seen:
            raise phh.error("actions", f"card {card} is dealt twice")
        seen.add(card)
    spare: Iterator[Card] = (card for card in full_deck() if card not in seen)
    filled: list[str] = []
    hole_order: list[Card] = []
    for round_ in range(2):
        for player, cards in enumerate(holes):
            dealt = cards[round_] if cards else None
            if dealt is None:
                dealt = next(spare)
                label = f"seat {seats[player]} hole cards"
                if label not in filled:
                    filled.append(label)
            hole_order.append(dealt)
    groups = [" ".join(str(card) for card in hole_order)]
    streets = [board[:3], board[3:4], board[4:5]]
    for cards in streets:
        if not cards:
            break
        burn = next(spare)
        shown: list[Card] = []
        for known_card in cards:
            if known_card is None:
                known_card = next(spare)
                if "board cards" not in filled:
                    filled.append("board cards")
            shown.append(known_card)
        groups.append(" ".join(str(card) for card in (burn, *shown)))
    if len(board) >= 3:
        filled.append("burns")
    return "  ".join(groups), filled


def _unit(phh: Phh, *groups: list[Decimal]) -> Decimal:
    """The chip unit: the largest chip that makes every amount in the file (CHIP-UNIT)."""
    amounts = [amount for group in groups for amount in group if amount > 0]
    for words in (action.split() for action in phh.fields.get("actions", [])):
        if len(words) >= 3 and words[1] == "cbr" and _is_number(words[2]):
            amounts.append(Decimal(words[2]))
    for key in ("small_bet", "big_bet", "finishing_stacks"):
        value = phh.fields.get(key)
        values = value if isinstance(value, list) else [value] if value is not None else []
        amounts.extend(Decimal(item) for item in values if Decimal(item) > 0)
    scale = max(0, *(-int(amount.as_tuple().exponent) for amount in amounts))
    whole = [int(amount.scaleb(scale)) for amount in amounts]
    return Decimal(gcd(*whole)).scaleb(-scale)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _wrap(text: str, width: int = 100) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "#"
        line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


# -- files -------------------------------------------------------------------------------------


def phh_files(path: Path) -> list[Path]:
    """The PHH files named: a file, or a folder searched recursively."""
    if path.is_dir():
        return sorted(found for found in path.rglob("*.phh"))
    return [path]


def import_file(path: Path, out_dir: Path | None) -> Path:
    """Convert one PHH file; write ``NAME.yaml`` into ``out_dir`` (default: beside the file)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PhhError(str(path), 0, f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise PhhError(str(path), 1, "not a text file (UTF-8)") from None
    scenario = convert(parse_phh(text, str(path)), path.name)
    target = (out_dir or path.parent) / f"{path.stem}.yaml"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(scenario + "\n", encoding="utf-8")
    except OSError as error:
        raise PhhError(str(target), 0, f"cannot write: {error.strerror}") from None
    return target
