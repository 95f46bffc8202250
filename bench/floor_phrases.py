"""How well ``dealer rule WORDS`` answers floor supervisors' phrasings (issue 22).

Scores one or more phrase sets: by default the development sets the search is built on
(``tests/floor_phrases.yaml``, ``_more``, ``_third``, ``_fourth`` to ``_seventh``, and
``_eighth`` and ``_ninth``, the first two held-out sets, retired to development in round ten, and
``_tenth``, ``_eleventh``, ``_twelfth``, ``_thirteenth``, ``_fourteenth`` and ``_fifteenth``,
written blind in rounds ten, twelve, fourteen, fifteen, sixteen and seventeen);
``--heldout PATH`` adds a set written by someone who has not seen the lexicon or the matcher
(never tune on it). Each entry is one of

    {q: "...", lang: en|zh-Hans|zh-Hant, expect: RULE-ID}         one rule answers it
    {q: "...", lang: ..., expect: [RULE-A, RULE-B], ask: "..."}  a "which one?" offering these
    {q: "...", lang: ..., expect: none}                          no rule covers it

(a list of one rule, with an ``ask``, is that rule: the rule asks its own question)

each with an optional ``never: [IDs]`` (rules that must not be offered). Printed per set and per
language, for the covered phrasings: the right rule as the single answer, the answer as due (the
single right rule, or the "which one?" with the candidates it must offer where one was due), the
right rule offered (alone or among candidates), a confidently wrong single answer (or a single
answer where a "which one?" was due), "no rule" for a covered topic, a "which one?" without the
right rule (or offering a rule it must never offer); and for the uncovered ones, how many were
answered "no rule".

    python bench/floor_phrases.py [--heldout PATH] [--show wrong|all] [PATH ...]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer.rules.search import Answer, Verdict, search  # noqa: E402

# The development sets, in the order they were written (the fourth, written blind in round five,
# the fifth and sixth, written blind in round seven, and the seventh, in round eight, are scored
# once they are in tests/; the eighth and ninth were the first two held-out sets; the tenth was
# written blind in round ten, the eleventh in round twelve, the twelfth in round fourteen, the
# thirteenth in round fifteen, the fourteenth in round sixteen, the fifteenth in round seventeen)
DEVELOPMENT = tuple(
    ROOT / "tests" / f"floor_phrases{suffix}.yaml"
    for suffix in (
        "",
        "_more",
        "_third",
        "_fourth",
        "_fifth",
        "_sixth",
        "_seventh",
        "_eighth",
        "_ninth",
        "_tenth",
        "_eleventh",
        "_twelfth",
        "_thirteenth",
        "_fourteenth",
        "_fifteenth",
    )
)
LANGS = ("en", "zh-Hans", "zh-Hant")
# Outcomes of a covered phrasing, then of an uncovered one.
SINGLE, AMONG, WRONG, NO_RULE, BAD_WHICH = "single", "among", "wrong", "no-rule", "bad-which"
# A "which one?" that was due and offers what it must: right, but not a single rule.
WHICH_DUE = "which-due"
COVERED = (SINGLE, WHICH_DUE, AMONG, WRONG, NO_RULE, BAD_WHICH)
UNCOVERED_RIGHT, UNCOVERED_ANSWERED = "uncovered-right", "uncovered-answered"


def outcome(entry: dict[str, Any], answer: Answer) -> str:
    """What the answer to one phrasing counts as."""
    expect = entry["expect"]
    if isinstance(expect, list) and len(expect) == 1:
        expect = expect[0]  # one rule that asks its own question is that rule, not a "which one?"
    never = set(entry.get("never") or ())
    offered = set(answer.ids)
    if expect == "none":
        return UNCOVERED_RIGHT if answer.kind is Verdict.NONE else UNCOVERED_ANSWERED
    if answer.kind is Verdict.NONE:
        return NO_RULE
    wanted = [expect] if isinstance(expect, str) else list(expect)
    if answer.kind is Verdict.ONE:
        if isinstance(expect, str) and answer.ids == (expect,):
            return SINGLE
        return WRONG  # a wrong rule, or one rule where the question can mean several
    if offered & never or not set(wanted) <= offered:
        return BAD_WHICH
    return AMONG if isinstance(expect, str) else WHICH_DUE


def load(path: Path) -> list[dict[str, Any]]:
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(entries, list):
        raise SystemExit(f"{path}:1: expected a list of phrasings")
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or "q" not in entry or "expect" not in entry:
            raise SystemExit(f"{path}: entry {number}: needs q and expect")
        if entry.get("lang") not in LANGS:
            raise SystemExit(f"{path}: entry {number}: lang is one of {', '.join(LANGS)}")
    return entries


def _line(label: str, counts: Counter[str]) -> str:
    covered = sum(counts[k] for k in COVERED)
    uncovered = counts[UNCOVERED_RIGHT] + counts[UNCOVERED_ANSWERED]

    def share(n: int, of: int) -> str:
        return f"{n:4d} {100 * n / of:5.1f}%" if of else f"{n:4d}     -"

    right = counts[SINGLE] + counts[WHICH_DUE] + counts[AMONG]
    due = counts[SINGLE] + counts[WHICH_DUE]
    return (
        f"{label:<9} {covered:4d} covered: single right {share(counts[SINGLE], covered)}"
        f" | as due {share(due, covered)} | offered {share(right, covered)}"
        f" | confidently wrong {counts[WRONG]:3d}"
        f" | no rule {counts[NO_RULE]:3d} | wrong which {counts[BAD_WHICH]:3d}"
        f" || {uncovered:3d} uncovered: answered no rule"
        f" {share(counts[UNCOVERED_RIGHT], uncovered)}"
    )


def score(path: Path, show: str | None) -> Counter[str]:
    entries = load(path)
    by_lang: dict[str, Counter[str]] = {lang: Counter() for lang in LANGS}
    total: Counter[str] = Counter()
    for entry in entries:
        answer = search(str(entry["q"]))
        result = outcome(entry, answer)
        by_lang[entry["lang"]][result] += 1
        total[result] += 1
        bad = result not in (SINGLE, WHICH_DUE, AMONG, UNCOVERED_RIGHT)
        if show == "all" or (show == "wrong" and bad):
            got = f"{answer.kind.value} {', '.join(answer.ids)}"
            print(f"  {result:<18} {entry['q']!r} expect {entry['expect']} got {got}")
    print(f"{path} ({len(entries)} phrasings)")
    for lang in LANGS:
        print("  " + _line(lang, by_lang[lang]))
    print("  " + _line("all", total))
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="phrase sets (default: development)")
    parser.add_argument("--heldout", type=Path, help="a held-out set, scored after the others")
    parser.add_argument(
        "--show", choices=("wrong", "all"), help="print each wrong (or every) answer"
    )
    args = parser.parse_args(argv)
    paths = list(args.paths) or [path for path in DEVELOPMENT if path.exists()]
    if args.heldout is not None:
        paths.append(args.heldout)
    for path in paths:
        score(path, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
