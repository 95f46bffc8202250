"""Seeded fuzzing of the scenario reader and the replay: mutated copies of the shipped scenarios and
of the house overlay (dropped keys, misspelt keys, wrong types, tags, aliases, huge, negative,
fractional and exponent amounts, non-ASCII digits, bad cards, cut text) are read and replayed in
this process. Every file must pass, fail an expectation, or be refused with ``file:line: message``:
no traceback, no internal error, no hang.

``tests/test_fuzz.py`` runs a quick round; a long one (docs/contributing.md, "Fuzzing")::

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
from collections.abc import Iterator
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
            overlay_text = _dump(_mutate_doc(copy.deepcopy(overlay), rng))
            text = re.sub(r"^ruleset:.*$", "", text, flags=re.M)
            text = text.replace("\ntable:", "\nruleset: house.yaml\ntable:", 1)
        elif roll < 0.3:  # hostile YAML spliced in
            lines = text.splitlines(keepends=True)
            at = rng.randrange(len(lines) + 1)
            text = "".join([*lines[:at], rng.choice(_TEXT_MUTATIONS), *lines[at:]])
        elif roll < 0.35:  # a line cut short or dropped
            lines = text.splitlines(keepends=True)
            at = rng.randrange(len(lines))
            lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
            text = "".join(lines)
        else:
            text = _dump(_mutate_doc(copy.deepcopy(parsed[index]), rng))
        yield f"fuzz-{seed}-{number}.yaml", text, overlay_text


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
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        outcome = run(args.files, args.seed, Path(folder))
        took = time.perf_counter() - started
    for line in outcome.bad[:20]:
        print(line, end="\n\n")
    counts = ", ".join(f"{kind} {n}" for kind, n in sorted(outcome.counts.items()))
    print(f"{args.files} files in {took:.1f} s (slowest {outcome.slowest:.2f} s): {counts}")
    return 1 if outcome.bad else 0


if __name__ == "__main__":
    sys.exit(main())
