"""Seeded fuzzing of ``dealer import``: mutated PHH files, each imported in this process.

The seeds are every PHH hand the project has (``scenarios/real/phh``, ``tests/data/phh``) and
every shipped scenario exported to PHH. Each mutant changes one to three things: a field dropped
or given a hostile value (huge, negative, fractional, ``inf``, ``nan``, ``1e999999``, texts,
lists, tables), an entry of a list, an action dropped, doubled, swapped or replaced (``p1 cbr
1e999999``, unknown players, bad and doubled cards, ``????``, mucks and shows), the blinds
reversed or a dead blind added, the seats shuffled; or the text itself (cut short, bytes
changed, deep nesting, a 5,000-digit number); some are ``.phhs`` files of several hands.

Every hand must be refused with ``file:line: message`` or imported; an imported scenario must
replay and pass, and where PokerKit plays the same file to its end, end with PokerKit's stacks
(hands where the rules differ on purpose are counted apart, by rule). Anything else is printed
and the exit code is 1: an internal error (a traceback, or a failure the tool calls its own), a
hang (a file still running after 5 s), a wrong result. Files over 1 s are counted as slow.

    python bench/phh_fuzz.py --files 10000 --seed 1

``tests/test_phh_fuzz.py`` runs a seeded slice of it.
"""

from __future__ import annotations

import argparse
import datetime
import random
import signal
import sys
import tempfile
import time
import tomllib
import traceback
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dealer.apps.phh.importing import PhhError, import_hand, read_phh_file  # noqa: E402
from dealer.core.events import Kind  # noqa: E402
from dealer.scenarios.format import scenario_from_text  # noqa: E402
from dealer.scenarios.replay import replay  # noqa: E402

HANG_SECONDS = 5
SLOW_SECONDS = 1.0

_VALUES: tuple[Any, ...] = (
    True, False, 0, -1, 1, 2, 3, 11, 10**15, 10**18, 2**63 - 1, -(2**63),
    Decimal("1E+999999"), Decimal("-1E+999999"), Decimal("1E-999999"), Decimal("0.0000001"),
    Decimal("2.5"), Decimal("-0"), Decimal("123456789012345.5"), float("inf"), float("-inf"),
    float("nan"), "", "x", "NT", "FT", "PT", "PO", "NS", "٣", "1e999999", "?" * 300, [], [[]],
    [1, 2], ["a", "b"], [Decimal("inf")], {}, {"0": 1}, {"-1": 5}, {"99": 1}, {"x": 1},
    datetime.time(12, 30), datetime.date(2024, 1, 1),
)  # fmt: skip
_ACTIONS: tuple[str, ...] = (
    "p1 cbr 1e999999", "p1 cbr 1E+999999", "p1 cbr -5", "p1 cbr 0", "p1 cbr ٣", "p1 cbr 10.1234567",
    "p1 cbr " + "9" * 190, "p1 cbr 99999999999999999999", "p2 cbr 3", "p1 cbr 100", "p0 f",
    "p99 f", "p1", "d", "d db", "d db AsAs", "d db ????", "d db AsKsQs", "d db 2c", "d dh p1 AsKs",
    "d dh p1 ??", "d dh p1 AsKsQs", "d dh p9 ????", "p1 sm", "p2 sm", "p1 sm ????", "p1 sm -",
    "p1 sm AsAs", "p1 sm AhKh", "p1 sm Xx", "p1 pb", "p1 sd", "p1 cc # a comment", "", "   ",
    "# only a comment", "p1 f f", "p2 cc", "p3 cc", "p1 f", "p2 f", "d db 10h",
)  # fmt: skip
_FIELDS = (
    "variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
    "starting_stacks", "actions", "finishing_stacks", "winnings", "seats", "seat_count",
    "players", "hand", "time", "day", "month", "year", "ante_trimming_status", "venue",
)  # fmt: skip


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    bad: list[str] = field(default_factory=list)  # internal errors, hangs, wrong results
    differences: Counter[str] = field(default_factory=Counter)  # by rule
    slowest: float = 0.0
    slowest_file: str = ""

    @property
    def failed(self) -> bool:
        return any(self.counts[key] for key in ("internal", "hang", "wrong"))


# -- seeds --------------------------------------------------------------------------------------


