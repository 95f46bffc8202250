"""Rulesets as data: ``procedures/rulesets/*.yaml`` and house overlays that extend them.

A house overlay is a YAML file with ``extends:`` naming a ruleset (or another overlay file beside
it) and ``choices:`` overriding some of its choices; no code changes.

>>> seed = load_ruleset("seed")
>>> seed.name, seed.max_players, seed.limit_cap_bets
('seed', 9, 4)
>>> load_ruleset("wsop-2024").limit_cap_bets
5
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import cache
from pathlib import Path
from typing import Any

from dealer.core.errors import DataError, did_you_mean
from dealer.core.ruleset import Ruleset
from dealer.rules.cache import kept
from dealer.rules.data import PROCEDURES, RULESETS, shipped, shown
from dealer.rules.nodes import Node, SourceError, check_keys, new_node

__all__ = ["DEFAULT", "PROCEDURES", "RULESETS", "load_ruleset", "names", "ruleset_from_text"]
DEFAULT = "seed"


RULESET_KEYS: dict[str, str] = {
    "extends": "the ruleset this overlay changes: seed, wsop-2024, or another overlay file",
    "name": "the ruleset's name, shown in rulings",
    "title": "an overlay's one-line description, for the file's reader",
    "choices": "the choices this ruleset makes",
    "rulings": "an overlay's rulings taken from a published ruleset: {RULE-ID: seed or wsop-2024}",
}

# A ruling taken from another ruleset that a choice also decides: the choice follows the ruling, so
# the procedure recognises the mishap the way the ruling treats it (HOLE-EXPOSED-SECOND).
LINKED_CHOICES = {"HOLE-EXPOSED-SECOND": "misdeal_exposed_cards"}
NAME_LENGTH = 64  # characters of a ruleset's name at most: it is printed beside every ruling


class UnknownRuleset(DataError):
    """A ruleset name or file that is not there (the error belongs where it was named)."""


def _whole(low: int, high: int | None) -> Any:
    def check(value: Any) -> Any:
        whole = isinstance(value, int) and not isinstance(value, bool)
        return value if whole and value >= low and (high is None or value <= high) else _BAD

    return check


def _cap(value: Any) -> Any:
    return None if value == "unlimited" else _whole(1, None)(value)


def _flag(value: Any) -> Any:
    return value if isinstance(value, bool) else _BAD


def _one_of(*allowed: tuple[Any, ...]) -> Any:
    def check(value: Any) -> Any:
        chosen = tuple(value) if isinstance(value, list) else _BAD
        return chosen if chosen in allowed else _BAD

    return check


_BAD = object()

# Each choice: how it is read (``_BAD`` for a value of the wrong kind) and, in the user's words,
# what it may be. The bounds are the rules': ten seats (TABLE-SIZE), a cap of at least the bet
# itself (LIMIT-CAP), the first exposed card always a misdeal (004 ¶1, LA 104), no straddle or
# straddles under the gun and/or on the button (STRADDLE).
_FLAG = {"type": "boolean"}
CHOICES: dict[str, tuple[Any, str, dict[str, Any]]] = {  # read, in words, as a JSON Schema
    "max_players": (
        _whole(2, 10),
        "a whole number of players from 2 to 10 (TABLE-SIZE)",
        {"type": "integer", "minimum": 2, "maximum": 10},
    ),
    "limit_cap_bets": (
        _cap,
        "a whole number of bets, 1 or more, or `unlimited` (LIMIT-CAP)",
        {"anyOf": [{"type": "integer", "minimum": 1}, {"const": "unlimited"}]},
    ),
    "limit_cap_lifted_heads_up": (_flag, "true or false (LIMIT-CAP)", _FLAG),
    "straddle_seats": (
        _one_of((), ("under-the-gun",), ("button",), ("under-the-gun", "button")),
        "[] (no straddle), [under-the-gun], [button] or [under-the-gun, button] (STRADDLE)",
        {"enum": [[], ["under-the-gun"], ["button"], ["under-the-gun", "button"]]},
    ),
    "misdeal_exposed_cards": (
        _one_of((1,), (1, 2)),
        "[1] or [1, 2] (HOLE-EXPOSED-SECOND)",
        {"enum": [[1], [1, 2]]},
    ),
    "dead_button": (_flag, "true or false (DEAD-BUTTON)", _FLAG),
    "muck_touch_kills": (_flag, "true or false (FOLD, SHOWDOWN-MUCK)", _FLAG),
    "board_by_announcement": (_flag, "true or false (PLAY-BOARD)", _FLAG),
    "extra_card_until_flop_burn": (_flag, "true or false (DEAL-EXTRA-ONE)", _FLAG),
}


def names() -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in RULESETS.glob("*.yaml")))


def _check_choices(doc: Node, choices: Any) -> dict[str, Any]:
    if not isinstance(choices, Node):
        raise doc.error("choices", "'choices' must be a mapping of choice names to values")
    check_keys(choices, CHOICES, "choices")
    checked: dict[str, Any] = {}
    for key, value in choices.items():
        read, words, _ = CHOICES[key]
        chosen = read(value)
        if chosen is _BAD:
            raise choices.error(key, f"choice {key!r} is {words}, not {_said(value)}")
        checked[key] = chosen
    return checked


def _said(value: Any) -> str:
    """A value as the user wrote it, not as Python prints it."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ", ".join(_said(item) for item in value) + "]"
    return str(value)


