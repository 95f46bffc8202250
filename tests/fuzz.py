"""Seeded fuzzing of the scenario reader and the replay: mutated copies of the shipped scenarios and
of the house overlay (dropped keys, misspelt keys, wrong types, tags, aliases, huge, negative,
fractional and exponent amounts, non-ASCII digits, bad cards, cut text; mishaps inserted among the
steps, noticed at once or later; single hands made into files of several hands; overlays with
hostile names and choices) are read and replayed in this process. Every file must pass, fail an
expectation, or be refused with ``file:line: message``: no traceback, no internal error, no hang.

Two more kinds of mutant have a stricter verdict. A *flipped expectation* (a shipped scenario
with one expected value changed to another) must never pass: it fails, or is refused.
A *special file* named ``*.yaml`` (a FIFO, a link to ``/dev/zero``, a folder, a file past the size
limit, an empty or a non-UTF-8 file) must be refused by name at once.

``tests/test_fuzz.py`` runs a quick round; a long one (docs/contributing.md, "Fuzz and property
runs")::

    python -m tests.fuzz --files 10000 --seed 1
"""

from __future__ import annotations

import argparse
import copy
import random
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from dealer.core.errors import DataError
from dealer.scenarios.format import read_suite_file
from dealer.scenarios.replay import replay

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))
OVERLAY = ROOT / "procedures" / "house" / "first-two-cards.yaml"
HANG_SECONDS = 5  # far beyond any honest file: a file still running then is a hang

_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, -50, 1, 2, 11, 52, 99, 10**40, "1E+999999999", "1E+999998",
    "0.0000001", "2.5", "-2.5", "1" * 40 + ".5", "x", "", "1x", "Zz", "As As", "pitch ²",
    "cut ٣", "cut 0", "cut 52", "seat ² call", "seat 1 raise 1E+99", [], {}, [[]], {"a": 1},
    ["x", []], "unlimited", "seed", "wsop-2024", "house.yaml", "10h Td", "nan", ".inf",
)  # fmt: skip
_TEXT_MUTATIONS: tuple[str, ...] = (
    "a: &a [*a]\n",
    "steps: !!python/object/apply:os.system\n  - post\n",
    "x: !!timestamp 2024-13-45\n",
    "x: !!binary AAAA\n",
    "x: !!set {a, b}\n",
    "x: !!float snan\n",
    "x: {!!float snan: 1}\n",
    "x: [" * 80 + "]" * 80 + "\n",
    "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
    + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)),
    "<<: {scenario: merged}\n",
    "\t\x00\xff",
)


# Mishaps as a scenario writes them (RULES.md §B), some with a seat or a card the table may not
# have, a count past the bound, or digits that are no ASCII.
_MISHAPS: tuple[str, ...] = (
    "flop", "flop 4", "flop 5", "flop 6", "flop 10", "flop 11", "flop 52", "flop 0", "flop ٤",
    "flop face down", "turn", "river", "turn Kh", "burn", "boxed card", "foreign card",
    "foreign card in stub", "joker", "joker 2", "deck short", "duplicate As", "pitch 1",
    "pitch 3", "pitch 2 exposed", "pitch 1 flashed", "replace 2 exposed", "skip 3", "short 2",
    "button 2", "seat 1 exposes As", "seat 9 exposes 2c", "pitch ² exposed",
)  # fmt: skip
# Overlay names and values meant to pass for something else or break the output.
_OVERLAY_NAMES: tuple[Any, ...] = (
    "seed", "wsop-2024", "house-first-two", "x\nPASS forged.yaml: all good [seed]", "",
    " ", "\t", "a" * 500, "名稱", "\u202eevil", "\x1b[2J", 7, None, ["seed"], {"a": 1},
)  # fmt: skip
_OVERLAY_VALUES: tuple[Any, ...] = (
    [1, 2, 3], [0], [99], [-1], ["1"], [1, 1], [], "all", 10**30, None, {"x": 1}, "seed",
)  # fmt: skip


def _insert_mishaps(doc: Any, rng: random.Random) -> Any:
    """One to three mishaps among a hand's steps, each noticed at once or later."""
    hands = doc.get("hands") if isinstance(doc, dict) else None
    if isinstance(hands, list) and hands and isinstance(hands[0], dict):
        holder = rng.choice(hands)
    else:
        holder = doc
    steps = holder.get("steps") if isinstance(holder, dict) else None
    if not isinstance(steps, list):
        return doc
    for _ in range(rng.randint(1, 3)):
        mishap: dict[str, Any] = {"mishap": rng.choice(_MISHAPS)}
        if rng.random() < 0.3:
            mishap["noticed"] = "later"
            if rng.random() < 0.7:  # the floor called later on
                steps.insert(rng.randint(0, len(steps)), "notice")
        steps.insert(rng.randint(0, len(steps)), mishap)
    return doc