def seeds() -> list[dict[str, Any]]:
    """Every PHH hand of the project, parsed, and every shipped scenario exported."""
    found: list[dict[str, Any]] = []
    for path in sorted([*ROOT.glob("scenarios/real/phh/*.phh"), *ROOT.glob("tests/data/phh/**/*")]):
        if path.suffix == ".phh":
            found.append(tomllib.loads(path.read_text(encoding="utf-8"), parse_float=Decimal))
        elif path.suffix == ".phhs":
            document = tomllib.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)
            found.extend(value for value in document.values() if isinstance(value, dict))
    from dealer.apps.phh.exporting import export_result
    from dealer.scenarios.format import read_scenario

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        taken: set[str] = set()
        for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
            try:
                scenario = read_scenario(path)
            except Exception:  # an overlay kept among the scenarios
                continue
            export_result(replay(scenario), out, taken)
        for path in sorted(out.glob("*.phh")):
            hand = tomllib.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)
            found.append({k: v for k, v in hand.items() if not k.startswith("_dealer")})
    return found


# -- mutation -----------------------------------------------------------------------------------


def _mutate(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    hand = {key: (list(value) if isinstance(value, list) else value) for key, value in hand.items()}
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.randrange(10)
        key = rng.choice(_FIELDS)
        if kind == 0:
            hand.pop(key, None)
        elif kind == 1:
            hand[key] = rng.choice(_VALUES)
        elif kind == 2 and isinstance(hand.get(key), list) and hand[key]:
            items = hand[key]
            at = rng.randrange(len(items))
            choice = rng.randrange(3)
            if choice == 0:
                del items[at]
            elif choice == 1:
                items.insert(at, items[at])
            else:
                items[at] = rng.choice(_VALUES)
        elif kind in (3, 4, 5) and isinstance(hand.get("actions"), list):
            _mutate_actions(hand["actions"], rng)
        elif kind == 6 and isinstance(hand.get("blinds_or_straddles"), list):
            blinds = hand["blinds_or_straddles"]
            choice = rng.randrange(3)
            if choice == 0 and len(blinds) >= 2:
                blinds[0], blinds[1] = blinds[1], blinds[0]
            elif choice == 1 and blinds:
                blinds[0] = 0
            elif len(blinds) >= 4:
                blinds[rng.randrange(2, len(blinds))] = blinds[1]  # a posted (dead) blind
        elif kind == 7 and isinstance(hand.get("seats"), list):
            rng.shuffle(hand["seats"])
        elif (
            kind == 8 and isinstance(hand.get("starting_stacks"), list) and hand["starting_stacks"]
        ):
            stacks = hand["starting_stacks"]
            stacks[rng.randrange(len(stacks))] = rng.choice(
                (float("inf"), Decimal("0.5"), 1, Decimal("1E+20"), Decimal("100.1234567"))
            )
        elif kind == 9:
            hand[key] = rng.choice(_VALUES)
    return hand


def _mutate_actions(actions: list[Any], rng: random.Random) -> None:
    if not actions:
        actions.append(rng.choice(_ACTIONS))
        return
    at = rng.randrange(len(actions))
    choice = rng.randrange(7)
    if choice == 0:
        del actions[at]
    elif choice == 1:
        actions.insert(at, actions[at])
    elif choice == 2 and at + 1 < len(actions):
        actions[at], actions[at + 1] = actions[at + 1], actions[at]
    elif choice == 3:
        actions.insert(at, rng.choice(_ACTIONS))
    elif choice == 4:
        actions[at] = rng.choice(_ACTIONS)
    elif choice == 5 and isinstance(actions[at], str) and " cbr " in actions[at]:
        head, amount = actions[at].rsplit(" ", 1)
        try:
            value = Decimal(amount)
        except ArithmeticError:
            return
        new = rng.choice((value * 2, value + 1, value / 2, value - 1, value + Decimal("0.5")))
        actions[at] = f"{head} {new}"
    elif isinstance(actions[at], str) and len(actions[at]) >= 4:
        text = actions[at]
        where = rng.randrange(len(text) - 1)
        actions[at] = text[:where] + rng.choice(("??", "As", "10", "x", "Kk")) + text[where + 2 :]


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value > 0 else "-inf")
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "inf" if value > 0 else "-inf"
        text = str(value)
        return text if "." in text or "E" in text else f"{text}.0"
    if isinstance(value, datetime.time | datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{k}" = {_toml_value(v)}' for k, v in value.items()) + "}"
    raise TypeError(type(value))


def _toml(hand: dict[str, Any]) -> str:
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in hand.items())