def _read(path: Path, shown_as: str, seen: frozenset[Path], doc: Any = None) -> Ruleset:
    if doc is None:
        from dealer.rules.source import load_file  # the YAML reader, only when a file is read

        doc = load_file(path, shown_as)
    if not isinstance(doc, Node):
        raise SourceError(shown_as, 1, "a ruleset is a mapping with 'name' and 'choices'")
    if "fallback" in doc:  # one definition: the rulebook's (procedures/rulebook.yaml, rulesets:)
        if "extends" in doc:
            raise doc.error("fallback", "an overlay keeps the fallback of the ruleset it extends")
        raise doc.error("fallback", "a published ruleset's fallback is the rulebook's (rulesets:)")
    check_keys(doc, RULESET_KEYS, "a ruleset")
    if "title" in doc and "extends" not in doc:
        raise doc.error("title", "a published ruleset's title is the rulebook's (rulesets:)")
    for key in ("extends", "name", "title"):
        if key in doc and (not isinstance(doc[key], str) or not doc[key].strip()):
            raise doc.error(key, f"'{key}' is {RULESET_KEYS[key]}")
    choices = _check_choices(
        doc, doc["choices"] if "choices" in doc else new_node(doc.file, doc.line)
    )
    parent_name = doc.get("extends")
    name = str(doc.get("name", path.stem))
    _check_text(doc, "name", name)
    if "title" in doc:
        _check_text(doc, "title", doc["title"])
    if parent_name is None:
        if "rulings" in doc:
            raise doc.error("rulings", "a published ruleset has its rulings in the rulebook")
        missing = [name for name in CHOICES if name not in choices]
        if missing:
            raise doc.error("choices", f"ruleset lacks choices: {', '.join(missing)}")
        return Ruleset(
            name=name,
            base=name,
            **choices,
        )
    parent = _resolve(str(parent_name), path.parent, seen | {path}, doc)
    # One name, one ruleset: a ruling labelled "seed" is seed's (RULES.md "Rulesets").
    if name in names() or name == parent.name:
        whose = "the ruleset it extends" if name == parent.name else "a published ruleset"
        raise SourceError(
            doc.file,
            doc.line_of("name") if "name" in doc else doc.line,
            f"an overlay may not take the name of {whose} ({name!r}): give it a 'name' of its own",
        )
    rulings = dict(parent.rulings)
    for rule_id, linked in LINKED_CHOICES.items():  # a choice made here outranks a ruling inherited
        if rule_id in rulings and linked in choices:
            del rulings[rule_id]
    if "rulings" in doc:
        rulings.update(_check_rulings(doc, doc["rulings"], choices))
    overrides: dict[str, Any] = {
        f.name: choices[f.name] for f in fields(Ruleset) if f.name in choices
    }
    return replace(
        parent,
        name=name,
        rulings=tuple(sorted(rulings.items())),
        **overrides,
    )