def _several_hands(doc: Any, rng: random.Random) -> Any:
    """A one-hand scenario made into two to four hands: hands played out by autopilot first, or
    the scenario's own steps again in the next hand (whose button and stacks differ)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list):
        return doc
    steps = doc.pop("steps")
    played = {"steps": [{"auto": "end", "players": "check-call"}]}
    hands: list[Any] = [copy.deepcopy(played) for _ in range(rng.randint(0, 2))]
    hands.append({"steps": steps})
    if rng.random() < 0.5:
        hands.append({"steps": copy.deepcopy(steps)})
    if rng.random() < 0.2:
        hands[-1]["leave"] = [rng.randint(1, 10)]
    doc["hands"] = hands
    return doc


def _hostile_overlay(overlay: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(overlay)
    if rng.random() < 0.7:
        doc["name"] = rng.choice(_OVERLAY_NAMES)
    if rng.random() < 0.5:
        doc["choices"] = {"misdeal_exposed_cards": rng.choice(_OVERLAY_VALUES)}
    if rng.random() < 0.2:
        doc["extends"] = rng.choice(("seed", "wsop-2024", "house.yaml", "nowhere", "", None))
    return doc


# -- flipped expectations: a wrong expected value must never pass -------------------------------


def _expectations(doc: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    hands = doc.get("hands") if isinstance(doc, dict) else None
    scripts = [hand for hand in hands if isinstance(hand, dict)] if isinstance(hands, list) else []
    for holder in [doc, *scripts]:
        for step in holder.get("steps") or []:
            if isinstance(step, dict) and isinstance(step.get("expect"), dict):
                found.append(step["expect"])
    return found


def _other_card(text: str, rng: random.Random, *, grow: bool = True) -> str:
    """One card changed, or (``grow``) one card too many: a stub's top cards only change, as
    one more of them may well be the next card."""
    cards = text.split() if text else []
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    fresh = rng.choice([card for card in deck if card not in cards])
    if cards and (not grow or rng.random() < 0.6):
        cards[rng.randrange(len(cards))] = fresh  # one card changed
    else:
        cards.append(fresh)  # one card too many
    return " ".join(cards)


def _flip(key: str, value: Any, rng: random.Random) -> Any:
    """``value`` changed into another value of its kind, or ``_UNCHANGED`` where none is sure."""
    if key in ("board", "burns", "muck", "set_aside", "scrap", "stub_top"):
        text = " ".join(value) if isinstance(value, list) else str(value or "")
        return (
            _other_card(text, rng, grow=key != "stub_top")
            if text or key != "stub_top"
            else _UNCHANGED
        )
    if key in ("pot", "stub_size") and isinstance(value, int | str) and not isinstance(value, bool):
        try:
            return int(str(value)) + 1000
        except ValueError:
            return _UNCHANGED
    if key in ("stacks", "committed", "hands") and isinstance(value, dict) and value:
        flipped = dict(value)
        seat = rng.choice(list(flipped))
        if key == "hands":
            flipped[seat] = _other_card(str(flipped[seat] or ""), rng)
        else:
            try:
                flipped[seat] = int(str(flipped[seat])) + 1000
            except ValueError:
                return _UNCHANGED
        return flipped
    if key in ("to_act", "button", "next_button"):
        return (value % 10) + 1 if isinstance(value, int) else 1
    if key == "state" and isinstance(value, str):
        return "done" if value != "done" else "river_betting"
    if key in ("rulings", "owed", "events", "events_end") and isinstance(value, list):
        flipped_list = list(value)
        if len(flipped_list) > 1 and rng.random() < 0.5:  # one missing (not the first of a
            flipped_list.pop(rng.randrange(1, len(flipped_list)))  # tail: still a tail)
        else:
            flipped_list.insert(rng.randint(0, len(flipped_list)), "BURN (seed)")  # one more
        return flipped_list
    if key == "folded" and isinstance(value, list):
        return sorted({*value, rng.randint(1, 10)}) if len(value) < 10 else value[1:]
    if key == "expected" and isinstance(value, str):
        return value + " now"
    if key == "shown" and isinstance(value, dict) and value:
        return {seat: f"{name} or better" for seat, name in value.items()}
    return _UNCHANGED


_UNCHANGED = object()


def flipped(count: int, seed: int) -> Iterator[tuple[str, str, str]]:
    """``(name, scenario text, what was flipped)``: shipped scenarios that pass, each with one
    expected value changed; none of them may pass."""
    rng = random.Random(seed)
    parsed = [
        (path, yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)) for path in SHIPPED
    ]
    candidates = [(path, doc) for path, doc in parsed if _expectations(doc)]
    made = 0
    while made < count:
        path, doc = rng.choice(candidates)
        doc = copy.deepcopy(doc)
        expect = rng.choice(_expectations(doc))
        key = rng.choice(sorted(expect))
        value = _flip(key, expect[key], rng)
        if value is _UNCHANGED or value == expect[key]:
            continue
        expect[key] = value
        yield f"flip-{seed}-{made}.yaml", _dump(doc), f"{path.relative_to(ROOT)}: {key}"
        made += 1


def run_flipped(count: int, seed: int, folder: Path) -> Outcome:
    """Every flipped expectation must fail or be refused (at ``file:line``), never pass."""
    outcome = Outcome()
    for name, text, flip in flipped(count, seed):
        path = folder / name
        path.write_text(text, encoding="utf-8")
        kind = _guarded(path)
        outcome.counts[kind.split(":")[0]] += 1
        if kind not in ("failed", "refused"):
            outcome.bad.append(f"{name} ({flip}): {kind}\n{text[:2000]}")
        path.unlink()
    return outcome


# -- special files: refused by name, at once ----------------------------------------------------


def special_files(folder: Path) -> list[Path]:
    """Files named ``*.yaml`` that are no scenario text: each must be refused by name."""
    import os

    made: list[Path] = []
    fifo = folder / "fifo.yaml"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        made.append(fifo)
    for target, name in (("/dev/zero", "zero.yaml"), ("/dev/urandom", "random.yaml")):
        if Path(target).exists():
            (folder / name).symlink_to(target)
            made.append(folder / name)
    (folder / "folder.yaml").mkdir()
    made.append(folder / "folder.yaml")
    from dealer.rules.source import MAX_BYTES

    huge = folder / "sparse.yaml"
    with huge.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: no disk used
    made.append(huge)
    (folder / "empty.yaml").write_bytes(b"")
    (folder / "latin1.yaml").write_bytes("scenario: caf\xe9\n".encode("latin-1"))
    (folder / "dangling.yaml").symlink_to(folder / "nowhere.yaml")
    made += [folder / "empty.yaml", folder / "latin1.yaml", folder / "dangling.yaml"]
    return made


def run_special(folder: Path) -> Outcome:
    outcome = Outcome()
    for path in special_files(folder):
        kind = _guarded(path)
        outcome.counts[kind.split(":")[0]] += 1
        if kind != "refused":
            outcome.bad.append(f"{path.name}: {kind}")
    return outcome


def _guarded(path: Path) -> str:
    """:func:`_one`, a traceback or a hang said as such."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        return _one(path)
    except _Hang:
        return "hang"
    except Exception as error:  # a traceback the user would see
        return f"traceback: {type(error).__name__}: {error}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Outcome:
    counts: Counter[str] = field(default_factory=Counter)
    bad: list[str] = field(default_factory=list)  # tracebacks, internal errors, hangs
    slowest: float = 0.0