def _garble(text: str, rng: random.Random) -> str:
    choice = rng.randrange(6)
    if choice == 0:
        return text[: rng.randrange(len(text) + 1)]
    if choice == 1:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(("\x00", "\xff", "[", "]", '"', "=", "\n[1]\n")) + text[at:]
    if choice == 2:
        return text + "deep = " + "[" * 2000 + "]" * 2000 + "\n"
    if choice == 3:
        return text.replace("starting_stacks = [", "starting_stacks = [" + "9" * 5000 + ", ", 1)
    if choice == 4:
        return text + 'actions = ["p1 f"]\n'  # a key twice
    return text.replace("=", " = = ", 1)


def mutants(count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    """``(file name, bytes)`` for ``count`` mutated files, the same for the same seed."""
    rng = random.Random(seed)
    corpus = seeds()
    for number in range(count):
        roll = rng.random()
        if roll < 0.1:  # several hands in one .phhs file
            hands = [_mutate(rng.choice(corpus), rng) for _ in range(rng.randrange(1, 4))]
            keys = [str(n) for n in range(1, len(hands) + 1)]
            if rng.random() < 0.2:
                keys[0] = rng.choice(("a b", "../x", "x" * 80, "ok-1"))
            text = "".join(
                f'["{key}"]\n{_toml(hand)}\n' for key, hand in zip(keys, hands, strict=True)
            )
            yield f"m{number}.phhs", text.encode("utf-8")
            continue
        text = _toml(_mutate(rng.choice(corpus), rng))
        if roll < 0.25:
            text = _garble(text, rng)
        data = text.encode("utf-8", errors="surrogatepass")
        if roll < 0.27:
            data = data.replace(b"a", b"\xc3", 1)  # not UTF-8
        yield f"m{number}.phh", data


# -- checking -----------------------------------------------------------------------------------


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Hang


def _check_hand(hand: Any, name: str, tally: Tally) -> None:
    """Import one hand: refused, or a scenario that replays, passes, and ends as PokerKit ends
    the same hand (where PokerKit plays it to its end)."""
    try:
        imported = import_hand(hand, name)
    except PhhError as error:
        if error.internal:
            tally.counts["internal"] += 1
            tally.bad.append(f"internal (replay): {error}")
        else:
            tally.counts["refused"] += 1
        return
    result = replay(scenario_from_text(imported.text, name), keep_hand=True)
    if not result.passed:
        tally.counts["wrong"] += 1
        tally.bad.append(f"wrong: {name}: the scenario written does not pass: {result.failure}")
        return
    tally.counts["imported"] += 1
    if imported.notices:
        tally.counts["showdown not played"] += 1
    played = result.hand
    if played is None or not played.is_over or hand.key is not None:
        return
    stacks = _pokerkit_stacks(hand.text)
    if stacks is None:
        tally.counts["pokerkit cannot play it"] += 1
        return
    seats = _seats_in_phh_order(imported.text)
    got = [played.stacks[seat] for seat in seats]
    if got == stacks:
        tally.counts["same as pokerkit"] += 1
        return
    if "finishing_stacks" in hand.fields:
        # the import held the hand to the file's own final stacks: dealer ends as recorded and
        # PokerKit does not (a hand neither shown nor mucked at the showdown, say)
        tally.counts["as recorded, PokerKit differs"] += 1
        return
    if _showdown_unresolved(hand.fields.get("actions", [])):
        # a hand left at the showdown neither shown nor mucked: dealer shows it (SHOWDOWN, the
        # cards are dealt), PokerKit leaves the hand unresolved and gives the chips back
        tally.counts["showdown not in the record, PokerKit differs"] += 1
        return
    rule = _rule_difference(imported.text, played)
    if rule:
        tally.differences[rule] += 1
        return
    tally.counts["wrong"] += 1
    tally.bad.append(f"wrong: {name}: dealer {got}, PokerKit {stacks}")


def _showdown_unresolved(actions: list[Any]) -> bool:
    """Whether two or more hands reach the showdown and one of them is neither shown nor mucked
    in the record."""
    folded, called = set(), set()
    for action in actions:
        words = str(action).split("#", 1)[0].split()
        if len(words) >= 2 and words[0].startswith("p"):
            if words[1] == "f":
                folded.add(words[0])
            elif words[1] == "sm":
                called.add(words[0])
    dealt = {
        str(a).split()[2] for a in actions if str(a).startswith("d dh ") and len(str(a).split()) > 2
    }
    live = dealt - folded
    return len(live) > 1 and bool(live - called)


def _seats_in_phh_order(text: str) -> list[int]:
    """The seats of the scenario in PHH player order: the first round of the stacked deal."""
    from dealer.rules.source import load_text

    doc = load_text(text, "x.yaml")
    seats = sorted(int(seat) for seat in doc["table"]["seats"])
    button = int(doc["table"]["button"])
    # the import seats PHH's players clockwise from the first after the button to the button
    return [seat for seat in seats if seat > button] + [seat for seat in seats if seat <= button]


def _rule_difference(text: str, hand: Any) -> str:
    """Where dealer's rules and PokerKit's differ on purpose (tests/test_phh_export.py)."""
    pushes = Counter(event.note for event in hand.events if event.kind is Kind.PUSH)
    if any(count > 1 for count in pushes.values()):
        return "ODD-CHIP (a split pot is divided in the table's unit)"
    if "The ante payer is short" in text:
        return "ANTE (the short big blind posts its blind first)"
    if "straddle: button" in text:
        return "STRADDLE (the button straddler acts last)"
    if "game: limit" in text:
        steps = [line.strip()[2:] for line in text.splitlines() if line.startswith("  - ")]
        rounds: list[list[str]] = [[]]
        for step in steps:
            if step.startswith("auto:"):
                rounds.append([])
            else:
                rounds[-1].append(step)
        wagers = [sum(" bet" in s or " raise" in s for s in steps) for steps in rounds]
        if max(wagers[0] + 1, *wagers[1:]) > 4:  # the big blind is the first bet pre-flop
            return "LIMIT-CAP (five bets under wsop-2024, PokerKit caps at four)"
        if any(" all-in" in step for step in steps):
            return "LIMIT-ALLIN (an all-in of half a bet or more reopens the betting)"
    return ""


def _pokerkit_stacks(text: str) -> list[Decimal] | None:
    """PokerKit's final stacks for the same hand, or ``None`` where it cannot play it."""
    try:
        import pokerkit
    except ImportError:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = pokerkit.HandHistory.loads(text)
            state = list(history)[-1]
    except _Hang:
        raise
    except Exception:
        return None
    if state.status:
        return None
    return [Decimal(str(stack)).quantize(Decimal("0.000001")).normalize() for stack in state.stacks]


def check_file(path: Path, tally: Tally) -> None:
    try:
        hands = read_phh_file(path)
    except PhhError:
        tally.counts["refused"] += 1
        return
    for hand in hands:
        name = path.name if hand.key is None else f"{path.name}[{hand.key}]"
        _check_hand(hand, name, tally)


def run(count: int, seed: int, folder: Path) -> Tally:
    tally = Tally()
    _pokerkit_stacks("")  # import PokerKit and the rulesets before the clock runs
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for name, data in mutants(count, seed):
            path = folder / name
            path.write_bytes(data)
            started = time.process_time()  # CPU time: other programs' load is not counted
            signal.alarm(HANG_SECONDS)
            try:
                check_file(path, tally)
            except _Hang:
                tally.counts["hang"] += 1
                tally.bad.append(f"hang: {path}")
            except Exception:
                tally.counts["internal"] += 1
                tally.bad.append(f"internal: {path}\n{traceback.format_exc()}")
            finally:
                signal.alarm(0)
            spent = time.process_time() - started
            if spent > SLOW_SECONDS:
                tally.counts["slow"] += 1
            if spent > tally.slowest:
                tally.slowest, tally.slowest_file = spent, name
            tally.counts["files"] += 1
    finally:
        signal.signal(signal.SIGALRM, previous)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the mutated files here and keep them")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        tally = run(args.files, args.seed, args.keep)
    else:
        with tempfile.TemporaryDirectory() as folder:
            tally = run(args.files, args.seed, Path(folder))
    spent = time.perf_counter() - started
    print(f"{tally.counts['files']} files, seed {args.seed}, {spent:.0f} s")
    for key in ("refused", "imported", "showdown not played", "same as pokerkit",
                "as recorded, PokerKit differs", "showdown not in the record, PokerKit differs",
                "pokerkit cannot play it", "slow", "internal",
                "hang", "wrong"):  # fmt: skip
        print(f"  {key}: {tally.counts[key]}")
    for rule, count in sorted(tally.differences.items()):
        print(f"  rules differ from PokerKit's on purpose, {rule}: {count}")
    print(f"  slowest file: {tally.slowest:.2f} s ({tally.slowest_file})")
    for line in tally.bad[:20]:
        print(line)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