def _check_text(doc: Node, key: str, value: str) -> None:
    """A name or title is plain printable text on one line: it is printed beside the rulings."""
    if value != value.strip() or not value.isprintable() or len(value) > NAME_LENGTH * 4:
        raise SourceError(
            doc.file, doc.line_of(key), f"'{key}' is plain printable text on one line"
        )
    if key == "name" and len(value) > NAME_LENGTH:
        raise SourceError(doc.file, doc.line_of(key), f"'name' is {NAME_LENGTH} characters at most")


def _check_rulings(doc: Node, node: Any, choices: dict[str, Any]) -> dict[str, str]:
    """``rulings: {RULE-ID: ruleset}``: the rule's ruling as that published ruleset has it; a
    choice the ruling decides too (``LINKED_CHOICES``) is set with it, and may not say otherwise."""
    from dealer.rules.rulebook import book

    if not isinstance(node, Node) or not node:
        raise doc.error("rulings", f"'rulings' is {RULESET_KEYS['rulings']}")
    rules = book().rules
    chosen: dict[str, str] = {}
    for rule_id, source in node.items():
        if rule_id not in rules:
            hint = did_you_mean(rule_id, rules)
            raise node.error(rule_id, f"unknown rule {rule_id!r} in 'rulings'{hint}")
        if not rules[rule_id].rulings:
            raise node.error(rule_id, f"{rule_id} is no irregularity: it has no ruling to choose")
        if not isinstance(source, str) or source not in names():
            raise node.error(
                rule_id,
                f"the ruling of {rule_id} is taken from a published ruleset ({', '.join(names())}),"
                f" not {_said(source)}",
            )
        linked = LINKED_CHOICES.get(rule_id)
        if linked is not None:
            value = getattr(load_ruleset(source), linked)
            if linked in choices and choices[linked] != value:
                raise node.error(
                    rule_id,
                    f"{rule_id}: {source} means {linked} {_said(list(value))},"
                    f" but 'choices' says {_said(list(choices[linked]))}",
                )
            choices[linked] = value
        chosen[rule_id] = source
    return chosen


def ruleset_from_text(text: str, shown_as: str, near: Path) -> Ruleset:
    """An overlay held in memory (``REV:path`` read from git), read as its file is; ``near`` is
    where an ``extends:`` naming another overlay file is looked for."""
    from dealer.rules.source import load_text

    path = near / Path(shown_as).name
    return _read(path, shown_as, frozenset({path.resolve()}), load_text(text, shown_as))


@kept("ruleset")
def _published(path: Path) -> Ruleset:
    """A published ruleset (kept between runs: :mod:`dealer.rules.cache`)."""
    return _read(path, shown(path), frozenset())


def _resolve(name: str, near: Path, seen: frozenset[Path], doc: Node) -> Ruleset:
    for candidate in (RULESETS / f"{name}.yaml", near / name, near / f"{name}.yaml"):
        if candidate.is_file():
            if candidate.resolve() in seen:
                raise doc.error("extends", f"ruleset {name!r} extends itself")
            return _read(candidate, str(candidate), seen | {candidate.resolve()})
    raise doc.error("extends", f"unknown ruleset {name!r}; known: {', '.join(names())} or a file")


@cache
def load_ruleset(name_or_path: str) -> Ruleset:
    """A published ruleset by name (``seed``, ``wsop-2024``) or a house overlay by file path."""
    published = RULESETS / f"{name_or_path}.yaml"
    if name_or_path.strip() and "/" not in name_or_path and published.is_file():
        return _published(published)
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") and not path.is_file():
        path = shipped(name_or_path) or path  # procedures/house/... of an installed package
    if name_or_path.strip() and path.suffix in (".yaml", ".yml") and path.is_file():
        return _read(path, str(path), frozenset({path.resolve()}))
    raise UnknownRuleset(
        name_or_path or "--ruleset",
        0,
        f"unknown ruleset {name_or_path!r}; known: {', '.join(names())} or a file",
    )