def _misspell(word: str, rng: random.Random) -> str:
    if len(word) < 2:
        return word + "x"
    at = rng.randrange(len(word) - 1)
    choice = rng.randrange(3)
    if choice == 0:  # swap two letters
        return word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    if choice == 1:  # drop one
        return word[:at] + word[at + 1 :]
    return word[:at] + rng.choice("aeiorst") + word[at:]  # add one


def _places(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _places(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _places(value, (*path, index))


def _mutate_doc(doc: Any, rng: random.Random) -> Any:
    places = list(_places(doc))
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        path = rng.choice(places)
        if not path:
            continue
        *parent_path, last = path
        parent = doc
        try:
            for step in parent_path:
                parent = parent[step]
            kind = rng.randrange(5)
            if kind == 0 and isinstance(parent, dict):  # drop a key
                del parent[last]
            elif kind == 1 and isinstance(parent, dict):  # misspell a key
                parent[_misspell(str(last), rng)] = parent.pop(last)
            elif kind == 2 and isinstance(parent[last], str):  # garble a text
                parent[last] = _misspell(parent[last], rng)
            else:  # a value of another kind, or a hostile one
                parent[last] = rng.choice(_VALUES)
        except (KeyError, IndexError, TypeError):
            continue
    return doc


_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(doc: Any) -> str:
    return str(yaml.dump(doc, Dumper=_DUMPER, allow_unicode=True, sort_keys=False))


def mutants(count: int, seed: int) -> Iterator[tuple[str, str, str | None]]:
    """``(name, scenario text, overlay text or None)`` for ``count`` mutated files."""
    rng = random.Random(seed)
    sources = [path.read_text(encoding="utf-8") for path in SHIPPED]
    parsed = [yaml.load(text, Loader=_LOADER) for text in sources]
    overlay = yaml.load(OVERLAY.read_text(encoding="utf-8"), Loader=_LOADER)
    for number in range(count):
        index = rng.randrange(len(sources))
        text = sources[index]
        overlay_text = None
        roll = rng.random()
        if roll < 0.15:  # an overlay beside the scenario, mutated; the scenario names it
            hostile = rng.random() < 0.5
            kind = "hostile-overlay" if hostile else "overlay"
            mutated = _hostile_overlay(overlay, rng) if hostile else copy.deepcopy(overlay)
            overlay_text = _dump(_mutate_doc(mutated, rng) if not hostile else mutated)
            text = re.sub(r"^ruleset:.*$", "", text, flags=re.M)
            text = text.replace("\ntable:", "\nruleset: house.yaml\ntable:", 1)
        elif roll < 0.3:  # hostile YAML spliced in
            kind = "yaml"
            lines = text.splitlines(keepends=True)
            at = rng.randrange(len(lines) + 1)
            text = "".join([*lines[:at], rng.choice(_TEXT_MUTATIONS), *lines[at:]])
        elif roll < 0.35:  # a line cut short or dropped
            kind = "cut"
            lines = text.splitlines(keepends=True)
            at = rng.randrange(len(lines))
            lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
            text = "".join(lines)
        elif roll < 0.55:  # mishaps inserted among the steps
            kind = "mishaps"
            text = _dump(_insert_mishaps(copy.deepcopy(parsed[index]), rng))
        elif roll < 0.65:  # several hands in one file
            kind = "hands"
            doc = _several_hands(copy.deepcopy(parsed[index]), rng)
            text = _dump(_insert_mishaps(doc, rng) if rng.random() < 0.5 else doc)
        else:
            kind = "values"
            text = _dump(_mutate_doc(copy.deepcopy(parsed[index]), rng))
        yield f"fuzz-{seed}-{number}-{kind}.yaml", text, overlay_text


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Hang


_LOCATED = re.compile(r"^.+:\d+: \S")


def run(count: int, seed: int, folder: Path) -> Outcome:
    """Write, read and replay ``count`` mutants in ``folder``; classify each."""
    outcome = Outcome()
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for name, text, overlay_text in mutants(count, seed):
            path = folder / name
            path.write_text(text, encoding="utf-8", errors="surrogateescape")
            if overlay_text is not None:
                (folder / "house.yaml").write_text(overlay_text, encoding="utf-8")
            start = time.perf_counter()
            signal.alarm(HANG_SECONDS)
            try:
                kind = _one(path)
            except _Hang:
                kind = "hang"
            except Exception as error:  # a traceback the user would see
                kind = f"traceback: {type(error).__name__}: {error}"
            finally:
                signal.alarm(0)
            outcome.slowest = max(outcome.slowest, time.perf_counter() - start)
            outcome.counts[kind.split(":")[0]] += 1
            if kind not in ("passed", "failed", "refused", "overlay"):
                outcome.bad.append(f"{name}: {kind}\n{text[:2000]}")
            path.unlink()
    finally:
        signal.signal(signal.SIGALRM, previous)
    return outcome


def _one(path: Path) -> str:
    from dealer.rules.rulesets import load_ruleset

    load_ruleset.cache_clear()  # the overlay beside it changes from file to file
    try:
        scenario = read_suite_file(path)
    except DataError as error:
        message = str(error)
        if "\n" in message or not _LOCATED.match(message):
            return f"unlocated refusal: {message}"
        return "refused"
    if scenario is None:
        return "overlay"
    result = replay(scenario)
    if result.internal:
        return f"internal error: {result.failure}"
    return "passed" if result.passed else "failed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--flips", type=int, default=None, help="flipped expectations (default: files / 7)"
    )
    args = parser.parse_args(argv)
    import tempfile

    flips = args.files // 7 if args.flips is None else args.flips
    bad = 0
    with tempfile.TemporaryDirectory() as folder:
        runs: tuple[tuple[str, Callable[[], Outcome]], ...] = (
            (f"{args.files} mutated files", lambda: run(args.files, args.seed, Path(folder))),
            (f"{flips} flipped expectations", lambda: run_flipped(flips, args.seed, Path(folder))),
            ("special files", lambda: run_special(Path(folder) / "special")),
        )
        for what, make in runs:
            (Path(folder) / "special").mkdir(exist_ok=True)
            started = time.perf_counter()
            outcome = make()
            took = time.perf_counter() - started
            for line in outcome.bad[:20]:
                print(line, end="\n\n")
            counts = ", ".join(f"{kind} {n}" for kind, n in sorted(outcome.counts.items()))
            print(f"{what} in {took:.1f} s (slowest {outcome.slowest:.2f} s): {counts}")
            bad += len(outcome.bad)
    print(f"{bad} wrong outcomes (tracebacks, internal errors, hangs, flips that passed)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
