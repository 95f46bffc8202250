"""``dealer rule`` and ``dealer ask``, the floor's look-ups, written without the command-line
library: :mod:`dealer.apps.quick` runs them straight from the command's arguments, and
:mod:`dealer.apps.cli` runs them for typer (help, unusual arguments), so both answer alike."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def echo(text: str = "", *, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(f"{text}\n")
    stream.flush()


class _Quit(Exception):
    """Leave the command with an exit code (a message has been written)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _bad_input(message: str) -> _Quit:
    echo(message, err=True)
    return _Quit(2)


def _lang(value: str) -> Any:
    from dealer.rules.rulebook import Lang

    try:
        return Lang(value)
    except ValueError:
        raise _bad_input(f"--lang:0: unknown language {value!r}: en, zh-Hans or zh-Hant") from None


def rule_command(query: Sequence[str] | None, ruleset: str, lang: str, as_json: bool) -> int:
    """``dealer rule``: list every ruling, or find one by ID or words and print it under a
    ruleset. Returns the exit code."""
    try:
        return _rule(query, ruleset, lang, as_json)
    except _Quit as leaving:
        return leaving.code


def _rule(query: Sequence[str] | None, ruleset: str, lang: str, as_json: bool) -> int:
    from dealer.apps import floor
    from dealer.rules import rulebook

    language = _lang(lang)
    if ruleset not in rulebook.book().rulesets:
        raise _bad_input(f"--ruleset:0: unknown ruleset {ruleset!r}: seed or wsop-2024")
    if not query:
        if as_json:
            index = {rid: rulebook.rule(rid).summary.get(language) for rid in rulebook.ids()}
            echo(json.dumps(index, indent=2, ensure_ascii=False))
        else:
            echo(floor.render_index(language))
        return 0
    text = " ".join(query)
    matches = rulebook.find(text, language, ruleset)
    if not matches:
        close = rulebook.suggest(text)
        hint = f"; closest: {', '.join(close)}" if close else ""
        echo(f"no rule matches {text!r}{hint}", err=True)
        return 1
    found = rulebook.rule(matches[0].id)
    if as_json:
        as_dict = floor.rule_as_json(found, ruleset, language)
        echo(json.dumps(as_dict, indent=2, ensure_ascii=False))
    else:
        echo(floor.render_rule(found, ruleset, language))
        others = [m.id for m in matches[1:4]]
        if others and not matches[0].exact:
            echo(f"\nSee also: {', '.join(others)}")
    return 0


def ask_command(scenario: Path, ruleset: str | None, lang: str, as_json: bool) -> int:
    """``dealer ask``: replay a hand in progress and give the ruling for this table and the
    steps still owed. Returns the exit code."""
    try:
        return _ask(scenario, ruleset, lang, as_json)
    except _Quit as leaving:
        return leaving.code


def _ask(scenario: Path, ruleset: str | None, lang: str, as_json: bool) -> int:
    from dealer.apps import ask as floor_ask
    from dealer.engine.procedure import quiet
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay as run

    quiet()
    language = _lang(lang)
    try:
        override = load_ruleset(ruleset) if ruleset else None
        read = read_scenario(scenario, override)
    except SourceError as error:
        raise _bad_input(str(error)) from None
    result = run(read, keep_hand=True)
    if result.failure is not None or result.hand is None:
        echo(f"{scenario}: the hand cannot be replayed: {result.failure}", err=True)
        return 1
    if as_json:
        echo(json.dumps(floor_ask.answer(result.hand, language), indent=2, ensure_ascii=False))
    else:
        echo(floor_ask.render(result.hand, language))
    return 0
