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

from dealer.core.ruleset import Ruleset
from dealer.rules.data import PROCEDURES, RULESETS, shipped, shown
from dealer.rules.source import Node, SourceError, load_file

__all__ = ["DEFAULT", "PROCEDURES", "RULESETS", "load_ruleset", "names"]
DEFAULT = "seed"


_CHOICES: dict[str, type | tuple[type, ...]] = {
    "max_players": int,
    "limit_cap_bets": (int, type(None)),
    "limit_cap_lifted_heads_up": bool,
    "straddle_seats": list,
    "misdeal_exposed_cards": list,
    "dead_button": bool,
}


def names() -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in RULESETS.glob("*.yaml")))


def _check_choices(doc: Node, choices: Any) -> dict[str, Any]:
    if not isinstance(choices, Node):
        raise doc.error("choices", "'choices' must be a mapping of choice names to values")
    checked: dict[str, Any] = {}
    for key, value in choices.items():
        kind = _CHOICES.get(key)
        if kind is None:
            raise choices.error(key, f"unknown choice {key!r}; known: {', '.join(_CHOICES)}")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise choices.error(key, f"choice {key!r} has a value of the wrong kind: {value!r}")
        checked[key] = tuple(value) if isinstance(value, list) else value
        allowed = _VALUES.get(key)
        if allowed is not None and checked[key] not in allowed:
            shown = " or ".join(str(list(a)) if isinstance(a, tuple) else str(a) for a in allowed)
            raise choices.error(key, f"choice {key!r} can only be {shown}")
    return checked


# Choices whose values the rules bound: the first exposed card is always a misdeal (004 ¶1,
# LA 104); the second is the one rulesets differ on. Straddles: under the gun and/or the button.
_VALUES: dict[str, tuple[object, ...]] = {
    "misdeal_exposed_cards": ((1,), (1, 2)),
    "straddle_seats": (("under-the-gun",), ("button",), ("under-the-gun", "button")),
}


def _read(path: Path, shown_as: str, seen: frozenset[Path]) -> Ruleset:
    doc = load_file(path, shown_as)
    if not isinstance(doc, Node):
        raise SourceError(shown_as, 1, "a ruleset is a mapping with 'name' and 'choices'")
    choices = _check_choices(doc, doc["choices"] if "choices" in doc else _empty(doc))
    parent_name = doc.get("extends")
    if parent_name is None:
        missing = [name for name in _CHOICES if name not in choices]
        if missing:
            raise doc.error("choices", f"ruleset lacks choices: {', '.join(missing)}")
        name = str(doc.get("name", path.stem))
        return Ruleset(
            name=name,
            title=str(doc.get("title", name)),
            fallback=doc.get("fallback"),
            base=name,
            **choices,
        )
    parent = _resolve(str(parent_name), path.parent, seen | {path}, doc)
    overrides: dict[str, Any] = {
        f.name: choices[f.name] for f in fields(Ruleset) if f.name in choices
    }
    return replace(
        parent,
        name=str(doc.get("name", path.stem)),
        title=str(doc.get("title", f"{parent.title}, with house choices")),
        **overrides,
    )


def _empty(doc: Node) -> Node:
    empty = Node()
    empty.line, empty.file, empty.key_lines = doc.line, doc.file, {}
    return empty


def _resolve(name: str, near: Path, seen: frozenset[Path], doc: Node) -> Ruleset:
    for candidate in (RULESETS / f"{name}.yaml", near / name, near / f"{name}.yaml"):
        if candidate.is_file():
            if candidate.resolve() in seen:
                raise doc.error("extends", f"ruleset {name!r} extends itself")
            return _read(candidate, str(candidate), seen | {candidate.resolve()})
    raise doc.error("extends", f"unknown ruleset {name!r}; known: {', '.join(names())}")


@cache
def load_ruleset(name_or_path: str) -> Ruleset:
    """A published ruleset by name (``seed``, ``wsop-2024``) or a house overlay by file path."""
    published = RULESETS / f"{name_or_path}.yaml"
    if name_or_path.strip() and "/" not in name_or_path and published.is_file():
        return _read(published, shown(published), frozenset())
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") and not path.is_file():
        path = shipped(name_or_path) or path  # procedures/house/... of an installed package
    if name_or_path.strip() and path.suffix in (".yaml", ".yml") and path.is_file():
        return _read(path, str(path), frozenset({path.resolve()}))
    raise SourceError(
        name_or_path, 0, f"unknown ruleset {name_or_path!r}; known: {', '.join(names())} or a file"
    )
